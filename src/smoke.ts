/**
 * `npm run smoke` (README "Before your first real game"; docs/discord-conformance.md): proves a
 * real deployment in a minute. With the bot's token, in a channel the operator names, it does
 * what every table does — posts a board with its picture, edits it with a new picture, deletes
 * it — and reports each step with Discord's answer (HTTP status, and Discord's error code and
 * message on a refusal, with what to grant). Routes: `developers/resources/channel.mdx` "Get
 * Channel"; `developers/resources/message.mdx` "Create Message", "Edit Message", "Delete Message"
 * (files need Attach Files: `developers/topics/permissions.mdx` "Bitwise Permission Flags").
 *
 * Environment: DISCORD_TOKEN (required), DISCORD_API_URL (optional, a proxy), and the channel
 * as SMOKE_CHANNEL_ID or `--channel <id>` / `--channel=<id>`. A bad environment is reported in
 * one message naming each bad variable (exit code 2); a refused step ends the run (exit 1,
 * after deleting what it posted); all steps done: exit 0.
 */
import { Resvg } from '@resvg/resvg-js';
import { ConfigError, loadConfig } from './config.js';
import { fontFiles } from './discord/pictures/rasterise.js';

/** Where the smoke test writes its report, one line at a time. */
export type SmokeOutput = (line: string) => void;

/** A snowflake as Discord writes ids (17–20 digits). */
const SNOWFLAKE = /^\d{17,20}$/;

/** Channel type names for the report (`developers/resources/channel.mdx` "Channel Types"). */
const CHANNEL_TYPES: Record<number, string> = {
  0: 'text channel',
  2: "voice channel's text chat",
  5: 'announcement channel',
  10: 'announcement thread',
  11: 'public thread',
  12: 'private thread',
  15: 'forum (tables live in its posts: name a post instead)',
};

/** What to grant when Discord answers with this JSON error code (`developers/topics/opcodes-and-status-codes.mdx` "JSON Error Codes"). */
const HINTS: Record<number, string> = {
  10003: 'no such channel: check the id (Developer Mode → right-click the channel → Copy Channel ID)',
  50001: 'the bot cannot see this channel: give its role View Channel here',
  50013: 'a permission is missing: give the bot View Channel, Send Messages (Send Messages in Threads in a thread), Embed Links and Attach Files here; /admin check names the missing one',
  50008: 'a forum takes no messages itself: name one of its posts',
  50083: 'the thread is archived: send a message in it first',
  160005: 'the thread is locked: unlock it or name another channel',
  0: 'DISCORD_TOKEN was rejected: reset the token in the developer portal (Bot → Reset Token)',
};

/** The channel id from `--channel <id>`, `--channel=<id>` or SMOKE_CHANNEL_ID (the argument wins). */
function channelArgument(argv: readonly string[], env: NodeJS.ProcessEnv): { value: string | undefined; from: string } {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--channel') return { value: argv[i + 1], from: '--channel' };
    if (arg.startsWith('--channel=')) return { value: arg.slice('--channel='.length), from: '--channel' };
  }
  return { value: env.SMOKE_CHANNEL_ID?.trim() || undefined, from: 'SMOKE_CHANNEL_ID' };
}

