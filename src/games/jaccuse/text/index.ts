/**
 * Jaccuse's words in every language the bot speaks (README "Languages"): `./en.ts` is the
 * reference, `./es.ts` must have every key with the same signatures — a missing Spanish
 * text, or one taking a different number of arguments, is a compile error (`JaccuseText`,
 * `ArityMismatches` of src/i18n/index.ts).
 */
import { languageOf, type ArityMismatches, type AssertNone, type Language, type Messages, type Widen } from '../../../i18n/index.js';
import { en } from './en.js';
import { es } from './es.js';

/** The shape of Jaccuse's texts in any language: the English ones, literals widened. */
export type JaccuseText = Widen<typeof en>;

/** Jaccuse's texts by language. */
export const jaccuseTexts: Readonly<Record<Language, JaccuseText>> = { en, es };

// A compile error here names the Spanish keys whose arity differs from the English ones.
export type JaccuseSpanishArityCheck = AssertNone<ArityMismatches<typeof en, typeof es>>;

/** Jaccuse's texts in the language of the reader's catalog `t`. */
export function jaccuseText(t: Messages): JaccuseText {
  return jaccuseTexts[languageOf(t.common.language)];
}
