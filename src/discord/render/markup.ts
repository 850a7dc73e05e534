/**
 * Building blocks of every message the bot draws: the REST payload shape, markdown escaping
 * of user-chosen names, Discord timestamps, clipping to Discord's limits, and buttons.
 */
import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIComponentInMessageActionRow,
  type APIEmbed,
} from 'discord-api-types/v10';

/** Discord's limit on a message's `content`, in characters (docs/discord.md §3). */
export const MESSAGE_CONTENT_MAX = 2000;

/** A message body as sent to Discord's REST API (channel message, interaction response). */
export interface MessagePayload {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
  allowed_mentions?: { parse?: []; users?: string[] };
  flags?: number;
}

/** One action row of a message. */
export type ComponentRow = APIActionRowComponent<APIComponentInMessageActionRow>;

/** Markdown-escape a user-chosen name (and defuse `@` mentions); at most 64 characters. */
export function escapeName(name: string): string {
  return name.replace(/([\\*_`~|>#\[\]()-])/g, '\\$1').replace(/@/g, '@\u200b').slice(0, 64);
}

/** Undo `escapeName` in text that Discord shows without markdown (button labels, select options). */
function unescapeMarkdown(text: string): string {
  return text.replace(/\\([\\*_`~|>#\[\]()-])/g, '$1');
}

/** A Discord relative timestamp (`<t:…:R>`, "in 2 minutes" in each reader's language) for a Unix ms instant. */
export function relative(ms: number): string {
  return `<t:${Math.floor(ms / 1000)}:R>`;
}

/** `text` cut to at most `max` characters, ending in "…" when cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Component texts are not markdown: names the game UI escaped for message bodies are shown
 * raw in labels, placeholders and select options ("john_doe", not "john\\_doe").
 */
export function plainComponentTexts(rows: ComponentRow[]): ComponentRow[] {
  return rows.map((row) => ({
    ...row,
    components: row.components.map((component) => {
      const out: Record<string, unknown> = { ...component };
      for (const key of ['label', 'placeholder'] as const) if (typeof out[key] === 'string') out[key] = unescapeMarkdown(out[key] as string);
      if (Array.isArray(out.options)) {
        out.options = (out.options as { label: string; description?: string }[]).map((option) => ({
          ...option,
          label: unescapeMarkdown(option.label),
          ...(option.description !== undefined ? { description: unescapeMarkdown(option.description) } : {}),
        }));
      }
      return out as unknown as typeof component;
    }),
  }));
}

/** A button with a custom_id. */
export function button(
  customId: string,
  label: string,
  style: ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger,
  disabled = false,
): APIButtonComponent {
  return { type: ComponentType.Button, custom_id: customId, label, style, disabled };
}

/**
 * An action row holding one string select with a custom_id (one choice, at most 25 options;
 * labels and descriptions are plain text, cut to Discord's 100 characters).
 */
export function selectRow(customId: string, placeholder: string, options: { value: string; label: string; description?: string }[]): ComponentRow {
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.StringSelect,
        custom_id: customId,
        placeholder: clip(placeholder, 150),
        min_values: 1,
        max_values: 1,
        options: options.slice(0, 25).map((option) => ({
          value: option.value,
          label: clip(option.label, 100),
          ...(option.description ? { description: clip(option.description, 100) } : {}),
        })),
      },
    ],
  };
}

/** An action row of buttons. */
export function buttonRow(...components: APIButtonComponent[]): ComponentRow {
  return { type: ComponentType.ActionRow, components };
}
