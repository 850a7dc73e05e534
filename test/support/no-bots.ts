/**
 * Test fixtures that stand in for a game (Tally, Podium) but never seat AI players: a module
 * must carry a bot kit (src/games/module.ts `bot`), so theirs refuses every call, loudly.
 */
import type { AnyBotKit } from '../../src/games/bot.js';
import type { AnyGameDefinition } from '../../src/games/engine.js';
import type { GameText } from '../../src/games/module.js';

/** A kit for `definition` whose every decision throws (the fixture has no AI players). */
export function noBots(game: string, definition: AnyGameDefinition): AnyBotKit {
  const refuse = (): never => {
    throw new Error(`the test fixture ${game} has no AI players`);
  };
  return { game, definition, know: refuse, determinize: refuse, normal: refuse, simKnowledge: refuse, observe: refuse, rollout: refuse, evaluate: refuse, horizon: refuse };
}

/** The texts of a fixture game, the same in every language. */
export function fixtureText(title: string): () => GameText {
  return () => ({ title, helpLine: `${title}: a test game`, commandNames: {} });
}
