// @ts-check
/**
 * The local-play page: a Discord-like client for the emulated server. It shows the world as
 * the chosen simulated user ("you are") sees it, refetching the view whenever the live
 * stream (Server-Sent Events) says the world changed, and sends that user's actions to the
 * page API. It never talks to the bot: only to the emulator, as a Discord client would.
 */
import { openActivity } from './activity-frame.js';
import { localizeCommands, localizedCommandName, parseCommand, suggest } from './composer.js';
import { discordLocaleOf, LOCALE_NAMES, t } from './i18n.js';
import { formatTimestamp } from './markdown.js';
import { avatarColour, renderMessage, tickTimestamps } from './render.js';

/**
 * @typedef {Record<string, any>} Json
 * @typedef {{ id: string, name: string, owner: boolean, manageGuild: boolean, locale: string, unreadPings: number, languageSettled: boolean }} Member
 * @typedef {{ id: string, name: string, unreadPings: number }} Channel
 * @typedef {{ key: string, name: string, allowed: boolean }} BotPermission
 * @typedef {{ revision: number, guild: { id: string, name: string }, bot: { id: string, name: string, online: boolean, permissions: BotPermission[] }, me: string,
 *   channel: string, members: Member[], channels: Channel[], commands: Json[], messages: Json[], locales: string[],
 *   banners: { time: number, kind: string, message: string }[] }} View
 */

const $ = (/** @type {string} */ sel) => /** @type {HTMLElement} */ (document.querySelector(sel));

const state = {
  /** @type {string | null} */ me: localStorage.getItem('rh.me'),
  /** @type {string | null} */ channel: localStorage.getItem('rh.channel'),
  /** @type {View | null} */ view: null,
  /** Failures shown under a message ("This interaction failed"), by message id. @type {Map<string, string>} */
  failures: new Map(),
  /** Buttons waiting for the bot's answer: `${messageId}:${customId}`. @type {Set<string>} */
  busy: new Set(),
  /** Banners dismissed on this page (by time+message). @type {Set<string>} */
  dismissedBanners: new Set(),
  /** Local notices (e.g. "The application did not respond") per channel. @type {Json[]} */
  notices: [],
  connected: true,
  /** @type {number | null} */ refreshTimer: null,
  /** The message a followed link points at, until it is shown. @type {string | null} */
  jumpTarget: null,
  /** Clicks that could not reach the local server (it restarts): sent again once it is back. @type {{ kind: 'click' | 'select', message: Json, what: { customId: string, values?: string[] } }[]} */
  unsent: [],
  refreshing: false,
  again: false,
  selectedSuggestion: 0,
  /** The last read marker sent (`me:channel:message`). */
  lastRead: '',
  /** Keys of the rendered message nodes, to redraw only what changed. @type {Map<string, { key: string, node: HTMLElement }>} */
  rendered: new Map(),
  /** Waiting for the next view drawn (see `viewOfSelection`). @type {(() => void)[]} */
  viewWaiters: [],
};

function locale() {
  return state.view?.members.find((m) => m.id === state.view?.me)?.locale ?? 'en-US';
}

/**
 * POST an action to the page API.
 * @param {string} action
 * @param {Json} body
 * @returns {Promise<Json>}
 */
