// Scheduling wire format (spec 002 §3, §4, §7 "RS schedules", "Schedule events"; spec 001 §3 event
// host types, §7 "Event hosts"). Paths are relative to the API root (`/api/`); `{page}` is the 0-based
// page index (spec 002 §9) with `pageSize` in the query.
//
// Permissions: `scheduling:manage` (managers/owners, limited to the offices the key reaches) for every
// managerial call; `scheduling:respond` for staff answering their own assignments. "own or manager"
// calls accept `scheduling:respond` for the caller's own employee id and `scheduling:manage` (office
// scope) for anyone else's.
//
// Calls of endpoints.tsv (areas `scheduling`):
//   GET    rs-schedules                                   RSScheduleQuery → RSSchedule[]
//   GET    RSSchedule/page/{page}                         RSScheduleQuery + pageSize → paged RSSchedule
//   GET    rsschedule/{id}                                → RSScheduleDetail
//   PUT    rsschedule/{id}                                RSScheduleUpdate → RSScheduleDetail (409 + Current)
//   POST   RSSchedule/ListRSScheduleEmployees             RSScheduleRef → RSScheduleEmployee[]
//   POST   RSSchedule/ListQualifyingEmployees             QualifyingEmployeesQuery → QualifyingEmployee[]
//   POST   RSSchedule/RSScheduleEmployees/{id}            RSScheduleEmployeesSave → RSScheduleEmployee[]
//   GET    employees/{id}/icd-offices/{officeId}/schedule-dates/{date}              → RSScheduleDate[]
//   GET    employees/{id}/icd-offices/{officeId}/schedule-dates/{date}/programs     ScheduleDateOptionQuery
//   GET    employees/{id}/icd-offices/{officeId}/schedule-dates/{date}/stores       (selectedXID, showAll)
//   GET    employees/{id}/icd-offices/{officeId}/schedule-dates/{date}/departments  → ScheduleDateOption[]
//   GET    rs-schedules/rotation-by-date/{date}           ?icdOfficeID → RotationWeek
//   GET    schedule-events                                ScheduleEventQuery → ScheduleEvent[]
//   GET    schedule-events/page/{page}                    ScheduleEventQuery + pageSize → paged ScheduleEvent
//   GET    schedule-events/{id}                           → ScheduleEventDetail
//   GET    schedule-events/{id}/recent/corporations       {id} = IcdOfficeID → RecentEventHost[]
//   GET    schedule-events/{id}/time-slots                → TimeSlot[]
//   GET    schedule-events/report/tsu-report-summary      TsuReportQuery → TsuReportSummary
//   GET    schedule-events/report/employee-tsu-report     TsuReportQuery (+employeeID) → EmployeeTsuReport
//   POST   schedule-events                                ScheduleEventSave → 201 ScheduleEventDetail
//   PUT    schedule-events/{id}                           ScheduleEventUpdate → ScheduleEventDetail (409)
//   PATCH  schedule-events/{id}                           ScheduleEventPatch → ScheduleEventDetail (409)
//   DELETE schedule-events/{id}                           ?version → ScheduleEventDetail (cancelled, 409)
//   PUT    schedule-events/{id}/additional-hours          AdditionalHoursSave → ScheduleEventDetail (409)
//   GET    icd-offices/{id}/assigned-schedule-events      AssignedEventsQuery → ScheduleEventWithSlots[]
//   GET    icd-offices/{id}/schedule-event-time-slots     TimeSlotsQuery → OfficeTimeSlot[]
//   GET    icd-corporations/{id}/schedule-event-time-slots TimeSlotsQuery → OfficeTimeSlot[]
//   GET    employees/{id}/assigned-schedule-events        AssignedEventsQuery → EmployeeAssignedEvent[]
//   GET    v1/event-hosts                                 EventHostQuery → EventHost[]
//   GET    v1/event-hosts/page/{page}                     EventHostQuery + pageSize → paged EventHost
//   GET    v1/event-hosts/{id}                            → EventHost
//   POST   v1/event-hosts                                 EventHostSave → 201 EventHost
//   PUT    v1/event-hosts/{id}                            EventHostUpdate → EventHost (409)
//   DELETE v1/event-hosts/{id}                            → 204 (422 while events use it)
//
// Added (not in endpoints.tsv; the spec shows no create/delete for RS schedules and no assignment calls):
//   POST   rs-schedules                                   RSScheduleSave → 201 RSScheduleDetail
//   DELETE rsschedule/{id}                                ?version → 204
//   GET    schedule-events/{id}/activity                  → ScheduleEventActivity[] (oldest first)
//   POST   schedule-events/{id}/time-slots/{timeSlotId}/assignments   AssignBody → 201 ScheduleEventAssignment
//          (manager; a new Pending assignment; a Rejected/Unassigned person may be assigned again)
//   PUT    schedule-events/{id}/assignments/{assignmentId}/respond    RespondBody → ScheduleEventAssignment
//          (`scheduling:respond`, only the assigned employee; Pending → Accepted | Rejected with a Reason;
//          the same answer again is a no-op 200 — what the phone's offline outbox replays)
//   DELETE schedule-events/{id}/assignments/{assignmentId}           ?version&comment → ScheduleEventAssignment
//          (manager; Pending | Accepted → Unassigned; already Unassigned is a no-op 200)
//
// Errors: 400 bad input (field errors), 403 missing key or an office outside the caller's scope named
// in the request, 404 an entity outside the scope, 409 `{ Message, Current }` on a stale Version,
// 422 a business rule (double booking, full slot, answer to a non-pending assignment …).
//
// Design choices where the spec is silent:
// - DELETE schedule-events/{id} cancels the event (Status Cancelled) rather than erasing it: its
//   Pending/Accepted assignments become Unassigned and the people are told by mail; lists hide
//   cancelled events unless `includeCancelled=true`.
// - Assignment changes do not change the event's Version (a manager's draft of the event is not
//   invalidated by staff answering); event edits and additional hours do.
// - Only an employee with an active employment record at the event's office who holds
//   `scheduling:respond` there can be assigned (so every assignment can be answered).
// - Accept/reject mail goes to the event's creator and the manager who made the assignment.
// - RS schedule weeks (rotation) run Monday to Sunday.
// - Departments are the `departments` lookups; programs and stores are the time area's tables.
// - ListQualifyingEmployees also says who can answer event assignments at the office
//   (`CanAnswerEvents`): the board offers only them for time slots.
// - An event draft (the PWA's offline `scheduleEvent.save`) carries the fields the manager changed; after
//   a 409 the PWA merges them over the `Current` event and sends that with its Version, so a change made
//   meanwhile by someone else is kept, never overwritten.
import { z } from 'zod';
import { Instant, Int32, pagedResult, QueryInt32, WireDate, WireTime } from './common';

