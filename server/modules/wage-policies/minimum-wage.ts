// The minimum wage in force on each day of a date range for one jurisdiction (the payroll engine's
// minimum wage advance). The most specific policy wins day by day: the state/province policy where
// it has a period covering the day, else the country's (federal) policy; a day neither covers is
// left out of the schedule (no minimum wage known).
import { and, eq, isNull, or } from 'drizzle-orm';
import type { MinimumWageSpan } from '../../../src/contract/wage-policies';
import type { Db } from '../../db/client';
import { wagePolicies, wagePolicyHistory } from '../../db/tables';
import type { DbOrTx } from '../scheduling/scope';

export type { MinimumWageSpan };

export interface Jurisdiction {
  CountryID: number;
  /** Two-letter code; null/undefined/'' for the country only. */
  StateProvince?: string | null;
}

interface Rate {
  StartDate: string;
  EndDate: string | null;
  MinimumWageCents: number;
  WagePolicyID: number;
}

/** YYYY-MM-DD + n days (UTC calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const maxDay = (a: string, b: string) => (a > b ? a : b);
const minDay = (a: string, b: string) => (a < b ? a : b);

/**
 * Pure part: merges a specific policy's periods over a general one's for [startDate, endDate]
 * (inclusive) and returns the schedule as consecutive spans with one rate each, in date order.
 * Adjacent spans with the same rate from the same policy are joined.
 */
export function buildSchedule(
  specific: readonly Rate[],
  general: readonly Rate[],
  startDate: string,
  endDate: string,
): MinimumWageSpan[] {
  if (endDate < startDate) return [];
  const clip = (rates: readonly Rate[]) =>
    rates
      .map((r) => ({
        ...r,
        StartDate: maxDay(r.StartDate, startDate),
        EndDate: minDay(r.EndDate ?? endDate, endDate),
      }))
      .filter((r) => r.StartDate <= r.EndDate)
      .sort((a, b) => a.StartDate.localeCompare(b.StartDate));
  const top = clip(specific);
  const spans: MinimumWageSpan[] = [];
  const push = (r: {
    StartDate: string;
    EndDate: string;
    MinimumWageCents: number;
    WagePolicyID: number;
  }) => {
    const last = spans[spans.length - 1];
    if (
      last &&
      last.MinimumWageCents === r.MinimumWageCents &&
      last.WagePolicyID === r.WagePolicyID &&
      addDays(last.EndDate, 1) === r.StartDate
    ) {
      last.EndDate = r.EndDate;
      return;
    }
    spans.push({
      StartDate: r.StartDate,
      EndDate: r.EndDate,
      MinimumWage: r.MinimumWageCents / 100,
      MinimumWageCents: r.MinimumWageCents,
      WagePolicyID: r.WagePolicyID,
    });
  };
  // Fill the gaps between the specific periods with the general ones.
  const gaps: { StartDate: string; EndDate: string }[] = [];
  let cursor = startDate;
  for (const r of top) {
    if (r.StartDate > cursor) gaps.push({ StartDate: cursor, EndDate: addDays(r.StartDate, -1) });
    cursor = maxDay(cursor, addDays(r.EndDate, 1));
  }
  if (cursor <= endDate) gaps.push({ StartDate: cursor, EndDate: endDate });
  const fill = gaps.flatMap((g) =>
    clip(general)
      .map((r) => ({
        ...r,
        StartDate: maxDay(r.StartDate, g.StartDate),
        EndDate: minDay(r.EndDate, g.EndDate),
      }))
      .filter((r) => r.StartDate <= r.EndDate),
  );
  for (const r of [...top, ...fill].sort((a, b) => a.StartDate.localeCompare(b.StartDate))) push(r);
  return spans;
}

/**
 * The minimum wage schedule of a jurisdiction over [startDate, endDate] (YYYY-MM-DD, inclusive):
 * consecutive `{ StartDate, EndDate, MinimumWage (dollars), MinimumWageCents, WagePolicyID }` spans
 * in date order. Days no policy covers are absent.
 */
export async function minimumWageSchedule(
  db: Db | DbOrTx,
  jurisdiction: Jurisdiction,
  startDate: string,
  endDate: string,
): Promise<MinimumWageSpan[]> {
  const state = jurisdiction.StateProvince ? jurisdiction.StateProvince.toUpperCase() : null;
  const rows = await db
    .select({
      StateProvince: wagePolicies.StateProvince,
      WagePolicyID: wagePolicyHistory.WagePolicyID,
      StartDate: wagePolicyHistory.StartDate,
      EndDate: wagePolicyHistory.EndDate,
      MinimumWageCents: wagePolicyHistory.MinimumWageCents,
    })
    .from(wagePolicyHistory)
    .innerJoin(wagePolicies, eq(wagePolicies.WagePolicyID, wagePolicyHistory.WagePolicyID))
    .where(
      and(
        eq(wagePolicies.CountryID, jurisdiction.CountryID),
        state
          ? or(isNull(wagePolicies.StateProvince), eq(wagePolicies.StateProvince, state))
          : isNull(wagePolicies.StateProvince),
      ),
    );
  const specific = state ? rows.filter((r) => r.StateProvince === state) : [];
  const general = rows.filter((r) => r.StateProvince === null);
  return buildSchedule(specific, general, startDate, endDate);
}

/** The minimum wage in cents on one day of a schedule, or null when none is known. */
export function minimumWageOn(schedule: readonly MinimumWageSpan[], day: string): number | null {
  const span = schedule.find((s) => s.StartDate <= day && day <= s.EndDate);
  return span ? span.MinimumWageCents : null;
}