async function act(action, body) {
  let res;
  try {
    res = await fetch(`/local/api/${action}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    // No answer at all: the local server (and the bot with it) is restarting.
    throw new Unreachable();
  }
  // 503: the server is up again but the bot is still starting.
  if (res.status === 503) throw new Unreachable();
  const json = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) throw new Error(json.error ?? res.statusText);
  return json;
}

/** The local server could not be reached (it restarts): nothing was sent. */
class Unreachable extends Error {
  constructor() {
    super('unreachable');
  }
}

/**
 * Send again the clicks that could not reach the server while it restarted (docs/local-play.md),
 * now that the bot is back: in the order they were made, each once.
 */
function sendUnsent() {
  const waiting = state.unsent.splice(0);
  for (const { kind, message, what } of waiting) void interact(kind, message, what);
}

/** How often the page asks whether the bot is back while clicks wait to be sent again, in ms. */
const UNSENT_RETRY_MS = 1000;

/** Whether a wait for the bot to come back is running (`retryWhenBack`). */
let waitingForBot = false;

/**
 * Ask `/healthz` every UNSENT_RETRY_MS until the bot answers again — its gateway connected, not
 * just the page server up (a click sent before would time out as "This interaction failed") —
 * then send the clicks that waited.
 */
async function retryWhenBack() {
  if (waitingForBot) return;
  waitingForBot = true;
  try {
    while (state.unsent.length) {
      await new Promise((resolve) => window.setTimeout(resolve, UNSENT_RETRY_MS));
      const back = await fetch('/healthz').then((r) => r.ok, () => false);
      if (back) {
        sendUnsent();
        return;
      }
    }
  } finally {
    waitingForBot = false;
  }
}

// ---- view loading -------------------------------------------------------------------

function scheduleRefresh(delay = 0) {
  if (state.refreshTimer !== null) return;
  state.refreshTimer = window.setTimeout(() => {
    state.refreshTimer = null;
    void refresh();
  }, delay);
}

async function refresh() {
  if (state.refreshing) {
    state.again = true;
    return;
  }
  state.refreshing = true;
  try {
    const params = new URLSearchParams();
    const asked = { me: state.me, channel: state.channel };
    if (asked.me) params.set('as', asked.me);
    if (asked.channel) params.set('channel', asked.channel);
    const res = await fetch(`/local/api/view?${params}`);
    if (!res.ok) throw new Error(res.statusText);
    /** @type {View} */
    const view = await res.json();
    if (state.me !== asked.me || state.channel !== asked.channel) {
      // The viewer switched user or channel meanwhile: this answer is for the old one.
      state.again = true;
      return;
    }
    state.view = view;
    state.me = view.me;
    state.channel = view.channel;
    localStorage.setItem('rh.me', view.me);
    localStorage.setItem('rh.channel', view.channel);
    render();
    for (const wake of state.viewWaiters.splice(0)) wake();
    markRead();
    settleLanguage();
  } catch {
    // The server is restarting: the live stream reconnects and asks again.
  } finally {
    state.refreshing = false;
    if (state.again) {
      state.again = false;
      scheduleRefresh();
    }
  }
}

/** The Discord client language of this browser (its preferred languages), or null. */
function browserLocale() {
  const v = state.view;
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return discordLocaleOf(languages, v?.locales ?? []);
}

/** Users whose language this page load has already offered its browser's. @type {Set<string>} */
const languageOffered = new Set();

/**
 * The first browser to look through a user whose language is not settled gives them its own
 * (as Discord's client takes the system's language): the page and the bot's answers are in
 * it from then on. Chosen on the member card, it stays (the server keeps which are settled).
 */
function settleLanguage() {
  const v = state.view;
  const me = v?.members.find((m) => m.id === v.me);
  if (!v || !me || me.languageSettled || languageOffered.has(me.id)) return;
  languageOffered.add(me.id);
  const code = browserLocale();
  if (!code) return;
  void act('users/client-locale', { user: me.id, locale: code }).then(
    () => {
      state.rendered.clear();
      scheduleRefresh();
    },
    () => undefined,
  );
}

function markRead() {
  const v = state.view;
  if (!v || document.hidden) return;
  const last = v.messages.at(-1);
  const key = last ? `${v.me}:${v.channel}:${last.id}` : '';
  if (!last || key === state.lastRead) return;
  state.lastRead = key;
  void act('read', { as: v.me, channel: v.channel, message: last.id }).catch(() => undefined);
}

function connect() {
  const source = new EventSource('/local/api/events');
  source.addEventListener('change', (ev) => {
    const { revision } = JSON.parse(/** @type {MessageEvent} */ (ev).data);
    if (!state.connected) {
      state.connected = true;
      renderStatus();
    }
    if (!state.view || revision !== state.view.revision) scheduleRefresh();
  });
  source.addEventListener('banner', (ev) => {
    const banner = JSON.parse(/** @type {MessageEvent} */ (ev).data);
    if (state.view) {
      state.view.banners = [...state.view.banners, banner].slice(-20);
      renderBanners();
    }
  });
  source.addEventListener('error', () => {
    state.connected = false;
    renderStatus();
  });
}

// ---- rendering ----------------------------------------------------------------------

function render() {
  const v = state.view;
  if (!v) return;
  document.documentElement.lang = locale();
  document.title = `#${v.channels.find((c) => c.id === v.channel)?.name ?? ''} · ${v.guild.name}`;
  renderChannels();
  renderMembers();
  renderHeader();
  renderBanners();
  renderStatus();
  renderMessages();
  renderComposerHints();
  renderMemberCard();
}

function renderChannels() {
  const v = /** @type {View} */ (state.view);
  const L = locale();
  $('#guild-name').textContent = v.guild.name;
  $('#channels-title').textContent = t(L, 'textChannels');
  $('#add-channel').title = t(L, 'addChannel');
  $('#add-channel').setAttribute('aria-label', t(L, 'addChannel'));
  const list = $('#channel-list');
  list.replaceChildren(
    ...v.channels.map((c) => {
      const item = document.createElement('button');
      item.type = 'button';
      item.className = `channel${c.id === v.channel ? ' active' : ''}${c.unreadPings ? ' unread' : ''}`;
      item.dataset.channel = c.id;
      const hash = document.createElement('span');
      hash.className = 'hash';
      hash.textContent = '#';
      const name = document.createElement('span');
      name.className = 'channel-name';
      name.textContent = c.name;
      item.append(hash, name);
      if (c.unreadPings) {
        const badge = document.createElement('span');
        badge.className = 'badge';
        badge.textContent = String(c.unreadPings);
        badge.title = t(L, 'pingsBadge', { count: c.unreadPings });
        item.append(badge);
      }
      item.addEventListener('click', () => {
        state.channel = c.id;
        document.body.classList.remove('show-channels');
        state.rendered.clear();
        void refresh();
      });
      return item;
    }),
  );
}

function renderMembers() {
  const v = /** @type {View} */ (state.view);
  const L = locale();
  $('#members-title').textContent = `${t(L, 'members')} — ${v.members.length + 1}`;
  $('#add-user').textContent = `+ ${t(L, 'addUser')}`;
  const list = $('#member-list');
  const bot = document.createElement('button');
  bot.type = 'button';
  bot.className = 'member bot';
  bot.dataset.user = v.bot.id;
  bot.innerHTML = '<span class="avatar small"></span><span class="member-name"></span><span class="bot-tag"></span>';
  /** @type {HTMLElement} */ (bot.querySelector('.member-name')).textContent = v.bot.name;
  /** @type {HTMLElement} */ (bot.querySelector('.bot-tag')).textContent = t(L, 'bot');
  const botAvatar = /** @type {HTMLElement} */ (bot.querySelector('.avatar'));
  botAvatar.textContent = v.bot.name.slice(0, 1).toUpperCase();
  botAvatar.style.background = avatarColour(v.bot.id) ?? '';
  bot.classList.toggle('offline', !v.bot.online);
  bot.addEventListener('click', (ev) => openBotCard(/** @type {HTMLElement} */ (ev.currentTarget)));
  list.replaceChildren(
    ...v.members.map((m) => {
      const item = document.createElement('button');
      item.type = 'button';
      item.className = `member${m.id === v.me ? ' me' : ''}`;
      item.dataset.user = m.id;
      const avatar = document.createElement('span');
      avatar.className = 'avatar small';
      avatar.textContent = m.name.slice(0, 1).toUpperCase();
      avatar.style.background = avatarColour(m.id) ?? '';
      const name = document.createElement('span');
      name.className = 'member-name';
      name.textContent = m.name;
      item.append(avatar, name);
      if (m.owner) item.append(Object.assign(document.createElement('span'), { className: 'crown', textContent: '👑', title: t(L, 'owner') }));
      if (m.unreadPings && m.id !== v.me) {
        const badge = document.createElement('span');
        badge.className = 'badge';
        badge.textContent = String(m.unreadPings);
        badge.title = t(L, 'pingsBadge', { count: m.unreadPings });
        item.append(badge);
      }
      item.addEventListener('click', (ev) => openMemberCard(m, /** @type {HTMLElement} */ (ev.currentTarget)));
      return item;
    }),
    bot,
  );
}

function renderHeader() {
  const v = /** @type {View} */ (state.view);
  const L = locale();
  const channel = v.channels.find((c) => c.id === v.channel);
  $('#channel-title').textContent = channel?.name ?? '';
  $('#you-are-label').textContent = t(L, 'youAre');
  const select = /** @type {HTMLSelectElement} */ ($('#you-are'));
  select.replaceChildren(
    ...v.members.map((m) => {
      const o = document.createElement('option');
      o.value = m.id;
      o.textContent = `${m.name}${m.unreadPings && m.id !== v.me ? ` (${m.unreadPings})` : ''}`;
      o.selected = m.id === v.me;
      return o;
    }),
  );
  const input = /** @type {HTMLTextAreaElement} */ ($('#composer-input'));
  input.placeholder = t(L, 'messagePlaceholder', { channel: channel?.name ?? '' });
  $('#toggle-channels').setAttribute('aria-label', t(L, 'channels'));
  $('#toggle-members').setAttribute('aria-label', t(L, 'members'));
}

function renderBanners() {
  const v = state.view;
  if (!v) return;
  const L = locale();
  const box = $('#banners');
  const shown = v.banners.filter((b) => !state.dismissedBanners.has(`${b.time}:${b.message}`)).slice(-3);
  box.replaceChildren(
    ...shown.map((b) => {
      const item = document.createElement('div');
      item.className = 'banner error';
      item.setAttribute('role', 'alert');
      const title = document.createElement('strong');
      title.textContent = `${t(L, 'bannerTitle')}: `;
      const text = document.createElement('span');
      text.textContent = b.message;
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'banner-close';
      close.textContent = t(L, 'dismissBanner');
      close.addEventListener('click', () => {
        state.dismissedBanners.add(`${b.time}:${b.message}`);
        renderBanners();
      });
      item.append(title, text, close);
      return item;
    }),
  );
}

function renderStatus() {
  const L = locale();
  const status = $('#status');
  const v = state.view;
  if (!state.connected) {
    status.textContent = t(L, 'reconnecting');
    status.hidden = false;
  } else if (v && !v.bot.online) {
    status.textContent = t(L, 'botOffline', { bot: v.bot.name });
    status.hidden = false;
  } else {
    status.hidden = true;
  }
}

/** @returns {import('./render.js').RenderContext} */
function renderContext() {
  const v = /** @type {View} */ (state.view);
  const L = locale();
  const names = new Map(v.members.map((m) => [m.id, m.name]));
  names.set(v.bot.id, v.bot.name);
  const channels = new Map(v.channels.map((c) => [c.id, c.name]));
  return {
    md: { userName: (id) => names.get(id), channelName: (id) => channels.get(id), roleName: () => undefined, me: v.me, locale: L, now: Date.now(), guildId: v.guild.id },
    locale: L,
    botName: v.bot.name,
    failure: (id) => state.failures.get(id),
    busy: (id, customId) => state.busy.has(`${id}:${customId}`),
    onClick: (message, customId) => void interact('click', message, { customId }),
    onSelect: (message, customId, values) => void interact('select', message, { customId, values }),
    onDismiss: (message) => void dismiss(message),
    // "used /command": the name in the viewer's language, as in the composer (composer.js).
    commandName: (registered) => localizedCommandName(registered, localCommands()),
  };
}

/** Longest an edited message shows its old picture while the new one loads, ms. */
const PICTURE_SWAP_WAIT_MS = 3000;

/**
 * An edited message (`shown` → `fresh`): its text and buttons change at once, but a picture
 * whose new file has not loaded yet is shown as it was (the old, loaded \<img\> moved into its
 * place) until the new one is decoded (or failed, or after PICTURE_SWAP_WAIT_MS): no blank
 * frame on every edit.
 * @param {HTMLElement} shown
 * @param {HTMLElement} fresh
 */
function holdPictures(shown, fresh) {
  const before = [...shown.querySelectorAll('img')];
  [...fresh.querySelectorAll('img')].forEach((img, i) => {
    const old = before[i];
    if (img.complete || !old || !old.complete || old.naturalWidth === 0) return;
    img.replaceWith(old);
    const loaded = img.decode().catch(() => undefined);
    void Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, PICTURE_SWAP_WAIT_MS))]).then(() => {
      if (!old.isConnected) return;
      old.replaceWith(img);
      if (pinnedToBottom) {
        const list = $('#messages');
        list.scrollTop = list.scrollHeight;
      }
    });
  });
}

