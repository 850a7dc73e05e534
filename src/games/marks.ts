/**
 * Markers shared by the games' pictures (each explained in the picture's key): whose turn,
 * still deciding, the winner, and what the latest move changed. SVG strings, sizes in px.
 */
import { path, rect, round, THEME } from './svg.js';

/** The dark ink drawn on light cards and markers. */
export const INK = '#1e1f22';

/** ▶-like triangle: whose turn it is. */
export function turnMark(cx: number, cy: number, size = 26): string {
  const h = size / 2;
  return path(`M${round(cx - h * 0.7)} ${round(cy - h)} L${round(cx + h * 0.9)} ${round(cy)} L${round(cx - h * 0.7)} ${round(cy + h)} Z`, { fill: THEME.highlight });
}

/** Hourglass: still deciding (counter race, vote). */
export function decidingMark(cx: number, cy: number, size = 24): string {
  const h = size / 2;
  const w = size * 0.4;
  return path(`M${round(cx - w)} ${round(cy - h)} H${round(cx + w)} L${round(cx - w)} ${round(cy + h)} H${round(cx + w)} Z`, {
    fill: THEME.muted,
    stroke: THEME.muted,
    strokeWidth: 2,
    roundCaps: true,
  });
}

/** Crown: the winner. */
export function winnerMark(cx: number, cy: number, size = 26): string {
  const h = size / 2;
  const d = `M${round(cx - h)} ${round(cy + h * 0.7)} L${round(cx - h)} ${round(cy - h * 0.6)} L${round(cx - h * 0.45)} ${round(cy)} L${round(cx)} ${round(cy - h)} L${round(cx + h * 0.45)} ${round(cy)} L${round(cx + h)} ${round(cy - h * 0.6)} L${round(cx + h)} ${round(cy + h * 0.7)} Z`;
  return path(d, { fill: THEME.ok, stroke: THEME.text, strokeWidth: 1.5 });
}

/** Diamond: changed by the latest move. */
export function changedMark(cx: number, cy: number, size = 20): string {
  const h = size / 2;
  return path(`M${round(cx)} ${round(cy - h)} L${round(cx + h)} ${round(cy)} L${round(cx)} ${round(cy + h)} L${round(cx - h)} ${round(cy)} Z`, {
    fill: THEME.highlight,
    stroke: INK,
    strokeWidth: 2,
  });
}

/** Ballot box: takes part in the open vote (who has voted is secret; the status counts the votes). */
export function ballotMark(cx: number, cy: number, size = 24): string {
  const h = size / 2;
  const slot = `M${round(cx - h * 0.45)} ${round(cy - h * 0.15)} H${round(cx + h * 0.45)}`;
  return (
    path(`M${round(cx - h * 0.4)} ${round(cy - h)} H${round(cx + h * 0.4)} V${round(cy - h * 0.25)} H${round(cx - h * 0.4)} Z`, { fill: THEME.text }) +
    path(`M${round(cx - h * 0.85)} ${round(cy - h * 0.25)} H${round(cx + h * 0.85)} V${round(cy + h)} H${round(cx - h * 0.85)} Z`, { fill: THEME.muted }) +
    path(slot, { stroke: INK, strokeWidth: 2, roundCaps: true })
  );
}

/**
 * A padlock (NOIR: arrested; J'Accuse!: hard evidence), its box's top-left at (x, y), 18 × 22
 * px, in `colour` with its body filled `body`: straight strokes on whole and half pixels only —
 * an arc's stroke lands differently at different whole-pixel translations (resvg's curve
 * flattening), which composing a picture from pieces would show (docs/pictures.md).
 */
export function lockMark(x: number, y: number, colour: string, body: string): string {
  return `<path d="M${x + 4.5} ${y + 10} V${y + 4.5} H${x + 13.5} V${y + 10}" fill="none" stroke="${colour}" stroke-width="3"/>` + rect(x + 1, y + 10, 16, 12, { fill: body, stroke: colour, strokeWidth: 2 });
}
