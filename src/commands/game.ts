/**
 * `/<game> new` and `/<game> rules`, built for every game in the registry from its
 * GameModule: the options come from `newOptions` / `rulesOptions`, which each game derives
 * from its zod options schema (src/games/options.ts), and the chosen values are validated
 * by that schema again.
 */
import {
  InteractionContextType,
  SlashCommandBuilder,
  SlashCommandSubcommandBuilder,
  type ChatInputCommandInteraction,
} from 'discord.js';
import type { CommandOptionSpec, GameModule } from '../games/module.js';
import { catalogFor, type Messages } from '../i18n/index.js';
import { actorOf, forDjs, forDjsEphemeral, messageLink, missingChannelPermissions, privateText, serviceErrorText, TABLE_THREAD_PERMISSIONS } from '../discord/interactions/answers.js';
import type { AppContext, InteractionLog } from '../discord/interactions/context.js';
import { withServerDefaults } from '../admin/settings.js';
import { localizedCommand } from '../discord/interactions/localize.js';
import { hostingRefusalFor, hostingRefusalText } from '../discord/interactions/hosting.js';
import { lobbyMessage } from '../discord/render/lobby.js';
import { rulesMessage } from '../discord/render/rules.js';
import type { ComponentInteraction, SlashCommand } from '../discord/interactions/slash-command.js';
import { openLesson } from '../discord/interactions/lessons.js';
import { canHoldTableThread, startTableThread } from '../discord/interactions/table-thread.js';
import type { CreateTableInput } from '../tables/service.js';
import { BOT_LEVELS } from '../games/bot.js';
import { MAX_PACE_MS } from '../tables/bots.js';
import { DEFAULT_MOVE_HOURS, MOVE_HOURS_CHOICES, PACES } from '../tables/pace.js';
import { MAX_SPECTATOR_DELAY, SPECTATOR_MODES, WATCHERS_SEE_HANDS } from '../tables/spectators.js';

/** Discord's longest option description (characters). */
const MAX_DESCRIPTION = 100;

/**
 * An option's description with its default appended (" (default 60)", the default choice's
 * name, on/off), shortened first when both would not fit in Discord's 100 characters.
 */
export function optionDescription(spec: CommandOptionSpec, text: Messages): string {
  const t = text.common.commands;
  const description = spec.description(text);
  if (spec.default === undefined) return description.slice(0, MAX_DESCRIPTION);
  const choice = spec.choices?.find((candidate) => candidate.value === spec.default);
  const label = typeof spec.default === 'boolean' ? (spec.default ? t.defaultOn : t.defaultOff) : choice ? choice.name(text) : String(spec.default);
  const hint = t.defaultHint(label);
  const room = MAX_DESCRIPTION - hint.length;
  const base = description.length <= room ? description : `${description.slice(0, Math.max(0, room - 1))}…`;
  return `${base}${hint}`;
}

function addOption(sub: SlashCommandSubcommandBuilder, spec: CommandOptionSpec, t: Messages): void {
  const description = optionDescription(spec, t);
  switch (spec.type) {
    case 'integer':
      sub.addIntegerOption((o) => {
        o.setName(spec.name).setDescription(description);
        if (spec.min !== undefined) o.setMinValue(spec.min);
        if (spec.max !== undefined) o.setMaxValue(spec.max);
        if (spec.choices) o.addChoices(...spec.choices.map((c) => ({ name: c.name(t), value: Number(c.value) })));
        return o;
      });
      break;
    case 'string':
      sub.addStringOption((o) => {
        o.setName(spec.name).setDescription(description);
        if (spec.choices) o.addChoices(...spec.choices.map((c) => ({ name: c.name(t), value: String(c.value) })));
        return o;
      });
      break;
    case 'boolean':
      sub.addBooleanOption((o) => o.setName(spec.name).setDescription(description));
      break;
  }
}

/** Read the chosen option values into an options object (unset options are left out). */
function readOptions(i: ChatInputCommandInteraction, specs: CommandOptionSpec[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of specs) {
    const v = i.options.get(spec.name)?.value;
    if (v !== undefined && v !== null) out[spec.optionKey] = v;
  }
  return out;
}

/**
 * The AI-player options of `/<game> new` (README "AI players"): `bots` (0..max − 1),
 * `bot-level` (Easy / Normal / Hard), `bot-pace` (seconds before a bot moves) and `hints`
 * (💡 Hint at a rated table too, src/tables/hints.ts). Table
 * options handled by the table service, not by the game's rules.
 */