function renderMessages() {
  const v = /** @type {View} */ (state.view);
  const list = $('#messages');
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  const ctx = renderContext();
  const notices = state.notices.filter((n) => n.channel === v.channel && n.as === v.me);
  // A view already on screen (not a channel or user switch) brings the newest answer to the
  // viewer's own interaction into sight — a private panel opened by "Show my hand", a lobby
  // from a command — as Discord's client does, wherever the viewer had scrolled.
  const continuing = state.rendered.size > 0;
  /** @type {HTMLElement | null} */
  let ownAnswer = null;
  const all = [...v.messages, ...notices].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  /** @type {HTMLElement[]} */
  const nodes = [];
  /** @type {Map<string, { key: string, node: HTMLElement }>} */
  const next = new Map();
  let previous = /** @type {Json | null} */ (null);
  for (const m of all) {
    const grouped = Boolean(
      previous && previous.author?.id === m.author?.id && !m.interaction_metadata && Date.parse(m.timestamp) - Date.parse(previous.timestamp) < 7 * 60_000,
    );
    const key = JSON.stringify([m, grouped, ctx.failure(m.id) ?? '', [...state.busy].filter((b) => b.startsWith(`${m.id}:`)), ctx.locale, ctx.md.userName.length]);
    const old = state.rendered.get(m.id);
    const node = old && old.key === key ? old.node : renderMessage(m, ctx, grouped);
    // An edit: its new picture shows once loaded, the old one until then (holdPictures).
    if (old && node !== old.node) holdPictures(old.node, node);
    if (continuing && !old && (m.interaction_metadata?.user?.id === v.me || m.local)) ownAnswer = node;
    next.set(m.id, { key, node });
    nodes.push(node);
    previous = m;
  }
  state.rendered = next;
  // The welcome stays while the channel holds no message everyone sees: private answers
  // ("Only you can see this", e.g. /help's) and local notices are not the channel's
  // history, so a newcomer who reads /help first keeps the welcome and its button above them.
  if (all.every((m) => m.ephemeral)) nodes.unshift(welcome(ctx.locale));
  const current = [...list.children];
  if (current.length !== nodes.length || current.some((n, i) => n !== nodes[i])) list.replaceChildren(...nodes);
  tickTimestamps(list, (unix, style) => formatTimestamp(unix, style, ctx.locale, Date.now()));
  // The viewer's own answer jumps to the present, as Discord's client does when you act: the
  // newest messages (usually that answer, its controls at the bottom) in sight.
  if (atBottom || ownAnswer) {
    list.scrollTop = list.scrollHeight;
    pinnedToBottom = true;
  }
  showJumpTarget();
}

