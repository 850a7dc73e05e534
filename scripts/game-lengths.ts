/**
 * Measure typical game lengths (README "Game length"; the model is in
 * src/games/typical-length.ts): for every game, rules variant and player count, play
 * LENGTH_SAMPLE_GAMES seeded random legal games to their end (test/support/random-play.ts,
 * every decision taken by a player, none left to its deadline), count their decisions and
 * turn them into minutes.
 *
 *   npm run game-lengths              print the table (markdown, as in docs/game-length.md)
 *   npm run game-lengths -- --write   also rewrite each game's src/games/<game>/typical-length.data.ts
 *
 * The same seeds give the same numbers on every machine: test/unit/typical-length.test.ts
 * recomputes them and fails when the stored constants are out of date.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GameRegistry } from '../src/games/registry.js';
import {
  countDecision,
  DEFAULT_LENGTH_CONFIG,
  estimatedSeconds,
  LENGTH_FIRST_SEED,
  LENGTH_PLAY_SEED_OFFSET,
  LENGTH_SAMPLE_GAMES,
  lengthMinutes as minutes,
  lengthVariantOption,
  SECONDS_PER_DECISION,
  type DecisionCounts,
  type GameLengths,
  type LengthStats,
  type TypicalLengthTable,
} from '../src/games/typical-length.js';
import type { GameModule } from '../src/games/module.js';
import { catalogs } from '../src/i18n/index.js';
import { playRandomGame } from '../test/support/random-play.js';

/** The value at quantile `q` (0–1) of an ascending list (nearest rank below). */
function quantile(sorted: number[], q: number): number {
  return sorted[Math.floor((sorted.length - 1) * q)]!;
}

/** The configurations measured for a game: each choice of its rules variant option, or its defaults. */
export function lengthConfigs(mod: GameModule): { key: string; options: Record<string, unknown> }[] {
  const spec = lengthVariantOption(mod);
  if (!spec) return [{ key: DEFAULT_LENGTH_CONFIG, options: {} }];
  return spec.choices!.map((choice) => ({ key: String(choice.value), options: { [spec.optionKey]: choice.value } }));
}

/** Play `games` seeded random games of one configuration and summarise their lengths. */
export function measureConfig(mod: GameModule, options: Record<string, unknown>, players: number, games = LENGTH_SAMPLE_GAMES): LengthStats {
  const def = mod.definition;
  const seconds: number[] = [];
  const decisions: number[] = [];
  for (let game = 0; game < games; game++) {
    const seed = LENGTH_FIRST_SEED + game;
    const counts: DecisionCounts = { turn: 0, vote: 0, reaction: 0, reactionMs: 0 };
    const parsed = def.optionsSchema.parse(options);
    let before = def.pending(def.setup(parsed, players, seed, { hostSeat: 0 }));
    const played = playRandomGame(def, {
      seats: players,
      seed,
      playSeed: seed + LENGTH_PLAY_SEED_OFFSET,
      options,
      setupMeta: { hostSeat: 0 },
      timeoutRate: 0,
      onState: (state) => {
        const now = def.pending(state);
        if (now.step !== before.step) countDecision(counts, before);
        before = now;
      },
    });
    if (!played.over) throw new Error(`${mod.id} ${JSON.stringify(options)} with ${players} players: game ${seed} did not end`);
    seconds.push(estimatedSeconds(counts));
    decisions.push(counts.turn + counts.vote + counts.reaction);
  }
  seconds.sort((a, b) => a - b);
  decisions.sort((a, b) => a - b);
  return {
    decisions: quantile(decisions, 0.5),
    seconds: { low: quantile(seconds, 0.25), median: quantile(seconds, 0.5), high: quantile(seconds, 0.75) },
  };
}

