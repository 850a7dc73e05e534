/**
 * The two ways a message request reaches Discord (docs/rate-limit.md): on a channel route with
 * the bot's authorisation, within the slot its RestBudget granted (`sendOnSlot`), or on an
 * interaction-webhook route through an interaction token, outside the global limit
 * (`editWebhookMessage`, `webhookMessageRequest`). Transport only: what is sent is the caller's.
 */
import { randomBytes } from 'node:crypto';
import { Routes } from 'discord-api-types/v10';
import { parseResponse, RequestMethod, type RawFile, type REST, type RouteLike } from 'discord.js';
import { grantedSlot } from './global-route.js';
import type { HeaderSource, SlotRelease } from './rest-budget.js';

/** An interaction token: the route `/webhooks/{applicationId}/{token}/…` edits its messages. */
export interface InteractionToken {
  applicationId: string;
  token: string;
}

/** A JSON body and the files sent with it as multipart (none: a plain JSON request). */
export interface MultipartBody {
  body: unknown;
  files: RawFile[];
}

/** This process's multipart boundary: 32 random hex digits (a PNG holding it by chance: 2⁻¹²⁸). */
const BOUNDARY = `red-herring-${randomBytes(16).toString('hex')}`;

/**
 * A multipart/form-data request body of `json` (the `payload_json` part) and `files` (each in
 * its field, `files[n]` unless the file names its `key`), built as one Buffer, with its
 * Content-Type — what discord.js's REST builds through FormData and Blobs (discord-api-docs
 * `developers/reference.mdx` "Uploading Files": `payload_json` plus `files[n]`), without them: that path
 * cost ≈ 1 ms more of the event loop per picture (docs/pictures.md "Click → answer").
 * A file without `contentType` goes as application/octet-stream.
 */
export function multipart(json: unknown, files: readonly RawFile[]): { body: Buffer; contentType: string } {
  const parts: Buffer[] = [];
  const header = (name: string, filename: string | null, type: string) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${quoted(name)}"${filename === null ? '' : `; filename="${quoted(filename)}"`}\r\nContent-Type: ${type}\r\n\r\n`, 'utf8');
  files.forEach((file, index) => {
    parts.push(header(file.key ?? `files[${index}]`, file.name, file.contentType ?? 'application/octet-stream'));
    parts.push(typeof file.data === 'string' || typeof file.data === 'number' || typeof file.data === 'boolean' ? Buffer.from(String(file.data), 'utf8') : Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
    parts.push(CRLF);
  });
  if (json !== undefined && json !== null) {
    parts.push(header('payload_json', null, 'application/json'));
    parts.push(Buffer.from(typeof json === 'string' ? json : JSON.stringify(json), 'utf8'));
    parts.push(CRLF);
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`, 'latin1'));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

const CRLF = Buffer.from('\r\n', 'latin1');

/** A field or file name inside a Content-Disposition's quotes (HTML's form encoding: CR, LF and " escaped). */
function quoted(name: string): string {
  return name.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}

/**
 * `request` with its `files` (if any) and JSON body sent as one multipart Buffer (`multipart`)
 * instead of discord.js's FormData: for requests discord.js itself makes (a click's answer
 * with its picture, `interaction.update({ files })`). Unchanged without files, or when the
 * body's fields go into the form itself (`appendToFormData`).
 */
export function withMultipartBody<R extends { body?: unknown; files?: RawFile[] | undefined; appendToFormData?: boolean; headers?: Record<string, string> }>(request: R): R {
  if (!request.files?.length || request.appendToFormData) return request;
  const { body, contentType } = multipart(request.body, request.files);
  return { ...request, files: undefined, body, passThroughBody: true, headers: { ...request.headers, 'Content-Type': contentType } };
}

/** The request options of a JSON body with files, as one multipart Buffer (`multipart`). */
function multipartRequest(json: unknown, files: readonly RawFile[]) {
  const { body, contentType } = multipart(json, files);
  return { body, passThroughBody: true, headers: { 'Content-Type': contentType } } as const;
}

/**
 * Send one request about a channel's messages on the bot's REST client (discord.js still
 * waits out any limit it knows of) and release its RestBudget slot with the answer's
 * rate-limit headers. `payload`: the JSON body (already serialised or not), none for a
 * delete; with `files`, multipart. Returns the parsed answer (nothing for a delete); throws
 * the REST error.
 */
export async function sendOnSlot(rest: REST, release: SlotRelease, method: RequestMethod, route: RouteLike, payload: unknown, files: RawFile[] = []): Promise<unknown> {
  let headers: HeaderSource | null = null;
  try {
    // The slot of the bot-wide budget taken with this one is the request's (global-budget.ts).
    const response = await grantedSlot.run(release.global, () =>
      rest.queueRequest({
        fullRoute: route,
        method,
        // With files: multipart (payload_json + files[n], README "Pictures").
        ...(files.length > 0
          ? multipartRequest(payload, files)
          : payload === undefined
            ? {}
            : { body: typeof payload === 'string' ? payload : JSON.stringify(payload), passThroughBody: true, headers: { 'Content-Type': 'application/json' } }),
      }),
    );
    headers = response.headers;
    return method === RequestMethod.Delete ? undefined : await parseResponse(response);
  } finally {
    release(headers);
  }
}

/**
 * Edit a message through an interaction token (`PATCH /webhooks/{app}/{token}/messages/{messageRef}`:
 * `@original` is the interaction's answer, an id one of its follow-ups) on `rest`, the
 * interaction REST client. `body`: the API JSON, serialised, or a body with its files (multipart).
 */
export function editWebhookMessage(rest: REST, via: InteractionToken, body: string | MultipartBody, messageRef = '@original'): Promise<unknown> {
  const route = Routes.webhookMessage(via.applicationId, via.token, messageRef);
  // With files: multipart (payload_json + files[n]).
  if (typeof body !== 'string' && body.files.length > 0) return rest.patch(route, { ...multipartRequest(body.body, body.files), auth: false });
  return rest.patch(route, {
    body: typeof body === 'string' ? body : JSON.stringify(body.body),
    passThroughBody: true,
    headers: { 'Content-Type': 'application/json' },
    auth: false,
  });
}

/**
 * Edit (`body`: the API JSON, as an object) or delete follow-up message `messageId` through
 * its interaction token (`/webhooks/{app}/{token}/messages/{id}`) on `rest`, the interaction REST client.
 */
export function webhookMessageRequest(rest: REST, via: InteractionToken, method: RequestMethod.Patch | RequestMethod.Delete, messageId: string, body: unknown): Promise<unknown> {
  const route = Routes.webhookMessage(via.applicationId, via.token, messageId);
  return method === RequestMethod.Delete ? rest.delete(route, { auth: false }) : rest.patch(route, { body, auth: false });
}
