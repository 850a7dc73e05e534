/**
 * Small SVG building blocks shared by the games' drawers (`src/games/<game>/pictures.ts`).
 * Pure string builders: every coordinate and size is in px, every text is escaped here.
 * Pictures are rasterised with the fonts the project ships (README "Pictures"), so the
 * family named here is the only one a drawer may use.
 */

/** The one font family a picture may name (shipped under `assets/fonts/`). */
export const FONT_FAMILY = 'DejaVu Sans';

/** Discord-like dark theme colours used by every picture (opaque background, high contrast). */
export const THEME = {
  background: '#2b2d31',
  panel: '#383a40',
  panelLight: '#4e5058',
  text: '#f2f3f5',
  muted: '#b5bac1',
  highlight: '#f0b232',
  you: '#5865f2',
  danger: '#f23f43',
  ok: '#23a55a',
} as const;

/**
 * Emoji (and their joiners and variation selectors) with the space after them: the shipped
 * font has no emoji, so a name such as "🤖 Marple" (a bot seat) would be drawn with a gap.
 */
const EMOJI = /(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u200d\ufe0f\u20e3])+\s?/gu;

/** `text` without emoji (see EMOJI): what the shipped font can draw. */
export function drawable(text: string): string {
  return text.replace(EMOJI, '');
}

/** Escapes text for use inside SVG text content or an attribute value; emoji are dropped (`drawable`). */
export function esc(text: string): string {
  return drawable(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Approximate advance width of `text` at `size` px in DejaVu Sans (bold when `bold`), px.
 * Deliberately generous (≈ the widest common Latin letters), so text measured to fit does fit.
 */
export function textWidth(text: string, size: number, bold = false): number {
  let em = 0;
  for (const ch of text) {
    if (ch === ' ') em += 0.32;
    else if ('iljI.,:;!|\'`'.includes(ch)) em += 0.3;
    else if ('mwMW@'.includes(ch)) em += 0.9;
    else if (ch >= 'A' && ch <= 'Z') em += 0.72;
    else em += 0.62;
  }
  return em * size * (bold ? 1.1 : 1);
}

/** `text` cut with "…" so that it is at most `maxWidth` px wide at `size` px. */
export function fitText(text: string, maxWidth: number, size: number, bold = false): string {
  if (textWidth(text, size, bold) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 1 && textWidth(chars.join('') + '…', size, bold) > maxWidth) chars.pop();
  return chars.join('').trimEnd() + '…';
}

/** Options of {@link text}. */
export interface TextOptions {
  size: number;
  fill?: string;
  bold?: boolean;
  /** `start` (default), `middle` or `end`: which point of the text `x` is. */
  anchor?: 'start' | 'middle' | 'end';
  /** Cut the text with "…" to this width, px. */
  maxWidth?: number;
}

/** A `<text>` element at baseline (`x`, `y`). */
export function text(x: number, y: number, content: string, options: TextOptions): string {
  const plain = drawable(content);
  const shown = options.maxWidth ? fitText(plain, options.maxWidth, options.size, options.bold) : plain;
  const attrs = [
    `x="${round(x)}"`,
    `y="${round(y)}"`,
    `font-size="${options.size}"`,
    `fill="${options.fill ?? THEME.text}"`,
    options.bold ? 'font-weight="bold"' : '',
    options.anchor && options.anchor !== 'start' ? `text-anchor="${options.anchor}"` : '',
  ].filter(Boolean);
  return `<text ${attrs.join(' ')}>${esc(shown)}</text>`;
}

/** Options of {@link rect}. */
export interface RectOptions {
  fill: string;
  stroke?: string;
  strokeWidth?: number;
  /** Corner radius, px. */
  radius?: number;
  /** Dash pattern, e.g. "8 6". */
  dash?: string;
}

/** A (rounded) rectangle. */
export function rect(x: number, y: number, width: number, height: number, options: RectOptions): string {
  const attrs = [
    `x="${round(x)}"`,
    `y="${round(y)}"`,
    `width="${round(width)}"`,
    `height="${round(height)}"`,
    options.radius ? `rx="${options.radius}"` : '',
    `fill="${options.fill}"`,
    options.stroke ? `stroke="${options.stroke}" stroke-width="${options.strokeWidth ?? 2}"` : '',
    options.dash ? `stroke-dasharray="${options.dash}"` : '',
  ].filter(Boolean);
  return `<rect ${attrs.join(' ')}/>`;
}

/** A complete SVG document `width` × `height` px on the theme's opaque background. */
export function svgDocument(width: number, height: number, body: string[]): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT_FAMILY}">` +
    rect(0, 0, width, height, { fill: THEME.background }) +
    body.join('') +
    '</svg>'
  );
}

