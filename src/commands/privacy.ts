/**
 * `/privacy show` and `/privacy delete` (README "Privacy"): a user sees, privately, what the
 * bot stores about them in every server, and erases it after a confirmation button (docs/discord.md:
 * destructive actions confirm first). The erasure itself is one transaction
 * (src/ratings/privacy.ts), committed before the click is answered; it is refused, changing
 * nothing, while the user still sits at an open table or is in (or organises) an open
 * tournament (docs/tournaments.md "Privacy"). Usable in servers and in a DM with the
 * bot. The confirmation buttons (`rh1:p:…`) only ever act on the user who clicks them.
 */
import { InteractionContextType, MessageFlags, SlashCommandBuilder } from 'discord.js';
import { answerPrompt, privateText } from '../discord/interactions/answers.js';
import type { AppContext } from '../discord/interactions/context.js';
import { privacyActionId } from '../discord/custom-id.js';
import { confirmPrompt } from '../discord/interactions/prompts.js';
import { escapeName } from '../discord/render/markup.js';
import type { ComponentHandler, SlashCommand } from '../discord/interactions/slash-command.js';
import { localizedCommand } from '../discord/interactions/localize.js';
import { catalogFor, type Catalog } from '../i18n/index.js';
import { eraseUserData, nothingStored, openSeatsOf, openTournamentsOf, storedData, type OpenEntry, type OpenSeat, type StoredData } from '../ratings/privacy.js';

/**
 * How many of the newest past boards showing an erased player are redrawn with "former
 * player" right after the erasure (older boards keep the name they were posted with; a
 * burst of edits would slow every running table's board updates).
 */
export const ERASED_BOARDS_REDRAWN = 20;

/** "**Suspicion** (table #12) in #channel, …" for open tables. */
function openTablesList(app: AppContext, open: readonly OpenSeat[], text: Catalog): string {
  return open.map((seat) => text.privacy.openTable(app.registry.find(seat.game)?.title(text) ?? seat.game, seat.tableId, `<#${seat.channelId}>`)).join(', ');
}

/** "**Spring cup** (tournament #3) in #channel, …" for open tournaments. */
function openTournamentsList(open: readonly OpenEntry[], text: Catalog): string {
  return open.map((entry) => text.privacy.openTournament(escapeName(entry.name), entry.tournamentId, `<#${entry.channelId}>`)).join(', ');
}

/** Why an erasure is refused: the open tables they sit at, then the open tournaments they are in. */
function refusalText(app: AppContext, seats: readonly OpenSeat[], tournaments: readonly OpenEntry[], text: Catalog): string {
  const lines: string[] = [];
  if (seats.length > 0) lines.push(text.privacy.refusedOpen(openTablesList(app, seats, text)));
  if (tournaments.length > 0) lines.push(seats.length > 0 ? text.privacy.shown.openTournaments(openTournamentsList(tournaments, text)) : text.privacy.refusedTournaments(openTournamentsList(tournaments, text)));
  return lines.join('\n');
}

/** The private `/privacy show` text: what is stored, for how long, and how to erase it. */
export function storedDataText(data: StoredData, open: readonly OpenSeat[], app: AppContext, text: Catalog, openTournaments: readonly OpenEntry[] = []): string {
  const shown = text.privacy.shown;
  if (nothingStored(data)) return `${shown.title}\n${shown.nothing}`;
  const lines = [shown.title, shown.intro, shown.seats(data.seats), shown.results(data.results), shown.ratings(data.ratings), shown.totals(data.totals)];
  if (data.tournaments > 0) lines.push(shown.tournaments(data.tournaments));
  if (data.settings > 0) lines.push(shown.settings);
  lines.push('', shown.keptFor);
  if (open.length > 0 || openTournaments.length > 0) lines.push('');
  if (open.length > 0) lines.push(shown.openTables(openTablesList(app, open, text)));
  if (openTournaments.length > 0) lines.push(shown.openTournaments(openTournamentsList(openTournaments, text)));
  lines.push(shown.howToDelete);
  return lines.join('\n');
}

