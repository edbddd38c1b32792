// How the onboarding screens show statuses and values.
import type { StatusType } from '../../contract/onboarding';
import { formatDay } from '../../lib/date-display';

export const STATUS_COLOURS: Record<StatusType, string> = {
  Initial: 'blue',
  SelfSignUp: 'cyan',
  Incomplete: 'yellow',
  Suspended: 'orange',
  Approved: 'green',
  Terminated: 'red',
  Hidden: 'gray',
};

/** A calendar day (revived as local midnight, or still 'YYYY-MM-DD') in the reader's language. */
export function calendarDay(value: string | Date, language: string): string {
  return formatDay(value instanceof Date ? value : String(value).slice(0, 10), { locale: language });
}

/** A field's value as read: a date field's day (revived by the client) in the reader's language. */
export function shown(value: string | Date, language: string): string {
  return value instanceof Date ? calendarDay(value, language) : value;
}
