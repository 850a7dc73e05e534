/**
 * Interaction routes stay out of every global budget (docs/rate-limit.md): Discord does not
 * count the interaction callback or the interaction webhooks (`/webhooks/{app}/{token}/…`:
 * follow-ups, editing or deleting a response) against a bot's 50 requests/s, but
 * `@discordjs/rest` queues everything except the callback behind its own client-side 50/s
 * (`globalRequestsPerSecond`). discord.js's own interaction methods (`editReply`, `followUp`,
 * `deleteReply`) go through the client's REST manager, so they would wait behind board edits
 * and pings; this hands them to the bot's interaction REST client instead, which has no
 * global limit.
 */
import type { REST } from 'discord.js';

/** Whether `fullRoute` is an interaction-webhook route (`/webhooks/{app}/{token}` and below). */
export function isInteractionWebhookRoute(fullRoute: string): boolean {
  return /^\/webhooks\/\d+\/[^/]+(\/|$)/.test(fullRoute);
}

/**
 * From now on, send every request of `rest` on an interaction-webhook route that needs no bot
 * authorisation (`auth: false`, as discord.js sends them) through `interactionRest` (created
 * with `globalRequestsPerSecond: Infinity`); every other request stays on `rest`.
 */
export function routeInteractionWebhooks(rest: REST, interactionRest: REST): void {
  const queue = rest.queueRequest.bind(rest);
  rest.queueRequest = (request) => (request.auth === false && isInteractionWebhookRoute(request.fullRoute) ? interactionRest.queueRequest(request) : queue(request));
}
