/**
 * The lesson panel at a complete lesson's end (docs/lessons.md "The Discord side"), for every
 * game's lesson in English and Spanish: "Lesson complete!" said once (the line under the title),
 * the end note, and the table as the lesson left it — the learner's picture, and the board's for
 * games whose hand picture does not show the whole table (`showBoard`) — or its text version
 * when the learner asked for text. Pictures drawn by the games' own drawers from the learner's
 * and the public view (the PNG step is not what is tested here: its bytes are the SVG's).
 */
import { ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { GAME_MODULES } from '../../src/games/index.js';
import { replayLine } from '../../src/games/lesson.js';
import { catalogs, LANGUAGES } from '../../src/i18n/index.js';
import { PictureMaker } from '../../src/discord/pictures/index.js';
import { renderContext } from '../../src/discord/render/context.js';
import { lessonMessage } from '../../src/discord/render/lesson.js';
import { LESSON_DONE_REASON, lessonIdOf } from '../../src/tables/lesson-rules.js';
import { snapshotOf } from '../support/test-pictures.js';

const fakePng = async (svg: string) => ({ data: Buffer.from(svg), width: 720, height: 1 });

/** Every text display's content in a Components V2 payload, in order. */
function texts(payload: { components?: unknown[] }): string[] {
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const c = node as { type?: number; content?: string; components?: unknown[] };
    if (c.type === ComponentType.TextDisplay && c.content) out.push(c.content);
    for (const child of c.components ?? []) walk(child);
  };
  for (const node of payload.components ?? []) walk(node);
  return out;
}

/** The attachment names the payload's media galleries show, in order. */
function shown(payload: { components?: unknown[] }): string[] {
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const c = node as { type?: number; items?: { media: { url: string } }[]; components?: unknown[] };
    if (c.type === ComponentType.MediaGallery) out.push(...(c.items ?? []).map((item) => item.media.url.replace('attachment://', '')));
    for (const child of c.components ?? []) walk(child);
  };
  for (const node of payload.components ?? []) walk(node);
  return out;
}

describe('a complete lesson’s last panel', () => {
  const lessons = GAME_MODULES.filter((mod) => mod.lesson);

  it.each(lessons.map((mod) => [mod.id, mod] as const))('%s: says “Lesson complete!” once and keeps the pictures of the table as the lesson left it (EN, ES)', async (_, mod) => {
    const script = mod.lesson!;
    const final = replayLine(mod.definition, script).final;
    // The learner is user u<learner> (snapshotOf seats user u<seat> at each seat).
    const learner = `u${script.learner}`;
    const snapshot = snapshotOf(mod, final, script.seats, 9, { status: 'cancelled', endReason: LESSON_DONE_REASON, lesson: lessonIdOf(mod), hostUserId: learner, endedAt: 1_700_000_100_000 });
    const maker = new PictureMaker({ rasterise: fakePng });
    for (const language of LANGUAGES) {
      const text = catalogs[language];
      const hand = await maker.hand(mod, snapshot, script.learner, text);
      const board = script.showBoard ? await maker.board(mod, snapshot, text) : null;
      expect(hand).not.toBeNull();
      const payload = lessonMessage(mod, snapshot, learner, text, undefined, { hand, board });
      const all = texts(payload).join('\n');
      expect(all.split(text.common.lesson.complete).length - 1, all).toBe(1);
      // The board above, the learner's own below; the files sent with it.
      const names = script.showBoard ? [board!.name, hand!.name] : [hand!.name];
      expect(shown(payload)).toEqual(names);
      expect((payload.files ?? []).map((file) => file.name)).toEqual(names);
      // Text asked for: no pictures, the learner's panel text (and the board's) instead.
      const plain = lessonMessage(mod, snapshot, learner, text, undefined, { hand: null, board: null, textBoards: true });
      expect(shown(plain)).toEqual([]);
      const ctx = renderContext(mod, snapshot, text);
      const body = mod.ui.panel(mod.definition.seatView(final, script.learner), [], ctx).body;
      expect(texts(plain).join('\n')).toContain(body);
      if (script.showBoard) expect(texts(plain).join('\n')).toContain(mod.ui.board(mod.definition.publicView(final), ctx).body);
    }
  });
});
