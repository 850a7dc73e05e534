/**
 * The Activity's live side (docs/activity.md "Live updates"): every open Activity is a client
 * of one table (by the bot's table id, never the Activity instance), subscribed here. The
 * table service calls `tableChanged` after every commit — the same listener call that has the
 * chat board redrawn — and each client gets its own viewer's state (src/discord/activity/view.ts)
 * on its WebSocket, only when what it shows changed. Moves and hints from the page go through the
 * same service calls a button click makes (`actOnCode`, `hint`), and their answers say the same
 * plain-language things the chat answers say.
 */
import { createHash } from 'node:crypto';
import type { GameRegistry } from '../../games/registry.js';
import { catalogFor, type Catalog } from '../../i18n/index.js';
import type { Logger } from '../../logger.js';
import type { TableService } from '../../tables/service.js';
import type { Actor, TableChange, TableListener, TableSnapshot } from '../../tables/types.js';
import { serviceErrorText } from '../interactions/answers.js';
import { confirmation } from '../interactions/components.js';
import { newcomerNote } from '../render/lesson.js';
import { hintNote } from '../render/panel.js';
import { adviseHint, requestHint } from '../../tables/hints.js';
import { registryKits } from '../../bots/kits.js';
import type { BotPolicy } from '../../bots/policy.js';
import type { Session } from './sessions.js';
import { activityState, type ActivityPicture, type ActivityState } from './view.js';

/** What the hub sends a page (JSON over its WebSocket). */
export type ServerMessage =
  /** The viewer's table now; `now` is the server's clock (Unix ms) for the page's timers. */
  | { t: 'state'; state: ActivityState; now: number }
  /** The answer to the page's request `id`: done (with a one-line confirmation), or refused with why. */
  | { t: 'done'; id: number; ok: true; note: string | null }
  | { t: 'done'; id: number; ok: false; error: string }
  /** No table to show: why, in the viewer's language. */
  | { t: 'none'; message: string }
  /**
   * A note for this viewer that stays until dismissed (markdown): the first-table note, sent once
   * when the seat's first look at its table is in the Activity (docs/lessons.md "First table of a game").
   */
  | { t: 'note'; note: string };

/** One open Activity: a signed-in viewer of one table. */
export interface HubClient {
  session: Session;
  tableId: number;
  /** Sends one message (the WebSocket's JSON frame). */
  send(message: ServerMessage): void;
  /** Fingerprint of the last state sent (nothing is sent again when it did not change). */
  lastState?: string;
}

/** Bytes of drawn pictures kept for reuse (every viewer of a table version shares its board). */
export const PICTURE_CACHE_BYTES = 16 * 1024 * 1024;

/** A byte-bounded LRU of drawn pictures (SVG text). */
class PictureCache {
  private readonly map = new Map<string, ActivityPicture>();
  private bytes = 0;

  constructor(private readonly max: number) {}

  get(key: string, draw: () => ActivityPicture): ActivityPicture {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const made = draw();
    this.map.set(key, made);
    this.bytes += made.svg.length * 2;
    while (this.bytes > this.max && this.map.size > 1) {
      const [oldest, value] = this.map.entries().next().value!;
      this.map.delete(oldest);
      this.bytes -= value.svg.length * 2;
    }
    return made;
  }
}

/** What the hub needs. */
export interface HubDeps {
  service: TableService;
  registry: GameRegistry;
  /** Where 💡 Hint's advice is searched (the AI players' policy, as the panel's button). */
  bots: BotPolicy;
  logger: Logger;
  now?: () => number;
}

/** The Actor of a session: the user, with where their Activity runs (as Discord said). */
export function actorOfSession(session: Session): Actor {
  return { userId: session.userId, displayName: session.name.slice(0, 80), canManageGuild: false, from: { guildId: session.guildId, channelId: session.channelId } };
}

/** The catalog of a session's language. */
export function textOf(session: Session): Catalog {
  return catalogFor(session.locale);
}

/** Open Activities by table, and their pushes. */
export class ActivityHub implements TableListener {
  private readonly clients = new Map<number, Set<HubClient>>();
  /** Tables with a change waiting to be pushed (the newest snapshot wins). */
  private readonly waiting = new Map<number, TableSnapshot>();
  private flushing = false;
  private readonly pictures = new PictureCache(PICTURE_CACHE_BYTES);
  private readonly now: () => number;
  /** States pushed (tests, bench). */
  pushes = 0;