/**
 * Follow a link to a channel or a message of this server (a `#channel` mention, a message
 * link's "#channel › 💬"), as Discord's client does: open the channel and bring the message
 * into sight, flashed.
 * @param {string} channelId
 * @param {string | undefined} messageId
 */
function jumpTo(channelId, messageId) {
  const v = state.view;
  if (!v || !v.channels.some((c) => c.id === channelId)) return;
  state.jumpTarget = messageId ?? null;
  document.body.classList.remove('show-channels', 'show-members');
  if (channelId !== v.channel) {
    state.channel = channelId;
    state.rendered.clear();
    void refresh();
  } else showJumpTarget();
}

/** Bring the message a link pointed at into sight and flash it (once it is on the page). */
function showJumpTarget() {
  const id = state.jumpTarget;
  if (!id) return;
  const node = /** @type {HTMLElement | null} */ ($('#messages').querySelector(`.message[data-message-id="${id}"]`));
  if (!node) return;
  state.jumpTarget = null;
  pinnedToBottom = false;
  node.scrollIntoView({ block: 'center' });
  node.classList.remove('highlight');
  void node.offsetWidth;
  node.classList.add('highlight');
  window.setTimeout(() => node.classList.remove('highlight'), JUMP_FLASH_MS);
}

/** How long a message a link jumped to stays flashed, in ms. */
const JUMP_FLASH_MS = 2500;

/** Whether the message list shows its bottom: a picture that loads later keeps it there. */
let pinnedToBottom = true;

/**
 * Keep the message list at its bottom while pictures load (they grow their message after it
 * was drawn), unless the viewer scrolled up to read.
 */
function setupScrollPin() {
  const list = $('#messages');
  list.addEventListener('scroll', () => {
    pinnedToBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  });
  // `load` does not bubble: listen in the capture phase for every picture in the list.
  list.addEventListener('load', (ev) => {
    if (pinnedToBottom && ev.target instanceof HTMLImageElement) list.scrollTop = list.scrollHeight;
  }, true);
}

/** @type {{ locale: string, node: HTMLElement } | null} */
let welcomeCache = null;

/**
 * The greeting an empty channel shows (the first view of local play): where the commands
 * are (`/`, `/help`), one button per game that starts it against bots by sending the
 * command it names, as if typed, and one 🎓 Learn button per game that sends its `learn`
 * command (docs/lessons.md) — in the viewer's client language, and where it comes from (the
 * first browser to look through the user, or the member card: the page cannot tell which
 * browser that was, so it names both).
 * @param {string} L the viewer's Discord locale
 */
function welcome(L) {
  if (welcomeCache?.locale === L) return welcomeCache.node;
  const node = Object.assign(document.createElement('section'), { id: 'welcome' });
  const games = [
    ['welcome-play', 'welcomePlay', 'welcomeCommand'],
    ['welcome-play-noir', 'welcomePlayNoir', 'welcomeCommandNoir'],
    ['welcome-play-phantom', 'welcomePlayPhantom', 'welcomeCommandPhantom'],
    ['welcome-play-jaccuse', 'welcomePlayJaccuse', 'welcomeCommandJaccuse'],
  ];
  const row = Object.assign(document.createElement('div'), { className: 'welcome-games' });
  for (const [id, label, command] of games) {
    const play = Object.assign(document.createElement('button'), { type: 'button', className: 'button primary', id, textContent: t(L, label) });
    play.dataset.command = t(L, command);
    play.title = t(L, command);
    play.addEventListener('click', () => {
      const input = /** @type {HTMLTextAreaElement} */ ($('#composer-input'));
      input.value = t(L, command);
      void send();
    });
    row.append(play);
  }
  // 🎓 Learn (docs/lessons.md): each game's five-minute guided game, privately, by its `learn` command.
  const learnRow = Object.assign(document.createElement('div'), { className: 'welcome-learn' });
  for (const [game, label] of [['suspicion', 'welcomeLearnSuspicion'], ['noir', 'welcomeLearnNoir'], ['phantom', 'welcomeLearnPhantom'], ['jaccuse', 'welcomeLearnJaccuse']]) {
    const command = t(L, 'welcomeLearnCommand', { game });
    const learn = Object.assign(document.createElement('button'), { type: 'button', className: 'button secondary', id: `welcome-learn-${game}`, textContent: t(L, label) });
    learn.dataset.command = command;
    learn.title = command;
    learn.addEventListener('click', () => {
      const input = /** @type {HTMLTextAreaElement} */ ($('#composer-input'));
      input.value = command;
      void send();
    });
    learnRow.append(learn);
  }
  node.append(
    Object.assign(document.createElement('h2'), { className: 'welcome-title', textContent: t(L, 'welcomeTitle') }),
    Object.assign(document.createElement('p'), { textContent: t(L, 'welcomeCommands') }),
    Object.assign(document.createElement('p'), { textContent: t(L, 'welcomeBots') }),
    row,
    Object.assign(document.createElement('p'), { textContent: t(L, 'welcomeLearn') }),
    learnRow,
    Object.assign(document.createElement('p'), { className: 'welcome-note', textContent: t(L, 'welcomeNote', { command: t(L, 'welcomeCommand') }) }),
    Object.assign(document.createElement('p'), { className: 'welcome-note welcome-language', textContent: t(L, 'welcomeLanguage', { language: LOCALE_NAMES[L] ?? L }) }),
  );
  welcomeCache = { locale: L, node };
  return node;
}

