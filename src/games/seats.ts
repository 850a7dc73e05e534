/**
 * Seating geometry shared by every game. Seats are numbered in the order fixed at game start
 * and play goes clockwise, to the left: seat + 1 (./engine.ts `Seat`).
 */
import type { Seat } from './engine.js';

/** The player to the left of `seat` (the next seat clockwise) at a table of `seatCount`. */
export function leftOf(seat: Seat, seatCount: number): Seat {
  return (seat + 1) % seatCount;
}

/** The player to the right of `seat` (the previous seat, counter-clockwise) at a table of `seatCount`. */
export function rightOf(seat: Seat, seatCount: number): Seat {
  return (seat - 1 + seatCount) % seatCount;
}

/**
 * Every seat but `seat`, clockwise from its left: `seat + 1`, `seat + 2`, … (the order in
 * which rivals react, vote or break a tie, e.g. docs/rules/suspicion.md §1.7, §1.9).
 */
export function rivalsClockwise(seat: Seat, seatCount: number): Seat[] {
  const out: Seat[] = [];
  for (let i = 1; i < seatCount; i++) out.push((seat + i) % seatCount);
  return out;
}
