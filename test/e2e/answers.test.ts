/**
 * Every interaction gets an answer (docs/discord.md "Answers to mistakes"; docs/discord.md: an
 * interaction not answered within 3 s shows "This interaction failed"): modals the bot never
 * opened, user / role / mentionable / channel selects, an autocomplete (an empty choice
 * list), a command the bot no longer has, an unknown subcommand or option, a missing
 * required option. Each gets a private, plain answer in time and changes nothing.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { DiscordEmulator, type EmulatedUser, type InteractionResult } from '../../src/local/emulator/index.js';
import { answered, settle, startBot, tableIdOf, tempDir, textOf, TEXT_BOARDS_ONLY } from './harness.js';

describe('every interaction gets an answer', () => {
  let emu: DiscordEmulator;
  let app: App;
  let ana: EmulatedUser;
  let ben: EmulatedUser;
  let mod: EmulatedUser;
  const tmp = tempDir();

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY });
    ana = emu.addUser('Ana');
    ben = emu.addUser('Ben');
    mod = emu.addUser('Mod', { permissions: PermissionFlagsBits.ManageGuild });
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  /** The registered command called `name` (its id goes into forged command data). */
  const command = (name: string) => emu.commands(emu.guild.id).find((c) => c.name === name)!;
  /** Everything stored about tables, to check nothing changed. */
  const world = async () => JSON.stringify((await app.context.store.openTables()).map((t) => [t.id, t.version, t.status]));

  /** Expect a private plain answer in time. */
  function privately(r: InteractionResult, expected: RegExp): void {
    answered(r);
    expect(r.callbackType).toBe(4);
    expect(r.message?.ephemeral).toBe(true);
    expect(textOf(r.message)).toMatch(expected);
    expect(textOf(r.message)).not.toMatch(/went wrong/);
  }

  it('modals, and user / role / mentionable / channel selects, get a private plain answer', async () => {
    const channelId = emu.addChannel('answers');
    const lobby = answered(await ana.slash('suspicion new', {}, { channelId })).message!;
    answered(await ben.click(lobby, 'Join'));
    await settle(app);
    const id = tableIdOf(lobby);
    const before = await world();
    privately(await ana.forgeInteraction(5, { custom_id: 'feedback-form', components: [] }, { channelId }), /form is not one of ours/);
    privately(await ana.forgeInteraction(5, { custom_id: `rh1:t:${id.toString(36)}:start`, components: [] }, { message: lobby }), /form is not one of ours/);
    const select = (componentType: number, values: string[], resolved: object = {}) =>
      ana.forgeInteraction(3, { custom_id: `rh1:t:${id.toString(36)}:join`, component_type: componentType, values, resolved }, { message: lobby });
    privately(await select(5, [ben.id], { users: { [ben.id]: ben.user } }), /menu is not one of ours/); // user select
    privately(await select(6, []), /menu is not one of ours/); // role select
    privately(await select(7, []), /menu is not one of ours/); // mentionable select
    privately(await select(8, []), /menu is not one of ours/); // channel select
    expect(await world()).toBe(before);
    expect((await app.context.store.seats(id))).toHaveLength(2);
  });

  it('an autocomplete gets an empty list of choices', async () => {
    const suspicion = command('suspicion');
    const r = await ana.forgeInteraction(4, {
      id: suspicion.id,
      name: 'suspicion',
      type: 1,
      options: [{ name: 'new', type: 1, options: [{ name: 'variant', type: 3, value: 'cl', focused: true }] }],
    });
    expect(r.error).toBeUndefined();
    expect(r.callbackType).toBe(8);
    expect(r.ackMs!).toBeLessThan(3000);
    const callback = emu.requests.filter((q) => q.route === 'POST /interactions/:interaction/:token/callback').at(-1)!;
    expect(callback.body).toMatchObject({ type: 8, data: { choices: [] } });
  });

  it('a command, subcommand or option the bot no longer has says so and what to use', async () => {
    const channelId = emu.addChannel('stale-commands');
    const before = await world();
    privately(await ana.forgeInteraction(2, { id: '100000000000000999', name: 'poker', type: 1, options: [] }, { channelId }), /`\/poker` is not \(or no longer\) one of this bot's commands.*`\/suspicion`/);
    const suspicion = command('suspicion');
    privately(
      await ana.forgeInteraction(2, { id: suspicion.id, name: 'suspicion', type: 1, options: [{ name: 'tournament', type: 1, options: [] }] }, { channelId }),
      /`\/suspicion tournament` is not \(or no longer\) available\. Use `\/suspicion new`, `\/suspicion rules`, `\/suspicion learn` instead/,
    );
    privately(
      await ana.forgeInteraction(
        2,
        { id: suspicion.id, name: 'suspicion', type: 1, options: [{ name: 'new', type: 1, options: [{ name: 'colour', type: 3, value: 'red' }] }] },
        { channelId },
      ),
      /`\/suspicion new` has no option `colour`.*`seats`/,
    );
    // An option whose type changed is out of date too.
    privately(
      await ana.forgeInteraction(
        2,
        { id: suspicion.id, name: 'suspicion', type: 1, options: [{ name: 'new', type: 1, options: [{ name: 'seats', type: 3, value: 'four' }] }] },
        { channelId },
      ),
      /`\/suspicion new` has no option `seats`/,
    );
    const admin = command('admin');
    privately(
      await mod.forgeInteraction(2, { id: admin.id, name: 'admin', type: 1, options: [{ name: 'end', type: 1, options: [] }] }, { channelId }),
      /`\/admin end` needs the option `table`/,
    );
    expect(await world()).toBe(before);
    expect((await app.context.service.reads.openTableInChannel(channelId))).toBeUndefined();
    expect(emu.violations).toEqual([]);
  });
});
