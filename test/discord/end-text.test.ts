/**
 * The closing line of a lobby that expired names how long it waited: 30 minutes for a live
 * table (LOBBY_IDLE_MS), its time per move for a turn-based one (src/tables/pace.ts
 * `lobbyIdleMs`, README "Turn-based tables") — in English and Spanish.
 */
import { describe, expect, it } from 'vitest';
import { endText } from '../../src/discord/render/results.js';
import type { RenderContext } from '../../src/games/ui.js';
import { catalogFor } from '../../src/i18n/index.js';
import { LOST_REASONS, type TableSnapshot } from '../../src/tables/types.js';

function expiredLobby(tableOptions: unknown): TableSnapshot {
  return {
    table: { endReason: 'expired', endedBy: null, tableOptions },
    seats: [],
    pending: null,
    results: [],
  } as unknown as TableSnapshot;
}

describe('an expired lobby says how long it waited', () => {
  const ctx = {} as RenderContext;
  it('a live table: 30 minutes', () => {
    expect(endText(expiredLobby({}), ctx, catalogFor('en'))).toBe('**The lobby closed** after 30 minutes without activity.');
    expect(endText(expiredLobby({}), ctx, catalogFor('es'))).toBe('**La sala se cerró** tras 30 minutos sin actividad.');
  });
  it('a turn-based table: its time per move', () => {
    expect(endText(expiredLobby({ pace: 'turn-based', moveHours: 24 }), ctx, catalogFor('en'))).toBe('**The lobby closed** after 24 hours without activity.');
    expect(endText(expiredLobby({ pace: 'turn-based', moveHours: 72 }), ctx, catalogFor('es'))).toBe('**La sala se cerró** tras 72 horas sin actividad.');
    // One hour per move: the lobby still waits at least the live 30 minutes, here the hour.
    expect(endText(expiredLobby({ pace: 'turn-based', moveHours: 1 }), ctx, catalogFor('en'))).toBe('**The lobby closed** after 1 hour without activity.');
  });
});

describe('a table whose place is gone says why it ended (src/tables/lost.ts)', () => {
  const ctx = {} as RenderContext;
  const lost = (endReason: string) => ({ table: { endReason, endedBy: null, tableOptions: {} }, seats: [], pending: null, results: [] }) as unknown as TableSnapshot;
  it('in English and Spanish, for every reason', () => {
    expect(endText(lost('bot-removed'), ctx, catalogFor('en'))).toBe('**Ended:** the bot was removed from this server. This game is not rated.');
    expect(endText(lost('channel-deleted'), ctx, catalogFor('es'))).toBe('**Terminada:** su canal fue eliminado. Esta partida no cuenta para la clasificación.');
    for (const reason of LOST_REASONS) {
      for (const locale of ['en', 'es']) expect(endText(lost(reason), ctx, catalogFor(locale))).toMatch(/\*\*(Ended|Terminada):\*\*/);
    }
  });
});
