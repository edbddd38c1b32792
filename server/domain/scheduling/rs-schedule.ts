// RS (road-show) schedule rules, pure: the period, overlapping schedules of the office, dates and
// sales inside the period, and people on dates being on the schedule.
import type { Refusal } from './rules';
import { daysBetween } from './times';

export const MAX_RS_SCHEDULE_DAYS = 31;

export const RS_MESSAGES = {
  tooLong: `An RS schedule covers ${MAX_RS_SCHEDULE_DAYS} days at most.`,
  overlapping: (office: string, other: { StartDate: string; EndDate: string }) =>
    `${office} already has an RS schedule from ${other.StartDate} to ${other.EndDate}.`,
  outside: (start: string, end: string) => `The date must be within the schedule (${start} to ${end}).`,
  notOnSchedule: (name: string) => `${name} is not on this schedule; add them to its employees first.`,
  hasDates: (name: string) => `${name} has dates on this schedule; remove those dates first.`,
  notQualifying: (name: string, office: string) => `${name} cannot be scheduled at ${office}.`,
} as const;

export interface RsScheduleInput {
  officeName: string;
  StartDate: string;
  EndDate: string;
  /** Other schedules of the office whose period meets this one. */
  overlapping: readonly { StartDate: string; EndDate: string }[];
  employeeIds: ReadonlySet<number>;
  names: ReadonlyMap<number, string>;
  dates: readonly { EmployeeID: number; Date: string }[];
  sales: readonly { Date?: string | null }[];
}

export function checkRsSchedule(input: RsScheduleInput): Refusal | null {
  const { StartDate, EndDate } = input;
  if (daysBetween(StartDate, EndDate) + 1 > MAX_RS_SCHEDULE_DAYS)
    return { status: 400, message: RS_MESSAGES.tooLong, errors: { EndDate: [RS_MESSAGES.tooLong] } };
  const other = input.overlapping.find((o) => o.StartDate <= EndDate && StartDate <= o.EndDate);
  if (other) return { status: 422, message: RS_MESSAGES.overlapping(input.officeName, other) };
  const outside = RS_MESSAGES.outside(StartDate, EndDate);
  const errors: Record<string, string[]> = {};
  input.dates.forEach((d, i) => {
    if (d.Date < StartDate || d.Date > EndDate) errors[`RSScheduleDates.${i}.Date`] = [outside];
  });
  input.sales.forEach((s, i) => {
    if (s.Date && (s.Date < StartDate || s.Date > EndDate)) errors[`RSScheduleSales.${i}.Date`] = [outside];
  });
  if (Object.keys(errors).length) return { status: 400, message: outside, errors };
  const stranger = input.dates.find((d) => !input.employeeIds.has(d.EmployeeID));
  if (stranger)
    return {
      status: 422,
      message: RS_MESSAGES.notOnSchedule(
        input.names.get(stranger.EmployeeID) ?? `Employee ${stranger.EmployeeID}`,
      ),
    };
  return null;
}

/** A new list of the schedule's employees: refused when someone removed still has dates. */
export function checkEmployeeList(input: {
  next: ReadonlySet<number>;
  qualifying: ReadonlySet<number>;
  withDates: ReadonlySet<number>;
  names: ReadonlyMap<number, string>;
  officeName: string;
}): Refusal | null {
  const name = (id: number) => input.names.get(id) ?? `Employee ${id}`;
  for (const id of input.next)
    if (!input.qualifying.has(id))
      return { status: 422, message: RS_MESSAGES.notQualifying(name(id), input.officeName) };
  for (const id of input.withDates)
    if (!input.next.has(id)) return { status: 422, message: RS_MESSAGES.hasDates(name(id)) };
  return null;
}