// ---------------------------------------------------------------------------------------------
// Enumerations (numeric ids on the wire)

export const AssignmentStatus = { Pending: 1, Accepted: 2, Rejected: 3, Unassigned: 4 } as const;
export type AssignmentStatus = (typeof AssignmentStatus)[keyof typeof AssignmentStatus];
export const AssignmentStatusId = z.literal([1, 2, 3, 4]);
/** Statuses that hold a place in a time slot. */
export const ACTIVE_ASSIGNMENT_STATUSES: readonly AssignmentStatus[] = [
  AssignmentStatus.Pending,
  AssignmentStatus.Accepted,
];

/** Event host types (spec 001 §3). */
export const EventHostType = { Retailer: 1, Corporation: 2, ShoppingMall: 3, SpecialEvent: 4 } as const;
export type EventHostType = (typeof EventHostType)[keyof typeof EventHostType];
export const EventHostTypeId = z.literal([1, 2, 3, 4]);

export const ScheduleEventStatus = { Scheduled: 1, Cancelled: 2 } as const;
export type ScheduleEventStatus = (typeof ScheduleEventStatus)[keyof typeof ScheduleEventStatus];
export const ScheduleEventStatusId = z.literal([1, 2]);

/** What an event activity (timeline) row records. */
export const ScheduleEventActivityType = {
  Created: 1,
  Updated: 2,
  Assigned: 3,
  Accepted: 4,
  Rejected: 5,
  Unassigned: 6,
  Cancelled: 7,
  AdditionalHoursChanged: 8,
} as const;
export type ScheduleEventActivityType =
  (typeof ScheduleEventActivityType)[keyof typeof ScheduleEventActivityType];
