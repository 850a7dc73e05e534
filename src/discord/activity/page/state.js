// @ts-check
/**
 * The Activity page's one state (`app`) and what every part of the page uses: the page texts in
 * the viewer's language (`t`, `loadTexts`), the line where the table will be (`notice`), the
 * short confirmation or refusal (`toast`), the markdown context, and a message to the server on
 * the live socket (`send`). The page's modules (docs/activity.md): `app.js` signs in and keeps
 * the socket, `draw.js` draws the table the server sends, `targets.js` the legal moves over the
 * pictures; each imports only the ones below it, and this one imports only the shared renderer.
 */
import { renderMarkdown } from './markdown.js';

/** @typedef {Record<string, any>} Json */
/** @typedef {{ key: string, side?: 'left' | 'right' | 'above' | 'below' }} MoveTarget */
/** @typedef {{ code: string, label: string, path: MoveTarget[] | null }} Move */
/** @typedef {{ kind: 'board' | 'hand', seat?: number, svg: string, width: number, height: number, alt: string, regions: Record<string, [number, number, number, number]> }} Picture */

/** How long a confirmation stays shown, ms. */
const TOAST_MS = 4000;

export const $ = (/** @type {string} */ sel) => /** @type {HTMLElement} */ (document.querySelector(sel));

export const app = {
  /** @type {Record<string, string>} */ texts: {},
  lang: '',
  /** @type {Json | null} */ state: null,
  /** Server clock minus ours, ms. */
  skew: 0,
  /** @type {WebSocket | null} */ socket: null,
  session: '',
  /** The clicks made so far of a move of several clicks. @type {MoveTarget[]} */
  picked: [],
  nextId: 1,
  /** @type {Map<number, string>} */ sent: new Map(),
  wasYourTurn: false,
  retry: 0,
  /** @type {any} */ sdk: null,
  signingIn: false,
  /** @type {number | undefined} */ toastTimer: undefined,
  /** Drawn pictures by their SVG, to redraw only what changed. @type {Map<string, HTMLElement>} */
  drawn: new Map(),
};

/**
 * A page text with `{name}` filled in.
 * @param {string} key
 * @param {Record<string, string | number>} [params]
 */
export function t(key, params = {}) {
  const raw = app.texts[key] ?? key;
  return raw.replace(/\{(\w+)\}/g, (_m, name) => String(params[name] ?? ''));
}

/** @param {string} lang */
export async function loadTexts(lang) {
  if (lang === app.lang) return;
  const res = await fetch(`/.proxy/api/texts?lang=${encodeURIComponent(lang)}`);
  if (!res.ok) return;
  app.texts = (await res.json()).texts;
  app.lang = lang;
  document.documentElement.lang = lang.slice(0, 2);
  $('#pick-cancel').textContent = t('cancelPick');
  $('#chooser-cancel').textContent = t('cancelPick');
  $('#chooser-title').textContent = t('chooseMove');
  $('#log-title').textContent = t('log');
}

/** Show a line where the table will be (signing in, no table, problems). @param {string} text */
export function notice(text) {
  const box = $('#notice');
  box.textContent = text;
  box.hidden = !text;
}

/**
 * A line over the table: a confirmation (gone after TOAST_MS), a refusal, or a note that stays
 * (`stay`: the first-table note) — the last two until the next line.
 * @param {string} markdown @param {boolean} [error] @param {boolean} [stay]
 */
export function toast(markdown, error = false, stay = false) {
  const box = $('#toast');
  window.clearTimeout(app.toastTimer);
  if (!markdown) {
    box.hidden = true;
    return;
  }
  box.innerHTML = renderMarkdown(markdown, mdContext());
  box.classList.toggle('error', error);
  box.hidden = false;
  if (!error && !stay) app.toastTimer = window.setTimeout(() => (box.hidden = true), TOAST_MS);
}

export function mdContext() {
  const names = new Map();
  return { userName: (/** @type {string} */ id) => names.get(id), channelName: () => undefined, roleName: () => undefined, me: '', locale: app.lang || 'en', now: Date.now() + app.skew };
}

/** @param {Json} message */
export function send(message) {
  const id = app.nextId++;
  if (!app.socket || app.socket.readyState !== WebSocket.OPEN) {
    toast(t('reconnecting'), true);
    return;
  }
  app.sent.set(id, message.t);
  document.body.classList.add('sending');
  app.socket.send(JSON.stringify({ ...message, id }));
}
