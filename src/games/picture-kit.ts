/**
 * More SVG building blocks for the games' drawers (`src/games/<game>/pictures.ts`), beside
 * the basic ones of `svg.ts`: lines, circles, polygons, the symbols a key explains (tick,
 * cross, turn marker, arrow, padlock) and a legend strip (word wrapping and alt text are svg.ts's).
 * Pure string builders; every coordinate and size is in px. Symbols are drawn as shapes,
 * never as glyphs, so pictures need only the Latin-1 letters of the shipped font
 * (README "Pictures").
 */
import type { GameEvent, Seat, Viewer } from './engine.js';
import { MIN_LABEL_PX, type PictureContext } from './picture.js';
import { HIGHLIGHT_RING } from './scene.js';
import { circle as svgCircle, drawable, esc, fitText, rect, round, text, textWidth, THEME, wrapText } from './svg.js';

/** Alt text and its limit live in svg.ts (one definition for every game's pictures). */
export { altText, MAX_ALT_CHARS as ALT_MAX } from './svg.js';
/** Word wrapping lives in svg.ts too (one implementation, one signature). */
export { fitLines, wrapText } from './svg.js';
import type { RenderContext } from './ui.js';


/** Stroke options of the shapes below. */
export interface StrokeOptions {
  stroke: string;
  width?: number;
  fill?: string;
  dash?: string;
}

/**
 * The lesson highlight ring of an SVG drawer (docs/lessons.md; scene drawers get it from
 * `SceneBuilder.finish`, src/games/scene.ts): a thick cyan outline around the box (x, y, w, h),
 * drawn when `ctx.highlight` holds `key` — else nothing.
 */
export function highlightRingAt(ctx: PictureContext, key: string, x: number, y: number, w: number, h: number): string {
  // The Activity's hit targets (docs/activity.md): where this part is, whether highlighted or not.
  if (ctx.regions && !ctx.regions.has(key)) ctx.regions.set(key, { x, y, w, h });
  if (!ctx.highlight?.has(key)) return '';
  return rect(x, y, w, h, { fill: 'none', radius: 14, stroke: HIGHLIGHT_RING, strokeWidth: 7 });
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

/** The turn marker: a solid triangle pointing right, `size` px tall, centred on (cx, cy). */
export function turnMarker(cx: number, cy: number, size: number, colour: string = THEME.highlight): string {
  const h = size / 2;
  return polygon([[cx - h * 0.8, cy - h], [cx + h, cy], [cx - h * 0.8, cy + h]], { fill: colour });
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

/** A padlock `size` px tall, its body's top-left at (x, y + size·0.4). */
export function padlock(x: number, y: number, size: number, colour: string, bodyFill: string = colour): string {
  const w = size * 0.8;
  const shackle = `<path d="M ${round(x + w * 0.22)} ${round(y + size * 0.45)} V ${round(y + size * 0.25)} A ${round(w * 0.28)} ${round(w * 0.28)} 0 0 1 ${round(x + w * 0.78)} ${round(y + size * 0.25)} V ${round(y + size * 0.45)}" fill="none" stroke="${colour}" stroke-width="${round(size * 0.1)}"/>`;
  return shackle + `<rect x="${round(x)}" y="${round(y + size * 0.42)}" width="${round(w)}" height="${round(size * 0.58)}" rx="3" fill="${bodyFill}" stroke="${colour}" stroke-width="2"/>`;
}

/** One entry of a legend: a symbol drawn in a `box`-px square at (x, y), and its words. */
export interface LegendItem {
  draw: (x: number, y: number, box: number) => string;
  label: string;
}

/** Size of a legend's symbol square and its text, px. */
const LEGEND_BOX = 30;
const LEGEND_TEXT = MIN_LABEL_PX;
const LEGEND_ROW = 42;

/**
 * A legend strip ("key") from `top`: a heading, then the items flowed after it, left to right, in rows
 * that fit `width` px (starting at `left`). Returns the SVG and the strip's height, px.
 */
export function legendStrip(left: number, top: number, width: number, heading: string, items: LegendItem[]): { svg: string; height: number } {
  const parts: string[] = [];
  parts.push(`<line x1="${left}" y1="${top}" x2="${left + width}" y2="${top}" stroke="${THEME.panelLight}" stroke-width="2"/>`);
  // The heading opens the first row ("Key:"), so the strip costs no extra line.
  let y = top + 14;
  parts.push(text(left, y + LEGEND_BOX / 2 + 8, heading, { size: LEGEND_TEXT, fill: THEME.muted, bold: true, maxWidth: width }));
  let x = left + Math.min(width / 2, textWidth(heading, LEGEND_TEXT, true) + 18);
  for (const item of items) {
    // A label too wide for a whole row wraps onto a second line (never cut).
    const lines = wrapText(item.label, width - LEGEND_BOX - 10, LEGEND_TEXT, 2);
    const w = LEGEND_BOX + 10 + Math.max(...lines.map((l) => textWidth(l, LEGEND_TEXT))) + 26;
    if (x > left && x + w - 26 > left + width) {
      x = left;
      y += LEGEND_ROW;
    }
    parts.push(item.draw(x, y, LEGEND_BOX));
    lines.forEach((l, i) => parts.push(text(x + LEGEND_BOX + 10, y + LEGEND_BOX / 2 + 8 + i * (LEGEND_TEXT + 5), l, { size: LEGEND_TEXT, fill: THEME.text })));
    x += w;
    if (lines.length > 1) {
      // The second line takes the rest of the row.
      x = left + width;
      y += LEGEND_TEXT + 5;
    }
  }
  return { svg: parts.join(''), height: y + LEGEND_ROW - top };
}


/** One entry of a key panel (`keyPanel`): a symbol drawn centred at (cx, cy), and its words. */
export type KeyPanelItem = [icon: (cx: number, cy: number) => string, label: string];

/**
 * The key as a panel across the picture (Suspicion, Tricks and the Phantom): the title, then each
 * symbol with its words, flowing over as many 40-px lines as needed, inside a rounded panel
 * `margin` px from the edges of a `width`-px picture, from `y`. Appends to `out`; returns the
 * panel's height, px. (NOIR and J'Accuse! draw theirs with `legendStrip`.)
 */
export function keyPanel(out: string[], y: number, items: KeyPanelItem[], title: string, width: number, margin: number): number {
  const lineH = 40;
  const parts: string[] = [];
  let x = margin + 16;
  let line = 0;
  parts.push(text(x, y + 38, title, { size: MIN_LABEL_PX, bold: true, fill: THEME.muted }));
  x += textWidth(title, MIN_LABEL_PX, true) + 16;
  for (const [icon, label] of items) {
    const shown = fitText(label, width - 2 * margin - 80, MIN_LABEL_PX);
    const w = 36 + textWidth(shown, MIN_LABEL_PX) + 18;
    if (x + w > width - margin - 8) {
      line++;
      x = margin + 16;
    }
    const cy = y + 30 + line * lineH;
    parts.push(icon(x + 14, cy), text(x + 34, cy + 8, shown, { size: MIN_LABEL_PX, fill: THEME.text }));
    x += w;
  }
  const h = 20 + (line + 1) * lineH;
  out.push(rect(margin, y, width - 2 * margin, h, { fill: THEME.panel, radius: 14 }), ...parts);
  return h;
}


/** A `<g>` group around `body`, optionally with an opacity (0–1). */
export function group(body: string, opacity?: number): string {
  return `<g${opacity !== undefined ? ` opacity="${opacity}"` : ''}>${body}</g>`;
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
