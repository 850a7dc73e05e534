/**
 * Building blocks of every message the bot draws: the REST payload shape, markdown escaping
 * of user-chosen names, Discord timestamps, clipping to Discord's limits, and buttons.
 */
import { createHash } from 'node:crypto';
import {
  ButtonStyle,
  ComponentType,
  MessageFlags,
  type APIComponentInContainer,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  type APIMessageTopLevelComponent,
} from 'discord-api-types/v10';

/** Discord's limit on a message's `content`, in characters (docs/discord.md §3). */
export const MESSAGE_CONTENT_MAX = 2000;

/** A file a message carries (multipart `files[n]`), pointed at with `attachment://NAME`. */
export interface PayloadFile {
  /** File name, unique in the message (`attachment://` + name). */
  name: string;
  data: Buffer;
  /** Alt text of the attachment, ≤ 1,024 characters. */
  description?: string;
}

/** SHA-1 digests of file bytes already hashed, by the Buffer (a cached PNG is the same Buffer every time it is sent). */
const fileDigests = new WeakMap<Buffer, Buffer>();

/**
 * The SHA-1 digest of `data` (20 bytes), computed once per Buffer: fingerprints of boards and
 * panels name their picture by it, and a cached picture is fingerprinted on every redraw.
 * The Buffer must not be changed afterwards (PNGs from the picture cache never are).
 */
export function fileDigest(data: Buffer): Buffer {
  let digest = fileDigests.get(data);
  if (!digest) {
    digest = createHash('sha1').update(data).digest();
    fileDigests.set(data, digest);
  }
  return digest;
}

/**
 * A message body as sent to Discord's REST API (channel message, interaction response).
 * Legacy messages carry `content`/`embeds` and action rows; a Components V2 message
 * (`flags` has IS_COMPONENTS_V2, README "Pictures") carries only `components` (a Container
 * with Text Displays, a Media Gallery and action rows) and its `files`. `files` never goes
 * into the JSON body: see `./message-body.ts`.
 */
export interface MessagePayload {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIMessageTopLevelComponent[];
  allowed_mentions?: { parse?: []; users?: string[] };
  flags?: number;
  files?: PayloadFile[];
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

/** Discord's limit on the components of a Components V2 message, nested ones included. */
export const V2_COMPONENTS_MAX = 40;

/** Discord's limit on the text of all Text Displays of a Components V2 message, characters. */
export const V2_TEXT_MAX = 4000;

/** A picture shown in a Components V2 message (a Media Gallery item backed by an attachment). */
export interface ShownPicture {
  /** Attachment file name. */
  name: string;
  png: Buffer;
  /** Alt text, 1–1,024 characters. */
  alt: string;
}

/** The texts and picture of a {@link containerMessage}. */
export interface ContainerBody {
  /** Markdown above the picture (title, status line, notices). */
  top: string;
  /** The picture (none: a text-only message). */
  picture?: ShownPicture;
  /** Markdown below the picture (may be empty). */
  below?: string;
}

/**
 * A Components V2 message (README "Pictures"): one Container with accent `colour` holding a
 * Text Display (`top`), a Media Gallery with the picture (as attachment `picture.name`, alt
 * text as its description), a second Text Display (`below`), a Separator and the action
 * rows. The texts are cut to fit V2_TEXT_MAX together (`top` keeps up to a quarter when the
 * rest needs the room); flags: IS_COMPONENTS_V2.
 */
export function containerMessage(colour: number, body: ContainerBody, rows: ComponentRow[]): MessagePayload {
  const below = body.below?.trim() ?? '';
  const topMax = below ? Math.max(V2_TEXT_MAX / 4, V2_TEXT_MAX - below.length) : V2_TEXT_MAX;
  const top = clip(body.top, topMax);
  const inside: APIComponentInContainer[] = [{ type: ComponentType.TextDisplay, content: top }];
  if (body.picture) {
    inside.push({ type: ComponentType.MediaGallery, items: [{ media: { url: `attachment://${body.picture.name}` }, description: body.picture.alt }] });
  }
  if (below) inside.push({ type: ComponentType.TextDisplay, content: clip(below, V2_TEXT_MAX - top.length) });
  if (rows.length) inside.push({ type: ComponentType.Separator, divider: true, spacing: 1 }, ...rows);
  return {
    components: [{ type: ComponentType.Container, accent_color: colour, components: inside }],
    allowed_mentions: { parse: [] },
    flags: MessageFlags.IsComponentsV2,
    ...(body.picture ? { files: [{ name: body.picture.name, data: body.picture.png, description: body.picture.alt }] } : {}),
  };
}

/** Every component of a message, nested ones included (what Discord's 40 counts). */
export function countComponents(components: readonly unknown[]): number {
  let count = 0;
  for (const component of components) {
    count += 1;
    const inner = (component as { components?: unknown[]; accessory?: unknown }).components;
    if (Array.isArray(inner)) count += countComponents(inner);
    if ((component as { accessory?: unknown }).accessory) count += 1;
  }
  return count;
}

/** The text of every Text Display of a message, characters (what Discord's 4,000 counts). */
export function textDisplayLength(components: readonly unknown[]): number {
  let length = 0;
  for (const component of components) {
    const c = component as { type?: number; content?: string; components?: unknown[] };
    if (c.type === ComponentType.TextDisplay) length += c.content?.length ?? 0;
    if (Array.isArray(c.components)) length += textDisplayLength(c.components);
  }
  return length;
}