function addBotOptions(sub: SlashCommandSubcommandBuilder, maxPlayers: number, t: Messages): void {
  const text = t.bots;
  sub.addIntegerOption((o) => o.setName('bots').setDescription(text.options.bots).setMinValue(0).setMaxValue(maxPlayers - 1));
  sub.addStringOption((o) =>
    o
      .setName('bot-level')
      .setDescription(text.options.level)
      .addChoices(...BOT_LEVELS.map((level) => ({ name: text.levels[level]!, value: level }))),
  );
  sub.addNumberOption((o) => o.setName('bot-pace').setDescription(text.options.pace).setMinValue(0).setMaxValue(MAX_PACE_MS / 1000));
  sub.addBooleanOption((o) => o.setName('hints').setDescription(text.options.hints));
}

/**
 * The pace options of `/<game> new` (README "Turn-based tables"): `pace` (live or
 * turn-based) and `move-hours` (the time per move of a turn-based table: 1, 12, 24 or 72).
 */
function addPaceOptions(sub: SlashCommandSubcommandBuilder, t: Messages): void {
  const text = t.turns;
  sub.addStringOption((o) =>
    o
      .setName('pace')
      .setDescription(`${text.options.pace}${t.common.commands.defaultHint(text.paceChoices.live!)}`.slice(0, MAX_DESCRIPTION))
      .addChoices(...PACES.map((pace) => ({ name: text.paceChoices[pace]!, value: pace }))),
  );
  sub.addIntegerOption((o) =>
    o
      .setName('move-hours')
      .setDescription(`${text.options.moveHours}${t.common.commands.defaultHint(String(DEFAULT_MOVE_HOURS))}`.slice(0, MAX_DESCRIPTION))
      .addChoices(...MOVE_HOURS_CHOICES.map((hours) => ({ name: text.hoursChoice(hours), value: hours }))),
  );
}

/**
 * The spectator options of `/<game> new` (docs/watching.md): `spectators` (public, delayed or
 * off), `spectator-delay` (moves behind, with delayed) and `watchers-see-hands` (off or after
 * the end); each unset one takes the server's default (`/admin settings`).
 */
function addSpectatorOptions(sub: SlashCommandSubcommandBuilder, t: Messages): void {
  const text = t.watch;
  sub.addStringOption((o) =>
    o
      .setName('spectators')
      .setDescription(text.commands.spectators)
      .addChoices(...SPECTATOR_MODES.map((mode) => ({ name: text.modes[mode] ?? mode, value: mode }))),
  );
  sub.addIntegerOption((o) => o.setName('spectator-delay').setDescription(text.commands.spectatorDelay).setMinValue(1).setMaxValue(MAX_SPECTATOR_DELAY));
  sub.addStringOption((o) =>
    o
      .setName('watchers-see-hands')
      .setDescription(text.commands.watchersSeeHands)
      .addChoices(...WATCHERS_SEE_HANDS.map((value) => ({ name: text.seeHands[value] ?? value, value }))),
  );
}

/** The registration body of `/<game>` in one language. */
function gameCommandBody(mod: GameModule, t: Messages) {
  const def = mod.definition;
  const commands = t.common.commands;
  const builder = new SlashCommandBuilder()
    .setName(mod.command)
    .setDescription(mod.description(t))
    .setContexts(InteractionContextType.Guild)
    .addSubcommand((sub) => {
      sub.setName('new').setDescription(commands.newDescription(mod.title(t)));
      if (def.minPlayers < def.maxPlayers) {
        sub.addIntegerOption((o) =>
          o.setName('seats').setDescription(commands.seatsDescription).setMinValue(def.minPlayers).setMaxValue(def.maxPlayers),
        );
      }
      for (const spec of mod.newOptions) addOption(sub, spec, t);
      addBotOptions(sub, def.maxPlayers, t);
      addPaceOptions(sub, t);
      addSpectatorOptions(sub, t);
      // `thread:` (README "Where tables can live"): the table plays in a new thread of this channel.
      sub.addBooleanOption((o) => o.setName('thread').setDescription(`${commands.threadOption}${commands.defaultHint(commands.defaultOff)}`.slice(0, MAX_DESCRIPTION)));
      return sub;
    })
    .addSubcommand((sub) => {
      sub.setName('rules').setDescription(commands.rulesDescription(mod.title(t)));
      for (const spec of mod.rulesOptions ?? []) addOption(sub, spec, t);
      return sub;
    });
  // `/<game> learn` (docs/lessons.md): for every game with a lesson.
  if (mod.lesson) builder.addSubcommand((sub) => sub.setName('learn').setDescription(commands.learnDescription(mod.title(t))));
  return builder.toJSON();
}

