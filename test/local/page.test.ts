/**
 * The page's pure modules: Discord markdown rendered safely (every character escaped, only
 * Discord's markup becomes tags), timestamps in the viewer's language, and the composer's
 * slash-command parsing and checks built from the registered command JSON.
 */
import { describe, expect, it } from 'vitest';
import { buildCommands } from '../../src/commands/index.js';
import { defaultRegistry } from '../../src/games/index.js';
// @ts-expect-error -- plain JS module of the page (type-checked by tsconfig.page.json)
import { localizeCommands, localizedCommandName, parseCommand, suggest } from '../../src/local/page/composer.js';
// @ts-expect-error -- plain JS module of the page
import { discordLocaleOf, PAGE_CATALOGS, PAGE_TEXT_KEYS, t } from '../../src/local/page/i18n.js';
import { noirTexts } from '../../src/games/noir/text/index.js';
import { phantomTexts } from '../../src/games/phantom/text/index.js';
import { suspicionTexts } from '../../src/games/suspicion/text/index.js';
// @ts-expect-error -- plain JS module of the page
import { formatRelative, formatTimestamp, renderMarkdown } from '../../src/page-kit/markdown.js';

const ANA = '111111111111111111';
const BEN = '222222222222222222';
const GENERAL = '333333333333333333';
const ctx = { userName: (id: string) => ({ [ANA]: 'Ana', [BEN]: 'Ben <b>' })[id], channelName: (id: string) => (id === GENERAL ? 'general' : undefined), roleName: () => undefined, me: ANA, locale: 'en-US', now: Date.UTC(2026, 0, 1, 12, 0, 0) };

