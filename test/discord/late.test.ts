/**
 * Overload bookkeeping (src/discord/interactions/late.ts): interaction ages corrected for this machine's
 * clock.
 */
import { describe, expect, it } from 'vitest';
import { InteractionAges } from '../../src/discord/interactions/late.js';

const at = (createdTimestamp: number) => ({ createdTimestamp });

describe('InteractionAges', () => {
  it('measures how much older a click is than the promptest one seen lately, whatever the clock offset', () => {
    const ages = new InteractionAges();
    const offset = 2500; // this machine's clock runs 2.5 s ahead of Discord's
    const now = 1_800_000_000_000;
    expect(ages.overdueMs(at(now - offset - 20), now)).toBe(0);
    expect(ages.overdueMs(at(now + 1000 - offset - 30), now + 1000)).toBe(10);
    // 3.5 s after it was created, by Discord's clock: 3,480 ms later than the promptest (20 ms).
    expect(ages.overdueMs(at(now + 5000 - offset - 3500), now + 5000)).toBe(3480);
  });

  it('forgets minute minima older than its window (a clock corrected later is not held against new clicks)', () => {
    const ages = new InteractionAges(2);
    const now = 1_800_000_000_000;
    ages.overdueMs(at(now + 5000), now); // a clock 5 s behind, once
    expect(ages.overdueMs(at(now + 60_000 - 100), now + 60_000)).toBe(5100);
    expect(ages.overdueMs(at(now + 180_000 - 100), now + 180_000)).toBe(0);
  });
});
