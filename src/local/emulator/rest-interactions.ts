/**
 * Interaction routes (no Authorization header, as on Discord): the initial callback with
 * its 3 s / single-response rules, follow-ups, and reading / editing / deleting the
 * interaction's messages through its token (valid 15 min).
 */
import { InteractionResponseType as CB, MessageFlags } from 'discord-api-types/v10';
import { attachmentProblems } from './attachments.js';
import { bodyProblems, isComponentsV2, isEmptyMessage, shapeProblems } from './limits.js';
import { createMessage, editMessage, messageJson, normaliseComponents } from './messages.js';
import { apiError, noContent, ok, type RouteContext, type RouteDef, type RouteResponse } from './rest-router.js';
import { dispatchMessageEvent, mergedShape, threadGate } from './rest-routes.js';
import { invalidBody, isObject, problem, specProblems, schemas, type Problem } from './validation.js';
import type { InteractionRecord, MessageRecord } from './state.js';
import type { JsonObject } from './types.js';

const unknownInteraction = () => apiError(404, 10062, 'Unknown interaction');
const invalidToken = () => apiError(401, 50027, 'Invalid Webhook Token');
const unknownMessage = () => apiError(404, 10008, 'Unknown Message');
const emptyMessage = (): RouteResponse => ({ ...apiError(400, 50006, 'Cannot send an empty message'), violation: { kind: 'invalid-body', message: 'Cannot send an empty message' } });

/** Problems of an initial callback body for this interaction. */
function callbackProblems(ctx: RouteContext, i: InteractionRecord, body: JsonObject): Problem[] {
  const type = body.type;
  // Updates are for component clicks, and for modals submitted from a component's message.
  const isComponent = i.type === 3 || (i.type === 5 && i.sourceMessageId !== null);
  const data = isObject(body.data) ? body.data : null;
  switch (type) {
    case CB.ChannelMessageWithSource: {
      const out = specProblems(schemas.callbackMessage, body);
      if (!data) return [...out, problem(['data'], 'BASE_TYPE_REQUIRED', 'A reply needs data.')];
      return [
        ...out,
        ...bodyProblems(data, 'interaction-create', ['data']),
        ...shapeProblems(data, ['data']),
        ...attachmentProblems({ body: data, files: ctx.files, components: data.components, v2: isComponentsV2(data), prefix: ['data'] }),
      ];
    }
    case CB.DeferredChannelMessageWithSource: {
      const out = specProblems(schemas.callbackMessage, body);
      return data ? [...out, ...bodyProblems(data, 'interaction-defer', ['data'])] : out;
    }
    case CB.DeferredMessageUpdate:
    case CB.UpdateMessage: {
      if (!isComponent) return [problem(['type'], 'INTERACTION_RESPONSE_TYPE_INVALID', `Callback type ${type} is only valid for component interactions.`)];
      const out = specProblems(schemas.callbackUpdate, body);
      if (type === CB.UpdateMessage && data) {
        const source = ctx.core.state.messages.get(i.sourceMessageId ?? '');
        out.push(...bodyProblems(data, 'edit', ['data']));
        if (source) {
          const merged = mergedShape(source, data);
          out.push(...shapeProblems(merged, ['data']));
          out.push(...attachmentProblems({ body: data, files: ctx.files, current: source.data.attachments as JsonObject[], components: merged.components, v2: isComponentsV2(merged), prefix: ['data'] }));
        }
      }
      return out;
    }
    case CB.Modal:
      if (i.type === 5) return [problem(['type'], 'INTERACTION_RESPONSE_TYPE_INVALID', 'A modal submit cannot be answered with another modal.')];
      return specProblems(schemas.callbackModal, body);
    case CB.ApplicationCommandAutocompleteResult: {
      if (i.type !== 4) return [problem(['type'], 'INTERACTION_RESPONSE_TYPE_INVALID', 'Autocomplete results are only valid for autocomplete interactions.')];
      const choices = data?.choices;
      if (!Array.isArray(choices)) return [problem(['data', 'choices'], 'BASE_TYPE_REQUIRED', 'An autocomplete result needs a choices array.')];
      if (choices.length > 25) return [problem(['data', 'choices'], 'BASE_TYPE_MAX_LENGTH', 'At most 25 choices.')];
      return [];
    }
    case CB.LaunchActivity:
      // Launching the app's Activity (discord-api-docs `developers/interactions/receiving-and-responding.mdx`
      // "Interaction Callback Type": "Only available for apps with Activities enabled"); not an answer to autocomplete.
      if (i.type === 4) return [problem(['type'], 'INTERACTION_RESPONSE_TYPE_INVALID', 'Autocomplete interactions cannot launch an Activity.')];
      return [];
    default:
      return [problem(['type'], 'BASE_TYPE_CHOICES', `Callback type ${String(type)} is not valid for this interaction.`)];
  }
}