// ---- actions ------------------------------------------------------------------------

/**
 * A click or a select on a message, as the viewer.
 * @param {'click' | 'select'} kind
 * @param {Json} message
 * @param {{ customId: string, values?: string[] }} what
 */
async function interact(kind, message, what) {
  const v = state.view;
  if (!v) return;
  const key = `${message.id}:${what.customId}`;
  state.busy.add(key);
  state.failures.delete(message.id);
  renderMessages();
  try {
    const outcome = await act(kind, { as: v.me, message: message.id, ...what });
    handleOutcome(outcome, message.id);
  } catch (err) {
    if (err instanceof Unreachable) {
      // Said plainly, and sent again by itself once the server answers (not "Failed to fetch").
      state.failures.set(message.id, t(locale(), 'botRestarting'));
      state.unsent = [...state.unsent.filter((u) => u.message.id !== message.id), { kind, message, what }];
      void retryWhenBack();
    } else state.failures.set(message.id, /** @type {Error} */ (err).message);
  } finally {
    state.busy.delete(key);
    renderMessages();
  }
}

/**
 * Show what the bot's answer means for the viewer: a modal to fill in, or a failure.
 * @param {Json} outcome
 * @param {string | null} messageId the message the interaction came from (null: a slash command)
 */
function handleOutcome(outcome, messageId) {
  const L = locale();
  if (outcome.modal) openModal(outcome);
  // LAUNCH_ACTIVITY (callback type 12): Discord opens the Activity (docs/activity.md "Try it in local play").
  if (outcome.activity && state.view) {
    const v = state.view;
    const me = v.members.find((/** @type {Json} */ m) => m.id === v.me);
    openActivity({
      ...outcome.activity,
      user: { id: v.me, name: me?.name ?? '' },
      clientId: v.bot.id,
      act,
      words: {
        title: t(L, 'activityTitle'),
        close: t(L, 'activityClose'),
        phone: t(L, 'activityPhone'),
        desktop: t(L, 'activityDesktop'),
        authorizeTitle: t(L, 'authorizeTitle'),
        authorizeText: t(L, 'authorizeText'),
        authorize: t(L, 'authorize'),
        cancel: t(L, 'cancel'),
      },
    });
  }
  if (outcome.error) {
    const text = outcome.error.code === 10062 ? t(L, 'interactionFailed') : `${t(L, 'interactionFailed')}: ${outcome.error.message}`;
    if (messageId) state.failures.set(messageId, text);
    else addNotice(outcome.error.code === 10062 ? t(L, 'noResponse') : text);
  }
}

/** A local "Only you can see this" notice in the current channel (like Discord's own). */
function addNotice(/** @type {string} */ text) {
  const v = /** @type {View} */ (state.view);
  const id = ((BigInt(Date.now()) - 1420070400000n) << 22n).toString();
  state.notices.push({
    id,
    channel: v.channel,
    as: v.me,
    author: { id: '0', username: 'Discord', global_name: 'Discord', bot: true },
    content: text,
    timestamp: new Date().toISOString(),
    ephemeral: true,
    embeds: [],
    components: [],
    local: true,
  });
  renderMessages();
}

async function dismiss(/** @type {Json} */ message) {
  const v = state.view;
  if (!v) return;
  if (message.local) {
    state.notices = state.notices.filter((n) => n !== message);
    renderMessages();
    return;
  }
  await act('dismiss', { as: v.me, message: message.id }).catch((err) => state.failures.set(message.id, err.message));
  scheduleRefresh();
}

