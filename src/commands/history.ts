/**
 * `/history [user]` and game review (README "Review a game"): a member's past games on
 * this server (finished, cancelled or abandoned), newest first, paged, each with a Review button; and the review panel's clicks
 * (`rh1:r:…`, also the Review button of every finished board). A review is private to whoever
 * opens it and is drawn from the table's seed and action log (src/review/replay.ts); who may
 * see which view is `mayView`: non-players the public view, players their own seat, every seat
 * and everything revealed once the game is over.
 */
import { AttachmentBuilder, InteractionContextType, MessageFlags, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { ButtonStyle } from 'discord-api-types/v10';
import { actorOf, forDjs, forDjsEphemeral, privateText } from '../discord/interactions/answers.js';
import type { AppContext, InteractionLog } from '../discord/interactions/context.js';
import { historyPageId, reviewId } from '../discord/custom-id.js';
import { localizedCommand } from '../discord/interactions/localize.js';
import { escapeName, button, buttonRow, clip, type ComponentRow, type MessagePayload } from '../discord/render/markup.js';
import { gameRecord, gameTranscript } from '../discord/render/review-export.js';
import { reviewContext, reviewMessage, reviewPictureName, reviewPictureSeats, stepPictures, viewLabel, type ReviewAnalysis, type ReviewInput, type ReviewPictures } from '../discord/render/review.js';
import { AnalysisRunner, policyAdvise, seatDecisions, type AnalysisEntry } from '../review/analysis.js';
import { hintIterations } from '../tables/hints.js';
import type { BotPolicy } from '../bots/policy.js';
import { interactionAgeMs, settledWithin } from '../discord/interactions/late.js';
import type { ComponentHandler, ComponentInteraction, SlashCommand } from '../discord/interactions/slash-command.js';
import type { Seat } from '../games/engine.js';
import type { GameModule } from '../games/module.js';
import { catalogFor, type Catalog } from '../i18n/index.js';
import type { RecentGame, SeatRow, TableRow } from '../persistence/store/types.js';
import { ABANDONED_REASON, viewerSeatOf } from '../tables/policy.js';
import { clampStep, decodeView, defaultView, lastStep, mayView, type GameReplay } from '../review/replay.js';
import { watcherReplay } from '../review/watch.js';
import { tableOptionsOf } from '../tables/bots.js';
import { spectatorPolicy } from '../tables/spectators.js';


/**
 * How long (ms, counted from the interaction's creation) a review step waits for its pictures
 * before answering: a cached step (◀ / ▶ after the neighbours were drawn) answers with them;
 * otherwise the click is acknowledged and the pictures follow as an edit (as panels do,
 * src/discord/interactions/panels.ts), never a late answer.
 */
export const REVIEW_PICTURE_WAIT_MS = 250;
/** Games per `/history` page. */
export const HISTORY_PAGE_SIZE = 5;
/** How far back `/history` pages go (pages × size games). */
export const HISTORY_MAX_PAGES = 20;

/** A table loaded for review, or a private refusal. */
export type LoadedReview =
  | { ok: true; mod: GameModule; table: TableRow; seats: SeatRow[]; replay: GameReplay; hostSeat: number; over: boolean }
  | { ok: false; text: string; outcome: string };

/**
 * Load table `tableId` of `guildId` for review: its seats and its replay (cached by table and
 * log length). Refuses a table of another server (or none) and a table that never started.
 * The host's seat (NOIR's setup reads it) is the host's seat row; when the host erased their
 * data (README "Privacy") it is the seat whose replay gives the stored final state.
 */
export async function loadReview(app: AppContext, tableId: number, guildId: string, text: Catalog): Promise<LoadedReview> {
  const table = await app.store.table(tableId);
  if (!table || table.guildId !== guildId) return { ok: false, text: text.review.errors.noGame(tableId), outcome: 'no_table' };
  const mod = app.registry.find(table.game);
  if (!mod) return { ok: false, text: text.review.errors.noGame(tableId), outcome: 'no_table' };
  if (table.seed === null || table.state === null) return { ok: false, text: text.review.errors.notStarted(tableId), outcome: 'not_started' };
  const seats = (await app.store.seats(tableId)).filter((row) => row.seat !== null).sort((a, b) => a.seat! - b.seat!);
  const loaded = await app.publisher.replays.load(mod.definition, table, seats);
  const cached = loaded;
  return { ok: true, mod, table, seats, replay: cached.replay, hostSeat: cached.hostSeat, over: table.status !== 'active' };
}

/**
 * The reader's seat at a table for review (null: not a player there, or a seat they left in a
 * game that still runs — a non-player's view until it ends, `viewerSeatOf`).
 */
function seatOf(seats: SeatRow[], userId: string, status: TableRow['status']): Seat | null {
  return viewerSeatOf(seats.find((row) => row.userId === userId), status);
}

/**
 * A click on a review component (`rh1:r:<table>:<step>:<view>:<op>`): open the review, step
 * through it, change the view (a select), or export. A view the clicker may not see is refused
 * privately and nothing changes.
 */
export const reviewClick: ComponentHandler<'review'> = async (interaction, app, log, id) => {
  const text = catalogFor(interaction.locale);
  log.action = `review:${id.op}`;
  log.table = id.tableId;
  if (!interaction.guildId) {
    log.outcome = 'not_in_guild';
    await interaction.reply(privateText(text.review.errors.notInGuild));
    return;
  }
  const loaded = await loadReview(app, id.tableId, interaction.guildId, text);
  if (!loaded.ok) {
    log.outcome = loaded.outcome;
    await interaction.reply(privateText(loaded.text));
    return;
  }
  const viewerSeat = seatOf(loaded.seats, interaction.user.id, loaded.table.status);
  // The table's spectator rules (docs/watching.md): while it runs, a non-player reviews what a
  // watcher may see — nothing where watching is off, nothing newer than a delayed table's delay.
  const policy = spectatorPolicy(tableOptionsOf(loaded.table.tableOptions));
  const seated = loaded.seats.some((row) => row.userId === interaction.user.id);
  if (!loaded.over && viewerSeat === null && policy.mode === 'off' && !seated) {
    log.outcome = 'spectators_off';
    await interaction.reply(privateText(text.watch.errors.off));
    return;
  }
  const replay = viewerSeat === null ? watcherReplay(loaded.replay, policy, loaded.over) : loaded.replay;
  const watchersSeeHands = policy.seeHands === 'after-the-end';
  const chosen = id.op === 'v' ? (interaction.isStringSelectMenu() && interaction.values.length === 1 ? decodeView(interaction.values[0]!) : null) : id.op === 'o' ? defaultView(viewerSeat) : decodeView(id.view);
  // A key moment (a select of steps): the step chosen.
  const jump = id.op === 'k' ? (interaction.isStringSelectMenu() && interaction.values.length === 1 && /^[0-9]{1,6}$/.test(interaction.values[0]!) ? Number(interaction.values[0]) : null) : undefined;
  if (jump === null) {
    log.outcome = 'malformed';
    await interaction.reply(privateText(text.common.errors.malformed));
    return;
  }
  if (!chosen || (chosen.kind === 'seat' && chosen.seat >= loaded.replay.seats)) {
    log.outcome = 'malformed';
    await interaction.reply(privateText(text.common.errors.malformed));
    return;
  }
  if (!mayView(chosen, viewerSeat, loaded.over, watchersSeeHands)) {
    log.outcome = 'view_refused';
    await interaction.reply(privateText(text.review.errors.view));
    return;
  }
  const input: ReviewInput = {
    table: loaded.table,
    seats: loaded.seats,
    replay,
    step: clampStep(replay, jump ?? id.step ?? lastStep(replay)),
    view: chosen,
    viewerSeat,
    over: loaded.over,
    watchersSeeHands,
  };
  log.outcome = 'ok';
  if (id.op === 'x') {
    await interaction.reply({ ...exportReply(loaded.mod, input, loaded.hostSeat, text), flags: MessageFlags.Ephemeral });
    return;
  }
  const mod = loaded.mod;
  // The analysis (docs/review.md "Analysis"): only once the game is over, only of a seat's view.
  if (id.op === 'a' && (!loaded.over || chosen.kind !== 'seat')) {
    log.outcome = loaded.over ? 'analysis_no_seat' : 'analysis_running';
    await interaction.reply(privateText(loaded.over ? text.review.analysis.chooseSeat : text.review.analysis.notOver));
    return;
  }
  const runner = analysisRunner(app.bots);
  const analysing = chosen.kind === 'seat' && loaded.over ? (id.op === 'a' ? startAnalysis(runner, loaded, chosen.seat) : runner.peek(loaded.table.id, loaded.table.lastSeq, chosen.seat)) : undefined;
  const analysis = (): ReviewAnalysis | undefined =>
    chosen.kind !== 'seat' || !loaded.over ? undefined : !analysing ? { kind: 'offer' } : analysing.result ? { kind: 'done', result: analysing.result } : { kind: 'running', done: analysing.done, total: analysing.total };
  // The reader's text-panels setting: with their seat row when they played here (read with the table), else read on its own.
  const mine = loaded.seats.find((row) => row.userId === interaction.user.id);
  const stored = mine || !mod.pictures ? false : await app.service.preferences.textPanels(interaction.user.id).catch(() => false);
  const textBoards = mod.pictures ? app.publisher.panelAsText(mine, interaction.user.id, stored) : false;
  const pictureWork = textBoards ? Promise.resolve(null) : reviewStepPictures(app, mod, input, text);
  // As a panel click (src/discord/interactions/panels.ts): pictures not drawn in time follow the acknowledgement.
  const acknowledged = interaction.deferred || interaction.replied;
  const pictures = acknowledged ? await pictureWork : await settledWithin(pictureWork, REVIEW_PICTURE_WAIT_MS - interactionAgeMs(interaction));
  const draw = (drawn: ReviewPictures | null) => reviewMessage(mod, input, text, { pictures: drawn, textBoards, analysis: analysis() });
  const inPlace = id.op !== 'o' && interaction.message.flags.has(MessageFlags.Ephemeral);
  if (analysing && !analysing.result) {
    // Searching takes seconds: acknowledged now, the panel then shows how far it got, and the result.
    if (!interaction.deferred && !interaction.replied) {
      if (inPlace) await interaction.deferUpdate();
      else await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    }
    const drawn = await pictureWork;
    await followAnalysis(interaction, inPlace ? interaction.message.id : interaction.id, analysing, () => forDjs(draw(drawn), true), text, log);
    if (!textBoards) prefetchNeighbours(app, mod, input, text);
    return;
  }
  if (pictures === undefined) {
    if (inPlace) await interaction.deferUpdate();
    else await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    await interaction.editReply(forDjs(draw(await pictureWork), true));
  } else if (inPlace) await interaction.update(forDjs(draw(pictures), true));
  else await interaction.reply(forDjsEphemeral(draw(pictures)));
  if (!textBoards) prefetchNeighbours(app, mod, input, text);
};

/** The analysis runner of each bot policy (one per app): searches through its workers. */
const runners = new WeakMap<BotPolicy, AnalysisRunner>();

/** The analysis runner of `policy` (made on first use). */
export function analysisRunner(policy: BotPolicy): AnalysisRunner {
  let runner = runners.get(policy);
  if (!runner) {
    runner = new AnalysisRunner(policyAdvise(policy));
    runners.set(policy, runner);
  }
  return runner;
}

/** Start (or join) the analysis of `seat` of a loaded table that is over, at the Hint's search size. */
function startAnalysis(runner: AnalysisRunner, loaded: Extract<LoadedReview, { ok: true }>, seat: Seat): AnalysisEntry {
  const { table, replay, mod } = loaded;
  return runner.start(table.id, table.lastSeq, seat, () => seatDecisions(replay, mod.id, table.options, seat), hintIterations(mod));
}

/** How often a running analysis redraws its panel (ms): each redraw sends the step's pictures again. */
export const ANALYSIS_PROGRESS_MS = 3000;

/**
 * Follow a running analysis on an acknowledged review click: the panel shows how far it got
 * (at most every `ANALYSIS_PROGRESS_MS`), then the step with the analysis; a failure is said in
 * a private follow-up and the panel stays as it was.
 */
async function followAnalysis(interaction: ComponentInteraction, panel: string, entry: AnalysisEntry, payload: () => ReturnType<typeof forDjs>, text: Catalog, log: InteractionLog): Promise<void> {
  // A later click on the same panel (◀ ▶ while it runs) follows it from then on: this one stops editing.
  following.set(panel, interaction.id);
  const mine = () => following.get(panel) === interaction.id;
  let last = 0;
  let edits: Promise<unknown> = interaction.editReply(payload()).catch(() => undefined);
  const listener = () => {
    const now = Date.now();
    if (now - last < ANALYSIS_PROGRESS_MS || !mine()) return;
    last = now;
    edits = edits.then(() => (mine() ? interaction.editReply(payload()) : undefined)).catch(() => undefined);
  };
  last = Date.now();
  entry.listeners.add(listener);
  try {
    await entry.promise;
    log.outcome = 'analysed';
  } catch {
    log.outcome = 'analysis_failed';
    if (mine()) following.delete(panel);
    await edits;
    await interaction.followUp(privateText(text.review.analysis.failed)).catch(() => undefined);
    return;
  } finally {
    entry.listeners.delete(listener);
  }
  await edits;
  if (!mine()) return;
  following.delete(panel);
  await interaction.editReply(payload());
}

/** The click following a running analysis on each review panel (message id, or the click's id for a new panel). */
const following = new Map<string, string>();

/**
 * After answering a review step, draw the pictures of the steps just before and after it in
 * the background (into the picture cache, by SVG hash), so the next ◀ or ▶ answers without
 * rasterising: stepping through a game draws each step once either way. Failures are logged
 * by `reviewStepPictures` and change nothing.
 */
export function prefetchNeighbours(app: Pick<AppContext, 'publisher' | 'logger'>, mod: GameModule, input: ReviewInput, text: Catalog): void {
  if (!mod.pictures) return;
  for (const step of [input.step - 1, input.step + 1]) {
    if (step < 0 || step > lastStep(input.replay)) continue;
    void reviewStepPictures(app, mod, { ...input, step }, text);
  }
}

/**
 * The rasterised pictures of a review step (README "Pictures"), drawn from the views the reader
 * may see only (`stepPictures`); PNGs come from the publisher's picture cache by SVG hash. Null
 * for a game without drawers, or when drawing failed (logged; the text version is sent).
 */
export async function reviewStepPictures(app: Pick<AppContext, 'publisher' | 'logger'>, mod: GameModule, input: ReviewInput, text: Catalog): Promise<ReviewPictures | null> {
  try {
    const drawn = stepPictures(mod, input.replay, input.step, input.view, reviewPictureSeats(input.seats, text), text, input.over, input.viewerSeat ?? null);
    if (!drawn) return null;
    const maker = app.publisher.pictures;
    const [board, ...hands] = await Promise.all([
      maker.fromDrawing(drawn.board, reviewPictureName(input.table.id, input.step, null)),
      ...drawn.hands.map(({ seat, picture }) => maker.fromDrawing(picture, reviewPictureName(input.table.id, input.step, seat))),
    ]);
    return { board: board!, hands: drawn.hands.map(({ seat }, i) => ({ seat, picture: hands[i]! })) };
  } catch (err) {
    app.logger.warn({ err, table: input.table.id, step: input.step }, 'review pictures failed: sending the text version');
    return null;
  }
}

/** The Export answer: a line naming the view, the JSON record and the markdown transcript attached. */
function exportReply(mod: GameModule, input: ReviewInput, hostSeat: number, text: Catalog) {
  const ctx = reviewContext(mod, input.table, input.seats, text);
  const record = gameRecord(mod, input, hostSeat, text);
  const transcript = gameTranscript(mod, input, input.view, text);
  return {
    content: text.review.exported(input.table.id, viewLabel(input.view, ctx, input.viewerSeat, text)),
    files: [
      new AttachmentBuilder(Buffer.from(JSON.stringify(record, null, 2)), { name: `${mod.id}-${input.table.id}.json` }),
      new AttachmentBuilder(Buffer.from(transcript), { name: `${mod.id}-${input.table.id}.md` }),
    ],
    allowedMentions: { parse: [] as [] },
  };
}

/** One line of `/history`: a finished game (`stopped` null) or one stopped before its end (its end reason). */
type PastGame = RecentGame & { stopped: string | null };

/**
 * `userId`'s last `limit` past games in `guildId` (README "Review a game"): the finished ones
 * (with their result and rating change) and those that started and were cancelled or
 * abandoned (never rated), merged newest first (ties: higher table id first).
 */
async function pastGames(app: AppContext, guildId: string, userId: string, limit: number): Promise<PastGame[]> {
  const [finished, stopped] = await Promise.all([app.store.recentGames(guildId, userId, limit), app.store.stoppedGames(guildId, userId, limit)]);
  const all: PastGame[] = [
    ...finished.map((game) => ({ ...game, stopped: null })),
    ...stopped.map((game) => ({ tableId: game.tableId, game: game.game, placement: 0, winner: false, left: game.left, score: null, players: game.players, endedAt: game.endedAt, ratingChange: null, stopped: game.endReason ?? 'cancelled' })),
  ];
  return all.sort((a, b) => b.endedAt - a.endedAt || b.tableId - a.tableId).slice(0, limit);
}

/** The `/history` page `page` (0-based, clamped) of `userId`'s past games (finished, cancelled or abandoned). */
export async function historyMessage(app: AppContext, guildId: string, who: { id: string; name: string | null }, page: number, text: Catalog): Promise<MessagePayload> {
  const h = text.review.history;
  const wanted = Math.max(0, Math.min(HISTORY_MAX_PAGES - 1, page));
  const games = await pastGames(app, guildId, who.id, (wanted + 1) * HISTORY_PAGE_SIZE + 1);
  const pages = Math.max(1, Math.ceil(games.length / HISTORY_PAGE_SIZE));
  const shown = Math.min(wanted, pages - 1);
  const slice = games.slice(shown * HISTORY_PAGE_SIZE, (shown + 1) * HISTORY_PAGE_SIZE);
  const more = games.length > (shown + 1) * HISTORY_PAGE_SIZE && shown < HISTORY_MAX_PAGES - 1;
  const lines = [who.name === null ? h.mine : h.title(escapeName(who.name)), ''];
  if (slice.length === 0) lines.push(h.empty);
  for (const game of slice) {
    const mod = app.registry.find(game.game);
    const stoppedMark = game.stopped === null ? null : game.stopped === ABANDONED_REASON ? h.abandoned : h.cancelled;
    const mine = who.name === null;
    const placed = game.left ? h.left(mine) : game.winner ? h.won(mine) : h.placed(game.placement);
    const result = stoppedMark === null ? placed : game.left ? `${h.left(mine)} · ${stoppedMark}` : stoppedMark;
    lines.push(h.line(game.tableId, `${mod?.emoji ?? ''} ${mod ? mod.title(text) : game.game}`.trim(), `<t:${Math.floor(game.endedAt / 1000)}:d>`, game.players, result, h.rating(game.ratingChange ?? null)));
  }
  lines.push('', h.page(shown + 1, more ? h.more : ''));
  const rows: ComponentRow[] = [];
  if (slice.length) rows.push(buttonRow(...slice.map((game) => button(reviewId(game.tableId, null, 'p', 'o'), h.review(game.tableId), ButtonStyle.Primary))));
  if (shown > 0 || more) {
    rows.push(
      buttonRow(
        button(historyPageId(who.id, Math.max(0, shown - 1)), h.previous, ButtonStyle.Secondary, shown === 0),
        button(historyPageId(who.id, shown + 1), h.next, ButtonStyle.Secondary, !more),
      ),
    );
  }
  return { content: clip(lines.join('\n'), 2000), components: rows, allowed_mentions: { parse: [] } };
}

/** A `/history` paging button: redraw the private page in place. */
export const historyPageClick: ComponentHandler<'history'> = async (interaction: ComponentInteraction, app: AppContext, log: InteractionLog, id) => {
  const text = catalogFor(interaction.locale);
  log.action = 'history page';
  if (!interaction.guildId || !interaction.isButton()) {
    log.outcome = interaction.guildId ? 'malformed' : 'not_in_guild';
    await interaction.reply(privateText(interaction.guildId ? text.common.errors.malformed : text.review.errors.notInGuild));
    return;
  }
  log.outcome = 'ok';
  const mine = id.userId === interaction.user.id;
  const page = await historyMessage(app, interaction.guildId, { id: id.userId, name: mine ? null : (await nameOf(app, interaction.guildId, id.userId)) }, id.page, text);
  if (interaction.message.flags.has(MessageFlags.Ephemeral)) await interaction.update(forDjs(page));
  else await interaction.reply(forDjsEphemeral(page));
};

/** The name `userId` had at their latest seat in `guildId` (page titles of `/history user:`). */
async function nameOf(app: AppContext, guildId: string, userId: string): Promise<string> {
  const [latest] = await pastGames(app, guildId, userId, 1);
  if (!latest) return userId;
  const row = (await app.store.seats(latest.tableId)).find((seat) => seat.userId === userId);
  return row?.displayName || userId;
}

/** The display name of the `user` option: server nickname, then global name, then username. */
function optionUser(interaction: ChatInputCommandInteraction): { id: string; name: string } | undefined {
  const user = interaction.options.getUser('user');
  if (!user) return undefined;
  const member = interaction.options.getMember('user');
  const nick = member && 'displayName' in member ? member.displayName : (member as { nick?: string | null } | null)?.nick;
  return { id: user.id, name: nick || user.globalName || user.username };
}

/** The `/history` command; it owns the review (`rh1:r:`) and history-page (`rh1:h:`) clicks. */
export const historyCommand: SlashCommand = {
  name: 'history',
  data: localizedCommand((t) =>
    new SlashCommandBuilder()
      .setName('history')
      .setDescription(t.review.commands.history)
      .setContexts(InteractionContextType.Guild)
      .addUserOption((option) => option.setName('user').setDescription(t.review.commands.historyUser))
      .toJSON(),
  ),
  components: { review: reviewClick, history: historyPageClick },
  async execute(interaction, app, log) {
    const text = catalogFor(interaction.locale);
    log.action = 'history';
    if (!interaction.guildId) {
      log.outcome = 'not_in_guild';
      await interaction.reply(privateText(text.review.errors.notInGuild));
      return;
    }
    const other = optionUser(interaction);
    const me = actorOf(interaction);
    const who = other && other.id !== me.userId ? { id: other.id, name: other.name } : { id: me.userId, name: null };
    log.outcome = 'ok';
    await interaction.reply(forDjsEphemeral(await historyMessage(app, interaction.guildId, who, 0, text)));
  },
};
