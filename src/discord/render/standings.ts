/**
 * A tournament's standings (docs/tournaments.md "Standings"): as a picture (SVG, rasterised by
 * the picture pipeline like a board: src/discord/pictures/) with its alt text, and as text (the
 * `/tournament standings` answer, and the picture's text version). Drawn from the stored
 * tournament only: entrants, rounds and the standings computed from them.
 */
import { altText, rect, round as px, svgDocument, text as svgText, THEME } from '../../games/svg.js';
import type { Picture } from '../../games/picture.js';
import type { Catalog } from '../../i18n/index.js';
import type { Tournament } from '../../tournaments/model.js';
import type { Standing } from '../../tournaments/standings.js';
import { isAnonymousUserId } from '../../ratings/privacy.js';
import { escapeName } from './markup.js';

/** The standings picture's width, px (boards are 720 px wide too). */
export const STANDINGS_WIDTH = 720;
const ROW = 30;
const HEAD = 96;
const COLUMNS_TOP = HEAD;

/** One line of the standings as shown. */
export interface StandingLine {
  place: number;
  /** Plain text (escaped by the drawer). */
  name: string;
  points: number;
  buchholz: number;
  /** Per round: the points scored, 'bye', or null (not in that round). */
  rounds: (number | 'bye' | null)[];
  withdrawn: boolean;
}

/** What the standings show. */
export interface StandingsView {
  name: string;
  /** The game's title in the reader's language. */
  game: string;
  /** The last round played (0 before the start). */
  round: number;
  rounds: number;
  /** The tournament is over (final standings). */
  final: boolean;
  lines: StandingLine[];
}

/** Each entrant's name as they entered, by entrant id; "former player" for one who erased their data (docs/tournaments.md "Privacy"). */
export function entrantNames(t: Pick<Tournament, 'entrants'>, text: Catalog): Map<string, string> {
  return new Map(t.entrants.map((entrant) => [entrant.userId, entrant.name || text.privacy.formerPlayer]));
}

/** `<@user>` for a user id; "former player" for an id an erasure wrote (never a mention of a non-user). */
export function userMention(userId: string, text: Catalog): string {
  return isAnonymousUserId(userId) ? text.privacy.formerPlayer : `<@${userId}>`;
}

/** The standings view of `t` (entrants' names as they entered) from `standings` (src/tournaments/service.ts `standingsOf`). */
export function standingsView(t: Tournament, standings: readonly Standing[], gameTitle: string, text: Catalog): StandingsView {
  const names = entrantNames(t, text);
  const played = t.rounds.filter((round) => round.endedAt !== null || round.tables.every((table) => table.outcome !== null)).length;
  return {
    name: t.name,
    game: gameTitle,
    round: played,
    rounds: t.settings.rounds,
    final: t.status === 'finished',
    lines: standings.map((line) => ({
      place: line.place,
      name: names.get(line.id) ?? line.id,
      points: line.points,
      buchholz: line.buchholz,
      rounds: line.rounds.map((points, index) => (t.rounds[index]?.byes.includes(line.id) ? 'bye' : points)),
      withdrawn: line.withdrawn,
    })),
  };
}

/** A number of points as shown in the reader's language: whole, or with one decimal (½ points, Buchholz means). */
function pointsText(value: number, text: Catalog): string {
  return text.tournaments.standings.number(value);
}

/** The standings heading: "after round r of R", or final. */
function heading(view: StandingsView, text: Catalog): string {
  const t = text.tournaments.standings;
  return view.final ? t.final : view.round === 0 ? t.before : t.after(view.round, view.rounds);
}