export const ScheduleEventActivityTypeId = z.literal([1, 2, 3, 4, 5, 6, 7, 8]);

/** Notification mail types of scheduling (the mail outbox's MessageType). */
export const SchedulingMessageType = {
  Assigned: 'scheduleEventAssigned',
  Unassigned: 'scheduleEventUnassigned',
  Accepted: 'scheduleEventAccepted',
  Rejected: 'scheduleEventRejected',
  Cancelled: 'scheduleEventCancelled',
  Changed: 'scheduleEventChanged',
} as const;

// ---------------------------------------------------------------------------------------------
// Small pieces

const Id = Int32.positive();
const QueryId = QueryInt32.positive();
const Name = (what: string, max = 200) =>
  z.string().trim().min(1, `Enter ${what}`).max(max, `${max} characters at most`);
const OptionalText = (max: number) =>
  z.string().trim().max(max, `${max} characters at most`).nullable().optional();
/** Query flag: true/false, 1/0, yes/no. */
const QueryFlag = z.stringbool().optional();

/** Address fields (the address snippet widget's fields). */
export const Address = z.object({
  StreetLine1: z.string().nullable(),
  StreetLine2: z.string().nullable(),
  City: z.string().nullable(),
  StateProvince: z.string().nullable(),
  PostalCode: z.string().nullable(),
  CountryID: Int32.nullable(),
});
export type Address = z.infer<typeof Address>;

export const AddressSave = z.object({
  StreetLine1: OptionalText(200),
  StreetLine2: OptionalText(200),
  City: OptionalText(100),
  StateProvince: OptionalText(100),
  PostalCode: OptionalText(20),
  CountryID: z.literal([1, 2]).nullable().optional(),
});

/** 409 answer: the row as it is now, so an offline draft can be compared instead of overwritten. */
export function versionConflict<T extends z.ZodType>(current: T) {
  return z.object({ Message: z.string(), Current: current });
}

export function timeOrderIssue(
  value: { StartTime?: string | null; EndTime?: string | null },
  ctx: z.RefinementCtx,
  path: (string | number)[] = [],
) {
  if (value.StartTime && value.EndTime && value.EndTime <= value.StartTime)
    ctx.addIssue({
      code: 'custom',
      message: 'The end time must be after the start time.',
      path: [...path, 'EndTime'],
    });
}

// ---------------------------------------------------------------------------------------------
// Event hosts (v1)

export const EventHost = Address.extend({
  EventHostID: Id,
  Name: z.string(),
  HostTypeID: EventHostTypeId,
  IsActive: z.boolean(),
  Version: Int32,
});
export type EventHost = z.infer<typeof EventHost>;

export const EventHostSave = AddressSave.extend({
  Name: Name('a name'),
  HostTypeID: EventHostTypeId,
  IsActive: z.boolean().default(true),
});
export type EventHostSave = z.infer<typeof EventHostSave>;

export const EventHostUpdate = EventHostSave.extend({ Version: Int32 });
export type EventHostUpdate = z.infer<typeof EventHostUpdate>;

export const EventHostQuery = z.object({
  search: z.string().trim().max(100).optional(),
  hostTypeID: z.coerce.number().pipe(EventHostTypeId).optional(),
  includeInactive: QueryFlag,
});
export type EventHostQuery = z.infer<typeof EventHostQuery>;

