// @ts-check
/**
 * The table as a Discord Activity (docs/activity.md): signs in with the Embedded App SDK
 * (`ready` → `authorize` → the server's token route → `authenticate`), opens the live socket,
 * and draws the table the server sends for this viewer — the game's own pictures as inline SVG
 * with the legal moves as buttons over the parts they are made on (a card, a tile, an arrow
 * beside a row), the other moves as buttons beside them, whose turn, the time left, the log and
 * the end. Every path is `/.proxy`-relative (Discord's proxy); nothing outside this origin.
 */
import { renderMarkdown } from './markdown.js';

/** @typedef {Record<string, any>} Json */
/** @typedef {{ key: string, side?: 'left' | 'right' | 'above' | 'below' }} MoveTarget */
/** @typedef {{ code: string, label: string, path: MoveTarget[] | null }} Move */
/** @typedef {{ kind: 'board' | 'hand', seat?: number, svg: string, width: number, height: number, alt: string, regions: Record<string, [number, number, number, number]> }} Picture */

const SDK_URL = '/.proxy/sdk/index.mjs';
/** Size of a click beside a part (an arrow left of a row), in picture px. */
const SIDE_PX = 44;
/** How long a confirmation stays shown, ms. */
const TOAST_MS = 4000;

const $ = (/** @type {string} */ sel) => /** @type {HTMLElement} */ (document.querySelector(sel));

