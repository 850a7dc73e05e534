/**
 * More SVG building blocks for the games' drawers (`src/games/<game>/pictures.ts`), beside
 * the basic ones of `svg.ts`: lines, circles, polygons, the symbols a key explains (tick,
 * cross, arrow), and the latest events as alt-text lines (the key, text pieces and panels of a
 * scene are src/games/scene-kit.ts's).
 * Pure string builders; every coordinate and size is in px. Symbols are drawn as shapes,
 * never as glyphs, so pictures need only the Latin-1 letters of the shipped font
 * (README "Pictures").
 */
import type { GameEvent, Seat, Viewer } from './engine.js';
import type { PictureContext } from './picture.js';
import { circle as svgCircle, drawable, esc, round } from './svg.js';

/** Alt text and its limit live in svg.ts (one definition for every game's pictures). */
export { altText, MAX_ALT_CHARS as ALT_MAX } from './svg.js';
import type { RenderContext } from './ui.js';


/** Stroke options of the shapes below. */
export interface StrokeOptions {
  stroke: string;
  width?: number;
  fill?: string;
  dash?: string;
}

/** A straight line from (x1, y1) to (x2, y2). */
export function line(x1: number, y1: number, x2: number, y2: number, o: StrokeOptions): string {
  return `<line x1="${round(x1)}" y1="${round(y1)}" x2="${round(x2)}" y2="${round(y2)}" stroke="${o.stroke}" stroke-width="${o.width ?? 2}" stroke-linecap="round"${o.dash ? ` stroke-dasharray="${o.dash}"` : ''}/>`;
}

/** A circle centred on (cx, cy) with radius `r` (svg.ts `circle`, stroke width as `width`). */
export function circle(cx: number, cy: number, r: number, o: { fill: string; stroke?: string; width?: number }): string {
  return svgCircle(cx, cy, r, { fill: o.fill, ...(o.stroke ? { stroke: o.stroke, strokeWidth: o.width ?? 2 } : {}) });
}

/** A closed polygon through `points` ([x, y] pairs). */
export function polygon(points: [number, number][], o: { fill: string; stroke?: string; width?: number }): string {
  const pts = points.map(([x, y]) => `${round(x)},${round(y)}`).join(' ');
  return `<polygon points="${pts}" fill="${o.fill}"${o.stroke ? ` stroke="${o.stroke}" stroke-width="${o.width ?? 2}" stroke-linejoin="round"` : ''}/>`;
}

/** An open polyline through `points`. */
export function polyline(points: [number, number][], o: StrokeOptions): string {
  const pts = points.map(([x, y]) => `${round(x)},${round(y)}`).join(' ');
  return `<polyline points="${pts}" fill="none" stroke="${o.stroke}" stroke-width="${o.width ?? 3}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** A tick (check mark) inside the `size`-px square whose centre is (cx, cy). */
export function tick(cx: number, cy: number, size: number, colour: string, width = 4): string {
  const h = size / 2;
  return polyline([[cx - h * 0.75, cy], [cx - h * 0.2, cy + h * 0.6], [cx + h * 0.8, cy - h * 0.6]], { stroke: colour, width });
}

/** A cross (✗ as two strokes) inside the `size`-px square whose centre is (cx, cy). */
export function cross(cx: number, cy: number, size: number, colour: string, width = 4): string {
  const h = size / 2;
  return line(cx - h, cy - h, cx + h, cy + h, { stroke: colour, width }) + line(cx - h, cy + h, cx + h, cy - h, { stroke: colour, width });
}

/** An arrow from (x1, y1) to (x2, y2) with a solid head of `head` px. */
export function arrow(x1: number, y1: number, x2: number, y2: number, colour: string, width = 6, head = 18): string {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / len;
  const uy = (y2 - y1) / len;
  const bx = x2 - ux * head;
  const by = y2 - uy * head;
  const px = -uy * head * 0.6;
  const py = ux * head * 0.6;
  return (
    line(x1, y1, bx, by, { stroke: colour, width }) +
    polygon([[x2, y2], [bx + px, by + py], [bx - px, by - py]], { fill: colour })
  );
}

/** `esc` re-exported for drawers that build their own elements. */
export { esc };

/** A log line as an alt-text sentence: emoji, bold markers and doubled spaces removed. */
export function plainLine(line: string): string {
  return drawable(line)
    .replace(/\*\*/g, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([,.;:)])/g, '$1')
    .trim();
}

/**
 * The latest events (`ctx.latest`) that `ctx.viewer` may see, as plain log lines for alt text,
 * worded by the game's own `describeEvent` (its `GameUi` log lines) with the picture's names.
 */
export function latestLines(ctx: PictureContext, describe: (event: GameEvent, render: RenderContext, viewer: Viewer) => string | null): string[] {
  const render = {
    tableId: 0,
    seats: ctx.seats.map((s) => ({ seat: s.seat, userId: '', displayName: s.name, away: s.away, left: false })),
    t: ctx.t,
    deadlineMs: null,
    actionId: () => '',
    selectId: () => '',
    name: (seat: Seat) => ctx.seats[seat]?.name ?? `#${seat + 1}`,
    relative: () => '',
  } satisfies RenderContext;
  const out: string[] = [];
  for (const e of ctx.latest) {
    if (e.to && (ctx.viewer === null || !e.to.includes(ctx.viewer))) continue;
    const line = describe(e, render, ctx.viewer);
    if (line) out.push(plainLine(line));
  }
  return out;
}
