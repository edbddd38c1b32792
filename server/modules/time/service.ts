// Time entries (spec 002 §3, §5, §7): reading, the week summary, saving with the rules of
// server/domain/time, the v2 work+break save, and the lookups the clock needs.
//
// Who may do what:
// - one's own entries: `time:own`, at offices where one has an active employment record;
// - another employee's entries (and one's own anywhere): `time:manage` on the entry's office
//   (actor.offices('time:manage')). Another employee's entry must be at an office where that
//   employee has an employment record (any status, so a manager can still correct a leaver's week).
// - An entry the caller may not see answers 404; naming an employee or office the caller does not
//   manage answers 403.
// Writes of one employee are serialised by an advisory lock, so the overlap check holds when two
// devices save at once. Deleting sets DeletedAt (and deletes the entry's breaks with it).
//
// Time management (issue 5): every create, edit and delete is recorded in the timekeeping audit, and
// one made by someone other than the employee becomes a time-entry modification the employee
// acknowledges (server/modules/time-management/record.ts). A change of an entry whose pay period is
// approved or locked (the entry's day in its office's time zone) is validated like any other, then
// stored as a late adjustment request instead of applied: the write answers 202 with the entry as it
// would be and `LateAdjustment` (src/contract/time-management.ts). Week totals count each entry on
// its day in its office's time zone (server/domain/time-management/office-day.ts).
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { EmployeeStatus } from '../../../src/contract/common';
import {
  type BreakPart,
  type ClockLookups,
  type ClockOffice,
  type ClockProgram,
  type TimeEntriesQuery,
  type TimeEntry,
  type TimeEntryPage,
  type TimeEntryPatch,
  type TimeEntrySave,
  type TimeEntrySaveV2,
  type TimeEntryType,
  TimeEntryTypeId,
  type TimeEntryV2Result,
  type WeekSummary,
} from '../../../src/contract/time';
import {
  LateAdjustmentAction,
  LateAdjustmentStatus,
  type TimeEntryLate,
  type TimeEntryV2Late,
} from '../../../src/contract/time-management';
import type { Db } from '../../db/client';
import { LockClass, xactLock } from '../../db/locks';
import {
  employees,
  employmentRecordDivisions,
  employmentRecords,
  icdOffices,
  lateAdjustments,
  officePrograms,
  payPeriods,
  programs,
  stores,
  timeEntries,
  timeEntryTypes,
} from '../../db/tables';
import { addDays } from '../../domain/time/clock-time';
import {
  breakLeftOutside,
  breakOverlapMessage,
  breakSpan,
  checkBreakDate,
  checkBreakInside,
  checkCoordinates,
  checkTimes,
  countedMinutes,
  endsNextDay,
  findOverlap,
  MESSAGES,
  type RuleError,
  resolveV2Kind,
  type Span,
  workOverlapMessage,
  workSpan,
} from '../../domain/time/entry-rules';
import { summarizeWeek, weekOf } from '../../domain/time/week';
import { officeDays } from '../../domain/time-management/office-day';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { type Actor, inScope, type OfficeScope } from '../access/service';
import {
  type LateAdjustmentRow,
  pendingLateAdjustment,
  reserveTimeEntryId,
  storeLateAdjustment,
  withdrawLateAdjustment,
} from '../time-management/late-store';
import { closedPeriodOf, type PayPeriodRow } from '../time-management/periods';
import { type Doer, doerOf, recordTimeEntryChange } from '../time-management/record';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;
type Row = typeof timeEntries.$inferSelect;

export const STALE_MESSAGE = 'This item was changed by someone else. Review the current version.';
const DEFAULT_PAGE_SIZE = 25;

/** What is stored for an entry (everything but the owner and the bookkeeping columns). */
interface Draft {
  Date: string;
  TimeEntryTypeID: number;
  IcdOfficeID: number;
  ProgramID: number | null;
  StoreID: number | null;
  Comments: string | null;
  IsRealTime: boolean;
  TimeZoneOffset: number;
  StartTime: string | null;
  EndTime: string | null;
  IsBreak: boolean;
  ParentTimeEntryID: number | null;
  Latitude: number | null;
  Longitude: number | null;
  LocationAccuracy: number | null;
}

// ---------------------------------------------------------------------------------------------
// Mapping

export function toWire(row: Row): TimeEntry {
  return {
    Id: row.Id,
    Date: row.Date,
    EmployeeID: row.EmployeeID,
    TimeEntryTypeID: row.TimeEntryTypeID,
    IcdOfficeID: row.IcdOfficeID,
    ProgramID: row.ProgramID,
    StoreID: row.StoreID,
    Comments: row.Comments,
    IsRealTime: row.IsRealTime,
    TimeZoneOffset: row.TimeZoneOffset,
    StartTime: row.StartTime,
    EndTime: row.EndTime,
    IsBreak: row.IsBreak,
    ParentTimeEntryID: row.ParentTimeEntryID,
    Latitude: row.Latitude,
    Longitude: row.Longitude,
    LocationAccuracy: row.LocationAccuracy,
    Minutes: countedMinutes(row),
    EndsNextDay: endsNextDay(row),
    CreatedAt: row.CreatedAt,
    UpdatedAt: row.UpdatedAt,
    Version: row.Version,
  };
}

