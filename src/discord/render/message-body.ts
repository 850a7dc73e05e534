/**
 * Rendered payloads (render/markup.ts `MessagePayload`) as REST requests: the JSON body and
 * the files that go with it as multipart (`payload_json` plus `files[n]`, README "Pictures").
 */
import { MessageFlags } from 'discord-api-types/v10';
import type { MessagePayload } from './markup.js';

/** A file of a multipart request (@discordjs/rest's RawFile). */
export interface RequestFile {
  name: string;
  data: Buffer;
  contentType: string;
  /** Multipart field name, `files[n]`. */
  key: string;
}

/** A request body and its files (none: a plain JSON request). */
export interface RequestBody {
  body: Record<string, unknown>;
  files: RequestFile[];
}

/** True when `payload` is a Components V2 message (no content or embeds; a Container). */
export function isComponentsV2(payload: Pick<MessagePayload, 'flags'>): boolean {
  return ((payload.flags ?? 0) & MessageFlags.IsComponentsV2) !== 0;
}

/**
 * The REST body of `payload` and its files. For an `edit` of a Components V2 message the
 * body clears `content` (null) and `embeds` ([]) — what Discord asks for when a message
 * becomes V2, e.g. a lobby (embed) turning into a board — and lists `attachments` as exactly
 * the files sent now, so an edit never keeps old pictures (Discord keeps attachments an edit
 * does not list).
 */
export function requestBody(payload: MessagePayload, edit: boolean): RequestBody {
  const { files = [], ...rest } = payload;
  const body: Record<string, unknown> = { ...rest };
  if (isComponentsV2(payload)) {
    delete body.content;
    delete body.embeds;
    if (edit) {
      body.content = null;
      body.embeds = [];
    }
  }
  if (files.length > 0 || (edit && isComponentsV2(payload))) {
    body.attachments = files.map((file, index) => ({ id: String(index), filename: file.name, ...(file.description ? { description: file.description } : {}) }));
  }
  return {
    body,
    files: files.map((file, index) => ({ name: file.name, data: file.data, contentType: 'image/png', key: `files[${index}]` })),
  };
}