  constructor(private readonly deps: HubDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The games this bot plays (their command names, e.g. for "start one with …"). */
  get registry(): GameRegistry {
    return this.deps.registry;
  }

  /** Open Activities now. */
  get size(): number {
    let n = 0;
    for (const set of this.clients.values()) n += set.size;
    return n;
  }

  /** Subscribe `client` to its table and send it the table as it is (`snapshot`). */
  add(client: HubClient, snapshot: TableSnapshot): void {
    let set = this.clients.get(client.tableId);
    if (!set) this.clients.set(client.tableId, (set = new Set()));
    set.add(client);
    this.push(client, snapshot);
  }

  /**
   * The seat of `client` looks at its table for the first time, here (`markPresent`'s
   * `firstLook`): send the first-table note its panel would have shown (src/discord/render/lesson.ts
   * `newcomerNote`, docs/lessons.md "First table of a game"), once; nothing when the seat is new to nothing.
   */
  firstLook(client: HubClient, snapshot: TableSnapshot): void {
    const note = newcomerNote(this.deps.registry.get(snapshot.table.game), snapshot, client.session.userId, textOf(client.session));
    if (note) client.send({ t: 'note', note });
  }

  /** Forget `client` (its WebSocket closed). */
  remove(client: HubClient): void {
    const set = this.clients.get(client.tableId);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) this.clients.delete(client.tableId);
  }

  /** A committed change (TableListener): its viewers' states are pushed right after this turn. */
  tableChanged(change: TableChange): void {
    if (!this.clients.has(change.tableId)) return;
    this.waiting.set(change.tableId, change.snapshot);
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushing = false;
    const tables = [...this.waiting];
    this.waiting.clear();
    for (const [tableId, snapshot] of tables) {
      for (const client of this.clients.get(tableId) ?? []) this.push(client, snapshot);
    }
  }

  /** The state `client` sees at `snapshot`. */
  stateFor(client: HubClient, snapshot: TableSnapshot): ActivityState {
    const mod = this.deps.registry.get(snapshot.table.game);
    return activityState(mod, snapshot, client.session.userId, textOf(client.session), { draw: (key, make) => this.pictures.get(key, make) });
  }

  /** Send `client` its state at `snapshot` unless it is what it already shows. */
  push(client: HubClient, snapshot: TableSnapshot): void {
    let state: ActivityState;
    try {
      state = this.stateFor(client, snapshot);
    } catch (err) {
      this.deps.logger.error({ err, table: snapshot.table.id }, 'activity: could not draw a state');
      return;
    }
    const fingerprint = createHash('sha1').update(JSON.stringify(state)).digest('base64');
    if (fingerprint === client.lastState) return;
    client.lastState = fingerprint;
    this.pushes++;
    client.send({ t: 'state', state, now: this.now() });
  }

  /**
   * A move from the page: the action `code` for decision `step`, through the table service
   * exactly as a button click (`actOnCode`). Answers `id` with the one-line confirmation, or the
   * plain-language refusal (a stale or illegal move changes nothing). The new state follows by
   * `tableChanged` like everyone else's.
   */
  async move(client: HubClient, id: number, step: number, code: string): Promise<void> {
    const text = textOf(client.session);
    const result = await this.deps.service.play.actOnCode(client.tableId, actorOfSession(client.session), step, code);
    if (result.ok) {
      const mod = this.deps.registry.get(result.value.snapshot.table.game);
      client.send({ t: 'done', id, ok: true, note: confirmation(mod, result.value, text) ?? null });
      return;
    }
    const refusal = result.error;
    let error: string;
    if (refusal.code === 'stale') {
      const mod = this.deps.registry.get(refusal.snapshot.table.game);
      error = mod.ui.staleNote?.(refusal.action, text) ?? (refusal.echo ? text.activity.alreadyDone : text.activity.stale);
    } else {
      const mod = 'snapshot' in refusal ? this.deps.registry.get(refusal.snapshot.table.game) : undefined;
      error = serviceErrorText(refusal, text, mod);
    }
    client.send({ t: 'done', id, ok: false, error });
    // A refused move may be from an old picture: the page gets the table as it is.
    if ('snapshot' in refusal) this.push(client, refusal.snapshot);
  }

  /** 💡 Hint from the page: the same `hint` call and note as the panel's button (README "AI players"). */
  async hint(client: HubClient, id: number): Promise<void> {
    const text = textOf(client.session);
    // Too many searches waiting already: refused before anything is logged (src/tables/hints.ts).
    const result = await requestHint(this.deps.service.play, this.deps.bots, client.tableId, actorOfSession(client.session));
    if (!result.ok) {
      client.send({ t: 'done', id, ok: false, error: serviceErrorText(result.error, text) });
      return;
    }
    const { snapshot, seat, input } = result.value;
    const mod = this.deps.registry.get(snapshot.table.game);
    const advice = await adviseHint(this.deps.bots, mod, input, registryKits(this.deps.registry));
    client.send({ t: 'done', id, ok: true, note: hintNote(mod, snapshot, seat, advice, text) });
  }
}
