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
   * "Show my hand" only: from dispatch until the panel is visible, ms — the reply (callback 4),
   * the follow-up after a deferred update (6), or the "thinking…" reply filled in (5: the bot
   * was late and acknowledged first, src/discord/interactions/late.ts). Absent when it never became visible
   * within PANEL_FOLLOW_UP_TIMEOUT_MS.
   */
  visibleMs?: number;
  /** "Show my hand" answered with a deferred update of the board and the panel as a follow-up (two requests). */
  deferred?: boolean;
  /** Answered in time without an error. */
  ok: boolean;
  /** Why not: `timeout` (no answer within 3 s) or `<status>/<code>` of a refused answer. */
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

async function clicked(kind: ClickSample['kind'], started: number, result: InteractionResult): Promise<Clicked> {
  let latencyMs = performance.now() - started;
  if (result.timedOut) return { sample: { kind, latencyMs, ok: false, failure: 'timeout' }, result, message: undefined };
  if (result.error) return { sample: { kind, latencyMs, ok: false, failure: `${result.error.status}/${result.error.code}` }, result, message: undefined };
  // A deferred update of the board: the panel the user waits for is the follow-up. A deferred
  // reply (a click the bot acknowledged first because it was late, src/discord/interactions/late.ts): the panel
  // is visible once that "thinking…" reply is filled in.
  const deferred = kind === 'hand' && result.callbackType === 6;
  const late = kind === 'hand' && result.callbackType === 5;
  const followUp = deferred ? await result.firstFollowUp(PANEL_FOLLOW_UP_TIMEOUT_MS) : late ? await result.filledReply(PANEL_FOLLOW_UP_TIMEOUT_MS) : undefined;
  const visibleMs = kind !== 'hand' ? undefined : deferred || late ? (followUp ? performance.now() - started : undefined) : latencyMs;
  if (deferred) {
    latencyMs = performance.now() - started;
    if (!followUp) return { sample: { kind, latencyMs, ok: false, deferred, failure: 'no-panel' }, result, message: undefined };
  }
  const sample: ClickSample = { kind, latencyMs, ok: result.callbackType !== null, ...(deferred ? { deferred } : {}), ...(visibleMs !== undefined ? { visibleMs } : {}) };
  // Reading the answer copies the message: only for a panel to click on next, or a size sample.
  const sized = answers++ % SIZE_SAMPLE === 0;
  // A late panel never filled in: nothing to click on next.
  const m = followUp ?? (late ? undefined : kind === 'hand' || sized ? result.message : undefined);
  if (m && sized) sample.answerBytes = JSON.stringify({ content: m.content, embeds: m.embeds, components: m.components }).length;
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
