// Date helpers shared by the widgets. A bare wire date ('2025-03-14') is local midnight of that day,
// never a UTC shift (docs/architecture.md, "The contract").
import { isValid, parseISO } from 'date-fns';

/** Activity timeline dates (spec 000 §9): 'Mar 14, 2025 at 3:05 PM'. */
export const ACTIVITY_DATE_FORMAT = "MMM d, yyyy 'at' h:mm a";

export type DateInput = Date | string | number | null | undefined;

/** A Date from a Date, an epoch number or an ISO-8601 string; null when missing or invalid. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'MMM d, yyyy at h:mm a' (ACTIVITY_DATE_FORMAT, English month names), or '' when there is no valid
 * date. Written out for this one pattern: a general formatter and its locale data would weigh on
 * every screen that shows a relative time.
 */
export function formatActivityDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${String(date.getFullYear()).padStart(4, '0')} at ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}
