/** The English catalog, composed of one module per area. */
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

export const en = { common, ratings, privacy, help, bots, turns, review, tournaments, platform, activity, watch } as const;