/** @param {Json} outcome */
function openModal(outcome) {
  const modal = outcome.modal;
  const L = locale();
  const dialog = /** @type {HTMLDialogElement} */ ($('#modal'));
  const form = /** @type {HTMLFormElement} */ ($('#modal-form'));
  $('#modal-title').textContent = String(modal.title ?? '');
  const fields = $('#modal-fields');
  fields.replaceChildren();
  /** @type {Json[]} */
  const inputs = [];
  for (const top of modal.components ?? []) {
    if (Number(top.type) === 1) inputs.push(...(top.components ?? []).map((/** @type {Json} */ c) => ({ ...c, label: c.label })));
    else if (Number(top.type) === 18 && top.component) inputs.push({ ...top.component, label: top.label, description: top.description });
  }
  for (const c of inputs) {
    const label = document.createElement('label');
    label.className = 'modal-field';
    const caption = document.createElement('span');
    caption.className = 'modal-label';
    caption.textContent = `${c.label ?? c.custom_id}${c.required !== false ? ' *' : ''}`;
    label.append(caption);
    /** @type {HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement} */
    let input;
    if (Number(c.type) === 4) {
      input = Number(c.style) === 2 ? document.createElement('textarea') : document.createElement('input');
      if (c.placeholder) input.placeholder = String(c.placeholder);
      if (typeof c.value === 'string') input.value = c.value;
      if (typeof c.max_length === 'number') input.maxLength = c.max_length;
      if (typeof c.min_length === 'number') input.minLength = c.min_length;
      input.required = c.required !== false;
    } else {
      input = document.createElement('select');
      input.multiple = Number(c.max_values ?? 1) > 1;
      for (const o of c.options ?? []) input.append(Object.assign(document.createElement('option'), { value: o.value, textContent: o.label }));
    }
    input.name = String(c.custom_id);
    label.append(input);
    fields.append(label);
  }
  $('#modal-submit').textContent = t(L, 'submit');
  $('#modal-cancel').textContent = t(L, 'cancel');
  $('#modal-error').textContent = '';
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    /** @type {Record<string, string | string[]>} */
    const values = {};
    for (const input of /** @type {NodeListOf<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>} */ (fields.querySelectorAll('input, textarea, select'))) {
      values[input.name] = input instanceof HTMLSelectElement ? [...input.selectedOptions].map((o) => o.value) : input.value;
    }
    try {
      const result = await act('modal', { as: state.view?.me, interaction: outcome.interactionId, values });
      dialog.close();
      handleOutcome(result, null);
    } catch (err) {
      $('#modal-error').textContent = /** @type {Error} */ (err).message;
    }
  };
  $('#modal-cancel').onclick = () => dialog.close();
  dialog.showModal();
}

// ---- members and channels -----------------------------------------------------------

/** The member card on screen (whose, in which language), to redraw it when the viewer's language changes. @type {{ id: string, locale: string } | null} */
let memberCardOf = null;

/** An open member card drawn in another language than the viewer's now (it was just changed on it): drawn again. */
function renderMemberCard() {
  const card = $('#member-card');
  const shown = memberCardOf;
  if (card.hidden || !shown || shown.locale === locale()) return;
  const m = state.view?.members.find((x) => x.id === shown.id);
  const anchor = /** @type {HTMLElement | null} */ (document.querySelector(`.member[data-user="${shown.id}"]`));
  if (m && anchor) openMemberCard(m, anchor);
}

/**
 * The member card: look through their eyes, rename, Manage Server, client language.
 * @param {Member} m
 * @param {HTMLElement} anchor
 */
function openMemberCard(m, anchor) {
  const L = locale();
  memberCardOf = { id: m.id, locale: L };
  const card = $('#member-card');
  card.replaceChildren();
  const title = document.createElement('div');
  title.className = 'card-title';
  title.textContent = m.name;
  if (m.owner) title.append(Object.assign(document.createElement('span'), { className: 'card-owner', textContent: ` 👑 ${t(L, 'owner')}` }));
  const viewAs = document.createElement('button');
  viewAs.type = 'button';
  viewAs.className = 'button primary';
  viewAs.dataset.action = 'view-as';
  viewAs.textContent = t(L, 'viewAs');
  viewAs.addEventListener('click', () => {
    switchUser(m.id);
    card.hidden = true;
  });
  const rename = document.createElement('form');
  rename.className = 'card-row';
  const nameInput = Object.assign(document.createElement('input'), { value: m.name, maxLength: 32, name: 'name' });
  nameInput.setAttribute('aria-label', t(L, 'rename'));
  const renameButton = Object.assign(document.createElement('button'), { type: 'submit', className: 'button secondary small', textContent: t(L, 'rename') });
  rename.append(nameInput, renameButton);
  rename.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void updateUser({ user: m.id, name: nameInput.value });
  });
  const manage = document.createElement('label');
  manage.className = 'card-row switch';
  const toggle = Object.assign(document.createElement('input'), { type: 'checkbox', checked: m.manageGuild || m.owner, disabled: m.owner, name: 'manage-guild' });
  toggle.addEventListener('change', () => void updateUser({ user: m.id, manageGuild: toggle.checked }));
  manage.append(toggle, Object.assign(document.createElement('span'), { textContent: t(L, 'manageServer') }));
  if (m.owner) manage.title = t(L, 'ownerHasAll');
  const lang = document.createElement('label');
  lang.className = 'card-row';
  const langSelect = document.createElement('select');
  langSelect.name = 'locale';
  for (const code of state.view?.locales ?? []) {
    langSelect.append(Object.assign(document.createElement('option'), { value: code, textContent: `${LOCALE_NAMES[code] ?? code} (${code})`, selected: code === m.locale }));
  }
  langSelect.addEventListener('change', () => void updateUser({ user: m.id, locale: langSelect.value }));
  lang.append(Object.assign(document.createElement('span'), { textContent: t(L, 'language') }), langSelect);
  const close = Object.assign(document.createElement('button'), { type: 'button', className: 'button secondary small card-close', textContent: t(L, 'close') });
  close.addEventListener('click', () => (card.hidden = true));
  card.append(title, viewAs, rename, manage, lang, close);
  placeCard(card, anchor);
}

/**
 * The bot's card: its permissions in this channel (the invite's by default), each a switch a
 * server admin could flip — take Attach Files away and the boards turn to text, Send Messages
 * and nothing is posted here (docs/discord-conformance.md "What the bot does when Discord refuses").
 * @param {HTMLElement} anchor
 */
