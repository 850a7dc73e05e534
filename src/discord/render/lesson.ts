/**
 * The lesson panel (docs/lessons.md "The Discord side"): the learner's private message of a
 * lesson table — where the lesson is, the note of the rule that matters now (with its rules
 * section a click away), the pictures with the note's parts ringed (the board's, for games
 * whose own picture does not show the whole table, then the learner's), the moves with those
 * the lesson does not teach yet greyed, and ❔ Why · Leave lesson; at the end, the end note and
 * the two ways on: a real game against bots, or with friends. Drawn from the learner's view
 * and the public view only, like any panel.
 */
import { ButtonStyle, ComponentType, MessageFlags, type APIComponentInContainer } from 'discord-api-types/v10';
import { seatsToAct } from '../../games/engine.js';
import { lessonAt, lessonNote, lessonProgress, lessonSection, lessonTaught, type AnyLessonScript, type LessonNote } from '../../games/lesson.js';
import type { GameModule } from '../../games/module.js';
import type { Catalog } from '../../i18n/index.js';
import { tableOptionsOf } from '../../tables/bots.js';
import { LESSON_DONE_REASON, lessonIdOf, newcomerAt } from '../../tables/lesson-rules.js';
import type { TableSnapshot } from '../../tables/types.js';
import { learnId, tableActionId } from '../custom-id.js';
import type { MessagePicture } from '../pictures/index.js';
import { renderContext } from './context.js';
import { button, buttonRow, clip, plainComponentTexts, V2_TEXT_MAX, type ComponentRow, type MessagePayload, type PayloadFile } from './markup.js';

/** The pictures of a lesson panel: the learner's, and the board's when the script shows it (null: not drawn, the text is shown). */
export interface LessonLook {
  hand?: MessagePicture | null;
  board?: MessagePicture | null;
  /** The learner asked for text instead of pictures (README "Pictures"). */
  textBoards?: boolean;
}

/** The script of a lesson table, when the table plays this very version of it (else null: an outdated lesson). */
export function currentLesson(mod: GameModule, snapshot: TableSnapshot): AnyLessonScript | null {
  return mod.lesson && snapshot.table.lesson === lessonIdOf(mod) ? mod.lesson : null;
}

/** A seat's name as the lesson's notes say it (the bots' names with their robot mark, no level). */
function seatName(snapshot: TableSnapshot, seat: number): string {
  return snapshot.seats.find((row) => row.seat === seat)?.displayName ?? `#${seat + 1}`;
}

/** The note's text in the reader's language, and its rules section's number and title. */
export function noteText(mod: GameModule, snapshot: TableSnapshot, note: LessonNote, text: Catalog): { text: string; section: string; title: string } {
  const lesson = mod.text(text).lesson;
  const body = lesson?.notes[note.key]?.((seat) => seatName(snapshot, seat)) ?? '';
  const title = lesson ? (lessonSection(lesson.sections, note.section)?.title ?? '') : '';
  return { text: body, section: note.section, title };
}

/**
 * What `userId`'s first panel at a real table says they are new to (docs/lessons.md "First table
 * of a game"), from the table's `newcomers`: at their first table of the game, that 💡 Hint is on
 * for them and the lesson is a command away (or, when they finished the lesson, only the hint); for each variant of the table new to them, its note
 * and rules section. Undefined when they are new to nothing (or not seated).
 */
