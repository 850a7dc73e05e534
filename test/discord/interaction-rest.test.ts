/**
 * discord.js's own interaction webhook requests (editReply, followUp, deleteReply) leave the
 * client's REST manager, whose client-side 50/s global queue they would otherwise wait in,
 * for the interaction REST client (src/discord/rest/interaction-rest.ts; docs/rate-limit.md).
 */
import { REST } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { isInteractionCallbackRoute, isInteractionWebhookRoute, routeInteractionWebhooks } from '../../src/discord/rest/interaction-rest.js';

/** A REST manager that records the routes queued on it instead of sending them. */
function recording(): { rest: REST; routes: string[] } {
  const rest = new REST();
  const routes: string[] = [];
  rest.queueRequest = async (request) => {
    routes.push(`${request.method} ${request.fullRoute}`);
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { rest, routes };
}

describe('routeInteractionWebhooks', () => {
  it('sends interaction-webhook routes through the interaction client, everything else through the bot client', async () => {
    const bot = recording();
    const interactions = recording();
    routeInteractionWebhooks(bot.rest, interactions.rest);
    await bot.rest.patch('/webhooks/123456789012345678/tok.en_1/messages/@original', { body: {}, auth: false });
    await bot.rest.post('/webhooks/123456789012345678/tok.en_1', { body: {}, auth: false });
    await bot.rest.delete('/webhooks/123456789012345678/tok.en_1/messages/223456789012345678', { auth: false });
    await bot.rest.patch('/channels/1/messages/2', { body: {} });
    // A bot-authorised webhook (not an interaction's) keeps the bot client.
    await bot.rest.post('/webhooks/123456789012345678/secret', { body: {} });
    expect(interactions.routes).toEqual([
      'PATCH /webhooks/123456789012345678/tok.en_1/messages/@original',
      'POST /webhooks/123456789012345678/tok.en_1',
      'DELETE /webhooks/123456789012345678/tok.en_1/messages/223456789012345678',
    ]);
    expect(bot.routes).toEqual(['PATCH /channels/1/messages/2', 'POST /webhooks/123456789012345678/secret']);
  });

  it('sends interaction callbacks through the callback client when there is one, and only them', async () => {
    const bot = recording();
    const interactions = recording();
    const callbacks = recording();
    routeInteractionWebhooks(bot.rest, interactions.rest, callbacks.rest);
    await bot.rest.post('/interactions/123456789012345678/tok.en_1/callback', { body: { type: 6 }, auth: false });
    await bot.rest.patch('/webhooks/123456789012345678/tok.en_1/messages/@original', { body: {}, auth: false });
    await bot.rest.patch('/channels/1/messages/2', { body: {} });
    expect(callbacks.routes).toEqual(['POST /interactions/123456789012345678/tok.en_1/callback']);
    expect(interactions.routes).toEqual(['PATCH /webhooks/123456789012345678/tok.en_1/messages/@original']);
    expect(bot.routes).toEqual(['PATCH /channels/1/messages/2']);
    // Without a callback client, callbacks stay on the bot client (as discord.js sends them).
    const alone = recording();
    routeInteractionWebhooks(alone.rest, recording().rest);
    await alone.rest.post('/interactions/123456789012345678/tok.en_1/callback', { body: { type: 6 }, auth: false });
    expect(alone.routes).toEqual(['POST /interactions/123456789012345678/tok.en_1/callback']);
  });

  it('knows an interaction callback route', () => {
    expect(isInteractionCallbackRoute('/interactions/123/tok.en_1/callback')).toBe(true);
    expect(isInteractionCallbackRoute('/interactions/123/tok/callback/extra')).toBe(false);
    expect(isInteractionCallbackRoute('/webhooks/1/abc/messages/@original')).toBe(false);
  });

  it('knows an interaction-webhook route', () => {
    expect(isInteractionWebhookRoute('/webhooks/1/abc')).toBe(true);
    expect(isInteractionWebhookRoute('/webhooks/1/abc/messages/@original')).toBe(true);
    expect(isInteractionWebhookRoute('/interactions/1/abc/callback')).toBe(false);
    expect(isInteractionWebhookRoute('/channels/1/messages')).toBe(false);
  });
});
