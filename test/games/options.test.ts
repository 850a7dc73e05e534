/**
 * `/<game> new` and `/<game> rules` options are derived from each game's zod options schema
 * (src/games/options.ts): limits, choices and defaults cannot disagree with what the table
 * service accepts.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gameCommand, optionDescription } from '../../src/commands/game.js';
import { GAME_MODULES } from '../../src/games/index.js';
import type { CommandOptionSpec } from '../../src/games/module.js';
import { commandOptions } from '../../src/games/options.js';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';
import type { Messages } from '../../src/i18n/index.js';

/** A spec with its catalog texts read in `t` (descriptions and choice names are catalog texts). */
function read(spec: CommandOptionSpec, t: Messages = en) {
  return { ...spec, description: spec.description(t), ...(spec.choices ? { choices: spec.choices.map((choice) => ({ name: choice.name(t), value: choice.value })) } : {}) };
}

type CommandJson = { options?: { name: string; options?: { name: string; description: string; min_value?: number; max_value?: number; choices?: { value: unknown }[] }[] }[] };

describe('options of /<game> new and /<game> rules', () => {
  for (const mod of GAME_MODULES) {
    const schema = mod.definition.optionsSchema as z.ZodObject;
    const defaults = schema.parse({}) as Record<string, unknown>;
    const accepts = (key: string, value: unknown) => schema.safeParse({ [key]: value }).success;

    it(`${mod.id}: every limit, choice and default is the schema's`, () => {
      for (const spec of [...mod.newOptions, ...(mod.rulesOptions ?? [])]) {
        expect(Object.keys(schema.shape), spec.name).toContain(spec.optionKey);
        expect(spec.name).toMatch(/^[a-z0-9-]{1,32}$/);
        expect(spec.default, spec.name).toEqual(defaults[spec.optionKey]);
        if (spec.type === 'integer' && !spec.choices) {
          expect(spec.min, spec.name).toBeTypeOf('number');
          expect(spec.max, spec.name).toBeTypeOf('number');
          expect(accepts(spec.optionKey, spec.min)).toBe(true);
          expect(accepts(spec.optionKey, spec.max)).toBe(true);
          expect(accepts(spec.optionKey, spec.min! - 1)).toBe(false);
          expect(accepts(spec.optionKey, spec.max! + 1)).toBe(false);
          expect(accepts(spec.optionKey, spec.min! + 0.5)).toBe(false);
        }
        if (spec.choices) {
          for (const choice of spec.choices) expect(accepts(spec.optionKey, choice.value), `${spec.name}=${choice.value}`).toBe(true);
          expect(spec.choices.map((choice) => choice.value)).toContain(spec.default);
          for (const t of [en, es]) expect(new Set(spec.choices.map((choice) => choice.name(t))).size).toBe(spec.choices.length);
          expect(accepts(spec.optionKey, spec.type === 'integer' ? 999 : 'no-such-choice')).toBe(false);
        }
        if (spec.type === 'boolean') expect(typeof spec.default).toBe('boolean');
      }
    });

    it(`${mod.id}: the slash command carries the derived options, each description with its default within 100 characters`, () => {
      const data = gameCommand(mod).data as CommandJson;
      const sub = (name: string) => data.options!.find((option) => option.name === name)!;
      // `seats`, the AI-player options (README "AI players") and the pace options (README
      // "Turn-based tables") belong to the table service, not to the game's schema.
      const service = ['seats', 'bots', 'bot-level', 'bot-pace', 'pace', 'move-hours', 'hints'];
      // The spectator options (docs/watching.md) belong to the table too; unset, they take the server's default.
      const spectating = ['spectators', 'spectator-delay', 'watchers-see-hands'];
      expect(sub('new').options!.filter((option) => spectating.includes(option.name)).map((option) => option.name)).toEqual(spectating);
      for (const option of sub('new').options!.filter((candidate) => spectating.includes(candidate.name))) expect(option.description.length).toBeLessThanOrEqual(100);
      // `thread:` (README "Where tables can live") is the table's place, the last option.
      expect(sub('new').options!.at(-1)!.name).toBe('thread');
      expect(sub('new').options!.at(-1)!.description).toMatch(/^.{1,85} \(default off\)$/);
      const built = sub('new').options!.filter((option) => !service.includes(option.name) && !spectating.includes(option.name) && option.name !== 'thread');
      for (const option of sub('new').options!.filter((candidate) => service.slice(1, 4).includes(candidate.name))) {
        expect(option.description).toMatch(/ \(default .+\)$/);
      }
      expect(sub('new').options!.filter((option) => service.slice(1).includes(option.name))).toHaveLength(6);
      expect(sub('new').options!.find((option) => option.name === 'hints')!.description).toMatch(/ \(default .+\)$/);
      expect(built.map((option) => option.name)).toEqual(mod.newOptions.map((spec) => spec.name));
      for (const [index, option] of built.entries()) {
        const spec = mod.newOptions[index]!;
        expect(option.description.length).toBeLessThanOrEqual(100);
        expect(option.description).toMatch(/ \(default .+\)$/);
        expect(option.min_value).toBe(spec.min);
        expect(option.max_value).toBe(spec.max);
        expect(option.choices?.map((choice) => choice.value)).toEqual(spec.choices?.map((choice) => choice.value));
      }
      expect((sub('rules').options ?? []).map((option) => option.name)).toEqual((mod.rulesOptions ?? []).map((spec) => spec.name));
    });
  }

  it('the defaults read as the rules set them', () => {
    const described = (game: string, name: string, t: Messages = en) => {
      const mod = GAME_MODULES.find((candidate) => candidate.id === game)!;
      return optionDescription(mod.newOptions.find((spec) => spec.name === name)!, t);
    };
    // docs/rules/suspicion.md §1.7 (10 s counter window) and §1.9 (60 s vote); the 120 s turn is the bot's own default.
    expect(described('suspicion', 'turn-timer')).toBe('Turn timer in seconds (default 120)');
    expect(described('suspicion', 'counter-window')).toBe('Counter / cancel window in seconds (default 10)');
    expect(described('suspicion', 'vote-timer')).toBe('Vote timer in seconds (default 60)');
    expect(described('suspicion', 'variant')).toMatch(/\(default Classic\)$/);
    // docs/rules/noir.md: the Killer needs 16 deaths by default (BGA; 14 = Black Box).
    expect(described('noir', 'kill-target')).toMatch(/\(default 16\)$/);
    // docs/rules/phantom.md: 10 points end the game (end check); beginner mode is an option of setup.
    expect(described('phantom', 'target-score')).toBe('Points that end the game after a round (default 10)');
    expect(described('phantom', 'beginner')).toMatch(/\(default off\)$/);
    // docs/rules/jaccuse.md §4.5: the vote times out after 60 s.
    expect(described('jaccuse', 'vote-timer')).toBe('Seconds for the secret Suspicion vote (default 60)');
    expect(described('jaccuse', 'across-chooser')).toMatch(/\(default Holder of the card\)$/);
    // The same defaults in Spanish (README "Languages").
    expect(described('suspicion', 'turn-timer', es)).toBe('Tiempo por turno en segundos (por defecto: 120)');
    expect(described('suspicion', 'variant', es)).toMatch(/\(por defecto: Clásica\)$/);
    expect(described('phantom', 'beginner', es)).toMatch(/\(por defecto: no\)$/);
    expect(described('jaccuse', 'across-chooser', es)).toMatch(/\(por defecto: Quien tiene la carta\)$/);
  });

  it('a long description is shortened so that its default still fits', () => {
    const text = optionDescription({ name: 'x', optionKey: 'x', description: () => 'w'.repeat(120), type: 'integer', min: 1, max: 9, default: 5 }, en);
    expect(text.length).toBe(100);
    expect(text.endsWith('… (default 5)')).toBe(true);
    expect(optionDescription({ name: 'x', optionKey: 'x', description: () => 'Plain', type: 'boolean' }, en)).toBe('Plain');
  });
});

