// Time entries, time entry types and what the clock needs (spec 002 §3 "Time entry", §5, §7 "Pay
// periods and time entries"). Wire rules: dates 'YYYY-MM-DD', times 'HH:mm:ss' (wall clock where
// the entry was recorded), instants ISO-8601. Responses are parsed by the PWA after its date revival,
// so every date in a response schema also accepts a Date (WireDateOut).
import { z } from 'zod';
import { Instant, Int32, pagedResult, QueryInt32, WireDate, WireTime } from './common';

/** A date in a response: 'YYYY-MM-DD' from the server, a local-midnight Date once the PWA revived it. */
export const WireDateOut = z.union([WireDate, z.date()]);
export type WireDateOut = z.infer<typeof WireDateOut>;

/** A request date: 'YYYY-MM-DD' of a day that exists (WireDate is strict itself). */
export const CalendarDay = WireDate;

/** Time entry types (table time_entry_types; GET time-entry-types). */
export const TimeEntryTypeId = {
  Work: 1,
  Training: 2,
  Travel: 3,
  Meeting: 4,
  EventSetup: 5,
} as const;

export const TIME_ENTRY_COMMENTS_MAX = 1000;
/** TimeZoneOffset bounds, in minutes (UTC−12:00 … UTC+14:00). */
export const TIME_ZONE_OFFSET_MIN = -720;
export const TIME_ZONE_OFFSET_MAX = 840;

export const TimeEntryType = z.object({
  TimeEntryTypeID: Int32,
  Name: z.string(),
});
export type TimeEntryType = z.infer<typeof TimeEntryType>;

const Id = Int32.positive();

/**
 * One work or break interval of one employee on one date at one office (the response).
 * - StartTime/EndTime: wall clock; EndTime earlier than StartTime means the entry ends the next day
 *   (EndsNextDay). Either may be null: an entry with a start and no end is an open punch.
 * - TimeZoneOffset: minutes to add to UTC to get the wall clock where the entry was recorded
 *   (ISO sign: Toronto in winter is -300, i.e. `-new Date().getTimezoneOffset()`).
 * - A break (IsBreak) always has its work entry in ParentTimeEntryID and is filed under that work
 *   entry's Date, office, program and store.
 * - Minutes: what the entry counts, 0 until it has both a start and an end (spec 002 §5).
 */
export const TimeEntry = z.object({
  Id: Int32,
  Date: WireDateOut,
  EmployeeID: Int32,
  TimeEntryTypeID: Int32,
  IcdOfficeID: Int32,
  ProgramID: Int32.nullable(),
  StoreID: Int32.nullable(),
  Comments: z.string().nullable(),
  IsRealTime: z.boolean(),
  TimeZoneOffset: Int32,
  StartTime: WireTime.nullable(),
  EndTime: WireTime.nullable(),
  IsBreak: z.boolean(),
  ParentTimeEntryID: Int32.nullable(),
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
  /** Radius of the position fix, in metres. */
  LocationAccuracy: z.number().nullable(),
  Minutes: Int32,
  EndsNextDay: z.boolean(),
  CreatedAt: Instant,
  UpdatedAt: Instant,
  Version: Int32,
});
export type TimeEntry = z.infer<typeof TimeEntry>;

