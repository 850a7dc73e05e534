// @ts-check
/**
 * Messages as Discord's client draws them: avatar and author (bots with an APP tag), the
 * "used /command" line of a command reply, markdown content, embeds (colour bar, author,
 * title, description, fields, footer), action rows of buttons (style colours, emoji,
 * disabled) and select menus, attachments (images as pictures), Components V2 layouts
 * (containers with their accent bar, text displays, separators, media galleries, sections
 * with thumbnails, action rows), "(edited)", the "thinking…" state of a deferred reply, and
 * "Only you can see this · Dismiss message" on ephemeral ones. Text is escaped; only
 * markdown.js produces markup.
 */
import { t } from './i18n.js';
import { escapeHtml, renderInline, renderMarkdown } from './markdown.js';

/**
 * @typedef {import('./markdown.js').MarkdownContext} MarkdownContext
 * @typedef {Record<string, any>} Json
 * @typedef {{
 *   md: MarkdownContext,
 *   locale: string,
 *   botName: string,
 *   failure: (messageId: string) => string | undefined,
 *   busy: (messageId: string, customId: string) => boolean,
 *   onClick: (message: Json, customId: string) => void,
 *   onSelect: (message: Json, customId: string, values: string[]) => void,
 *   onDismiss: (message: Json) => void,
 *   commandName?: (registered: string) => string,
 * }} RenderContext
 */

