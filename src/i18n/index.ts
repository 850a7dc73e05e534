/**
 * The typed message catalog. Every user-facing string lives in `./en/*`; other languages
 * will be added as objects of the same `Catalog` type and chosen by `interaction.locale`.
 */
import { en } from './en/index.js';

/** The shape every language catalog must have. */
export type Catalog = typeof en;

/** All catalogs by Discord locale; English is the fallback. */
const catalogs: Record<string, Catalog> = { 'en-US': en, 'en-GB': en };

/** The catalog for a Discord locale (e.g. `interaction.locale`), English when unknown. */
export function catalogFor(locale?: string | null): Catalog {
  return (locale && catalogs[locale]) || en;
}

export { en };