const entryFields = {
  /** Whose entry: omitted = the signed-in user; another employee needs time:manage on the office. */
  EmployeeID: Id.optional(),
  /** Same as EmployeeID (the query-style name); EmployeeID wins when both are sent. */
  employeeId: Id.optional(),
  Date: CalendarDay,
  TimeEntryTypeID: Id,
  IcdOfficeID: Id,
  ProgramID: Id.nullable().optional(),
  StoreID: Id.nullable().optional(),
  Comments: z
    .string()
    .max(TIME_ENTRY_COMMENTS_MAX, `Comments are limited to ${TIME_ENTRY_COMMENTS_MAX} characters`)
    .nullable()
    .optional(),
  /** A live punch from the clock (true) or a time typed in afterwards (false, the default). */
  IsRealTime: z.boolean().optional(),
  TimeZoneOffset: z
    .number()
    .int()
    .min(TIME_ZONE_OFFSET_MIN, 'The time-zone offset is out of range')
    .max(TIME_ZONE_OFFSET_MAX, 'The time-zone offset is out of range'),
  StartTime: WireTime.nullable().optional(),
  EndTime: WireTime.nullable().optional(),
  Latitude: z.number().min(-90).max(90).nullable().optional(),
  Longitude: z.number().min(-180).max(180).nullable().optional(),
  LocationAccuracy: z.number().min(0).max(1_000_000).nullable().optional(),
};

/**
 * Body of POST time-entries (and, with Version, PUT time-entries/{id}). A break sets IsBreak and its
 * work entry's id in ParentTimeEntryID.
 */
export const TimeEntrySave = z.object({
  ...entryFields,
  IsBreak: z.boolean().optional(),
  ParentTimeEntryID: Id.nullable().optional(),
  /** The Version that was edited (required by PUT). */
  Version: Int32.min(1).optional(),
});
export type TimeEntrySave = z.infer<typeof TimeEntrySave>;

/** Body of PUT time-entries/{id}: the whole entry plus the Version that was edited. */
export const TimeEntryUpdate = TimeEntrySave.extend({ Version: Int32.min(1) });
export type TimeEntryUpdate = z.infer<typeof TimeEntryUpdate>;

/** Body of PATCH time-entries/{id}: only the fields to change, plus the Version that was edited. */
export const TimeEntryPatch = TimeEntrySave.omit({ EmployeeID: true, employeeId: true })
  .partial()
  .extend({ Version: Int32.min(1) });
export type TimeEntryPatch = z.infer<typeof TimeEntryPatch>;

/** The break part of a v2 body. */
export const BreakPart = z.object({
  /** The break entry to update (PUT); omitted = the entry's only break, or a new one. */
  Id: Id.optional(),
  StartTime: WireTime.nullable().optional(),
  EndTime: WireTime.nullable().optional(),
  /** The Version of the break that was edited (checked when sent). */
  Version: Int32.min(1).optional(),
});
export type BreakPart = z.infer<typeof BreakPart>;

/**
 * Body of POST v2/time-entries (and, with Id + Version, PUT v2/time-entries): the work part
 * (StartTime/EndTime) and optionally an embedded Break. Which parts carry a time decides the kind
 * (spec 002 §5):
 * - work and break times: a work entry, and its break saved as a child entry (ParentTimeEntryID);
 * - work times only: a work entry (an edited break becomes a work entry; its existing breaks stay);
 * - break times only: the entry itself is a break, of the work entry in ParentTimeEntryID;
 * - neither: 400.
 * A part counts in totals only once it has both a start and an end.
 */
export const TimeEntrySaveV2 = z.object({
  ...entryFields,
  /** The entry being edited (PUT v2/time-entries). */
  Id: Id.optional(),
  /** The work entry of a break-only body. */
  ParentTimeEntryID: Id.nullable().optional(),
  Break: BreakPart.nullable().optional(),
  Version: Int32.min(1).optional(),
});
export type TimeEntrySaveV2 = z.infer<typeof TimeEntrySaveV2>;

/** Body of PUT v2/time-entries. */
export const TimeEntryUpdateV2 = TimeEntrySaveV2.extend({ Id, Version: Int32.min(1) });
export type TimeEntryUpdateV2 = z.infer<typeof TimeEntryUpdateV2>;

/** Answer of POST/PUT v2/time-entries: the entry saved and the break saved with it (or null). */
export const TimeEntryV2Result = z.object({
  Entry: TimeEntry,
  Break: TimeEntry.nullable(),
});
export type TimeEntryV2Result = z.infer<typeof TimeEntryV2Result>;

