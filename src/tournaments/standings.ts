/**
 * Tournament points and standings (docs/tournaments.md "Points" and "Standings"), pure.
 *
 * - Points by finishing place at a table of k seats: k − 1 for the first place, then one less
 *   per place, 0 for the last; players tied for a place share the points of the places they
 *   cover (2-player tables: 1 / 0, a tie ½ each). Placements are the stored ones (1 = best,
 *   competition style 1, 1, 3). A player who left the game or forfeited it (a no-show) scores
 *   0, whatever place the table's result gave their seat. An AI seat that filled an empty seat takes its place like anyone, and is no
 *   entrant: it has no standing and is nobody's opponent in the tie-breaks.
 * - A bye scores (k − 1) / 2, the average of a table's places.
 * - A table that ended without a result (cancelled, or abandoned because nobody played) scores
 *   0 for each of its entrants.
 * - Standings: points, then Buchholz, then head-to-head, then a shared place.
 */

/** Points for finishing at `placement` (1 = best) tied with `tied` players (≥ 1, itself included) at a table of `tableSize` seats. */
export function placePoints(placement: number, tied: number, tableSize: number): number {
  if (!Number.isInteger(placement) || placement < 1 || tied < 1 || placement + tied - 1 > tableSize) {
    throw new RangeError(`placement ${placement} tied ${tied} at ${tableSize} seats`);
  }
  // Places placement … placement + tied − 1 are worth tableSize − place each; the tied share their mean.
  return tableSize - placement - (tied - 1) / 2;
}

/** The points of a bye at tables of `tableSize` seats: the mean of a table's places, (k − 1) / 2. */
export function byePoints(tableSize: number): number {
  return (tableSize - 1) / 2;
}

/** One seat of a finished tournament table. */
export interface SeatOutcome {
  /** The entrant's id; null for an AI seat that filled an empty seat. */
  id: string | null;
  /** Stored placement (1 = best); null when the table ended without a result. */
  placement: number | null;
  /** Left the game or forfeited it (a no-show): 0 points. */
  left?: boolean;
}

/** One table of a round as it ended. */
export interface TableOutcome {
  /** Every seat of the table (AI seats included), so ties and table size are counted right. */
  seats: SeatOutcome[];
}

/** One round as played. */
export interface RoundOutcome {
  round: number;
  tables: TableOutcome[];
  /** Entrants who had a bye this round. */
  byes: string[];
}

/** An entrant of the standings. */
export interface Entrant {
  id: string;
  /** Left the tournament: keeps their points, is no longer paired. */
  withdrawn?: boolean;
}

/** One line of the standings. */
export interface Standing {
  id: string;
  /** 1 = best; entrants still equal after every tie-break share it. */
  place: number;
  points: number;
  /** Σ over the rounds played of the mean points of the table's other entrants; a round without one (a bye) counts the entrant's own points. */
  buchholz: number;
  /** Among entrants equal on points and Buchholz: + 1 for each meeting finished ahead of one of them, − 1 behind. */
  headToHead: number;
  /** Points of each round in order (null: not in that round — before a late join, or after withdrawing). */
  rounds: (number | null)[];
  /** Rounds played at a table. */
  played: number;
  byes: number;
  withdrawn: boolean;
}

/** The points each entrant scored at one table (AI seats left out). */
export function tablePoints(table: TableOutcome): Map<string, number> {
  const size = table.seats.length;
  const out = new Map<string, number>();
  for (const seat of table.seats) {
    if (seat.id === null) continue;
    if (seat.placement === null || seat.left) {
      out.set(seat.id, 0);
      continue;
    }
    const tied = table.seats.filter((other) => other.placement === seat.placement).length;
    out.set(seat.id, placePoints(seat.placement, tied, size));
  }
  return out;
}

/** Floating sums of halves and thirds compare equal within this. */
const EPSILON = 1e-9;

/**
 * The standings after `rounds` (docs/tournaments.md "Standings"): every entrant by points,
 * then Buchholz, then head-to-head among those still equal, then a shared place (listed by id).
 * `rounds.length` columns of per-round points.
 */
