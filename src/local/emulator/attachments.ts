/**
 * Attachments: files uploaded with a multipart message body (`payload_json` + `files[n]`, as
 * `@discordjs/rest` sends them), Discord's upload limits, the `attachment://NAME` references
 * of Components V2 media, and the bytes the emulator serves at
 * `GET /attachments/<channelId>/<attachmentId>/<filename>` (see README.md, "Attachments").
 *
 * Memory is bounded: a message holds only its current attachments (an edit that drops or
 * replaces them frees the old bytes, so do deletes and forgotten ephemerals), and the store
 * as a whole keeps at most `attachmentBytes` (default 256 MiB): beyond it the oldest bytes
 * are forgotten (their URLs then answer 404, as an expired CDN link would). Bytes are never
 * written to the world file. With a folder (`attachmentDir`; local play uses
 * `data/local.attachments/`) each held file is also kept there, one file per attachment id,
 * under the same bound, so pictures survive a restart; without one they live in memory only.
 */
import { mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ComponentType } from 'discord-api-types/v10';
import { isObject, problem, type Problem } from './validation.js';
import type { JsonObject } from './types.js';

/** Discord: at most 10 attachments on one message. */
export const MAX_ATTACHMENTS = 10;
/** Discord's upload limit for a bot's message: 25 MiB for all files of one request together. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Largest request body read (uploads plus room for `payload_json`); beyond it → 413. */
export const MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES + 2 * 1024 * 1024;
/** Default bound of the bytes the emulator keeps for all attachments together (256 MiB). */
export const DEFAULT_ATTACHMENT_BYTES = 256 * 1024 * 1024;

/** A file uploaded with a multipart request. */
export interface UploadedFile {
  /** Form field name, e.g. `files[0]`. */
  field: string;
  /** The `n` of `files[n]` (the upload's id in the body's `attachments` array); else its position. */
  index: number;
  filename: string;
  contentType: string;
  /** Size in bytes. */
  size: number;
  bytes: Buffer;
}

/** The bytes of one attachment the emulator serves. */
export interface StoredAttachment {
  id: string;
  channelId: string;
  messageId: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * Attachment bytes by attachment id, with the ids of each message; holds at most
 * `budgetBytes` in all (oldest forgotten first).
 */
/**
 * How long an attachment an edit replaced or dropped stays servable, ms: long enough for a
 * client that drew the message just before the edit to load its picture (Discord's CDN keeps
 * serving it too), short enough that an edited panel's old pictures do not pile up.
 */
export const RETIRED_ATTACHMENT_MS = 60_000;

export class AttachmentStore {
  private readonly byId = new Map<string, StoredAttachment>();
  private readonly byMessage = new Map<string, Set<string>>();
  /** Attachments an edit replaced, servable until the time (Unix ms) given (RETIRED_ATTACHMENT_MS). */
  private readonly retired = new Map<string, number>();
  private total = 0;

  /**
   * @param budgetBytes most bytes kept for all attachments together
   * @param dir a folder that mirrors the held files (created if missing), or null
   */
  constructor(
    readonly budgetBytes: number = DEFAULT_ATTACHMENT_BYTES,
    readonly dir: string | null = null,
  ) {
    if (dir) mkdirSync(dir, { recursive: true });
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.total;
  }

  /** Attachments held now. */
  get count(): number {
    return this.byId.size;
  }

  /**
   * Keep the bytes of a new attachment (and write them to the folder unless `persisted`, i.e.
   * read from it); forgets the oldest others while over the budget. Throws the file system's
   * error when the folder cannot be written.
   */
  put(a: StoredAttachment, persisted = false): void {
    if (this.dir && !persisted) writeFileSync(join(this.dir, a.id), a.bytes);
    this.byId.set(a.id, a);
    this.total += a.bytes.length;
    let ids = this.byMessage.get(a.messageId);
    if (!ids) this.byMessage.set(a.messageId, (ids = new Set()));
    ids.add(a.id);
    for (const old of this.byId.values()) {
      if (this.total <= this.budgetBytes) break;
      if (old.id !== a.id) this.drop(old.id);
    }
  }

