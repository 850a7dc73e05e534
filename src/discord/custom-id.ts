/**
 * The custom_id codec (docs/architecture.md §8, README "Architecture"). Every component the
 * bot draws carries a short, versioned id that the one global router decodes with zod:
 *
 * - `rh1:g:<table>:<step>:<code>` — a game action button (code = the game's encodeAction)
 * - `rh1:s:<table>:<step>:<name>` — a game select; the chosen option value is the action code
 * - `rh1:t:<table>:<verb>`         — a table action (join, leave, start, cancel, hand, …; `again`: Play again on a finished board)
 * - `rh1:t:<table>:refresh:<version>` — a panel's Refresh button, naming the table version the
 *   panel shows (a panel must never go back to an older version; the plain form still decodes)
 * - `rh1:l:<view>:<season>:<page>` — a leaderboard page (view = a game id or `all`)
 * - `rh1:a:end:<table>` · `rh1:a:reset:<game>:<season>` · `rh1:a:keep` — `/admin` confirmations
 * - `rh1:p:erase` · `rh1:p:keep` — the `/privacy delete` confirmation (always about the clicker)
 * - `rh1:r:<table>:<step>:<view>:<op>` — the review panel (README "Review a game"): the step to
 *   draw (`-` = the last), the view (`p` public, `a` everything revealed, `s<seat>`) and what the
 *   component does (REVIEW_OPS); a "view as" select's chosen value is a view
 * - `rh1:h:<user>:<page>` — a `/history` page of `user`'s finished games
 * - `rh1:o:<tournament>:<verb>` — a tournament's card and `/tournament cancel` confirmation (TOURNAMENT_VERBS)
 * - `rh1:n:<game>:<op>` — a game's lesson (docs/lessons.md): `learn` opens or continues the
 *   clicker's lesson, `bots` / `friends` open a real table after it, `s<major>-<minor>` shows a
 *   rules section (`s1-7` = §1.7)
 *
 * Table ids and steps are base-36. Ids are ≤ 100 characters (Discord's limit).
 */
import { z } from 'zod';

/** Table-level verbs carried by `rh1:t:` ids. */
export const TABLE_VERBS = [
  'join',
  'leave',
  'start',
  'cancel',
  'hand',
  'refresh',
  'rules',
  'leave-game',
  'cancel-confirm',
  'keep',
  'again',
  // AI players (README "AI players"): selects whose chosen value is a level, a bot's user id or a seat.
  'add-bot',
  'remove-bot',
  'replace-bot',
  // A panel's switch between the hand's picture and its text version (README "Pictures").
  'text-version',
  // The board's Open table: launches the table as a Discord Activity (docs/activity.md).
  'open',
  'pictures',
  // 💡 Hint on a private panel (README "AI players"; src/tables/hints.ts).
  'hint',
  // Watching (docs/watching.md): open or refresh a watch panel, stop watching, who watches.
  'watch',
  'unwatch',
  'watchers',
  // ❔ Why on a private panel: what this decision is and what each offered move does (docs/lessons.md).
  'why',
  // Leave a lesson (asks first; docs/lessons.md).
  'lesson-leave',
] as const;
export type TableVerb = (typeof TABLE_VERBS)[number];

/** A decoded custom_id. */
export type CustomId =
  | { kind: 'game'; tableId: number; step: number; code: string }
  | { kind: 'select'; tableId: number; step: number; name: string }
  /** `version`: the table version the message was drawn from (Refresh buttons only). */
  | { kind: 'table'; tableId: number; verb: TableVerb; version?: number }
  | { kind: 'leaderboard'; view: string; season: number; page: number }
  | { kind: 'admin'; verb: 'end'; tableId: number }
  | { kind: 'admin'; verb: 'reset'; game: string; season: number }
  | { kind: 'admin'; verb: 'keep' }
  /** `/privacy delete` confirmation: erase the clicker's data, or keep it. Carries no user id: it only ever acts on the clicker. */
  | { kind: 'privacy'; verb: PrivacyVerb }
  /** The review panel: `step` null = the last step; `view` as `encodeView` (src/review/replay.ts) writes it. */
  | { kind: 'review'; tableId: number; step: number | null; view: string; op: ReviewOp }
  /** A `/history` page (0-based) of `userId`'s finished games. */
  | { kind: 'history'; userId: string; page: number }
  /** A tournament's card button or its cancel confirmation (docs/tournaments.md). */
  | { kind: 'tournament'; tournamentId: number; verb: TournamentVerb }
  /** A game's lesson (docs/lessons.md): open it, open a real table after it, or show rules section `section` (`1.7`). */
  | { kind: 'learn'; game: string; op: LearnOp; section?: string };

