/**
 * Interaction routes stay out of every global budget (docs/rate-limit.md): Discord does not
 * count the interaction callback or the interaction webhooks (`/webhooks/{app}/{token}/…`:
 * follow-ups, editing or deleting a response) against a bot's 50 requests/s, but
 * `@discordjs/rest` queues everything except the callback behind its own client-side 50/s
 * (`globalRequestsPerSecond`). discord.js's own interaction methods (`editReply`, `followUp`,
 * `deleteReply`) go through the client's REST manager, so they would wait behind board edits
 * and pings; this hands them to the bot's interaction REST client instead, which has no
 * global limit. Every request with files on `rest` has its multipart body built here
 * (requests.ts `withMultipartBody`).
 */
import type { REST } from 'discord.js';
import { withMultipartBody } from './requests.js';

/** Whether `fullRoute` is an interaction callback (`/interactions/{id}/{token}/callback`: a click's or command's answer). */
export function isInteractionCallbackRoute(fullRoute: string): boolean {
  return /^\/interactions\/\d+\/[^/]+\/callback$/.test(fullRoute);
}

/** Whether `fullRoute` is an interaction-webhook route (`/webhooks/{app}/{token}` and below). */
export function isInteractionWebhookRoute(fullRoute: string): boolean {
  return /^\/webhooks\/\d+\/[^/]+(\/|$)/.test(fullRoute);
}

/**
 * From now on, send every request of `rest` on an interaction-webhook route that needs no bot
 * authorisation (`auth: false`, as discord.js sends them) through `interactionRest` (created
 * with `globalRequestsPerSecond: Infinity`), and — when `callbackRest` is given — every
 * interaction callback through it; every other request stays on `rest`.
 *
 * Why callbacks get a client (and HTTP connections) of their own: each REST client keeps at most
 * REST_CONNECTIONS connections (src/app.ts), and a request beyond them waits for a free one. On
 * the bot client, board edits and pings (multipart uploads of pictures, each a round trip to
 * Discord) can hold every connection at once under load, and a click's answer — which Discord
 * wants within 3 s — would wait behind them. On its own client it waits only for other answers.
 */
export function routeInteractionWebhooks(rest: REST, interactionRest: REST, callbackRest?: REST): void {
  const queue = rest.queueRequest.bind(rest);
  rest.queueRequest = (sent) => {
    // Files go as one multipart Buffer built here, not discord.js's FormData (requests.ts `multipart`).
    const request = withMultipartBody(sent);
    if (request.auth !== false) return queue(request);
    if (isInteractionWebhookRoute(request.fullRoute)) return interactionRest.queueRequest(request);
    if (callbackRest && isInteractionCallbackRoute(request.fullRoute)) return callbackRest.queueRequest(request);
    return queue(request);
  };
}