describe('commandOptions', () => {
  const schema = z.object({
    seconds: z.number().int().min(5).max(90).default(30),
    size: z.union([z.literal(3), z.literal(5)]).default(5),
    colour: z.enum(['red', 'blue']).default('blue'),
    loud: z.boolean().default(true),
    free: z.number().int(),
  });

  it('reads type, limits, choices and default from each field', () => {
    expect(
      commandOptions(schema, [
        { name: 'seconds', optionKey: 'seconds', description: () => 'S' },
        { name: 'size', optionKey: 'size', description: () => 'N' },
        { name: 'colour', optionKey: 'colour', description: () => 'C', choiceNames: () => ({ red: 'Red', blue: 'Blue' }) },
        { name: 'loud', optionKey: 'loud', description: () => 'L' },
        { name: 'free', optionKey: 'free', description: () => 'F' },
      ]).map((spec) => read(spec)),
    ).toEqual([
      { name: 'seconds', optionKey: 'seconds', description: 'S', type: 'integer', min: 5, max: 90, default: 30 },
      { name: 'size', optionKey: 'size', description: 'N', type: 'integer', choices: [{ name: '3', value: 3 }, { name: '5', value: 5 }], default: 5 },
      { name: 'colour', optionKey: 'colour', description: 'C', type: 'string', choices: [{ name: 'Red', value: 'red' }, { name: 'Blue', value: 'blue' }], default: 'blue' },
      { name: 'loud', optionKey: 'loud', description: 'L', type: 'boolean', default: true },
      { name: 'free', optionKey: 'free', description: 'F', type: 'integer' },
    ]);
  });

  it('refuses fields that have no Discord option type', () => {
    const odd = z.object({ ratio: z.number().default(0.5), word: z.string(), mixed: z.union([z.literal(1), z.literal('one')]) });
    expect(() => commandOptions(odd, [{ name: 'ratio', optionKey: 'ratio', description: () => 'R' }])).toThrow(/integer/);
    expect(() => commandOptions(odd, [{ name: 'word', optionKey: 'word', description: () => 'W' }])).toThrow(/string field/);
    expect(() => commandOptions(odd, [{ name: 'mixed', optionKey: 'mixed', description: () => 'M' }])).toThrow(/all strings or all integers/);
  });

  it('a misspelt field or a missing choice label does not compile', () => {
    // @ts-expect-error — no field 'secnds' in the schema
    expect(() => commandOptions(schema, [{ name: 'seconds', optionKey: 'secnds', description: () => 'S' }])).toThrow(/no field 'secnds'/);
    // @ts-expect-error — the label of 'blue' is missing
    commandOptions(schema, [{ name: 'colour', optionKey: 'colour', description: () => 'C', choiceNames: () => ({ red: 'Red' }) }]);
  });
});
