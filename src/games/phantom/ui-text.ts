/**
 * Text of the Tricks and the Phantom renderers: card and clue labels, glass targets, the
 * reveal of a solved crime, log lines and error answers. Every string comes from `phantomText(ctx.t)`.
 */
import type { Catalog } from '../../i18n/index.js';
import type { GameEvent, Seat, Viewer } from '../engine.js';
import type { RenderContext } from '../ui.js';
import {
  CARDS,
  type CardNumber,
  type Colour,
  type CrimeReveal,
  type CrimeStep,
  type GlassTarget,
  type PhantomError,
  type PointLine,
} from './rules.js';
import { phantomText } from './text/index.js';

/** A card as "🟦 10 Politician (blue)" (emoji and word, docs/discord.md), or "👻 Phantom". */
export function cardLabel(t: Catalog, card: CardNumber): string {
  const p = phantomText(t);
  const data = CARDS[card];
  const name = p.cardNames[data.key];
  return data.colour === null ? p.phantomCard(p.phantomEmoji, name) : p.card(p.colourEmoji[data.colour], card, name, p.colourWords[data.colour]);
}

/** A card with its effect text (panel). */
export function cardWithEffect(t: Catalog, card: CardNumber): string {
  return phantomText(t).cardWithEffect(cardLabel(t, card), phantomText(t).cardEffects[CARDS[card].key]);
}

/** A clue colour as "🟥 red". */
export function clueLabel(t: Catalog, colour: Colour): string {
  return phantomText(t).colours[colour];
}

/** 2 players: "A" or "B" for a position; '' otherwise. */
export function seatLetter(t: Catalog, players: number, position: number): string {
  return players === 2 ? (phantomText(t).seatLetters[Math.floor(position / players)] ?? '') : '';
}

/** The player of a position, with the seat in the 2-player game ("Ana (seat B)"). */
export function positionOwner(ctx: RenderContext, players: number, position: number): string {
  const who = ctx.name(position % players);
  const letter = seatLetter(ctx.t, players, position);
  return letter ? phantomText(ctx.t).ownerSeat(who, letter) : who;
}

/** A reported card as a glass target, identified by its player and clue colour. */
export function targetLabel(
  ctx: RenderContext,
  players: number,
  on: GlassTarget,
  cards: readonly { position: number; colour: Colour }[],
  fourthParty: CardNumber | null,
): string {
  const p = phantomText(ctx.t);
  if (on === 'fourth') return fourthParty === null ? '?' : p.targetFourth(cardLabel(ctx.t, fourthParty));
  const card = cards.find((c) => c.position === on);
  const colour = card ? clueLabel(ctx.t, card.colour) : '?';
  const who = ctx.name(on % players);
  return players === 2 ? p.targetPlayedSeat(who, seatLetter(ctx.t, players, on), colour) : p.targetPlayed(who, colour);
}

/** One step of the criminal determination in words. */
export function stepText(t: Catalog, step: CrimeStep): string {
  const p = phantomText(t);
  switch (step.kind) {
    case 'strike':
      return p.stepStrike(cardLabel(t, step.card), cardLabel(t, step.struck));
    case 'cancel':
      return p.stepCancel(cardLabel(t, step.card), step.cancelled.map((c) => cardLabel(t, c)).join(', '));
    case 'becomes-criminal': {
      const key = CARDS[step.card].key;
      const f = key === 'barkeeper' || key === 'courier' ? p.stepBecomes[key] : p.stepBecomes.other;
      return f(cardLabel(t, step.card));
    }
    case 'no-trigger': {
      const key = CARDS[step.card].key;
      const f = key === 'barkeeper' || key === 'courier' ? p.stepNoTrigger[key] : p.stepNoTrigger.other;
      return f(cardLabel(t, step.card));
    }
    case 'highest':
      return p.stepHighest(cardLabel(t, step.card));
    case 'none':
      return p.stepNone;
  }
}

/** A scoring line in words ("glass on the criminal +4 (Detective ×2)"). */
export function reasonText(t: Catalog, line: PointLine): string {
  return phantomText(t).reasons[line.reason](line.amount, line.doubled ?? false);
}

/** The criminal of a reveal, with whose card it was. */
export function criminalText(ctx: RenderContext, players: number, r: CrimeReveal): string {
  const p = phantomText(ctx.t);
  if (r.criminal === null || r.criminalAt === null) return p.revealNoCriminal;
  const whose = r.criminalAt === 'fourth' ? p.criminalFourth : p.criminalOf(positionOwner(ctx, players, r.criminalAt));
  return p.revealCriminal(cardLabel(ctx.t, r.criminal), whose);
}

