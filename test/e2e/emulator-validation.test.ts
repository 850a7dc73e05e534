/**
 * The emulator's request validation: Discord's published schemas plus the hand-written
 * limits. Each case is a body real Discord rejects; the emulator must answer 400 / 50035
 * and say where. A few go through HTTP to check the error shape and the violation log.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MessageFlags } from 'discord.js';
import { DiscordEmulator } from '../../src/local/emulator/index.js';
import { bulkCommandProblems } from '../../src/local/emulator/command-checks.js';
import { bodyProblems, shapeProblems, type MessageRoute } from '../../src/local/emulator/limits.js';
import { describeProblems, problemsToErrors, schemas, specProblems } from '../../src/local/emulator/validation.js';

const button = (id: string, label = id) => ({ type: 2, style: 1, custom_id: id, label });
const row = (...components: object[]) => ({ type: 1, components });
const select = (id: string, n: number, extra: object = {}) => ({
  type: 3,
  custom_id: id,
  options: Array.from({ length: n }, (_, i) => ({ label: `L${i}`, value: `v${i}` })),
  ...extra,
});

/** All problems of a message body sent to an interaction reply. */
function replyProblems(body: Record<string, unknown>, route: MessageRoute = 'interaction-create'): string[] {
  return describeProblems([
    ...specProblems(schemas.callbackMessage, { type: 4, data: body }),
    ...bodyProblems(body, route, ['data']),
    ...shapeProblems(body, ['data']),
  ]);
}

describe('message validation', () => {
  const valid = { content: 'ok', components: [row(button('a'), button('b')), row(select('s', 3))] };

  it('accepts a normal message', async () => {
    expect(replyProblems(valid)).toEqual([]);
  });

  it.each([
    ['6 action rows', { components: Array.from({ length: 6 }, (_, i) => row(button(`b${i}`))) }, /data\.components: .*5 or fewer/],
    ['6 buttons in a row', { components: [row(...Array.from({ length: 6 }, (_, i) => button(`b${i}`)))] }, /data\.components\.0\.components: .*5 or fewer/],
    ['select beside a button', { components: [row(select('s', 2), button('b'))] }, /alone in its action row/],
    ['duplicate custom_id', { components: [row(button('x')), row(button('x'))] }, /data\.components\.1\.components\.0\.custom_id: COMPONENT_CUSTOM_ID_DUPLICATED/],
    ['empty custom_id', { components: [row(button(''))] }, /custom_id: BASE_TYPE_MIN_LENGTH/],
    ['101-char custom_id', { components: [row(button('x'.repeat(101)))] }, /custom_id: BASE_TYPE_MAX_LENGTH/],
    ['26 select options', { components: [row(select('s', 26))] }, /options: BASE_TYPE_MAX_LENGTH/],
    ['duplicate option values', { components: [row({ ...select('s', 0), options: [{ label: 'a', value: 'v' }, { label: 'b', value: 'v' }] })] }, /DUPLICATED/],
    ['max_values above option count', { components: [row(select('s', 2, { max_values: 3 }))] }, /max_values/],
    ['button without label or emoji', { components: [row({ type: 2, style: 1, custom_id: 'a' })] }, /label or an emoji/],
    ['link button with custom_id', { components: [row({ type: 2, style: 5, url: 'https://x.y', custom_id: 'a', label: 'L' })] }, /cannot have a custom_id/],
    ['2001 characters', { content: 'x'.repeat(2001) }, /data\.content: BASE_TYPE_MAX_LENGTH/],
    ['11 embeds', { embeds: Array.from({ length: 11 }, () => ({ description: 'd' })) }, /data\.embeds: BASE_TYPE_MAX_LENGTH/],
    ['embeds over 6000 characters', { embeds: [{ description: 'x'.repeat(4000) }, { description: 'y'.repeat(2500) }] }, /6000/],
    ['26 embed fields', { embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) }] }, /fields: BASE_TYPE_MAX_LENGTH/],
    ['V2 layout without the flag', { components: [{ type: 10, content: 'hi' }] }, /IS_COMPONENTS_V2/],
    ['content with the V2 flag', { flags: MessageFlags.IsComponentsV2, content: 'x', components: [{ type: 10, content: 'hi' }] }, /content cannot be used/],
    ['unknown component type', { components: [{ type: 99 }] }, /data\.components\.0\.type: UNION_TYPE_CHOICES/],
    ['parse users with a users list', { content: 'x', allowed_mentions: { parse: ['users'], users: ['123456789012345678'] } }, /mutually exclusive/],
  ])('rejects %s', (_name, body, expected) => {
    expect(replyProblems(body as Record<string, unknown>).join('\n')).toMatch(expected);
  });

  it('counts nested Components V2 (≤ 40)', async () => {
    const texts = Array.from({ length: 40 }, (_, i) => ({ type: 10, content: `t${i}` }));
    expect(replyProblems({ flags: MessageFlags.IsComponentsV2, components: [{ type: 17, components: texts }] }).join()).toMatch(/41 components/);
  });

  it('refuses EPHEMERAL on channel messages (it would be public)', async () => {
    expect(describeProblems(bodyProblems({ content: 'hand', flags: MessageFlags.Ephemeral }, 'channel-create')).join()).toMatch(/publicly/);
  });

  it('formats errors like Discord', async () => {
    const problems = specProblems(schemas.callbackMessage, { type: 4, data: { content: 'x'.repeat(2001) } });
    expect(problemsToErrors(problems)).toEqual({
      data: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] } },
    });
  });
});

