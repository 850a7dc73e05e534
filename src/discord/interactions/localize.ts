/**
 * Slash-command localizations (README "Languages"; docs/discord.md: name_localizations /
 * description_localizations). A command is built once per language from the same builder
 * function, so the two trees have the same shape; the other languages' descriptions and
 * choice names are copied into `description_localizations` / `name_localizations` of the
 * English tree under each Discord locale of that language ('es-ES', 'es-419'), and command
 * and option names are translated through the catalog's `common.commandNames` and, for a
 * game's command, the game's own names (src/games/module.ts `GameText.commandNames`).
 */
import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { catalogs, DISCORD_LOCALES_OF, LANGUAGES, type Messages } from '../../i18n/index.js';

/** A command registration body built in one language. */
export type CommandBuilder = (t: Messages) => RESTPostAPIChatInputApplicationCommandsJSONBody;

/** Names of a command's own options in one language, by registered (English) name (looked up before `common.commandNames`). */
export type CommandNames = (t: Messages) => Readonly<Record<string, string>>;

/** A node of the command tree that can carry localizations (command, option or choice). */
interface Localizable {
  name: string;
  description?: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
  options?: Localizable[];
  choices?: Localizable[];
}

/** Copy the localized texts of `other` (same shape as `base`) into `base`, for `locales`. */
function merge(base: Localizable, other: Localizable, names: Readonly<Record<string, string>>, locales: readonly string[], isChoice: boolean): void {
  const name = isChoice ? other.name : names[base.name];
  if (name !== undefined && name !== base.name) {
    base.name_localizations ??= {};
    for (const locale of locales) base.name_localizations[locale] = name;
  }
  if (base.description !== undefined && other.description !== undefined && other.description !== base.description) {
    base.description_localizations ??= {};
    for (const locale of locales) base.description_localizations[locale] = other.description;
  }
  base.options?.forEach((option, index) => {
    const twin = other.options?.[index];
    if (twin) merge(option, twin, names, locales, false);
  });
  base.choices?.forEach((choice, index) => {
    const twin = other.choices?.[index];
    if (twin) merge(choice, twin, names, locales, true);
  });
}

/**
 * The registration body of `build` in English with every other language's names and
 * descriptions as localizations. Throws when a build in another language has a different
 * shape (a programming error: builders must not branch on the language).
 */
export function localizedCommand(build: CommandBuilder, ownNames?: CommandNames): RESTPostAPIChatInputApplicationCommandsJSONBody {
  const base = build(catalogs.en);
  for (const language of LANGUAGES) {
    if (language === 'en') continue;
    const t = catalogs[language];
    const other = build(t);
    if (JSON.stringify(shape(base as unknown as Localizable)) !== JSON.stringify(shape(other as unknown as Localizable))) {
      throw new Error(`/${base.name}: the ${language} build has a different option tree`);
    }
    const names = { ...(t.common.commandNames as Record<string, string>), ...ownNames?.(t) };
    merge(base as unknown as Localizable, other as unknown as Localizable, names, DISCORD_LOCALES_OF[language], false);
  }
  return base;
}

/** The names-and-nesting skeleton of a command tree (choice names are texts, so they are left out). */
function shape(node: Localizable): unknown {
  return { name: node.name, options: node.options?.map(shape), choices: node.choices?.length };
}
