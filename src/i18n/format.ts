/**
 * Locale-aware number and plural formatting for the message catalogs (README "Languages").
 * Every count a catalog shows goes through `Intl.NumberFormat` and every plural choice
 * through `Intl.PluralRules` of the catalog's own locale — never an `n === 1` test, since
 * Spanish has three categories (one, many, other) and English two.
 */

/** The words of one noun per CLDR plural category; `other` is required, the rest fall back to it. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** The formatters of one locale. */
export interface Formatters {
  /** The BCP 47 language tag the formatters follow, e.g. 'en' or 'es'. */
  readonly locale: string;
  /** A number in the locale's digits and separators: 12345 → "12,345" (en) / "12.345" (es). */
  number(value: number): string;
  /** A number with exactly one decimal: 12.34 → "12.3" (en) / "12,3" (es). */
  decimal(value: number): string;
  /** The word of `forms` for `count` (plural category of the locale), without the number. */
  word(count: number, forms: PluralForms): string;
  /** The count and its word: 3, {one:'card', other:'cards'} → "3 cards". */
  count(count: number, forms: PluralForms): string;
  /**
   * The full stop after a sentence ending in `text` (a button label, a card): '.' unless `text`
   * already ends in . ! ? or … ("**Bluff!**", not "**Bluff!**.").
   */
  stop(text: string): string;
}

/**
 * The full stop after a sentence ending in `text` (any language): '.' unless `text` already
 * ends in . ! ? or … (a closing quote or bracket after it allowed): "Ana wins!", not "Ana wins!.".
 */
export function sentenceStop(text: string): string {
  return /[.!?…]["'”»)]*$/u.test(text) ? '' : '.';
}

/** Build the formatters of `locale` (a BCP 47 tag such as 'en' or 'es'). */
export function formatters(locale: string): Formatters {
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  const plural = new Intl.PluralRules(locale);
  const word = (count: number, forms: PluralForms) => forms[plural.select(count)] ?? forms.other;
  return {
    locale,
    number: (value) => integer.format(value),
    decimal: (value) => oneDecimal.format(value),
    word,
    count: (count, forms) => `${integer.format(count)} ${word(count, forms)}`,
    stop: sentenceStop,
  };
}
