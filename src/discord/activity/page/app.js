// @ts-check
/**
 * The table as a Discord Activity (docs/activity.md): signs in with the Embedded App SDK
 * (`ready` → `authorize` → the server's token route → `authenticate`), opens the live socket,
 * and draws the table the server sends for this viewer — the game's own pictures as inline SVG
 * with the legal moves as buttons over the parts they are made on (a card, a tile, an arrow
 * beside a row), the other moves as buttons beside them, whose turn, the time left, the log and
 * the end. Every path is `/.proxy`-relative (Discord's proxy); nothing outside this origin.
 *
 * This module signs in, keeps the live socket and wires the page's keys and clicks; `draw.js`
 * draws the table, `targets.js` the moves over the pictures, `state.js` holds what they share.
 */
import { show, tick } from './draw.js';
import { $, app, loadTexts, notice, t, toast } from './state.js';
import { closeChooser, drawPick, drawTargets } from './targets.js';

/** @typedef {import('./state.js').Json} Json */

const SDK_URL = '/.proxy/sdk/index.mjs';

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
      // The first-table note (docs/lessons.md "First table of a game"): once, until the next line.
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