export const RecentEventHost = EventHost.extend({
  LastEventDate: WireDate,
  EventCount: Int32,
});
export type RecentEventHost = z.infer<typeof RecentEventHost>;

// ---------------------------------------------------------------------------------------------
// Schedule events, time slots, assignments

export const ScheduleEventAssignment = z.object({
  AssignmentID: Id,
  TimeSlotID: Id,
  ScheduleEventID: Id,
  EmployeeID: Id,
  EmployeeName: z.string(),
  Status: AssignmentStatusId,
  Reason: z.string().nullable(),
  RespondedAt: Instant.nullable(),
  AssignedByEmployeeID: Int32.nullable(),
  AssignedAt: Instant,
  Version: Int32,
});
export type ScheduleEventAssignment = z.infer<typeof ScheduleEventAssignment>;

export const TimeSlot = z.object({
  TimeSlotID: Id,
  ScheduleEventID: Id,
  StartTime: WireTime,
  EndTime: WireTime,
  Capacity: Int32,
  /** Pending + Accepted: places taken. */
  AssignedCount: Int32,
  AcceptedCount: Int32,
  Assignments: z.array(ScheduleEventAssignment),
});
export type TimeSlot = z.infer<typeof TimeSlot>;

export const TimeSlotSave = z
  .object({
    /** Absent for a new slot. */
    TimeSlotID: Id.optional(),
    StartTime: WireTime,
    EndTime: WireTime,
    Capacity: Int32.min(1, 'At least 1').max(500, '500 at most'),
  })
  .superRefine((v, ctx) => timeOrderIssue(v, ctx));
export type TimeSlotSave = z.infer<typeof TimeSlotSave>;

export const AdditionalHours = z.object({
  AdditionalHoursID: Id,
  ScheduleEventID: Id,
  EmployeeID: Id,
  EmployeeName: z.string(),
  Hours: z.number(),
  Comments: z.string().nullable(),
});
export type AdditionalHours = z.infer<typeof AdditionalHours>;

export const ScheduleEvent = Address.extend({
  ScheduleEventID: Id,
  IcdOfficeID: Id,
  OfficeName: z.string(),
  EventHostID: Int32.nullable(),
  EventHostName: z.string().nullable(),
  HostTypeID: EventHostTypeId.nullable(),
  Title: z.string(),
  Date: WireDate,
  StartTime: WireTime,
  EndTime: WireTime,
  ProgramID: Int32.nullable(),
  StoreID: Int32.nullable(),
  Notes: z.string().nullable(),
  Status: ScheduleEventStatusId,
  Version: Int32,
  CreatedByEmployeeID: Int32.nullable(),
  CreatedAt: Instant,
  UpdatedAt: Instant,
});
export type ScheduleEvent = z.infer<typeof ScheduleEvent>;

export const ScheduleEventWithSlots = ScheduleEvent.extend({ TimeSlots: z.array(TimeSlot) });
export type ScheduleEventWithSlots = z.infer<typeof ScheduleEventWithSlots>;

export const ScheduleEventDetail = ScheduleEventWithSlots.extend({
  AdditionalHours: z.array(AdditionalHours),
});
export type ScheduleEventDetail = z.infer<typeof ScheduleEventDetail>;

const ScheduleEventFields = AddressSave.extend({
  IcdOfficeID: Id,
  EventHostID: Id.nullable().optional(),
  Title: Name('a title'),
  Date: WireDate,
  StartTime: WireTime,
  EndTime: WireTime,
  ProgramID: Id.nullable().optional(),
  StoreID: Id.nullable().optional(),
  Notes: OptionalText(4000),
  /** The whole list: slots with a TimeSlotID are kept (and updated), new ones added, missing ones removed. */
  TimeSlots: z.array(TimeSlotSave).max(50, '50 time slots at most'),
});