function callback(ctx: RouteContext): RouteResponse {
  const st = ctx.core.state;
  const i = st.interactions.get(ctx.params.interaction!);
  if (!i) return unknownInteraction();
  if (i.token !== ctx.params.token) return invalidToken();
  const now = st.now();
  if (now - i.dispatchedAt > st.opts.ackTimeoutMs) {
    st.log(`late callback for ${i.id}: ${now - i.dispatchedAt} ms`);
    return unknownInteraction();
  }
  if (i.callbackType !== null) return apiError(400, 40060, 'Interaction has already been acknowledged.');
  const body = ctx.body;
  const problems = isObject(body) ? callbackProblems(ctx, i, body) : [problem([], 'BASE_TYPE_OBJECT', 'The body must be a JSON object.')];
  const failWith = (res: RouteResponse): RouteResponse => {
    if (i.settle && !i.error) {
      const b = res.body as JsonObject;
      i.error = { status: res.status, code: Number(b.code), message: String(b.message) };
      i.settle();
    }
    return res;
  };
  if (problems.length) return failWith(invalidBody(problems));
  const b = body as JsonObject;
  const data = isObject(b.data) ? b.data : {};
  const type = Number(b.type);
  if (type === CB.ChannelMessageWithSource && isEmptyMessage(data, ctx.files.length)) return failWith(emptyMessage());
  // An application without Activities enabled (`developers/topics/opcodes-and-status-codes.mdx` "JSON Error Codes": 50039).
  if (type === CB.LaunchActivity && !st.activities.enabled) return failWith({ ...apiError(400, 50039, 'Invalid Activity Action'), violation: { kind: 'invalid-body', message: 'LAUNCH_ACTIVITY from an application without Activities enabled' } });
  let source: MessageRecord | undefined;
  if (type === CB.UpdateMessage || type === CB.DeferredMessageUpdate) {
    source = st.messages.get(i.sourceMessageId ?? '');
    if (!source || source.deleted) return failWith(unknownMessage());
  }
  // Thread rules for public messages (rest-routes.ts threadGate): an update edits one, a reply posts one.
  const publicReply = (type === CB.ChannelMessageWithSource || type === CB.DeferredChannelMessageWithSource) && ((typeof data.flags === 'number' ? data.flags : 0) & MessageFlags.Ephemeral) === 0;
  const gate = type === CB.UpdateMessage && !source!.ephemeral ? threadGate(ctx.core, source!.channelId, 'edit') : publicReply ? threadGate(ctx.core, i.channelId, 'create') : null;
  if (gate) return failWith(gate);

  i.ackedAt = now;
  i.callbackType = type;
  let message: MessageRecord | undefined;
  switch (type) {
    case CB.ChannelMessageWithSource:
      message = createMessage(st, { channelId: i.channelId, body: data, files: ctx.files, interaction: i });
      dispatchMessageEvent(ctx.core, 'MESSAGE_CREATE', message);
      break;
    case CB.DeferredChannelMessageWithSource: {
      const flags = (typeof data.flags === 'number' ? data.flags : 0) & MessageFlags.Ephemeral;
      i.deferredEphemeral = flags !== 0;
      message = createMessage(st, { channelId: i.channelId, body: { content: '', flags }, interaction: i, loading: true });
      dispatchMessageEvent(ctx.core, 'MESSAGE_CREATE', message);
      break;
    }
    case CB.DeferredMessageUpdate:
      message = source;
      break;
    case CB.UpdateMessage:
      message = source!;
      editMessage(st, message, data, ctx.files);
      dispatchMessageEvent(ctx.core, 'MESSAGE_UPDATE', message);
      break;
    case CB.Modal:
      i.modal = { ...data, components: normaliseComponents(data.components) };
      break;
    case CB.LaunchActivity:
      // The user's client opens the Activity: the channel's instance, started or joined (activities.ts).
      i.activityInstanceId = st.activities.launch(i);
      break;
  }
  i.originalMessageId = message?.id ?? null;
  st.changed();
  i.settle?.();
  if (ctx.query.with_response !== 'true') return noContent();
  return ok({
    interaction: {
      id: i.id,
      type: i.type,
      response_message_id: message?.id,
      response_message_loading: message?.loading ?? false,
      response_message_ephemeral: message?.ephemeral ?? false,
      ...(i.activityInstanceId ? { activity_instance_id: i.activityInstanceId } : {}),
    },
    resource: {
      type,
      ...(message && type !== CB.DeferredMessageUpdate ? { message: messageJson(message) } : {}),
      // "Interaction Callback Activity Instance Resource": only for LAUNCH_ACTIVITY.
      ...(i.activityInstanceId ? { activity_instance: { id: i.activityInstanceId } } : {}),
    },
  });
}

/** The interaction behind a webhook token, or the error Discord would answer. */
function byToken(ctx: RouteContext): InteractionRecord | RouteResponse {
  const st = ctx.core.state;
  if (ctx.params.app !== st.applicationId) return apiError(404, 10015, 'Unknown Webhook');
  const i = st.interactionsByToken.get(ctx.params.token!);
  if (!i) return invalidToken();
  if (st.now() - i.createdAt > st.opts.tokenTtlMs) return invalidToken();
  if (i.callbackType === null) return apiError(404, 10015, 'Unknown Webhook');
  return i;
}

