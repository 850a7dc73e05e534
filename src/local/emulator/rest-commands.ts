/**
 * Application command routes (global and guild): bulk overwrite (PUT), list, create, fetch,
 * edit and delete. Bodies are validated; stored commands get snowflake ids that survive a
 * bulk overwrite of a command with the same type and name, as on Discord.
 */
import { bulkCommandProblems, commandProblems } from './command-checks.js';
import { apiError, noContent, ok, type RouteContext, type RouteDef, type RouteResponse } from './rest-router.js';
import { invalidBody, isObject, problem } from './validation.js';
import type { CommandRecord, EmulatorState } from './state.js';
import type { JsonObject } from './types.js';

function stripNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripNulls);
  if (!isObject(v)) return v;
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null && x !== undefined).map(([k, x]) => [k, stripNulls(x)]));
}

/** The stored form of a command body, reusing `existing`'s id when given. */
function toRecord(st: EmulatorState, body: JsonObject, scope: string, existing?: CommandRecord): CommandRecord {
  const dmp = body.default_member_permissions;
  return {
    id: existing?.id ?? st.snowflake(),
    application_id: st.applicationId,
    version: st.snowflake(),
    default_member_permissions: dmp === null || dmp === undefined ? null : String(dmp),
    type: Number(body.type ?? 1),
    name: String(body.name),
    name_localizations: body.name_localizations ?? null,
    description: typeof body.description === 'string' ? body.description : '',
    description_localizations: body.description_localizations ?? null,
    ...(scope !== 'global' ? { guild_id: scope } : {}),
    ...(Array.isArray(body.options) ? { options: stripNulls(body.options) } : {}),
    dm_permission: body.dm_permission ?? true,
    contexts: body.contexts ?? null,
    integration_types: body.integration_types ?? [0],
    nsfw: body.nsfw === true,
  };
}

function scopeOf(ctx: RouteContext): string | RouteResponse {
  const st = ctx.core.state;
  if (ctx.params.app !== st.applicationId) return apiError(404, 10002, 'Unknown Application');
  const guild = ctx.params.guild;
  if (guild === undefined) return 'global';
  return st.guilds.has(guild) ? guild : apiError(404, 10004, 'Unknown Guild');
}

function bulkOverwrite(ctx: RouteContext): RouteResponse {
  const scope = scopeOf(ctx);
  if (typeof scope !== 'string') return scope;
  const problems = bulkCommandProblems(ctx.body);
  if (problems.length) return invalidBody(problems);
  const st = ctx.core.state;
  const old = st.commands.get(scope) ?? [];
  const list = (ctx.body as JsonObject[]).map((b) =>
    toRecord(st, b, scope, old.find((o) => o.name === b.name && o.type === Number(b.type ?? 1))),
  );
  st.commands.set(scope, list);
  st.changed();
  return ok(structuredClone(list));
}

function createOne(ctx: RouteContext): RouteResponse {
  const scope = scopeOf(ctx);
  if (typeof scope !== 'string') return scope;
  const problems = commandProblems(ctx.body, [], true);
  if (problems.length) return invalidBody(problems);
  const st = ctx.core.state;
  const body = ctx.body as JsonObject;
  const list = st.commands.get(scope) ?? [];
  const existing = list.find((o) => o.name === body.name && o.type === Number(body.type ?? 1));
  const rec = toRecord(st, body, scope, existing);
  st.commands.set(scope, existing ? list.map((c) => (c === existing ? rec : c)) : [...list, rec]);
  st.changed();
  return ok(structuredClone(rec), existing ? 200 : 201);
}

function withCommand(ctx: RouteContext, fn: (list: CommandRecord[], cmd: CommandRecord, scope: string) => RouteResponse): RouteResponse {
  const scope = scopeOf(ctx);
  if (typeof scope !== 'string') return scope;
  const list = ctx.core.state.commands.get(scope) ?? [];
  const cmd = list.find((c) => c.id === ctx.params.command);
  return cmd ? fn(list, cmd, scope) : apiError(404, 10063, 'Unknown application command');
}

function editOne(ctx: RouteContext): RouteResponse {
  return withCommand(ctx, (list, cmd, scope) => {
    if (!isObject(ctx.body)) return invalidBody([problem([], 'BASE_TYPE_OBJECT', 'The body must be a JSON object.')]);
    const merged = { ...cmd, ...ctx.body };
    const problems = commandProblems(merged, []);
    if (problems.length) return invalidBody(problems);
    const rec = toRecord(ctx.core.state, merged, scope, cmd);
    ctx.core.state.commands.set(scope, list.map((c) => (c === cmd ? rec : c)));
    ctx.core.state.changed();
    return ok(structuredClone(rec));
  });
}

function routesFor(base: string): RouteDef[] {
  return [
    {
      method: 'GET',
      pattern: base,
      auth: true,
      handler: (c) => {
        const scope = scopeOf(c);
        return typeof scope === 'string' ? ok(structuredClone(c.core.state.commands.get(scope) ?? [])) : scope;
      },
    },
    { method: 'PUT', pattern: base, auth: true, handler: bulkOverwrite },
    { method: 'POST', pattern: base, auth: true, handler: createOne },
    { method: 'GET', pattern: `${base}/:command`, auth: true, handler: (c) => withCommand(c, (_l, cmd) => ok(structuredClone(cmd))) },
    { method: 'PATCH', pattern: `${base}/:command`, auth: true, handler: editOne },
    {
      method: 'DELETE',
      pattern: `${base}/:command`,
      auth: true,
      handler: (c) =>
        withCommand(c, (list, cmd, scope) => {
          c.core.state.commands.set(scope, list.filter((x) => x !== cmd));
          c.core.state.changed();
          return noContent();
        }),
    },
  ];
}

/** Global and guild command routes. */
export const commandRoutes: RouteDef[] = [...routesFor('/applications/:app/commands'), ...routesFor('/applications/:app/guilds/:guild/commands')];
