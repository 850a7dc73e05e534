/**
 * Types for the zod schemas of `discord-api-spec/zod` (the package ships them as plain
 * JavaScript). Only the schemas and the part of the zod API the emulator uses are declared.
 */
declare module 'discord-api-spec/zod' {
  /** One problem found by a zod schema. */
  export interface SpecIssue {
    code: string;
    path: PropertyKey[];
    message: string;
    /** For `invalid_union`: the issues of each branch, relative to this issue's path. */
    errors?: SpecIssue[][];
    minimum?: number | bigint;
    maximum?: number | bigint;
    values?: unknown[];
    expected?: string;
    origin?: string;
    format?: string;
  }

  /** The slice of a zod (mini) schema the emulator uses. */
  export interface SpecSchema {
    safeParse(data: unknown): { success: true; data: unknown } | { success: false; error: { issues: SpecIssue[] } };
  }

  export const CreateMessageInteractionCallbackRequestSchema: SpecSchema;
  export const UpdateMessageInteractionCallbackRequestSchema: SpecSchema;
  export const ModalInteractionCallbackRequestSchema: SpecSchema;
  export const ApplicationCommandAutocompleteCallbackRequestSchema: SpecSchema;
  export const LaunchActivityInteractionCallbackRequestSchema: SpecSchema;
  export const IncomingWebhookRequestPartialSchema: SpecSchema;
  export const IncomingWebhookUpdateRequestPartialSchema: SpecSchema;
  export const IncomingWebhookUpdateForInteractionCallbackRequestPartialSchema: SpecSchema;
  export const MessageCreateRequestSchema: SpecSchema;
  export const MessageEditRequestPartialSchema: SpecSchema;
  export const ApplicationCommandUpdateRequestSchema: SpecSchema;
  export const ApplicationCommandCreateRequestSchema: SpecSchema;
  export const ApplicationCommandPatchRequestPartialSchema: SpecSchema;
}
