// @ts-check
/**
 * The legal moves of the Activity page as buttons over the parts they are made on (docs/activity.md
 * "Hit targets"): a card, a tile, an arrow beside a row; a move of several clicks is
 * made click by click (the clicks made so far stay marked), and where several moves share the
 * whole path the chooser asks which. `play` sends the move for the decision step shown.
 */
import { $, app, send, t } from './state.js';

/** @typedef {import('./state.js').Move} Move */
/** @typedef {import('./state.js').MoveTarget} MoveTarget */
/** @typedef {import('./state.js').Picture} Picture */

/** Size of a click beside a part (an arrow left of a row), in picture px. */
const SIDE_PX = 44;

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
export function drawTargets() {
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

export function closeChooser() {
  $('#chooser').hidden = true;
}

export function drawPick() {
  const box = $('#pick');
  box.hidden = app.picked.length === 0;
  $('#pick-text').textContent = t('pickNext');
}

/** Make a move (its code, for the decision step shown). @param {Move} move */
export function play(move) {
  if (!app.state) return;
  closeChooser();
  app.picked = [];
  send({ t: 'move', step: app.state.table.step, code: move.code });
  drawTargets();
  drawPick();
}
