/**
 * The typed message catalogs (README "Languages"). The user-facing words every part shares
 * live in `./en/*` (English, the reference) and `./es/*` (Spanish); each game carries its
 * own in `src/games/<game>/text/`, typed the same way (`Widen`, `ArityMismatches`), and this
 * folder imports nothing from a game. `Messages` is the contract: the English catalog with every literal widened
 * to `string`, so another language must define every key with the same function
 * signatures — a missing key, or a function taking a different number of arguments, is a
 * compile error (see `ArityMismatches` below).
 *
 * Which catalog a reader gets: `catalogFor(locale)` with a Discord locale
 * (`interaction.locale`, a table's stored locale). 'es-ES' and 'es-419' → Spanish, anything
 * else → English.
 */
import { en } from './en/index.js';
import { es } from './es/index.js';

/** A catalog type with every string/number/boolean literal widened (functions keep their parameters). */
export type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends (...args: infer A) => infer R
        ? (...args: A) => Widen<R>
        : T extends readonly unknown[]
          ? readonly Widen<T[number]>[]
          : T extends object
            ? { readonly [K in keyof T]: Widen<T[K]> }
            : T;

/** The shape every language catalog must have: the English catalog, literals widened. */
export type Messages = Widen<typeof en>;

/** The older name of `Messages`, used by the renderers' signatures. */
export type Catalog = Messages;

/**
 * Dotted paths (".common.lobby.title") where catalog `S` has a function whose arity differs
 * from the reference `E`, or lacks a key of `E`; `never` when the catalogs agree. (TypeScript
 * lets a function with fewer parameters stand in for one with more, so `Messages` alone does
 * not catch a dropped argument.)
 */
export type ArityMismatches<E, S, P extends string = ''> = E extends (...args: infer EA) => unknown
  ? S extends (...args: infer SA) => unknown
    ? [EA['length']] extends [SA['length']]
      ? never
      : P
    : P
  : E extends readonly unknown[]
    ? never
    : E extends object
      ? { [K in keyof E & string]: K extends keyof S ? ArityMismatches<E[K], S[K], `${P}.${K}`> : `${P}.${K}` }[keyof E & string]
      : never;

/** Compiles only when `T` is `never`; the error names the offending paths. */
export type AssertNone<T extends never> = T;
// A compile error here names the Spanish keys whose arity differs from the English ones.
export type SpanishArityCheck = AssertNone<ArityMismatches<typeof en, typeof es>>;

/** The languages the bot speaks: catalog language → catalog. */
export const catalogs = { en, es } as const satisfies Record<string, Messages>;

/** A language the bot speaks ('en' | 'es'). */
export type Language = keyof typeof catalogs;

/** The languages in the order they are offered (e.g. `/admin settings language:`). */
export const LANGUAGES: readonly Language[] = ['en', 'es'];

/**
 * The Discord locales a catalog is offered under (slash-command localizations use these
 * keys). English is the default, so it needs none.
 */
export const DISCORD_LOCALES_OF: Record<Language, readonly string[]> = { en: ['en-US', 'en-GB'], es: ['es-ES', 'es-419'] };

/** The language for a Discord locale: 'es-ES' / 'es-419' / 'es' → 'es'; anything else (or none) → 'en'. */
export function languageOf(locale?: string | null): Language {
  if (!locale) return 'en';
  if (locale === 'es' || DISCORD_LOCALES_OF.es.includes(locale)) return 'es';
  return 'en';
}

/** The catalog for a Discord locale (e.g. `interaction.locale`, a table's locale); English when unknown. */
export function catalogFor(locale?: string | null): Messages {
  return catalogs[languageOf(locale)];
}
