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
import type { Db } from '../../db/client';
import {
  employees,
  employmentRecordDivisions,
  employmentRecords,
  icdOffices,
  officePrograms,
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
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { type Actor, inScope, type OfficeScope } from '../access/service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;
type Row = typeof timeEntries.$inferSelect;

export const STALE_MESSAGE = 'This item was changed by someone else. Review the current version.';
const DEFAULT_PAGE_SIZE = 25;
/** First key of the advisory lock that serialises the time-entry writes of one employee. */
const LOCK_CLASS = 7301;

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

/** The office rules of a write (see the header). */
async function assertMayWriteAt(db: Conn, actor: Actor, employeeId: number, officeId: number): Promise<void> {
  const [office] = await db
    .select({ IcdOfficeID: icdOffices.IcdOfficeID })
    .from(icdOffices)
    .where(eq(icdOffices.IcdOfficeID, officeId))
    .limit(1);
  if (!office)
    throw badRequest('This office does not exist.', { IcdOfficeID: ['This office does not exist.'] });
  const managed = inScope(managedOffices(actor), officeId);
  const records = await db
    .select({ EmployeeStatusID: employmentRecords.EmployeeStatusID })
    .from(employmentRecords)
    .where(and(eq(employmentRecords.EmployeeID, employeeId), eq(employmentRecords.IcdOfficeID, officeId)));
  if (employeeId === actor.EmployeeID) {
    if (managed) return;
    if (!actor.has('time:own')) throw forbidden();
    if (!records.some((r) => r.EmployeeStatusID === EmployeeStatus.Active))
      throw new AppError(403, 'You can record time only at an office where you are actively employed.');
    return;
  }
  if (!managed) throw forbidden();
  if (!records.length) {
    const message = 'This employee has no employment record at this office.';
    throw badRequest(message, { IcdOfficeID: [message] });
  }
}

async function lockEmployee(tx: Conn, employeeId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, ${employeeId})`);
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
  const [type] = await tx
    .select()
    .from(timeEntryTypes)
    .where(eq(timeEntryTypes.TimeEntryTypeID, draft.TimeEntryTypeID))
    .limit(1);
  if (!type?.IsActive) {
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
  await assertMayWriteAt(tx, ctx.actor, ctx.employeeId, draft.IcdOfficeID);
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

async function insertEntry(
  tx: Tx,
  actor: Actor,
  employeeId: number,
  input: Draft,
  prefix = '',
): Promise<Row> {
  const draft = await prepare(tx, { actor, employeeId, selfId: null, children: [], prefix }, input);
  const [row] = await tx
    .insert(timeEntries)
    .values({
      ...draft,
      EmployeeID: employeeId,
      CreatedByEmployeeID: actor.EmployeeID,
      UpdatedByEmployeeID: actor.EmployeeID,
    })
    .returning();
  return row;
}

async function updateEntry(
  tx: Tx,
  actor: Actor,
  row: Row,
  input: Draft,
  options: { prefix?: string; skipChildIds?: readonly number[] } = {},
): Promise<Row> {
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
    .set({ ...draft, Version: row.Version + 1, UpdatedAt: now, UpdatedByEmployeeID: actor.EmployeeID })
    .where(and(eq(timeEntries.Id, row.Id), eq(timeEntries.Version, row.Version)))
    .returning();
  if (!updated) {
    const current = await liveRow(tx, row.Id);
    if (!current) throw notFound('The time entry');
    throw stale(current);
  }
  // The breaks follow their work entry's date, office, program, store and type.
  for (const child of children) {
    const follows =
      child.Date === draft.Date &&
      child.IcdOfficeID === draft.IcdOfficeID &&
      child.ProgramID === draft.ProgramID &&
      child.StoreID === draft.StoreID &&
      child.TimeEntryTypeID === draft.TimeEntryTypeID;
    if (follows) continue;
    await tx
      .update(timeEntries)
      .set({
        Date: draft.Date,
        IcdOfficeID: draft.IcdOfficeID,
        ProgramID: draft.ProgramID,
        StoreID: draft.StoreID,
        TimeEntryTypeID: draft.TimeEntryTypeID,
        Version: child.Version + 1,
        UpdatedAt: now,
        UpdatedByEmployeeID: actor.EmployeeID,
      })
      .where(eq(timeEntries.Id, child.Id));
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
// Public service functions

export async function createTimeEntry(args: {
  db: Db;
  actor: Actor;
  entry: TimeEntrySave;
}): Promise<TimeEntry> {
  const { db, actor, entry } = args;
  return db.transaction(async (tx) => {
    const employeeId = await resolveTarget(tx, actor, entry.EmployeeID ?? entry.employeeId);
    await lockEmployee(tx, employeeId);
    return toWire(await insertEntry(tx, actor, employeeId, draftFromSave(entry)));
  });
}

/** PUT: the whole entry; Version must match. */
export async function replaceTimeEntry(args: {
  db: Db;
  actor: Actor;
  id: number;
  entry: TimeEntrySave & { Version: number };
}): Promise<TimeEntry> {
  const { db, actor, id, entry } = args;
  return db.transaction(async (tx) => {
    const row = await loadForWrite(tx, actor, id);
    checkVersion(row, entry.Version);
    assertSameEmployee(row, entry.EmployeeID ?? entry.employeeId);
    return toWire(await updateEntry(tx, actor, row, draftFromSave(entry)));
  });
}

/** PATCH: only the fields sent change; Version must match. */
export async function patchTimeEntry(args: {
  db: Db;
  actor: Actor;
  id: number;
  patch: TimeEntryPatch;
}): Promise<TimeEntry> {
  const { db, actor, id, patch } = args;
  return db.transaction(async (tx) => {
    const row = await loadForWrite(tx, actor, id);
    checkVersion(row, patch.Version);
    const next = draftFromRow(row);
    const { Version: _version, ...fields } = patch;
    for (const [key, value] of Object.entries(fields) as [keyof Draft, unknown][]) {
      if (value === undefined) continue;
      (next as unknown as Record<string, unknown>)[key] =
        key === 'Comments' ? cleanComments(value as string | null) : value;
    }
    // A break turned into a work entry leaves its work entry behind.
    if (patch.IsBreak === false && patch.ParentTimeEntryID === undefined) next.ParentTimeEntryID = null;
    return toWire(await updateEntry(tx, actor, row, next));
  });
}

/** DELETE: a soft delete of the entry and its breaks. */
export async function deleteTimeEntry(args: { db: Db; actor: Actor; id: number }): Promise<void> {
  const { db, actor, id } = args;
  await db.transaction(async (tx) => {
    const row = await loadForWrite(tx, actor, id);
    await assertMayWriteAt(tx, actor, row.EmployeeID, row.IcdOfficeID);
    const now = new Date();
    const ids = [row.Id, ...(row.IsBreak ? [] : (await liveBreaksOf(tx, row.Id)).map((b) => b.Id))];
    await tx
      .update(timeEntries)
      .set({
        DeletedAt: now,
        UpdatedAt: now,
        UpdatedByEmployeeID: actor.EmployeeID,
        Version: sql`${timeEntries.Version} + 1`,
      })
      .where(inArray(timeEntries.Id, ids));
  });
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
}): Promise<TimeEntryV2Result> {
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

/** GET time-entries/week/{date}: the Monday–Sunday week containing `date`. */
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
  const rows = await db
    .select()
    .from(timeEntries)
    .where(and(mine, gte(timeEntries.Date, week.start), lte(timeEntries.Date, week.end)))
    .orderBy(...order);
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
  const totals = summarizeWeek(week.start, rows);
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
