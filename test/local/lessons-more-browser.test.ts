/**
 * Every game's lesson completed in the local page by doing what its panel says, in English at
 * 390 px and in Spanish at desktop width (test/local/lessons-follow.ts, docs/lessons.md "Tests
 * and screenshots"): the two ways test/local/lessons-browser.test.ts does not follow. In the
 * vitest project `slow` (`npm run test:slow`; CI runs it after `npm test`), so the four ways add
 * nothing to `npm test`.
 */
import { describeLessons } from './lessons-follow.js';

describeLessons([
  { locale: 'en-US', width: 390 },
  { locale: 'es-ES', width: 1280 },
]);