export function standings(entrants: readonly Entrant[], rounds: readonly RoundOutcome[], tableSize: number): Standing[] {
  const ordered = [...rounds].sort((a, b) => a.round - b.round);
  const points = new Map<string, number>(entrants.map((entrant) => [entrant.id, 0]));
  const perRound = new Map<string, (number | null)[]>(entrants.map((entrant) => [entrant.id, ordered.map(() => null)]));
  const played = new Map<string, number>(entrants.map((entrant) => [entrant.id, 0]));
  const byes = new Map<string, number>(entrants.map((entrant) => [entrant.id, 0]));
  // Each entrant's meetings: for each round, the other entrants of the table (empty for a bye).
  const meetings = new Map<string, { mates: string[]; placement: number | null; mateplaces: Map<string, number | null> }[]>(entrants.map((entrant) => [entrant.id, []]));
  const known = (id: string) => points.has(id);

  ordered.forEach((round, r) => {
    for (const table of round.tables) {
      const scored = tablePoints(table);
      for (const seat of table.seats) {
        if (seat.id === null || !known(seat.id)) continue;
        const got = scored.get(seat.id)!;
        points.set(seat.id, points.get(seat.id)! + got);
        perRound.get(seat.id)![r] = got;
        played.set(seat.id, played.get(seat.id)! + 1);
        const mates = table.seats.filter((other) => other.id !== null && other.id !== seat.id && known(other.id));
        meetings.get(seat.id)!.push({
          mates: mates.map((other) => other.id!),
          placement: seat.placement,
          mateplaces: new Map(mates.map((other) => [other.id!, other.placement])),
        });
      }
    }
    for (const id of round.byes) {
      if (!known(id)) continue;
      const got = byePoints(tableSize);
      points.set(id, points.get(id)! + got);
      perRound.get(id)![r] = got;
      byes.set(id, byes.get(id)! + 1);
      meetings.get(id)!.push({ mates: [], placement: null, mateplaces: new Map() });
    }
  });

  const buchholz = new Map<string, number>();
  for (const entrant of entrants) {
    let sum = 0;
    for (const meeting of meetings.get(entrant.id)!) {
      sum += meeting.mates.length === 0 ? points.get(entrant.id)! : meeting.mates.reduce((acc, id) => acc + points.get(id)!, 0) / meeting.mates.length;
    }
    buchholz.set(entrant.id, sum);
  }

  const equal = (a: number, b: number) => Math.abs(a - b) < EPSILON;
  const byFirstKeys = [...entrants].sort((a, b) => {
    const dp = points.get(b.id)! - points.get(a.id)!;
    if (!equal(dp, 0)) return dp;
    const db = buchholz.get(b.id)! - buchholz.get(a.id)!;
    if (!equal(db, 0)) return db;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  // Head-to-head within each group equal on points and Buchholz.
  const headToHead = new Map<string, number>(entrants.map((entrant) => [entrant.id, 0]));
  const groups: Entrant[][] = [];
  for (const entrant of byFirstKeys) {
    const last = groups[groups.length - 1];
    const head = last?.[0];
    if (last && head && equal(points.get(head.id)!, points.get(entrant.id)!) && equal(buchholz.get(head.id)!, buchholz.get(entrant.id)!)) last.push(entrant);
    else groups.push([entrant]);
  }
  for (const group of groups) {
    if (group.length < 2) continue;
    const members = new Set(group.map((entrant) => entrant.id));
    for (const entrant of group) {
      let score = 0;
      for (const meeting of meetings.get(entrant.id)!) {
        if (meeting.placement === null) continue;
        for (const [mate, place] of meeting.mateplaces) {
          if (!members.has(mate) || place === null) continue;
          score += meeting.placement < place ? 1 : meeting.placement > place ? -1 : 0;
        }
      }
      headToHead.set(entrant.id, score);
    }
  }
  const finalOrder = groups.flatMap((group) => [...group].sort((a, b) => headToHead.get(b.id)! - headToHead.get(a.id)! || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));

  const out: Standing[] = [];
  finalOrder.forEach((entrant, index) => {
    const previous = out[index - 1];
    const same =
      previous &&
      equal(previous.points, points.get(entrant.id)!) &&
      equal(previous.buchholz, buchholz.get(entrant.id)!) &&
      previous.headToHead === headToHead.get(entrant.id)!;
    out.push({
      id: entrant.id,
      place: same ? previous.place : index + 1,
      points: points.get(entrant.id)!,
      buchholz: buchholz.get(entrant.id)!,
      headToHead: headToHead.get(entrant.id)!,
      rounds: perRound.get(entrant.id)!,
      played: played.get(entrant.id)!,
      byes: byes.get(entrant.id)!,
      withdrawn: entrant.withdrawn ?? false,
    });
  });
  return out;
}
