/**
 * `/tournament new|join|leave|start|standings|cancel|log` (docs/tournaments.md "Running a
 * tournament") and the clicks on a tournament's card (Enter / Leave / Start / Standings) and on
 * the cancel confirmation. Organisers are members with Manage Server or the server's tournament
 * role (`/admin settings tournament-role:`); the one who opened a tournament may also start and
 * cancel it. Every change goes through the tournament service (src/tournaments/service.ts), which
 * refuses bad input with a reason and changes nothing; each refusal is answered privately in
 * plain words. Tables are threads of the tournament's channel, so `/tournament new` checks first
 * that the bot may make them there.
 */
import { ChannelType, InteractionContextType, MessageFlags, PermissionFlagsBits, SlashCommandBuilder, type ChatInputCommandInteraction, type Interaction } from 'discord.js';
import { BOT_LEVELS } from '../games/bot.js';
import type { GameRegistry } from '../games/registry.js';
import { withServerDefaults } from '../admin/settings.js';
import { catalogFor, type Catalog } from '../i18n/index.js';
import { actorOf, answerPrompt, forDjs, privateText } from '../discord/interactions/answers.js';
import type { AppContext, InteractionLog } from '../discord/interactions/context.js';
import { tournamentActionId } from '../discord/custom-id.js';
import { memberRoleIds } from '../discord/interactions/hosting.js';
import { localizedCommand } from '../discord/interactions/localize.js';
import { confirmPrompt } from '../discord/interactions/prompts.js';
import type { ComponentHandler, SlashCommand } from '../discord/interactions/slash-command.js';
import { tournamentCard } from '../discord/render/tournament.js';
import { standingsText, standingsView, userMention } from '../discord/render/standings.js';
import { clip, MESSAGE_CONTENT_MAX } from '../discord/render/markup.js';
import { MOVE_HOURS_CHOICES, PACES } from '../tables/pace.js';
import { MAX_SPECTATOR_DELAY, SPECTATOR_MODES, WATCHERS_SEE_HANDS } from '../tables/spectators.js';
import { MAX_ENTRANTS, MAX_ROUND_HOURS, MAX_ROUNDS, MIN_ENTRANTS, type Tournament } from '../tournaments/model.js';
import { standingsOf, TournamentService, type TournamentActor, type TournamentError } from '../tournaments/service.js';

/** Log lines shown by `/tournament log` (the newest). */
export const LOG_LINES_SHOWN = 25;

/**
 * Permissions the bot needs in a tournament's channel: make a public thread per table and post
 * in it, besides what any table needs (discord-api-docs `developers/resources/channel.mdx`
 * "Start Thread without Message"; `developers/topics/permissions.mdx`).
 */
export const TOURNAMENT_CHANNEL_PERMISSIONS = {
  ViewChannel: PermissionFlagsBits.ViewChannel,
  SendMessages: PermissionFlagsBits.SendMessages,
  CreatePublicThreads: PermissionFlagsBits.CreatePublicThreads,
  SendMessagesInThreads: PermissionFlagsBits.SendMessagesInThreads,
  EmbedLinks: PermissionFlagsBits.EmbedLinks,
  AttachFiles: PermissionFlagsBits.AttachFiles,
} as const;

/** The readable names of the permissions the bot lacks for a tournament in the interaction's channel (empty when all are there). */
export function missingTournamentPermissions(interaction: Pick<Interaction, 'appPermissions'>, text: Catalog): string[] {
  const granted = interaction.appPermissions;
  if (!granted) return [];
  return Object.entries(TOURNAMENT_CHANNEL_PERMISSIONS)
    .filter(([, bit]) => !granted.has(bit))
    .map(([name]) => text.common.permissions[name] ?? name);
}

/** The member behind an interaction as the tournament service sees them: may they organise here? */
export async function tournamentActor(interaction: Interaction, app: AppContext): Promise<TournamentActor> {
  const actor = actorOf(interaction);
  let canOrganise = actor.canManageGuild;
  if (!canOrganise && interaction.guildId) {
    const { tournamentRoleId } = await app.store.guildWatchSettings(interaction.guildId);
    canOrganise = tournamentRoleId !== null && memberRoleIds(interaction).includes(tournamentRoleId);
  }
  return { ...actor, canOrganise };
}

