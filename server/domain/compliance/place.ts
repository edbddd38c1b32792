// Time entry rows → the shifts the compliance rules read: each work entry on its wall-clock
// timeline (server/domain/time/entry-rules.ts workSpan) with its breaks placed inside it (breakSpan),
// counted on its office day. Deleted entries are left out by the caller.
import { breakSpan, workSpan } from '../time/entry-rules';
import type { ShiftIn } from './model';

export interface EntryRow {
  Id: number;
  Date: string;
  StartTime: string | null;
  EndTime: string | null;
  IsBreak: boolean;
  ParentTimeEntryID: number | null;
  IcdOfficeID: number;
}

/**
 * The shifts of one employee's entries. `dayOf` gives a work entry's office day (default: its Date).
 * A work entry without a start, and a break whose work entry is not among the rows, are left out.
 */
export function placeShifts(
  rows: readonly EntryRow[],
  dayOf: (e: EntryRow) => string = (e) => e.Date,
): ShiftIn[] {
  const shifts = new Map<number, ShiftIn>();
  for (const e of rows) {
    if (e.IsBreak) continue;
    const span = workSpan(e);
    if (!span) continue;
    shifts.set(e.Id, {
      Id: e.Id,
      Day: dayOf(e),
      IcdOfficeID: e.IcdOfficeID,
      start: span.start,
      end: span.end,
      breaks: [],
    });
  }
  for (const e of rows) {
    if (!e.IsBreak || e.ParentTimeEntryID === null) continue;
    const parent = shifts.get(e.ParentTimeEntryID);
    if (!parent) continue;
    const span = breakSpan(parent, e);
    if (!span) continue;
    parent.breaks.push({ Id: e.Id, start: span.start, end: span.end });
  }
  for (const s of shifts.values()) s.breaks.sort((a, b) => a.start - b.start);
  return [...shifts.values()];
}
