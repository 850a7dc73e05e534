/**
 * The lessons (docs/lessons.md): every game's script replays on its teaching deal — every
 * step's move legal for its seat at that step, every `also` alternative keeping the line — and
 * every note names an existing section of docs/rules/<game>.md, summarised in both catalogs;
 * docs/lessons.md's step → section tables match the scripts; and the lesson engine answers what
 * a running lesson asks (where it is, a bot's move, the taught move, the note, the end).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seatsToAct } from '../../src/games/engine.js';
import { GAME_MODULES } from '../../src/games/index.js';
import {
  lessonAllows,
  lessonAt,
  lessonBotMove,
  lessonNote,
  lessonProgress,
  lessonSection,
  lessonSetup,
  lessonTaught,
  replayLine,
  sameAction,
  LessonScriptError,
  type AnyLessonScript,
  type LessonNote,
} from '../../src/games/lesson.js';
import { catalogs, LANGUAGES } from '../../src/i18n/index.js';
import { HIGHLIGHT_RING } from '../../src/games/scene.js';
import type { PictureContext } from '../../src/games/picture.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** `## 1.7 Counter race` → { '1.7': 'Counter race' } for docs/rules/<game>.md. */
function ruleHeadings(game: string): Map<string, string> {
  const text = readFileSync(join(ROOT, 'docs', 'rules', `${game}.md`), 'utf8');
  const out = new Map<string, string>();
  for (const match of text.matchAll(/^## (\d+\.\d+) (.+)$/gm)) out.set(match[1]!, match[2]!.trim());
  return out;
}

/** Every note of a script with where it comes from: a learner step (1-based), `end`, or a variant key. */
function notesOf(script: AnyLessonScript): { where: string; note: LessonNote }[] {
  const out: { where: string; note: LessonNote }[] = [];
  let step = 0;
  for (const decision of script.decisions) {
    if (decision.moves.some((move) => move.seat === script.learner)) step += 1;
    if (decision.note) out.push({ where: String(step), note: decision.note });
  }
  out.push({ where: 'end', note: script.end });
  for (const [key, note] of Object.entries(script.variants ?? {})) out.push({ where: key, note });
  return out;
}

/** The rows of docs/lessons.md's table under `### <title>`: step, note key, section. */
function docRows(title: string): string[][] {
  const text = readFileSync(join(ROOT, 'docs', 'lessons.md'), 'utf8');
  const start = text.indexOf(`### ${title}\n`);
  expect(start, `docs/lessons.md has a "### ${title}" table`).toBeGreaterThanOrEqual(0);
  const rest = text.slice(start).split('\n').slice(1);
  const rows: string[][] = [];
  for (const line of rest) {
    if (line.startsWith('### ')) break;
    if (!line.startsWith('| ') || line.startsWith('| Step') || line.startsWith('|---')) continue;
    rows.push(line.split('|').slice(1, -1).map((cell) => cell.trim()));
  }
  return rows;
}

describe.each(GAME_MODULES.map((mod) => [mod.id, mod] as const))('%s lesson', (_id, mod) => {
  const def = mod.definition;
  const script = mod.lesson!;
  const headings = ruleHeadings(mod.id);

  it('has a script whose every step is legal at that step (replayLine)', () => {
    expect(script).toBeDefined();
    const line = replayLine(def, script);
    expect(line.decisions).toHaveLength(script.decisions.length);
    // The learner makes the lesson's moves: at least four of their own decisions, at most a dozen (about five minutes).
    const learnerDecisions = script.decisions.filter((decision) => decision.moves.some((move) => move.seat === script.learner)).length;
    expect(learnerDecisions).toBeGreaterThanOrEqual(4);
    expect(learnerDecisions).toBeLessThanOrEqual(12);
    // Every decision the learner acts in has the taught move among the learner's legal moves, and nothing the learner does not make.
    for (const decision of line.decisions) {
      const scripted = script.decisions[decision.index]!;
      const pending = def.pending(decision.state);
      expect(pending.kind).not.toBe('over');
      const toAct = seatsToAct(pending);
      const mine = scripted.moves.find((move) => move.seat === script.learner);
      expect(toAct.includes(script.learner), `decision ${decision.index + 1}: the learner is to act exactly when the script gives them a move`).toBe(mine !== undefined);
    }
  });

  it('keeps the line after every move the learner may choose instead (`also`)', () => {
    const steps = replayLine(def, script).decisions.map((decision) => decision.step);
    script.decisions.forEach((decision, d) => {
      const mine = decision.moves.find((move) => move.seat === script.learner);
      for (const alternative of mine?.also ?? []) {
        const line = replayLine(def, script, (at, move) => (at === d && move.seat === script.learner ? alternative : move.move));
        expect(line.decisions.map((x) => x.step)).toEqual(steps);
      }
    });
  });

  it('is complete once the line is played: lessonAt says done, and no note is left', () => {
    const line = replayLine(def, script);
    expect(lessonAt(def, script, line.final)).toEqual({ kind: 'done' });
    expect(lessonNote(def, script, line.final)).toBe(script.end);
    expect(lessonProgress(def, script, line.final).done).toBe(lessonProgress(def, script, line.final).total);
  });

  it('cites only sections that exist in docs/rules, summarised in both languages under the heading title', () => {
    for (const { where, note } of notesOf(script)) {
      expect(headings.has(note.section), `${mod.id} ${where}: §${note.section} is a heading of docs/rules/${mod.id}.md`).toBe(true);
      for (const language of LANGUAGES) {
        const text = mod.text(catalogs[language]).lesson;
        expect(text?.notes[note.key], `${language} note ${note.key}`).toBeTypeOf('function');
        expect(lessonSection(text!.sections, note.section), `${language} section ${note.section}`).toBeDefined();
      }
      expect(lessonSection(mod.text(catalogs.en).lesson!.sections, note.section)!.title).toBe(headings.get(note.section));
    }
    // Every summarised section exists too (the ❔ Why cites them).
    for (const language of LANGUAGES) {
      for (const [major, minors] of Object.entries(mod.text(catalogs[language]).lesson!.sections)) {
        for (const minor of Object.keys(minors)) expect(headings.has(`${major}.${minor}`), `${language} §${major}.${minor}`).toBe(true);
      }
    }
  });

  it('writes each note in one or two sentences, in both languages', () => {
    const name = (seat: number) => `Seat${seat}`;
    for (const { note } of notesOf(script)) {
      for (const language of LANGUAGES) {
        const text = mod.text(catalogs[language]).lesson!.notes[note.key]!(name);
        expect(text.length, `${language} ${note.key}`).toBeGreaterThan(20);
        expect(text.length, `${language} ${note.key}: ${text}`).toBeLessThanOrEqual(320);
        expect(text).not.toMatch(/undefined|\$\{/);
      }
    }
  });

  it('names its variant notes by options the game has (or a player count it allows)', () => {
    for (const key of Object.keys(script.variants ?? {})) {
      const [option, value] = key.split('=') as [string, string];
      if (option === 'seats') {
        const seats = Number(value);
        expect(seats).toBeGreaterThanOrEqual(def.minPlayers);
        expect(seats).toBeLessThanOrEqual(def.maxPlayers);
        expect(seats).not.toBe(script.seats);
        continue;
      }
      const parsed = def.optionsSchema.safeParse({ [option]: value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value });
      expect(parsed.success, key).toBe(true);
      expect((parsed.data as Record<string, unknown>)[option], key).not.toEqual((def.optionsSchema.parse(script.options) as Record<string, unknown>)[option]);
    }
  });

  it('rings in its pictures every part its notes point at (and nothing without a note)', () => {
    const line = replayLine(def, script);
    const seats = Array.from({ length: script.seats }, (_, seat) => ({ seat, name: `Seat ${seat}`, bot: seat !== script.learner, away: false }));
    const draw = (state: unknown, highlight?: ReadonlySet<string>): string => {
      const base = { seats, t: catalogs.en, latest: [], over: false, ...(highlight ? { highlight } : {}) };
      const hand = mod.pictures!.hand(def.seatView(state, script.learner), { ...base, viewer: script.learner } as PictureContext).svg;
      const board = script.showBoard ? mod.pictures!.board(def.publicView(state), { ...base, viewer: null } as PictureContext).svg : '';
      return hand + board;
    };
    const ring = HIGHLIGHT_RING.toLowerCase();
    for (const decision of line.decisions) {
      const note = script.decisions[decision.index]!.note;
      expect(draw(decision.state).toLowerCase()).not.toContain(ring);
      for (const key of note?.highlight ?? []) {
        expect(draw(decision.state, new Set([key])).toLowerCase(), `${mod.id} decision ${decision.index + 1}: ${key} is drawn and ringed`).toContain(ring);
      }
    }
    for (const key of script.end.highlight ?? []) expect(draw(line.final, new Set([key])).toLowerCase(), `${mod.id} end: ${key}`).toContain(ring);
  });

  it("matches docs/lessons.md's step → section table", () => {
    const titles: Record<string, string> = { suspicion: 'Suspicion', noir: 'NOIR: Killer vs. Inspector', phantom: 'Tricks and the Phantom', jaccuse: "J'Accuse!" };
    const expected = notesOf(script).map(({ where, note }) => [where, note.key, `§${note.section} ${headings.get(note.section)}`]);
    expect(docRows(titles[mod.id]!)).toEqual(expected);
  });

  it('drives a table: bot moves in the line order, only the taught moves allowed, notes on the learner\'s decisions', () => {
    let state = lessonSetup(def, script);
    for (const [d, decision] of script.decisions.entries()) {
      const at = lessonAt(def, script, state);
      expect(at).toMatchObject({ kind: 'at', index: d });
      for (const [m, move] of decision.moves.entries()) {
        if (move.seat === script.learner) {
          expect(lessonNote(def, script, state)).toBe(decision.note ?? null);
          const taught = lessonTaught(def, script, state);
          expect(taught.some((action) => sameAction(def, action, move.move))).toBe(true);
          for (const legal of def.legalActions(state, script.learner)) {
            const accepted = [move.move, ...(move.also ?? [])].some((action) => sameAction(def, action, legal));
            expect(lessonAllows(def, script, state, legal), def.encodeAction(legal)).toBe(accepted || decision.only === false);
          }
        } else {
          expect(lessonBotMove(def, script, state, move.seat)).toEqual(move.move);
          // A bot listed later in the decision waits for this one.
          for (const later of decision.moves.slice(m + 1)) if (later.seat !== move.seat) expect(lessonBotMove(def, script, state, later.seat)).toBeNull();
          // The learner may not move for a bot, and nothing is taught while only bots act.
          if (!decision.moves.some((other) => other.seat === script.learner)) expect(lessonTaught(def, script, state)).toEqual([]);
        }
        const applied = def.apply(state, move.seat, move.move);
        expect(applied.ok).toBe(true);
        if (applied.ok) state = applied.state;
      }
    }
    expect(lessonAt(def, script, state)).toEqual({ kind: 'done' });
  });
});

describe('the lesson engine', () => {
  const mod = GAME_MODULES.find((candidate) => candidate.id === 'noir')!;
  const def = mod.definition;
  const script = mod.lesson!;

  it('names the first move that breaks a script', () => {
    const broken: AnyLessonScript = { ...script, decisions: [script.decisions[0]!, { moves: [{ seat: script.learner, move: { type: 'choose', suspect: 17 } }] }] };
    expect(() => replayLine(def, broken)).toThrow(LessonScriptError);
    expect(() => replayLine(def, broken)).toThrow(/decision 2, move 1: k|i:17 is not legal/);
  });

  it('refuses a note on a decision the learner does not act in, and a learner listed after a bot', () => {
    const noted: AnyLessonScript = { ...script, decisions: [{ ...script.decisions[0]!, note: { key: 'identity', section: '2.3' } }] };
    expect(() => replayLine(def, noted)).toThrow(/note on a decision the learner does not act in/);
    const jaccuse = GAME_MODULES.find((candidate) => candidate.id === 'jaccuse')!;
    const votes = jaccuse.lesson!.decisions[1]!;
    const reordered: AnyLessonScript = { ...jaccuse.lesson!, decisions: [jaccuse.lesson!.decisions[0]!, { ...votes, moves: [...votes.moves.slice(1), votes.moves[0]!] }] };
    expect(() => replayLine(jaccuse.definition, reordered)).toThrow(/learner's move must come first/);
  });

  it('says a state off the line is off, and the first decision is at its start', () => {
    const start = lessonSetup(def, script);
    expect(lessonAt(def, script, start)).toMatchObject({ kind: 'at', index: 0 });
    // A different first kill: the game goes on, but not on the lesson's line.
    const other = def.legalActions(start, 1).find((action) => !sameAction(def, action, script.decisions[0]!.moves[0]!.move))!;
    const applied = def.apply(start, 1, other);
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    // The step still names decision 2 (the learner's identity choice): the engine finds decisions by step, the
    // table service keeps a lesson on its line by refusing every move the line does not make.
    expect(lessonAt(def, script, applied.state)).toMatchObject({ kind: 'at', index: 1 });
  });
});

describe("J'Accuse! lesson, first step", () => {
  it('accepts any of the three identical investigation cards the learner holds (mow1–mow3), and teaches the first of them', () => {
    const mod = GAME_MODULES.find((m) => m.id === 'jaccuse')!;
    const def = mod.definition;
    const script = mod.lesson!;
    const state = lessonSetup(def, script);
    const legal = def.legalActions(state, script.learner) as { type: string; card: string }[];
    expect(legal.map((a) => a.card).sort()).toEqual(['mow1', 'mow2', 'mow3']);
    for (const action of legal) expect(lessonAllows(def, script, state, action), action.card).toBe(true);
    // "👉 Your move" points at the taught move: the first of the three buttons, not "(copy 3)".
    expect(lessonTaught(def, script, state)[0]).toEqual(legal[0]);
  });
});

describe("J'Accuse! lesson rings on small rows", () => {
  it('rings the hard evidence row and the suspicion cards around them: no pixel inside either row changes, and the ring is drawn', async () => {
    const { Resvg } = await import('@resvg/resvg-js');
    const { FONT_FILES } = await import('../support/picture-test.js');
    const mod = GAME_MODULES.find((m) => m.id === 'jaccuse')!;
    const def = mod.definition;
    const line = replayLine(def, mod.lesson!);
    const seats = Array.from({ length: 4 }, (_, seat) => ({ seat, name: `Seat ${seat}`, bot: seat !== 0, away: false }));
    const pixels = (svg: string) => new Resvg(svg, { font: { fontFiles: FONT_FILES, loadSystemFonts: false } }).render();
    for (const key of ['hard:3', 'suspicion:0']) {
      const ctx = (highlight?: ReadonlySet<string>) => ({ seats, t: catalogs.en, latest: [], over: false, viewer: null, ...(highlight ? { highlight } : {}) }) as PictureContext;
      const plain = mod.pictures!.board(def.publicView(line.final), ctx());
      const ringed = mod.pictures!.board(def.publicView(line.final), ctx(new Set([key])));
      const at = plain.scene!.placed.find((p) => p.key === key)!;
      expect(at, key).toBeDefined();
      const a = pixels(plain.svg);
      const b = pixels(ringed.svg);
      const [pa, pb] = [a.pixels, b.pixels];
      let inside = 0;
      let outside = 0;
      for (let y = 0; y < a.height; y++) {
        for (let x = 0; x < a.width; x++) {
          const i = 4 * (y * a.width + x);
          if (pa[i] === pb[i] && pa[i + 1] === pb[i + 1] && pa[i + 2] === pb[i + 2]) continue;
          const within = x >= at.x && x < at.x + at.piece.w && y >= at.y && y < at.y + at.piece.h;
          if (within) inside++;
          else outside++;
        }
      }
      expect(inside, `${key}: pixels of the row under its ring`).toBe(0);
      expect(outside, `${key}: the ring is drawn`).toBeGreaterThan(100);
    }
  });
});