export function newcomerNote(mod: GameModule, snapshot: TableSnapshot, userId: string, text: Catalog): string | undefined {
  const { table } = snapshot;
  if (table.lesson) return undefined;
  const seat = snapshot.seats.find((row) => row.userId === userId)?.seat;
  const newcomer = newcomerAt(tableOptionsOf(table.tableOptions).newcomers, seat);
  if (!newcomer) return undefined;
  const t = text.common.lesson;
  const lines: string[] = [];
  // One who played the lesson to its end is not sent back to it (docs/lessons.md "First table of a game").
  if (newcomer.first) lines.push(newcomer.learned ? t.firstRealTable(mod.title(text)) : t.firstTable(mod.title(text), mod.command));
  for (const key of newcomer.variants ?? []) {
    const note = mod.lesson?.variants?.[key];
    if (!note) continue;
    const shown = noteText(mod, snapshot, note, text);
    if (shown.text) lines.push(t.variantNote(shown.text, shown.section, shown.title));
  }
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** The component's action code: a game button's (`rh1:g:…:<code>`), else null. */
function buttonCode(customId: string | undefined): string | null {
  if (!customId?.startsWith('rh1:g:')) return null;
  return customId.split(':').slice(4).join(':');
}

/**
 * `rows` with every move but `taught` (action codes) greyed: buttons disabled, select options
 * other than the taught ones left out (a select left with none is disabled, showing its first).
 */
export function greyedRows(rows: ComponentRow[], taught: ReadonlySet<string>): ComponentRow[] {
  return rows.map((row) => ({
    ...row,
    components: row.components.map((component) => {
      const c = component as unknown as { type: number; custom_id?: string; options?: { value: string }[]; disabled?: boolean };
      if (c.type === ComponentType.Button) {
        const code = buttonCode(c.custom_id);
        return code !== null && !taught.has(code) ? ({ ...component, disabled: true } as typeof component) : component;
      }
      if (c.type === ComponentType.StringSelect && c.options) {
        const kept = c.options.filter((option) => taught.has(option.value));
        return (kept.length > 0 ? { ...component, options: kept } : { ...component, options: c.options.slice(0, 1), disabled: true }) as typeof component;
      }
      return component;
    }),
  }));
}

/** The label a move has in `rows` (its button's, or its select option's), or null. */
export function moveLabel(rows: ComponentRow[], code: string): string | null {
  for (const row of rows) {
    for (const component of row.components as { custom_id?: string; label?: string; emoji?: { name?: string }; options?: { label: string; value: string; emoji?: { name?: string } }[] }[]) {
      const named = (c: { label?: string; emoji?: { name?: string } }) => [c.emoji?.name, c.label].filter(Boolean).join(' ');
      if (buttonCode(component.custom_id) === code) return named(component);
      const option = component.options?.find((o) => o.value === code);
      if (option) return named(option);
    }
  }
  return null;
}

/**
 * The lesson panel of `userId` (the learner) for lesson table `snapshot`, with `note` (a click's
 * confirmation or refusal) first. A lesson that ended early (left, idle, outdated) says so and
 * how to start again; a complete one shows the end note and the ways on.
 */
export function lessonMessage(mod: GameModule, snapshot: TableSnapshot, userId: string, text: Catalog, note?: string, look: LessonLook = {}): MessagePayload {
  const { table } = snapshot;
  const t = text.common.lesson;
  const def = mod.definition;
  const script = currentLesson(mod, snapshot);
  const title = t.title('🎓', mod.title(text));
  const me = snapshot.seats.find((row) => row.userId === userId);
  const top: string[] = [];
  const rows: ComponentRow[] = [];
  const files: PayloadFile[] = [];
  const inside: APIComponentInContainer[] = [];
  const done = table.status !== 'active' && table.endReason === LESSON_DONE_REASON;
  const progress = script && table.state ? lessonProgress(def, script, table.state) : null;
  top.push(`### ${title}`);
  if (progress) top.push(`-# ${done ? t.complete : t.progress(Math.min(progress.done + 1, progress.total), progress.total)}`);
  if (note) top.push(note);
  let lessonNoteShown: LessonNote | null = null;
  const ctx = renderContext(mod, snapshot, text);
  if (table.status === 'active' && script && me && me.seat !== null && table.state) {
    const pending = snapshot.pending ?? def.pending(table.state);
    const mine = pending.kind !== 'over' && seatsToAct(pending).includes(me.seat);
    const legal = mine ? def.legalActions(table.state, me.seat) : [];
    const game = mod.ui.panel(def.seatView(table.state, me.seat), legal, ctx);
    const at = lessonAt(def, script, table.state);
    const taught = new Set(lessonTaught(def, script, table.state).map((action) => def.encodeAction(action)));
    const free = at.kind === 'at' && at.decision.only === false;
    const gameRows = plainComponentTexts(game.rows.slice(0, 4));
    lessonNoteShown = lessonNote(def, script, table.state);
    if (lessonNoteShown) top.push('', `🎓 ${noteText(mod, snapshot, lessonNoteShown, text).text}`);
    if (mine) {
      const [first] = taught;
      const label = first ? moveLabel(gameRows, first) : null;
      if (label) top.push(t.yourMove(label));
    } else if (pending.kind !== 'over') {
      const next = seatsToAct(pending)[0];
      if (next !== undefined) top.push('', t.watching(seatName(snapshot, next)));
    }
    rows.push(...(free ? gameRows : greyedRows(gameRows, taught)));
    // No pictures (text version, or not drawn yet): the learner's panel text, and the board's too where the script shows it.
    if (!look.hand) {
      if (script.showBoard) top.push('', mod.ui.board(def.publicView(table.state), ctx).body);
      top.push('', game.body);
    }
  } else if (done && script) {
    // "Lesson complete!" is the line under the title (once); the end note, and the table as the lesson left it.
    lessonNoteShown = script.end;
    top.push('', `🎓 ${noteText(mod, snapshot, script.end, text).text}`);
    if (!look.hand && table.state && me && me.seat !== null) {
      if (script.showBoard) top.push('', mod.ui.board(def.publicView(table.state), ctx).body);
      top.push('', mod.ui.panel(def.seatView(table.state, me.seat), [], ctx).body);
    }
  } else {
    top.push('', t.ended(mod.command));
  }
  const bottom = [];
  if (lessonNoteShown) {
    const { section, title: sectionTitle } = noteText(mod, snapshot, lessonNoteShown, text);
    bottom.push(button(learnId(mod.id, { section }), clip(t.sectionButton(section, sectionTitle), 80), ButtonStyle.Secondary));
  }
  if (table.status === 'active') {
    bottom.push(button(tableActionId(table.id, 'why'), text.common.panel.why, ButtonStyle.Secondary));
    bottom.push(button(tableActionId(table.id, 'lesson-leave'), t.leave, ButtonStyle.Danger));
  } else if (done) {
    rows.push(buttonRow(button(learnId(mod.id, 'bots'), t.playBots, ButtonStyle.Success), button(learnId(mod.id, 'friends'), t.playFriends, ButtonStyle.Primary)));
  } else {
    bottom.push(button(learnId(mod.id, 'learn'), t.learnButton(mod.title(text)), ButtonStyle.Primary));
  }
  if (bottom.length) rows.push(buttonRow(...bottom));
  inside.push({ type: ComponentType.TextDisplay, content: clip(top.join('\n'), V2_TEXT_MAX) });
  // The pictures: the board above, the learner's own below — also at a complete lesson's end (the table it left).
  for (const picture of [script?.showBoard ? look.board : null, look.hand]) {
    if (!picture || look.textBoards || (table.status !== 'active' && !done)) continue;
    inside.push({ type: ComponentType.MediaGallery, items: [{ media: { url: `attachment://${picture.name}` }, description: picture.alt }] });
    files.push({ name: picture.name, data: picture.png, description: picture.alt });
  }
  if (rows.length) inside.push({ type: ComponentType.Separator, divider: true, spacing: 1 }, ...rows);
  return {
    components: [{ type: ComponentType.Container, accent_color: mod.colour, components: inside }],
    allowed_mentions: { parse: [] },
    flags: MessageFlags.IsComponentsV2,
    ...(files.length ? { files } : {}),
  };
}
