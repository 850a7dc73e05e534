/**
 * A second `/table vacation` (issue 34 item 13; docs/turn-based.md): the refusal speaks of the
 * first vacation in the right tense — "runs until" while it is still on, "ran until" once it
 * is over — in English and Spanish.
 */
import { describe, expect, it } from 'vitest';
import { serviceErrorText } from '../../src/discord/interactions/answers.js';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';

describe('a second vacation', () => {
  it('says the first one still runs while it does', () => {
    const until = Date.now() + 3 * 3_600_000;
    expect(serviceErrorText({ code: 'vacation-used', until }, en)).toContain(`it runs until <t:${Math.floor(until / 1000)}:F>`);
    expect(serviceErrorText({ code: 'vacation-used', until }, en)).not.toContain('ran until');
    expect(serviceErrorText({ code: 'vacation-used', until }, es)).toContain(`(duran hasta <t:${Math.floor(until / 1000)}:F>`);
  });

  it('says it ran until then once it is over', () => {
    const until = Date.now() - 3_600_000;
    expect(serviceErrorText({ code: 'vacation-used', until }, en)).toContain(`it ran until <t:${Math.floor(until / 1000)}:F>`);
    expect(serviceErrorText({ code: 'vacation-used', until }, es)).toContain(`duraron hasta <t:${Math.floor(until / 1000)}:F>`);
  });
});
