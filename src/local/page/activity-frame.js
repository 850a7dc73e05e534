// @ts-check
/**
 * Discord's client around an Activity, for local play (docs/activity.md "Tested offline"): the
 * Activity is opened in an iframe at `/.proxy/?frame_id=…&instance_id=…&platform=…` (the launch
 * parameters the Embedded App SDK reads in its constructor) and this frame answers the SDK's
 * postMessage RPC as Discord's client does, so the real `DiscordSDK` class runs unchanged.
 *
 * The protocol, from @discord/embedded-app-sdk 2.5.0 (`output/Discord.mjs`, `output/schema/`):
 * messages are `[opcode, payload]` with opcodes HANDSHAKE 0, FRAME 1, CLOSE 2 (HELLO 3 unused).
 * The SDK sends `[0, { v: 1, encoding: 'json', client_id, frame_id, sdk_version }]` to its
 * parent; the client answers with a FRAME `{ cmd: 'DISPATCH', evt: 'READY', nonce: null, data:
 * { v: 1, config: { api_endpoint, environment, cdn_host }, user } }`. Each command is a FRAME
 * `{ cmd, args, nonce }`; its answer is a FRAME `{ cmd, evt: null, nonce, data }` (the command's
 * response schema), or `{ cmd, evt: 'ERROR', nonce, data: { code, message } }` (RPC error codes:
 * 4000 invalid payload, 4006 invalid permissions, 4007 invalid client id, 4009 invalid token,
 * 5000 OAuth2 error, …). The SDK accepts messages only from allowed origins, among them its own
 * (`window.location.origin`): here the page and the Activity share this server's origin, as an
 * Activity and Discord's proxy share `<app id>.discordsays.com`.
 *
 * AUTHORIZE asks the user the first time (Discord's consent dialog: "Authorize"); the code comes
 * from the emulator (`/local/api/activity/authorize`), AUTHENTICATE checks the access token
 * there. Logs the SDK forwards (CAPTURE_LOG, after READY) go to this page's console.
 */

/** @typedef {Record<string, any>} Json */

const HANDSHAKE = 0;
const FRAME = 1;
const CLOSE = 2;

/** RPC error codes the answers use (the SDK's `RPCErrorCodes`). */
const INVALID_PAYLOAD = 4000;
const INVALID_COMMAND = 4002;
const INVALID_CLIENTID = 4007;
const OAUTH2_ERROR = 5000;

/** Commands the SDK expects an empty answer to (`data: null`, its empty response schema). */
const EMPTY = new Set(['CAPTURE_LOG', 'SET_ORIENTATION_LOCK_STATE', 'SEND_ANALYTICS_EVENT', 'ENCOURAGE_HW_ACCELERATION']);

/**
 * @typedef {object} ActivityLaunch
 * @property {string} instanceId the instance Discord launched or joined (interaction callback 12)
 * @property {string} guildId
 * @property {string} channelId
 * @property {{ id: string, name: string }} user the signed-in member of the page
 * @property {string} clientId the application (client) id
 * @property {(action: string, body: Json) => Promise<Json>} act POST to the page API
 * @property {{ title: string, close: string, phone: string, desktop: string, authorizeTitle: string, authorizeText: string, authorize: string, cancel: string }} words
 * @property {() => void} [onClose]
 */

/** @type {{ close: () => void } | null} */
let open = null;

/**
 * Open the Activity of a launch in the page's Activity window (one at a time: a new launch
 * replaces the open one), and answer its SDK until it is closed.
 * @param {ActivityLaunch} launch
 */
