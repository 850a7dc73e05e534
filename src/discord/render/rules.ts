/**
 * The private rules help of a game (`/<game> rules` and the lobby's Rules button): the
 * game's own summary (its `ui.rulesHelp`, showing the table's option values) and the
 * typical game length for each player count (README "Game length"), in an embed — a
 * rules summary can be longer than a message's 2,000 characters of content.
 */
import type { GameModule } from '../../games/module.js';
import { lengthMinutes, SECONDS_PER_DECISION, typicalLengths } from '../../games/typical-length.js';
import type { Catalog } from '../../i18n/index.js';
import { clip, type MessagePayload } from './markup.js';

/** The typical-length lines for a table of `mod` with `options` (none when nothing was measured). */
export function typicalLengthLines(mod: GameModule, options: unknown, text: Catalog): string[] {
  const measured = typicalLengths(mod, options);
  if (measured.length === 0) return [];
  const rules = text.common.rules;
  const parts = measured.map(({ players, stats }) =>
    rules.lengthPart(players, lengthMinutes(stats.seconds.median), lengthMinutes(stats.seconds.low), lengthMinutes(stats.seconds.high)),
  );
  return [rules.typicalLength(parts.join(' · ')), rules.lengthNote(SECONDS_PER_DECISION)];
}

/** The rules help message of `mod` for a table with `options` (parsed by the game's options schema). */
export function rulesMessage(mod: GameModule, options: unknown, text: Catalog): MessagePayload {
  const lengths = typicalLengthLines(mod, options, text);
  const body = mod.ui.rulesHelp(options, text);
  const description = lengths.length ? `${clip(body, 3500)}\n\n${lengths.join('\n')}` : body;
  return {
    embeds: [{ title: text.common.rules.title(mod.emoji, mod.title(text)), description: clip(description, 4096), color: mod.colour }],
    components: [],
    allowed_mentions: { parse: [] },
  };
}
