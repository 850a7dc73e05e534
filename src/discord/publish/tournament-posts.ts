/**
 * A tournament's posts in its channel (docs/tournaments.md "Running a tournament"): when it
 * starts; each round's tables (a thread each, its players mentioned so they find it) and byes;
 * the standings picture after every round and at the end (README "Watching and tournaments"), with its alt
 * text — or the text version where the server chose text boards or the picture could not be
 * drawn; a cancellation; a round that waits because no thread could be made. And the card
 * (`/tournament new`'s answer) redrawn after every change that shows on it — an entry or a
 * withdrawal by command as much as by a click on it (docs/tournaments.md "On Discord").
 *
 * Drawn from the committed tournament the change carries, in the tournament's language. The
 * posts of one tournament go out one after another, in commit order (a promise chain per
 * tournament); a post Discord refuses is logged and the tournament goes on (the standings are
 * always there with `/tournament standings`).
 */
import { Routes } from 'discord-api-types/v10';
import type { REST } from 'discord.js';
import type { GameRegistry } from '../../games/registry.js';
import { catalogFor, type Catalog } from '../../i18n/index.js';
import type { Logger } from '../../logger.js';
import type { Tournament } from '../../tournaments/model.js';
import type { TournamentChange, TournamentChangeKind, TournamentListener } from '../../tournaments/service.js';
import type { Standing } from '../../tournaments/standings.js';
import { clip, containerMessage, escapeName, MESSAGE_CONTENT_MAX, relative, type MessagePayload } from '../render/markup.js';
import { requestBody } from '../render/message-body.js';
import { entrantNames, standingsPicture, standingsText, standingsView } from '../render/standings.js';
import { tournamentCard } from '../render/tournament.js';
import type { PictureMaker } from '../pictures/index.js';

/** Dependencies of the posts. */
export interface TournamentPostsDeps {
  rest: REST;
  registry: GameRegistry;
  pictures: PictureMaker;
  logger: Logger;
  /** The server chose text boards (no pictures): the standings go as text. */
  textBoards: (guildId: string) => Promise<boolean>;
}

/** The changes that post in the channel. */
const POSTED_KINDS: ReadonlySet<TournamentChangeKind> = new Set(['started', 'round-started', 'round-ended', 'finished', 'cancelled', 'stalled']);
/** The changes that redraw the card (entrants, state, round, deadline): all but the opening and a single table's end. */
const CARD_KINDS: ReadonlySet<TournamentChangeKind> = new Set(['joined', 'left', 'started', 'round-started', 'round-ended', 'finished', 'cancelled', 'stalled']);

/** The attachment name of a standings picture. */
export function standingsPictureName(tournamentId: number, round: number): string {
  return `standings-${tournamentId}-${round}.png`;
}

/** Posts a tournament's news in its channel. */
export class TournamentPosts implements TournamentListener {
  private readonly chains = new Map<number, Promise<void>>();
  /** Per tournament, the newest state whose card is still to be drawn. */
  private readonly cards = new Map<number, Tournament>();
  /** Posts sent (tests). */
  sent = 0;
  /** Card redraws sent (tests). */
  cardsDrawn = 0;

  constructor(private readonly deps: TournamentPostsDeps) {}

  /** TournamentListener: queue the post of a change that has one, and the redraw of the card. */
  tournamentChanged(change: TournamentChange): void {
    const t = change.tournament;
    const post = POSTED_KINDS.has(change.kind);
    const redraw = t.cardMessageId !== null && CARD_KINDS.has(change.kind);
    if (!post && !redraw) return;
    const id = t.id;
    if (redraw) {
      // Only the newest state is drawn: a burst of entries redraws the card once or twice, not per entry.
      const pending = this.cards.get(id);
      if (!pending || pending.version < t.version) this.cards.set(id, t);
    }
    const next = (this.chains.get(id) ?? Promise.resolve())
      .then(() => (post ? this.post(change) : undefined))
      .catch((err: unknown) => this.deps.logger.warn({ err, tournament: id, kind: change.kind }, 'could not post tournament news'))
      .then(() => (redraw ? this.redrawCard(id) : undefined))
      .catch((err: unknown) => this.deps.logger.warn({ err, tournament: id, kind: change.kind }, 'could not redraw the tournament card'));
    this.chains.set(id, next);
    void next.finally(() => {
      if (this.chains.get(id) === next) this.chains.delete(id);
    });
  }