/** The plain-language answer to a refusal of the tournament service. */
export function tournamentErrorText(error: TournamentError, text: Catalog): string {
  const e = text.tournaments.errors;
  switch (error.code) {
    case 'no-tournament':
      return e.none;
    case 'unknown-game':
      return e.unknownGame;
    case 'bad-settings':
      return e.badSettings(error.problems.map((line) => `• ${line}`).join('\n'));
    case 'channel-busy':
      return e.channelBusy(error.tournamentId);
    case 'organiser-only':
      return e.organiserOnly;
    case 'closed':
      return e.closed;
    case 'not-signup':
      return e.notSignup;
    case 'already-entered':
      return e.alreadyEntered;
    case 'full':
      return e.full(error.max);
    case 'not-entered':
      return e.notEntered;
    case 'already-withdrawn':
      return e.alreadyWithdrawn;
    case 'late-join-closed':
      return e.lateJoinClosed(error.until);
    case 'too-few':
      return e.tooFew(error.min, error.have);
  }
}

/** The game's title in the reader's language (its id when unknown). */
function gameTitle(app: AppContext, game: string, text: Catalog): string {
  return app.registry.find(game)?.title(text) ?? game;
}

/** The standings answer of `t` (text: the picture goes with the round's post in the channel). */
export function standingsAnswer(app: AppContext, t: Tournament, text: Catalog): string {
  const view = standingsView(t, standingsOf(t), gameTitle(app, t.game, text), text);
  return clip(`${standingsText(view, text)}\n${text.tournaments.standings.tieBreaks}`, MESSAGE_CONTENT_MAX);
}

/** The `/tournament log` answer: the newest LOG_LINES_SHOWN rows, oldest first. */
async function logAnswer(app: AppContext, tournaments: TournamentService, t: Tournament, text: Catalog): Promise<string> {
  const l = text.tournaments.log;
  const rows = await tournaments.logOf(t.id, LOG_LINES_SHOWN);
  if (rows.length === 0) return l.none;
  const kinds = l.kinds as Record<string, ((data: never) => string) | undefined>;
  const lines = rows.map((row) => {
    const what = kinds[row.kind]?.(row.data as never) ?? l.other(row.kind);
    return l.line(`<t:${Math.floor(row.at / 1000)}:f>`, row.byUserId ? l.by(userMention(row.byUserId, text)) : l.bot, what);
  });
  return clip([l.title(t.id, t.name, rows.length, t.lastLogSeq), ...lines].join('\n'), MESSAGE_CONTENT_MAX);
}

