/**
 * The WebSocket gateway: HELLO, heartbeats, IDENTIFY → READY + GUILD_CREATE, RESUME →
 * invalid session (the client re-identifies) — or, for a session `drop` closed as resumable,
 * the events it missed and RESUMED — and dispatches to the live sessions.
 *
 * Sharding as Discord does it (https://discord.com/developers/docs/events/gateway#sharding):
 * an IDENTIFY with `shard: [id, count]` receives only the guilds with
 * `(guild_id >> 22) % count === id` — their READY entries, GUILD_CREATEs and events,
 * interactions included — and direct-message events go to shard 0 only. An IDENTIFY without
 * `shard` gets everything. `GET /gateway/bot` reports the emulator's `shards` option.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { ApplicationFlags, GatewayCloseCodes, GatewayIntentBits, GatewayOpcodes } from 'discord-api-types/v10';
import type { EmulatorState } from './state.js';
import type { JsonObject } from './types.js';

/** Intents that must be enabled in the developer portal. */
const PRIVILEGED = GatewayIntentBits.GuildMembers | GatewayIntentBits.GuildPresences | GatewayIntentBits.MessageContent;

/** One gateway connection. */
interface Session {
  ws: WebSocket;
  /** Session id once identified. */
  id: string | null;
  seq: number;
  intents: number;
  /** Connection number, for debug logs. */
  n: number;
  /** `[shard id, shard count]` from IDENTIFY, or null for an unsharded session (every guild). */
  shard: [number, number] | null;
}