/** The public reveal of the last crime: cards, criminal, why, glasses, points (board body). */
export function revealLines(ctx: RenderContext, players: number, r: CrimeReveal): string[] {
  const p = phantomText(ctx.t);
  const t = ctx.t;
  const cards = r.cards.map((c) => p.revealCard(positionOwner(ctx, players, c.position), cardLabel(t, c.card), clueLabel(t, c.colour)));
  if (r.fourthParty !== null) cards.push(p.revealFourth(cardLabel(t, r.fourthParty)));
  const glasses = r.glasses.map((g) => p.revealGlass(ctx.name(g.seat), targetLabel(ctx, players, g.on, r.cards, r.fourthParty)));
  const points = r.points.map((pt) =>
    p.revealPoints(
      ctx.name(pt.seat),
      pt.gain,
      pt.lines.map((l) => reasonText(t, l)).join('; '),
      r.scoresBefore[pt.seat] ?? 0,
      r.scoresAfter[pt.seat] ?? 0,
    ),
  );
  return [
    p.revealHeader(r.round, r.crime),
    cards.join(' · '),
    criminalText(ctx, players, r),
    p.revealWhy(r.steps.map((s) => stepText(t, s)).join('; ')),
    p.revealGlasses(glasses.join(' · ')),
    `${p.revealPointsHeader} ${points.join(' · ')}`,
  ];
}

/** Names of seats joined for a status line. */
export function names(ctx: RenderContext, seats: readonly Seat[]): string {
  return seats.map((s) => ctx.name(s)).join(' & ');
}

/** One log sentence for an event, phrased for `viewer`. */
export function describeEvent(e: GameEvent, ctx: RenderContext, viewer: Viewer): string | null {
  const p = phantomText(ctx.t);
  const t = ctx.t;
  const ev = e as GameEvent & Record<string, any>;
  switch (e.type) {
    case 'round-started': {
      const players = ctx.seats.length;
      const who = positionOwner(ctx, players, ev.firstInvestigator as number);
      return ev.fourthParty !== null && ev.fourthParty !== undefined
        ? p.eventRoundStartedFourth(ev.round, who, cardLabel(t, ev.fourthParty as CardNumber))
        : p.eventRoundStarted(ev.round, who);
    }
    case 'dealt':
      return p.eventDealt((ev.cards as CardNumber[]).map((c) => cardLabel(t, c)).join(', '));
    case 'discarded':
      return viewer === ev.seat ? null : p.eventDiscarded(ctx.name(ev.seat as Seat));
    case 'you-discarded':
      return p.eventYouDiscarded(cardLabel(t, ev.card as CardNumber));
    case 'reported':
      return viewer === ev.seat
        ? null
        : p.eventReported(positionOwner(ctx, ctx.seats.length, ev.position as number), clueLabel(t, ev.colour as Colour));
    case 'you-reported':
      return p.eventYouReported(cardLabel(t, ev.card as CardNumber), clueLabel(t, ev.colour as Colour));
    case 'glass-placed': {
      const players = ctx.seats.length;
      const on = ev.on as GlassTarget;
      const cards = on === 'fourth' ? [] : [{ position: on, colour: ev.colour as Colour }];
      const mine = viewer === ev.seat;
      // A glass on a card its owner played: "your own …" / "their own …", never "Ana's … card" of Ana.
      const own = on !== 'fourth' && on % players === ev.seat;
      const letter = own ? seatLetter(t, players, on) || undefined : undefined;
      const target = own ? (mine ? p.targetYourOwn : p.targetTheirOwn)(clueLabel(t, ev.colour as Colour), letter) : targetLabel(ctx, players, on, cards, (ev.card ?? null) as CardNumber | null);
      return mine ? p.eventYouGlass(target) : p.eventGlass(ctx.name(ev.seat as Seat), target);
    }
    case 'crime-solved': {
      const r = ev.reveal as CrimeReveal;
      const players = ctx.seats.length;
      const head =
        r.criminal === null || r.criminalAt === null
          ? p.eventSolvedNone(r.round, r.crime)
          : p.eventSolved(
              r.round,
              r.crime,
              cardLabel(t, r.criminal),
              r.criminalAt === 'fourth' ? p.criminalFourth : p.criminalOf(positionOwner(ctx, players, r.criminalAt)),
            );
      const list = r.points.map((pt) => p.eventScoredEntry(ctx.name(pt.seat), pt.gain, r.scoresAfter[pt.seat] ?? 0)).join(', ');
      return `${head} ${p.eventScored(list)}`;
    }
    case 'fourth-party':
      return p.eventFourthParty(cardLabel(t, ev.card as CardNumber));
    case 'tie-play-on':
      return p.tiePlayOn(ev.score as number);
    case 'game-over': {
      const winners = ev.winners as Seat[];
      const scores = ev.scores as number[];
      return p.eventGameOver(names(ctx, winners), scores[winners[0] ?? 0] ?? 0);
    }
    default:
      return null;
  }
}

/** A private, plain-language answer for a refused action (one catalog text per `PhantomError` code). */
export function describeError(error: PhantomError, t: Catalog): string {
  const errors = phantomText(t).errors;
  if (error.code === 'wrong-colour') {
    const colour = error.params?.colour;
    return errors['wrong-colour'](colour === 'yellow' || colour === 'red' || colour === 'blue' ? clueLabel(t, colour) : String(colour ?? ''));
  }
  // A code from outside the union (never produced by the engine) gets the generic text.
  return errors[error.code] ?? errors.unknown;
}
