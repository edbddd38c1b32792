// Money and time arithmetic of the engine: integer cents, whole minutes, half-up rounding.
// "Half-up" rounds a half cent away from zero (2.5 → 3, −2.5 → −3), so a negative line mirrors its
// positive one. Rates may carry a fraction of a cent; they are taken to a thousandth of a cent
// (millicents) and every amount is computed in integers, then rounded once per line.
import type { Cents } from './types';

/** n / d rounded half away from zero; d > 0, both integers. */
export function roundDiv(n: number, d: number): number {
  const q = Math.floor((2 * Math.abs(n) + d) / (2 * d));
  return n < 0 ? -q : q;
}

/** A rate in cents as an integer number of thousandths of a cent. */
export function millicents(rate: Cents): number {
  return Math.round(rate * 1000);
}

/** The amount of `minutes` at `rate` cents per hour, rounded half-up to the cent. */
export function amountForMinutes(rate: Cents, minutes: number): Cents {
  return roundDiv(millicents(rate) * minutes, 60_000);
}

/** The amount of `units` (e.g. pieces, up to 3 decimals) at `rate` cents each, rounded half-up to the cent. */
export function amountForUnits(rate: Cents, units: number): Cents {
  return roundDiv(millicents(rate) * Math.round(units * 1000), 1_000_000);
}

/** `rate` × `multiplier`, kept to a thousandth of a cent. */
export function scaleRate(rate: Cents, multiplier: number): Cents {
  return Math.round(rate * multiplier * 1000) / 1000;
}

/** Decimal hours (as on the wire) to whole minutes. */
export function minutesOfHours(hours: number | null | undefined): number {
  return hours ? Math.round(hours * 60) : 0;
}

/** Whole minutes to decimal hours. */
export function hoursOfMinutes(minutes: number): number {
  return minutes / 60;
}

/** Dollars on the wire (e.g. 25.5) to integer cents. */
export function centsOfDollars(dollars: number | null | undefined): Cents {
  return dollars ? Math.round(dollars * 100) : 0;
}

/** Integer cents to dollars for the wire (2 decimals). */
export function dollarsOfCents(cents: Cents): number {
  return round2(cents / 100);
}

/** A number rounded half away from zero to 2 decimals (the wire's precision). */
export function round2(n: number): number {
  const r = Math.round(Math.abs(n) * 100 + 1e-9) / 100;
  return n < 0 ? -r : r;
}