function openBotCard(anchor) {
  const v = /** @type {View} */ (state.view);
  const L = locale();
  const card = $('#member-card');
  card.replaceChildren();
  const channel = v.channels.find((c) => c.id === v.channel);
  const title = document.createElement('div');
  title.className = 'card-title';
  title.textContent = v.bot.name;
  const heading = Object.assign(document.createElement('div'), { className: 'card-note', textContent: t(L, 'botPermissionsIn', { channel: channel?.name ?? '' }) });
  const rows = v.bot.permissions.map((p) => {
    const row = document.createElement('label');
    row.className = 'card-row switch';
    const toggle = Object.assign(document.createElement('input'), { type: 'checkbox', checked: p.allowed, name: p.key });
    toggle.addEventListener('change', async () => {
      try {
        await act('bot/permission', { channel: v.channel, permission: p.key, allowed: toggle.checked });
      } catch (err) {
        alertInCard(/** @type {Error} */ (err).message);
      }
      scheduleRefresh();
    });
    row.append(toggle, Object.assign(document.createElement('span'), { textContent: p.name }));
    return row;
  });
  const note = Object.assign(document.createElement('div'), { className: 'card-note', textContent: t(L, 'botPermissionsNote') });
  const close = Object.assign(document.createElement('button'), { type: 'button', className: 'button secondary small card-close', textContent: t(L, 'close') });
  close.addEventListener('click', () => (card.hidden = true));
  card.append(title, heading, ...rows, note, close);
  placeCard(card, anchor);
}

/**
 * Show a card beside the list item it belongs to; on a phone, as a sheet at the bottom.
 * @param {HTMLElement} card
 * @param {HTMLElement} anchor
 */
function placeCard(card, anchor) {
  if (window.matchMedia(PHONE_MEDIA).matches) {
    // A phone: the members drawer makes way and the card is a sheet at the bottom, in full sight.
    document.body.classList.remove('show-members');
    card.style.top = '';
  } else {
    const rect = anchor.getBoundingClientRect();
    card.style.top = `${Math.max(8, Math.min(rect.top, window.innerHeight - 320))}px`;
  }
  card.hidden = false;
}

/** Screens where the channel and member lists are drawers (style.css's phone layout). */
const PHONE_MEDIA = '(max-width: 720px)';

/** @param {Json} body */
async function updateUser(body) {
  try {
    await act('users/update', body);
  } catch (err) {
    alertInCard(/** @type {Error} */ (err).message);
  }
  scheduleRefresh();
}

function alertInCard(/** @type {string} */ text) {
  const card = $('#member-card');
  const note = Object.assign(document.createElement('div'), { className: 'card-error', textContent: text });
  card.append(note);
}

function switchUser(/** @type {string} */ id) {
  state.me = id;
  state.rendered.clear();
  state.failures.clear();
  document.body.classList.remove('show-members');
  void refresh();
}

// ---- composer -----------------------------------------------------------------------

/** @type {{ source: unknown, locale: string, commands: import('./composer.js').Command[] } | null} */
let localized = null;

/**
 * The registered commands as the viewer's client shows them: names, descriptions and choices
 * in the viewer's client language (README "Languages"), registered names still accepted.
 */
function localCommands() {
  const source = state.view?.commands ?? [];
  const L = locale();
  if (!localized || localized.source !== source || localized.locale !== L) localized = { source, locale: L, commands: localizeCommands(/** @type {any} */ (source), L) };
  return localized.commands;
}

function composerContext() {
  const v = /** @type {View} */ (state.view);
  return { members: v.members.map((m) => ({ id: m.id, name: m.name })), channels: v.channels.map((c) => ({ id: c.id, name: c.name })), locale: locale() };
}

function renderComposerHints() {
  const v = state.view;
  const input = /** @type {HTMLTextAreaElement} */ ($('#composer-input'));
  const box = $('#suggestions');
  if (!v || document.activeElement !== input || !input.value.startsWith('/')) {
    box.hidden = true;
    return;
  }
  const L = locale();
  const list = suggest(input.value, localCommands(), composerContext());
  state.selectedSuggestion = Math.min(state.selectedSuggestion, Math.max(0, list.length - 1));
  const header = Object.assign(document.createElement('div'), { className: 'suggest-header', textContent: t(L, 'commandsOf', { bot: v.bot.name }) });
  if (!list.length) {
    const parsed = parseCommand(input.value, localCommands(), composerContext());
    box.replaceChildren(header, Object.assign(document.createElement('div'), { className: 'suggest-empty', textContent: parsed ? '' : t(L, 'noCommands') }));
    box.hidden = Boolean(parsed);
    return;
  }
  box.replaceChildren(
    header,
    ...list.slice(0, 25).map((s, i) => {
      const item = document.createElement('button');
      item.type = 'button';
      item.className = `suggestion ${s.kind}${i === state.selectedSuggestion ? ' selected' : ''}`;
      item.append(
        Object.assign(document.createElement('span'), { className: 'suggest-label', textContent: s.label }),
        Object.assign(document.createElement('span'), { className: 'suggest-detail', textContent: s.detail }),
      );
      item.addEventListener('mousedown', (ev) => {
        ev.preventDefault();
        applySuggestion(s.insert);
      });
      return item;
    }),
  );
  box.hidden = false;
}

function applySuggestion(/** @type {string} */ text) {
  const input = /** @type {HTMLTextAreaElement} */ ($('#composer-input'));
  input.value = text;
  input.focus();
  input.setSelectionRange(text.length, text.length);
  state.selectedSuggestion = 0;
  $('#composer-error').textContent = '';
  renderComposerHints();
}

/**
 * The view of the user and channel chosen on this page. Right after a click on a channel (or a
 * switch of user) the view drawn is still the old one until the server answers; a command typed
 * meanwhile goes to the channel chosen, read in that user's language, as in Discord — so this
 * waits for that view (it comes with the next refresh; while the server restarts, once it is back).
 * @returns {Promise<View | null>}
 */
async function viewOfSelection() {
  const shown = () => state.view !== null && state.view.me === (state.me ?? state.view.me) && state.view.channel === (state.channel ?? state.view.channel);
  while (!shown()) {
    await new Promise((resolve) => {
      state.viewWaiters.push(() => resolve(undefined));
      scheduleRefresh();
    });
  }
  return state.view;
}