  /** The stored attachment with this id, if its bytes are still held (a retired one only until its grace ends). */
  get(id: string, now: number = Date.now()): StoredAttachment | undefined {
    const until = this.retired.get(id);
    if (until !== undefined && now >= until) {
      this.drop(id);
      return undefined;
    }
    return this.byId.get(id);
  }

  /**
   * Free the bytes of every attachment of a message except the ids in `keep`. With `graceMs`
   * (an edit), the dropped ones stay servable that long first, as Discord's CDN still serves an
   * edited message's old attachment: a client that drew the message just before the edit loads
   * its picture instead of a 404. Still within the byte budget (oldest forgotten first).
   */
  release(messageId: string, keep: ReadonlySet<string> = new Set(), graceMs = 0, now: number = Date.now()): void {
    for (const [id, until] of this.retired) if (now >= until) this.drop(id);
    for (const id of [...(this.byMessage.get(messageId) ?? [])]) {
      if (keep.has(id)) continue;
      if (graceMs > 0) {
        // No longer the message's: a later edit or delete does not touch it again.
        this.retired.set(id, now + graceMs);
        this.byMessage.get(messageId)?.delete(id);
      } else this.drop(id);
    }
  }

  private drop(id: string): void {
    this.retired.delete(id);
    const a = this.byId.get(id);
    if (!a) return;
    this.byId.delete(id);
    this.total -= a.bytes.length;
    if (this.dir) {
      try {
        unlinkSync(join(this.dir, id));
      } catch {
        // already gone
      }
    }
    const ids = this.byMessage.get(a.messageId);
    ids?.delete(id);
    if (ids?.size === 0) this.byMessage.delete(a.messageId);
  }
}

/** A message as `restoreAttachments` needs it. */
interface RestoredMessage {
  id: string;
  channelId: string;
  data: JsonObject;
}

/**
 * After a restart: take back the files of the restored messages' attachments from the
 * store's folder (the others there are deleted), and point every attachment URL (and the
 * media resolved from it) at `origin`, the emulator's address now. Returns how many files
 * were taken back.
 */
export function restoreAttachments(store: AttachmentStore, messages: Iterable<RestoredMessage>, origin: string): number {
  const onDisk = new Set(store.dir ? readdirSync(store.dir) : []);
  const wanted = new Set<string>();
  let restored = 0;
  for (const m of messages) {
    const list = Array.isArray(m.data.attachments) ? m.data.attachments.filter(isObject) : [];
    for (const a of list) {
      const rebase = (url: unknown) => (typeof url === 'string' ? url.replace(/^https?:\/\/[^/]+(?=\/attachments\/)/, origin) : url);
      a.url = rebase(a.url);
      a.proxy_url = rebase(a.proxy_url);
      const id = String(a.id);
      if (!onDisk.has(id) || !store.dir) continue;
      wanted.add(id);
      store.put({ id, channelId: m.channelId, messageId: m.id, filename: String(a.filename), contentType: String(a.content_type ?? 'application/octet-stream'), bytes: readFileSync(join(store.dir, id)) }, true);
      restored++;
    }
    for (const ref of mediaRefs(m.data.components)) {
      const a = list.find((x) => typeof ref.holder.attachment_id === 'string' && x.id === ref.holder.attachment_id);
      if (a) Object.assign(ref.holder, { url: a.url, proxy_url: a.proxy_url });
    }
  }
  if (store.dir) {
    for (const name of onDisk) {
      if (wanted.has(name)) continue;
      try {
        unlinkSync(join(store.dir, name));
      } catch {
        // already gone
      }
    }
  }
  return restored;
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** The content type Discord reports: the part's own type, else one guessed from the file name. */
export function contentTypeOf(filename: string, partType: string): string {
  if (partType && partType !== 'application/octet-stream') return partType;
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  return TYPES_BY_EXTENSION[ext] ?? 'application/octet-stream';
}

/** Width and height in pixels of a PNG (from its IHDR chunk), or null for anything else. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = '89504e470d0a1a0a';
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== signature || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The `files[n]` index of a form field, or null for another name. */
export function uploadIndex(field: string): number | null {
  const m = /^files\[(\d{1,2})\]$/.exec(field);
  return m ? Number(m[1]) : null;
}

/** A media reference found in a component tree. */
interface MediaRef {
  url: string;
  /** Path of the `url` field (for the error). */
  path: (string | number)[];
  /** The object holding `url` (a gallery item's `media`, a thumbnail's `media`, a file's `file`). */
  holder: JsonObject;
}

/**
 * Every unfurled-media reference of a component tree: Media Gallery items' `media`,
 * Thumbnails' `media` (as section accessories) and File components' `file`.
 */
export function mediaRefs(components: unknown, prefix: (string | number)[] = []): MediaRef[] {
  const out: MediaRef[] = [];
  const visit = (c: unknown, path: (string | number)[]): void => {
    if (!isObject(c)) return;
    const type = Number(c.type);
    const take = (holder: unknown, at: (string | number)[]) => {
      if (isObject(holder) && typeof holder.url === 'string') out.push({ url: holder.url, path: [...at, 'url'], holder });
    };
    if (type === ComponentType.MediaGallery && Array.isArray(c.items)) c.items.forEach((item, i) => isObject(item) && take(item.media, [...path, 'items', i, 'media']));
    if (type === ComponentType.Thumbnail) take(c.media, [...path, 'media']);
    if (type === ComponentType.File) take(c.file, [...path, 'file']);
    if (Array.isArray(c.components)) c.components.forEach((child, i) => visit(child, [...path, 'components', i]));
    if (c.accessory) visit(c.accessory, [...path, 'accessory']);
  };
  if (Array.isArray(components)) components.forEach((c, i) => visit(c, [...prefix, 'components', i]));
  return out;
}

/** What `attachmentProblems` checks: one message body and what it will hold. */
export interface AttachmentCheck {
  /** The message part of the body (`data` of a callback). */
  body: JsonObject;
  files: UploadedFile[];
  /** The current attachments of the message an edit changes (absent for a new message). */
  current?: JsonObject[];
  /** The components the message will have (the body's, or the kept ones of an edit). */
  components: unknown;
  /** The message will carry the IS_COMPONENTS_V2 flag. */
  v2: boolean;
  /** Path prefix of the body in errors (`['data']` for callbacks). */
  prefix?: (string | number)[];
}

/** The attachments a message will hold: kept ones (by id) and new uploads (by `files[n]` index). */
export interface AttachmentPlan {
  kept: JsonObject[];
  uploads: { file: UploadedFile; meta: JsonObject }[];
}

/**
 * Which attachments a body keeps and adds. A create keeps none. An edit without
 * `attachments` keeps all current ones; with `attachments: [...]` only the listed ids (plus
 * new uploads); `[]` drops them all.
 */
export function planAttachments(body: JsonObject, files: UploadedFile[], current: JsonObject[] = []): AttachmentPlan {
  const described = Array.isArray(body.attachments) ? body.attachments.filter(isObject) : null;
  const kept = described ? current.filter((a) => described.some((d) => String(d.id) === String(a.id))) : current;
  const uploads = files.map((file) => ({ file, meta: described?.find((d) => String(d.id) === String(file.index)) ?? {} }));
  return { kept, uploads };
}

/** The file name an upload gets: the `attachments` entry's `filename`, else the part's. */
export function uploadName(u: { file: UploadedFile; meta: JsonObject }): string {
  return typeof u.meta.filename === 'string' && u.meta.filename.length > 0 ? u.meta.filename : u.file.filename;
}

/**
 * Problems of a body's attachments: at most 10 (kept + new), each `attachments` entry names a
 * kept attachment or an upload, upload indexes are distinct, and every `attachment://NAME`
 * reference in the components names exactly one attachment the message will hold. With the
 * IS_COMPONENTS_V2 flag an attachment is shown only where a component references it
 * (Discord's rule), so a new upload no component references is refused here too: Discord
 * would store it silently and no one would ever see it (the emulator's strictness, so the
 * bot's forgotten picture shows up as a test failure).
 */
export function attachmentProblems(check: AttachmentCheck): Problem[] {
  const { body, files, v2 } = check;
  const prefix = check.prefix ?? [];
  const out: Problem[] = [];
  const current = check.current ?? [];
  const seen = new Set<number>();
  for (const f of files) {
    if (seen.has(f.index)) out.push(problem([...prefix, f.field], 'ATTACHMENT_INDEX_DUPLICATED', `Two uploads use index ${f.index}.`));
    seen.add(f.index);
  }
  if (Array.isArray(body.attachments)) {
    body.attachments.forEach((d, i) => {
      if (!isObject(d)) return;
      const id = String(d.id);
      const known = current.some((a) => String(a.id) === id) || files.some((f) => String(f.index) === id);
      if (!known) out.push(problem([...prefix, 'attachments', i, 'id'], 'ATTACHMENT_NOT_FOUND', `Attachment ${id} is neither an attachment of this message nor an upload (files[${id}]).`));
    });
  }
  const plan = planAttachments(body, files, current);
  const count = plan.kept.length + plan.uploads.length;
  if (count > MAX_ATTACHMENTS) {
    out.push(problem([...prefix, files.length > MAX_ATTACHMENTS ? 'files' : 'attachments'], 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_ATTACHMENTS} or fewer in length (${count} attachments).`));
  }
  const names = [...plan.kept.map((a) => String(a.filename)), ...plan.uploads.map(uploadName)];
  const referenced = new Set<string>();
  for (const ref of mediaRefs(check.components, prefix)) {
    if (!ref.url.startsWith('attachment://')) continue;
    const name = ref.url.slice('attachment://'.length);
    referenced.add(name);
    const matches = names.filter((n) => n === name).length;
    if (matches === 0) {
      const have = names.length ? names.join(', ') : 'none';
      out.push(problem(ref.path, 'UNFURLED_MEDIA_ATTACHMENT_NOT_FOUND', `${ref.url} names no attachment of this message (attachments: ${have}).`));
    } else if (matches > 1) {
      out.push(problem(ref.path, 'UNFURLED_MEDIA_ATTACHMENT_AMBIGUOUS', `${ref.url} names ${matches} attachments of this message.`));
    }
  }
  if (v2) {
    for (const u of plan.uploads) {
      const name = uploadName(u);
      if (!referenced.has(name)) {
        out.push(problem([...prefix, u.file.field], 'COMPONENTS_V2_ATTACHMENT_NOT_REFERENCED', `With IS_COMPONENTS_V2 an attachment is shown only where a component references it; no component references attachment://${name}.`));
      }
    }
  }
  return out;
}

/** Total bytes of the uploads of one request. */
export function uploadBytes(files: UploadedFile[]): number {
  return files.reduce((n, f) => n + f.size, 0);
}

/**
 * Point every `attachment://NAME` media reference of `components` (in place) at the
 * attachment of that name, as Discord echoes resolved media: `url`, `proxy_url`, `width`,
 * `height`, `content_type`, `attachment_id`.
 */
export function resolveMedia(components: JsonObject[], attachments: JsonObject[]): void {
  for (const ref of mediaRefs(components)) {
    if (!ref.url.startsWith('attachment://')) continue;
    const a = attachments.find((x) => x.filename === ref.url.slice('attachment://'.length));
    if (!a) continue;
    Object.assign(ref.holder, {
      id: a.id,
      url: a.url,
      proxy_url: a.proxy_url,
      ...(typeof a.width === 'number' ? { width: a.width, height: a.height } : {}),
      content_type: a.content_type,
      attachment_id: a.id,
    });
  }
}

/** What `GET /attachments/…` answers. */
export interface ServedAttachment {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Answer `GET /attachments/<channelId>/<attachmentId>/<filename>`: the bytes with their
 * content type (images inline; anything else as a download, so an uploaded HTML file can
 * never run as a page), or 404 when unknown, freed or named differently.
 */
export function serveAttachment(store: AttachmentStore, pathname: string): ServedAttachment {
  const notFound: ServedAttachment = { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: Buffer.from('404: Not Found') };
  const m = /^\/attachments\/(\d{1,20})\/(\d{1,20})\/([^/]+)$/.exec(pathname);
  if (!m) return notFound;
  let filename: string;
  try {
    filename = decodeURIComponent(m[3]!);
  } catch {
    return notFound;
  }
  const a = store.get(m[2]!);
  if (!a || a.channelId !== m[1] || a.filename !== filename) return notFound;
  const image = /^image\/(png|jpeg|gif|webp)$/.test(a.contentType);
  return {
    status: 200,
    headers: {
      'content-type': a.contentType,
      'content-length': String(a.bytes.length),
      'cache-control': 'private, max-age=86400, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      ...(image ? {} : { 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(a.filename)}` }),
    },
    body: a.bytes,
  };
}
