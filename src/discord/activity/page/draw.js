// @ts-check
/**
 * Draws the table the server sends for this viewer on the Activity page (docs/activity.md): the
 * bar (game, whose turn, the time left), the game's own pictures as inline SVG (redrawn only
 * when their SVG changed) under the layer of move buttons (`targets.js`), and the side: seats,
 * status, the moves made with buttons, the end and the log.
 */
import { renderMarkdown } from './markdown.js';
import { $, app, loadTexts, mdContext, notice, send, t } from './state.js';
import { closeChooser, drawPick, drawTargets, play } from './targets.js';

/** @typedef {import('./state.js').Json} Json */
/** @typedef {import('./state.js').Move} Move */
/** @typedef {import('./state.js').Picture} Picture */

/** @param {Json} state */
export async function show(state) {
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
export function tick() {
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
