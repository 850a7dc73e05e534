/**
 * The options of `/<game> new` and `/<game> rules`, derived from the game's zod options
 * schema (src/games/README.md "Options"): the Discord type, the minimum and maximum, the
 * choices and the default all come from the schema field an option maps onto, so a limit
 * lives in one place (rules.ts). A game only says how each option is presented: its
 * Discord name, its description and, for a field with choices, the label of each value.
 *
 * Pure data: the slash-command builder (src/commands/game.ts) turns the specs into Discord
 * options and appends the default to each description.
 */
import { z } from 'zod';
import type { Messages } from '../i18n/index.js';
import type { CatalogText, CommandOptionSpec } from './module.js';

/**
 * How one option is presented, for the field `optionKey` of the options schema with shape
 * `Shape`. `choiceNames` labels each value of an enum or literal-union field (a misspelt or
 * missing value is a compile error); a field without labels shows its values as they are.
 */
export type OptionPresentation<Shape extends z.ZodRawShape> = {
  [Key in keyof Shape & string]: {
    /** Discord option name: lowercase, digits and dashes, ≤ 32 characters. */
    name: string;
    optionKey: Key;
    /** Discord option description without the default (≤ 100 characters with it), from the reader's catalog. */
    description: CatalogText;
    /** The label of each value, from the reader's catalog. */
    choiceNames?: (t: Messages) => Record<Extract<z.output<Shape[Key]>, string | number>, string>;
  };
}[keyof Shape & string];

/** A schema field without its `.default(...)` wrapper, and that default (undefined when none). */
function unwrapDefault(field: z.ZodType): { inner: z.ZodType; fallback: unknown } {
  if (field instanceof z.ZodDefault) return { inner: field.unwrap() as z.ZodType, fallback: field.def.defaultValue };
  return { inner: field, fallback: undefined };
}

/** The values of a field with choices (an enum, or a union of literals), or null for any other field. */
function choiceValues(field: z.ZodType): (string | number)[] | null {
  if (field instanceof z.ZodEnum) return field.options as (string | number)[];
  if (field instanceof z.ZodUnion) {
    const values: (string | number)[] = [];
    for (const option of field.options as z.ZodType[]) {
      if (!(option instanceof z.ZodLiteral) || (typeof option.value !== 'string' && typeof option.value !== 'number')) return null;
      values.push(option.value);
    }
    return values;
  }
  return null;
}

/**
 * The option specs of `/<game> new` (or `/<game> rules`) for `presentations`, in their
 * order, read from `schema`. Throws (a programming error, caught by every game's tests at
 * start-up) for a field the presentation names but the schema lacks, a non-integer number,
 * a union of anything but string or number literals, or choices of mixed or other types.
 */
export function commandOptions<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>, presentations: readonly OptionPresentation<Shape>[]): CommandOptionSpec[] {
  return presentations.map((presentation) => {
    const field = schema.shape[presentation.optionKey] as z.ZodType | undefined;
    if (!field) throw new Error(`options schema has no field '${presentation.optionKey}'`);
    const { inner, fallback } = unwrapDefault(field);
    const base = { name: presentation.name, optionKey: presentation.optionKey, description: presentation.description };
    const withDefault = <T extends object>(spec: T) => (fallback === undefined ? spec : { ...spec, default: fallback as string | number | boolean });
    const values = choiceValues(inner);
    if (values) {
      const names = (t: Messages) => (presentation.choiceNames?.(t) ?? {}) as Partial<Record<string | number, string>>;
      const type = values.every((value) => typeof value === 'number' && Number.isInteger(value)) ? 'integer' : values.every((value) => typeof value === 'string') ? 'string' : null;
      if (!type) throw new Error(`option '${presentation.optionKey}': choices must be all strings or all integers`);
      return withDefault({ ...base, type, choices: values.map((value) => ({ name: (t: Messages) => names(t)[value] ?? t.common.format.number(Number(value)), value })) });
    }
    if (inner instanceof z.ZodBoolean) return withDefault({ ...base, type: 'boolean' as const });
    if (inner instanceof z.ZodNumber) {
      if (!inner.isInt) throw new Error(`option '${presentation.optionKey}': only integer numbers become Discord options`);
      const spec: CommandOptionSpec = { ...base, type: 'integer' };
      // An integer field without its own limits reports the safe-integer range: no limit then.
      if (inner.minValue !== null && inner.minValue > Number.MIN_SAFE_INTEGER) spec.min = inner.minValue;
      if (inner.maxValue !== null && inner.maxValue < Number.MAX_SAFE_INTEGER) spec.max = inner.maxValue;
      return withDefault(spec);
    }
    throw new Error(`option '${presentation.optionKey}': a ${inner.def.type} field has no Discord option type`);
  });
}
