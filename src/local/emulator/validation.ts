/**
 * Request body validation: Discord's published schemas (zod, from `discord-api-spec`) plus
 * the limits the schemas do not express (see `limits.ts`, `command-checks.ts`). Problems are
 * turned into Discord's `{code: 50035, message: 'Invalid Form Body', errors}` shape.
 */
import * as Spec from 'discord-api-spec/zod';
import type { SpecIssue, SpecSchema } from 'discord-api-spec/zod';
import type { JsonObject } from './types.js';

/** One validation problem at a JSON path of the body. */
export interface Problem {
  path: (string | number)[];
  /** Discord-style error code, e.g. BASE_TYPE_MAX_LENGTH. */
  code: string;
  message: string;
}

/** A Discord error answer for an invalid body. */
export interface InvalidBody {
  status: 400;
  body: { code: number; message: string; errors?: JsonObject };
  problems: Problem[];
}

function issueMessage(issue: SpecIssue): { code: string; message: string } {
  const n = (v: number | bigint | undefined) => String(v);
  switch (issue.code) {
    case 'too_big':
      return issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint'
        ? { code: 'NUMBER_TYPE_MAX', message: `int value should be less than or equal to ${n(issue.maximum)}.` }
        : { code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${n(issue.maximum)} or fewer in length.` };
    case 'too_small':
      return issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint'
        ? { code: 'NUMBER_TYPE_MIN', message: `int value should be greater than or equal to ${n(issue.minimum)}.` }
        : { code: 'BASE_TYPE_MIN_LENGTH', message: `Must be ${n(issue.minimum)} or more in length.` };
    case 'invalid_type':
      return issue.expected === 'undefined' || issue.expected === 'never'
        ? { code: 'BASE_TYPE_BAD_FIELD', message: 'This field is not allowed.' }
        : { code: 'BASE_TYPE_REQUIRED', message: `This field is required and must be of type ${issue.expected}.` };
    case 'invalid_value':
      return { code: 'BASE_TYPE_CHOICES', message: `Value must be one of ${JSON.stringify(issue.values)}.` };
    case 'invalid_format':
      return { code: issue.format === 'url' ? 'URL_TYPE_INVALID_URL' : 'BASE_TYPE_BAD_FORMAT', message: `Not a well formed ${issue.format ?? 'value'}.` };
    case 'invalid_union':
      return { code: 'UNION_TYPE_CHOICES', message: 'Value matches none of the allowed types.' };
    default:
      return { code: 'BASE_TYPE_INVALID', message: issue.message };
  }
}

/**
 * Flatten zod issues into problems. For a union (e.g. the component types) the branch whose
 * `type` literal matched is followed, so the problem points at the real field.
 */
export function flattenIssues(issues: SpecIssue[], prefix: (string | number)[] = []): Problem[] {
  const out: Problem[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))];
    if (issue.code === 'invalid_union' && issue.errors?.length) {
      const typeMatched = issue.errors.filter(
        (branch) => !branch.some((i) => i.path.length === 1 && i.path[0] === 'type' && i.code === 'invalid_value'),
      );
      const best = [...typeMatched].sort((a, b) => a.length - b.length)[0];
      if (best && best.length > 0 && typeMatched.length < issue.errors.length) {
        out.push(...flattenIssues(best, path));
        continue;
      }
      if (typeMatched.length === 0) {
        out.push({ path: [...path, 'type'], code: 'UNION_TYPE_CHOICES', message: 'Value of "type" is not one of the types allowed here.' });
        continue;
      }
    }
    out.push({ path, ...issueMessage(issue) });
  }
  return out;
}

/** Validate with a spec schema; returns the problems (empty when valid). */
export function specProblems(schema: SpecSchema, body: unknown, prefix: (string | number)[] = []): Problem[] {
  const r = schema.safeParse(body);
  return r.success ? [] : flattenIssues(r.error.issues, prefix);
}

/** Discord's nested `errors` object: `{data: {components: {0: {_errors: [...]}}}}`. */
export function problemsToErrors(problems: Problem[]): JsonObject {
  const root: JsonObject = {};
  for (const p of problems) {
    let node = root;
    for (const key of p.path) {
      const k = String(key);
      node[k] ??= {};
      node = node[k] as JsonObject;
    }
    const list = (node._errors ??= []) as unknown[];
    list.push({ code: p.code, message: p.message });
  }
  return root;
}

/** The 400 answer for a list of problems. */
export function invalidBody(problems: Problem[]): InvalidBody {
  return { status: 400, body: { code: 50035, message: 'Invalid Form Body', errors: problemsToErrors(problems) }, problems };
}

/** Problems as `path: message` lines (for violations and error messages in tests). */
export function describeProblems(problems: Problem[]): string[] {
  return problems.map((p) => `${p.path.join('.') || '(body)'}: ${p.code} ${p.message}`);
}

/** A problem for a hand-written check. */
export function problem(path: (string | number)[], code: string, message: string): Problem {
  return { path, code, message };
}

/** True for a non-null, non-array object. */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The spec schemas by purpose. */
export const schemas = {
  callbackMessage: Spec.CreateMessageInteractionCallbackRequestSchema,
  callbackUpdate: Spec.UpdateMessageInteractionCallbackRequestSchema,
  callbackModal: Spec.ModalInteractionCallbackRequestSchema,
  callbackAutocomplete: Spec.ApplicationCommandAutocompleteCallbackRequestSchema,
  callbackLaunchActivity: Spec.LaunchActivityInteractionCallbackRequestSchema,
  webhookExecute: Spec.IncomingWebhookRequestPartialSchema,
  webhookEdit: Spec.IncomingWebhookUpdateRequestPartialSchema,
  messageCreate: Spec.MessageCreateRequestSchema,
  messageEdit: Spec.MessageEditRequestPartialSchema,
  commandUpdate: Spec.ApplicationCommandUpdateRequestSchema,
  commandCreate: Spec.ApplicationCommandCreateRequestSchema,
  commandPatch: Spec.ApplicationCommandPatchRequestPartialSchema,
} as const;