function cleanComments(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function draftFromSave(body: Omit<TimeEntrySave, 'EmployeeID' | 'employeeId'>): Draft {
  return {
    Date: body.Date,
    TimeEntryTypeID: body.TimeEntryTypeID,
    IcdOfficeID: body.IcdOfficeID,
    ProgramID: body.ProgramID ?? null,
    StoreID: body.StoreID ?? null,
    Comments: cleanComments(body.Comments),
    IsRealTime: body.IsRealTime ?? false,
    TimeZoneOffset: body.TimeZoneOffset,
    StartTime: body.StartTime ?? null,
    EndTime: body.EndTime ?? null,
    IsBreak: body.IsBreak ?? false,
    ParentTimeEntryID: body.ParentTimeEntryID ?? null,
    Latitude: body.Latitude ?? null,
    Longitude: body.Longitude ?? null,
    LocationAccuracy: body.LocationAccuracy ?? null,
  };
}

function draftFromRow(row: Row): Draft {
  return {
    Date: row.Date,
    TimeEntryTypeID: row.TimeEntryTypeID,
    IcdOfficeID: row.IcdOfficeID,
    ProgramID: row.ProgramID,
    StoreID: row.StoreID,
    Comments: row.Comments,
    IsRealTime: row.IsRealTime,
    TimeZoneOffset: row.TimeZoneOffset,
    StartTime: row.StartTime,
    EndTime: row.EndTime,
    IsBreak: row.IsBreak,
    ParentTimeEntryID: row.ParentTimeEntryID,
    Latitude: row.Latitude,
    Longitude: row.Longitude,
    LocationAccuracy: row.LocationAccuracy,
  };
}

// ---------------------------------------------------------------------------------------------
// Errors

function ruleFailed(error: RuleError, prefix = ''): AppError {
  return badRequest(
    error.message,
    error.field ? { [`${prefix}${error.field}`]: [error.message] } : undefined,
  );
}

function stale(row: Row): AppError {
  return new AppError(409, STALE_MESSAGE, { body: { Current: toWire(row) } });
}

// ---------------------------------------------------------------------------------------------
// Access

/** Offices where the actor manages time ('all' or a set; empty set = none). */
function managedOffices(actor: Actor): OfficeScope {
  return actor.offices('time:manage');
}

function managesAny(scope: OfficeScope): boolean {
  return scope === 'all' || scope.size > 0;
}

function officeIn(scope: OfficeScope): SQL | undefined {
  if (scope === 'all') return undefined;
  return scope.size ? inArray(timeEntries.IcdOfficeID, [...scope]) : sql`false`;
}

/** Whether the actor may see (and, with the office rules, change) an entry. */
function mayAccess(actor: Actor, row: Pick<Row, 'EmployeeID' | 'IcdOfficeID'>): boolean {
  if (inScope(managedOffices(actor), row.IcdOfficeID)) return true;
  return row.EmployeeID === actor.EmployeeID && actor.has('time:own');
}

async function employeeExists(db: Conn, employeeId: number): Promise<boolean> {
  const [row] = await db
    .select({ EmployeeID: employees.EmployeeID })
    .from(employees)
    .where(eq(employees.EmployeeID, employeeId))
    .limit(1);
  return !!row;
}

/**
 * Reading another employee's time: time:manage on at least one office where they have an
 * employment record. Their entries are then limited to the managed offices.
 */
async function assertMayReadEmployee(db: Conn, actor: Actor, employeeId: number): Promise<OfficeScope> {
  const scope = managedOffices(actor);
  if (!managesAny(scope)) throw forbidden();
  if (!(await employeeExists(db, employeeId))) throw notFound('The employee');
  if (scope !== 'all') {
    const [record] = await db
      .select({ IcdOfficeID: employmentRecords.IcdOfficeID })
      .from(employmentRecords)
      .where(
        and(eq(employmentRecords.EmployeeID, employeeId), inArray(employmentRecords.IcdOfficeID, [...scope])),
      )
      .limit(1);
    if (!record) throw forbidden();
  }
  return scope;
}

/** Whose entry a create is for: the caller, or another employee when the caller manages time. */
async function resolveTarget(db: Conn, actor: Actor, requested: number | undefined): Promise<number> {
  if (requested === undefined || requested === actor.EmployeeID) return actor.EmployeeID;
  if (!managesAny(managedOffices(actor))) throw forbidden();
  if (!(await employeeExists(db, requested))) throw notFound('The employee');
  return requested;
}

/** What the office rules of a write need: whether the office exists, the employee's records there. */
interface OfficeFacts {
  exists: boolean;
  /** EmployeeStatusID of each of the employee's employment records at the office. */
  statuses: readonly number[];
}

async function officeFacts(db: Conn, employeeId: number, officeId: number): Promise<OfficeFacts> {
  const [office] = await db
    .select({ IcdOfficeID: icdOffices.IcdOfficeID })
    .from(icdOffices)
    .where(eq(icdOffices.IcdOfficeID, officeId))
    .limit(1);
  if (!office) return { exists: false, statuses: [] };
  const records = await db
    .select({ EmployeeStatusID: employmentRecords.EmployeeStatusID })
    .from(employmentRecords)
    .where(and(eq(employmentRecords.EmployeeID, employeeId), eq(employmentRecords.IcdOfficeID, officeId)));
  return { exists: true, statuses: records.map((r) => r.EmployeeStatusID) };
}

/**
 * A work entry's type (whether it is active; null when it does not exist) and office facts, in one
 * round trip.
 */
async function typeAndOfficeFacts(
  db: Conn,
  typeId: number,
  employeeId: number,
  officeId: number,
): Promise<{ typeActive: boolean | null; office: OfficeFacts }> {
  const result = await db.execute(sql`
    select
      (select ${timeEntryTypes.IsActive} from ${timeEntryTypes}
        where ${timeEntryTypes.TimeEntryTypeID} = ${typeId} limit 1) as type_active,
      exists(select 1 from ${icdOffices} where ${icdOffices.IcdOfficeID} = ${officeId}) as office_exists,
      coalesce((select json_agg(${employmentRecords.EmployeeStatusID}) from ${employmentRecords}
        where ${employmentRecords.EmployeeID} = ${employeeId}
          and ${employmentRecords.IcdOfficeID} = ${officeId}), '[]'::json) as statuses`);
  type Facts = { type_active: boolean | null; office_exists: boolean; statuses: number[] };
  const rows = (Array.isArray(result) ? result : (result as { rows: Facts[] }).rows) as Facts[];
  const [facts] = rows;
  return {
    typeActive: facts.type_active,
    office: facts.office_exists
      ? { exists: true, statuses: facts.statuses.map(Number) }
      : { exists: false, statuses: [] },
  };
}

/** The office rules of a write (see the header). */
async function assertMayWriteAt(
  db: Conn,
  actor: Actor,
  employeeId: number,
  officeId: number,
  known?: OfficeFacts,
): Promise<void> {
  const facts = known ?? (await officeFacts(db, employeeId, officeId));
  if (!facts.exists)
    throw badRequest('This office does not exist.', { IcdOfficeID: ['This office does not exist.'] });
  const managed = inScope(managedOffices(actor), officeId);
  if (employeeId === actor.EmployeeID) {
    if (managed) return;
    if (!actor.has('time:own')) throw forbidden();
    if (!facts.statuses.some((status) => status === EmployeeStatus.Active))
      throw new AppError(403, 'You can record time only at an office where you are actively employed.');
    return;
  }
  if (!managed) throw forbidden();
  if (!facts.statuses.length) {
    const message = 'This employee has no employment record at this office.';
    throw badRequest(message, { IcdOfficeID: [message] });
  }
}

/**
 * Serialises the time-entry writes of one employee until the transaction ends: the overlap rule, and
 * late adjustment requests being changed, withdrawn, accepted or rejected.
 */
export async function lockEmployee(tx: Conn, employeeId: number): Promise<void> {
  await tx.execute(xactLock(LockClass.TimeEntries, employeeId));
}

async function liveRow(db: Conn, id: number): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.Id, id), isNull(timeEntries.DeletedAt)))
    .limit(1);
  return row;
}

/** A live entry the actor may see, or 404. */
async function loadVisible(db: Conn, actor: Actor, id: number): Promise<Row> {
  const row = await liveRow(db, id);
  if (!row || !mayAccess(actor, row)) throw notFound('The time entry');
  return row;
}

/** A live entry the actor may change, read again under its employee's write lock. */
async function loadForWrite(tx: Tx, actor: Actor, id: number): Promise<Row> {
  const first = await loadVisible(tx, actor, id);
  await lockEmployee(tx, first.EmployeeID);
  return loadVisible(tx, actor, id);
}

function checkVersion(row: Row, version: number | undefined): void {
  if (version !== undefined && version !== row.Version) throw stale(row);
}

async function liveBreaksOf(db: Conn, parentId: number): Promise<Row[]> {
  return db
    .select()
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.ParentTimeEntryID, parentId),
        eq(timeEntries.IsBreak, true),
        isNull(timeEntries.DeletedAt),
      ),
    )
    .orderBy(asc(timeEntries.StartTime), asc(timeEntries.Id));
}

// ---------------------------------------------------------------------------------------------
// Validation of one entry

interface PrepareContext {
  actor: Actor;
  employeeId: number;
  /** The entry being changed (null for a new one). */
  selfId: number | null;
  /** Breaks of the entry being changed that must still fit (a work entry being edited). */
  children: readonly Row[];
  /** Request field prefix of the times ('Break.' for the break of a v2 body). */
  prefix?: string;
}

