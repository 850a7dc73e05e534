/**
 * Typical game lengths (README "Game length"; src/games/typical-length.ts): the stated
 * model (SECONDS_PER_DECISION per turn decision or vote, reaction windows at their
 * default), the stored constants against a fresh measurement from the same seeded random
 * games, the rules help showing them, and README's table agreeing with them.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownTable, measureTypicalLengths } from '../../scripts/game-lengths.js';
import { rulesMessage } from '../../src/discord/render/rules.js';
import { defaultRegistry } from '../../src/games/index.js';
import {
  countDecision,
  estimatedSeconds,
  LENGTH_SAMPLE_GAMES,
  lengthConfigKey,
  SECONDS_PER_DECISION,
  lengthTable,
  typicalLengths,
  type DecisionCounts,
} from '../../src/games/typical-length.js';
import { en } from '../../src/i18n/en/index.js';

const registry = defaultRegistry();
/** The stored lengths of every game (each module's `typicalLengths`, src/games/<game>/typical-length.data.ts). */
const TYPICAL_LENGTHS = lengthTable(registry.modules);
const descriptionOf = (payload: ReturnType<typeof rulesMessage>) => payload.embeds![0]!.description!;

describe('the length model', () => {
  it('counts 10 s per turn decision and per vote, and each reaction window at its own default', () => {
    expect(SECONDS_PER_DECISION).toBe(10);
    const counts: DecisionCounts = { turn: 0, vote: 0, reaction: 0, reactionMs: 0 };
    for (let step = 1; step <= 3; step++) countDecision(counts, { kind: 'turn', seat: 0, step, timer: 'turn', timeoutMs: 120_000 });
    countDecision(counts, { kind: 'simultaneous', seats: [0, 1, 2], waiting: [], step: 4, timer: 'vote', timeoutMs: 60_000 });
    countDecision(counts, { kind: 'race', seats: [1, 2], step: 5, timer: 'reaction', timeoutMs: 10_000 });
    countDecision(counts, { kind: 'turn', seat: 2, step: 6, timer: 'reaction', timeoutMs: 10_000 });
    countDecision(counts, { kind: 'over', step: 7 });
    expect(counts).toEqual({ turn: 3, vote: 1, reaction: 2, reactionMs: 20_000 });
    // 3 turns + 1 vote at 10 s, two 10 s windows.
    expect(estimatedSeconds(counts)).toBe(60);
  });

  it('keys a table by its rules variant, or "default" for games without one', () => {
    expect(lengthConfigKey(registry.get('suspicion'), { variant: 'arrest-race' })).toBe('arrest-race');
    expect(lengthConfigKey(registry.get('noir'), { mode: 'classic' })).toBe('classic');
    expect(lengthConfigKey(registry.get('phantom'), { targetScore: 10 })).toBe('default');
  });
});

describe('the stored lengths', () => {
  it('cover every game, rules variant and player count', () => {
    for (const mod of registry.modules) {
      const variants = mod.rulesOptions?.find((spec) => spec.choices?.length)?.choices?.map((choice) => String(choice.value)) ?? ['default'];
      expect(Object.keys(TYPICAL_LENGTHS[mod.id] ?? {}).sort()).toEqual([...variants].sort());
      for (const variant of variants) {
        const players = Object.keys(TYPICAL_LENGTHS[mod.id]![variant]!).map(Number);
        const expected = Array.from({ length: mod.definition.maxPlayers - mod.definition.minPlayers + 1 }, (_, k) => mod.definition.minPlayers + k);
        expect(players, `${mod.id} ${variant}`).toEqual(expected);
      }
    }
  });

  it(`are what ${LENGTH_SAMPLE_GAMES} seeded random games per row measure today (else run \`npm run game-lengths -- --write\`)`, () => {
    const measured = measureTypicalLengths(registry);
    expect(measured, 'the game rules changed: run `npm run game-lengths -- --write` and update docs/game-length.md').toEqual(TYPICAL_LENGTHS);
  }, 180_000);

  it('are the ones docs/game-length.md shows (README "Game length" links it)', () => {
    const doc = readFileSync(resolve(import.meta.dirname, '../../docs/game-length.md'), 'utf8');
    expect(doc).toContain(markdownTable(registry, TYPICAL_LENGTHS));
    const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
    expect(readme).toContain('(docs/game-length.md)');
  });
});

describe('the rules help', () => {
  it('shows the typical length for each player count of the chosen variant, with the stated time per decision', () => {
    const suspicion = registry.get('suspicion');
    const options = suspicion.definition.optionsSchema.parse({ variant: 'arrest-race' });
    const text = descriptionOf(rulesMessage(suspicion, options, en));
    const race = TYPICAL_LENGTHS.suspicion!['arrest-race']!;
    const minutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));
    for (const players of [2, 3, 4, 5, 6]) {
      const { low, median, high } = race[players]!.seconds;
      const range = minutes(low) === minutes(high) ? '' : ` (${minutes(low)}–${minutes(high)})`;
      expect(text).toContain(`${players} players ≈ ${minutes(median)} min${range}`);
    }
    expect(text).toContain('at 10 s per move or vote');
    // Another variant, other numbers.
    const classic = descriptionOf(rulesMessage(suspicion, suspicion.definition.optionsSchema.parse({}), en));
    expect(classic).toContain(`2 players ≈ ${minutes(TYPICAL_LENGTHS.suspicion!.classic![2]!.seconds.median)} min`);
    expect(typicalLengths(suspicion, { variant: 'classic' })).toHaveLength(5);
  });

  it('is shown whole, even when longer than a message’s 2,000 characters of content', () => {
    for (const mod of registry.modules) {
      for (const choice of mod.rulesOptions?.[0]?.choices ?? [{ value: undefined }]) {
        const options = mod.definition.optionsSchema.parse(choice.value === undefined ? {} : { [mod.rulesOptions![0]!.optionKey]: choice.value });
        const help = mod.ui.rulesHelp(options, en);
        const text = descriptionOf(rulesMessage(mod, options, en));
        expect(text.startsWith(help), `${mod.id} ${String(choice.value)}`).toBe(true);
        expect(text).toContain('⏱️ **Typical length:**');
        expect(text.length).toBeLessThanOrEqual(4096);
      }
    }
  });
});
