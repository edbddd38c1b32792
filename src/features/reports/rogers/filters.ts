// Default dates of the Rogers screens: the 30 days up to today (the device's calendar day).
import { formatWireDate } from '../../../api/revive-dates';

export function defaultDates(now = new Date()): { startDate: string; endDate: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 29);
  return { startDate: formatWireDate(start), endDate: formatWireDate(now) };
}

/** The message of a bad date range, or null. */
export function rangeProblem(
  startDate: string | undefined,
  endDate: string | undefined,
): 'rangeOrder' | null {
  return startDate && endDate && endDate < startDate ? 'rangeOrder' : null;
}
