// What changed between two copies of a time entry, field by field, as the audit and the employee's
// "your time was changed" notice show it.
import { countedMinutes } from '../time/entry-rules';

export interface FieldChange {
  Field: string;
  Before: string | null;
  After: string | null;
}

/** The fields of a time entry a person can change, in the order they are shown. */
export const ENTRY_FIELDS = [
  'Date',
  'StartTime',
  'EndTime',
  'IsBreak',
  'TimeEntryTypeID',
  'IcdOfficeID',
  'ProgramID',
  'StoreID',
  'ParentTimeEntryID',
  'Comments',
] as const;

type Copy = Readonly<Record<string, unknown>> | null | undefined;

function shown(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The display name of an id-valued field's value (an office's name for IcdOfficeID …), if known. */
export type Labeler = (field: string, value: string) => string | undefined;

/**
 * The fields that differ. A create lists every field that has a value (Before null); a delete every
 * field that had one (After null). With a labeler, ids are shown by name.
 */
export function diffEntries(
  before: Copy,
  after: Copy,
  fields: readonly string[] = ENTRY_FIELDS,
  label?: Labeler,
): FieldChange[] {
  const out: FieldChange[] = [];
  const named = (field: string, value: string | null) =>
    value === null ? null : (label?.(field, value) ?? value);
  for (const field of fields) {
    const b = before ? shown(before[field]) : null;
    const a = after ? shown(after[field]) : null;
    if (b !== a) out.push({ Field: field, Before: named(field, b), After: named(field, a) });
  }
  return out;
}

function timesOf(copy: Copy): { StartTime: string | null; EndTime: string | null } {
  const start = copy?.StartTime;
  const end = copy?.EndTime;
  return {
    StartTime: typeof start === 'string' ? start : null,
    EndTime: typeof end === 'string' ? end : null,
  };
}

/**
 * Worked minutes a change adds (negative: removes): a work entry counts its minutes, a break
 * subtracts them.
 */
export function minutesDelta(before: Copy, after: Copy): number {
  const value = (copy: Copy) => {
    if (!copy) return 0;
    const minutes = countedMinutes(timesOf(copy));
    return copy.IsBreak === true ? -minutes : minutes;
  };
  return value(after) - value(before);
}
