/**
 * `/<game> rules` and the lobby's Rules button (README "Languages"): the game's rules help,
 * in the reader's language and with the table's (or the command's) option values, as an
 * embed — its description holds 4,096 characters, so a language that needs more words than
 * English (Spanish rules run past 2,000) is never cut off.
 */
import type { GameModule } from '../../games/module.js';
import type { Catalog } from '../../i18n/index.js';
import type { MessagePayload } from './markup.js';

/** Discord's longest embed description (characters). */
const MAX_DESCRIPTION = 4096;

/** The rules help of `mod` for `options` in `text`'s language, as one embed. */
export function rulesMessage(mod: GameModule, options: unknown, text: Catalog): MessagePayload {
  const help = mod.ui.rulesHelp(options, text);
  return {
    embeds: [{ title: `${mod.emoji} ${mod.title(text)}`, description: help.slice(0, MAX_DESCRIPTION), color: mod.colour }],
    allowed_mentions: { parse: [] },
  };
}
