/**
 * A tournament's card (docs/tournaments.md "Running a tournament"): its name, game, organiser,
 * state, format and entrants, with Enter / Leave / Start / Standings buttons — posted by
 * `/tournament new` and redrawn after every change (src/discord/publish/tournament-posts.ts) and by
 * each click on it. Drawn from the stored tournament only.
 */
import { ButtonStyle } from 'discord-api-types/v10';
import type { GameModule } from '../../games/module.js';
import type { Catalog } from '../../i18n/index.js';
import { activeIn, minEntrants, type Tournament } from '../../tournaments/model.js';
import { tournamentActionId } from '../custom-id.js';
import { spectatorPolicy } from '../../tables/spectators.js';
import { spectatorLine } from './lobby.js';
import { userMention } from './standings.js';
import { button, buttonRow, clip, escapeName, relative, type ComponentRow, type MessagePayload } from './markup.js';

/** Most entrants listed on the card (the rest are counted). */
export const CARD_ENTRANTS_SHOWN = 40;
/** Discord's limit on an embed description, characters. */
const EMBED_DESCRIPTION_MAX = 4096;

/** The format line of a tournament ("3 rounds of Swiss · 2 players a table · turn-based, 24 h a move · …"). */
export function formatLine(t: Tournament, text: Catalog): string {
  const c = text.tournaments.card;
  const s = t.settings;
  const parts = [
    c.rounds(s.rounds),
    c.seats(s.seats),
    s.pace === 'live' ? c.live : c.turnBased(s.moveHours),
    c.roundHours(s.roundHours),
    s.emptySeats === 'bye' ? c.byes : c.bots(text.bots.levels[s.botLevel] ?? s.botLevel),
    s.rated ? c.rated : c.unrated,
    c.lateJoin(s.lateJoinUntil),
  ];
  const watching = spectatorLine(spectatorPolicy(s), text);
  if (watching) parts.push(watching);
  return c.settings(parts.join(' · '));
}

/** The card of tournament `t` of game `mod` (an embed with buttons; no buttons once it is over). */
export function tournamentCard(mod: GameModule, t: Tournament, text: Catalog): MessagePayload {
  const c = text.tournaments.card;
  const state =
    t.status === 'signup'
      ? c.signup
      : t.status === 'running'
        ? c.running(t.round, t.settings.rounds, t.roundDeadlineAt ? relative(t.roundDeadlineAt) : '—')
        : t.status === 'cancelled'
          ? c.cancelled
          : t.endReason === 'too-few'
            ? c.tooFew
            : c.finished;
  const listed = t.entrants.slice(0, CARD_ENTRANTS_SHOWN).map((entrant, index) => {
    const note = entrant.withdrawnFrom !== null ? c.withdrawnNote : entrant.fromRound > 1 ? c.lateNote(entrant.fromRound) : '';
    return c.entrant(index + 1, entrant.name ? escapeName(entrant.name) : text.privacy.formerPlayer, note);
  });
  if (t.entrants.length > CARD_ENTRANTS_SHOWN) listed.push(c.more(t.entrants.length - CARD_ENTRANTS_SHOWN));
  const description = [
    c.organiser(userMention(t.organiserUserId, text)),
    state,
    formatLine(t, text),
    '',
    c.entrants(t.entrants.length, t.settings.maxEntrants),
    ...(listed.length ? listed : [c.none]),
    ...(t.status === 'signup' ? ['', c.needs(minEntrants(t.settings))] : []),
  ].join('\n');
  const rows: ComponentRow[] = [];
  const standings = button(tournamentActionId(t.id, 'standings'), c.standings, ButtonStyle.Secondary);
  if (t.status === 'signup') {
    rows.push(
      buttonRow(
        button(tournamentActionId(t.id, 'join'), c.join, ButtonStyle.Success),
        button(tournamentActionId(t.id, 'leave'), c.leave, ButtonStyle.Secondary),
        button(tournamentActionId(t.id, 'start'), c.start, ButtonStyle.Primary),
      ),
    );
  } else if (t.status === 'running') {
    const lateOpen = t.round + 1 <= Math.min(t.settings.lateJoinUntil, t.settings.rounds);
    rows.push(buttonRow(...(lateOpen ? [button(tournamentActionId(t.id, 'join'), c.join, ButtonStyle.Success)] : []), button(tournamentActionId(t.id, 'leave'), c.leave, ButtonStyle.Secondary), standings));
  } else {
    rows.push(buttonRow(standings));
  }
  return {
    embeds: [{ title: clip(c.title(t.id, t.name, mod.emoji, mod.title(text)), 256), description: clip(description, EMBED_DESCRIPTION_MAX), color: mod.colour }],
    components: rows,
    allowed_mentions: { parse: [] },
  };
}

/** The entrants of round `round` who are still in, by id (for pings of a round's start). */
export function activeIds(t: Tournament, round: number): string[] {
  return activeIn(t.entrants, round).map((entrant) => entrant.userId);
}