function followUp(ctx: RouteContext): RouteResponse {
  const i = byToken(ctx);
  if (!('token' in i)) return i;
  const st = ctx.core.state;
  const body = ctx.body;
  if (!isObject(body)) return invalidBody([problem([], 'BASE_TYPE_OBJECT', 'The body must be a JSON object.')]);
  const problems = [
    ...specProblems(schemas.webhookExecute, body),
    ...bodyProblems(body, 'interaction-create'),
    ...shapeProblems(body),
    ...attachmentProblems({ body, files: ctx.files, components: body.components, v2: isComponentsV2(body) }),
  ];
  if (problems.length) return invalidBody(problems);
  if (isEmptyMessage(body, ctx.files.length)) return emptyMessage();
  // The interaction's channel was deleted ("Delete/Close Channel"): nothing can be posted there.
  if (!st.channels.has(i.channelId) && !st.dmChannels.has(i.channelId)) return apiError(404, 10003, 'Unknown Channel');
  const original = i.originalMessageId ? st.messages.get(i.originalMessageId) : undefined;
  const fills = i.callbackType === CB.DeferredChannelMessageWithSource && original?.loading && !original.deleted;
  const ephemeral = fills ? original!.ephemeral : ((typeof body.flags === 'number' ? body.flags : 0) & MessageFlags.Ephemeral) !== 0;
  const gate = ephemeral ? null : threadGate(ctx.core, i.channelId, fills ? 'edit' : 'create');
  if (gate) return gate;
  let m: MessageRecord;
  if (fills) {
    // The first follow-up after a deferred reply fills in the "thinking…" message.
    editMessage(st, original, body, ctx.files);
    m = original;
    dispatchMessageEvent(ctx.core, 'MESSAGE_UPDATE', m);
  } else {
    m = createMessage(st, { channelId: i.channelId, body, files: ctx.files, interaction: i, followUp: true });
    i.followUpIds.push(m.id);
    dispatchMessageEvent(ctx.core, 'MESSAGE_CREATE', m);
    for (const wake of i.followUpWaiters?.splice(0) ?? []) wake();
  }
  return ctx.query.wait === 'false' ? noContent() : ok(messageJson(m));
}

/**
 * The message a webhook message route refers to (`@original` or a follow-up id). A message of
 * a deleted channel or thread is gone with it, ephemeral ones too (`developers/resources/channel.mdx`
 * "Delete/Close Channel": "cannot be undone"): 10008 Unknown Message.
 */
function webhookMessage(ctx: RouteContext, i: InteractionRecord): MessageRecord | null {
  const ref = ctx.params.message!;
  const id = ref === '@original' ? i.originalMessageId : i.followUpIds.includes(ref) || ref === i.originalMessageId ? ref : null;
  const m = id ? ctx.core.state.messages.get(id) : undefined;
  return m && !m.deleted && (ctx.core.state.channels.has(m.channelId) || ctx.core.state.dmChannels.has(m.channelId)) ? m : null;
}

function withMessage(ctx: RouteContext, fn: (i: InteractionRecord, m: MessageRecord) => RouteResponse): RouteResponse {
  const i = byToken(ctx);
  if (!('token' in i)) return i;
  const m = webhookMessage(ctx, i);
  return m ? fn(i, m) : unknownMessage();
}

function editWebhookMessage(ctx: RouteContext): RouteResponse {
  return withMessage(ctx, (_i, m) => {
    const body = ctx.body;
    if (!isObject(body)) return invalidBody([problem([], 'BASE_TYPE_OBJECT', 'The body must be a JSON object.')]);
    const merged = mergedShape(m, body);
    const problems = [
      ...specProblems(schemas.webhookEdit, body),
      ...bodyProblems(body, 'edit'),
      ...shapeProblems(merged),
      ...attachmentProblems({ body, files: ctx.files, current: m.data.attachments as JsonObject[], components: merged.components, v2: isComponentsV2(merged) }),
    ];
    if (problems.length) return invalidBody(problems);
    const gate = m.ephemeral ? null : threadGate(ctx.core, m.channelId, 'edit');
    if (gate) return gate;
    editMessage(ctx.core.state, m, body, ctx.files);
    dispatchMessageEvent(ctx.core, 'MESSAGE_UPDATE', m);
    return ok(messageJson(m));
  });
}

/** Interaction callback and interaction webhook routes. */
export const interactionRoutes: RouteDef[] = [
  { method: 'POST', pattern: '/interactions/:interaction/:token/callback', auth: false, handler: callback },
  { method: 'POST', pattern: '/webhooks/:app/:token', auth: false, handler: followUp },
  { method: 'GET', pattern: '/webhooks/:app/:token/messages/:message', auth: false, handler: (c) => withMessage(c, (_i, m) => ok(messageJson(m))) },
  { method: 'PATCH', pattern: '/webhooks/:app/:token/messages/:message', auth: false, handler: editWebhookMessage },
  {
    method: 'DELETE',
    pattern: '/webhooks/:app/:token/messages/:message',
    auth: false,
    handler: (c) =>
      withMessage(c, (_i, m) => {
        c.core.state.deleteMessage(m);
        dispatchMessageEvent(c.core, 'MESSAGE_DELETE', m);
        return noContent();
      }),
  },
];