/** Measure every game, variant and player count of `registry`. */
export function measureTypicalLengths(registry: GameRegistry, games = LENGTH_SAMPLE_GAMES): TypicalLengthTable {
  const table: TypicalLengthTable = {};
  for (const mod of registry.modules) {
    const byConfig: Record<string, Record<number, LengthStats>> = {};
    for (const config of lengthConfigs(mod)) {
      const byPlayers: Record<number, LengthStats> = {};
      for (let players = mod.definition.minPlayers; players <= mod.definition.maxPlayers; players++) {
        byPlayers[players] = measureConfig(mod, config.options, players, games);
      }
      byConfig[config.key] = byPlayers;
    }
    table[mod.id] = byConfig;
  }
  return table;
}

/** The table of docs/game-length.md: one row per game, variant and player count. */
export function markdownTable(registry: GameRegistry, table: TypicalLengthTable): string {
  // README is English.
  const text = catalogs.en;
  const lines = ['| Game | Variant | Players | Decisions (median) | Typical length |', '|---|---|---|---|---|'];
  for (const mod of registry.modules) {
    const spec = lengthVariantOption(mod);
    for (const [key, byPlayers] of Object.entries(table[mod.id] ?? {})) {
      const variant = key === DEFAULT_LENGTH_CONFIG ? '—' : (spec?.choices?.find((choice) => String(choice.value) === key)?.name(text) ?? key);
      for (const [players, stats] of Object.entries(byPlayers)) {
        const { low, median, high } = stats.seconds;
        lines.push(`| ${mod.title(text)} | ${variant} | ${players} | ${stats.decisions} | ${minutes(median)} min (${minutes(low)}–${minutes(high)}) |`);
      }
    }
  }
  return lines.join('\n');
}

/** An object key as TypeScript source (quoted unless it is a plain identifier or a number). */
function key(name: string): string {
  return /^(\d+|[A-Za-z_]\w*)$/.test(name) ? name : JSON.stringify(name);
}

/** One game's lengths as TypeScript object-literal lines, one line per player count. */
function lengthsLiteral(lengths: GameLengths): string {
  const lines: string[] = [];
  for (const [config, byPlayers] of Object.entries(lengths)) {
    lines.push(`  ${key(config)}: {`);
    for (const [players, { decisions, seconds }] of Object.entries(byPlayers)) {
      lines.push(`    ${players}: { decisions: ${decisions}, seconds: { low: ${seconds.low}, median: ${seconds.median}, high: ${seconds.high} } },`);
    }
    lines.push('  },');
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The source text of one game's src/games/<game>/typical-length.data.ts (its module's
 * `typicalLengths`); `moduleImport` is where that file finds src/games/module.ts.
 */
export function dataFile(lengths: GameLengths, moduleImport = '../module.js'): string {
  return `/**
 * GENERATED by \`npm run game-lengths -- --write\` (scripts/game-lengths.ts) — do not edit by hand.
 * Typical lengths of this game measured from ${LENGTH_SAMPLE_GAMES} seeded random games per rules variant and
 * player count, at ${SECONDS_PER_DECISION} s per turn decision or vote and each reaction window at its default
 * length (model: ../typical-length.ts; README "Game length"). The module's \`typicalLengths\`.
 */
import type { GameLengths } from '${moduleImport}';

/** Measured lengths: rules variant (or 'default') → player count → stats. */
export const TYPICAL_LENGTHS = {
${lengthsLiteral(lengths)}} as const satisfies GameLengths;
`;
}

async function main(): Promise<void> {
  const { defaultRegistry } = await import('../src/games/index.js');
  const registry = defaultRegistry();
  const started = performance.now();
  const table = measureTypicalLengths(registry);
  console.log(markdownTable(registry, table));
  console.log(`\n(${LENGTH_SAMPLE_GAMES} games per row, measured in ${Math.round(performance.now() - started)} ms)`);
  if (process.argv.includes('--write')) {
    for (const [game, lengths] of Object.entries(table)) {
      const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'games', game, 'typical-length.data.ts');
      writeFileSync(target, dataFile(lengths));
      console.log(`wrote ${target}`);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