/** What a tournament component does: enter, leave, start, show the standings; confirm or refuse a cancel. */
export const TOURNAMENT_VERBS = ['join', 'leave', 'start', 'standings', 'cancel', 'keep'] as const;
export type TournamentVerb = (typeof TOURNAMENT_VERBS)[number];

/** What a lesson button does (`rh1:n:<game>:<op>`; a section is `s<major>-<minor>`). */
export const LEARN_OPS = ['learn', 'bots', 'friends', 'section'] as const;
export type LearnOp = (typeof LEARN_OPS)[number];

/**
 * What a review component does: open the review (`o`, from a board or `/history`), go to the
 * first / previous / next / last step (`f` `p` `n` `l`: the id carries the step to draw), change
 * the view (`v`, a select), export the game (`x`), analyse the view's seat (`a`,
 * docs/review.md "Analysis"), or go to one of its key moments (`k`, a select of steps).
 */
export const REVIEW_OPS = ['o', 'f', 'p', 'n', 'l', 'v', 'x', 'a', 'k'] as const;
export type ReviewOp = (typeof REVIEW_OPS)[number];

/** Verbs of the `/privacy delete` confirmation. */
export const PRIVACY_VERBS = ['erase', 'keep'] as const;
export type PrivacyVerb = (typeof PRIVACY_VERBS)[number];

/** Discord's maximum custom_id length. */
export const CUSTOM_ID_MAX = 100;

const b36 = z
  .string()
  .regex(/^[0-9a-z]{1,8}$/)
  .transform((digits) => parseInt(digits, 36));
const code = z.string().regex(/^[A-Za-z0-9._:,-]{1,80}$/);
/** A game id or `all` (leaderboard views). */
const view = z.string().regex(/^[a-z]{1,16}$/);

const schema = z.union([
  z.tuple([z.literal('rh1'), z.literal('g'), b36, b36]).rest(z.string()),
  z.tuple([z.literal('rh1'), z.literal('s'), b36, b36, code]),
  z.tuple([z.literal('rh1'), z.literal('t'), b36, z.enum(TABLE_VERBS)]),
  z.tuple([z.literal('rh1'), z.literal('t'), b36, z.literal('refresh'), b36]),
]);

const ratingsSchema = z.union([
  z.tuple([z.literal('rh1'), z.literal('l'), view, b36, b36]),
  z.tuple([z.literal('rh1'), z.literal('a'), z.literal('end'), b36]),
  z.tuple([z.literal('rh1'), z.literal('a'), z.literal('reset'), view, b36]),
  z.tuple([z.literal('rh1'), z.literal('a'), z.literal('keep')]),
]);

const privacySchema = z.tuple([z.literal('rh1'), z.literal('p'), z.enum(PRIVACY_VERBS)]);

const reviewSchema = z.tuple([
  z.literal('rh1'),
  z.literal('r'),
  b36,
  z.union([z.literal('-'), b36]),
  z.string().regex(/^(p|a|s[0-9])$/),
  z.enum(REVIEW_OPS),
]);

const tournamentSchema = z.tuple([z.literal('rh1'), z.literal('o'), b36, z.enum(TOURNAMENT_VERBS)]);

const historySchema = z.tuple([z.literal('rh1'), z.literal('h'), z.string().regex(/^[0-9]{1,20}$/), b36]);

const learnSchema = z.tuple([z.literal('rh1'), z.literal('n'), view, z.union([z.enum(['learn', 'bots', 'friends']), z.string().regex(/^s[0-9]{1,2}-[0-9]{1,2}$/)])]);

/** Encode a lesson button id (docs/lessons.md): `op` learn / bots / friends, or a rules `section` such as `1.7`. */
export function learnId(game: string, op: Exclude<LearnOp, 'section'> | { section: string }): string {
  return check(`rh1:n:${game}:${typeof op === 'string' ? op : `s${op.section.replace('.', '-')}`}`);
}

/** Encode a review component id: `step` null = the last step; `view` as `encodeView` writes it. */
export function reviewId(tableId: number, step: number | null, view: string, op: ReviewOp): string {
  return check(`rh1:r:${tableId.toString(36)}:${step === null ? '-' : step.toString(36)}:${view}:${op}`);
}

/** Encode a `/history` page button id (`userId` a Discord snowflake, `page` 0-based). */
export function historyPageId(userId: string, page: number): string {
  return check(`rh1:h:${userId}:${page.toString(36)}`);
}

/** Encode a tournament component id. */
export function tournamentActionId(tournamentId: number, verb: TournamentVerb): string {
  return check(`rh1:o:${tournamentId.toString(36)}:${verb}`);
}

/** Encode a game action button id. Throws if the result would exceed 100 characters. */
export function gameActionId(tableId: number, step: number, actionCode: string): string {
  return check(`rh1:g:${tableId.toString(36)}:${step.toString(36)}:${actionCode}`);
}

