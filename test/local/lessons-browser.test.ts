/**
 * Every game's lesson completed in the local page by doing what its panel says, in English at
 * desktop width and in Spanish at 390 px (test/local/lessons-follow.ts, docs/lessons.md "Tests and
 * screenshots"). The other two ways (English at 390 px, Spanish on desktop) are
 * test/local/lessons-more-browser.test.ts, in the vitest project `slow`.
 */
import { describeLessons } from './lessons-follow.js';

describeLessons([
  { locale: 'en-US', width: 1280 },
  { locale: 'es-ES', width: 390 },
]);