/** The registration body of `/tournament` in one language. */
function tournamentBody(registry: GameRegistry, t: Catalog) {
  const c = t.tournaments.commands;
  const idOption = (sub: import('discord.js').SlashCommandSubcommandBuilder) => sub.addIntegerOption((o) => o.setName('id').setDescription(c.idOption).setMinValue(1));
  return new SlashCommandBuilder()
    .setName('tournament')
    .setDescription(c.tournament)
    .setContexts(InteractionContextType.Guild)
    .addSubcommand((sub) =>
      sub
        .setName('new')
        .setDescription(c.new)
        .addStringOption((o) =>
          o
            .setName('game')
            .setDescription(c.newGame)
            .setRequired(true)
            .addChoices(...registry.modules.map((mod) => ({ name: mod.title(t), value: mod.id }))),
        )
        .addStringOption((o) => o.setName('name').setDescription(c.newName).setMaxLength(80))
        .addIntegerOption((o) => o.setName('rounds').setDescription(c.newRounds).setMinValue(1).setMaxValue(MAX_ROUNDS))
        .addIntegerOption((o) => o.setName('seats').setDescription(c.newSeats).setMinValue(2).setMaxValue(6))
        .addStringOption((o) => o.setName('pace').setDescription(c.newPace).addChoices(...PACES.map((pace) => ({ name: t.turns.paceChoices[pace] ?? pace, value: pace }))))
        .addIntegerOption((o) => o.setName('move-hours').setDescription(c.newMoveHours).addChoices(...MOVE_HOURS_CHOICES.map((hours) => ({ name: t.turns.hoursChoice(hours), value: hours }))))
        .addIntegerOption((o) => o.setName('round-hours').setDescription(c.newRoundHours).setMinValue(1).setMaxValue(MAX_ROUND_HOURS))
        .addStringOption((o) => o.setName('empty-seats').setDescription(c.newEmptySeats).addChoices(...(['bye', 'bot'] as const).map((value) => ({ name: t.tournaments.emptySeats[value] ?? value, value }))))
        .addStringOption((o) => o.setName('bot-level').setDescription(c.newBotLevel).addChoices(...BOT_LEVELS.map((level) => ({ name: t.bots.levels[level] ?? level, value: level }))))
        .addBooleanOption((o) => o.setName('rated').setDescription(c.newRated))
        .addIntegerOption((o) => o.setName('late-join').setDescription(c.newLateJoin).setMinValue(1).setMaxValue(MAX_ROUNDS))
        .addIntegerOption((o) => o.setName('max-entrants').setDescription(c.newMaxEntrants).setMinValue(MIN_ENTRANTS).setMaxValue(MAX_ENTRANTS))
        .addStringOption((o) => o.setName('spectators').setDescription(t.watch.commands.spectators).addChoices(...SPECTATOR_MODES.map((mode) => ({ name: t.watch.modes[mode] ?? mode, value: mode }))))
        .addIntegerOption((o) => o.setName('spectator-delay').setDescription(t.watch.commands.spectatorDelay).setMinValue(1).setMaxValue(MAX_SPECTATOR_DELAY))
        .addStringOption((o) => o.setName('watchers-see-hands').setDescription(t.watch.commands.watchersSeeHands).addChoices(...WATCHERS_SEE_HANDS.map((value) => ({ name: t.watch.seeHands[value] ?? value, value })))),
    )
    .addSubcommand((sub) => idOption(sub.setName('join').setDescription(c.join)))
    .addSubcommand((sub) => idOption(sub.setName('leave').setDescription(c.leave)))
    .addSubcommand((sub) => idOption(sub.setName('start').setDescription(c.start)))
    .addSubcommand((sub) => idOption(sub.setName('standings').setDescription(c.standings)))
    .addSubcommand((sub) => idOption(sub.setName('cancel').setDescription(c.cancel)))
    .addSubcommand((sub) => idOption(sub.setName('log').setDescription(c.log)))
    .toJSON();
}

/** `/tournament new`: check the channel, then open the tournament and post its card. */
async function openTournament(i: ChatInputCommandInteraction, app: AppContext, tournaments: TournamentService, log: InteractionLog, text: Catalog): Promise<void> {
  const actor = await tournamentActor(i, app);
  if (!actor.canOrganise) {
    log.outcome = 'organiser-only';
    await i.reply(privateText(text.tournaments.errors.organiseRefused));
    return;
  }
  const missing = missingTournamentPermissions(i, text);
  const threadable = i.channel?.type === undefined || i.channel.type === ChannelType.GuildText;
  if (missing.length > 0 || !threadable) {
    log.outcome = 'no-threads';
    const needed = missing.length > 0 ? missing : [text.common.permissions.CreatePublicThreads ?? 'Create Public Threads'];
    await i.reply(privateText(text.tournaments.errors.noThreads(needed.map((name) => `**${name}**`).join(', '))));
    return;
  }
  const game = i.options.getString('game', true);
  const mod = app.registry.find(game);
  if (!mod) {
    log.outcome = 'unknown-game';
    await i.reply(privateText(text.tournaments.errors.unknownGame));
    return;
  }
  const [defaults, serverLanguage, watching] = await Promise.all([app.store.guildDefaults(i.guildId!), app.store.guildLanguage(i.guildId!), app.store.guildWatchSettings(i.guildId!)]);
  const locale = serverLanguage ?? i.locale;
  const named = i.options.getString('name')?.trim();
  const date = new Date(i.createdTimestamp).toISOString().slice(0, 10);
  const result = await tournaments.create({
    guildId: i.guildId!,
    channelId: i.channelId,
    game: mod.id,
    name: named || catalogFor(locale).tournaments.defaultName(mod.title(catalogFor(locale)), date),
    organiser: actor,
    // Every table plays the game's options as the server set them (`/admin settings`), else the game's defaults.
    options: withServerDefaults(mod.definition.optionsSchema, defaults, {}) as Record<string, unknown>,
    settings: {
      seats: i.options.getInteger('seats') ?? undefined,
      rounds: i.options.getInteger('rounds') ?? undefined,
      pace: i.options.getString('pace') ?? undefined,
      moveHours: i.options.getInteger('move-hours') ?? undefined,
      roundHours: i.options.getInteger('round-hours') ?? undefined,
      emptySeats: i.options.getString('empty-seats') ?? undefined,
      botLevel: i.options.getString('bot-level') ?? undefined,
      rated: i.options.getBoolean('rated') ?? undefined,
      lateJoinUntil: i.options.getInteger('late-join') ?? undefined,
      maxEntrants: i.options.getInteger('max-entrants') ?? undefined,
      spectators: i.options.getString('spectators') ?? undefined,
      spectatorDelay: i.options.getInteger('spectator-delay') ?? undefined,
      watchersSeeHands: i.options.getString('watchers-see-hands') ?? undefined,
    },
    spectatorDefaults: watching,
    locale,
  });
  if (!result.ok) {
    log.outcome = result.error.code;
    await i.reply(privateText(tournamentErrorText(result.error, text)));
    return;
  }
  log.outcome = 'opened';
  const posted = await i.reply({ ...forDjs(tournamentCard(mod, result.value, catalogFor(result.value.locale ?? locale))), withResponse: true });
  // Remembered so that every later change (a join by command, a round, the end) redraws the card.
  const messageId = posted.resource?.message?.id;
  if (messageId) await tournaments.setCardMessage(result.value.id, messageId);
}

