import { GAME_MODULES } from '../src/games/index.js';
import { catalogs } from '../src/i18n/index.js';
import { splitPiece } from '../src/discord/pictures/glyphs.js';
import { playRandomGame } from '../test/support/random-play.js';
const seen = new Map<string, string>();
const reasons: Record<string, number> = {};
for (const mod of GAME_MODULES) {
  const seats = Math.min(4, mod.definition.maxPlayers);
  const states: unknown[] = [];
  playRandomGame(mod.definition, { seats, seed: 5, playSeed: 6, maxActions: 200, onState: (s) => states.push(s) });
  for (let i = 0; i < states.length; i += 11) {
    const ctx = (viewer: number | null) => ({ seats: Array.from({ length: seats }, (_, s) => ({ seat: s, name: 'Ana B' + s, bot: false, away: false })), viewer, t: catalogs[i % 2 ? 'es' : 'en'], latest: [], over: false });
    for (const pic of [mod.pictures!.board(mod.definition.publicView(states[i] as never), ctx(null) as any), mod.pictures!.hand(mod.definition.seatView(states[i] as never, 0), ctx(0) as any)]) {
      for (const p of pic.scene!.placed) {
        const svg = p.piece.svg;
        if (!svg.includes('<text')) continue;
        if (splitPiece(svg)) { reasons.ok = (reasons.ok ?? 0) + 1; continue; }
        // reason
        const idx = svg.indexOf('<text'); const lastText = svg.lastIndexOf('</text>');
        const after = svg.slice(lastText + 7);
        const between = svg.slice(idx).replace(/<text [^>]*>[^<]*<\/text>/g, '');
        const r = /<g[\s>]/.test(svg.slice(0, idx)) ? 'text in g' : between.trim() ? 'shape after text: ' + between.trim().slice(0, 40) : 'other';
        const k = mod.id + ' ' + r.slice(0, 60);
        reasons[k] = (reasons[k] ?? 0) + 1;
        if (!seen.has(k)) seen.set(k, svg.slice(0, 300));
      }
    }
  }
}
console.log(reasons);
for (const [k, v] of seen) console.log('--', k, '\n', v);
