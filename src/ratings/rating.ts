/**
 * The rating method (README "Leaderboards and ratings" → "How ratings work"), pure: OpenSkill's Weng-Lin Plackett-Luce model with its
 * default constants (mu 25, sigma 25/3, beta 25/6, tau 25/300). Every seated human is a
 * team of one and the teams are ranked by the table's placements (1 = best, ties share), so:
 * - free-for-all games are rated by placement;
 * - J'Accuse! gives the arrested player placement 2 and everyone else 1 (tied first);
 * - NOIR and any two-player table are a plain duel;
 * - a player who left a started game was already placed after everyone who stayed by the
 *   table service, so leaving never dodges a loss.
 * The leaderboard ranks by the conservative ordinal mu − 3·sigma.
 */
import { ordinal, rate, rating } from 'openskill';

/** Rated games before a player's rating stops being marked provisional. */
export const PROVISIONAL_GAMES = 5;

/** A rating as stored: mean and uncertainty (OpenSkill units; a new player is 25 ± 8.33). */
export interface Skill {
  mu: number;
  sigma: number;
}

/** One player of a finished table, as the rating step needs them. */
export interface RatedSeat {
  userId: string;
  /** 1 = best; equal numbers are ties. */
  placement: number;
  /** Counted as a win (the game's winners; never a player who left). */
  winner: boolean;
  /** The player's rating before this game, or null for their first game this season. */
  prior: (Skill & { games: number; wins: number; streak: number }) | null;
}

/** A player's rating after the game. */
export interface RatedOutcome extends Skill {
  userId: string;
  /** mu − 3·sigma. */
  ordinal: number;
  games: number;
  wins: number;
  /** Signed streak: +n wins in a row, −n non-wins in a row, 0 after a game nobody won. */
  streak: number;
}

/** The conservative rating the leaderboard ranks by: mu − 3·sigma (OpenSkill `ordinal`). */
export function conservative(skill: Skill): number {
  return ordinal(skill);
}

/** True while a player has fewer than PROVISIONAL_GAMES rated games. */
export function isProvisional(games: number): boolean {
  return games < PROVISIONAL_GAMES;
}

/**
 * The streak after one more game: a win extends a winning streak (or starts one at +1), a
 * non-win extends a losing streak (or starts one at −1); a game nobody won resets it to 0.
 */
export function nextStreak(streak: number, won: boolean, nobodyWon: boolean): number {
  if (won) return streak > 0 ? streak + 1 : 1;
  if (nobodyWon) return 0;
  return streak < 0 ? streak - 1 : -1;
}

/**
 * Rate one finished table. Returns one outcome per seat, in input order. Fewer than two
 * seats cannot be rated: the result is then empty. Throws only if OpenSkill does (it does
 * not for finite inputs).
 */
export function rateTable(seats: readonly RatedSeat[]): RatedOutcome[] {
  if (seats.length < 2) return [];
  const teams = seats.map((seat) => [seat.prior ? rating({ mu: seat.prior.mu, sigma: seat.prior.sigma }) : rating()]);
  const updated = rate(teams, { rank: seats.map((seat) => seat.placement) });
  const nobodyWon = !seats.some((seat) => seat.winner);
  return seats.map((seat, index) => {
    const skill = updated[index]![0]!;
    return {
      userId: seat.userId,
      mu: skill.mu,
      sigma: skill.sigma,
      ordinal: conservative(skill),
      games: (seat.prior?.games ?? 0) + 1,
      wins: (seat.prior?.wins ?? 0) + (seat.winner ? 1 : 0),
      streak: nextStreak(seat.prior?.streak ?? 0, seat.winner, nobodyWon),
    };
  });
}
