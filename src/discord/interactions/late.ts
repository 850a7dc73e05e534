/**
 * Overload degrades, never fails (README "Benchmark"; docs/discord.md §1: an interaction
 * not acknowledged within 3 s fails). A component click that is already
 * ACKNOWLEDGE_FIRST_AFTER_MS late when it arrives, or reaches that while it waits for its
 * turn (admission.ts), is acknowledged at once — a deferred update on a private panel or
 * prompt, a deferred private reply on a public message — and its real work follows when its
 * turn comes. The move is still committed before anything shows its result: the handler runs
 * as usual, and what it would have sent as the initial response becomes an edit of the
 * acknowledged response, through the interaction-webhook route on the interaction REST client
 * (outside the global limit).
 */
import { MessageFlags } from 'discord.js';
import type { ComponentInteraction } from './slash-command.js';
import { requestBody, type RequestBody } from '../render/message-body.js';
import type { MessagePayload } from '../render/markup.js';

/**
 * A component click this old (ms since its snowflake's creation: the larger of its age on this
 * machine's clock and that age corrected as for EXPIRED_AFTER_MS, `InteractionAges.overdueMs`,
 * so neither a clock running behind nor a start under load delays it) and not yet worked on is
 * acknowledged first. 1,800 ms since 2026-12-07 night (1,000 before): an acknowledgement
 * makes a click cost two requests instead of one, and at 200 clicks/s × 1,000 tables with
 * pictures a backlog of a second tipped the bot into acknowledging nearly every click and
 * it stayed there (p50 0.5–1.9 s in four of five runs); at 1,800 ms it caught up (p50 195 ms,
 * 197 of 200 clicks/s answered, none unanswered; docs/benchmark.md). 1.2 s is left for the
 * acknowledgement to reach Discord.
 */
export const ACKNOWLEDGE_FIRST_AFTER_MS = 1800;

/**
 * A click this much older than the promptest click of the last minutes (docs/discord.md
 * §1: its token lives 3 s) cannot be acknowledged in time any more: it is not worked on at all
 * (the user saw "This interaction failed"; nothing changes, no action is half applied), so the
 * clicks still in time get the bot's time. ms.
 */
export const EXPIRED_AFTER_MS = 3000;

/**
 * Ages of interactions corrected for the clock: an interaction's age is read from its
 * snowflake (Discord's clock) against this machine's clock, which can be off by a second or
 * more. The smallest age seen lately (per minute, over the last `minutes`) is network latency
 * plus that offset; `overdueMs` subtracts it, so a machine whose clock runs ahead never
 * mistakes fresh clicks for expired ones.
 */
export class InteractionAges {
  /** Smallest age seen per minute, newest last (at most `minutes` entries). */
  private readonly minima: { minute: number; ageMs: number }[] = [];

  constructor(private readonly minutes = 10) {}

  /** Note `interaction` (at `now`, Unix ms) and return how much older it is than the promptest lately, ms (≥ 0). */
  overdueMs(interaction: { createdTimestamp: number }, now: number = Date.now()): number {
    const age = interactionAgeMs(interaction, now);
    const minute = Math.floor(now / 60_000);
    const last = this.minima.at(-1);
    if (last && last.minute === minute) last.ageMs = Math.min(last.ageMs, age);
    else {
      this.minima.push({ minute, ageMs: age });
      while (this.minima.length > this.minutes) this.minima.shift();
    }
    let least = age;
    for (const entry of this.minima) least = Math.min(least, entry.ageMs);
    return Math.max(0, age - least);
  }
}

/** How old an interaction is, ms (its snowflake's creation time to `now`, Unix ms). */
export function interactionAgeMs(interaction: { createdTimestamp: number }, now: number = Date.now()): number {
  return now - interaction.createdTimestamp;
}

/** `work`'s value if it settles within `ms` (≤ 0: only if already settled), else undefined (`work` goes on). */
export async function settledWithin<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, ms));
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Sends an API body (serialised JSON, or a body with files) to the interaction's original response; resolves with the message. */
export type EditOriginal = (interaction: { applicationId: string; token: string }, body: string | RequestBody) => Promise<unknown>;

/**
 * discord.js-style answer options (as the handlers pass them) as an API message edit body,
 * with the files of a picture (README "Pictures") and the Components V2 flag when present.
 */
function editBody(options: unknown): string | RequestBody {
  if (typeof options === 'string') return JSON.stringify({ content: options });
  const { content, embeds, components, allowedMentions, flags, files } = (options ?? {}) as Record<string, unknown>;
  const body = {
    ...(content !== undefined ? { content } : {}),
    ...(embeds !== undefined ? { embeds } : {}),
    ...(components !== undefined ? { components } : {}),
    ...(allowedMentions !== undefined ? { allowed_mentions: allowedMentions } : {}),
  };
  if (typeof flags !== 'number' || (flags & MessageFlags.IsComponentsV2) === 0) return JSON.stringify(body);
  const attached = (Array.isArray(files) ? files : []) as { attachment: Buffer; name: string; description?: string }[];
  return requestBody(
    { ...body, flags: flags & ~MessageFlags.Ephemeral, files: attached.map((file) => ({ name: file.name, data: file.attachment, ...(file.description ? { description: file.description } : {}) })) } as MessagePayload,
    true,
  );
}

/** Options for a follow-up: the callback-only `withResponse` left out, always private. */
function followUpOptions(options: unknown): Record<string, unknown> {
  const { withResponse: _ignored, ...rest } = (typeof options === 'string' ? { content: options } : (options ?? {})) as Record<string, unknown>;
  return { ...rest, flags: MessageFlags.Ephemeral };
}

/**
 * Acknowledge `interaction` now and make its answer methods work on the acknowledged
 * response: on a private (ephemeral) message, `update` edits it and `reply` becomes a private
 * follow-up (not tracked as a panel: its response resource is empty); on a public message
 * (the board, a lobby), `reply` and `update` fill the deferred private reply, and a silent
 * `deferUpdate` (lobby buttons) removes it. Rejects when the acknowledgement fails.
 */
export async function acknowledgeFirst(interaction: ComponentInteraction, editOriginal: EditOriginal): Promise<void> {
  const onPanel = interaction.message.flags.has(MessageFlags.Ephemeral);
  if (onPanel) await interaction.deferUpdate();
  else await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const answers = interaction as unknown as Record<string, unknown>;
  const edit = async (options: unknown) => {
    const message = (await editOriginal(interaction, editBody(options))) as { id?: string } | undefined;
    return { resource: { message: message?.id ? { id: message.id } : null } };
  };
  answers.update = edit;
  if (onPanel) {
    answers.reply = async (options: unknown) => {
      await interaction.followUp(followUpOptions(options));
      return { resource: { message: null } };
    };
    answers.deferUpdate = async () => undefined;
  } else {
    answers.reply = edit;
    answers.deferUpdate = () => interaction.deleteReply();
  }
  answers.deferReply = async () => undefined;
}
