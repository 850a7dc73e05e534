// @ts-check
/**
 * Discord's message markdown as safe HTML: every character of the input is escaped first,
 * then only the markup Discord knows becomes tags — **bold**, *italics* / _italics_,
 * __underline__, ~~strike~~, ||spoiler||, `code`, ```code blocks```, > quotes, # headers,
 * -# subtext, - lists, [masked](https://links), bare links, links to a channel or message of
 * this server (shown and followed inside the page, as Discord's client does), mentions (<@id> → @name,
 * <#id> → #channel, <@&id> → @role), custom emoji and <t:unix:style> timestamps (R live).
 */

/**
 * @typedef {object} MarkdownContext
 * @property {(id: string) => string | undefined} userName display name of a user id
 * @property {(id: string) => string | undefined} channelName name of a channel id
 * @property {(id: string) => string | undefined} roleName name of a role id
 * @property {string} me the viewer's user id (their mentions are highlighted)
 * @property {string} locale the viewer's client language (timestamps)
 * @property {number} now current time in ms (relative timestamps)
 * @property {string} [guildId] the server shown: its `discord.com/channels/…` links open inside the page
 */

/** @param {string} s */
export function escapeHtml(s) {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Discord's timestamp styles → Intl options. */
const STYLES = /** @type {Record<string, Intl.DateTimeFormatOptions>} */ ({
  t: { hour: '2-digit', minute: '2-digit' },
  T: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  d: { day: '2-digit', month: '2-digit', year: 'numeric' },
  D: { day: 'numeric', month: 'long', year: 'numeric' },
  f: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  F: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
});

/**
 * A relative time as Discord's `R` style shows it ("in 2 minutes", "5 seconds ago").
 * @param {number} targetMs the instant, in ms since 1970
 * @param {number} nowMs now, in ms
 * @param {string} locale
 */
export function formatRelative(targetMs, nowMs, locale) {
  const seconds = Math.round((targetMs - nowMs) / 1000);
  const abs = Math.abs(seconds);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  /** @type {[number, Intl.RelativeTimeFormatUnit][]} */
  const steps = [
    [60, 'second'],
    [3600, 'minute'],
    [86400, 'hour'],
    [86400 * 30, 'day'],
    [86400 * 365, 'month'],
    [Infinity, 'year'],
  ];
  const divisors = /** @type {Record<string, number>} */ ({ second: 1, minute: 60, hour: 3600, day: 86400, month: 86400 * 30, year: 86400 * 365 });
  for (const [limit, unit] of steps) {
    if (abs < limit) return rtf.format(Math.round(seconds / (divisors[unit] ?? 1)), unit);
  }
  return rtf.format(Math.round(seconds / 86400 / 365), 'year');
}

/**
 * A `<t:unix:style>` timestamp as text.
 * @param {number} unixSeconds
 * @param {string} style one of t T d D f F R (default f)
 * @param {string} locale
 * @param {number} nowMs
 */
export function formatTimestamp(unixSeconds, style, locale, nowMs) {
  const ms = unixSeconds * 1000;
  if (style === 'R') return formatRelative(ms, nowMs, locale);
  return new Intl.DateTimeFormat(locale, STYLES[style] ?? STYLES.f).format(new Date(ms));
}

const TOKEN = '\u0000';

/**
 * Inline markdown of one line (already split from code blocks).
 * @param {string} text raw text
 * @param {MarkdownContext} ctx
 */
export function renderInline(text, ctx) {
  /** @type {string[]} */
  const stash = [];
  const keep = (/** @type {string} */ html) => `${TOKEN}${stash.push(html) - 1}${TOKEN}`;
  // Inline code first: nothing inside it is markup.
  let s = text.replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_m, _ticks, code) => keep(`<code class="inline">${escapeHtml(code)}</code>`));
  s = escapeHtml(s);
  // A link to a channel or message of this server: a "#channel › 💬" pill followed inside the page.
  s = s.replace(/https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/channels\/(\d{15,21})\/(\d{15,21})(?:\/(\d{15,21}))?(?![\w/])/g, (url, guild, channel, message) => {
    if (!ctx.guildId || guild !== ctx.guildId) return url;
    const name = escapeHtml(ctx.channelName(channel) ?? 'unknown');
    return keep(`<a class="mention mention-channel message-link" href="#" data-channel="${channel}"${message ? ` data-message="${message}"` : ''} title="${url}">#${name}${message ? ' › 💬' : ''}</a>`);
  });
  // Links (masked, then bare) before emphasis, so underscores in URLs stay put.
  s = s.replace(/\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)/g, (_m, label, url) => keep(`<a href="${url}" target="_blank" rel="noopener noreferrer">${label}</a>`));
  s = s.replace(/https?:\/\/[^\s<\u0000]+[^\s<.,:;"')\]!?\u0000]/g, (url) => keep(`<a href="${url}" target="_blank" rel="noopener noreferrer">${url}</a>`));
  s = s.replace(/&lt;@!?(\d{15,21})&gt;/g, (_m, id) => {
    const name = ctx.userName(id);
    return keep(`<span class="mention${id === ctx.me ? ' me' : ''}" data-user="${id}">@${escapeHtml(name ?? 'unknown-user')}</span>`);
  });
  s = s.replace(/&lt;@&amp;(\d{15,21})&gt;/g, (_m, id) => keep(`<span class="mention role">@${escapeHtml(ctx.roleName(id) ?? 'unknown-role')}</span>`));
  s = s.replace(/&lt;#(\d{15,21})&gt;/g, (_m, id) => keep(`<span class="mention mention-channel" data-channel="${id}">#${escapeHtml(ctx.channelName(id) ?? 'unknown')}</span>`));
  s = s.replace(/&lt;t:(-?\d{1,13})(?::([tTdDfFR]))?&gt;/g, (_m, unix, style) => {
    const st = style ?? 'f';
    const full = formatTimestamp(Number(unix), 'F', ctx.locale, ctx.now);
    return keep(`<time class="timestamp" data-unix="${unix}" data-style="${st}" title="${escapeHtml(full)}">${escapeHtml(formatTimestamp(Number(unix), st, ctx.locale, ctx.now))}</time>`);
  });
  s = s.replace(/&lt;(a?):(\w{2,32}):(\d{15,21})&gt;/g, (_m, _a, name) => keep(`<span class="custom-emoji">:${name}:</span>`));
  s = s.replace(/\*\*([\s\S]+?)\*\*(?!\*)/g, '<strong>$1</strong>');
  s = s.replace(/__([\s\S]+?)__(?!_)/g, '<u>$1</u>');
  s = s.replace(/(^|[^\w*])\*(?!\s)([^*\n]+?)\*(?!\*)/g, '$1<em>$2</em>');
  s = s.replace(/(^|[^\w])_(?!\s)([^_\n]+?)_(?![\w])/g, '$1<em>$2</em>');
  s = s.replace(/~~([\s\S]+?)~~/g, '<s>$1</s>');
  s = s.replace(/\|\|([\s\S]+?)\|\|/g, '<span class="spoiler" tabindex="0">$1</span>');
  // eslint-disable-next-line no-control-regex
  return s.replace(/\u0000(\d+)\u0000/g, (_m, i) => stash[Number(i)] ?? '');
}

/**
 * Block markdown (headers, subtext, quotes, lists, paragraphs) of text without code blocks.
 * @param {string} text
 * @param {MarkdownContext} ctx
 */
function renderBlocks(text, ctx) {
  const lines = text.split('\n');
  /** @type {string[]} */
  const out = [];
  /** @type {string[]} */
  let list = [];
  /** @type {string[]} */
  let quote = [];
  /** @type {string[]} */
  let para = [];
  const flushPara = () => {
    if (para.length) out.push(`<div class="md-line">${para.join('<br>')}</div>`);
    para = [];
  };
  const flushList = () => {
    if (list.length) out.push(`<ul>${list.map((li) => `<li>${li}</li>`).join('')}</ul>`);
    list = [];
  };
  const flushQuote = () => {
    if (quote.length) out.push(`<blockquote>${renderBlocks(quote.join('\n'), ctx)}</blockquote>`);
    quote = [];
  };
  for (const line of lines) {
    const q = /^>>?>? ?(.*)$/.exec(line);
    if (q && /^> |^>$|^>>> /.test(line)) {
      flushPara();
      flushList();
      quote.push(q[1] ?? '');
      continue;
    }
    flushQuote();
    const h = /^(#{1,3}) (.+)$/.exec(line);
    const sub = /^-# (.+)$/.exec(line);
    const li = /^\s*[-*] (.+)$/.exec(line);
    if (h) {
      flushPara();
      flushList();
      const level = (h[1] ?? '#').length;
      out.push(`<h${level + 2} class="md-h${level}">${renderInline(h[2] ?? '', ctx)}</h${level + 2}>`);
    } else if (sub) {
      flushPara();
      flushList();
      out.push(`<div class="md-subtext">${renderInline(sub[1] ?? '', ctx)}</div>`);
    } else if (li) {
      flushPara();
      list.push(renderInline(li[1] ?? '', ctx));
    } else {
      flushList();
      para.push(renderInline(line, ctx));
    }
  }
  flushPara();
  flushList();
  flushQuote();
  return out.join('');
}

/**
 * Discord markdown → HTML that is safe to insert (all text escaped).
 * @param {string} text
 * @param {MarkdownContext} ctx
 */
export function renderMarkdown(text, ctx) {
  const parts = text.split(/(```[\s\S]*?```)/g);
  return parts
    .map((part) => {
      const code = /^```([\w+-]*\n)?([\s\S]*?)\n?```$/.exec(part);
      if (code) return `<pre class="codeblock"><code>${escapeHtml(code[2] ?? '')}</code></pre>`;
      const trimmed = part.replace(/^\n+|\n+$/g, '');
      return trimmed ? renderBlocks(trimmed, ctx) : '';
    })
    .join('');
}
