import { defaultRegistry } from '../src/games/index.js';
import { playMatch } from '../src/bots/match.js';
import { decideBot } from '../src/bots/policy.js';
import type { BotInput } from '../src/games/bot.js';
const def = defaultRegistry().get('suspicion').definition;
const log: string[] = [];
let st: any;
const out = await playMatch({ game: 'suspicion', definition: def, seats: Number(process.argv[2] ?? 3), seed: 1000, options: { variant: 'criminal' },
  players: Array.from({ length: 4 }, () => (input: BotInput) => decideBot({ level: 'normal', input }).action),
  onAction: (seat, a: any, _e, s: any) => { st = s; log.push(`${s.round}:${seat}:${a.type}${a.suspect !== undefined ? '@' + a.suspect : ''}${a.target !== undefined ? '>' + a.target : ''}`); } });
console.log(out.result?.reason, out.actions);
const counts = new Map<string, number>();
for (const l of log.slice(60)) { const t = l.split(':')[2]!.replace(/[@>].*/, ''); counts.set(t, (counts.get(t) ?? 0) + 1); }
console.log(Object.fromEntries(counts));
console.log(log.slice(0, 60).join(' '));
console.log(st.players.map((p: any) => `${p.suspect.join('/')} ${p.slots.map((x: any) => (x ? x.colour : '_')).join(',')}`));