/** A send waiting for the chosen channel's view (a second Enter meanwhile sends nothing twice). */
let sendWaiting = false;

async function send() {
  const input = /** @type {HTMLTextAreaElement} */ ($('#composer-input'));
  if (!input.value.trim() || sendWaiting) return;
  sendWaiting = true;
  const v = await viewOfSelection().finally(() => {
    sendWaiting = false;
  });
  const text = input.value.trim();
  if (!v || !text) return;
  const error = $('#composer-error');
  const parsed = parseCommand(text, localCommands(), composerContext());
  if (parsed && !parsed.ok) {
    const list = suggest(input.value, localCommands(), composerContext());
    if (parsed.incomplete && list.length && !$('#suggestions').hidden) {
      applySuggestion(list[state.selectedSuggestion]?.insert ?? input.value);
      return;
    }
    error.textContent = parsed.error;
    return;
  }
  error.textContent = '';
  input.value = '';
  renderComposerHints();
  try {
    if (parsed && parsed.ok) {
      const outcome = await act('slash', { as: v.me, channel: v.channel, command: parsed.path, options: parsed.options });
      handleOutcome(outcome, null);
    } else {
      await act('message', { as: v.me, channel: v.channel, content: text });
    }
  } catch (err) {
    input.value = text;
    error.textContent = err instanceof Unreachable ? t(locale(), 'botRestartingCommand') : /** @type {Error} */ (err).message;
  }
  scheduleRefresh();
}

function setupComposer() {
  const input = /** @type {HTMLTextAreaElement} */ ($('#composer-input'));
  input.addEventListener('input', () => {
    state.selectedSuggestion = 0;
    $('#composer-error').textContent = '';
    renderComposerHints();
  });
  input.addEventListener('focus', renderComposerHints);
  input.addEventListener('blur', () => window.setTimeout(renderComposerHints, 100));
  input.addEventListener('keydown', (ev) => {
    const box = $('#suggestions');
    const items = box.querySelectorAll('.suggestion');
    if (!box.hidden && items.length && (ev.key === 'ArrowDown' || ev.key === 'ArrowUp')) {
      ev.preventDefault();
      state.selectedSuggestion = (state.selectedSuggestion + (ev.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
      renderComposerHints();
    } else if (!box.hidden && items.length && ev.key === 'Tab') {
      ev.preventDefault();
      const list = suggest(input.value, localCommands(), composerContext());
      applySuggestion(list[state.selectedSuggestion]?.insert ?? input.value);
    } else if (ev.key === 'Enter' && !ev.shiftKey) {
      ev.preventDefault();
      void send();
    } else if (ev.key === 'Escape') {
      box.hidden = true;
    }
  });
}

// ---- wiring -------------------------------------------------------------------------

/**
 * A one-field form opened by a button ("+ Add a user", the channel list's "+"): submitting it
 * runs `submit` with the text; a refusal shows as the field's validation message.
 * @param {string} buttonSel
 * @param {string} formSel
 * @param {string} placeholderKey page text key of the field's placeholder
 * @param {(value: string) => Promise<void>} submit
 */
function inlineForm(buttonSel, formSel, placeholderKey, submit) {
  const form = /** @type {HTMLFormElement} */ ($(formSel));
  const field = /** @type {HTMLInputElement} */ (form.querySelector('input'));
  $(buttonSel).addEventListener('click', () => {
    form.hidden = !form.hidden;
    field.placeholder = t(locale(), placeholderKey);
    field.focus();
  });
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    try {
      await submit(field.value);
      field.value = '';
      form.hidden = true;
    } catch (err) {
      field.setCustomValidity(/** @type {Error} */ (err).message);
      field.reportValidity();
      field.setCustomValidity('');
    }
  });
}

function setup() {
  setupComposer();
  setupScrollPin();
  /** @type {HTMLSelectElement} */ ($('#you-are')).addEventListener('change', (ev) => switchUser(/** @type {HTMLSelectElement} */ (ev.target).value));
  $('#toggle-channels').addEventListener('click', () => document.body.classList.toggle('show-channels'));
  $('#toggle-members').addEventListener('click', () => document.body.classList.toggle('show-members'));
  $('#scrim').addEventListener('click', () => document.body.classList.remove('show-channels', 'show-members'));
  // Links to a channel or message of this server are followed inside the page.
  $('#messages').addEventListener('click', (ev) => {
    const target = /** @type {HTMLElement} */ (ev.target).closest?.('.mention-channel');
    if (!(target instanceof HTMLElement) || !target.dataset.channel) return;
    ev.preventDefault();
    jumpTo(target.dataset.channel, target.dataset.message);
  });
  inlineForm('#add-channel', '#add-channel-form', 'addChannelPlaceholder', async (name) => {
    const { channel } = await act('channels', { name });
    state.channel = channel;
    // As a tap on a channel does: the phone's drawer makes way for the channel just opened.
    document.body.classList.remove('show-channels');
    state.rendered.clear();
    void refresh();
  });
  inlineForm('#add-user', '#add-user-form', 'addUserPlaceholder', async (name) => {
    const language = browserLocale();
    await act('users', language ? { name, locale: language } : { name });
    scheduleRefresh();
  });
  document.addEventListener('click', (ev) => {
    const card = $('#member-card');
    const target = /** @type {HTMLElement} */ (ev.target);
    if (!card.hidden && !card.contains(target) && !target.closest('.member')) card.hidden = true;
  });
  // Escape closes an open card, as Discord's popouts do.
  document.addEventListener('keydown', (ev) => {
    const card = $('#member-card');
    if (ev.key === 'Escape' && !card.hidden) card.hidden = true;
  });
  document.addEventListener('visibilitychange', markRead);
  window.setInterval(() => {
    tickTimestamps($('#messages'), (unix, style) => formatTimestamp(unix, style, locale(), Date.now()));
  }, 1000);
  connect();
  void refresh();
}

setup();