describe('command validation', () => {
  const cmd = (extra: object = {}) => ({ name: 'suspicion', description: 'Play', type: 1, ...extra });

  it('accepts what discord.js builders send (permissions as a string)', async () => {
    expect(bulkCommandProblems([cmd({ default_member_permissions: '32', contexts: [0], name_localizations: { 'es-ES': 'sospecha' } })])).toEqual([]);
  });

  it('accepts two siblings that swap names between locales only when each locale stays unique', () => {
    const options = [
      { type: 3, name: 'a', description: 'a', name_localizations: { 'es-ES': 'b-es' } },
      { type: 3, name: 'b', description: 'b', name_localizations: { 'es-ES': 'a-es' } },
    ];
    expect(bulkCommandProblems([cmd({ options })])).toEqual([]);
  });

  it.each([
    ['an uppercase name', [cmd({ name: 'Suspicion' })], /lowercase/],
    ['a name with spaces', [cmd({ name: 'two words' })], /invalid/],
    ['no description', [cmd({ description: '' })], /description/],
    ['duplicate names', [cmd(), cmd()], /Duplicate command name/],
    ['a bad locale key', [cmd({ name_localizations: { es: 'sospecha' } })], /not a Discord locale/],
    ['required after optional', [cmd({ options: [{ type: 3, name: 'a', description: 'a' }, { type: 3, name: 'b', description: 'b', required: true }] })], /before optional/],
    ['subcommands mixed with options', [cmd({ options: [{ type: 1, name: 'new', description: 'n' }, { type: 3, name: 'a', description: 'a' }] })], /mixed/],
    ['26 options', [cmd({ options: Array.from({ length: 26 }, (_, i) => ({ type: 3, name: `o${i}`, description: 'd' })) })], /options: BASE_TYPE_MAX_LENGTH/],
    ['a 101-char description', [cmd({ description: 'd'.repeat(101) })], /description: BASE_TYPE_MAX_LENGTH/],
    // Localized names follow Discord's rule in every locale: lowercase, ≤ 32 characters, unique among siblings.
    ['an uppercase localized name', [cmd({ name_localizations: { 'es-ES': 'Sospecha' } })], /name_localizations\.es-ES: APPLICATION_COMMAND_INVALID_NAME.*lowercase/],
    ['a 33-char localized name', [cmd({ name_localizations: { 'es-419': 'a'.repeat(33) } })], /name_localizations\.es-419: APPLICATION_COMMAND_INVALID_NAME/],
    [
      'two options with the same localized name',
      [cmd({ options: [{ type: 3, name: 'turn-timer', description: 't', name_localizations: { 'es-ES': 'tiempo' } }, { type: 3, name: 'vote-timer', description: 'v', name_localizations: { 'es-ES': 'tiempo' } }] })],
      /options\.1\.name_localizations\.es-ES: APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS/,
    ],
    [
      "a localized option name equal to a sibling's default name",
      [cmd({ options: [{ type: 3, name: 'mode', description: 'm' }, { type: 3, name: 'killer', description: 'k', name_localizations: { 'es-419': 'mode' } }] })],
      /options\.1\.name_localizations\.es-419: APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS/,
    ],
    ['two commands with the same localized name', [cmd({ name_localizations: { 'es-ES': 'mesa' } }), cmd({ name: 'table', name_localizations: { 'es-ES': 'mesa' } })], /1\.name_localizations\.es-ES: APPLICATION_COMMANDS_DUPLICATE_NAME/],
    ['a 101-char localized description', [cmd({ description_localizations: { 'es-ES': 'd'.repeat(101) } })], /description_localizations\.es-ES: BASE_TYPE_BAD_LENGTH/],
    [
      'a 101-char localized choice name',
      [cmd({ options: [{ type: 3, name: 'mode', description: 'm', choices: [{ name: 'Classic', value: 'classic', name_localizations: { 'es-ES': 'c'.repeat(101) } }] }] })],
      /choices\.0\.name_localizations\.es-ES: BASE_TYPE_BAD_LENGTH/,
    ],
    [
      'over 4000 characters in one locale only',
      [cmd({ options: Array.from({ length: 25 }, (_, i) => ({ type: 3, name: `o${i}`, description: 'd', description_localizations: { 'es-ES': 'd'.repeat(100) }, choices: Array.from({ length: 25 }, (_, j) => ({ name: `c${j}`, value: `v${j}`, name_localizations: { 'es-ES': 'n'.repeat(60) } })) })) })],
      /APPLICATION_COMMAND_TOO_LARGE.*in locale es-ES/,
    ],
  ])('rejects %s', (_name, body, expected) => {
    expect(describeProblems(bulkCommandProblems(body)).join('\n')).toMatch(expected);
  });
});

