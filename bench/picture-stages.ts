/**
 * Where a picture's render time goes (docs/pictures.md "Render time"): per game, board and
 * hand, the CPU time of each stage of rasterising on this thread — resvg's parse (the SVG and
 * its text laid out as glyph outlines), its render (filling the pixels) and the PNG encoding,
 * resvg's own `asPng` against `encodeOpaquePng` (src/discord/pictures/png.ts), timed one after
 * the other on the same picture so that a shared machine's load falls on both alike — and the
 * PNG sizes. CPU time (`process.cpuUsage`) rather than wall time: other processes' work inflates
 * it much less.
 *
 * `npx tsx bench/picture-stages.ts [pictures per game and kind = 20]`
 */
import { loadavg } from 'node:os';
import { Resvg } from '@resvg/resvg-js';
import { GAME_MODULES } from '../src/games/index.js';
import { catalogs } from '../src/i18n/index.js';
import { pictureContext } from '../src/discord/pictures/index.js';
import { encodeOpaquePng } from '../src/discord/pictures/png.js';
import { fontFiles, RASTER_SCALE } from '../src/discord/pictures/rasterise.js';
import { FONT_FAMILY } from '../src/games/svg.js';
import { playRandomGame } from '../test/support/random-play.js';
import { snapshotOf } from '../test/support/test-pictures.js';

const count = Number(process.argv[2] ?? 20);
const options = {
  font: { fontFiles: fontFiles(), loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
  fitTo: { mode: 'zoom' as const, value: RASTER_SCALE },
  shapeRendering: 2 as const,
  textRendering: 1 as const,
  logLevel: 'off' as const,
};
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))]! : NaN;
};
const f = (xs: number[]) => `${q(xs, 0.5).toFixed(1)} / ${q(xs, 0.99).toFixed(1)}`;

const before = loadavg().map((x) => x.toFixed(2)).join(' ');
process.stdout.write(`CPU ms p50 / p99 per picture (one thread); ${count} pictures per row; RASTER_SCALE ${RASTER_SCALE}\n`);
process.stdout.write(`${'picture'.padEnd(16)}${'parse+text'.padStart(14)}${'render'.padStart(14)}${'asPng'.padStart(14)}${'encodeOpaque'.padStart(14)}${'total old'.padStart(14)}${'total new'.padStart(14)}   PNG KB p50 old → new   <text> p50\n`);
for (const mod of GAME_MODULES) {
  if (!mod.pictures) continue;
  const seats = Math.min(6, mod.definition.maxPlayers);
  const states: unknown[] = [];
  playRandomGame(mod.definition, { seats, seed: 3, playSeed: 4, maxActions: 2000, onState: (s) => states.push(s) });
  const step = Math.max(1, Math.floor(states.length / count));
  const picked = states.filter((_, i) => i % step === 0).slice(0, count);
  for (const kind of ['board', 'hand'] as const) {
    const t = { parse: [] as number[], render: [] as number[], old: [] as number[], neu: [] as number[], oldKb: [] as number[], newKb: [] as number[], texts: [] as number[] };
    for (const [i, state] of picked.entries()) {
      const snap = snapshotOf(mod, state, seats, i + 2);
      const seat = i % seats;
      const svg =
        kind === 'hand'
          ? mod.pictures.hand(mod.definition.seatView(state as never, seat), pictureContext(snap, seat, catalogs.en)).svg
          : mod.pictures.board(mod.definition.publicView(state as never), pictureContext(snap, null, catalogs.en)).svg;
      let at = cpuMs();
      const tree = new Resvg(svg, options);
      t.parse.push(cpuMs() - at);
      at = cpuMs();
      const image = tree.render();
      t.render.push(cpuMs() - at);
      const pixels = image.pixels;
      // Alternate which encoder goes first.
      const runOld = () => {
        const s = cpuMs();
        const png = image.asPng();
        t.old.push(cpuMs() - s);
        t.oldKb.push(png.length / 1024);
      };
      const runNew = () => {
        const s = cpuMs();
        const png = encodeOpaquePng(pixels, image.width, image.height)!;
        t.neu.push(cpuMs() - s);
        t.newKb.push(png.length / 1024);
      };
      if (i % 2) {
        runOld();
        runNew();
      } else {
        runNew();
        runOld();
      }
      t.texts.push((svg.match(/<text/g) ?? []).length);
    }
    const totalOld = t.parse.map((p, i) => p + t.render[i]! + t.old[i]!);
    const totalNew = t.parse.map((p, i) => p + t.render[i]! + t.neu[i]!);
    process.stdout.write(
      `${`${mod.id}.${kind}`.padEnd(16)}${f(t.parse).padStart(14)}${f(t.render).padStart(14)}${f(t.old).padStart(14)}${f(t.neu).padStart(14)}${f(totalOld).padStart(14)}${f(totalNew).padStart(14)}   ${Math.round(q(t.oldKb, 0.5))} → ${Math.round(q(t.newKb, 0.5))}   ${q(t.texts, 0.5)}\n`,
    );
  }
}
process.stdout.write(`load average before ${before}, after ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