/** The tournament a command names (`id:`) or the open one of its channel, or the refusal text. */
async function tournamentFor(i: ChatInputCommandInteraction, tournaments: TournamentService, text: Catalog): Promise<Tournament | string> {
  const id = i.options.getInteger('id');
  if (id !== null) {
    const t = await tournaments.get(id);
    return t && t.guildId === i.guildId ? t : text.tournaments.errors.noTournament(id);
  }
  return (await tournaments.openInChannel(i.channelId)) ?? text.tournaments.errors.none;
}

/**
 * Enter, leave or start tournament `t` for the member behind `interaction`; the answer is
 * private text (a click on the card also redraws the card: the caller does it).
 */
async function act(verb: 'join' | 'leave' | 'start', t: Tournament, interaction: Interaction, app: AppContext, tournaments: TournamentService, log: InteractionLog, text: Catalog): Promise<{ text: string; t: Tournament | null }> {
  const actor = await tournamentActor(interaction, app);
  const a = text.tournaments.answers;
  if (verb === 'start' && TournamentService.waiting(t)) {
    const resumed = await tournaments.resume(t.id, actor);
    log.outcome = resumed.ok ? 'resumed' : resumed.error.code;
    return resumed.ok ? { text: a.resumed(t.name, t.round), t: resumed.value } : { text: tournamentErrorText(resumed.error, text), t: null };
  }
  const result = verb === 'join' ? await tournaments.join(t.id, actor) : verb === 'leave' ? await tournaments.leave(t.id, actor) : await tournaments.start(t.id, actor);
  if (!result.ok) {
    log.outcome = result.error.code;
    return { text: tournamentErrorText(result.error, text), t: null };
  }
  const after = result.value;
  log.outcome = verb;
  if (verb === 'start') return { text: a.started(after.name), t: after };
  const me = after.entrants.find((entrant) => entrant.userId === actor.userId);
  if (verb === 'join') return { text: me && me.fromRound > 1 ? a.joinedLate(after.name, me.fromRound) : a.joined(after.name), t: after };
  return { text: me ? a.withdrew(after.name, me.withdrawnFrom ?? after.round + 1) : a.left(after.name), t: after };
}

