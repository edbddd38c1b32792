// The compliance rules over weeks and runs of days: hours over 60 or 70 in a week, all seven days
// of a week worked, seven or more work days in a row.
import { addDays, dayNumber } from '../time/clock-time';
import { weekOf } from '../time/week';
import { type ComplianceKind, LIMITS } from './kinds';
import { type DayView, type Finding, finding, hm, hours, inRange, type Range, type Rule } from './model';

/** Monday of each week that intersects the range. */
export function weeksOf(range: Range): string[] {
  const out: string[] = [];
  for (let w = weekOf(range.StartDate).start; w <= range.EndDate; w = addDays(w, 7)) out.push(w);
  return out;
}

export function weekDays(days: Map<string, DayView>, monday: string): DayView[] {
  const out: DayView[] = [];
  for (let i = 0; i < 7; i++) {
    const d = days.get(addDays(monday, i));
    if (d) out.push(d);
  }
  return out;
}

export function overHours(kind: ComplianceKind, limit: number): Rule {
  return (e, range, days) =>
    weeksOf(range).flatMap((monday) => {
      const week = weekDays(days, monday);
      const worked = week.reduce((s, d) => s + d.workedMinutes, 0);
      if (worked <= limit) return [];
      return [
        finding(
          kind,
          e,
          { Day: monday, IcdOfficeID: week[0]?.IcdOfficeID ?? null },
          `Worked ${hm(worked)} in the week of ${monday}.`,
          { Hours: hours(worked), TimeEntryIDs: week.flatMap((d) => d.ids) },
        ),
      ];
    });
}

export const seventhDay: Rule = (e, range, days) =>
  weeksOf(range).flatMap((monday) => {
    const week = weekDays(days, monday).filter((d) => d.workedMinutes > 0);
    if (week.length < 7) return [];
    const worked = week.reduce((s, d) => s + d.workedMinutes, 0);
    return [
      finding(
        'SeventhDayOfRest',
        e,
        { Day: monday, IcdOfficeID: week[0].IcdOfficeID },
        `Worked all seven days of the week of ${monday}.`,
        { Hours: hours(worked), TimeEntryIDs: week.flatMap((d) => d.ids) },
      ),
    ];
  });

export const daysInRow: Rule = (e, range, days) => {
  const worked = [...days.values()]
    .filter((d) => d.workedMinutes > 0)
    .sort((a, b) => (a.Day < b.Day ? -1 : 1));
  const out: Finding[] = [];
  let run: DayView[] = [];
  const close = () => {
    const last = run[run.length - 1];
    if (run.length >= LIMITS.daysInRow && last && inRange(last.Day, range))
      out.push(
        finding(
          'Worked7WorkDaysInRow',
          e,
          last,
          `Worked ${run.length} days in a row, from ${run[0].Day} to ${last.Day}.`,
          { TimeEntryIDs: run.flatMap((d) => d.ids) },
        ),
      );
    run = [];
  };
  for (const d of worked) {
    const prev = run[run.length - 1];
    if (prev && dayNumber(d.Day) !== dayNumber(prev.Day) + 1) close();
    run.push(d);
  }
  close();
  return out;
};
