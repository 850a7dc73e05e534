/** The English catalog, composed of one module per area. */
import { bots } from './bots.js';
import { common } from './common.js';
import { help } from './help.js';
import { jaccuse } from './jaccuse.js';
import { noir } from './noir.js';
import { phantom } from './phantom.js';
import { privacy } from './privacy.js';
import { review } from './review.js';
import { ratings } from './ratings.js';
import { suspicion } from './suspicion.js';
import { turns } from './turns.js';

export const en = { common, suspicion, noir, phantom, jaccuse, ratings, privacy, help, bots, turns, review } as const;