/** Build the `/<game>` command of one game module (localized: README "Languages"). */
export function gameCommand(mod: GameModule): SlashCommand {
  const def = mod.definition;
  return {
    name: mod.command,
    data: localizedCommand((t) => gameCommandBody(mod, t), (t) => mod.text(t).commandNames),
    async execute(i, app, log) {
      const tr = catalogFor(i.locale);
      const sub = i.options.getSubcommand();
      log.action = `${mod.command} ${sub}`;
      if (sub === 'learn') {
        await openLesson(i, app, log, mod);
        return;
      }
      if (sub === 'rules') {
        const parsed = def.optionsSchema.safeParse(readOptions(i, mod.rulesOptions ?? []));
        const options = parsed.success ? parsed.data : def.optionsSchema.parse({});
        log.outcome = 'ok';
        await i.reply(forDjsEphemeral(rulesMessage(mod, options, tr)));
        return;
      }
      await createTable(i, mod, app, log);
    },
  };
}

async function createTable(i: ChatInputCommandInteraction, mod: GameModule, app: AppContext, log: InteractionLog): Promise<void> {
  const seats = i.options.getInteger('seats') ?? undefined;
  await openTable(i, mod, app, log, {
    options: readOptions(i, mod.newOptions),
    ...(seats !== undefined ? { maxSeats: seats } : {}),
    botOptions: {
      bots: i.options.getInteger('bots') ?? undefined,
      level: i.options.getString('bot-level') ?? undefined,
      paceSeconds: i.options.getNumber('bot-pace') ?? undefined,
      hints: i.options.getBoolean('hints') ?? undefined,
    },
    paceOptions: {
      pace: i.options.getString('pace') ?? undefined,
      moveHours: i.options.getInteger('move-hours') ?? undefined,
    },
    spectatorOptions: {
      spectators: i.options.getString('spectators') ?? undefined,
      delay: i.options.getInteger('spectator-delay') ?? undefined,
      seeHands: i.options.getString('watchers-see-hands') ?? undefined,
    },
    thread: i.options.getBoolean('thread') ?? false,
  });
}

/**
 * After a lesson (docs/lessons.md): "Play a real game against bots" opens a table of the
 * lesson's player count with the clicker as host and bots in the other seats; "Play with
 * friends" an open lobby. The game's default options (and the server's).
 */
export async function openTableAfterLesson(i: ComponentInteraction, mod: GameModule, app: AppContext, log: InteractionLog, withBots: boolean): Promise<void> {
  const seats = mod.lesson?.seats ?? mod.definition.minPlayers;
  log.action = withBots ? 'learn:bots' : 'learn:friends';
  await openTable(i, mod, app, log, { options: {}, ...(withBots ? { maxSeats: seats, botOptions: { bots: seats - 1 } } : {}) });
}

/** What `openTable` opens: the game options typed, and the table options (`/<game> new`'s). */
interface OpenTableInput {
  options: Record<string, unknown>;
  maxSeats?: number;
  botOptions?: { bots?: unknown; level?: unknown; paceSeconds?: unknown; hints?: unknown };
  paceOptions?: { pace?: unknown; moveHours?: unknown };
  /** Watching (docs/watching.md); unset ones take the server's defaults. */
  spectatorOptions?: { spectators?: unknown; delay?: unknown; seeHands?: unknown };
  /** Play in a new thread started from the command's reply (`/<game> new thread:`). */
  thread?: boolean;
}

/**
 * Open a lobby of `mod` in the interaction's channel, hosted by its user, and answer with it
 * (the lobby message is the table's board): `/<game> new`, and the buttons after a lesson.
 * Refuses privately outside a server, where the server does not allow it, without the
 * channel permissions a table needs, and on every refusal of the table service.
 */