  /** Resolves once every post queued so far went out (or failed). */
  async settled(): Promise<void> {
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }

  /** Edit the card of tournament `id` to its newest state not yet drawn (nothing when it is drawn already). */
  private async redrawCard(id: number): Promise<void> {
    const t = this.cards.get(id);
    this.cards.delete(id);
    const mod = t ? this.deps.registry.find(t.game) : undefined;
    if (!t || !t.cardMessageId || !mod) return;
    const body = requestBody(tournamentCard(mod, t, catalogFor(t.locale ?? undefined)), true);
    await this.deps.rest.patch(Routes.channelMessage(t.channelId, t.cardMessageId), { body: body.body, files: body.files });
    this.cardsDrawn++;
  }

  private async post(change: TournamentChange): Promise<void> {
    const t = change.tournament;
    const text = catalogFor(t.locale ?? undefined);
    const payload = await this.payload(change, text);
    if (!payload) return;
    const body = requestBody(payload, false);
    await this.deps.rest.post(Routes.channelMessages(t.channelId), { body: body.body, files: body.files });
    this.sent++;
  }

  /** The message a change posts, or null. */
  private async payload(change: TournamentChange, text: Catalog): Promise<MessagePayload | null> {
    const t = change.tournament;
    const p = text.tournaments.posts;
    const name = escapeName(t.name);
    switch (change.kind) {
      case 'started':
        return plain(p.started(name, t.entrants.length));
      case 'cancelled':
        return plain(p.cancelled(name));
      case 'stalled':
        return plain(p.threadsUnavailable);
      case 'round-started': {
        const round = t.rounds.find((stored) => stored.round === change.round);
        if (!round) return null;
        const names = entrantNames(t, text);
        const lines = [p.round(round.round, t.settings.rounds, relative(round.deadlineAt))];
        const pinged: string[] = [];
        for (const table of round.tables) {
          const players = table.players.map((id) => `<@${id}>`);
          pinged.push(...table.players);
          const bots = table.bots > 0 ? [`🤖 × ${table.bots}`] : [];
          lines.push(p.table(table.no, table.channelId ? `<#${table.channelId}>` : '—', [...players, ...bots].join(', ')));
        }
        if (round.byes.length > 0) lines.push(p.byes(round.byes.map((id) => escapeName(names.get(id) ?? id)).join(', ')));
        // The round's players are mentioned (pinged) so they find their table; nobody else.
        return { content: clip(lines.join('\n'), MESSAGE_CONTENT_MAX), allowed_mentions: { users: pinged.slice(0, 100) } };
      }
      case 'round-ended':
      case 'finished':
        return this.standingsPost(t, change.standings ?? [], change.kind === 'finished', change.round ?? t.round, text);
    }
    return null;
  }

  /** The standings post: a line (round over, or the winner), the picture with its alt text, the tie-breaks; text where pictures are off. */
  private async standingsPost(t: Tournament, standings: readonly Standing[], finished: boolean, round: number, text: Catalog): Promise<MessagePayload> {
    const p = text.tournaments.posts;
    const mod = this.deps.registry.find(t.game);
    const view = standingsView(t, standings, mod?.title(text) ?? t.game, text);
    const names = entrantNames(t, text);
    const winners = standings.filter((line) => line.place === 1).map((line) => escapeName(names.get(line.id) ?? line.id));
    const head = finished && t.endReason !== 'too-few' && winners.length > 0 ? p.finished(escapeName(t.name), winners.join(', ')) : p.roundOver(round);
    const tieBreaks = text.tournaments.standings.tieBreaks;
    const textOnly = await this.deps.textBoards(t.guildId).catch(() => false);
    if (!textOnly) {
      try {
        const picture = await this.deps.pictures.fromDrawing(standingsPicture(view, text), standingsPictureName(t.id, round));
        return containerMessage(mod?.colour ?? 0xf1c40f, { top: head, picture: { name: picture.name, png: picture.png, alt: picture.alt }, below: tieBreaks }, []);
      } catch (err) {
        this.deps.logger.warn({ err, tournament: t.id }, 'standings picture failed: sending the text version');
      }
    }
    return plain(`${head}\n${standingsText(view, text)}\n${tieBreaks}`);
  }
}

/** A plain message that mentions nobody. */
function plain(content: string): MessagePayload {
  return { content: clip(content, MESSAGE_CONTENT_MAX), allowed_mentions: { parse: [] } };
}