/**
 * A click on the `/privacy delete` confirmation. `erase`: erase the clicker's data in one
 * transaction (refused while they sit at an open table), then redraw the newest past boards
 * that showed them; `keep`: nothing changes. A click on anything but the private prompt (a
 * forged id on a public message) is refused.
 */
export const privacyClick: ComponentHandler<'privacy'> = async (interaction, app, log, id) => {
  const text = catalogFor(interaction.locale);
  log.action = `privacy ${id.verb}`;
  if (!interaction.message.flags.has(MessageFlags.Ephemeral)) {
    log.outcome = 'malformed';
    await interaction.reply(privateText(text.common.errors.malformed));
    return;
  }
  if (id.verb === 'keep') {
    log.outcome = 'ok';
    await answerPrompt(interaction, text.privacy.kept);
    return;
  }
  const outcome = await eraseUserData(app.store, interaction.user.id);
  if (!outcome.ok) {
    log.outcome = 'open_tables';
    await answerPrompt(interaction, refusalText(app, outcome.openSeats, outcome.openTournaments, text));
    return;
  }
  const { erased } = outcome;
  if (nothingStored(erased)) {
    // A double click (or another prompt) erased it already: the prompt keeps saying so.
    log.outcome = 'nothing';
    await answerPrompt(interaction, text.privacy.alreadyErased);
    return;
  }
  log.outcome = 'erased';
  const tournaments = erased.tournaments > 0 ? ` ${text.privacy.erasedTournaments(erased.tournaments)}` : '';
  await answerPrompt(interaction, text.privacy.erased(erased.seats, erased.results, erased.ratings, erased.totals) + tournaments);
  for (const tableId of outcome.anonymisedTables.slice(-ERASED_BOARDS_REDRAWN)) {
    const snapshot = await app.service.reads.snapshot(tableId);
    if (snapshot) app.publisher.redraw(snapshot);
  }
};

/** The `/privacy` command. */
export const privacyCommand: SlashCommand = {
  name: 'privacy',
  data: localizedCommand((t) =>
    new SlashCommandBuilder()
      .setName('privacy')
      .setDescription(t.privacy.commands.privacy)
      .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM)
      .addSubcommand((sub) => sub.setName('show').setDescription(t.privacy.commands.show))
      .addSubcommand((sub) => sub.setName('delete').setDescription(t.privacy.commands.delete))
      .toJSON(),
  ),
  async execute(interaction, app, log) {
    const text = catalogFor(interaction.locale);
    const sub = interaction.options.getSubcommand();
    log.action = `privacy ${sub}`;
    const userId = interaction.user.id;
    const data = await storedData(app.store, userId);
    const open = await openSeatsOf(app.store, userId);
    const openTournaments = await openTournamentsOf(app.store, userId);
    if (sub === 'show') {
      log.outcome = nothingStored(data) ? 'empty' : 'ok';
      await interaction.reply(privateText(storedDataText(data, open, app, text, openTournaments)));
      return;
    }
    if (nothingStored(data)) {
      log.outcome = 'nothing';
      await interaction.reply(privateText(text.privacy.nothingToErase));
      return;
    }
    if (open.length > 0 || openTournaments.length > 0) {
      log.outcome = 'open_tables';
      await interaction.reply(privateText(refusalText(app, open, openTournaments, text)));
      return;
    }
    log.outcome = 'confirm';
    const privacy = text.privacy;
    await interaction.reply(
      confirmPrompt(
        privacy.confirm(privacy.confirmSummary(data.seats, data.results, data.ratings)),
        privacyActionId('erase'),
        privacy.confirmButton,
        privacyActionId('keep'),
        privacy.keepButton,
      ),
    );
  },
  components: { privacy: privacyClick },
};
