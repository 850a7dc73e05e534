/**
 * The two ways a message request reaches Discord (docs/rate-limit.md): on a channel route with
 * the bot's authorisation, within the slot its RestBudget granted (`sendOnSlot`), or on an
 * interaction-webhook route through an interaction token, outside the global limit
 * (`editWebhookMessage`, `webhookMessageRequest`). Transport only: what is sent is the caller's.
 */
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
          ? { body: typeof payload === 'string' ? JSON.parse(payload) : payload, files }
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
  // With files: multipart (payload_json + files[n]); discord.js's REST builds it.
  if (typeof body !== 'string' && body.files.length > 0) return rest.patch(route, { body: body.body, files: body.files, auth: false });
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
