/**
 * Suspicion's words in every language the bot speaks (README "Languages"): `./en.ts` is the
 * reference, `./es.ts` must have every key with the same signatures — a missing Spanish
 * text, or one taking a different number of arguments, is a compile error (`SuspicionText`,
 * `ArityMismatches` of src/i18n/index.ts).
 */
import { languageOf, type ArityMismatches, type AssertNone, type Language, type Messages, type Widen } from '../../../i18n/index.js';
import { en } from './en.js';
import { es } from './es.js';

/** The shape of Suspicion's texts in any language: the English ones, literals widened. */
export type SuspicionText = Widen<typeof en>;

/** Suspicion's texts by language. */
export const suspicionTexts: Readonly<Record<Language, SuspicionText>> = { en, es };

// A compile error here names the Spanish keys whose arity differs from the English ones.
export type SuspicionSpanishArityCheck = AssertNone<ArityMismatches<typeof en, typeof es>>;

/** Suspicion's texts in the language of the reader's catalog `t`. */
export function suspicionText(t: Messages): SuspicionText {
  return suspicionTexts[languageOf(t.common.language)];
}