/** POST schedule-events. Address fields left empty are copied from the event host. */
export const ScheduleEventSave = ScheduleEventFields.extend({
  TimeSlots: ScheduleEventFields.shape.TimeSlots.default([]),
}).superRefine((v, ctx) => timeOrderIssue(v, ctx));
export type ScheduleEventSave = z.infer<typeof ScheduleEventSave>;

/** PUT schedule-events/{id}: the whole event with the Version it was read at. */
export const ScheduleEventUpdate = ScheduleEventFields.extend({ Version: Int32 }).superRefine((v, ctx) =>
  timeOrderIssue(v, ctx),
);
export type ScheduleEventUpdate = z.infer<typeof ScheduleEventUpdate>;

/** PATCH schedule-events/{id}: only the fields sent change (TimeSlots, when sent, is the whole list). */
export const ScheduleEventPatch = ScheduleEventFields.partial()
  .extend({ Version: Int32 })
  .superRefine((v, ctx) => timeOrderIssue(v, ctx));
export type ScheduleEventPatch = z.infer<typeof ScheduleEventPatch>;

export const ScheduleEventQuery = z.object({
  icdOfficeID: QueryId.optional(),
  startDate: WireDate.optional(),
  endDate: WireDate.optional(),
  eventHostID: QueryId.optional(),
  search: z.string().trim().max(100).optional(),
  includeCancelled: QueryFlag,
});
export type ScheduleEventQuery = z.infer<typeof ScheduleEventQuery>;

export const VersionQuery = z.object({ version: QueryInt32.optional() });

export const AdditionalHoursSave = z.object({
  Version: Int32,
  /** The whole list for the event. */
  AdditionalHours: z
    .array(
      z.object({
        EmployeeID: Id,
        Hours: z.number().gt(0, 'More than 0').max(24, '24 at most'),
        Comments: OptionalText(1000),
      }),
    )
    .max(200),
});
export type AdditionalHoursSave = z.infer<typeof AdditionalHoursSave>;

export const AssignBody = z.object({ EmployeeID: Id });
export type AssignBody = z.infer<typeof AssignBody>;

export const REASON_REQUIRED = 'Enter a reason for rejecting.';

/** PUT …/respond: the assigned employee's answer. Version is optional (the answer rules decide). */
export const RespondBody = z
  .object({
    Status: z.literal([AssignmentStatus.Accepted, AssignmentStatus.Rejected]),
    Reason: OptionalText(1000),
    Version: Int32.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.Status === AssignmentStatus.Rejected && !v.Reason?.trim())
      ctx.addIssue({ code: 'custom', message: REASON_REQUIRED, path: ['Reason'] });
  });
export type RespondBody = z.infer<typeof RespondBody>;

export const UnassignQuery = z.object({
  version: QueryInt32.optional(),
  comment: z.string().trim().max(1000).optional(),
});

export const ScheduleEventActivity = z.object({
  ActivityID: Id,
  ScheduleEventID: Id,
  AssignmentID: Int32.nullable(),
  ActivityTypeID: ScheduleEventActivityTypeId,
  /** Who made the change. */
  EmployeeID: Int32.nullable(),
  EmployeeName: z.string().nullable(),
  /** The employee the change is about (assignments). */
  SubjectEmployeeID: Int32.nullable(),
  SubjectEmployeeName: z.string().nullable(),
  /** What, in English (the client may build its own text from ActivityTypeID and the names). */
  Description: z.string(),
  Comment: z.string().nullable(),
  CreatedAt: Instant,
});
export type ScheduleEventActivity = z.infer<typeof ScheduleEventActivity>;

export const EmployeeAssignment = ScheduleEventAssignment.extend({
  StartTime: WireTime,
  EndTime: WireTime,
});
export type EmployeeAssignment = z.infer<typeof EmployeeAssignment>;

/** An event as one employee sees it: the event and that employee's assignments. */
export const EmployeeAssignedEvent = ScheduleEvent.extend({ Assignments: z.array(EmployeeAssignment) });
export type EmployeeAssignedEvent = z.infer<typeof EmployeeAssignedEvent>;