/** Checks a draft against every rule and returns what is to be stored. */
async function prepare(tx: Conn, ctx: PrepareContext, input: Draft): Promise<Draft> {
  const prefix = ctx.prefix ?? '';
  const draft: Draft = { ...input };
  const timesError = checkTimes(draft, undefined, draft.IsBreak && prefix ? 'break' : 'entry');
  if (timesError) throw ruleFailed(timesError, prefix);
  const coordinates = checkCoordinates(draft.Latitude, draft.Longitude);
  if (coordinates) throw ruleFailed(coordinates);
  // A work entry's office is known now: its type and office are read together.
  let office: OfficeFacts | undefined;
  let typeActive: boolean | null | undefined;
  if (draft.IsBreak) {
    const [type] = await tx
      .select({ IsActive: timeEntryTypes.IsActive })
      .from(timeEntryTypes)
      .where(eq(timeEntryTypes.TimeEntryTypeID, draft.TimeEntryTypeID))
      .limit(1);
    typeActive = type?.IsActive;
  } else {
    ({ typeActive, office } = await typeAndOfficeFacts(
      tx,
      draft.TimeEntryTypeID,
      ctx.employeeId,
      draft.IcdOfficeID,
    ));
  }
  if (!typeActive) {
    const message = 'This time entry type does not exist.';
    throw badRequest(message, { TimeEntryTypeID: [message] });
  }

  if (draft.IsBreak) {
    if (draft.ParentTimeEntryID === null)
      throw ruleFailed({ field: 'ParentTimeEntryID', message: MESSAGES.breakNeedsParent });
    if (draft.ParentTimeEntryID === ctx.selfId)
      throw ruleFailed({ field: 'ParentTimeEntryID', message: 'An entry cannot be its own work entry.' });
    const parent = await liveRow(tx, draft.ParentTimeEntryID);
    if (!parent || parent.EmployeeID !== ctx.employeeId)
      throw ruleFailed({
        field: 'ParentTimeEntryID',
        message: 'The work entry of this break was not found.',
      });
    if (parent.IsBreak)
      throw ruleFailed({
        field: 'ParentTimeEntryID',
        message: 'A break belongs to a work entry, not to another break.',
      });
    const dateError = checkBreakDate(draft.Date, parent.Date);
    if (dateError) throw ruleFailed(dateError);
    // A break is filed under its work entry: same date, office, program, store and type.
    draft.Date = parent.Date;
    draft.IcdOfficeID = parent.IcdOfficeID;
    draft.ProgramID = parent.ProgramID;
    draft.StoreID = parent.StoreID;
    draft.TimeEntryTypeID = parent.TimeEntryTypeID;
    await assertMayWriteAt(tx, ctx.actor, ctx.employeeId, draft.IcdOfficeID);
    const parentSpan = workSpan(parent) as Span;
    const span = breakSpan(parentSpan, draft) as Span;
    const inside = checkBreakInside(parentSpan, span);
    if (inside) throw ruleFailed(inside, prefix);
    const siblings = (await liveBreaksOf(tx, parent.Id)).filter((b) => b.Id !== ctx.selfId);
    const overlap = findOverlap(
      span,
      siblings.flatMap((b) => {
        const s = breakSpan(parentSpan, b);
        return s ? [{ item: b, span: s }] : [];
      }),
    );
    if (overlap) throw ruleFailed({ field: 'StartTime', message: breakOverlapMessage(overlap.span) }, prefix);
    return draft;
  }

  if (draft.ParentTimeEntryID !== null)
    throw ruleFailed({ field: 'ParentTimeEntryID', message: MESSAGES.workHasNoParent });
  await assertMayWriteAt(tx, ctx.actor, ctx.employeeId, draft.IcdOfficeID, office);
  await checkProgramAndStore(tx, draft);

  const span = workSpan(draft) as Span;
  const conditions = [
    eq(timeEntries.EmployeeID, ctx.employeeId),
    eq(timeEntries.IsBreak, false),
    isNull(timeEntries.DeletedAt),
    gte(timeEntries.Date, addDays(draft.Date, -1)),
    lte(timeEntries.Date, addDays(draft.Date, 1)),
  ];
  if (ctx.selfId !== null) conditions.push(ne(timeEntries.Id, ctx.selfId));
  const neighbours = await tx
    .select()
    .from(timeEntries)
    .where(and(...conditions))
    .orderBy(asc(timeEntries.Date), asc(timeEntries.StartTime), asc(timeEntries.Id));
  const overlap = findOverlap(
    span,
    neighbours.flatMap((n) => {
      const s = workSpan(n);
      return s ? [{ item: n, span: s }] : [];
    }),
  );
  if (overlap) throw ruleFailed({ field: 'StartTime', message: workOverlapMessage(overlap.span) });
  const outside = breakLeftOutside(span, ctx.children);
  if (outside) throw ruleFailed(outside);
  return draft;
}

