/**
 * Noir's words in every language the bot speaks (README "Languages"): `./en.ts` is the
 * reference, `./es.ts` must have every key with the same signatures — a missing Spanish
 * text, or one taking a different number of arguments, is a compile error (`NoirText`,
 * `ArityMismatches` of src/i18n/index.ts).
 */
import { languageOf, type ArityMismatches, type AssertNone, type Language, type Messages, type Widen } from '../../../i18n/index.js';
import { en } from './en.js';
import { es } from './es.js';

/** The shape of Noir's texts in any language: the English ones, literals widened. */
export type NoirText = Widen<typeof en>;

/** Noir's texts by language. */
export const noirTexts: Readonly<Record<Language, NoirText>> = { en, es };

// A compile error here names the Spanish keys whose arity differs from the English ones.
export type NoirSpanishArityCheck = AssertNone<ArityMismatches<typeof en, typeof es>>;

/** Noir's texts in the language of the reader's catalog `t`. */
export function noirText(t: Messages): NoirText {
  return noirTexts[languageOf(t.common.language)];
}