export function openActivity(launch) {
  open?.close();
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById('activity-window'));
  const iframe = /** @type {HTMLIFrameElement} */ (document.getElementById('activity-iframe'));
  const consent = /** @type {HTMLElement} */ (document.getElementById('activity-consent'));
  const frameId = crypto.randomUUID();
  let phone = dialog.classList.contains('phone');
  const params = () =>
    new URLSearchParams({
      frame_id: frameId,
      instance_id: launch.instanceId,
      platform: phone ? 'mobile' : 'desktop',
      guild_id: launch.guildId,
      channel_id: launch.channelId,
      location_id: `gc-${launch.guildId}-${launch.channelId}`,
    });
  /** @type {Window | null} */
  let child = null;

  /** @param {Json} payload */
  const post = (payload) => child?.postMessage([FRAME, payload], location.origin);
  /** @param {Json} frame @param {Json | null} data */
  const answer = (frame, data) => post({ cmd: frame.cmd, evt: null, nonce: frame.nonce, data });
  /** @param {Json} frame @param {number} code @param {string} message */
  const refuse = (frame, code, message) => post({ cmd: frame.cmd, evt: 'ERROR', nonce: frame.nonce, data: { code, message } });

  /** Discord's consent dialog (first AUTHORIZE for this user): resolves true on Authorize. */
  const askConsent = () =>
    new Promise((resolve) => {
      consent.hidden = false;
      /** @type {HTMLElement} */ (consent.querySelector('h3')).textContent = launch.words.authorizeTitle;
      /** @type {HTMLElement} */ (consent.querySelector('p')).textContent = launch.words.authorizeText;
      const yes = /** @type {HTMLButtonElement} */ (consent.querySelector('.authorize'));
      const no = /** @type {HTMLButtonElement} */ (consent.querySelector('.cancel'));
      yes.textContent = launch.words.authorize;
      no.textContent = launch.words.cancel;
      const done = (/** @type {boolean} */ ok) => {
        consent.hidden = true;
        yes.onclick = null;
        no.onclick = null;
        resolve(ok);
      };
      yes.onclick = () => done(true);
      no.onclick = () => done(false);
    });

  /** One command of the SDK. @param {Json} frame */
  const command = async (frame) => {
    const args = frame.args ?? {};
    switch (frame.cmd) {
      case 'AUTHORIZE': {
        if (args.client_id !== launch.clientId) return refuse(frame, INVALID_CLIENTID, 'Invalid client id');
        const scopes = Array.isArray(args.scope) ? args.scope.map(String) : String(args.scope ?? '').split(' ').filter(Boolean);
        const first = await launch.act('activity/authorize', { as: launch.user.id, instance: launch.instanceId, clientId: launch.clientId, scopes, check: true }).catch(() => null);
        // The consent dialog: once per user and scopes (the emulator remembers the grant); `prompt: 'none'` never skips it the first time.
        if (!first?.authorized && !(await askConsent())) return refuse(frame, OAUTH2_ERROR, 'OAuth2 Error: access_denied: The resource owner or authorization server denied the request.');
        const granted = await launch.act('activity/authorize', { as: launch.user.id, instance: launch.instanceId, clientId: launch.clientId, scopes });
        if (granted.error) return refuse(frame, granted.error.code, granted.error.message);
        return answer(frame, { code: granted.code });
      }
      case 'AUTHENTICATE': {
        if (typeof args.access_token !== 'string') return refuse(frame, INVALID_PAYLOAD, 'access_token is required');
        const known = await launch.act('activity/authenticate', { as: launch.user.id, accessToken: args.access_token });
        if (known.error) return refuse(frame, known.error.code, known.error.message);
        return answer(frame, known.data);
      }
      case 'SUBSCRIBE':
      case 'UNSUBSCRIBE':
        return answer(frame, { evt: frame.evt });
      case 'CAPTURE_LOG':
        // The Activity's console, forwarded by the SDK after READY.
        // eslint-disable-next-line no-console
        console.log(`[activity ${args.level}] ${args.message}`);
        return answer(frame, null);
      default:
        if (EMPTY.has(frame.cmd)) return answer(frame, null);
        return refuse(frame, INVALID_COMMAND, `${frame.cmd} is not available in local play`);
    }
  };

  /** @param {MessageEvent} event */
  const onMessage = (event) => {
    if (event.source !== iframe.contentWindow || event.origin !== location.origin || !Array.isArray(event.data)) return;
    child = /** @type {Window} */ (event.source);
    const [opcode, payload] = event.data;
    if (opcode === HANDSHAKE) {
      if (payload?.v !== 1 || payload.client_id !== launch.clientId || payload.frame_id !== frameId) {
        child.postMessage([CLOSE, { code: 4000, message: 'Invalid handshake' }], location.origin);
        return;
      }
      post({
        cmd: 'DISPATCH',
        evt: 'READY',
        nonce: null,
        data: { v: 1, config: { cdn_host: 'cdn.discordapp.com', api_endpoint: '//discord.com/api', environment: 'production' }, user: { id: launch.user.id, username: launch.user.name, discriminator: '0' } },
      });
      return;
    }
    if (opcode === FRAME && payload && typeof payload.cmd === 'string' && typeof payload.nonce === 'string') {
      void command(payload).catch((/** @type {Error} */ err) => refuse(payload, INVALID_PAYLOAD, err.message));
      return;
    }
    if (opcode === CLOSE) close();
  };

  const close = () => {
    window.removeEventListener('message', onMessage);
    iframe.src = 'about:blank';
    consent.hidden = true;
    if (dialog.open) dialog.close();
    open = null;
    void launch.act('activity/leave', { as: launch.user.id, instance: launch.instanceId }).catch(() => undefined);
    launch.onClose?.();
  };

  window.addEventListener('message', onMessage);
  /** @type {HTMLElement} */ (document.getElementById('activity-title')).textContent = launch.words.title;
  const closeButton = /** @type {HTMLButtonElement} */ (document.getElementById('activity-close'));
  closeButton.textContent = launch.words.close;
  closeButton.onclick = close;
  const size = /** @type {HTMLButtonElement} */ (document.getElementById('activity-size'));
  const label = () => (size.textContent = phone ? launch.words.desktop : launch.words.phone);
  label();
  // A phone-sized frame (390 px wide) and back: the Activity is launched again, as a phone would.
  size.onclick = () => {
    phone = !phone;
    dialog.classList.toggle('phone', phone);
    label();
    iframe.src = `/.proxy/?${params()}`;
  };
  dialog.onclose = () => {
    if (open) close();
  };
  iframe.src = `/.proxy/?${params()}`;
  if (!dialog.open) dialog.showModal();
  open = { close };
}