export const AssignedEventsQuery = z.object({
  /** Default: 7 days before today. */
  startDate: WireDate.optional(),
  endDate: WireDate.optional(),
  /** Only events where this employee has an assignment (office list). */
  employeeID: QueryId.optional(),
  includeCancelled: QueryFlag,
});
export type AssignedEventsQuery = z.infer<typeof AssignedEventsQuery>;

export const TimeSlotsQuery = z.object({
  startDate: WireDate,
  endDate: WireDate,
  /** Only slots with places left (a cancelled event's slots have none). */
  openOnly: QueryFlag,
  /** Also the slots of cancelled events (marked by EventStatus), as the board shows them. */
  includeCancelled: QueryFlag,
});
export type TimeSlotsQuery = z.infer<typeof TimeSlotsQuery>;

export const OfficeTimeSlot = z.object({
  TimeSlotID: Id,
  ScheduleEventID: Id,
  IcdOfficeID: Id,
  Title: z.string(),
  EventHostName: z.string().nullable(),
  Date: WireDate,
  /** The event's status: a cancelled event's slots (includeCancelled) have no open places. */
  EventStatus: ScheduleEventStatusId,
  StartTime: WireTime,
  EndTime: WireTime,
  Capacity: Int32,
  AssignedCount: Int32,
  AcceptedCount: Int32,
  OpenCount: Int32,
});
export type OfficeTimeSlot = z.infer<typeof OfficeTimeSlot>;

// ---------------------------------------------------------------------------------------------
// TSU (time-slot utilisation) reports

export const TsuReportQuery = z.object({
  icdOfficeID: QueryId.optional(),
  startDate: WireDate,
  endDate: WireDate,
  employeeID: QueryId.optional(),
});
export type TsuReportQuery = z.infer<typeof TsuReportQuery>;

export const TsuSlotRow = z.object({
  ScheduleEventID: Id,
  IcdOfficeID: Id,
  Title: z.string(),
  EventHostName: z.string().nullable(),
  Date: WireDate,
  TimeSlotID: Id,
  StartTime: WireTime,
  EndTime: WireTime,
  Capacity: Int32,
  /** Pending + Accepted. */
  Assigned: Int32,
  Accepted: Int32,
  Rejected: Int32,
  Pending: Int32,
  /** Length of the slot in hours. */
  SlotHours: z.number(),
  /** Capacity × slot hours. */
  CapacityHours: z.number(),
  /** Accepted × slot hours. */
  Hours: z.number(),
  /** Accepted / Capacity (0..1). */
  Utilization: z.number(),
});
export type TsuSlotRow = z.infer<typeof TsuSlotRow>;

export const TsuTotals = z.object({
  Events: Int32,
  TimeSlots: Int32,
  Capacity: Int32,
  Assigned: Int32,
  Accepted: Int32,
  Rejected: Int32,
  Pending: Int32,
  CapacityHours: z.number(),
  Hours: z.number(),
  Utilization: z.number(),
});
export type TsuTotals = z.infer<typeof TsuTotals>;

export const TsuReportSummary = z.object({
  IcdOfficeID: Int32.nullable(),
  StartDate: WireDate,
  EndDate: WireDate,
  Rows: z.array(TsuSlotRow),
  Totals: TsuTotals,
});
export type TsuReportSummary = z.infer<typeof TsuReportSummary>;

export const EmployeeTsuRow = z.object({
  EmployeeID: Id,
  EmployeeName: z.string(),
  /** Assignments made to the employee, not withdrawn (Pending + Accepted + Rejected). */
  SlotsOffered: Int32,
  SlotsAccepted: Int32,
  SlotsRejected: Int32,
  SlotsPending: Int32,
  /** Withdrawn by a manager. */
  SlotsUnassigned: Int32,
  /** Accepted / (Accepted + Rejected), 0 when nothing was answered. */
  AcceptanceRate: z.number(),
  /** Hours of accepted slots. */
  Hours: z.number(),
  AdditionalHours: z.number(),
  TotalHours: z.number(),
});
export type EmployeeTsuRow = z.infer<typeof EmployeeTsuRow>;