/** A small board picture (a title and a version number) as a PNG, drawn with the bot's own fonts. */
export function smokePicture(version: number): Buffer {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="120" viewBox="0 0 480 120">` +
    `<rect width="480" height="120" rx="12" fill="#1f2937"/>` +
    `<text x="24" y="52" font-family="DejaVu Sans" font-weight="bold" font-size="26" fill="#f9fafb">Red Herring smoke test</text>` +
    `<text x="24" y="92" font-family="DejaVu Sans" font-size="20" fill="#fca5a5">board version ${version}</text></svg>`;
  return Buffer.from(new Resvg(svg, { font: { fontFiles: fontFiles(), loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } }).render().asPng());
}

/** One request's outcome: Discord's HTTP status, its JSON body, and its error code and message on a refusal. */
interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}

/** Discord's answer in words: `200 OK`, or `403 — 50013 Missing Permissions (what to grant)`. */
function describe(answer: Answer): string {
  if (answer.status < 300) return `${answer.status} OK`;
  const code = typeof answer.body?.code === 'number' ? answer.body.code : undefined;
  const message = typeof answer.body?.message === 'string' ? answer.body.message : 'no message';
  const hint = code !== undefined ? HINTS[code] : answer.status === 401 ? HINTS[0] : undefined;
  const errors = answer.body?.errors ? ` ${JSON.stringify(answer.body.errors).slice(0, 400)}` : '';
  return `${answer.status} — ${code ?? '-'} ${message}${errors}${hint ? ` (${hint})` : ''}`;
}

/** A board message body with its picture (an embed showing the attached PNG, as the bot's boards do). */
function boardBody(version: number): FormData {
  const form = new FormData();
  const payload = {
    embeds: [{ title: 'Red Herring smoke test', description: `Board version ${version}. This message deletes itself in a moment.`, image: { url: 'attachment://smoke.png' } }],
    attachments: [{ id: '0', filename: 'smoke.png', description: `Red Herring smoke test, board version ${version}` }],
    allowed_mentions: { parse: [] },
  };
  form.append('payload_json', JSON.stringify(payload));
  form.append('files[0]', new Blob([smokePicture(version)], { type: 'image/png' }), 'smoke.png');
  return form;
}

/**
 * Run the smoke test with `env` and `argv` (process.argv.slice(2)), writing its report to
 * `out`. Resolves with the process exit code: 0 every step done, 1 a step refused (or Discord
 * unreachable), 2 a bad environment. Never rejects.
 */
export async function runSmoke(env: NodeJS.ProcessEnv, argv: readonly string[], out: SmokeOutput): Promise<number> {
  const problems: string[] = [];
  let apiUrl: string | null = null;
  try {
    // LOCAL=1 is about `npm start`; the smoke test always talks to Discord with the real token.
    const config = loadConfig({ ...env, LOCAL: undefined });
    apiUrl = config.discordApiUrl;
    if (config.local) problems.push('DISCORD_TOKEN is not set: the smoke test talks to Discord as the bot (README "Create the Discord application").');
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    problems.push(...err.problems);
  }
  const channel = channelArgument(argv, env);
  if (!channel.value) problems.push('SMOKE_CHANNEL_ID is not set: name the channel to test in (SMOKE_CHANNEL_ID=<id> or --channel <id>; Developer Mode → right-click the channel → Copy Channel ID).');
  else if (!SNOWFLAKE.test(channel.value)) problems.push(`${channel.from} must be a channel id (17–20 digits), got "${channel.value}".`);
  if (problems.length > 0) {
    out(`Cannot run the smoke test:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    return 2;
  }
  const channelId = channel.value!;
  const base = `${(apiUrl ?? 'https://discord.com/api').replace(/\/+$/, '')}/v10`;
  const token = env.DISCORD_TOKEN!.trim();
  const call = async (method: string, path: string, body?: FormData): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, { method, headers: { Authorization: `Bot ${token}`, 'User-Agent': 'DiscordBot (red-herring smoke, 1)' }, ...(body ? { body } : {}) });
    const text = await res.text();
    let json: Record<string, unknown> | null = null;
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      json = null;
    }
    return { status: res.status, body: json };
  };
  const step = (n: number, what: string, answer: Answer, detail = ''): boolean => {
    const ok = answer.status < 300;
    out(`${ok ? '✅' : '❌'} ${n}/4 ${what} — Discord answered ${describe(answer)}${ok && detail ? `: ${detail}` : ''}`);
    return ok;
  };
  out(`Red Herring smoke test in channel ${channelId} via ${base}`);
  try {
    const seen = await call('GET', `/channels/${channelId}`);
    const kind = CHANNEL_TYPES[Number(seen.body?.type)] ?? `channel type ${String(seen.body?.type)}`;
    if (!step(1, 'see the channel', seen, `#${String(seen.body?.name ?? '?')} (${kind})`)) return 1;
    const posted = await call('POST', `/channels/${channelId}/messages`, boardBody(1));
    if (!step(2, 'post a board with its picture', posted, `message ${String(posted.body?.id)}`)) return 1;
    const messageId = String(posted.body!.id);
    const edited = await call('PATCH', `/channels/${channelId}/messages/${messageId}`, boardBody(2));
    const editOk = step(3, 'edit it with a new picture', edited, 'the board shows version 2');
    const deleted = await call('DELETE', `/channels/${channelId}/messages/${messageId}`);
    const deleteOk = step(4, 'delete it', deleted, 'nothing is left in the channel');
    if (!editOk || !deleteOk) return 1;
    out('Every step passed: the bot can host tables in this channel.');
    return 0;
  } catch (err) {
    out(`❌ Discord could not be reached at ${base}: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
