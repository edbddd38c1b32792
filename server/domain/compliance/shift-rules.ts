// The compliance rules about the entries of a day after the first: a split shift (a long gap), a
// gap under five minutes, a later entry shorter than two hours.
import { formatHm } from '../time/clock-time';
import { LIMITS } from './kinds';
import { type DayView, finding, hm, hours, MIN, type Rule, rangeDays, type ShiftIn } from './model';

/** Pairs of consecutive closed work entries of a day with the gap between them, in minutes. */
export function gaps(d: DayView): { prev: ShiftIn; next: ShiftIn; gap: number }[] {
  const out: { prev: ShiftIn; next: ShiftIn; gap: number }[] = [];
  for (let i = 1; i < d.shifts.length; i++) {
    const prev = d.shifts[i - 1];
    const next = d.shifts[i];
    if (prev.end === null) continue;
    out.push({ prev, next, gap: (next.start - prev.end) / MIN });
  }
  return out;
}

export const splitPay: Rule = (e, range, days) =>
  rangeDays(days, range).flatMap((d) =>
    gaps(d)
      .filter((g) => g.gap > LIMITS.splitGap)
      .map((g) =>
        finding(
          'SplitPay',
          e,
          d,
          `Work stopped at ${formatHm(g.prev.end as number)} and started again at ${formatHm(g.next.start)} (${hm(g.gap)} between).`,
          { Hours: hours(g.gap), TimeEntryIDs: [g.prev.Id, g.next.Id] },
        ),
      ),
  );

export const lapseBelow5: Rule = (e, range, days) =>
  rangeDays(days, range).flatMap((d) =>
    gaps(d)
      .filter((g) => g.gap > 0 && g.gap < LIMITS.lapseBelow)
      .map((g) =>
        finding(
          'RecordedTimeLapseBelow5Min',
          e,
          d,
          `Work stopped at ${formatHm(g.prev.end as number)} and started again at ${formatHm(g.next.start)} (${Math.round(g.gap * 60)} seconds between).`,
          { TimeEntryIDs: [g.prev.Id, g.next.Id] },
        ),
      ),
  );

export const secondShiftBelow2h: Rule = (e, range, days) =>
  rangeDays(days, range).flatMap((d) =>
    d.shifts
      .slice(1)
      .filter((s) => s.end !== null && (s.end - s.start) / MIN < LIMITS.secondShiftMinimum)
      .map((s) => {
        const minutes = ((s.end as number) - s.start) / MIN;
        return finding(
          'RecordedTimeSecondShiftBelow2Hour',
          e,
          d,
          `A later entry from ${formatHm(s.start)} to ${formatHm(s.end as number)} lasted ${hm(minutes)}.`,
          { Hours: hours(minutes), TimeEntryIDs: [s.Id] },
        );
      }),
  );