export const EmployeeTsuReport = z.object({
  IcdOfficeID: Int32.nullable(),
  StartDate: WireDate,
  EndDate: WireDate,
  Rows: z.array(EmployeeTsuRow),
});
export type EmployeeTsuReport = z.infer<typeof EmployeeTsuReport>;

// ---------------------------------------------------------------------------------------------
// RS (road-show) schedules

export const RSScheduleSales = z.object({
  RSScheduleSalesID: Id,
  RSScheduleID: Id,
  Date: WireDate.nullable(),
  ProgramID: Int32.nullable(),
  StoreID: Int32.nullable(),
  /** numeric(12,2) */
  SalesAmount: z.number(),
  AnonymousHours: z.number(),
});
export type RSScheduleSales = z.infer<typeof RSScheduleSales>;

export const RSScheduleSalesSave = z.object({
  RSScheduleSalesID: Id.optional(),
  Date: WireDate.nullable().optional(),
  ProgramID: Id.nullable().optional(),
  StoreID: Id.nullable().optional(),
  SalesAmount: z.number().min(0, '0 or more').max(9_999_999_999.99),
  AnonymousHours: z.number().min(0, '0 or more').max(10_000).default(0),
});
export type RSScheduleSalesSave = z.infer<typeof RSScheduleSalesSave>;

/** One employee scheduled on one date (at a program, store and department). */
export const RSScheduleDate = z.object({
  RSScheduleDateID: Id,
  RSScheduleID: Id,
  IcdOfficeID: Id,
  EmployeeID: Id,
  EmployeeName: z.string(),
  Date: WireDate,
  ProgramID: Int32.nullable(),
  StoreID: Int32.nullable(),
  DepartmentID: Int32.nullable(),
  StartTime: WireTime.nullable(),
  EndTime: WireTime.nullable(),
});
export type RSScheduleDate = z.infer<typeof RSScheduleDate>;

export const RSScheduleDateSave = z
  .object({
    RSScheduleDateID: Id.optional(),
    EmployeeID: Id,
    Date: WireDate,
    ProgramID: Id.nullable().optional(),
    StoreID: Id.nullable().optional(),
    DepartmentID: Id.nullable().optional(),
    StartTime: WireTime.nullable().optional(),
    EndTime: WireTime.nullable().optional(),
  })
  .superRefine((v, ctx) => timeOrderIssue(v, ctx));
export type RSScheduleDateSave = z.infer<typeof RSScheduleDateSave>;

export const RSScheduleEmployee = z.object({
  EmployeeID: Id,
  EmployeeName: z.string(),
  JobTitleID: Int32.nullable(),
});
export type RSScheduleEmployee = z.infer<typeof RSScheduleEmployee>;

export const QualifyingEmployee = RSScheduleEmployee.extend({
  IsScheduled: z.boolean(),
  /** Holds `scheduling:respond` at the office, so they can be assigned to its events (and answer). */
  CanAnswerEvents: z.boolean(),
});
export type QualifyingEmployee = z.infer<typeof QualifyingEmployee>;

export const RSSchedule = z.object({
  RSScheduleID: Id,
  IcdOfficeID: Id,
  OfficeName: z.string(),
  StartDate: WireDate,
  EndDate: WireDate,
  Notes: z.string().nullable(),
  EmployeeCount: Int32,
  Version: Int32,
  CreatedAt: Instant,
  UpdatedAt: Instant,
});
export type RSSchedule = z.infer<typeof RSSchedule>;

export const RSScheduleDetail = RSSchedule.extend({
  Employees: z.array(RSScheduleEmployee),
  RSScheduleDates: z.array(RSScheduleDate),
  RSScheduleSales: z.array(RSScheduleSales),
});
export type RSScheduleDetail = z.infer<typeof RSScheduleDetail>;