/** The program must be one the office works; the store must be the office's (and the program's). */
async function checkProgramAndStore(db: Conn, draft: Draft): Promise<void> {
  if (draft.StoreID !== null) {
    const [store] = await db.select().from(stores).where(eq(stores.StoreID, draft.StoreID)).limit(1);
    if (!store || store.IcdOfficeID !== draft.IcdOfficeID) {
      const message = 'This store does not belong to this office.';
      throw badRequest(message, { StoreID: [message] });
    }
    if (draft.ProgramID === null) draft.ProgramID = store.ProgramID;
    else if (store.ProgramID !== draft.ProgramID) {
      const message = 'This store is not part of the chosen program.';
      throw badRequest(message, { StoreID: [message] });
    }
  }
  if (draft.ProgramID !== null) {
    const [link] = await db
      .select({ ProgramID: officePrograms.ProgramID })
      .from(officePrograms)
      .where(
        and(eq(officePrograms.IcdOfficeID, draft.IcdOfficeID), eq(officePrograms.ProgramID, draft.ProgramID)),
      )
      .limit(1);
    if (!link) {
      const message = 'This program is not worked at this office.';
      throw badRequest(message, { ProgramID: [message] });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Writes (inside a transaction, under the employee's lock)

/** How a write is recorded in the audit (default: made by the actor). */
interface RecordOptions {
  /** Who made the change (a late adjustment is the change of its requester). */
  by?: Doer;
  lateAdjustmentId?: number;
  note?: string;
}

async function insertEntry(
  tx: Tx,
  actor: Actor,
  employeeId: number,
  input: Draft,
  prefix = '',
  options: RecordOptions & { id?: number } = {},
): Promise<Row> {
  const draft = await prepare(tx, { actor, employeeId, selfId: null, children: [], prefix }, input);
  const by = options.by ?? doerOf(actor);
  const [row] = await tx
    .insert(timeEntries)
    .values({
      ...draft,
      ...(options.id !== undefined ? { Id: options.id } : {}),
      EmployeeID: employeeId,
      CreatedByEmployeeID: by.EmployeeID,
      UpdatedByEmployeeID: by.EmployeeID,
    })
    .returning();
  await recordTimeEntryChange(tx, {
    kind: 'Created',
    by,
    before: null,
    after: toWire(row),
    lateAdjustmentId: options.lateAdjustmentId,
    note: options.note,
  });
  return row;
}

async function updateEntry(
  tx: Tx,
  actor: Actor,
  row: Row,
  input: Draft,
  options: { prefix?: string; skipChildIds?: readonly number[] } & RecordOptions = {},
): Promise<Row> {
  const by = options.by ?? doerOf(actor);
  const children = row.IsBreak ? [] : await liveBreaksOf(tx, row.Id);
  if (input.IsBreak && children.length) {
    const message = 'This entry has breaks. Delete them before making it a break.';
    throw badRequest(message, { IsBreak: [message] });
  }
  const skip = new Set(options.skipChildIds ?? []);
  const draft = await prepare(
    tx,
    {
      actor,
      employeeId: row.EmployeeID,
      selfId: row.Id,
      children: children.filter((c) => !skip.has(c.Id)),
      prefix: options.prefix,
    },
    input,
  );
  const now = new Date();
  const [updated] = await tx
    .update(timeEntries)
    .set({ ...draft, Version: row.Version + 1, UpdatedAt: now, UpdatedByEmployeeID: by.EmployeeID })
    .where(and(eq(timeEntries.Id, row.Id), eq(timeEntries.Version, row.Version)))
    .returning();
  if (!updated) {
    const current = await liveRow(tx, row.Id);
    if (!current) throw notFound('The time entry');
    throw stale(current);
  }
  await recordTimeEntryChange(tx, {
    kind: 'Updated',
    by,
    before: toWire(row),
    after: toWire(updated),
    lateAdjustmentId: options.lateAdjustmentId,
    note: options.note,
    at: now,
  });
  // The breaks follow their work entry's date, office, program, store and type.
  for (const child of children) {
    const follows =
      child.Date === draft.Date &&
      child.IcdOfficeID === draft.IcdOfficeID &&
      child.ProgramID === draft.ProgramID &&
      child.StoreID === draft.StoreID &&
      child.TimeEntryTypeID === draft.TimeEntryTypeID;
    if (follows) continue;
    const [moved] = await tx
      .update(timeEntries)
      .set({
        Date: draft.Date,
        IcdOfficeID: draft.IcdOfficeID,
        ProgramID: draft.ProgramID,
        StoreID: draft.StoreID,
        TimeEntryTypeID: draft.TimeEntryTypeID,
        Version: child.Version + 1,
        UpdatedAt: now,
        UpdatedByEmployeeID: by.EmployeeID,
      })
      .where(eq(timeEntries.Id, child.Id))
      .returning();
    await recordTimeEntryChange(tx, {
      kind: 'Updated',
      by,
      before: toWire(child),
      after: toWire(moved),
      track: false,
      note: 'Follows its work entry',
      at: now,
    });
  }
  return updated;
}

function assertSameEmployee(row: Row, requested: number | undefined): void {
  if (requested !== undefined && requested !== row.EmployeeID) {
    const message = 'A time entry cannot be moved to another employee.';
    throw badRequest(message, { EmployeeID: [message] });
  }
}

// ---------------------------------------------------------------------------------------------
// Late adjustments (a change of time in an approved or locked pay period)

const DRAFT_KEYS = [
  'Date',
  'TimeEntryTypeID',
  'IcdOfficeID',
  'ProgramID',
  'StoreID',
  'Comments',
  'IsRealTime',
  'TimeZoneOffset',
  'StartTime',
  'EndTime',
  'IsBreak',
  'ParentTimeEntryID',
  'Latitude',
  'Longitude',
  'LocationAccuracy',
] as const satisfies readonly (keyof Draft)[];

/** The stored fields of an entry copy (a late adjustment's proposal). */
export function draftFromSnapshot(copy: Readonly<Record<string, unknown>>): Draft {
  const out: Record<string, unknown> = {};
  for (const key of DRAFT_KEYS) out[key] = copy[key] ?? null;
  const date = copy.Date;
  out.Date = date instanceof Date ? date.toISOString().slice(0, 10) : String(date).slice(0, 10);
  out.IsRealTime = copy.IsRealTime === true;
  out.IsBreak = copy.IsBreak === true;
  out.TimeZoneOffset = Number(copy.TimeZoneOffset ?? 0);
  return out as unknown as Draft;
}

/** A row-shaped copy of an entry that is not (yet) stored as such. */
function proposedRow(
  id: number,
  employeeId: number,
  draft: Draft,
  by: Doer,
  version: number,
  base?: Row,
): Row {
  const now = new Date();
  return {
    ...draft,
    Id: id,
    EmployeeID: employeeId,
    CreatedByEmployeeID: base?.CreatedByEmployeeID ?? by.EmployeeID,
    UpdatedByEmployeeID: by.EmployeeID,
    CreatedAt: base?.CreatedAt ?? now,
    UpdatedAt: now,
    Version: version,
    DeletedAt: null,
  };
}

export function isLate<T extends object>(
  result: T | TimeEntryLate | TimeEntryV2Late,
): result is TimeEntryLate | TimeEntryV2Late {
  return 'LateAdjustment' in result;
}

interface LateTarget {
  period: PayPeriodRow;
  /** For a break: its work entry as proposed (a pending new entry, or the entry being changed). */
  parentDraft?: Draft;
  parentId?: number;
}

async function periodById(tx: Conn, id: number): Promise<PayPeriodRow> {
  const [row] = await tx.select().from(payPeriods).where(eq(payPeriods.PayPeriodID, id)).limit(1);
  return row;
}

/** A break's work entry when it is a new entry waiting as a late adjustment. */
async function pendingParent(
  tx: Conn,
  employeeId: number,
  parentId: number,
): Promise<LateAdjustmentRow | undefined> {
  const pending = await pendingLateAdjustment(tx, parentId);
  return pending && pending.ActionID === LateAdjustmentAction.Create && pending.EmployeeID === employeeId
    ? pending
    : undefined;
}

/** Whether a new or changed entry falls in a closed pay period (a break: its work entry's). */
async function lateTargetOf(tx: Conn, employeeId: number, draft: Draft): Promise<LateTarget | null> {
  if (draft.IsBreak && draft.ParentTimeEntryID !== null) {
    const parent = await liveRow(tx, draft.ParentTimeEntryID);
    if (parent) {
      const period = await closedPeriodOf(tx, employeeId, parent);
      return period ? { period } : null;
    }
    const pending = await pendingParent(tx, employeeId, draft.ParentTimeEntryID);
    if (!pending?.Proposed) return null; // prepare() reports the missing work entry
    return {
      period: await periodById(tx, pending.PayPeriodID),
      parentDraft: draftFromSnapshot(pending.Proposed),
      parentId: pending.TimeEntryID,
    };
  }
  const period = await closedPeriodOf(tx, employeeId, draft);
  return period ? { period } : null;
}

/** The closed period of an existing entry (a break: its work entry's), if any. */
async function closedPeriodOfRow(tx: Conn, row: Row): Promise<PayPeriodRow | undefined> {
  const subject =
    row.IsBreak && row.ParentTimeEntryID !== null ? await liveRow(tx, row.ParentTimeEntryID) : row;
  return closedPeriodOf(tx, row.EmployeeID, subject ?? row);
}

/** The rules of a break whose work entry is only proposed (not stored). */
async function prepareBreakOf(
  tx: Conn,
  actor: Actor,
  employeeId: number,
  parent: Draft,
  parentId: number,
  input: Draft,
  prefix = '',
): Promise<Draft> {
  const draft: Draft = { ...input, ParentTimeEntryID: parentId, IsBreak: true };
  const timesError = checkTimes(draft, undefined, 'break');
  if (timesError) throw ruleFailed(timesError, prefix);
  const dateError = checkBreakDate(draft.Date, parent.Date);
  if (dateError) throw ruleFailed(dateError);
  draft.Date = parent.Date;
  draft.IcdOfficeID = parent.IcdOfficeID;
  draft.ProgramID = parent.ProgramID;
  draft.StoreID = parent.StoreID;
  draft.TimeEntryTypeID = parent.TimeEntryTypeID;
  await assertMayWriteAt(tx, actor, employeeId, draft.IcdOfficeID);
  const parentSpan = workSpan(parent) as Span;
  const inside = checkBreakInside(parentSpan, breakSpan(parentSpan, draft) as Span);
  if (inside) throw ruleFailed(inside, prefix);
  return draft;
}

/** A new entry for a closed period: validated, given its future Id, stored as a request. */
async function requestLateCreate(
  tx: Tx,
  actor: Actor,
  employeeId: number,
  input: Draft,
  target: LateTarget,
  prefix = '',
): Promise<TimeEntryLate> {
  const draft =
    target.parentDraft && target.parentId !== undefined
      ? await prepareBreakOf(tx, actor, employeeId, target.parentDraft, target.parentId, input, prefix)
      : await prepare(tx, { actor, employeeId, selfId: null, children: [], prefix }, input);
  const by = doerOf(actor);
  const id = await reserveTimeEntryId(tx);
  const wire = toWire(proposedRow(id, employeeId, draft, by, 1));
  const LateAdjustment = await storeLateAdjustment(tx, {
    action: 'Create',
    by,
    period: target.period,
    entryId: id,
    parentEntryId: draft.IsBreak ? draft.ParentTimeEntryID : null,
    employeeId,
    officeId: draft.IcdOfficeID,
    entryDate: draft.Date,
    isBreak: draft.IsBreak,
    before: null,
    proposed: wire,
  });
  return { ...wire, LateAdjustment };
}

/** A change of a stored entry in a closed period: validated, stored as a request. */
async function requestLateUpdate(
  tx: Tx,
  actor: Actor,
  row: Row,
  input: Draft,
  period: PayPeriodRow,
  options: { prefix?: string; parentDraft?: Draft; skipChildIds?: readonly number[] } = {},
): Promise<TimeEntryLate> {
  const skip = new Set(options.skipChildIds ?? []);
  const children = (row.IsBreak ? [] : await liveBreaksOf(tx, row.Id)).filter((c) => !skip.has(c.Id));
  if (input.IsBreak && children.length) {
    const message = 'This entry has breaks. Delete them before making it a break.';
    throw badRequest(message, { IsBreak: [message] });
  }
  const draft =
    options.parentDraft && input.IsBreak && input.ParentTimeEntryID !== null
      ? await prepareBreakOf(
          tx,
          actor,
          row.EmployeeID,
          options.parentDraft,
          input.ParentTimeEntryID,
          input,
          options.prefix,
        )
      : await prepare(
          tx,
          { actor, employeeId: row.EmployeeID, selfId: row.Id, children, prefix: options.prefix },
          input,
        );
  const by = doerOf(actor);
  // The entry keeps its Version: it is not changed until payroll accepts the request.
  const wire = toWire(proposedRow(row.Id, row.EmployeeID, draft, by, row.Version, row));
  const LateAdjustment = await storeLateAdjustment(tx, {
    action: 'Update',
    by,
    period,
    entryId: row.Id,
    parentEntryId: draft.IsBreak ? draft.ParentTimeEntryID : null,
    employeeId: row.EmployeeID,
    officeId: draft.IcdOfficeID,
    entryDate: draft.Date,
    isBreak: draft.IsBreak,
    before: toWire(row),
    proposed: wire,
  });
  return { ...wire, LateAdjustment };
}

/**
 * A change (PUT/PATCH) of a new entry that waits as a late adjustment (the device queued the
 * clock-in and the clock-out, and the clock-in became a request): the proposal changes.
 */
async function updatePendingCreate(
  tx: Tx,
  actor: Actor,
  pending: LateAdjustmentRow,
  version: number | undefined,
  apply: (current: Draft) => Draft,
): Promise<TimeEntryLate> {
  if (!mayAccess(actor, pending) || !pending.Proposed) throw notFound('The time entry');
  const proposal = pending.Proposed;
  const currentVersion = Number(proposal.Version ?? 1);
  if (version !== undefined && version !== currentVersion)
    throw new AppError(409, STALE_MESSAGE, { body: { Current: proposal } });
  const next = apply(draftFromSnapshot(proposal));
  let draft: Draft;
  const target = await lateTargetOf(tx, pending.EmployeeID, next);
  if (target?.parentDraft && target.parentId !== undefined)
    draft = await prepareBreakOf(tx, actor, pending.EmployeeID, target.parentDraft, target.parentId, next);
  else draft = await prepare(tx, { actor, employeeId: pending.EmployeeID, selfId: null, children: [] }, next);
  const by = doerOf(actor);
  const wire = toWire(proposedRow(pending.TimeEntryID, pending.EmployeeID, draft, by, currentVersion + 1));
  const LateAdjustment = await storeLateAdjustment(tx, {
    action: 'Create',
    by,
    period: await periodById(tx, pending.PayPeriodID),
    entryId: pending.TimeEntryID,
    parentEntryId: draft.IsBreak ? draft.ParentTimeEntryID : null,
    employeeId: pending.EmployeeID,
    officeId: draft.IcdOfficeID,
    entryDate: draft.Date,
    isBreak: draft.IsBreak,
    before: null,
    proposed: wire,
  });
  return { ...wire, LateAdjustment };
}

/** The pending new entry an id names when no stored entry has it (read without a lock). */
async function readPendingCreate(tx: Conn, id: number): Promise<LateAdjustmentRow | undefined> {
  if (await liveRow(tx, id)) return undefined;
  const pending = await pendingLateAdjustment(tx, id);
  return pending?.ActionID === LateAdjustmentAction.Create ? pending : undefined;
}

/**
 * The pending new entry an id names, read again under its employee's lock, so that changing or
 * withdrawing it cannot race payroll accepting or rejecting it (which take the same lock).
 */
async function pendingCreateAt(tx: Conn, id: number): Promise<LateAdjustmentRow | undefined> {
  const first = await readPendingCreate(tx, id);
  if (!first) return undefined;
  await lockEmployee(tx, first.EmployeeID);
  return readPendingCreate(tx, id);
}

/**
 * Applies an accepted late adjustment (server/modules/time-management): the change is made as its
 * requester asked, through every rule except the closed period. Returns the entry after it (null
 * for a delete). An entry changed since the request answers 409.
 */
export async function applyLateAdjustment(args: {
  tx: Tx;
  actor: Actor;
  adjustment: LateAdjustmentRow;
  requester: Doer;
}): Promise<TimeEntry | null> {
  const { tx, actor, adjustment, requester } = args;
  const record = { by: requester, lateAdjustmentId: adjustment.LateAdjustmentID };
  await lockEmployee(tx, adjustment.EmployeeID);
  if (adjustment.ActionID === LateAdjustmentAction.Create) {
    const draft = draftFromSnapshot(adjustment.Proposed ?? {});
    if (draft.IsBreak && draft.ParentTimeEntryID !== null && !(await liveRow(tx, draft.ParentTimeEntryID))) {
      const message = 'Accept the work entry of this break first.';
      throw badRequest(message);
    }
    const row = await insertEntry(tx, actor, adjustment.EmployeeID, draft, '', {
      ...record,
      id: adjustment.TimeEntryID,
    });
    return toWire(row);
  }
  const row = await liveRow(tx, adjustment.TimeEntryID);
  const expected = Number(adjustment.Before?.Version ?? 0);
  if (!row || row.Version !== expected)
    throw new AppError(
      409,
      'The time entry changed since this request was made. Reject it and ask for a new one.',
      {
        body: { Current: row ? toWire(row) : null },
      },
    );
  if (adjustment.ActionID === LateAdjustmentAction.Update) {
    return toWire(await updateEntry(tx, actor, row, draftFromSnapshot(adjustment.Proposed ?? {}), record));
  }
  await softDelete(tx, row, requester, adjustment.LateAdjustmentID);
  return null;
}

/** Sets DeletedAt on an entry and its breaks, recording each. */
async function softDelete(tx: Tx, row: Row, by: Doer, lateAdjustmentId?: number): Promise<void> {
  const now = new Date();
  const children = row.IsBreak ? [] : await liveBreaksOf(tx, row.Id);
  for (const entry of [row, ...children]) {
    await tx
      .update(timeEntries)
      .set({
        DeletedAt: now,
        UpdatedAt: now,
        UpdatedByEmployeeID: by.EmployeeID,
        Version: sql`${timeEntries.Version} + 1`,
      })
      .where(eq(timeEntries.Id, entry.Id));
    await recordTimeEntryChange(tx, {
      kind: 'Deleted',
      by,
      before: toWire(entry),
      after: null,
      track: entry === row,
      note: entry === row ? null : 'Deleted with its work entry',
      lateAdjustmentId,
      at: now,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Public service functions

/** POST: a new entry (a late adjustment request when its pay period is closed). */
export async function createTimeEntry(args: {
  db: Db;
  actor: Actor;
  entry: TimeEntrySave;
}): Promise<TimeEntry | TimeEntryLate> {
  const { db, actor, entry } = args;
  return db.transaction(async (tx) => {
    const employeeId = await resolveTarget(tx, actor, entry.EmployeeID ?? entry.employeeId);
    await lockEmployee(tx, employeeId);
    const draft = draftFromSave(entry);
    const late = await lateTargetOf(tx, employeeId, draft);
    if (late) return requestLateCreate(tx, actor, employeeId, draft, late);
    return toWire(await insertEntry(tx, actor, employeeId, draft));
  });
}

/** A change of a stored entry: applied, or a late adjustment request when a period is closed. */
async function changeEntry(tx: Tx, actor: Actor, row: Row, next: Draft): Promise<TimeEntry | TimeEntryLate> {
  const period = (await closedPeriodOfRow(tx, row)) ?? (await lateTargetOf(tx, row.EmployeeID, next))?.period;
  if (period) return requestLateUpdate(tx, actor, row, next, period);
  return toWire(await updateEntry(tx, actor, row, next));
}

/** PUT: the whole entry; Version must match. */
export async function replaceTimeEntry(args: {
  db: Db;
  actor: Actor;
  id: number;
  entry: TimeEntrySave & { Version: number };
}): Promise<TimeEntry | TimeEntryLate> {
  const { db, actor, id, entry } = args;
  return db.transaction(async (tx) => {
    const pending = await pendingCreateAt(tx, id);
    if (pending) {
      assertSameEmployee({ EmployeeID: pending.EmployeeID } as Row, entry.EmployeeID ?? entry.employeeId);
      return updatePendingCreate(tx, actor, pending, entry.Version, () => draftFromSave(entry));
    }
    const row = await loadForWrite(tx, actor, id);
    checkVersion(row, entry.Version);
    assertSameEmployee(row, entry.EmployeeID ?? entry.employeeId);
    return changeEntry(tx, actor, row, draftFromSave(entry));
  });
}

/** PATCH: only the fields sent change; Version must match. */
export async function patchTimeEntry(args: {
  db: Db;
  actor: Actor;
  id: number;
  patch: TimeEntryPatch;
}): Promise<TimeEntry | TimeEntryLate> {
  const { db, actor, id, patch } = args;
  const apply = (current: Draft): Draft => {
    const next = { ...current };
    const { Version: _version, ...fields } = patch;
    for (const [key, value] of Object.entries(fields) as [keyof Draft, unknown][]) {
      if (value === undefined) continue;
      (next as unknown as Record<string, unknown>)[key] =
        key === 'Comments' ? cleanComments(value as string | null) : value;
    }
    // A break turned into a work entry leaves its work entry behind.
    if (patch.IsBreak === false && patch.ParentTimeEntryID === undefined) next.ParentTimeEntryID = null;
    return next;
  };
  return db.transaction(async (tx) => {
    const pending = await pendingCreateAt(tx, id);
    if (pending) return updatePendingCreate(tx, actor, pending, patch.Version, apply);
    const row = await loadForWrite(tx, actor, id);
    checkVersion(row, patch.Version);
    return changeEntry(tx, actor, row, apply(draftFromRow(row)));
  });
}

/**
 * DELETE: a soft delete of the entry and its breaks. Null when done; in a closed pay period the
 * entry as it is with the late adjustment request stored instead. Deleting a new entry that waits as
 * a request withdraws the request (and those of its breaks).
 */
export async function deleteTimeEntry(args: {
  db: Db;
  actor: Actor;
  id: number;
  /** The Version the caller saw; when given, a changed entry is refused with 409. */
  version?: number;
}): Promise<TimeEntryLate | null> {
  const { db, actor, id, version } = args;
  return db.transaction(async (tx) => {
    const pending = await pendingCreateAt(tx, id);
    if (pending) {
      if (!mayAccess(actor, pending)) throw notFound('The time entry');
      const by = doerOf(actor);
      const breaks = await tx
        .select()
        .from(lateAdjustments)
        .where(
          and(
            eq(lateAdjustments.ParentTimeEntryID, pending.TimeEntryID),
            eq(lateAdjustments.StatusID, LateAdjustmentStatus.Pending),
          ),
        );
      for (const request of [pending, ...breaks]) await withdrawLateAdjustment(tx, request, by);
      return null;
    }
    const row = await loadForWrite(tx, actor, id);
    checkVersion(row, version);
    await assertMayWriteAt(tx, actor, row.EmployeeID, row.IcdOfficeID);
    const period = await closedPeriodOfRow(tx, row);
    if (period) {
      const wire = toWire(row);
      const LateAdjustment = await storeLateAdjustment(tx, {
        action: 'Delete',
        by: doerOf(actor),
        period,
        entryId: row.Id,
        parentEntryId: row.ParentTimeEntryID,
        employeeId: row.EmployeeID,
        officeId: row.IcdOfficeID,
        entryDate: row.Date,
        isBreak: row.IsBreak,
        before: wire,
        proposed: null,
      });
      return { ...wire, LateAdjustment };
    }
    await softDelete(tx, row, doerOf(actor));
    return null;
  });
}

const withoutNotice = ({ LateAdjustment: _notice, ...entry }: TimeEntryLate): TimeEntry => entry;

/** The break of a v2 update's entry that its break part changes (see saveTimeEntryV2). */
async function v2BreakTarget(tx: Conn, row: Row, part: BreakPart | null): Promise<Row | null> {
  let target: Row | null;
  if (part?.Id !== undefined) {
    const found = await liveRow(tx, part.Id);
    if (!found?.IsBreak || found.ParentTimeEntryID !== row.Id) {
      const message = 'This break does not belong to this entry.';
      throw badRequest(message, { 'Break.Id': [message] });
    }
    target = found;
  } else {
    const existing = await liveBreaksOf(tx, row.Id);
    if (existing.length > 1) {
      const message = 'This entry has several breaks. Send the one to change in Break.Id.';
      throw badRequest(message, { 'Break.Id': [message] });
    }
    target = existing[0] ?? null;
  }
  if (target) checkVersion(target, part?.Version);
  return target;
}

/** A v2 save in a closed pay period: the work part and the break part as late adjustment requests. */
async function saveV2Late(
  tx: Tx,
  actor: Actor,
  a: {
    row: Row | null;
    owner: number;
    kind: 'work' | 'work-with-break' | 'break';
    base: Draft;
    work: { StartTime: string | null; EndTime: string | null };
    brk: { StartTime: string | null; EndTime: string | null } | null;
    part: BreakPart | null;
  },
): Promise<TimeEntryV2Late | null> {
  const answer = (entry: TimeEntryLate, brk: TimeEntryLate | null): TimeEntryV2Late => ({
    Entry: withoutNotice(entry),
    Break: brk ? withoutNotice(brk) : null,
    LateAdjustment: entry.LateAdjustment,
  });
  if (a.kind === 'break') {
    const draft: Draft = { ...a.base, ...(a.brk ?? a.work), IsBreak: true };
    if (a.row) {
      const period = (await closedPeriodOfRow(tx, a.row)) ?? (await lateTargetOf(tx, a.owner, draft))?.period;
      if (!period) return null;
      return answer(await requestLateUpdate(tx, actor, a.row, draft, period, { prefix: 'Break.' }), null);
    }
    const target = await lateTargetOf(tx, a.owner, draft);
    if (!target) return null;
    return answer(await requestLateCreate(tx, actor, a.owner, draft, target, 'Break.'), null);
  }
  const draft: Draft = { ...a.base, ...a.work, IsBreak: false, ParentTimeEntryID: null };
  const period =
    (a.row ? await closedPeriodOfRow(tx, a.row) : undefined) ?? (await closedPeriodOf(tx, a.owner, draft));
  if (!period) return null;
  const target = a.kind === 'work-with-break' && a.row ? await v2BreakTarget(tx, a.row, a.part) : null;
  const entry = a.row
    ? await requestLateUpdate(tx, actor, a.row, draft, period, { skipChildIds: target ? [target.Id] : [] })
    : await requestLateCreate(tx, actor, a.owner, draft, { period });
  if (a.kind === 'work' || !a.brk) return answer(entry, null);
  const parentDraft = draftFromSnapshot(entry);
  const breakDraft: Draft = {
    ...parentDraft,
    ...a.brk,
    Comments: null,
    IsBreak: true,
    ParentTimeEntryID: entry.Id,
    Latitude: null,
    Longitude: null,
    LocationAccuracy: null,
  };
  const brk = target
    ? await requestLateUpdate(tx, actor, target, breakDraft, period, { prefix: 'Break.', parentDraft })
    : await requestLateCreate(
        tx,
        actor,
        a.owner,
        breakDraft,
        { period, parentDraft, parentId: entry.Id },
        'Break.',
      );
  return answer(entry, brk);
}

/**
 * v2 save: the work part (StartTime/EndTime) and an embedded Break, in one transaction (see
 * TimeEntrySaveV2 in the contract for which kind a body makes).
 * - Create: the work entry, then its break as a child entry.
 * - Update (body.Id + Version): the entry; its break part updates Break.Id, or the entry's only
 *   break, or creates one when it has none (400 when it has several and Break.Id is missing).
 *   A Break.Version, when sent, is checked like the entry's.
 * - An absent or null Break leaves the entry's existing breaks as they are.
 */
export async function saveTimeEntryV2(args: {
  db: Db;
  actor: Actor;
  body: TimeEntrySaveV2;
  mode: 'create' | 'update';
}): Promise<TimeEntryV2Result | TimeEntryV2Late> {
  const { db, actor, body, mode } = args;
  const work = { StartTime: body.StartTime ?? null, EndTime: body.EndTime ?? null };
  const part: BreakPart | null = body.Break ?? null;
  const brk = part ? { StartTime: part.StartTime ?? null, EndTime: part.EndTime ?? null } : null;
  const kind = resolveV2Kind(work, brk);
  if (typeof kind !== 'string') throw ruleFailed(kind);
  if (brk && kind !== 'work') {
    const error = checkTimes(brk, undefined, 'break');
    if (error) throw ruleFailed(error, 'Break.');
  }
  const { Break: _break, Id: _id, EmployeeID, employeeId, ...fields } = body;
  const base = draftFromSave(fields);

  return db.transaction(async (tx) => {
    let row: Row | null = null;
    let owner: number;
    if (mode === 'update') {
      row = await loadForWrite(tx, actor, body.Id as number);
      checkVersion(row, body.Version);
      assertSameEmployee(row, EmployeeID ?? employeeId);
      owner = row.EmployeeID;
    } else {
      owner = await resolveTarget(tx, actor, EmployeeID ?? employeeId);
      await lockEmployee(tx, owner);
    }

    const late = await saveV2Late(tx, actor, { row, owner, kind, base, work, brk, part });
    if (late) return late;

    if (kind === 'break') {
      const draft: Draft = { ...base, ...(brk as typeof work), IsBreak: true };
      const entry = row
        ? await updateEntry(tx, actor, row, draft, { prefix: 'Break.' })
        : await insertEntry(tx, actor, owner, draft, 'Break.');
      return { Entry: toWire(entry), Break: null };
    }

    // The break to update, found (and its Version checked) before the work entry changes.
    let target: Row | null = null;
    if (kind === 'work-with-break' && row) {
      if (part?.Id !== undefined) {
        const found = await liveRow(tx, part.Id);
        if (!found?.IsBreak || found.ParentTimeEntryID !== row.Id) {
          const message = 'This break does not belong to this entry.';
          throw badRequest(message, { 'Break.Id': [message] });
        }
        target = found;
      } else {
        const existing = await liveBreaksOf(tx, row.Id);
        if (existing.length > 1) {
          const message = 'This entry has several breaks. Send the one to change in Break.Id.';
          throw badRequest(message, { 'Break.Id': [message] });
        }
        target = existing[0] ?? null;
      }
      if (target) checkVersion(target, part?.Version);
    }

    const draft: Draft = { ...base, ...work, IsBreak: false, ParentTimeEntryID: null };
    const entry = row
      ? await updateEntry(tx, actor, row, draft, { skipChildIds: target ? [target.Id] : [] })
      : await insertEntry(tx, actor, owner, draft);
    if (kind === 'work') return { Entry: toWire(entry), Break: null };

    const breakDraft: Draft = {
      ...draft,
      ...(brk as typeof work),
      Date: entry.Date,
      Comments: null,
      IsBreak: true,
      ParentTimeEntryID: entry.Id,
      Latitude: null,
      Longitude: null,
      LocationAccuracy: null,
    };
    const current = target ? await liveRow(tx, target.Id) : undefined;
    const saved = current
      ? await updateEntry(tx, actor, current, breakDraft, { prefix: 'Break.' })
      : await insertEntry(tx, actor, owner, breakDraft, 'Break.');
    return { Entry: toWire(entry), Break: toWire(saved) };
  });
}

export async function getTimeEntry(args: { db: Db; actor: Actor; id: number }): Promise<TimeEntry> {
  return toWire(await loadVisible(args.db, args.actor, args.id));
}

/** GET time-entries: newest first, paged. See TimeEntriesQuery for the filters. */
export async function listTimeEntries(args: {
  db: Db;
  actor: Actor;
  query: TimeEntriesQuery;
}): Promise<TimeEntryPage> {
  const { db, actor, query } = args;
  const pageIndex = query.PageIndex ?? query.pageIndex ?? 0;
  const pageSize = query.pageSize ?? query.PageSize ?? DEFAULT_PAGE_SIZE;
  if (query.startDate && query.endDate && query.endDate < query.startDate) {
    const message = 'The end date must not be before the start date.';
    throw badRequest(message, { endDate: [message] });
  }
  const conditions: (SQL | undefined)[] = [isNull(timeEntries.DeletedAt)];
  const { employeeId, icdOfficeId } = query;
  if (icdOfficeId !== undefined) {
    conditions.push(eq(timeEntries.IcdOfficeID, icdOfficeId));
    if (employeeId === undefined && !inScope(managedOffices(actor), icdOfficeId)) throw forbidden();
  }
  if (employeeId !== undefined && employeeId !== actor.EmployeeID) {
    const scope = await assertMayReadEmployee(db, actor, employeeId);
    conditions.push(eq(timeEntries.EmployeeID, employeeId), officeIn(scope));
  } else if (employeeId !== undefined || icdOfficeId === undefined) {
    conditions.push(eq(timeEntries.EmployeeID, actor.EmployeeID));
    if (!actor.has('time:own')) conditions.push(officeIn(managedOffices(actor)));
  }
  if (query.startDate) conditions.push(gte(timeEntries.Date, query.startDate));
  if (query.endDate) conditions.push(lte(timeEntries.Date, query.endDate));
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(timeEntries).where(where);
  const rows = await db
    .select()
    .from(timeEntries)
    .where(where)
    .orderBy(desc(timeEntries.Date), sql`${timeEntries.StartTime} desc nulls last`, desc(timeEntries.Id))
    .limit(pageSize)
    .offset(pageIndex * pageSize);
  return { Items: rows.map(toWire), TotalCount: total, PageIndex: pageIndex, PageSize: pageSize };
}

/**
 * GET time-entries/week/{date}: the Monday–Sunday week containing `date`. Entries and totals follow
 * the office's time zone: an entry belongs to the day its start falls on there (a break to its work
 * entry's day), so a punch recorded elsewhere near midnight counts on the office's day.
 */
export async function getWeek(args: {
  db: Db;
  actor: Actor;
  date: string;
  employeeId?: number;
}): Promise<WeekSummary> {
  const { db, actor, date } = args;
  const employeeId = args.employeeId ?? actor.EmployeeID;
  let scope: SQL | undefined;
  if (employeeId !== actor.EmployeeID) scope = officeIn(await assertMayReadEmployee(db, actor, employeeId));
  else if (!actor.has('time:own')) scope = officeIn(managedOffices(actor));
  const week = weekOf(date);
  const mine = and(eq(timeEntries.EmployeeID, employeeId), isNull(timeEntries.DeletedAt), scope);
  const order = [asc(timeEntries.Date), asc(timeEntries.StartTime), asc(timeEntries.Id)];
  // An entry counts on its day in its office's time zone, which may be the day before or after the
  // date where it was recorded: read one day more on each side, then keep the week's.
  const around = await db
    .select()
    .from(timeEntries)
    .where(
      and(mine, gte(timeEntries.Date, addDays(week.start, -1)), lte(timeEntries.Date, addDays(week.end, 1))),
    )
    .orderBy(...order);
  const officeIds = [...new Set(around.map((r) => r.IcdOfficeID))];
  const zones = new Map(
    (officeIds.length
      ? await db
          .select({ IcdOfficeID: icdOffices.IcdOfficeID, TimeZone: icdOffices.TimeZone })
          .from(icdOffices)
          .where(inArray(icdOffices.IcdOfficeID, officeIds))
      : []
    ).map((o) => [o.IcdOfficeID, o.TimeZone]),
  );
  const days = officeDays(around, (r) => zones.get(r.IcdOfficeID) ?? 'UTC');
  const dayOf = (r: Row) => days.get(r.Id) ?? r.Date;
  const rows = around.filter((r) => dayOf(r) >= week.start && dayOf(r) <= week.end);
  const open = await db
    .select()
    .from(timeEntries)
    .where(
      and(
        mine,
        isNull(timeEntries.EndTime),
        gte(timeEntries.Date, addDays(week.start, -1)),
        lte(timeEntries.Date, week.end),
      ),
    )
    .orderBy(...order);
  const totals = summarizeWeek(
    week.start,
    rows.map((r) => ({ ...r, Date: dayOf(r) })),
  );
  return {
    EmployeeID: employeeId,
    StartDate: week.start,
    EndDate: week.end,
    Entries: rows.map(toWire),
    ...totals,
    OpenEntries: open.map(toWire),
  };
}

export async function listTimeEntryTypes(args: { db: Db }): Promise<TimeEntryType[]> {
  return args.db
    .select({ TimeEntryTypeID: timeEntryTypes.TimeEntryTypeID, Name: timeEntryTypes.Name })
    .from(timeEntryTypes)
    .where(eq(timeEntryTypes.IsActive, true))
    .orderBy(asc(timeEntryTypes.SortIndex), asc(timeEntryTypes.TimeEntryTypeID));
}

/**
 * GET time-entries/clock-lookups: the employee's offices (active employment records), each with the
 * programs it works in the divisions of that employment record (all of the office's programs when
 * the record names no division), each program with the office's stores; and the entry types.
 * Another employee's (employeeId) needs time:manage, and lists only the managed offices.
 */
export async function getClockLookups(args: {
  db: Db;
  actor: Actor;
  employeeId?: number;
}): Promise<ClockLookups> {
  const { db, actor } = args;
  const employeeId = args.employeeId ?? actor.EmployeeID;
  let scope: OfficeScope = 'all';
  if (employeeId !== actor.EmployeeID) scope = await assertMayReadEmployee(db, actor, employeeId);
  const records = (
    await db
      .select({
        EmploymentRecordID: employmentRecords.EmploymentRecordID,
        IcdOfficeID: icdOffices.IcdOfficeID,
        OfficeName: icdOffices.OfficeName,
        City: icdOffices.City,
        TimeZone: icdOffices.TimeZone,
      })
      .from(employmentRecords)
      .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, employmentRecords.IcdOfficeID))
      .where(
        and(
          eq(employmentRecords.EmployeeID, employeeId),
          eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active),
        ),
      )
      .orderBy(asc(icdOffices.OfficeName))
  ).filter((r) => inScope(scope, r.IcdOfficeID));
  const officeIds = [...new Set(records.map((r) => r.IcdOfficeID))];
  const recordIds = records.map((r) => r.EmploymentRecordID);
  const [divisionRows, programRows, storeRows] = await Promise.all([
    recordIds.length
      ? db
          .select()
          .from(employmentRecordDivisions)
          .where(inArray(employmentRecordDivisions.EmploymentRecordID, recordIds))
      : [],
    officeIds.length
      ? db
          .select({
            IcdOfficeID: officePrograms.IcdOfficeID,
            ProgramID: programs.ProgramID,
            Name: programs.Name,
            DivisionID: programs.DivisionID,
          })
          .from(officePrograms)
          .innerJoin(programs, eq(programs.ProgramID, officePrograms.ProgramID))
          .where(and(inArray(officePrograms.IcdOfficeID, officeIds), eq(programs.IsActive, true)))
          .orderBy(asc(programs.Name))
      : [],
    officeIds.length
      ? db
          .select()
          .from(stores)
          .where(and(inArray(stores.IcdOfficeID, officeIds), eq(stores.IsActive, true)))
          .orderBy(asc(stores.Name))
      : [],
  ]);
  const offices = new Map<number, { office: Omit<ClockOffice, 'Programs'>; divisions: Set<number> | null }>();
  for (const r of records) {
    const divisions = divisionRows
      .filter((d) => d.EmploymentRecordID === r.EmploymentRecordID)
      .map((d) => d.DivisionID);
    const known = offices.get(r.IcdOfficeID);
    // One record without divisions opens all of the office's programs.
    const set = divisions.length ? new Set(divisions) : null;
    if (!known) {
      const { EmploymentRecordID: _record, ...office } = r;
      offices.set(r.IcdOfficeID, { office, divisions: set });
    } else if (known.divisions && set) {
      for (const d of set) known.divisions.add(d);
    } else {
      known.divisions = null;
    }
  }
  const Offices: ClockOffice[] = [...offices.values()].map(({ office, divisions }) => {
    const Programs: ClockProgram[] = programRows
      .filter((p) => p.IcdOfficeID === office.IcdOfficeID && (!divisions || divisions.has(p.DivisionID)))
      .map((p) => ({
        ProgramID: p.ProgramID,
        Name: p.Name,
        DivisionID: p.DivisionID,
        Stores: storeRows
          .filter((s) => s.IcdOfficeID === office.IcdOfficeID && s.ProgramID === p.ProgramID)
          .map((s) => ({
            StoreID: s.StoreID,
            Name: s.Name,
            ProgramID: s.ProgramID,
            RetailerName: s.RetailerName,
            City: s.City,
            StateProvince: s.StateProvince,
            Latitude: s.Latitude,
            Longitude: s.Longitude,
          })),
      }));
    return { ...office, Programs };
  });
  return {
    EmployeeID: employeeId,
    Offices,
    TimeEntryTypes: await listTimeEntryTypes({ db }),
    DefaultTimeEntryTypeID: TimeEntryTypeId.Work,
  };
}
