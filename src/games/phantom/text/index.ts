/**
 * Phantom's words in every language the bot speaks (README "Languages"): `./en.ts` is the
 * reference, `./es.ts` must have every key with the same signatures — a missing Spanish
 * text, or one taking a different number of arguments, is a compile error (`PhantomText`,
 * `ArityMismatches` of src/i18n/index.ts).
 */
import { languageOf, type ArityMismatches, type AssertNone, type Language, type Messages, type Widen } from '../../../i18n/index.js';
import { en } from './en.js';
import { es } from './es.js';

/** The shape of Phantom's texts in any language: the English ones, literals widened. */
export type PhantomText = Widen<typeof en>;

/** Phantom's texts by language. */
export const phantomTexts: Readonly<Record<Language, PhantomText>> = { en, es };

// A compile error here names the Spanish keys whose arity differs from the English ones.
export type PhantomSpanishArityCheck = AssertNone<ArityMismatches<typeof en, typeof es>>;

/** Phantom's texts in the language of the reader's catalog `t`. */
export function phantomText(t: Messages): PhantomText {
  return phantomTexts[languageOf(t.common.language)];
}
