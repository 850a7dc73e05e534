/**
 * A tournament's standings (docs/tournaments.md "Standings"): as a picture (a scene of pieces,
 * composed by the picture pipeline like a board: src/discord/pictures/, docs/pictures.md "Phone
 * layout") with its alt text, and as text (the `/tournament standings` answer, and the picture's
 * text version). Drawn from the stored tournament only: entrants, rounds and the standings
 * computed from them.
 */
import { altText, rect, round as px, THEME } from '../../games/svg.js';
import type { Picture } from '../../games/picture.js';
import { block, lineHeight, MARGIN, MIN_TEXT_PX, NAME_PX, PANEL_W, PICTURE_PX, statusBanner, textLines } from '../../games/scene-kit.js';
import { measure, piece, SceneBuilder, sceneSvg, type Piece } from '../../games/scene.js';
import type { Catalog } from '../../i18n/index.js';
import type { Tournament } from '../../tournaments/model.js';
import type { Standing } from '../../tournaments/standings.js';
import { isAnonymousUserId } from '../../ratings/privacy.js';
import { escapeName } from './markup.js';

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

/** The medal colours of places 1–3 (drawn once a round has been played). */
const MEDALS = [THEME.highlight, '#c0c4cc', '#cd7f32'];

/** `items` joined with " · " into lines at most `width` px wide at `size` px, an item never split across lines (an item wider than a line wraps alone). */
function packItems(items: readonly string[], width: number, size: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const item of items) {
    const joined = current === '' ? item : `${current} · ${item}`;
    if (current === '' || measure(joined, size) <= width) current = joined;
    else {
      lines.push(current);
      current = item;
    }
  }
  if (current !== '') lines.push(current);
  return lines.flatMap((line) => block(line, width, size).lines);
}

/** Left edge of an entrant's name in its row, px (after the place). */
const NAME_X = 62;

/**
 * One entrant's row, PANEL_W px wide: the place, the name (wrapped, never cut) and the points
 * (bold, at the right), then in muted type the Buchholz and each round's points (wrapped). A
 * medal bar at the left for places 1–3 once a round is played; a withdrawn entrant in muted type.
 */
function standingRow(view: StandingsView, line: StandingLine, index: number, text: Catalog): Piece {
  const t = text.tournaments.standings;
  const fill = line.withdrawn ? THEME.muted : THEME.text;
  const points = pointsText(line.points, text);
  const pointsW = Math.ceil(measure(points, NAME_PX, true));
  const right = PANEL_W - 14;
  const name = block(line.withdrawn ? t.withdrawnName(line.name) : line.name, right - pointsW - 14 - NAME_X, NAME_PX);
  const rounds = line.rounds.map((value, r) => `${t.roundColumn(r + 1)} ${value === null ? '–' : value === 'bye' ? t.byeMark : pointsText(value, text)}`);
  const detail = packItems([`${t.buchholz} ${pointsText(px(line.buchholz), text)}`, ...rounds], right - NAME_X, MIN_TEXT_PX);
  const detailH = detail.length * lineHeight(MIN_TEXT_PX);
  const h = 8 + name.height + detailH + 8;
  const medal = MEDALS[line.place - 1];
  return piece(PANEL_W, h, [
    rect(0, 0, PANEL_W, h, { fill: index % 2 ? THEME.background : THEME.panel, radius: 8 }),
    medal && view.round > 0 ? rect(0, 0, 6, h, { fill: medal, radius: 2 }) : '',
    textLines(16, 8, [String(line.place)], { size: NAME_PX, bold: true, fill }),
    textLines(NAME_X, 8, name.lines, { size: name.size, fill }),
    textLines(right, 8, [points], { size: NAME_PX, bold: true, fill, anchor: 'end' }),
    textLines(NAME_X, 8 + name.height, detail, { size: MIN_TEXT_PX, fill: THEME.muted }),
  ]);
}

/**
 * The standings as a picture, laid out for a phone like the boards (PICTURE_PX wide, text ≥
 * MIN_TEXT_PX, nothing cut): the tournament's name and the round in a banner, the column heads,
 * then one row per entrant (`standingRow`); its alt text names every line.
 */
export function standingsPicture(view: StandingsView, text: Catalog): Picture {
  const t = text.tournaments.standings;
  const scene = new SceneBuilder(PICTURE_PX);
  let y = MARGIN;
  y += statusBanner(scene, y, view.name, `${view.game} · ${heading(view, text)}`) + 8;
  const headH = lineHeight(MIN_TEXT_PX) + 4;
  const heads = [
    textLines(16, 2, ['#'], { size: MIN_TEXT_PX, bold: true, fill: THEME.muted }),
    textLines(NAME_X, 2, [t.player], { size: MIN_TEXT_PX, bold: true, fill: THEME.muted }),
    textLines(PANEL_W - 14, 2, [t.points], { size: MIN_TEXT_PX, bold: true, fill: THEME.muted, anchor: 'end' }),
  ];
  scene.put(MARGIN, y, piece(PANEL_W, headH, heads));
  y += headH + 2;
  if (view.lines.length === 0) {
    const nobody = block(t.nobody, PANEL_W - NAME_X, MIN_TEXT_PX);
    scene.put(MARGIN, y, piece(PANEL_W, nobody.height + 2, textLines(NAME_X, 1, nobody.lines, { size: MIN_TEXT_PX, fill: THEME.muted })));
    y += nobody.height + 2;
  }
  view.lines.forEach((line, index) => {
    const row = standingRow(view, line, index, text);
    scene.put(MARGIN, y, row);
    y += row.h + 4;
  });
  const drawn = scene.finish(y + MARGIN);
  return { svg: sceneSvg(drawn), width: drawn.width, height: drawn.height, alt: standingsAlt(view, text), scene: drawn };
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
