/**
 * Authoring aid for lesson scripts (docs/lessons.md "Writing a lesson"): replays a game's
 * lesson line and prints each decision — its step, who acts, the scripted moves and the
 * learner's legal moves — and, where the line breaks, the legal moves of every seat there.
 * `--state` prints the full state before each decision (hands, piles: the author's view, never
 * shown to players).
 *
 *   npx tsx scripts/lesson-line.ts suspicion [--state]
 */
import { seatsToAct } from '../src/games/engine.js';
import { GAME_MODULES } from '../src/games/index.js';
import { LessonScriptError, lessonSetup, replayLine, type AnyLessonScript } from '../src/games/lesson.js';

const [game, ...flags] = process.argv.slice(2);
const mod = GAME_MODULES.find((candidate) => candidate.id === game);
if (!mod || !mod.lesson) {
  process.stderr.write(`usage: npx tsx scripts/lesson-line.ts <${GAME_MODULES.map((m) => m.id).join('|')}> [--state]\n`);
  process.exit(2);
}
const def = mod.definition;
const script: AnyLessonScript = mod.lesson;
const showState = flags.includes('--state');

const codes = (actions: unknown[]) => actions.map((action) => def.encodeAction(action)).join(' ');
try {
  const line = replayLine(def, script);
  for (const decision of line.decisions) {
    const scripted = script.decisions[decision.index]!;
    const pending = def.pending(decision.state);
    const who = pending.kind === 'over' ? [] : seatsToAct(pending);
    process.stdout.write(`#${decision.index + 1} step ${decision.step} ${pending.kind} [${who.join(',')}]${scripted.note ? ` note ${scripted.note.key} §${scripted.note.section}` : ''}\n`);
    if (showState) process.stdout.write(`   state ${JSON.stringify(decision.state)}\n`);
    for (const move of scripted.moves) {
      const mark = move.seat === script.learner ? '★' : ' ';
      process.stdout.write(`  ${mark} seat ${move.seat}: ${def.encodeAction(move.move)}${move.also ? ` (also ${codes([...move.also])})` : ''}\n`);
    }
    if (who.includes(script.learner)) process.stdout.write(`    learner may: ${codes(def.legalActions(decision.state, script.learner))}\n`);
  }
  const end = def.pending(line.final);
  process.stdout.write(`end: ${end.kind}${showState ? ` ${JSON.stringify(line.final)}` : ''}\n`);
} catch (err) {
  if (!(err instanceof LessonScriptError)) throw err;
  process.stdout.write(`${err.message}\n`);
  // Replay up to the broken decision and show what each seat could do there.
  let state = lessonSetup(def, script);
  script.decisions.slice(0, err.decision).forEach((decision) => {
    for (const move of decision.moves) {
      const applied = def.apply(state, move.seat, move.move);
      if (applied.ok) state = applied.state;
    }
  });
  for (const move of script.decisions[err.decision]!.moves.slice(0, err.move)) {
    const applied = def.apply(state, move.seat, move.move);
    if (applied.ok) state = applied.state;
  }
  process.stdout.write(`state there: ${JSON.stringify(state)}\n`);
  for (let seat = 0; seat < script.seats; seat++) process.stdout.write(`  seat ${seat} may: ${codes(def.legalActions(state, seat))}\n`);
  process.exit(1);
}
