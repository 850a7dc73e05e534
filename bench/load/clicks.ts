/**
 * Scripted clicks with timing: "Show my hand" on a board, a random control of a panel, and
 * the outcome of each interaction as the user saw it.
 */
import { performance } from 'node:perf_hooks';
import { interactiveComponents, type EmulatedMessage, type EmulatedUser, type InteractionResult } from '../../src/local/emulator/index.js';
import type { Rng } from '../../src/games/rng.js';
import { SHOW_HAND_LABEL } from './echo-bot.js';

/** One interaction as measured. */
export interface ClickSample {
  kind: 'hand' | 'control';
  /**
   * From dispatch to the accepted initial callback (or to the failure), ms, as measured before
   * 2026-12-02 — except for "Show my hand" answered with a deferred update of the board
   * (`deferred`, a path added then), whose callback shows the user nothing: to its private
   * follow-up, the moment the panel is visible (so the new path cannot flatter this figure).
   */
  latencyMs: number;
  /**
   * From dispatch until the user sees the answer, ms (since 2026-12-07; `answerVisibleMs`):
   * a reply (callback 4) or an in-place update (7) at its callback; a "thinking…" reply (5)
   * once filled in; a deferred update (6) — which leaves the clicked message as it was — at the
   * private follow-up ("Show my hand" on the board) or, on a panel, at the panel's next edit or
   * a private follow-up, whichever comes first (a picture still to draw follows a click on a
   * panel this way, panels.ts). Absent for a failed click.
   */
  visibleMs?: number;
  /** "Show my hand" answered with a deferred update of the board and the panel as a follow-up (two requests). */
  deferred?: boolean;
  /** A click on a panel answered with a deferred update (6) and shown later (an edit or a follow-up). */
  shownLater?: boolean;
  /**
   * The answer the user saw is a Components V2 message (the product's panels; a game with
   * drawers) and whether it carried a picture (an attachment) — false: the text version.
   * Absent when the answer is not such a message (the echo bot's embeds, a private note).
   */
  picture?: boolean;
  /** Answered in time without an error. */
  ok: boolean;
  /**
   * Why not: `timeout` (no answer within 3 s), `no-panel` / `no-edit` (acknowledged, but the
   * panel, or the edit a deferred update promised, never came within PANEL_FOLLOW_UP_TIMEOUT_MS),
   * or `<status>/<code>` of a refused answer.
   */
  failure?: string;
  /** Bytes of the bot's answer (the callback's message data as JSON), when answered. */
  answerBytes?: number;
}

/** The outcome of clicking. */
export interface Clicked {
  sample: ClickSample;
  result: InteractionResult;
  /** The message the user sees as the answer to "Show my hand" (a copy), if any. */
  message: EmulatedMessage | undefined;
}

/** Every SIZE_SAMPLE-th answer has its size measured (it costs a JSON.stringify). */
const SIZE_SAMPLE = 8;
let answers = 0;

/** How long a deferred "Show my hand" may take to send its panel as a follow-up before it counts as failed, ms. */
export const PANEL_FOLLOW_UP_TIMEOUT_MS = 10_000;

/** Components V2 (discord-api-docs `resources/message.mdx` "Message Flags": IS_COMPONENTS_V2). */
const COMPONENTS_V2 = 1 << 15;

/** Whether `m` is a Components V2 message and shows a picture (see ClickSample.picture). */
function pictureOf(m: EmulatedMessage | undefined): boolean | undefined {
  if (!m || (Number(m.flags ?? 0) & COMPONENTS_V2) === 0) return undefined;
  return ((m.attachments as unknown[] | undefined)?.length ?? 0) > 0;
}

/** The first of the panel's next edit and a private follow-up, or undefined after `timeoutMs` without either. */
function shownAfterDeferredUpdate(result: InteractionResult, timeoutMs: number): Promise<EmulatedMessage | undefined> {
  return new Promise((resolve) => {
    let left = 2;
    const settle = (m: EmulatedMessage | undefined) => {
      left -= 1;
      if (m) {
        left = -1;
        resolve(m);
      } else if (left === 0) resolve(undefined);
    };
    // Both waiters are set before this function returns: before the bot's next request is handled.
    void result.nextEdit(timeoutMs).then(settle);
    void result.firstFollowUp(timeoutMs).then(settle);
  });
}