/** Query of GET time-entries (paged, newest first). */
export const TimeEntriesQuery = z.object({
  PageIndex: QueryInt32.min(0).optional(),
  pageIndex: QueryInt32.min(0).optional(),
  pageSize: QueryInt32.min(1).max(500).optional(),
  PageSize: QueryInt32.min(1).max(500).optional(),
  /** Another employee's entries (time:manage on their offices). */
  employeeId: QueryInt32.positive().optional(),
  /** Every employee's entries at one office (time:manage on it). */
  icdOfficeId: QueryInt32.positive().optional(),
  startDate: CalendarDay.optional(),
  endDate: CalendarDay.optional(),
});
export type TimeEntriesQuery = z.infer<typeof TimeEntriesQuery>;

export const TimeEntryPage = pagedResult(TimeEntry);
export type TimeEntryPage = z.infer<typeof TimeEntryPage>;

/** Query of GET time-entries/week/{date} and GET time-entries/clock-lookups. */
export const EmployeeQuery = z.object({
  employeeId: QueryInt32.positive().optional(),
});
export type EmployeeQuery = z.infer<typeof EmployeeQuery>;

/** One day of a week summary. Breaks are filed under their work entry's date. */
export const DayTotal = z.object({
  Date: WireDateOut,
  /** Closed work entries (start and end), breaks not deducted. */
  WorkMinutes: Int32,
  /** Closed breaks. */
  BreakMinutes: Int32,
  /** Closed work entries minus their closed breaks: the time actually worked. */
  WorkedMinutes: Int32,
  /** Entries of the day still missing a start or an end (they count 0). */
  OpenCount: Int32,
});
export type DayTotal = z.infer<typeof DayTotal>;

/** GET time-entries/week/{date}: the employee's week (Monday to Sunday) containing {date}. */
export const WeekSummary = z.object({
  EmployeeID: Int32,
  /** Monday. */
  StartDate: WireDateOut,
  /** Sunday. */
  EndDate: WireDateOut,
  /** The week's entries, oldest first (work entries and breaks). */
  Entries: z.array(TimeEntry),
  /** Seven days, Monday first. */
  Days: z.array(DayTotal),
  WorkMinutes: Int32,
  BreakMinutes: Int32,
  WorkedMinutes: Int32,
  /**
   * Open punches (no EndTime) dated from the day before the week to its Sunday, oldest first — so
   * a shift clocked in on Sunday evening still shows as running on Monday.
   */
  OpenEntries: z.array(TimeEntry),
});
export type WeekSummary = z.infer<typeof WeekSummary>;

export const ClockStore = z.object({
  StoreID: Int32,
  Name: z.string(),
  ProgramID: Int32,
  RetailerName: z.string().nullable(),
  City: z.string(),
  StateProvince: z.string(),
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
});
export type ClockStore = z.infer<typeof ClockStore>;

export const ClockProgram = z.object({
  ProgramID: Int32,
  Name: z.string(),
  DivisionID: Int32,
  /** The office's stores of this program (empty for door-to-door programs). */
  Stores: z.array(ClockStore),
});
export type ClockProgram = z.infer<typeof ClockProgram>;

export const ClockOffice = z.object({
  IcdOfficeID: Int32,
  OfficeName: z.string(),
  City: z.string(),
  /** IANA zone of the office, e.g. 'America/Toronto'. */
  TimeZone: z.string(),
  /** The office's programs in the divisions of the employee's employment record there. */
  Programs: z.array(ClockProgram),
});
export type ClockOffice = z.infer<typeof ClockOffice>;

/** GET time-entries/clock-lookups: everything the clock needs to record a punch. */
export const ClockLookups = z.object({
  EmployeeID: Int32,
  /** Offices where the employee has an active employment record. */
  Offices: z.array(ClockOffice),
  TimeEntryTypes: z.array(TimeEntryType),
  DefaultTimeEntryTypeID: Int32,
});
export type ClockLookups = z.infer<typeof ClockLookups>;
