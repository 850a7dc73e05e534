/**
 * The echo bot: the floor Red Herring is measured against (README "Benchmark"). It is
 * started the same way as the product (its own process, bench/load/bot-process.ts) with the
 * same discord.js `Client` options as `createApp` (`discordClientOptions`: intents Guilds,
 * `rest.api` pointing at the emulator, no message cache; every other option at discord.js's
 * default) against the same emulator. It
 * has no game logic, no database, no logging, and makes no REST call after answering. What
 * it does, exactly:
 *
 * - At start-up (setup, before anything is measured): posts one "board" in every text
 *   channel of the guild — an embed and one row with a "Show my hand" button (`echo:hand`),
 *   the shape of a Red Herring board.
 * - A click on "Show my hand" → an ephemeral reply (callback type 4) with a panel.
 * - A click on any other button (`echo:p:<n>`, on a panel) → that panel updated in place
 *   (callback type 7) with a new panel.
 * - Anything else (slash commands, selects) → ignored.
 *
 * A panel is one embed of about 1.5 KB (title, a description from a fixed template naming
 * the user, the button clicked and a click counter, colour) and 3 action rows of buttons
 * (5 + 5 + 1), the size and shape of the product's panel and board answers (3 rows of
 * buttons, an embed of ~1.5 KB). It is built per click, from constants.
 */
import {
  ButtonStyle,
  ChannelType,
  Client,
  ComponentType,
  Events,
  MessageFlags,
  Routes,
  type APIActionRowComponent,
  type APIButtonComponent,
  type ButtonInteraction,
  type Interaction,
} from 'discord.js';
import { discordClientOptions } from '../../src/app.js';

/** The echo board's "Show my hand" custom_id. */
export const ECHO_HAND_ID = 'echo:hand';
/** Label of the board button (the same as the product's). */
export const SHOW_HAND_LABEL = 'Show my hand';

/** ~1.4 KB of text: the description template's constant part (a panel's game text). */
const FILLER = Array.from(
  { length: 15 },
  (_, k) => `• Line ${k + 1}: evidence, suspects and counters as a game panel would list them — echo text.`,
).join('\n');

const button = (custom_id: string, label: string, style: ButtonStyle.Primary | ButtonStyle.Secondary = ButtonStyle.Secondary): APIButtonComponent => ({
  type: ComponentType.Button,
  custom_id,
  label,
  style,
});

/** The panel's 3 rows of buttons (5 + 5 + 1). */
function panelRows(): APIActionRowComponent<APIButtonComponent>[] {
  const row = (from: number) => ({
    type: ComponentType.ActionRow as const,
    components: Array.from({ length: 5 }, (_, k) => button(`echo:p:${from + k}`, `Action ${from + k}`, ButtonStyle.Primary)),
  });
  return [row(1), row(6), { type: ComponentType.ActionRow, components: [button('echo:p:refresh', 'Refresh')] }];
}

let clicks = 0;

/** The panel answer for one click (embed ~1.5 KB + 3 rows of buttons). */
export function echoPanel(userName: string, customId: string): { embeds: { title: string; description: string; color: number }[]; components: APIActionRowComponent<APIButtonComponent>[] } {
  clicks += 1;
  return {
    embeds: [
      {
        title: '🔎 Echo — your panel',
        description: `Hello ${userName}: you clicked \`${customId}\` (click #${clicks}).\n\n${FILLER}`,
        color: 0x4f7cac,
      },
    ],
    components: panelRows(),
  };
}

/** The board posted in each channel at start-up. */
function boardPayload(channelName: string) {
  return {
    embeds: [{ title: `🔎 Echo board — #${channelName}`, description: `${FILLER}\n\nClick below to see your panel.`, color: 0x4f7cac }],
    components: [{ type: ComponentType.ActionRow, components: [button(ECHO_HAND_ID, SHOW_HAND_LABEL, ButtonStyle.Primary)] }],
    allowed_mentions: { parse: [] },
  };
}

async function onInteraction(i: Interaction): Promise<void> {
  if (!i.isButton()) return;
  const b = i as ButtonInteraction;
  const panel = echoPanel(b.user.username, b.customId);
  if (b.customId === ECHO_HAND_ID) await b.reply({ ...panel, flags: MessageFlags.Ephemeral });
  else if (b.customId.startsWith('echo:p:')) await b.update(panel);
}

/** A running echo bot. */
export interface EchoBot {
  client: Client;
  stop(): Promise<void>;
}

/**
 * Log in to `apiBase` (the emulator's REST base) with `token`, post the boards, and resolve
 * once every channel has one.
 */
export async function startEchoBot(apiBase: string, token: string): Promise<EchoBot> {
  const client = new Client(discordClientOptions(apiBase));
  client.on(Events.InteractionCreate, (i) => void onInteraction(i).catch(() => undefined));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(token);
  await ready;
  const channels = client.guilds.cache.flatMap((g) => g.channels.cache.filter((c) => c.type === ChannelType.GuildText));
  await Promise.all(channels.map((c) => client.rest.post(Routes.channelMessages(c.id), { body: boardPayload(c.name) })));
  return { client, stop: () => client.destroy() };
}