describe('markdown', () => {
  it('escapes everything that is not Discord markup', () => {
    const html = renderMarkdown('<img src=x onerror=alert(1)> **bold** *it* __u__ ~~s~~ ||spoiler|| `<code>`', ctx);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>it</em>');
    expect(html).toContain('<u>u</u>');
    expect(html).toContain('<s>s</s>');
    expect(html).toContain('<span class="spoiler" tabindex="0">spoiler</span>');
    expect(html).toContain('<code class="inline">&lt;code&gt;</code>');
  });

  it('code blocks keep their text verbatim (no markup inside)', () => {
    const html = renderMarkdown('```\n  A B\n1 **x** <@' + ANA + '>\n```', ctx);
    expect(html).toBe('<pre class="codeblock"><code>  A B\n1 **x** &lt;@' + ANA + '&gt;</code></pre>');
  });

  it('mentions show names (escaped), the viewer is highlighted; channels and timestamps', () => {
    const html = renderMarkdown(`<@${ANA}> <@!${BEN}> <#${GENERAL}> <t:${ctx.now / 1000 + 120}:R>`, ctx);
    expect(html).toContain('class="mention me" data-user="' + ANA + '">@Ana</span>');
    expect(html).toContain('>@Ben &lt;b&gt;</span>');
    expect(html).toContain('#general</span>');
    expect(html).toMatch(/data-style="R"[^>]*>in 2 minutes<\/time>/);
  });

  it('quotes, headers, subtext, lists and links', () => {
    const html = renderMarkdown('# Title\n-# small\n> quoted\n- one\n- two\n[site](https://example.org/a_b) https://x.test/p?q=1&r=2', ctx);
    expect(html).toContain('<h3 class="md-h1">Title</h3>');
    expect(html).toContain('<div class="md-subtext">small</div>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(html).toContain('<a href="https://example.org/a_b" target="_blank" rel="noopener noreferrer">site</a>');
    expect(html).toContain('href="https://x.test/p?q=1&amp;r=2"');
    expect(renderMarkdown('[x](javascript:alert(1))', ctx)).not.toContain('href="javascript');
  });

  it("a link to a channel or message of this server is a '#channel › 💬' pill followed inside the page; other servers' links stay links", () => {
    const guild = '444444444444444444';
    const message = '555555555555555555';
    const html = renderMarkdown(`see https://discord.com/channels/${guild}/${GENERAL}/${message}. and https://discord.com/channels/${guild}/${GENERAL}`, { ...ctx, guildId: guild });
    expect(html).toContain(`<a class="mention mention-channel message-link" href="#" data-channel="${GENERAL}" data-message="${message}"`);
    expect(html).toContain('>#general › 💬</a>.');
    expect(html).toContain(`data-channel="${GENERAL}" title="https://discord.com/channels/${guild}/${GENERAL}">#general</a>`);
    expect(html).not.toContain('target="_blank"');
    const elsewhere = renderMarkdown(`https://discord.com/channels/999999999999999999/${GENERAL}/${message}`, { ...ctx, guildId: guild });
    expect(elsewhere).toContain('target="_blank"');
    expect(elsewhere).not.toContain('message-link');
  });

  it('relative and absolute timestamps follow the viewer language', () => {
    expect(formatRelative(ctx.now - 5000, ctx.now, 'en-US')).toBe('5 seconds ago');
    expect(formatRelative(ctx.now + 3 * 3600_000, ctx.now, 'en-US')).toBe('in 3 hours');
    expect(formatRelative(ctx.now + 90_000, ctx.now, 'es-ES')).toBe('dentro de 2 minutos');
    expect(formatTimestamp(Date.UTC(2026, 4, 3) / 1000, 'D', 'en-US', ctx.now)).toMatch(/May 3, 2026/);
  });
});

describe('composer', () => {
  const commands = JSON.parse(JSON.stringify(buildCommands(defaultRegistry()).map((c) => c.data)));
  const cctx = { members: [{ id: ANA, name: 'Ana' }, { id: BEN, name: 'Ben' }], channels: [{ id: GENERAL, name: 'general' }], locale: 'en-US' };

  it('parses a command with options as the registered JSON defines them', () => {
    expect(parseCommand('/phantom new seats:2 target-score:1 beginner:true', commands, cctx)).toEqual({ ok: true, path: 'phantom new', options: { seats: 2, 'target-score': 1, beginner: true } });
    expect(parseCommand('/suspicion new variant:No-Bluff', commands, cctx)).toMatchObject({ ok: true, options: { variant: 'no-bluff' } });
    expect(parseCommand('/stats user:@Ben', commands, cctx)).toEqual({ ok: true, path: 'stats', options: { user: { id: BEN } } });
  });

  it('refuses what Discord’s client refuses: ranges, whole numbers, choices, unknown options, missing subcommand', () => {
    expect(parseCommand('/phantom new seats:9', commands, cctx)).toEqual({ ok: false, error: 'seats: must be at most 4' });
    expect(parseCommand('/phantom new seats:1', commands, cctx)).toEqual({ ok: false, error: 'seats: must be at least 2' });
    expect(parseCommand('/phantom new seats:2.5', commands, cctx)).toEqual({ ok: false, error: 'seats: enter a whole number' });
    expect(parseCommand('/suspicion new variant:chaos', commands, cctx)).toMatchObject({ ok: false, error: expect.stringMatching(/^variant: choose one of classic, no-bluff/) });
    expect(parseCommand('/phantom new colour:red', commands, cctx)).toMatchObject({ ok: false, error: expect.stringMatching(/has no option “colour”/) });
    expect(parseCommand('/phantom', commands, cctx)).toMatchObject({ ok: false, incomplete: true, error: expect.stringMatching(/Choose one of: new, rules/) });
    expect(parseCommand('/stats user:@Zed', commands, cctx)).toEqual({ ok: false, error: 'user: no member called “@Zed”' });
    expect(parseCommand('/nonsense', commands, cctx)).toBeNull(); // sent as a plain message
  });

  it('suggests commands, subcommands, options (required first) and choices', () => {
    expect(suggest('/ph', commands, cctx).map((s: { label: string }) => s.label)).toEqual(['/phantom']);
    expect(suggest('/phantom ', commands, cctx).map((s: { label: string }) => s.label)).toEqual(expect.arrayContaining(['/phantom new', '/phantom rules']));
    const options = suggest('/phantom new ', commands, cctx).map((s: { label: string }) => s.label);
    expect(options).toEqual(expect.arrayContaining(['seats:', 'target-score:', 'beginner:']));
    expect(suggest('/phantom new seats:2 ', commands, cctx).map((s: { label: string }) => s.label)).not.toContain('seats:');
    expect(suggest('/suspicion new variant:', commands, cctx).map((s: { detail: string }) => s.detail)).toEqual(expect.arrayContaining(['classic', 'no-bluff']));
    expect(suggest('hello', commands, cctx)).toEqual([]);
  });

  it('a Spanish client sees and types the localized names; the interaction carries the registered ones', () => {
    const es = localizeCommands(commands, 'es-ES');
    const ectx = { ...cctx, locale: 'es-ES' };
    expect(parseCommand('/noir nueva bots:1 asesino:host', es, ectx)).toEqual({ ok: true, path: 'noir new', options: { bots: 1, killer: 'host' } });
    expect(parseCommand('/ayuda', es, ectx)).toEqual({ ok: true, path: 'help', options: {} });
    expect(parseCommand('/noir new bots:1', es, ectx)).toEqual({ ok: true, path: 'noir new', options: { bots: 1 } });
    expect(parseCommand('/suspicion nueva plazas:9', es, ectx)).toEqual({ ok: false, error: 'plazas: debe ser como mucho 6' });
    expect(suggest('/noir ', es, ectx).map((x: { label: string }) => x.label)).toEqual(['/noir nueva', '/noir reglas', '/noir aprender']);
    // English clients see the registered names.
    expect(suggest('/noir ', localizeCommands(commands, 'en-US'), cctx).map((x: { label: string }) => x.label)).toEqual(['/noir new', '/noir rules', '/noir learn']);
  });

  it('a command reply\u2019s "used /command" names the command in the viewer\u2019s language', () => {
    const es = localizeCommands(commands, 'es-ES');
    expect(localizedCommandName('help', es)).toBe('ayuda');
    expect(localizedCommandName('noir new', es)).toBe('noir nueva');
    expect(localizedCommandName('noir new', localizeCommands(commands, 'en-US'))).toBe('noir new');
    expect(localizedCommandName('gone sub', es)).toBe('gone sub'); // unknown: as registered
  });
});

describe('browser language', () => {
  const supported = ['en-GB', 'en-US', 'es-ES', 'es-419', 'fr', 'no', 'pt-BR', 'sv-SE', 'zh-CN', 'zh-TW'];
  it('takes the first preferred language Discord offers, as Discord’s client does', () => {
    expect(discordLocaleOf(['es-ES', 'es'], supported)).toBe('es-ES');
    expect(discordLocaleOf(['es'], supported)).toBe('es-ES');
    for (const tag of ['es-MX', 'es-AR', 'es-419', 'es-US']) expect(discordLocaleOf([tag], supported)).toBe('es-419');
    expect(discordLocaleOf(['en-GB'], supported)).toBe('en-GB');
    expect(discordLocaleOf(['en-AU'], supported)).toBe('en-GB');
    expect(discordLocaleOf(['en'], supported)).toBe('en-US');
    expect(discordLocaleOf(['fr-CA'], supported)).toBe('fr');
    expect(discordLocaleOf(['pt-PT'], supported)).toBe('pt-BR');
    expect(discordLocaleOf(['nb-NO'], supported)).toBe('no');
    expect(discordLocaleOf(['sv'], supported)).toBe('sv-SE');
    expect(discordLocaleOf(['zh-Hant-HK'], supported)).toBe('zh-TW');
    expect(discordLocaleOf(['zh'], supported)).toBe('zh-CN');
    expect(discordLocaleOf(['eu', 'es-ES'], supported)).toBe('es-ES');
    expect(discordLocaleOf(['eu'], supported)).toBeNull();
  });
});

describe('page catalog', () => {
  it('fills placeholders and falls back to English for languages without page text yet', () => {
    expect(t('en-US', 'thinking', { bot: 'Red Herring' })).toBe('Red Herring is thinking…');
    expect(t('fr', 'onlyYou')).toBe('Only you can see this');
    expect(PAGE_TEXT_KEYS.length).toBeGreaterThan(30);
  });

  it('in Spanish, hiding a message or closing a banner is not the games’ word for discarding a card', () => {
    // The discard verb of every Spanish game catalog that has one (e.g. "Descartar 🟥 rojo").
    const verbs = new Set([suspicionTexts.es.actDiscard('x'), phantomTexts.es.actionDiscard('x'), noirTexts.es.buttonDiscard('x')].map((label) => label.split(' ')[0]!.toLowerCase()));
    expect([...verbs]).toEqual(['descartar']);
    for (const locale of ['es-ES', 'es-419']) {
      for (const key of ['dismiss', 'dismissBanner']) {
        const words = t(locale, key).toLowerCase().split(/\s+/);
        expect(words.filter((word: string) => verbs.has(word)), `${locale} ${key}: ${t(locale, key)}`).toEqual([]);
      }
    }
    expect(t('es-ES', 'dismiss')).toBe('Ocultar mensaje');
    expect(t('es-ES', 'dismissBanner')).toBe(t('es-ES', 'close'));
  });

  it("speaks Spanish to a simulated user whose client is es-ES or es-419, with every English key", () => {
    expect(t('es-ES', 'onlyYou')).toBe('Solo tú puedes ver esto');
    expect(t('es-419', 'thinking', { bot: 'Red Herring' })).toBe('Red Herring está pensando…');
    for (const locale of ['es-ES', 'es-419']) {
      const catalog = PAGE_CATALOGS[locale]!;
      expect(Object.keys(catalog).sort()).toEqual([...PAGE_TEXT_KEYS].sort());
      // Every placeholder of the English text is kept.
      for (const key of PAGE_TEXT_KEYS) {
        const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(names(catalog[key]!), key).toEqual(names(t('en-US', key)));
      }
    }
  });
});