/** A number rounded to 0.1 px, so SVG text stays short and stable across platforms. */
export function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Options of {@link circle}. */
export interface CircleOptions {
  fill: string;
  stroke?: string;
  strokeWidth?: number;
}

/** A circle centred on (`cx`, `cy`) with radius `r`, px. */
export function circle(cx: number, cy: number, r: number, options: CircleOptions): string {
  const stroke = options.stroke ? ` stroke="${options.stroke}" stroke-width="${options.strokeWidth ?? 2}"` : '';
  return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${options.fill}"${stroke}/>`;
}

/** Options of {@link path}. */
export interface PathOptions {
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
  /** Round line caps and joins (strokes drawn as symbols). */
  roundCaps?: boolean;
}

/** A `<path>` with SVG path data `d` (the caller rounds its coordinates); `fill` defaults to none. */
export function path(d: string, options: PathOptions): string {
  const attrs = [
    `d="${d}"`,
    `fill="${options.fill ?? 'none'}"`,
    options.stroke ? `stroke="${options.stroke}" stroke-width="${options.strokeWidth ?? 2}"` : '',
    options.roundCaps ? 'stroke-linecap="round" stroke-linejoin="round"' : '',
  ].filter(Boolean);
  return `<path ${attrs.join(' ')}/>`;
}

/**
 * `content` broken into lines at spaces (a hyphenated word too wide for a line may also break
 * after its hyphen: "Third-" / "Storey") so that each is at most `maxWidth` px wide at `size`
 * px (measured with {@link textWidth}); emoji are dropped first (`drawable`). At most
 * `maxLines` lines: the last is cut with "…" when the text does not fit, and so is a single
 * word wider than `maxWidth`. Use {@link fitLines} to shrink the text rather than cut it.
 */
export function wrapText(content: string, maxWidth: number, size: number, maxLines: number, bold = false): string[] {
  const words = drawable(content)
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => {
      if (!word.includes('-') || textWidth(word, size, bold) <= maxWidth) return [word];
      return word.split(/(?<=-)/).map((part, i, all) => (i < all.length - 1 ? `${part}\u0000` : part));
    });
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const glue = current.endsWith('\u0000') ? '' : ' ';
    const candidate = current ? `${current}${glue}${word}` : word;
    if (!current || textWidth(candidate, size, bold) <= maxWidth) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  for (let i = 0; i < lines.length; i++) lines[i] = lines[i]!.replace(/\u0000/g, '');
  if (lines.length > maxLines) {
    const rest = lines.slice(maxLines - 1).join(' ');
    lines.length = maxLines - 1;
    // The rest never fits (it held more than one line), so fitText ends it with "…".
    lines.push(rest);
  }
  return lines.map((line) => fitText(line, maxWidth, size, bold));
}

/**
 * `content` in at most `maxLines` lines of at most `maxWidth` px, never cut: at `size` px if
 * it fits, else at the largest size down to `minSize` px (1 px steps) at which it does; cut
 * with "…" only if it does not fit even at `minSize`. Returns the lines and the size, px.
 */
export function fitLines(content: string, maxWidth: number, size: number, maxLines: number, minSize: number, bold = false): { lines: string[]; size: number } {
  for (let s = size; s > minSize; s--) {
    const lines = wrapText(content, maxWidth, s, maxLines, bold);
    if (!lines.some((line) => line.endsWith('…')) || drawable(content).endsWith('…')) return { lines, size: s };
  }
  return { lines: wrapText(content, maxWidth, minSize, maxLines, bold), size: minSize };
}

/** Discord's limit on a media description (alt text), characters. */
export const MAX_ALT_CHARS = 1024;

/**
 * Alt text from sentences: joined with spaces and clipped on a sentence (or word) boundary to
 * at most {@link MAX_ALT_CHARS} characters, ending with "…" when clipped.
 */
export function altText(sentences: string[]): string {
  const full = sentences.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
  if (full.length <= MAX_ALT_CHARS) return full;
  let cut = full.slice(0, MAX_ALT_CHARS - 1);
  const stop = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf(' '));
  if (stop > MAX_ALT_CHARS / 2) cut = cut.slice(0, stop + 1);
  return `${cut.trimEnd()}…`;
}