/** The shard (of `count`) a guild's events go to: `(guild_id >> 22) % count`. */
export function shardOfGuild(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** The guild an event belongs to, or null (direct messages, user updates). */
function guildOfEvent(event: string, data: JsonObject): string | null {
  if (typeof data.guild_id === 'string') return data.guild_id;
  if ((event === 'GUILD_CREATE' || event === 'GUILD_UPDATE' || event === 'GUILD_DELETE') && typeof data.id === 'string') return data.id;
  return null;
}

/** A session `drop` closed as resumable: kept (with the events it misses) until it resumes. */
interface Retained {
  session: Session;
  /** Dispatches sent to it while it was away, in order (seq, event, data). */
  missed: { s: number; t: string; d: JsonObject }[];
}

/** How many missed events a dropped, resumable session keeps; more and it cannot resume. */
const RESUME_BUFFER = 1000;

/** The gateway half of the emulator. */
export class Gateway {
  private readonly sessions = new Set<Session>();
  /** Resumable sessions dropped by `drop`, by session id. */
  private readonly retained = new Map<string, Retained>();
  private connections = 0;
  /** Gateway drops so far: when, resumable or not, and how many sessions each closed. */
  readonly drops: { at: number; resumable: boolean; sessions: number }[] = [];
  /** Successful RESUMEs so far (each replayed the events its session missed). */
  resumed = 0;

  /**
   * @param state the emulated world
   * @param url the gateway URL (`ws://127.0.0.1:PORT`), read lazily once the port is known
   */
  constructor(
    private readonly state: EmulatorState,
    readonly url: () => string,
  ) {}

  /** Number of identified, open sessions. */
  get liveSessions(): number {
    return [...this.sessions].filter((s) => s.id !== null && s.ws.readyState === s.ws.OPEN).length;
  }

  /** Take over a new WebSocket connection. */
  accept(ws: WebSocket, req: IncomingMessage): void {
    const session: Session = { ws, id: null, seq: 0, intents: 0, n: ++this.connections, shard: null };
    this.sessions.add(session);
    const params = new URL(req.url ?? '/', 'ws://127.0.0.1').searchParams;
    this.state.log(`gateway #${session.n} connected (${req.url ?? ''})`);
    ws.on('close', (code) => {
      this.sessions.delete(session);
      this.state.log(`gateway #${session.n} closed (${code})`);
      this.state.changed();
    });
    ws.on('error', () => this.sessions.delete(session));
    if (params.get('v') !== null && params.get('v') !== '10') {
      this.close(session, GatewayCloseCodes.InvalidAPIVersion, 'Invalid API version');
      return;
    }
    if (params.get('encoding') && params.get('encoding') !== 'json') {
      this.close(session, GatewayCloseCodes.DecodeError, 'Only encoding=json is emulated');
      return;
    }
    ws.on('message', (raw, isBinary) => this.onMessage(session, raw.toString(), isBinary));
    this.send(session, { op: GatewayOpcodes.Hello, d: { heartbeat_interval: this.state.opts.heartbeatIntervalMs, _trace: ['["discord-emulator"]'] }, s: null, t: null });
  }

  /**
   * Send a dispatch (op 0) to every live session (that asked for `intent`, if given) whose
   * shard the event's guild belongs to (events without a guild: shard 0). Returns how many
   * sessions got it.
   */
  dispatch(event: string, data: JsonObject, intent?: number): number {
    let sent = 0;
    const guildId = guildOfEvent(event, data);
    // A guild the bot was removed from sends it nothing more (`developers/events/gateway-events.mdx` "Guild Delete").
    if (guildId !== null && this.state.guilds.get(guildId)?.botRemoved) return 0;
    for (const kept of this.retained.values()) {
      if (intent !== undefined && (kept.session.intents & intent) === 0) continue;
      if (!this.receives(kept.session, guildId)) continue;
      kept.session.seq += 1;
      kept.missed.push({ s: kept.session.seq, t: event, d: data });
      if (kept.missed.length > RESUME_BUFFER) this.retained.delete(kept.session.id!);
    }
    for (const s of this.sessions) {
      if (s.id === null || s.ws.readyState !== s.ws.OPEN) continue;
      if (intent !== undefined && (s.intents & intent) === 0) continue;
      if (!this.receives(s, guildId)) continue;
      this.sendDispatch(s, event, data);
      sent++;
    }
    return sent;
  }

  /**
   * Close every connection and wait (≤ 500 ms, then terminate) until they are closed.
   * `stop` uses close code 4004 (authentication failed), one of the codes after which
   * discord.js does not reconnect, so a client left running cannot keep the test process
   * alive. `reconnect` uses 1001: clients resume, are told to identify again, and get a
   * fresh READY + GUILD_CREATE.
   */
  async closeAll(mode: 'stop' | 'reconnect'): Promise<void> {
    const code = mode === 'stop' ? GatewayCloseCodes.AuthenticationFailed : 1001;
    const reason = mode === 'stop' ? 'Emulator stopped' : 'Reconnect requested by the emulator';
    await Promise.all(
      [...this.sessions].map(
        (s) =>
          new Promise<void>((resolve) => {
            if (s.ws.readyState === s.ws.CLOSED) return resolve();
            const timer = setTimeout(() => {
              s.ws.terminate();
              resolve();
            }, 500);
            s.ws.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
            s.ws.close(code, reason);
          }),
      ),
    );
    if (mode === 'stop') this.sessions.clear();
  }

  /**
   * A gateway fault (README "What happens when…"): close every identified connection mid-
   * session. `resumable`: close code 4000 (unknown error), after which clients RESUME; the
   * session is kept, the events dispatched meanwhile are replayed on RESUME, then RESUMED.
   * Not resumable: close code 4009 (session timed out), after which clients identify afresh
   * and get READY + GUILD_CREATE; events meanwhile reach nobody. Resolves once closed
   * (≤ 500 ms each); returns how many sessions were dropped.
   */
  async drop(resumable: boolean): Promise<number> {
    const live = [...this.sessions].filter((s) => s.id !== null && s.ws.readyState === s.ws.OPEN);
    for (const s of live) if (resumable) this.retained.set(s.id!, { session: s, missed: [] });
    this.drops.push({ at: Date.now(), resumable, sessions: live.length });
    const code = resumable ? GatewayCloseCodes.UnknownError : GatewayCloseCodes.SessionTimedOut;
    await Promise.all(
      live.map(
        (s) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              s.ws.terminate();
              resolve();
            }, 500);
            s.ws.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
            this.close(s, code, resumable ? 'Unknown error (injected fault)' : 'Session timed out (injected fault)');
          }),
      ),
    );
    return live.length;
  }

  /** Whether session `s` gets the events of `guildId` (null: not a guild's event). */
  private receives(s: Session, guildId: string | null): boolean {
    if (s.shard === null) return true;
    const [id, count] = s.shard;
    return guildId === null ? id === 0 : shardOfGuild(guildId, count) === id;
  }

  /** Identified, open sessions per shard id (unsharded sessions count as shard 0). */
  sessionsByShard(): Map<number, number> {
    const out = new Map<number, number>();
    for (const s of this.sessions) {
      if (s.id === null || s.ws.readyState !== s.ws.OPEN) continue;
      const id = s.shard?.[0] ?? 0;
      out.set(id, (out.get(id) ?? 0) + 1);
    }
    return out;
  }

  private send(s: Session, payload: JsonObject): void {
    if (s.ws.readyState !== s.ws.OPEN) return;
    this.state.gatewayFrames.push({ dir: 'out', connection: s.n, op: Number(payload.op), ...(payload.t ? { t: String(payload.t) } : {}), time: Date.now() });
    this.state.log(`gateway #${s.n} ⇐ op ${String(payload.op)}${payload.t ? ` ${String(payload.t)}` : ''}`);
    s.ws.send(JSON.stringify(payload));
  }

  private sendDispatch(s: Session, event: string, data: JsonObject): void {
    s.seq += 1;
    this.send(s, { op: GatewayOpcodes.Dispatch, t: event, s: s.seq, d: data });
  }

  private close(s: Session, code: number, reason: string): void {
    this.state.log(`gateway #${s.n} closing ${code} ${reason}`);
    s.ws.close(code, reason);
  }

  private onMessage(s: Session, text: string, isBinary: boolean): void {
    let payload: JsonObject;
    try {
      payload = JSON.parse(text) as JsonObject;
    } catch {
      this.state.violation({ kind: 'gateway', message: `Undecodable gateway payload (binary=${isBinary})` });
      this.close(s, GatewayCloseCodes.DecodeError, 'Decode error');
      return;
    }
    const op = payload.op;
    this.state.gatewayFrames.push({ dir: 'in', connection: s.n, op: Number(op), time: Date.now() });
    this.state.log(`gateway #${s.n} ⇒ op ${String(op)}`);
    switch (op) {
      case GatewayOpcodes.Heartbeat:
        this.send(s, { op: GatewayOpcodes.HeartbeatAck });
        return;
      case GatewayOpcodes.Identify:
        this.identify(s, (payload.d ?? {}) as JsonObject);
        return;
      case GatewayOpcodes.Resume:
        this.resume(s, (payload.d ?? {}) as JsonObject);
        return;
      case GatewayOpcodes.PresenceUpdate:
      case GatewayOpcodes.VoiceStateUpdate:
      case GatewayOpcodes.RequestGuildMembers:
      case GatewayOpcodes.RequestSoundboardSounds:
        if (s.id === null) this.close(s, GatewayCloseCodes.NotAuthenticated, 'Not authenticated');
        return;
      default:
        this.state.violation({ kind: 'gateway', message: `Unknown gateway opcode ${String(op)}` });
        this.close(s, GatewayCloseCodes.UnknownOpcode, 'Unknown opcode');
    }
  }

  /**
   * RESUME: a session `drop` kept (right token, known session id, a seq it sent) gets the
   * events it missed and RESUMED on this connection; any other is told to identify again
   * (sessions are otherwise not kept across connections).
   */
  private resume(s: Session, d: JsonObject): void {
    const id = typeof d.session_id === 'string' ? d.session_id : '';
    const kept = this.retained.get(id);
    const token = typeof d.token === 'string' ? d.token.replace(/^Bot /, '') : '';
    const seq = Number(d.seq);
    if (!kept || s.id !== null || token !== this.state.token || !Number.isInteger(seq) || seq > kept.session.seq || seq < kept.session.seq - kept.missed.length) {
      if (kept && token === this.state.token) this.retained.delete(id);
      this.send(s, { op: GatewayOpcodes.InvalidSession, d: false, s: null, t: null });
      return;
    }
    this.retained.delete(id);
    s.id = id;
    s.intents = kept.session.intents;
    s.shard = kept.session.shard;
    s.seq = kept.session.seq;
    for (const event of kept.missed) if (event.s > seq) this.send(s, { op: GatewayOpcodes.Dispatch, t: event.t, s: event.s, d: event.d });
    this.sendDispatch(s, 'RESUMED', { _trace: ['["discord-emulator"]'] });
    this.resumed += 1;
    this.state.changed();
  }

  private identify(s: Session, d: JsonObject): void {
    if (s.id !== null) {
      this.close(s, GatewayCloseCodes.AlreadyAuthenticated, 'Already authenticated');
      return;
    }
    const token = typeof d.token === 'string' ? d.token.replace(/^Bot /, '') : '';
    if (token !== this.state.token) {
      this.state.violation({ kind: 'unauthorized', message: 'IDENTIFY with an invalid token' });
      this.close(s, GatewayCloseCodes.AuthenticationFailed, 'Authentication failed');
      return;
    }
    const intents = Number(d.intents ?? 0);
    const denied = intents & PRIVILEGED & ~this.state.opts.privilegedIntents;
    if (denied !== 0) {
      this.state.violation({ kind: 'gateway', message: `IDENTIFY asked for privileged intents ${denied} that are not enabled` });
      this.close(s, GatewayCloseCodes.DisallowedIntents, 'Disallowed intent(s).');
      return;
    }
    const shard = d.shard;
    if (shard !== undefined) {
      const valid = Array.isArray(shard) && shard.length === 2 && shard.every((n) => Number.isInteger(n)) && shard[1] >= 1 && shard[0] >= 0 && shard[0] < shard[1];
      if (!valid) {
        this.close(s, GatewayCloseCodes.InvalidShard, 'Invalid shard');
        return;
      }
      s.shard = [shard[0] as number, shard[1] as number];
    }
    s.id = randomBytes(16).toString('hex');
    s.intents = intents;
    const st = this.state;
    const guilds = [...st.guilds.values()].filter((g) => !g.botRemoved && this.receives(s, g.id)).map((g) => g.id);
    const p = st.opts.privilegedIntents;
    const appFlags =
      (p & GatewayIntentBits.GuildMembers ? ApplicationFlags.GatewayGuildMembersLimited : 0) |
      (p & GatewayIntentBits.GuildPresences ? ApplicationFlags.GatewayPresenceLimited : 0) |
      (p & GatewayIntentBits.MessageContent ? ApplicationFlags.GatewayMessageContentLimited : 0);
    this.sendDispatch(s, 'READY', {
      v: 10,
      user_settings: {},
      user: { ...st.userJson(st.botUserId), verified: true, mfa_enabled: false, email: null },
      guilds: guilds.map((id) => ({ id, unavailable: true })),
      guild_join_requests: [],
      relationships: [],
      private_channels: [],
      presences: [],
      session_id: s.id,
      session_type: 'normal',
      resume_gateway_url: this.url(),
      shard: s.shard ?? [0, 1],
      application: { id: st.applicationId, flags: appFlags },
      auth: {},
      geo_ordered_rtc_regions: [],
      _trace: ['["discord-emulator"]'],
    });
    for (const id of guilds) this.sendDispatch(s, 'GUILD_CREATE', st.guildJson(id, true));
    st.changed();
  }
}