async function openTable(i: ChatInputCommandInteraction | ComponentInteraction, mod: GameModule, app: AppContext, log: InteractionLog, input: OpenTableInput): Promise<void> {
  const t = catalogFor(i.locale);
  if (!i.inGuild() || !i.guildId || !i.channelId) {
    log.outcome = 'not_in_guild';
    await i.reply(privateText(t.common.errors.notInGuild));
    return;
  }
  const refusal = await hostingRefusalFor(i, app.store);
  if (refusal) {
    log.outcome = refusal.code;
    await i.reply(privateText(hostingRefusalText(refusal, t)));
    return;
  }
  const thread = input.thread === true;
  if (thread && !canHoldTableThread(i.channel)) {
    log.outcome = 'thread_not_here';
    await i.reply(privateText(t.common.tableThread.notHere));
    return;
  }
  const missing = missingChannelPermissions(i, t, thread ? TABLE_THREAD_PERMISSIONS : undefined);
  if (missing.length > 0) {
    log.outcome = 'missing_permissions';
    await i.reply(privateText(t.common.errors.missingPermissions(missing.join(', '), missing.length)));
    return;
  }
  const [defaults, serverLanguage, watching] = await Promise.all([app.store.guildDefaults(i.guildId), app.store.guildLanguage(i.guildId), app.store.guildWatchSettings(i.guildId)]);
  const request: CreateTableInput = {
    guildId: i.guildId,
    channelId: i.channelId,
    game: mod.id,
    host: actorOf(i),
    // The table's language (README "Languages"): the server's, else the opener's client language.
    locale: serverLanguage ?? i.locale,
    // Server defaults (`/admin settings`) under the player's own options (theirs win).
    options: withServerDefaults(mod.definition.optionsSchema, defaults, input.options),
    ...(input.maxSeats !== undefined ? { maxSeats: input.maxSeats } : {}),
    ...(input.botOptions ? { botOptions: input.botOptions } : {}),
    ...(input.paceOptions ? { paceOptions: input.paceOptions } : {}),
    ...(input.spectatorOptions ? { spectatorOptions: input.spectatorOptions } : {}),
    spectatorDefaults: watching,
  };
  if (thread && i.isChatInputCommand()) {
    await openInThread(i, mod, app, log, request);
    return;
  }
  const r = await app.service.lobby.createTable(request);
  if (!r.ok) {
    log.outcome = r.error.code;
    const link = r.error.code === 'channel-busy' ? messageLink(i.guildId, i.channelId, r.error.boardMessageId) : undefined;
    const busyMod = r.error.code === 'channel-busy' ? app.registry.find(r.error.game) : mod;
    await i.reply(privateText(serviceErrorText(r.error, t, busyMod, link)));
    return;
  }
  log.table = r.value.table.id;
  log.outcome = 'created';
  // The lobby's id is stored before any change of the table (a Join clicked at once) is committed
  // (src/tables/lobby.ts `whilePosting`): the publisher then edits this lobby, never posts a second.
  await app.service.lobby.whilePosting(r.value.table.id, async () => {
    const res = await i.reply({ ...forDjs(lobbyMessage(mod, r.value, catalogFor(r.value.table.locale))), withResponse: true });
    const messageId = res.resource?.message?.id;
    if (messageId) await app.messageIds.setBoardMessage(r.value.table.id, messageId);
  });
}

/**
 * `/<game> new thread:` (README "Where tables can live"): the options checked first (a
 * mistake opens nothing), then a public reply in the channel naming the host and the game, a
 * thread started from it (./../discord/interactions/table-thread.ts), and the table opened in
 * the thread — its lobby posted there by the publisher. When Discord refuses the thread, the
 * reply is taken back and the host told privately; no table is opened.
 */
async function openInThread(i: ChatInputCommandInteraction, mod: GameModule, app: AppContext, log: InteractionLog, request: CreateTableInput): Promise<void> {
  const t = catalogFor(i.locale);
  const checked = app.service.lobby.checkOptions(request);
  if (!checked.ok) {
    log.outcome = checked.error.code;
    await i.reply(privateText(serviceErrorText(checked.error, t, mod)));
    return;
  }
  // The reply and the thread's name are in the table's language, like its board.
  const words = catalogFor(request.locale);
  const title = mod.title(words);
  const host = request.host.displayName;
  const res = await i.reply({ content: words.common.tableThread.opened(title, host), allowedMentions: { parse: [] }, withResponse: true });
  const messageId = res.resource?.message?.id;
  let threadId: string;
  try {
    if (!messageId) throw new Error('the reply carries no message id');
    threadId = await startTableThread(app.rest, i.channelId, messageId, words.common.tableThread.name(title, host));
  } catch (err) {
    app.logger.warn({ err, guild: i.guildId, channel: i.channelId }, 'could not open a table thread');
    log.outcome = 'thread_refused';
    await i.deleteReply().catch(() => undefined);
    await i.followUp(privateText(t.common.tableThread.failed));
    return;
  }
  const r = await app.service.lobby.createTable({ ...request, channelId: threadId });
  if (!r.ok) {
    log.outcome = r.error.code;
    await i.deleteReply().catch(() => undefined);
    await i.followUp(privateText(serviceErrorText(r.error, t, mod)));
    return;
  }
  log.table = r.value.table.id;
  log.outcome = 'created';
  // No message carries the lobby yet: the publisher posts it in the thread, as any missing board.
  app.publisher.tableChanged({ tableId: r.value.table.id, snapshot: r.value, ping: [], ended: false });
}