/** Button styles → CSS class (Discord: 1 primary, 2 secondary, 3 success, 4 danger, 5 link, 6 premium). */
const BUTTON_CLASS = /** @type {Record<number, string>} */ ({ 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger', 5: 'link', 6: 'premium' });

/** A stable colour for a user's avatar (Discord's default avatar colours). */
export function avatarColour(/** @type {string} */ id) {
  const colours = ['#5865f2', '#757e8a', '#3ba55c', '#faa61a', '#ed4245', '#eb459f'];
  let n = 0;
  for (const ch of id.slice(-6)) n = (n * 31 + ch.charCodeAt(0)) % 9973;
  return colours[n % colours.length] ?? colours[0];
}

/**
 * @param {string} tag
 * @param {string} [className]
 * @param {string} [text]
 */
function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** "Today at 10:42" / "Yesterday at …" / a date, as Discord labels message times. */
export function messageTime(/** @type {string} */ iso, /** @type {string} */ locale, now = Date.now()) {
  const d = new Date(iso);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(d);
  const day = (/** @type {Date} */ x) => new Date(x.getFullYear(), x.getMonth(), x.getDate()).getTime();
  const diff = Math.round((day(new Date(now)) - day(d)) / 86400000);
  if (diff === 0) return t(locale, 'today', { time });
  if (diff === 1) return t(locale, 'yesterday', { time });
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(d) + ` ${time}`;
}

/** @param {Json} author */
function authorName(author) {
  return String(author.global_name ?? author.username ?? 'unknown');
}

/** @param {Json | undefined} emoji */
function emojiText(emoji) {
  if (!emoji) return '';
  return emoji.id ? `:${emoji.name}:` : String(emoji.name ?? '');
}

/**
 * An embed.
 * @param {Json} e
 * @param {RenderContext} ctx
 */
function renderEmbed(e, ctx) {
  const box = el('div', 'embed');
  if (typeof e.color === 'number') box.style.borderLeftColor = `#${e.color.toString(16).padStart(6, '0')}`;
  if (e.author?.name) box.append(el('div', 'embed-author', String(e.author.name)));
  if (e.title) {
    const title = el('div', 'embed-title');
    title.innerHTML = renderInline(String(e.title), ctx.md);
    box.append(title);
  }
  if (e.description) {
    const desc = el('div', 'embed-description markdown');
    desc.innerHTML = renderMarkdown(String(e.description), ctx.md);
    box.append(desc);
  }
  if (Array.isArray(e.fields) && e.fields.length) {
    const fields = el('div', 'embed-fields');
    for (const f of e.fields) {
      const field = el('div', `embed-field${f.inline ? ' inline' : ''}`);
      const name = el('div', 'embed-field-name');
      name.innerHTML = renderInline(String(f.name ?? ''), ctx.md);
      const value = el('div', 'embed-field-value markdown');
      value.innerHTML = renderMarkdown(String(f.value ?? ''), ctx.md);
      field.append(name, value);
      fields.append(field);
    }
    box.append(fields);
  }
  const footerParts = [e.footer?.text ? escapeHtml(String(e.footer.text)) : '', e.timestamp ? escapeHtml(new Date(String(e.timestamp)).toLocaleString(ctx.locale)) : ''].filter(Boolean);
  if (footerParts.length) {
    const footer = el('div', 'embed-footer');
    footer.innerHTML = footerParts.join(' • ');
    box.append(footer);
  }
  return box;
}

/**
 * A button.
 * @param {Json} message
 * @param {Json} c
 * @param {RenderContext} ctx
 */
function renderButton(message, c, ctx) {
  const style = Number(c.style ?? 2);
  const isLink = style === 5;
  const button = /** @type {HTMLButtonElement | HTMLAnchorElement} */ (el(isLink ? 'a' : 'button', `button ${BUTTON_CLASS[style] ?? 'secondary'}`));
  if (c.emoji) button.append(el('span', 'button-emoji', emojiText(c.emoji)));
  if (c.label) button.append(el('span', 'button-label', String(c.label)));
  if (isLink) {
    const a = /** @type {HTMLAnchorElement} */ (button);
    if (typeof c.url === 'string' && /^https?:\/\//.test(c.url)) a.href = c.url;
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
    a.append(el('span', 'button-external', '↗'));
    return button;
  }
  const b = /** @type {HTMLButtonElement} */ (button);
  b.type = 'button';
  b.dataset.customId = String(c.custom_id ?? '');
  b.disabled = c.disabled === true;
  if (ctx.busy(String(message.id), String(c.custom_id))) {
    b.classList.add('busy');
    b.disabled = true;
  }
  b.addEventListener('click', () => ctx.onClick(message, String(c.custom_id)));
  return b;
}

/**
 * A select menu (string selects list their options; user / channel selects are not drawn by
 * this bot, so they show as a disabled placeholder).
 * @param {Json} message
 * @param {Json} c
 * @param {RenderContext} ctx
 */
function renderSelect(message, c, ctx) {
  const wrap = el('div', 'select-wrap');
  const select = /** @type {HTMLSelectElement} */ (el('select', 'select'));
  select.dataset.customId = String(c.custom_id ?? '');
  const multi = Number(c.max_values ?? 1) > 1;
  select.multiple = multi;
  select.disabled = c.disabled === true || Number(c.type) !== 3 || ctx.busy(String(message.id), String(c.custom_id));
  if (!multi) {
    const placeholder = /** @type {HTMLOptionElement} */ (el('option', undefined, String(c.placeholder ?? t(ctx.locale, 'selectPlaceholder'))));
    placeholder.value = '';
    placeholder.disabled = true;
    placeholder.selected = true;
    select.append(placeholder);
  }
  for (const o of Array.isArray(c.options) ? c.options : []) {
    const option = /** @type {HTMLOptionElement} */ (el('option', undefined, `${o.emoji ? `${emojiText(o.emoji)} ` : ''}${o.label}${o.description ? ` — ${o.description}` : ''}`));
    option.value = String(o.value);
    // As in Discord: an option marked `default` shows as chosen instead of the placeholder.
    if (o.default === true) option.selected = true;
    select.append(option);
  }
  wrap.append(select);
  const send = () => {
    const values = [...select.selectedOptions].map((o) => o.value).filter((v) => v !== '');
    if (values.length >= Number(c.min_values ?? 1)) ctx.onSelect(message, String(c.custom_id), values);
  };
  if (multi) {
    const submit = /** @type {HTMLButtonElement} */ (el('button', 'button primary small', t(ctx.locale, 'submit')));
    submit.type = 'button';
    submit.disabled = select.disabled;
    submit.addEventListener('click', send);
    wrap.append(submit);
  } else {
    select.addEventListener('change', send);
  }
  return wrap;
}

/**
 * One action row.
 * @param {Json} message
 * @param {Json} row
 * @param {RenderContext} ctx
 */
function renderRow(message, row, ctx) {
  const line = el('div', 'action-row');
  for (const c of Array.isArray(row.components) ? row.components : []) {
    if (Number(c.type) === 2) line.append(renderButton(message, c, ctx));
    else if ([3, 5, 6, 7, 8].includes(Number(c.type))) line.append(renderSelect(message, c, ctx));
  }
  return line;
}

/**
 * The action rows of a legacy message.
 * @param {Json} message
 * @param {RenderContext} ctx
 */
function renderComponents(message, ctx) {
  const box = el('div', 'components');
  for (const row of Array.isArray(message.components) ? message.components : []) {
    if (Number(row.type) === 1) box.append(renderRow(message, row, ctx));
  }
  return box;
}

/** Discord's IS_COMPONENTS_V2 message flag. */
const IS_COMPONENTS_V2 = 1 << 15;

/**
 * Where the page loads an attachment from: the emulator serves attachments on the page's own
 * server, so only the path of an `/attachments/…` URL is kept (the URL names the host the bot
 * reached, which may not be the one the browser uses). Anything else is not loaded ('').
 * @param {unknown} url
 */
export function attachmentSrc(url) {
  if (typeof url !== 'string') return '';
  try {
    const u = new URL(url, 'http://local.invalid');
    return u.pathname.startsWith('/attachments/') ? u.pathname : '';
  } catch {
    return '';
  }
}

/**
 * The attachment a media item shows: its resolved URL, or an `attachment://NAME` looked up in
 * the message's attachments.
 * @param {Json} message
 * @param {Json | undefined} media
 * @returns {{ src: string, width?: number, height?: number }}
 */
function mediaSource(message, media) {
  const url = String(media?.url ?? '');
  if (url.startsWith('attachment://')) {
    const a = (Array.isArray(message.attachments) ? message.attachments : []).find((x) => x.filename === url.slice('attachment://'.length));
    return a ? { src: attachmentSrc(a.url), width: a.width, height: a.height } : { src: '' };
  }
  return { src: attachmentSrc(url), width: media?.width, height: media?.height };
}

/**
 * A picture: `<img>` with its alt text, sized by the file's own width and height so the page
 * does not jump while it loads. Without a loadable file only the alt text shows (as a broken
 * image does on Discord).
 * @param {{ src: string, width?: number, height?: number }} source
 * @param {string} alt
 * @param {string} className
 */
function picture(source, alt, className) {
  const img = /** @type {HTMLImageElement} */ (el('img', className));
  img.alt = alt;
  img.decoding = 'async';
  if (typeof source.width === 'number' && typeof source.height === 'number' && source.width > 0) {
    img.width = source.width;
    img.height = source.height;
  }
  if (source.src) img.src = source.src;
  else img.classList.add('missing');
  return img;
}

/**
 * One Components V2 component: container (accent colour bar), text display (markdown),
 * separator, media gallery, section (texts beside a thumbnail or button), thumbnail, file,
 * action row.
 * @param {Json} message
 * @param {Json} c
 * @param {RenderContext} ctx
 * @returns {HTMLElement | null}
 */
function renderV2Component(message, c, ctx) {
  const children = (/** @type {unknown} */ list) => (Array.isArray(list) ? list : []).map((x) => renderV2Component(message, x, ctx)).filter((x) => x !== null);
  switch (Number(c.type)) {
    case 17: {
      const box = el('div', 'v2-container');
      if (typeof c.accent_color === 'number') box.style.borderLeftColor = `#${c.accent_color.toString(16).padStart(6, '0')}`;
      else box.classList.add('no-accent');
      if (c.spoiler) box.classList.add('spoiler-box');
      box.append(...children(c.components));
      return box;
    }
    case 10: {
      const text = el('div', 'v2-text markdown');
      text.innerHTML = renderMarkdown(String(c.content ?? ''), ctx.md);
      return text;
    }
    case 14: {
      const sep = el('div', `v2-separator${c.divider === false ? '' : ' divider'}${Number(c.spacing) === 2 ? ' large' : ''}`);
      sep.setAttribute('role', 'separator');
      return sep;
    }
    case 12: {
      const items = Array.isArray(c.items) ? c.items : [];
      const gallery = el('div', `v2-gallery count-${Math.min(items.length, 4)}`);
      for (const item of items) gallery.append(picture(mediaSource(message, item.media), String(item.description ?? ''), 'v2-media'));
      return gallery;
    }
    case 9: {
      const section = el('div', 'v2-section');
      const texts = el('div', 'v2-section-texts');
      texts.append(...children(c.components));
      section.append(texts);
      const accessory = c.accessory ? renderV2Component(message, c.accessory, ctx) : null;
      if (accessory) {
        const side = el('div', 'v2-accessory');
        side.append(accessory);
        section.append(side);
      }
      return section;
    }
    case 11:
      return picture(mediaSource(message, c.media), String(c.description ?? ''), 'v2-thumbnail');
    case 13: {
      const file = el('div', 'v2-file');
      const source = mediaSource(message, c.file);
      const name = String(c.file?.url ?? '').replace(/^attachment:\/\//, '').split('/').pop() ?? '';
      const link = /** @type {HTMLAnchorElement} */ (el('a', 'v2-file-name', decodeURIComponent(name)));
      if (source.src) link.href = source.src;
      file.append(el('span', 'v2-file-icon', '📄'), link);
      return file;
    }
    case 1:
      return renderRow(message, c, ctx);
    case 2:
      return renderButton(message, c, ctx);
    default:
      return null;
  }
}

/**
 * The components of a Components V2 message, drawn as the layout they describe.
 * @param {Json} message
 * @param {RenderContext} ctx
 */
function renderV2(message, ctx) {
  const box = el('div', 'v2');
  for (const c of Array.isArray(message.components) ? message.components : []) {
    const node = renderV2Component(message, c, ctx);
    if (node) box.append(node);
  }
  return box;
}

/**
 * A legacy message's attachments as Discord shows them: images as pictures (alt text from the
 * description), other files as a download box.
 * @param {Json} message
 */
function renderAttachments(message) {
  const box = el('div', 'attachments');
  for (const a of Array.isArray(message.attachments) ? message.attachments : []) {
    const src = attachmentSrc(a.url);
    if (/^image\/(png|jpeg|gif|webp)$/.test(String(a.content_type ?? ''))) {
      box.append(picture({ src, width: a.width, height: a.height }, String(a.description ?? a.filename ?? ''), 'attachment-image'));
    } else {
      const file = el('div', 'v2-file');
      const link = /** @type {HTMLAnchorElement} */ (el('a', 'v2-file-name', String(a.filename ?? '')));
      if (src) link.href = src;
      file.append(el('span', 'v2-file-icon', '📄'), link);
      box.append(file);
    }
  }
  return box;
}

/**
 * One message, with its header unless it continues the previous author's group.
 * @param {Json} m the message JSON (view shape)
 * @param {RenderContext} ctx
 * @param {boolean} grouped continues the previous message's group (same author, close in time)
 */
export function renderMessage(m, ctx, grouped) {
  const root = el('article', 'message');
  root.dataset.messageId = String(m.id);
  if (m.pinged) root.classList.add('pinged');
  if (m.ephemeral) root.classList.add('ephemeral');
  const meta = m.interaction_metadata;
  const showHeader = !grouped || (meta && meta.type === 2);
  if (showHeader) root.classList.add('has-header');
  if (meta && meta.type === 2 && meta.user) {
    const reply = el('div', 'reply-line');
    reply.append(el('span', 'reply-user', `@${authorName(meta.user)}`), el('span', 'reply-text', ` ${t(ctx.locale, 'usedCommand')} `), el('span', 'reply-command', `/${ctx.commandName ? ctx.commandName(String(meta.name ?? '')) : (meta.name ?? '')}`));
    root.append(reply);
  }
  const author = m.author ?? {};
  if (showHeader) {
    const avatar = el('div', 'avatar', authorName(author).slice(0, 1).toUpperCase());
    avatar.style.background = avatarColour(String(author.id ?? '0')) ?? '#5865f2';
    root.append(avatar);
  }
  const body = el('div', 'message-body');
  if (showHeader) {
    const header = el('div', 'message-header');
    header.append(el('span', 'author', authorName(author)));
    if (author.bot) header.append(el('span', 'bot-tag', t(ctx.locale, 'bot')));
    const time = el('time', 'message-time', messageTime(String(m.timestamp), ctx.locale));
    time.title = new Date(String(m.timestamp)).toLocaleString(ctx.locale);
    header.append(time);
    body.append(header);
  }
  if (m.loading) {
    body.append(el('div', 'thinking', t(ctx.locale, 'thinking', { bot: ctx.botName })));
  } else if (m.content) {
    const content = el('div', 'content markdown');
    content.innerHTML = renderMarkdown(String(m.content), ctx.md);
    if (m.edited_timestamp) content.append(el('span', 'edited', ` ${t(ctx.locale, 'edited')}`));
    body.append(content);
  } else if (m.edited_timestamp && !(m.embeds ?? []).length && !(Number(m.flags) & IS_COMPONENTS_V2)) {
    body.append(el('span', 'edited', t(ctx.locale, 'edited')));
  }
  const v2 = (Number(m.flags) & IS_COMPONENTS_V2) !== 0;
  if (v2 && !m.loading) {
    // Components V2: the components are the whole message; attachments show only where a
    // component references them.
    body.append(renderV2(m, ctx));
    if (m.edited_timestamp) body.append(el('div', 'edited', t(ctx.locale, 'edited')));
  } else {
    if (Array.isArray(m.attachments) && m.attachments.length && !m.loading) body.append(renderAttachments(m));
    for (const e of Array.isArray(m.embeds) ? m.embeds : []) body.append(renderEmbed(e, ctx));
    if (!m.content && m.edited_timestamp && (m.embeds ?? []).length) body.append(el('div', 'edited', t(ctx.locale, 'edited')));
    if (Array.isArray(m.components) && m.components.length) body.append(renderComponents(m, ctx));
  }
  const failure = ctx.failure(String(m.id));
  if (failure) body.append(el('div', 'interaction-failed', `⚠ ${failure}`));
  if (m.ephemeral) {
    const note = el('div', 'ephemeral-note');
    note.append(el('span', 'eye', '👁'), el('span', undefined, ` ${t(ctx.locale, 'onlyYou')} · `));
    const dismiss = /** @type {HTMLButtonElement} */ (el('button', 'dismiss', t(ctx.locale, 'dismiss')));
    dismiss.type = 'button';
    dismiss.addEventListener('click', () => ctx.onDismiss(m));
    note.append(dismiss);
    body.append(note);
  }
  root.append(body);
  return root;
}

/** Refresh every live `<t:…:R>` timestamp under `root` with `format(unixSeconds, 'R')`. */
export function tickTimestamps(/** @type {ParentNode} */ root, /** @type {(unix: number, style: string) => string} */ format) {
  for (const node of root.querySelectorAll('time.timestamp[data-style="R"]')) {
    const text = format(Number(/** @type {HTMLElement} */ (node).dataset.unix), 'R');
    if (node.textContent !== text) node.textContent = text;
  }
}