describe('validation over HTTP', () => {
  let emu: DiscordEmulator | undefined;
  afterEach(async () => {
    await emu?.stop();
    emu = undefined;
  });

  it('answers 400 / 50035 with errors and records the violation', async () => {
    emu = await DiscordEmulator.start();
    const res = await fetch(`${emu.apiBase}/v10/channels/${emu.channel}/messages`, {
      method: 'POST',
      headers: { authorization: `Bot ${emu.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'x', components: [row(button('a'), button('a'))] }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: number; message: string; errors: unknown };
    expect(body).toMatchObject({ code: 50035, message: 'Invalid Form Body' });
    expect(body.errors).toMatchObject({ components: { 0: { components: { 1: { custom_id: { _errors: [{ code: 'COMPONENT_CUSTOM_ID_DUPLICATED' }] } } } } } });
    expect(emu.violations).toHaveLength(1);
    expect(emu.violations[0]).toMatchObject({ kind: 'invalid-body', route: 'POST /channels/:channel/messages' });
    expect(emu.messages()).toEqual([]);
  });

  it('answers 50006 for an empty message and 50109 for broken JSON', async () => {
    emu = await DiscordEmulator.start();
    const post = (body: string) =>
      fetch(`${emu!.apiBase}/v10/channels/${emu!.channel}/messages`, {
        method: 'POST',
        headers: { authorization: `Bot ${emu!.token}`, 'content-type': 'application/json' },
        body,
      });
    expect(((await (await post('{"content":"  "}')).json()) as { code: number }).code).toBe(50006);
    expect(((await (await post('{"content":')).json()) as { code: number }).code).toBe(50109);
    expect(emu.violations.map((v) => v.kind)).toEqual(['invalid-body', 'invalid-body']);
  });
});