const RSScheduleFields = z.object({
  StartDate: WireDate,
  EndDate: WireDate,
  Notes: OptionalText(4000),
  /** Whole lists: rows with an id are kept (and updated), new ones added, missing ones removed. */
  RSScheduleDates: z.array(RSScheduleDateSave).max(2000).default([]),
  RSScheduleSales: z.array(RSScheduleSalesSave).max(500).default([]),
});
const dateOrderIssue = (v: { StartDate: string; EndDate: string }, ctx: z.RefinementCtx) => {
  if (v.EndDate < v.StartDate)
    ctx.addIssue({
      code: 'custom',
      message: 'The end date must not be before the start date.',
      path: ['EndDate'],
    });
};

export const RSScheduleSave = RSScheduleFields.extend({
  IcdOfficeID: Id,
  employeeIDs: z.array(Id).max(500).default([]),
}).superRefine(dateOrderIssue);
export type RSScheduleSave = z.infer<typeof RSScheduleSave>;

export const RSScheduleUpdate = RSScheduleFields.extend({ Version: Int32 }).superRefine(dateOrderIssue);
export type RSScheduleUpdate = z.infer<typeof RSScheduleUpdate>;

export const RSScheduleQuery = z.object({
  icdOfficeID: QueryId.optional(),
  startDate: WireDate.optional(),
  endDate: WireDate.optional(),
});
export type RSScheduleQuery = z.infer<typeof RSScheduleQuery>;

export const RSScheduleRef = z.object({ RSScheduleID: Id });

/** Either an RS schedule or an office and period. */
export const QualifyingEmployeesQuery = z
  .object({
    RSScheduleID: Id.optional(),
    IcdOfficeID: Id.optional(),
    StartDate: WireDate.optional(),
    EndDate: WireDate.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.RSScheduleID) return;
    for (const key of ['IcdOfficeID', 'StartDate', 'EndDate'] as const)
      if (!v[key])
        ctx.addIssue({
          code: 'custom',
          message: 'Give an RSScheduleID, or an office and period',
          path: [key],
        });
  });
export type QualifyingEmployeesQuery = z.infer<typeof QualifyingEmployeesQuery>;

export const RSScheduleEmployeesSave = z.object({
  employeeIDs: z.array(Id).max(500),
  Version: Int32.optional(),
});
export type RSScheduleEmployeesSave = z.infer<typeof RSScheduleEmployeesSave>;

/** A program, store or department offered for a schedule date; `Id` is its ProgramID/StoreID/DepartmentID. */
export const ScheduleDateOption = z.object({
  Id: Id,
  Name: z.string(),
  /** The employee is scheduled there on that date. */
  IsScheduled: z.boolean(),
});
export type ScheduleDateOption = z.infer<typeof ScheduleDateOption>;

/**
 * Without showAll only what the employee is scheduled for that date; with it every active option of
 * the office. The selected id (the value a form already holds) is always included.
 */
export const ScheduleDateOptionQuery = z.object({
  selectedProgramID: QueryId.optional(),
  selectedStoreID: QueryId.optional(),
  selectedDepartmentID: QueryId.optional(),
  showAll: QueryFlag,
});
export type ScheduleDateOptionQuery = z.infer<typeof ScheduleDateOptionQuery>;

export const RotationWeek = z.object({
  Date: WireDate,
  StartDate: WireDate,
  EndDate: WireDate,
  /** The office's RS schedule covering the date, when icdOfficeID is given and one exists. */
  RSScheduleID: Int32.nullable(),
});
export type RotationWeek = z.infer<typeof RotationWeek>;

export const PagedScheduleEvents = pagedResult(ScheduleEvent);
export const PagedEventHosts = pagedResult(EventHost);
export const PagedRSSchedules = pagedResult(RSSchedule);
export const PageSizeQuery = z.object({ pageSize: QueryInt32.min(1).max(500).default(25) });
export const PageParam = z.object({ page: QueryInt32.min(0) });
