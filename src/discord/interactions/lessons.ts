/**
 * Lessons in Discord (docs/lessons.md "The Discord side"): `/<game> learn` and the 🎓 Learn
 * buttons (of `/help`, of a lobby, of a lesson that ended) open or continue the clicker's lesson
 * as their private panel; a note's 📖 button shows its rules section; at the end of a lesson,
 * "Play a real game against bots" and "Play with friends" open a table in the channel; and the
 * ❔ Why of every private panel.
 */
import { ButtonStyle } from 'discord.js';
import { lessonSection } from '../../games/lesson.js';
import type { GameModule } from '../../games/module.js';
import { catalogFor, type Catalog } from '../../i18n/index.js';
import { viewerSeatOf } from '../../tables/policy.js';
import type { CustomId } from '../custom-id.js';
import { learnId } from '../custom-id.js';
import { button, buttonRow, clip, type ComponentRow } from '../render/markup.js';
import { actorOf, privateText, serviceErrorText } from './answers.js';
import type { AppContext, InteractionLog } from './context.js';
import { answerWithPanel } from './panels.js';
import type { ComponentInteraction } from './slash-command.js';
import type { ChatInputCommandInteraction } from 'discord.js';

/** What opens a lesson: the slash command, or a button. */
type LessonInteraction = ChatInputCommandInteraction | ComponentInteraction;

/**
 * Open or continue the clicker's lesson of `mod` and answer with it as a new private panel
 * (docs/lessons.md): in a server only (a lesson is a table of the server it is played in).
 */
export async function openLesson(interaction: LessonInteraction, app: AppContext, log: InteractionLog, mod: GameModule): Promise<void> {
  const text = catalogFor(interaction.locale);
  log.action = `${mod.command} learn`;
  if (!interaction.inGuild() || !interaction.guildId || !interaction.channelId) {
    log.outcome = 'not_in_guild';
    await interaction.reply(privateText(text.common.errors.notInGuild));
    return;
  }
  const result = await app.service.lessons.openLesson({ guildId: interaction.guildId, channelId: interaction.channelId, game: mod.id, learner: actorOf(interaction), locale: interaction.locale });
  if (!result.ok) {
    log.outcome = result.error.code;
    await interaction.reply(privateText(serviceErrorText(result.error, text, mod)));
    return;
  }
  const { snapshot, resumed, restarted } = result.value;
  log.table = snapshot.table.id;
  log.outcome = resumed ? 'resumed' : 'opened';
  await answerWithPanel(interaction, app, snapshot, 'reply', resumed ? text.common.lesson.resumed : restarted ? text.common.lesson.restarted : undefined);
  // A scripted bot may have moved while the panel was on its way (before it was tracked, so
  // its change redrew nothing): redraw it once from the table as it is now.
  const now = await app.service.reads.snapshot(snapshot.table.id);
  if (now && now.table.version > snapshot.table.version) app.publisher.panels.refresh(now);
}

/** The ❔ Why answer of `tableId` for the clicker's seat (docs/lessons.md "❔ Why"): from their view and legal moves only. */
export async function whyClick(interaction: ComponentInteraction, app: AppContext, log: InteractionLog, text: Catalog, tableId: number): Promise<void> {
  const found = await app.service.reads.lookUp(tableId, actorOf(interaction));
  if (!found.ok) {
    log.outcome = found.error.code;
    await interaction.reply(privateText(serviceErrorText(found.error, text)));
    return;
  }
  const { table, seats } = found.value;
  const mod = app.registry.get(table.game);
  const row = seats.find((candidate) => candidate.userId === interaction.user.id);
  const seat = viewerSeatOf(row, table.status);
  log.outcome = 'ok';
  if (seat === null || !table.state || table.status !== 'active') {
    await interaction.reply(privateText(serviceErrorText(row ? { code: 'table-closed', status: table.status } : { code: 'not-seated' }, text)));
    return;
  }
  const legal = mod.definition.legalActions(table.state, seat);
  const why = mod.ui.why?.(mod.definition.seatView(table.state, seat), legal, text) ?? null;
  await interaction.reply(privateText(why ? whyText(mod, why, text) : text.common.panel.whyNothing));
}

/** The ❔ Why answer's text: the decision, each move, and the rules section in the reader's language. */
export function whyText(mod: GameModule, why: NonNullable<ReturnType<NonNullable<GameModule['ui']['why']>>>, text: Catalog): string {
  const panel = text.common.panel;
  const section = lessonSection(mod.text(text).lesson?.sections ?? {}, why.section);
  const lines = [panel.whyHeading(why.title), why.decision, '', panel.whyMoves, ...why.moves.map((move) => `• ${move}`)];
  if (section) lines.push('', text.common.lesson.section(mod.title(text), why.section, section.title, section.text));
  return clip(lines.join('\n'), 2000);
}

/** The 🎓 Learn buttons of `/help`: one per game that has a lesson (at most five per row). */
export function learnRows(modules: readonly GameModule[], text: Catalog): ComponentRow[] {
  const buttons = modules.filter((mod) => mod.lesson).map((mod) => button(learnId(mod.id, 'learn'), clip(text.common.lesson.learnButton(mod.title(text)), 80), ButtonStyle.Secondary));
  const rows: ComponentRow[] = [];
  for (let i = 0; i < buttons.length; i += 5) rows.push(buttonRow(...buttons.slice(i, i + 5)));
  return rows;
}

/**
 * A lesson button (`rh1:n:<game>:<op>`): open the lesson, show a rules section, or open a real
 * table after the lesson (`openTable`: the game command's own opening, src/commands/game.ts).
 */
export async function learnClick(
  interaction: ComponentInteraction,
  app: AppContext,
  log: InteractionLog,
  id: Extract<CustomId, { kind: 'learn' }>,
  openTable: (interaction: ComponentInteraction, mod: GameModule, withBots: boolean) => Promise<void>,
): Promise<void> {
  const text = catalogFor(interaction.locale);
  const mod = app.registry.find(id.game);
  log.action = `learn:${id.op}`;
  if (!mod) {
    log.outcome = 'unknown-game';
    await interaction.reply(privateText(text.common.errors.unknownGame));
    return;
  }
  if (id.op === 'learn') return openLesson(interaction, app, log, mod);
  if (id.op === 'section') {
    const section = lessonSection(mod.text(text).lesson?.sections ?? {}, id.section ?? '');
    log.outcome = section ? 'ok' : 'malformed';
    await interaction.reply(privateText(section ? text.common.lesson.section(mod.title(text), id.section!, section.title, section.text) : text.common.errors.malformed));
    return;
  }
  await openTable(interaction, mod, id.op === 'bots');
}
