import { GAME_MODULES } from '../src/games/index.js';
import { catalogFor } from '../src/i18n/index.js';
import { playMatch } from '../src/bots/match.js';
import { decideBot } from '../src/bots/policy.js';
import { hintFor } from '../src/tables/hints.js';
import type { BotInput } from '../src/games/bot.js';
const small = { bench: { arena: { setups: [], deals: 1, hardIterations: 400, latencySeats: 2 }, legalMoves: [], variants: [] } } as never;
for (const mod of GAME_MODULES) {
  const inputs: BotInput[] = [];
  const n = mod.definition.minPlayers + 1 > mod.definition.maxPlayers ? mod.definition.minPlayers : mod.definition.minPlayers + 1;
  await playMatch({ game: mod.id, definition: mod.definition, seats: n, seed: 11, players: Array.from({ length: n }, () => (input: BotInput) => { inputs.push(structuredClone(input)); return decideBot({ level: 'normal', input }).action; }) });
  for (const i of [3, 9, 17, 25]) {
    const input = inputs[i]; if (!input) continue;
    const a = hintFor(small, input);
    for (const lang of ['en', 'es']) {
      const t = mod.text(catalogFor(lang)).hintReasons!;
      const why = a.best.reason ? t[a.best.reason.key]!(...(a.best.reason.args ?? [])) : '-';
      const est = a.best.estimate === null ? '' : catalogFor(lang).bots.hint.estimate(Math.round(100 * a.best.estimate), a.next && a.next.estimate !== null ? { move: a.next.code, percent: Math.round(100 * a.next.estimate) } : null);
      console.log(`${mod.id} ${lang} [${a.best.code}] ${why} ${est}`);
    }
  }
}
