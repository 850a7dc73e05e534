/**
 * The names of the kinds the emulator counts REST requests as (request-kinds.ts classifies
 * them); apart so that the emulator's types (types.ts) can name a kind without importing the
 * classifier and what it reads.
 */

/** The kinds a request is counted as. */
export const REQUEST_KINDS = ['board', 'lobby', 'ping-post', 'ping-edit', 'ping-delete', 'clean-up', 'callback', 'panel', 'other'] as const;
/** One kind of request (see request-kinds.ts). */
export type RequestKind = (typeof REQUEST_KINDS)[number];