/** Encode a game select id. */
export function gameSelectId(tableId: number, step: number, name: string): string {
  return check(`rh1:s:${tableId.toString(36)}:${step.toString(36)}:${name}`);
}

/** Encode a table action id; `version` (Refresh only) is the table version the panel shows. */
export function tableActionId(tableId: number, verb: TableVerb, version?: number): string {
  const suffix = verb === 'refresh' && version !== undefined ? `:${version.toString(36)}` : '';
  return check(`rh1:t:${tableId.toString(36)}:${verb}${suffix}`);
}

/** Encode a leaderboard page button id (`view` = a game id or `all`; season 0 for `all`). */
export function leaderboardPageId(viewId: string, season: number, page: number): string {
  return check(`rh1:l:${viewId}:${season.toString(36)}:${page.toString(36)}`);
}

/** Encode a `/privacy delete` confirmation button id. */
export function privacyActionId(verb: PrivacyVerb): string {
  return `rh1:p:${verb}`;
}

/** Encode an `/admin` confirmation button id. */
export function adminActionId(action: { verb: 'end'; tableId: number } | { verb: 'reset'; game: string; season: number } | { verb: 'keep' }): string {
  switch (action.verb) {
    case 'end':
      return check(`rh1:a:end:${action.tableId.toString(36)}`);
    case 'reset':
      return check(`rh1:a:reset:${action.game}:${action.season.toString(36)}`);
    case 'keep':
      return 'rh1:a:keep';
  }
}

function check(id: string): string {
  if (id.length > CUSTOM_ID_MAX) throw new RangeError(`custom_id longer than ${CUSTOM_ID_MAX}: ${id}`);
  return id;
}

/** Decode a custom_id; null for anything malformed or forged beyond repair. */
export function decodeCustomId(raw: string): CustomId | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > CUSTOM_ID_MAX) return null;
  const parts = raw.split(':');
  // A game action code may itself contain ':' — keep everything after the 4th separator.
  if (parts[1] === 'g' && parts.length >= 5) {
    const head = schema.safeParse([...parts.slice(0, 4)]);
    const actionCode = code.safeParse(parts.slice(4).join(':'));
    if (!head.success || !actionCode.success) return null;
    return { kind: 'game', tableId: head.data[2] as number, step: head.data[3] as number, code: actionCode.data };
  }
  if (parts[1] === 'l' || parts[1] === 'a') return decodeRatingsId(parts);
  if (parts[1] === 'r') {
    const review = reviewSchema.safeParse(parts);
    if (!review.success) return null;
    const [, , tableId, step, reviewView, op] = review.data;
    return { kind: 'review', tableId, step: step === '-' ? null : step, view: reviewView, op };
  }
  if (parts[1] === 'h') {
    const history = historySchema.safeParse(parts);
    return history.success ? { kind: 'history', userId: history.data[2], page: history.data[3] } : null;
  }
  if (parts[1] === 'n') {
    const learn = learnSchema.safeParse(parts);
    if (!learn.success) return null;
    const [, , game, op] = learn.data;
    return op.startsWith('s') ? { kind: 'learn', game, op: 'section', section: op.slice(1).replace('-', '.') } : { kind: 'learn', game, op: op as Exclude<LearnOp, 'section'> };
  }
  if (parts[1] === 'o') {
    const tournament = tournamentSchema.safeParse(parts);
    return tournament.success ? { kind: 'tournament', tournamentId: tournament.data[2], verb: tournament.data[3] } : null;
  }
  if (parts[1] === 'p') {
    const privacy = privacySchema.safeParse(parts);
    return privacy.success ? { kind: 'privacy', verb: privacy.data[2] } : null;
  }
  const parsed = schema.safeParse(parts);
  if (!parsed.success) return null;
  const fields = parsed.data;
  if (fields[1] === 's') return { kind: 'select', tableId: fields[2], step: fields[3] as number, name: fields[4] as string };
  if (fields[1] === 't') {
    const version = fields[4] as number | undefined;
    return { kind: 'table', tableId: fields[2], verb: fields[3] as TableVerb, ...(version !== undefined ? { version } : {}) };
  }
  return null;
}

/** Decode the leaderboard-page and admin-confirm kinds. */
function decodeRatingsId(parts: string[]): CustomId | null {
  const parsed = ratingsSchema.safeParse(parts);
  if (!parsed.success) return null;
  const fields = parsed.data;
  if (fields[1] === 'l') return { kind: 'leaderboard', view: fields[2], season: fields[3], page: fields[4] };
  if (fields[2] === 'end') return { kind: 'admin', verb: 'end', tableId: fields[3] };
  if (fields[2] === 'reset') return { kind: 'admin', verb: 'reset', game: fields[3], season: fields[4] };
  return { kind: 'admin', verb: 'keep' };
}
