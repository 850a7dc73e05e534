/**
 * `node --import tsx bench/suspicion-policy-speed.ts` — what leaving every rival's decision to
 * the playout policy (src/games/suspicion/model.ts `suspicionPolicyDecides`, docs/hard-search.md
 * "Suspicion") costs per iteration of the model search: the same 30 classic decision points
 * (3–5 players, from games between Normal players), 1,000 iterations each, twice, with the
 * hook and without it, in the same run (a ratio, so the machine's load cancels out); prints the
 * load average beside it.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { suspicionDefinition as def } from '../src/games/suspicion/engine.js';
import { playMatch } from '../src/bots/match.js';
import { botKit } from '../src/bots/kits.js';
import { modelSearch } from '../src/bots/ismcts.js';
import { decideBot } from '../src/bots/policy.js';
import { Rng } from '../src/games/rng.js';
import type { BotInput } from '../src/games/bot.js';
const kit = botKit('suspicion');
const noHook = { ...kit, model: { ...kit.model!, policyDecides: undefined } };
const inputs: BotInput[] = [];
for (let g = 0; g < 6; g++) {
  let i = 0;
  await playMatch({ game: 'suspicion', definition: def, seats: 3 + (g % 3), seed: 500 + g, options: { variant: 'classic' },
    players: Array.from({ length: 3 + (g % 3) }, () => (input: BotInput) => { if (i++ % 7 === 3) inputs.push(input); return decideBot({ level: 'normal', input }).action; }) });
}
const t = { hook: 0, none: 0 };
for (let rep = 0; rep < 2; rep++) for (const input of inputs.slice(0, 30)) {
  for (const [name, k] of [['hook', kit], ['none', noHook]] as const) {
    const kn = k.know(input);
    const legal = def.legalActions(k.determinize(kn, Rng.seeded(1)), input.seat);
    const t0 = performance.now();
    modelSearch(k, kn, legal as never, Rng.seeded(3), { iterations: 1000 });
    t[name] += performance.now() - t0;
  }
}
console.log(`positions ${Math.min(30, inputs.length)}×2, 1000 iterations each: with policyDecides ${t.hook.toFixed(0)} ms, without ${t.none.toFixed(0)} ms, ratio ${(t.hook / t.none).toFixed(2)}; load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
