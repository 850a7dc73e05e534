/**
 * Where a click's time goes (README "Pictures", docs/pictures.md "Click → answer"): the
 * handlers mark the moments of one interaction (admitted, the table service done, the answer
 * sent…) and the router writes them in the interaction's log line as `stages` — ms since
 * the router received it, besides `ageMs`, how old the interaction already was then (its
 * snowflake against this machine's clock: the gateway's delivery and the event loop's lag).
 * Marking costs one `performance.now()` and a map entry; interactions nobody marks cost nothing.
 */
import { performance } from 'node:perf_hooks';

/** The marks of one interaction: stage → performance.now() when reached (the first time). */
const marks = new WeakMap<object, Map<string, number>>();

/** Start timing `interaction` (the router, on receipt). */
export function startStages(interaction: object): void {
  marks.set(interaction, new Map([['received', performance.now()]]));
}

/**
 * Note that `interaction` reached `stage` now (e.g. `admitted`, `service`, `answered`).
 * The first mark of a stage counts; an interaction the router did not start is ignored.
 */
export function markStage(interaction: object, stage: string): void {
  const stages = marks.get(interaction);
  if (stages && !stages.has(stage)) stages.set(stage, performance.now());
}

/** Each stage's ms since receipt (0.1 ms), in the order reached, or undefined when none was marked. */
export function stagesOf(interaction: object): Record<string, number> | undefined {
  const stages = marks.get(interaction);
  const received = stages?.get('received');
  if (!stages || received === undefined || stages.size < 2) return undefined;
  const out: Record<string, number> = {};
  for (const [stage, at] of stages) if (stage !== 'received') out[stage] = Math.round((at - received) * 10) / 10;
  return out;
}
