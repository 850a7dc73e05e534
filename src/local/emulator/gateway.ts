/**
 * The WebSocket gateway: HELLO, heartbeats, IDENTIFY → READY + GUILD_CREATE, RESUME →
 * invalid session (the client re-identifies), and dispatches to the live sessions.
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

/** The gateway half of the emulator. */
export class Gateway {
  private readonly sessions = new Set<Session>();
  private connections = 0;

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
        // Sessions are not kept across connections: tell the client to identify again.
        this.send(s, { op: GatewayOpcodes.InvalidSession, d: false, s: null, t: null });
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
    const guilds = [...st.guilds.keys()].filter((id) => this.receives(s, id));
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