/** The standings as a picture: a table of place, name, points, Buchholz and each round's points; its alt text names the leaders. */
export function standingsPicture(view: StandingsView, text: Catalog): Picture {
  const t = text.tournaments.standings;
  const roundWidth = view.rounds <= 6 ? 52 : 40;
  const roundsX = STANDINGS_WIDTH - 24 - roundWidth * view.rounds;
  const columns = { place: 28, name: 72, points: roundsX - 128, buchholz: roundsX - 24 };
  const height = COLUMNS_TOP + 34 + ROW * Math.max(1, view.lines.length) + 20;
  const body: string[] = [
    svgText(24, 40, view.name, { size: 26, bold: true, maxWidth: STANDINGS_WIDTH - 48 }),
    svgText(24, 70, `${view.game} · ${heading(view, text)}`, { size: 17, fill: THEME.muted, maxWidth: STANDINGS_WIDTH - 48 }),
    svgText(columns.place, COLUMNS_TOP + 22, '#', { size: 15, fill: THEME.muted, bold: true }),
    svgText(columns.name, COLUMNS_TOP + 22, t.player, { size: 15, fill: THEME.muted, bold: true }),
    svgText(columns.points, COLUMNS_TOP + 22, t.points, { size: 15, fill: THEME.muted, bold: true, anchor: 'end' }),
    svgText(columns.buchholz, COLUMNS_TOP + 22, t.buchholz, { size: 15, fill: THEME.muted, bold: true, anchor: 'end' }),
  ];
  for (let r = 0; r < view.rounds; r++) body.push(svgText(roundsX + roundWidth * (r + 0.5), COLUMNS_TOP + 22, t.roundColumn(r + 1), { size: 15, fill: THEME.muted, bold: true, anchor: 'middle' }));
  if (view.lines.length === 0) body.push(svgText(columns.name, COLUMNS_TOP + 34 + 21, t.nobody, { size: 17, fill: THEME.muted }));
  view.lines.forEach((line, index) => {
    const y = COLUMNS_TOP + 34 + ROW * index;
    const medal = [THEME.highlight, '#c0c4cc', '#cd7f32'][line.place - 1];
    body.push(rect(16, y, STANDINGS_WIDTH - 32, ROW - 2, { fill: index % 2 ? THEME.background : THEME.panel, radius: 4 }));
    if (medal && view.round > 0) body.push(rect(16, y, 6, ROW - 2, { fill: medal, radius: 2 }));
    const fill = line.withdrawn ? THEME.muted : THEME.text;
    body.push(
      svgText(columns.place, y + 20, String(line.place), { size: 16, bold: true, fill }),
      svgText(columns.name, y + 20, line.withdrawn ? t.withdrawnName(line.name) : line.name, { size: 16, fill, maxWidth: columns.points - columns.name - 56 }),
      svgText(columns.points, y + 20, pointsText(line.points, text), { size: 16, bold: true, fill, anchor: 'end' }),
      svgText(columns.buchholz, y + 20, pointsText(px(line.buchholz), text), { size: 16, fill: THEME.muted, anchor: 'end' }),
    );
    line.rounds.forEach((points, r) => {
      const shown = points === null ? '–' : points === 'bye' ? t.byeMark : pointsText(points, text);
      body.push(svgText(roundsX + roundWidth * (r + 0.5), y + 20, shown, { size: 15, fill: points === null || points === 'bye' ? THEME.muted : fill, anchor: 'middle' }));
    });
  });
  return { svg: svgDocument(STANDINGS_WIDTH, height, body), width: STANDINGS_WIDTH, height, alt: standingsAlt(view, text) };
}

/** The alt text of the standings picture: what it shows, every line in order (clipped to Discord's 1,024 characters). */
export function standingsAlt(view: StandingsView, text: Catalog): string {
  const t = text.tournaments.standings;
  return altText([
    t.altTitle(view.name, view.game, heading(view, text)),
    ...view.lines.map((line) => t.altLine(line.place, line.name, pointsText(line.points, text), pointsText(px(line.buchholz), text), line.withdrawn)),
  ]);
}

/** The standings as text (Discord markdown): one line per entrant. */
export function standingsText(view: StandingsView, text: Catalog): string {
  const t = text.tournaments.standings;
  const lines = [`**${escapeName(view.name)}** · ${view.game} · ${heading(view, text)}`];
  if (view.lines.length === 0) lines.push(t.nobody);
  for (const line of view.lines) {
    const rounds = line.rounds.map((points) => (points === null ? '–' : points === 'bye' ? t.byeMark : pointsText(points, text))).join(' · ');
    lines.push(t.textLine(line.place, escapeName(line.name), pointsText(line.points, text), pointsText(px(line.buchholz), text), rounds, line.withdrawn));
  }
  return lines.join('\n');
}