const app = {
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
function t(key, params = {}) {
  const raw = app.texts[key] ?? key;
  return raw.replace(/\{(\w+)\}/g, (_m, name) => String(params[name] ?? ''));
}

/** @param {string} lang */
async function loadTexts(lang) {
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
function notice(text) {
  const box = $('#notice');
  box.textContent = text;
  box.hidden = !text;
}

/**
 * A line over the table: a confirmation (gone after TOAST_MS), a refusal, or a note that stays
 * (`stay`: the first-table note) — the last two until the next line or a click on it.
 * @param {string} markdown @param {boolean} [error] @param {boolean} [stay]
 */
function toast(markdown, error = false, stay = false) {
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

function mdContext() {
  const names = new Map();
  return { userName: (/** @type {string} */ id) => names.get(id), channelName: () => undefined, roleName: () => undefined, me: '', locale: app.lang || 'en', now: Date.now() + app.skew };
}

// ---- sign-in ----------------------------------------------------------------------------

/** Sign in with Discord (SDK authorize → our token route → SDK authenticate), then open the table. */
async function signIn() {
  if (app.signingIn) return;
  app.signingIn = true;
  try {
    notice(t('signingIn'));
    const config = await fetch('/.proxy/api/config').then((r) => r.json());
    if (!app.sdk) {
      const { DiscordSDK } = await import(/* @vite-ignore */ SDK_URL);
      try {
        app.sdk = new DiscordSDK(config.clientId);
      } catch {
        // Opened outside Discord (no frame_id, instance_id or platform in the address).
        notice(t('notInDiscord'));
        return;
      }
      document.body.classList.toggle('mobile', app.sdk.platform === 'mobile');
      await app.sdk.ready();
    }
    const { code } = await app.sdk.commands.authorize({ client_id: config.clientId, response_type: 'code', state: '', prompt: 'none', scope: ['identify'] });
    const res = await fetch('/.proxy/api/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, instanceId: app.sdk.instanceId, customId: app.sdk.customId ?? null }),
    });
    const body = await res.json().catch(() => ({ error: res.statusText }));
    if (!res.ok) throw new Error(body.error ?? res.statusText);
    await app.sdk.commands.authenticate({ access_token: body.access_token });
    app.session = body.session;
    connect();
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(/** @type {Json} */ (err)?.message ?? err);
    notice(t('signInFailed', { reason }));
    showRetry();
  } finally {
    app.signingIn = false;
  }
}

function showRetry() {
  const again = Object.assign(document.createElement('button'), { type: 'button', className: 'button primary', textContent: t('signInAgain') });
  again.addEventListener('click', () => void signIn());
  $('#notice').append(' ', again);
}

// ---- live socket ------------------------------------------------------------------------

function connect() {
  notice(app.state ? '' : t('connecting'));
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/.proxy/live`);
  app.socket = ws;
  ws.addEventListener('open', () => {
    app.retry = 0;
    ws.send(JSON.stringify({ t: 'hello', session: app.session }));
  });
  ws.addEventListener('message', (ev) => onMessage(JSON.parse(String(ev.data))));
  ws.addEventListener('close', (ev) => {
    if (app.socket !== ws) return;
    app.socket = null;
    if (ev.code === 4001 || ev.code === 4008) return;
    notice(t('reconnecting'));
    const wait = Math.min(10_000, 500 * 2 ** app.retry++);
    window.setTimeout(connect, wait);
  });
}

/** @param {Json} message */
function onMessage(message) {
  switch (message.t) {
    case 'state':
      app.skew = message.now - Date.now();
      void show(message.state);
      return;
    case 'done': {
      app.sent.delete(message.id);
      document.body.classList.toggle('sending', app.sent.size > 0);
      if (message.ok) toast(message.note ?? '');
      else toast(message.error, true);
      return;
    }
    case 'note':
      // The first-table note (docs/lessons.md "First table of a game"): once, until dismissed.
      toast(message.note, false, true);
      return;
    case 'none':
      app.state = null;
      $('#table').hidden = true;
      notice(message.message);
      return;
    case 'signin':
      // The server restarted or the session expired: sign in again (no prompt: already authorized).
      app.socket?.close(4001);
      app.socket = null;
      void signIn();
      return;
  }
}

/** @param {Json} message */
function send(message) {
  const id = app.nextId++;
  if (!app.socket || app.socket.readyState !== WebSocket.OPEN) {
    toast(t('reconnecting'), true);
    return;
  }
  app.sent.set(id, message.t);
  document.body.classList.add('sending');
  app.socket.send(JSON.stringify({ ...message, id }));
}

/** Make a move (its code, for the decision step shown). @param {Move} move */
function play(move) {
  if (!app.state) return;
  closeChooser();
  app.picked = [];
  send({ t: 'move', step: app.state.table.step, code: move.code });
  drawTargets();
  drawPick();
}

// ---- drawing ----------------------------------------------------------------------------

/** @param {Json} state */
async function show(state) {
  await loadTexts(state.lang);
  const old = app.state;
  app.state = state;
  notice('');
  $('#table').hidden = false;
  // A new decision (or a new table) clears a half-made move.
  if (!old || old.table.step !== state.table.step || old.table.id !== state.table.id) {
    app.picked = [];
    closeChooser();
  }
  $('#game-emoji').textContent = state.table.emoji;
  $('#game-title').textContent = state.table.title;
  $('#table-id').textContent = t('table', { id: state.table.id });
  document.title = `${state.yourTurn ? '▶ ' : ''}${state.table.title}`;
  drawTurn();
  drawPictures();
  drawTargets();
  drawSide();
  drawPick();
  // "Your turn" as a ping: the bar flashes once when a decision opens for this seat.
  if (state.yourTurn && !app.wasYourTurn) {
    const bar = $('#bar');
    bar.classList.remove('ping');
    void bar.offsetWidth;
    bar.classList.add('ping');
  }
  app.wasYourTurn = state.yourTurn;
  // The table version drawn (the benchmark times a move to the screen by it: bench/activity.ts).
  document.body.dataset.version = String(state.table.version);
}

function drawTurn() {
  const s = /** @type {Json} */ (app.state);
  const turn = $('#turn');
  const acting = s.seats.filter((/** @type {Json} */ seat) => seat.acting && !seat.me).map((/** @type {Json} */ seat) => seat.name);
  turn.classList.toggle('yours', s.yourTurn);
  if (s.end) turn.textContent = t('gameOver');
  else if (s.yourTurn) turn.textContent = t('yourTurn');
  else if (acting.length) turn.textContent = t('waitingFor', { names: acting.join(', ') });
  else turn.textContent = '';
  tick();
}

/** The time left of the decision (once a second). */
function tick() {
  const s = app.state;
  const box = $('#timer');
  if (!s || !s.deadlineAt) {
    box.textContent = '';
    return;
  }
  const left = Math.max(0, Math.round((s.deadlineAt - (Date.now() + app.skew)) / 1000));
  const time = left >= 3600 ? `${Math.floor(left / 3600)}:${String(Math.floor((left % 3600) / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}` : `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  box.textContent = t('timeLeft', { time });
  box.classList.toggle('short', left <= 10);
}

/** The pictures, each an inline SVG under a layer of buttons (redrawn only when their SVG changed). */
function drawPictures() {
  const s = /** @type {Json} */ (app.state);
  const box = $('#pictures');
  /** @type {Map<string, HTMLElement>} */
  const next = new Map();
  const figures = s.pictures.map((/** @type {Picture} */ p) => {
    const key = p.svg;
    let figure = app.drawn.get(key);
    if (!figure) {
      figure = document.createElement('figure');
      figure.className = `picture ${p.kind}`;
      const caption = document.createElement('figcaption');
      const stage = document.createElement('div');
      stage.className = 'stage';
      const doc = new DOMParser().parseFromString(p.svg, 'image/svg+xml');
      const svg = /** @type {Element} */ (document.importNode(doc.documentElement, true));
      svg.removeAttribute('width');
      svg.removeAttribute('height');
      svg.setAttribute('role', 'img');
      svg.setAttribute('aria-label', p.alt);
      const layer = document.createElement('div');
      layer.className = 'targets';
      stage.append(svg, layer);
      figure.append(caption, stage);
    }
    const caption = /** @type {HTMLElement} */ (figure.querySelector('figcaption'));
    const owner = s.seats.find((/** @type {Json} */ seat) => seat.seat === p.seat);
    caption.textContent = p.kind === 'board' ? t('boardPicture') : owner && !owner.me ? t('handOf', { name: owner.name }) : t('handPicture');
    figure.dataset.kind = p.kind;
    next.set(key, figure);
    return figure;
  });
  app.drawn = next;
  const current = [...box.children];
  if (current.length !== figures.length || current.some((n, i) => n !== figures[i])) box.replaceChildren(...figures);
  box.classList.toggle('two', figures.length > 1);
}

/**
 * The moves that go on through the clicks made so far, grouped by where their next click is.
 * @returns {Map<string, { target: MoveTarget, complete: Move[], further: Move[] }>}
 */
function nextTargets() {
  const s = app.state;
  /** @type {Map<string, { target: MoveTarget, complete: Move[], further: Move[] }>} */
  const out = new Map();
  if (!s) return out;
  const k = app.picked.length;
  for (const move of /** @type {Move[]} */ (s.moves)) {
    const path = move.path;
    if (!path || path.length <= k) continue;
    if (!app.picked.every((p, i) => p.key === path[i]?.key && (p.side ?? '') === (path[i]?.side ?? ''))) continue;
    const target = /** @type {MoveTarget} */ (path[k]);
    const id = `${target.key}|${target.side ?? ''}`;
    let entry = out.get(id);
    if (!entry) out.set(id, (entry = { target, complete: [], further: [] }));
    (path.length === k + 1 ? entry.complete : entry.further).push(move);
  }
  return out;
}

/** The box of a target on a picture, in its px: the part itself, or a strip beside it. */
function boxOf(/** @type {Picture} */ p, /** @type {MoveTarget} */ target) {
  const r = p.regions[target.key];
  if (!r) return null;
  const [x, y, w, h] = r;
  switch (target.side) {
    case 'left':
      return [Math.max(0, x - SIDE_PX), y, Math.min(SIDE_PX, x), h];
    case 'right':
      return [x + w, y, Math.min(SIDE_PX, p.width - x - w), h];
    case 'above':
      return [x, Math.max(0, y - SIDE_PX), w, Math.min(SIDE_PX, y)];
    case 'below':
      return [x, y + h, w, Math.min(SIDE_PX, p.height - y - h)];
    default:
      return r;
  }
}

const ARROWS = { left: '◀', right: '▶', above: '▲', below: '▼' };

/** The buttons over the pictures: where the next click of a legal move can be made. */
function drawTargets() {
  const s = app.state;
  if (!s) return;
  const targets = nextTargets();
  const pictures = /** @type {Picture[]} */ (s.pictures);
  [...$('#pictures').children].forEach((figure, i) => {
    const p = pictures[i];
    const layer = /** @type {HTMLElement} */ (figure.querySelector('.targets'));
    if (!p || !layer) return;
    /** @type {{ area: number, node: HTMLElement }[]} */
    const buttons = [];
    for (const [id, entry] of targets) {
      const box = boxOf(p, entry.target);
      if (!box || box[2] <= 0 || box[3] <= 0) continue;
      const [x, y, w, h] = box;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = `target${entry.target.side ? ` side ${entry.target.side}` : ''}`;
      button.dataset.target = id;
      button.style.left = `${(x / p.width) * 100}%`;
      button.style.top = `${(y / p.height) * 100}%`;
      button.style.width = `${(w / p.width) * 100}%`;
      button.style.height = `${(h / p.height) * 100}%`;
      const labels = [...entry.complete, ...entry.further].map((m) => m.label);
      const label = entry.complete.length === 1 && entry.further.length === 0 ? labels[0] : [...new Set(labels)].join(' · ');
      button.setAttribute('aria-label', label ?? '');
      button.title = label ?? '';
      if (entry.target.side) button.textContent = ARROWS[entry.target.side];
      button.addEventListener('click', (ev) => {
        ev.stopPropagation();
        choose(entry.target, entry.complete, entry.further, button);
      });
      buttons.push({ area: w * h, node: button });
    }
    // The clicks made so far stay marked.
    for (const picked of app.picked) {
      const box = boxOf(p, picked);
      if (!box) continue;
      const mark = document.createElement('div');
      mark.className = 'picked';
      mark.style.left = `${(box[0] / p.width) * 100}%`;
      mark.style.top = `${(box[1] / p.height) * 100}%`;
      mark.style.width = `${(box[2] / p.width) * 100}%`;
      mark.style.height = `${(box[3] / p.height) * 100}%`;
      buttons.push({ area: Infinity, node: mark });
    }
    // Larger parts first: a slot inside a suspect's row sits on top of it.
    buttons.sort((a, b) => b.area - a.area);
    layer.replaceChildren(...buttons.map((b) => b.node));
  });
}

/**
 * A click on a target: the move it completes, a choice between the moves it completes, or the
 * next click of longer moves.
 * @param {MoveTarget} target @param {Move[]} complete @param {Move[]} further @param {HTMLElement} anchor
 */
function choose(target, complete, further, anchor) {
  if (further.length === 0 && complete.length === 1) return play(/** @type {Move} */ (complete[0]));
  if (further.length > 0) {
    app.picked = [...app.picked, target];
    drawTargets();
    drawPick();
  }
  if (complete.length > 0) openChooser(complete, anchor);
}

/** @param {Move[]} moves @param {HTMLElement} anchor */
function openChooser(moves, anchor) {
  const box = $('#chooser');
  const list = $('#chooser-moves');
  list.replaceChildren(
    ...moves.map((move) => {
      const b = Object.assign(document.createElement('button'), { type: 'button', className: 'button primary move', textContent: move.label });
      b.addEventListener('click', () => play(move));
      return b;
    }),
  );
  box.hidden = false;
  const rect = anchor.getBoundingClientRect();
  const top = Math.min(window.innerHeight - box.offsetHeight - 8, rect.bottom + 6);
  box.style.top = `${Math.max(8, top)}px`;
  box.style.left = `${Math.max(8, Math.min(window.innerWidth - box.offsetWidth - 8, rect.left))}px`;
  /** @type {HTMLElement | null} */ (list.querySelector('button'))?.focus();
}

function closeChooser() {
  $('#chooser').hidden = true;
}

function drawPick() {
  const box = $('#pick');
  box.hidden = app.picked.length === 0;
  $('#pick-text').textContent = t('pickNext');
}

/** Seats, status, the moves made with buttons, the end, the log. */
function drawSide() {
  const s = /** @type {Json} */ (app.state);
  const ctx = mdContext();
  $('#seats').replaceChildren(
    ...s.seats.map((/** @type {Json} */ seat) => {
      const chip = document.createElement('span');
      chip.className = `seat${seat.acting ? ' acting' : ''}${seat.me ? ' me' : ''}${seat.away || seat.left ? ' away' : ''}`;
      const marks = [seat.bot ? '🤖' : '', seat.away ? '💤' : '', seat.left ? '🚪' : ''].join('');
      chip.textContent = `${seat.acting ? '▶ ' : ''}${seat.name}${seat.me ? ` (${t('you')})` : ''}${marks ? ` ${marks}` : ''}`;
      return chip;
    }),
  );
  const status = [s.status, ...s.notices];
  if (s.viewer.watch === 'spectator') status.push(t('spectating'));
  if (s.viewer.watch === 'left') status.push(t('leftSeat'));
  $('#status-line').innerHTML = status.filter(Boolean).map((line) => renderMarkdown(line, ctx)).join('');
  const tray = $('#tray');
  /** @type {HTMLElement[]} */
  const buttons = [];
  const plain = /** @type {Move[]} */ (s.moves).filter((m) => !m.path);
  if (plain.length) {
    buttons.push(Object.assign(document.createElement('h2'), { textContent: s.moves.length === plain.length ? t('yourMoves') : t('otherMoves') }));
    for (const move of plain) {
      const b = Object.assign(document.createElement('button'), { type: 'button', className: 'button primary move', textContent: move.label });
      b.dataset.code = move.code;
      b.addEventListener('click', () => play(move));
      buttons.push(b);
    }
  }
  if (s.hint) {
    const hint = Object.assign(document.createElement('button'), { type: 'button', className: 'button secondary move hint', textContent: t('hint') });
    hint.addEventListener('click', () => send({ t: 'hint' }));
    buttons.push(hint);
  }
  tray.replaceChildren(...buttons);
  const end = $('#end');
  end.hidden = !s.end;
  end.innerHTML = s.end ? renderMarkdown(s.end, ctx) : '';
  $('#log').replaceChildren(
    ...s.log
      .slice()
      .reverse()
      .map((/** @type {string} */ line) => {
        const li = document.createElement('li');
        li.innerHTML = renderMarkdown(line, ctx);
        return li;
      }),
  );
}

// ---- wiring -----------------------------------------------------------------------------

function setup() {
  $('#pick-cancel').addEventListener('click', () => {
    app.picked = [];
    closeChooser();
    drawTargets();
    drawPick();
  });
  $('#chooser-cancel').addEventListener('click', closeChooser);
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape') {
      closeChooser();
      if (app.picked.length) {
        app.picked = [];
        drawTargets();
        drawPick();
      }
    }
  });
  document.addEventListener('click', (ev) => {
    const box = $('#chooser');
    if (!box.hidden && !box.contains(/** @type {Node} */ (ev.target))) closeChooser();
  });
  window.setInterval(tick, 1000);
  const lang = navigator.language || 'en';
  void loadTexts(lang).then(signIn);
}

setup();
