/**
 * Interaction tokens lent by clicks (docs/rate-limit.md): a click that committed a change can
 * post that change's pings as its follow-ups, and a click on the board answered with a
 * (deferred) update of it can edit the board — both on interaction routes, outside the bot's
 * global limit — while its token lives (Discord: 15 minutes). Remembered per table: the
 * newest such click, the newest board click, and the ping posted as a follow-up.
 */
import type { TableSnapshot } from '../../tables/types.js';

/**
 * "Show my hand" on the board is answered with a deferred update of the board and the panel as
 * a private follow-up — so that its token can edit the board on an interaction route, outside
 * the global limit (docs/rate-limit.md) — only when the table has no live board token younger
 * than this, ms; otherwise it is answered with the panel at once (one request, not two).
 * Tokens live 15 min (PING_TOKEN_TTL_MS keeps a minute's margin), so one such click every
 * 5 minutes keeps a board off the global routes while players use it.
 */
export const BOARD_TOKEN_REFRESH_MS = 5 * 60 * 1000;

/**
 * A "your move" ping is posted as a follow-up of the table's newest interaction only while
 * that interaction's token is younger than this, ms; the ping is edited or deleted through
 * the same token only while it is younger than this too (Discord: tokens live 15 min;
 * docs/rate-limit.md). Older: the channel route, within the global budget.
 */
export const PING_TOKEN_TTL_MS = 14 * 60 * 1000;

/** How long a ping waits for the answer of the interaction it follows up, at most, ms (Discord waits 3 s for an answer). */
export const PING_ANSWER_WAIT_MS = 3500;

/**
 * The newest interaction on a table that committed a change (a click on its board or a
 * panel): its token can post follow-ups in the table's channel on an interaction route,
 * outside the bot's global limit (docs/rate-limit.md).
 */
export interface TableInteraction {
  applicationId: string;
  token: string;
  /** The channel the interaction happened in: a follow-up lands there. */
  channelId: string;
  /** When the token was issued (Unix ms). */
  since: number;
  /** Settles once the interaction's answer has gone through (a follow-up needs the answer first). */
  answered: Promise<unknown>;
  /**
   * Set when the click was on the table's board (or lobby) message and was answered with a
   * (deferred) update of it: that message's id. Its `@original` is then the board, which the
   * token can edit on an interaction route (outside the global limit).
   */
  boardMessageId?: string;
}

/** A ping posted as a follow-up: the token that can edit or delete it. */
export interface PingVia {
  messageId: string;
  applicationId: string;
  token: string;
  since: number;
}

/** What a click hands over: its token, and where it happened. */
type Clicked = { applicationId: string; token: string; channelId: string | null };

/** The interaction tokens of the tables this process publishes. */
export class InteractionTokens {
  /** Each table's newest interaction that committed a change (`noteInteraction`). */
  private readonly interactions = new Map<number, TableInteraction>();
  /** Pings posted as follow-ups, by table: edited and deleted through the same token while it lives. */
  private readonly pingVia = new Map<number, PingVia>();
  /** Each table's newest click on its board answered with a (deferred) update: its token edits the board. */
  private readonly boardVia = new Map<number, TableInteraction & { boardMessageId: string }>();

  constructor(
    private readonly now: () => number,
    /** How old the table's board token must be for "Show my hand" to lend a new one, ms (Infinity: never). */
    private readonly boardTokenRefreshMs = BOARD_TOKEN_REFRESH_MS,
  ) {}

  /**
   * Remember that `interaction` (a click on table `tableId`'s board or a panel, whose answer
   * settles `answered`) committed a change: the pings that change brings are posted as its
   * follow-ups (an interaction route, outside the global limit) while its token lives and it
   * happened in the table's channel. Call it before answering the interaction (the ping work
   * starts after the commit, and waits for `answered`). With `boardMessageId` (the click was on
   * that board or lobby message, answered with a deferred update of it), the board is redrawn
   * through the token too (`PATCH /webhooks/{app}/{token}/messages/@original`) while it lives.
   */
  noteInteraction(tableId: number, interaction: Clicked, answered: Promise<unknown>, boardMessageId?: string): void {
    if (!interaction.channelId) return;
    const noted: TableInteraction = { applicationId: interaction.applicationId, token: interaction.token, channelId: interaction.channelId, since: this.now(), answered: settledOnly(answered) };
    this.interactions.set(tableId, noted);
    if (boardMessageId) this.boardVia.set(tableId, { ...noted, boardMessageId });
  }

