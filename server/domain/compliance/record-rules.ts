// The compliance rules about the time records themselves: breaks covering a whole entry, entries
// that overlap, entries or breaks with no end time, and the listing of every record.
import { formatHm } from '../time/clock-time';
import { spansOverlap } from '../time/entry-rules';
import { type Finding, finding, hours, inRange, MIN, type Rule, rangeDays, workedSeconds } from './model';

export const noWorkWithBreak: Rule = (e, range, days) =>
  rangeDays(days, range).flatMap((d) =>
    d.shifts
      .filter((s) => s.breaks.length > 0 && workedSeconds(s) === 0)
      .map((s) =>
        finding(
          'NoWorkHoursWithMealBreak',
          e,
          d,
          s.end === null
            ? `A break is recorded on the entry started at ${formatHm(s.start)}, which has no end time.`
            : `The breaks cover the whole entry from ${formatHm(s.start)} to ${formatHm(s.end)}.`,
          { TimeEntryIDs: [s.Id, ...s.breaks.map((b) => b.Id)] },
        ),
      ),
  );

export const overlapping: Rule = (e, range) => {
  const sorted = [...e.shifts].sort((a, b) => a.start - b.start);
  const out: Finding[] = [];
  for (let i = 0; i < sorted.length; i++)
    for (let j = i + 1; j < sorted.length; j++) {
      const a = sorted[i];
      const b = sorted[j];
      // Sorted by start: once b starts after a's end, no later entry overlaps a.
      if (a.end !== null && b.start >= a.end) break;
      if (!spansOverlap(a, b) || !inRange(b.Day, range)) continue;
      out.push(
        finding(
          'OverlappingTimeEntries',
          e,
          b,
          `The entry from ${formatHm(b.start)} overlaps the entry ${a.end === null ? `started at ${formatHm(a.start)} (still open)` : `from ${formatHm(a.start)} to ${formatHm(a.end)}`}${a.Day === b.Day ? '' : ` of ${a.Day}`}.`,
          { TimeEntryIDs: [a.Id, b.Id] },
        ),
      );
    }
  return out;
};

export const incomplete: Rule = (e, range, days) =>
  rangeDays(days, range).flatMap((d) =>
    d.shifts.flatMap((s) => {
      const out: Finding[] = [];
      if (s.end === null)
        out.push(
          finding(
            'IncompleteTimeEntries',
            e,
            d,
            `The work entry started at ${formatHm(s.start)} has no end time.`,
            {
              TimeEntryIDs: [s.Id],
            },
          ),
        );
      for (const b of s.breaks)
        if (b.end === null)
          out.push(
            finding(
              'IncompleteTimeEntries',
              e,
              d,
              `The break started at ${formatHm(b.start)} has no end time.`,
              {
                TimeEntryIDs: [s.Id, b.Id],
              },
            ),
          );
      return out;
    }),
  );

export const allRecords: Rule = (e, range, days) =>
  rangeDays(days, range).flatMap((d) =>
    d.shifts.map((s) => {
      const breaks = s.breaks.map((b) => `${formatHm(b.start)}–${b.end === null ? '…' : formatHm(b.end)}`);
      const minutes = workedSeconds(s) / MIN;
      return finding(
        'AllTimeRecordsReport',
        e,
        d,
        `${formatHm(s.start)}–${s.end === null ? '(open)' : formatHm(s.end)}${breaks.length ? `, breaks ${breaks.join(', ')}` : ''}.`,
        { Hours: hours(minutes), TimeEntryIDs: [s.Id, ...s.breaks.map((b) => b.Id)] },
      );
    }),
  );
