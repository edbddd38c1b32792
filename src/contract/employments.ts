// Employment processing wire format (spec 001 §4 "Employee new-hire, termination, change-history and
// direct-deposit requests can each be processed"; §7 Employments). Every hire, termination, change of
// an employment record or of the person (name, address) and every direct-deposit change is written
// as an employment event when it happens (server/modules/employments/record.ts); the payroll office
// tells the payroll provider (ADP) about it, then marks it processed — who and when are kept.
//
//   GET  employments/new-hires                      EmploymentEventQuery → EmploymentEventPage
//   POST employments/new-hires/{id}                 ProcessBody → EmploymentEvent      ({id}: the event)
//   GET  employments/terminations                   EmploymentEventQuery → EmploymentEventPage
//   POST employments/terminations/{id}              ProcessBody → EmploymentEvent      ({id}: the event)
//   GET  employments/changehistory                  (beyond the spec: the queue's list)
//   POST employments/changehistory/{a}/{b}          ProcessBody → EmploymentEvent  ({a}: employee, {b}: event)
//   GET  employments/direct-deposit                 (beyond the spec: the queue's list)
//   POST employments/direct-deposit/{a}/{b}         ProcessBody → EmploymentEvent  ({a}: employee, {b}: bank account)
//
// Design choices where the spec is silent: events are never edited except to be processed; a
// direct-deposit change of an account that already awaits processing is merged into that item (one
// awaiting item per employee and bank account, its Version bumped), so {a}/{b} names it. Processing
// carries the Version read: stale → 409 with the current item; already processed → 409 naming who
// processed it and when. Bank account numbers are kept masked in the changes. Permissions:
// employments:read (lists; admin, payroll, owner for her corporation) and employments:process.
import { z } from 'zod';
import { Instant, Int32, QueryInt32, WireDate } from './common';

const Id = Int32.positive();

export const EMPLOYMENTS_READ = 'employments:read';
export const EMPLOYMENTS_PROCESS = 'employments:process';

export const EmploymentEventType = { NewHire: 1, Termination: 2, Change: 3, DirectDeposit: 4 } as const;
export type EmploymentEventType = (typeof EmploymentEventType)[keyof typeof EmploymentEventType];
export const EMPLOYMENT_EVENT_TYPES = [1, 2, 3, 4] as const;

/** One field that changed, as text (numbers with 2 decimals, dates YYYY-MM-DD, account numbers masked). */
export const EmploymentChange = z.object({
  Field: z.string(),
  Before: z.string().nullable(),
  After: z.string().nullable(),
});
export type EmploymentChange = z.infer<typeof EmploymentChange>;

export const EmploymentEvent = z.object({
  EmploymentEventID: Id,
  EventTypeID: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  EmployeeID: Id,
  EmployeeName: z.string(),
  ADPEmployeeID: z.string().nullable(),
  EmploymentRecordID: Id.nullable(),
  IcdOfficeID: Id.nullable(),
  OfficeName: z.string().nullable(),
  IcdCorporationID: Id.nullable(),
  CorporationName: z.string().nullable(),
  BankAccountID: Id.nullable(),
  /** Hire date, termination date or the day the change took effect. */
  EffectiveDate: WireDate.nullable(),
  TerminationReasonID: Id.nullable(),
  TerminationReason: z.string().nullable(),
  TerminationReasonExtra: z.string().nullable(),
  /** What changed (for a hire: the terms hired on; for a direct deposit: the account's fields). */
  Changes: z.array(EmploymentChange),
  OccurredAt: Instant,
  RecordedByEmployeeID: Id.nullable(),
  RecordedByName: z.string().nullable(),
  IsProcessed: z.boolean(),
  ProcessedAt: Instant.nullable(),
  ProcessedByEmployeeID: Id.nullable(),
  ProcessedByName: z.string().nullable(),
  Comments: z.string().nullable(),
  Version: Int32,
});
export type EmploymentEvent = z.infer<typeof EmploymentEvent>;

export const EmploymentEventPage = z.object({
  Items: z.array(EmploymentEvent),
  TotalCount: Int32,
  PageIndex: Int32,
  PageSize: Int32,
});
export type EmploymentEventPage = z.infer<typeof EmploymentEventPage>;

export const EMPLOYMENT_EVENT_SORTS = [
  'OccurredAt',
  'EffectiveDate',
  'EmployeeName',
  'OfficeName',
  'ProcessedAt',
] as const;
export type EmploymentEventSort = (typeof EMPLOYMENT_EVENT_SORTS)[number];

/** Which items a list shows: awaiting processing (default), processed, or both. */
export const PROCESSED_FILTERS = ['awaiting', 'processed', 'all'] as const;
export type ProcessedFilter = (typeof PROCESSED_FILTERS)[number];

const optionalId = QueryInt32.positive().optional();
export const EmploymentEventQuery = z
  .object({
    icdCorporationId: optionalId,
    icdOfficeId: optionalId,
    employeeId: optionalId,
    status: z.enum(PROCESSED_FILTERS).default('awaiting'),
    /** Effective date (hire, termination, change) from / to, inclusive. */
    from: WireDate.optional(),
    to: WireDate.optional(),
    search: z.string().trim().max(100).optional(),
    sort: z.enum(EMPLOYMENT_EVENT_SORTS).default('OccurredAt'),
    desc: z.enum(['true', 'false']).optional(),
    pageIndex: QueryInt32.min(0).default(0),
    pageSize: QueryInt32.min(1).max(500).default(25),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The end date is before the start date',
    path: ['to'],
  });
export type EmploymentEventQuery = z.input<typeof EmploymentEventQuery>;

export const COMMENTS_MAX = 500;
/** Process an item: the Version read (stale → 409 with Current), an optional note for the record. */
export const ProcessBody = z.object({
  Version: Int32,
  Comments: z
    .string()
    .trim()
    .max(COMMENTS_MAX, `${COMMENTS_MAX} characters at most`)
    .nullish()
    .transform((v) => v || null),
});
export type ProcessBody = z.input<typeof ProcessBody>;

export const EMPLOYMENT_MESSAGES = {
  notFound: 'The item to process',
  stale: 'This item was changed by someone else. Review the current version.',
  alreadyProcessed: (who: string, when: string) => `Already processed by ${who} on ${when}.`,
} as const;
