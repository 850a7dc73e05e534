/**
 * Guess's words in every language the bot speaks, built exactly like a real game's
 * (src/games/noir/text/index.ts): `./en.ts` is the reference, `./es.ts` must have every key
 * with the same signatures — a missing Spanish text, or one taking a different number of
 * arguments, is a compile error.
 */
import { languageOf, type ArityMismatches, type AssertNone, type Language, type Messages, type Widen } from '../../../../src/i18n/index.js';
import { en } from './en.js';
import { es } from './es.js';

/** The shape of Guess's texts in any language: the English ones, literals widened. */
export type GuessText = Widen<typeof en>;

/** Guess's texts by language. */
export const guessTexts: Readonly<Record<Language, GuessText>> = { en, es };

// A compile error here names the Spanish keys whose arity differs from the English ones.
export type GuessSpanishArityCheck = AssertNone<ArityMismatches<typeof en, typeof es>>;

/** Guess's texts in the language of the reader's catalog `t`. */
export function guessText(t: Messages): GuessText {
  return guessTexts[languageOf(t.common.language)];
}
