// Date helpers shared by the widgets. A bare wire date ('2025-03-14') is local midnight of that day,
// never a UTC shift (ARCHITECTURE.md, "The contract").
import { format, isValid, parseISO } from 'date-fns';

/** Activity timeline dates (spec 000 §9): 'Mar 14, 2025 at 3:05 PM'. */
export const ACTIVITY_DATE_FORMAT = "MMM d, yyyy 'at' h:mm a";

export type DateInput = Date | string | number | null | undefined;

/** A Date from a Date, an epoch number or an ISO-8601 string; null when missing or invalid. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

/** 'MMM d, yyyy at h:mm a', or '' when there is no valid date. */
export function formatActivityDate(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, ACTIVITY_DATE_FORMAT) : '';
}