  /**
   * Remember that `interaction`, a click on table `tableId`'s board message `boardMessageId`
   * answered with a deferred update of it (settling `answered`), can edit the board through its
   * token (`@original`) while it lives: the board is then redrawn on an interaction route,
   * outside the global limit (docs/rate-limit.md). It does not carry the table's pings (those
   * follow up the click that made the move, `noteInteraction`).
   */
  noteBoardClick(tableId: number, interaction: Clicked, answered: Promise<unknown>, boardMessageId: string): void {
    if (!interaction.channelId) return;
    this.boardVia.set(tableId, { applicationId: interaction.applicationId, token: interaction.token, channelId: interaction.channelId, since: this.now(), answered: settledOnly(answered), boardMessageId });
  }

  /**
   * Whether "Show my hand" clicked on message `messageId` of table `table` should be answered
   * with a deferred update of that message (lending its token to the board, `noteBoardClick`)
   * rather than a private reply: the message is the table's board, the game is on, and the
   * table has no live board token younger than BOARD_TOKEN_REFRESH_MS (`boardTokenRefreshMs`) for it.
   */
  wantsBoardToken(table: TableSnapshot['table'], messageId: string, channelId: string | null): boolean {
    const refreshMs = this.boardTokenRefreshMs;
    if (refreshMs === Infinity || table.status !== 'active' || !table.boardMessageId || table.boardMessageId !== messageId || channelId !== table.channelId) return false;
    const via = this.boardVia.get(table.id);
    return !via || via.boardMessageId !== messageId || this.now() - via.since >= refreshMs;
  }

  /** Whether a game's board may be edited through a lent token at all (BOARD_TOKENS=never: only its lobby). */
  lendsBoards(status: string): boolean {
    return this.boardTokenRefreshMs !== Infinity || status === 'lobby';
  }

  /**
   * The table's newest interaction whose token can post its ping now: younger than
   * PING_TOKEN_TTL_MS, in the table's channel, and answered (waited for up to
   * PING_ANSWER_WAIT_MS). Null otherwise (a bot move or a deadline with no live click).
   */
  async followUpToken(table: TableSnapshot['table']): Promise<TableInteraction | null> {
    const via = this.interactions.get(table.id);
    if (!via || via.channelId !== table.channelId || this.now() - via.since > PING_TOKEN_TTL_MS) return null;
    return (await answeredIn(via)) ? via : null;
  }

  /**
   * The token of the table's newest click on board message `messageId` answered with a
   * (deferred) update, while it lives (PING_TOKEN_TTL_MS) and once that answer went through
   * (waited for up to PING_ANSWER_WAIT_MS); null: the channel route.
   */
  async liveBoardVia(tableId: number, messageId: string | null | undefined): Promise<TableInteraction | null> {
    const via = this.boardVia.get(tableId);
    if (!via || !messageId || via.boardMessageId !== messageId) return null;
    if (this.now() - via.since > PING_TOKEN_TTL_MS) {
      this.boardVia.delete(tableId);
      return null;
    }
    return (await answeredIn(via)) ? via : null;
  }

  /** Forget the table's board token (refused by Discord), or only when it is for board message `messageId`. */
  dropBoardVia(tableId: number, messageId?: string): void {
    if (messageId === undefined || this.boardVia.get(tableId)?.boardMessageId === messageId) this.boardVia.delete(tableId);
  }

  /** The follow-up token of the table's ping `messageId`, while it lives (PING_TOKEN_TTL_MS); null: the channel route. */
  livePingVia(tableId: number, messageId: string): PingVia | null {
    const via = this.pingVia.get(tableId);
    if (!via || via.messageId !== messageId) return null;
    return this.now() - via.since <= PING_TOKEN_TTL_MS ? via : null;
  }

  /** Remember that the table's ping was posted as a follow-up through `via` (null: it was not, or is gone). */
  setPingVia(tableId: number, via: PingVia | null): void {
    if (via) this.pingVia.set(tableId, via);
    else this.pingVia.delete(tableId);
  }

  /** The game is over: its clicks lend no more tokens (the ping's follow-up token stays until the ping is deleted). */
  forgetTable(tableId: number): void {
    this.interactions.delete(tableId);
    this.boardVia.delete(tableId);
  }
}

/** Whether `via`'s answer went through within PING_ANSWER_WAIT_MS. */
async function answeredIn(via: TableInteraction): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const answered = await Promise.race([
    via.answered.then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PING_ANSWER_WAIT_MS))),
  ]);
  clearTimeout(timer);
  return answered;
}

/**
 * `answered`, settling the same way but resolving to nothing: what discord.js answers with (an
 * InteractionResponse holds the whole interaction, its message included) is not kept alive for
 * the 14 minutes a token is remembered — that was ~10 KB per open table. Never rejects unhandled.
 */
function settledOnly(answered: Promise<unknown>): Promise<void> {
  const settled = answered.then(() => undefined);
  settled.catch(() => undefined);
  return settled;
}
