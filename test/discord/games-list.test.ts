/**
 * `/games` says the same situation one way (issue 34 item 16; README "Turn-based tables"): a
 * table waiting for the viewer's seat is "your move" — also when the viewer is marked away
 * (auto-played, so not pinged) — never "waiting for <the viewer>"; a live table's deadline,
 * minutes away, reads as a relative time, not as a full date; a turn-based one keeps its date.
 */
import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../src/games/index.js';
import { gamesMessage, waitsFor } from '../../src/discord/render/games.js';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';
import type { Catalog } from '../../src/i18n/index.js';
import type { SeatRow, TableRow } from '../../src/persistence/store/types.js';
import type { TableSnapshot } from '../../src/tables/types.js';

const registry = defaultRegistry();
const NOW = Date.UTC(2026, 11, 7, 2, 0, 0);

function seat(seatNo: number, userId: string, displayName: string, extra: Partial<SeatRow> = {}): SeatRow {
  return { tableId: 7, userId, displayName, joinedAt: NOW, seat: seatNo, away: false, missed: 0, left: false, botLevel: null, looked: true, ...extra };
}

/** A running NOIR table #7 whose turn is seat 0's, its deadline `inMs` from NOW. */
function table(seats: SeatRow[], inMs: number, tableOptions: Record<string, unknown> = {}): TableSnapshot {
  return {
    table: { id: 7, game: 'noir', channelId: '100', status: 'active', deadlineAt: NOW + inMs, tableOptions } as unknown as TableRow,
    seats,
    pending: { kind: 'turn', seat: 0, step: 3, timer: 'turn', timeoutMs: 120_000 },
    results: [],
    events: [],
  } as TableSnapshot;
}

const line = (snap: TableSnapshot, userId: string, text: Catalog = en) => (gamesMessage([snap], userId, registry, text).content ?? '').split('\n')[1]!;

describe('/games', () => {
  it("a table waiting for the viewer's own seat is their move, also while they are marked away", () => {
    const snap = table([seat(0, 'ana', 'Ana', { away: true, missed: 2 }), seat(1, 'ben', 'Ben')], 90_000);
    expect(waitsFor(snap, 'ana')).toBe(true);
    expect(line(snap, 'ana')).toContain('**your move**');
    expect(line(snap, 'ana')).not.toContain('waiting for Ana');
    // Her hand button is the highlighted one, as for any table waiting for her.
    expect(JSON.stringify(gamesMessage([snap], 'ana', registry, en).components)).toContain('"style":1');
    // Ben sees the table waiting for Ana.
    expect(waitsFor(snap, 'ben')).toBe(false);
    expect(line(snap, 'ben')).toContain('waiting for Ana');
    expect(line(snap, 'ana', es)).toContain('**te toca**');
  });

  it('a live table says how long is left (no full date); a turn-based one keeps its date', () => {
    const live = table([seat(0, 'ana', 'Ana'), seat(1, 'ben', 'Ben')], 90_000);
    const at = Math.floor((NOW + 90_000) / 1000);
    for (const [user, text] of [['ana', en], ['ben', en], ['ana', es], ['ben', es]] as const) {
      expect(line(live, user, text)).toContain(`<t:${at}:R>`);
      expect(line(live, user, text)).not.toContain(`<t:${at}:F>`);
    }
    const slow = table([seat(0, 'ana', 'Ana'), seat(1, 'ben', 'Ben')], 20 * 3_600_000, { pace: 'turn-based', moveHours: 24 });
    const later = Math.floor((NOW + 20 * 3_600_000) / 1000);
    expect(line(slow, 'ana')).toContain(`<t:${later}:F>`);
    expect(line(slow, 'ben')).toContain(`<t:${later}:F>`);
  });
});