/** Clicks on a tournament's card and on the `/tournament cancel` confirmation. */
export const tournamentClick: ComponentHandler<'tournament'> = async (interaction, app, log, id) => {
  const text = catalogFor(interaction.locale);
  log.action = `tournament ${id.verb}`;
  const tournaments = app.tournaments;
  const t = tournaments ? await tournaments.get(id.tournamentId) : undefined;
  if (!tournaments || !t || t.guildId !== interaction.guildId) {
    log.outcome = 'no-tournament';
    await interaction.reply(privateText(tournaments ? text.tournaments.errors.none : text.tournaments.errors.unavailable));
    return;
  }
  const ephemeral = interaction.message.flags.has(MessageFlags.Ephemeral);
  if (id.verb === 'cancel' || id.verb === 'keep') {
    // Only the private confirmation carries these: a forged id on a public message changes nothing.
    if (!ephemeral) {
      log.outcome = 'malformed';
      await interaction.reply(privateText(text.common.errors.malformed));
      return;
    }
    if (id.verb === 'keep') {
      log.outcome = 'kept';
      await answerPrompt(interaction, text.tournaments.answers.kept);
      return;
    }
    const cancelled = await tournaments.cancel(t.id, await tournamentActor(interaction, app));
    log.outcome = cancelled.ok ? 'cancelled' : cancelled.error.code;
    await answerPrompt(interaction, cancelled.ok ? text.tournaments.answers.cancelledDone(t.name) : tournamentErrorText(cancelled.error, text));
    return;
  }
  if (id.verb === 'standings') {
    log.outcome = 'standings';
    await interaction.reply(privateText(standingsAnswer(app, t, text)));
    return;
  }
  const done = await act(id.verb, t, interaction, app, tournaments, log, text);
  const mod = app.registry.find(t.game);
  if (!done.t || ephemeral || !mod) {
    await interaction.reply(privateText(done.text));
    return;
  }
  // The card redrawn from the stored tournament as the change left it, and the clicker told privately.
  const fresh = (await tournaments.get(t.id)) ?? done.t;
  await interaction.update(forDjs(tournamentCard(mod, fresh, catalogFor(fresh.locale ?? undefined)), true));
  await interaction.followUp(privateText(done.text));
};

/** The `/tournament` command. */
export function tournamentCommand(registry: GameRegistry): SlashCommand {
  return {
    name: 'tournament',
    data: localizedCommand((t) => tournamentBody(registry, t)),
    async execute(i, app, log) {
      const text = catalogFor(i.locale);
      const sub = i.options.getSubcommand();
      log.action = `tournament ${sub}`;
      const tournaments = app.tournaments;
      if (!tournaments) {
        log.outcome = 'unavailable';
        await i.reply(privateText(text.tournaments.errors.unavailable));
        return;
      }
      if (!i.inGuild() || !i.guildId) {
        log.outcome = 'not_in_guild';
        await i.reply(privateText(text.tournaments.errors.notInGuild));
        return;
      }
      if (sub === 'new') {
        await openTournament(i, app, tournaments, log, text);
        return;
      }
      const t = await tournamentFor(i, tournaments, text);
      if (typeof t === 'string') {
        log.outcome = 'no-tournament';
        await i.reply(privateText(t));
        return;
      }
      if (sub === 'standings') {
        log.outcome = 'standings';
        await i.reply(privateText(standingsAnswer(app, t, text)));
        return;
      }
      if (sub === 'log' || sub === 'cancel') {
        const actor = await tournamentActor(i, app);
        if (t.organiserUserId !== actor.userId && !actor.canOrganise) {
          log.outcome = 'organiser-only';
          await i.reply(privateText(sub === 'log' ? text.tournaments.errors.logOrganiser : text.tournaments.errors.organiserOnly));
          return;
        }
        if (sub === 'log') {
          log.outcome = 'log';
          await i.reply(privateText(await logAnswer(app, tournaments, t, text)));
          return;
        }
        if (t.status !== 'signup' && t.status !== 'running') {
          log.outcome = 'closed';
          await i.reply(privateText(text.tournaments.errors.closed));
          return;
        }
        log.outcome = 'confirm';
        const a = text.tournaments.answers;
        await i.reply(confirmPrompt(a.confirmCancel(t.name), tournamentActionId(t.id, 'cancel'), a.cancelButton, tournamentActionId(t.id, 'keep'), a.keepButton));
        return;
      }
      const done = await act(sub as 'join' | 'leave' | 'start', t, i, app, tournaments, log, text);
      await i.reply(privateText(done.text));
    },
    components: { tournament: tournamentClick },
  };
}

