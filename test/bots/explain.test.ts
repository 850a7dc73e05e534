/**
 * The 💡 Hint's and the review analysis's explanations (issue 36; src/games/<game>/hint.ts):
 * every decision kind of every game has one — at positions from real games, every legal move
 * of the deciding seat is explained by a catalog key both languages have, with the arguments
 * the text takes, giving a plain sentence (no "undefined", no "NaN"); every action kind of each
 * game's action schema was met. Explanations read the seat's knowledge only: two inputs the
 * seat cannot tell apart give the same explanation (test/bots/hidden.test.ts covers the advice).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { botKit } from '../../src/bots/kits.js';
import { GAME_MODULES } from '../../src/games/index.js';
import { Rng } from '../../src/games/rng.js';
import { catalogFor } from '../../src/i18n/index.js';
import { allConfigs, definitionOf, play, type Config } from './helpers.js';
import type { BotInput } from '../../src/games/bot.js';

interface Seen {
  config: Config;
  input: BotInput;
}

/** Every decision of a few Easy games (random kinds of move, so rare kinds come up) and Normal games of every setup. */
let all: Seen[] = [];

beforeAll(async () => {
  for (const config of allConfigs()) {
    for (let g = 0; g < 3; g++) {
      await play(config, {
        levels: Array.from({ length: config.seats }, (_, s) => ((s + g) % 3 === 0 ? 'normal' : 'easy')),
        seed: 3600 + g * 97 + config.seats,
        onDecision: (input) => all.push({ config, input: structuredClone(input) }),
      });
    }
  }
}, 120_000);

/** The `type` values of a game's action schema (a zod discriminated union). */
function actionKinds(game: string): string[] {
  const schema = definitionOf(game).actionSchema as unknown as { options: { shape: { type: { value?: string; values?: Set<string> } } }[] };
  return schema.options.map((o) => o.shape.type.value ?? [...o.shape.type.values!][0]!);
}

describe('explanations', () => {
  for (const module of GAME_MODULES) {
    it(`${module.id}: every legal move at every decision is explained in English and Spanish, and every kind of move was met`, { timeout: 120_000 }, () => {
      const kit = botKit(module.id);
      const def = module.definition;
      expect(kit.explain, `${module.id} has no explain`).toBeDefined();
      const texts = (['en', 'es'] as const).map((language) => module.text(catalogFor(language)).hintReasons ?? {});
      const kinds = new Set<string>();
      let checked = 0;
      for (const [i, { config, input }] of all.entries()) {
        if (config.game !== module.id) continue;
        const k = kit.know(input);
        const sample = kit.determinize(k, Rng.seeded(i));
        for (const action of def.legalActions(sample, input.seat) as { type: string }[]) {
          const reason = kit.explain!(k, action);
          const where = `${module.id} ${JSON.stringify(config.options)} ×${config.seats} decision ${i} ${JSON.stringify(action)}`;
          expect(reason, where).not.toBeNull();
          for (const text of texts) {
            const say = text[reason!.key];
            expect(say, `${where}: no text ${reason!.key}`).toBeTypeOf('function');
            expect(say!.length, `${where}: ${reason!.key} takes ${say!.length} arguments, given ${reason!.args?.length ?? 0}`).toBe(reason!.args?.length ?? 0);
            const sentence = say!(...(reason!.args ?? []));
            expect(sentence, where).toMatch(/\S/);
            expect(sentence, where).not.toMatch(/undefined|NaN|null|\[object/);
          }
          kinds.add(action.type);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(100);
      expect([...kinds].sort()).toEqual(actionKinds(module.id).sort());
    });
  }

  it('depend on the seat’s knowledge only: a twin input (another deal the seat cannot tell apart) gives the same explanation', () => {
    for (const [i, { config, input }] of all.entries()) {
      if (i % 7 !== 0) continue;
      const kit = botKit(config.game);
      const def = definitionOf(config.game);
      const other = kit.determinize(kit.know(input), Rng.seeded(7000 + i));
      const twin = { ...structuredClone(input), view: def.seatView(other, input.seat) };
      expect(twin.view).toEqual(input.view);
      const [k, kTwin] = [kit.know(input), kit.know(twin)];
      for (const action of def.legalActions(other, input.seat) as { type: string }[]) expect(kit.explain!(kTwin, action)).toEqual(kit.explain!(k, action));
    }
  });
});