async function clicked(kind: ClickSample['kind'], started: number, result: InteractionResult): Promise<Clicked> {
  let latencyMs = performance.now() - started;
  if (result.timedOut) return { sample: { kind, latencyMs, ok: false, failure: 'timeout' }, result, message: undefined };
  if (result.error) return { sample: { kind, latencyMs, ok: false, failure: `${result.error.status}/${result.error.code}` }, result, message: undefined };
  // A deferred update of the board: the panel the user waits for is the follow-up. A deferred
  // reply (a click the bot acknowledged first because it was late, src/discord/interactions/late.ts,
  // or a panel whose picture is still to draw): the answer is visible once that "thinking…"
  // reply is filled in. A deferred update of a panel: once the panel is edited (or a private
  // follow-up comes) — until then the user sees the panel they clicked, unchanged.
  const deferred = kind === 'hand' && result.callbackType === 6;
  const shownLater = kind === 'control' && result.callbackType === 6;
  const late = result.callbackType === 5;
  const later = deferred ? result.firstFollowUp(PANEL_FOLLOW_UP_TIMEOUT_MS) : shownLater ? shownAfterDeferredUpdate(result, PANEL_FOLLOW_UP_TIMEOUT_MS) : late ? result.filledReply(PANEL_FOLLOW_UP_TIMEOUT_MS) : undefined;
  const followUp = later ? await later : undefined;
  const visibleMs = later ? (followUp ? performance.now() - started : undefined) : latencyMs;
  if (deferred) {
    latencyMs = performance.now() - started;
    if (!followUp) return { sample: { kind, latencyMs, ok: false, deferred, failure: 'no-panel' }, result, message: undefined };
  }
  if (shownLater && !followUp) return { sample: { kind, latencyMs, ok: false, shownLater, failure: 'no-edit' }, result, message: undefined };
  // A "thinking…" reply never filled in: the user never saw an answer (before 2026-12-07 such a click counted as answered).
  if (late && !followUp) return { sample: { kind, latencyMs, ok: false, failure: 'no-panel' }, result, message: undefined };
  const sample: ClickSample = { kind, latencyMs, ok: result.callbackType !== null, ...(deferred ? { deferred } : {}), ...(shownLater ? { shownLater } : {}), ...(visibleMs !== undefined ? { visibleMs } : {}) };
  // What the user sees now: the follow-up or edit waited for, else the response message.
  // (Reading it copies the message.)
  const m = followUp ?? (late ? undefined : result.message);
  const picture = pictureOf(m);
  if (picture !== undefined) sample.picture = picture;
  if (m && answers++ % SIZE_SAMPLE === 0) sample.answerBytes = JSON.stringify({ content: m.content, embeds: m.embeds, components: m.components }).length;
  return { sample, result, message: kind === 'hand' ? m : undefined };
}

/**
 * Click "Show my hand" on `boardId` as `user`. Returns null if the board no longer offers
 * it (the game ended) — nothing is dispatched then.
 */
export async function showHand(user: EmulatedUser, boardId: string): Promise<Clicked | null> {
  let pending: Promise<InteractionResult>;
  const started = performance.now();
  try {
    pending = user.click(boardId, SHOW_HAND_LABEL);
  } catch {
    return null;
  }
  return clicked('hand', started, await pending);
}

/** The enabled controls of a message (buttons that send an interaction, selects). */
export function controlsOf(m: EmulatedMessage): { customId: string; select: boolean; options: string[]; minValues: number }[] {
  return interactiveComponents(m)
    .filter((c) => c.customId && !c.disabled && (c.type !== 2 || (c.component.style !== 5 && c.component.style !== 6)))
    .map((c) => ({
      customId: c.customId!,
      select: c.type !== 2,
      options: Array.isArray(c.component.options) ? (c.component.options as { value: string }[]).map((o) => o.value) : [],
      minValues: typeof c.component.min_values === 'number' ? c.component.min_values : 1,
    }));
}

/**
 * Use control `control` of message `m` as `user`: click the button, or pick `values` (default:
 * `minValues` random options) in the select. Returns null if the control cannot be used
 * (the message is gone or changed) — nothing is dispatched then.
 */
export async function useControl(
  user: EmulatedUser,
  m: EmulatedMessage,
  control: ReturnType<typeof controlsOf>[number],
  rng: Rng,
  values?: string[],
): Promise<Clicked | null> {
  let pending: Promise<InteractionResult>;
  const started = performance.now();
  try {
    if (control.select) {
      const chosen = values ?? rng.shuffle(control.options).slice(0, Math.max(1, control.minValues));
      pending = user.select(m.id, control.customId, chosen);
    } else {
      pending = user.click(m.id, control.customId);
    }
  } catch {
    return null;
  }
  return clicked('control', started, await pending);
}
