/**
 * Play again (README "Commands"): the button on a finished game's board opens a new lobby in
 * the same channel with the same options and the clicker as host, and pings the previous
 * players — only them (`allowed_mentions.users`) — to join. The server's hosting rules and
 * the bot's channel permissions are checked as for `/<game> new`; an old board (a table was
 * opened in the channel since), a busy channel, a cancelled game or a stranger's click get a
 * private, plain answer and open nothing. A double click opens one lobby: the table service
 * decides in one transaction, and the second click is told which table is open.
 */
import { forDjs, actorOf, messageLink, missingChannelPermissions, privateText, serviceErrorText } from './answers.js';
import type { AppContext, InteractionLog } from './context.js';
import { hostingRefusalFor, hostingRefusalText } from './hosting.js';
import { lobbyMessage } from '../render/lobby.js';
import { escapeName } from '../render/markup.js';
import type { ComponentInteraction } from './slash-command.js';
import { catalogFor, type Catalog } from '../../i18n/index.js';

/** Handle a click on `rh1:t:<tableId>:again`; answers within Discord's 3 s. */
export async function playAgainClick(interaction: ComponentInteraction, app: AppContext, log: InteractionLog, text: Catalog, tableId: number): Promise<void> {
  const refuse = async (outcome: string, content: string) => {
    log.outcome = outcome;
    await interaction.reply(privateText(content));
  };
  if (!interaction.guildId || !interaction.channelId) return refuse('not_in_guild', text.common.errors.notInGuild);
  const hosting = await hostingRefusalFor(interaction, app.store);
  if (hosting) return refuse(hosting.code, hostingRefusalText(hosting, text));
  const missing = missingChannelPermissions(interaction, text);
  if (missing.length > 0) return refuse('missing_permissions', text.common.errors.missingPermissions(missing.join(', '), missing.length));
  const actor = actorOf(interaction);
  const result = await app.service.lobby.playAgain(tableId, actor);
  if (!result.ok) {
    const error = result.error;
    const game = 'game' in error ? error.game : undefined;
    const mod = game ? app.registry.find(game) : undefined;
    const link = error.code === 'channel-busy' ? messageLink(interaction.guildId, interaction.channelId, error.boardMessageId) : undefined;
    return refuse(error.code, serviceErrorText(error, text, mod, link));
  }
  const { snapshot, invited } = result.value;
  const mod = app.registry.get(snapshot.table.game);
  log.table = snapshot.table.id;
  log.outcome = 'created';
  // The lobby is public and speaks the table's language (kept from the finished table), like `/<game> new`.
  const tableText = catalogFor(snapshot.table.locale);
  const lobby = lobbyMessage(mod, snapshot, tableText);
  const invite = tableText.common.board.rematchInvite(escapeName(actor.displayName), mod.title(tableText), invited.map((id) => `<@${id}>`).join(' '));
  // Stored before any change of the new table (a Join clicked at once): src/tables/lobby.ts `whilePosting`.
  await app.service.lobby.whilePosting(snapshot.table.id, async () => {
    const res = await interaction.reply({
      ...forDjs({ ...lobby, content: invite }),
      allowedMentions: { parse: [], users: invited },
      withResponse: true,
    });
    const messageId = res.resource?.message?.id;
    if (messageId) await app.messageIds.setBoardMessage(snapshot.table.id, messageId);
  });
}
