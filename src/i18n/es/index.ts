/** The neutral-Spanish catalog ("ustedes", no "vosotros"), composed like the English one (README "Languages"). */
import { activity } from './activity.js';
import { bots } from './bots.js';
import { common } from './common.js';
import { help } from './help.js';
import { platform } from './platform.js';
import { privacy } from './privacy.js';
import { review } from './review.js';
import { ratings } from './ratings.js';
import { tournaments } from './tournaments.js';
import { turns } from './turns.js';
import { watch } from './watch.js';

export const es = { common, ratings, privacy, help, bots, turns, review, tournaments, platform, activity, watch } as const;
