// Schedule events: lists (scoped to the caller's offices), create, update (PUT/PATCH with Version),
// cancel, additional hours, time slots and the office/corporation/employee views.
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, max, ne, type SQL, sql } from 'drizzle-orm';
import {
  ACTIVE_ASSIGNMENT_STATUSES,
  type AdditionalHoursSave,
  type AssignedEventsQuery,
  AssignmentStatus,
  type EmployeeAssignedEvent,
  type EventHostType,
  type OfficeTimeSlot,
  type RecentEventHost,
  type ScheduleEvent,
  ScheduleEventActivityType,
  type ScheduleEventDetail,
  type ScheduleEventPatch,
  type ScheduleEventQuery,
  type ScheduleEventSave,
  ScheduleEventStatus,
  type ScheduleEventUpdate,
  type ScheduleEventWithSlots,
  type TimeSlot,
  type TimeSlotSave,
  type TimeSlotsQuery,
} from '../../../src/contract/scheduling';
import type { Db } from '../../db/client';
import {
  corporations,
  employees,
  employmentRecords,
  eventHosts,
  icdOffices,
  programs,
  scheduleEventAdditionalHours,
  scheduleEventAssignments,
  scheduleEvents,
  scheduleEventTimeSlots,
  stores,
} from '../../db/tables';
import { activityDescription, changeComment, eventChanges } from '../../domain/scheduling/messages';
import { checkSlotChanges, type ExistingSlot, MESSAGES } from '../../domain/scheduling/rules';
import { addDays, localDate } from '../../domain/scheduling/times';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { Actor } from '../access/service';
import {
  assignmentsFrom,
  type EventRow,
  eventsFrom,
  heldAssignments,
  loadEventDetail,
  slotsFor,
  toAssignment,
  toEvent,
  visibleEventRow,
} from './event-reads';
import {
  conflict,
  type DbOrTx,
  fullName,
  MANAGE,
  manageScope,
  officeCondition,
  RESPOND,
  requireOffice,
  type Tx,
} from './scope';
import { appendActivity, notify } from './timeline';

const LIST_LIMIT = 1000;

export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const today = () => localDate(new Date());

function eventConditions(actor: Actor, q: ScheduleEventQuery): SQL[] {
  if (q.icdOfficeID) requireOffice(actor, q.icdOfficeID);
  const conds: (SQL | undefined)[] = [
    officeCondition(manageScope(actor), scheduleEvents.IcdOfficeID),
    q.icdOfficeID ? eq(scheduleEvents.IcdOfficeID, q.icdOfficeID) : undefined,
    q.startDate ? gte(scheduleEvents.Date, q.startDate) : undefined,
    q.endDate ? lte(scheduleEvents.Date, q.endDate) : undefined,
    q.eventHostID ? eq(scheduleEvents.EventHostID, q.eventHostID) : undefined,
    q.search ? ilike(scheduleEvents.Title, likePattern(q.search)) : undefined,
    q.includeCancelled ? undefined : eq(scheduleEvents.Status, ScheduleEventStatus.Scheduled),
  ];
  return conds.filter((c): c is SQL => c !== undefined);
}

const eventOrder = [
  asc(scheduleEvents.Date),
  asc(scheduleEvents.StartTime),
  asc(scheduleEvents.ScheduleEventID),
];

export async function listEvents(p: {
  db: Db;
  actor: Actor;
  query: ScheduleEventQuery;
}): Promise<ScheduleEvent[]> {
  const rows = await eventsFrom(p.db)
    .where(and(...eventConditions(p.actor, p.query)))
    .orderBy(...eventOrder)
    .limit(LIST_LIMIT);
  return rows.map(toEvent);
}

export async function pageEvents(p: {
  db: Db;
  actor: Actor;
  query: ScheduleEventQuery;
  pageIndex: number;
  pageSize: number;
}) {
  const where = and(...eventConditions(p.actor, p.query));
  const [{ total }] = await p.db.select({ total: count() }).from(scheduleEvents).where(where);
  const rows = await eventsFrom(p.db)
    .where(where)
    .orderBy(...eventOrder)
    .limit(p.pageSize)
    .offset(p.pageIndex * p.pageSize);
  return { Items: rows.map(toEvent), TotalCount: total, PageIndex: p.pageIndex, PageSize: p.pageSize };
}

export async function getEvent(p: { db: Db; actor: Actor; id: number }): Promise<ScheduleEventDetail> {
  await visibleEventRow(p.db, p.actor, p.id);
  return (await loadEventDetail(p.db, p.id))!;
}

export async function getTimeSlots(p: { db: Db; actor: Actor; id: number }): Promise<TimeSlot[]> {
  await visibleEventRow(p.db, p.actor, p.id);
  return (await slotsFor(p.db, [p.id])).get(p.id) ?? [];
}

// ---------------------------------------------------------------------------------------------
// Saving

interface EventFields {
  IcdOfficeID: number;
  EventHostID: number | null;
  Title: string;
  Date: string;
  StartTime: string;
  EndTime: string;
  StreetLine1: string | null;
  StreetLine2: string | null;
  City: string | null;
  StateProvince: string | null;
  PostalCode: string | null;
  CountryID: number | null;
  ProgramID: number | null;
  StoreID: number | null;
  Notes: string | null;
  TimeSlots: TimeSlotSave[];
}

const ADDRESS_KEYS = [
  'StreetLine1',
  'StreetLine2',
  'City',
  'StateProvince',
  'PostalCode',
  'CountryID',
] as const;
const FIELD_KEYS = [
  'IcdOfficeID',
  'EventHostID',
  'Title',
  'Date',
  'StartTime',
  'EndTime',
  ...ADDRESS_KEYS,
  'ProgramID',
  'StoreID',
  'Notes',
] as const;

const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

function fieldsFrom(body: ScheduleEventSave | ScheduleEventUpdate): EventFields {
  return {
    IcdOfficeID: body.IcdOfficeID,
    EventHostID: body.EventHostID ?? null,
    Title: body.Title,
    Date: body.Date,
    StartTime: body.StartTime,
    EndTime: body.EndTime,
    StreetLine1: blank(body.StreetLine1),
    StreetLine2: blank(body.StreetLine2),
    City: blank(body.City),
    StateProvince: blank(body.StateProvince),
    PostalCode: blank(body.PostalCode),
    CountryID: body.CountryID ?? null,
    ProgramID: body.ProgramID ?? null,
    StoreID: body.StoreID ?? null,
    Notes: blank(body.Notes),
    TimeSlots: body.TimeSlots,
  };
}

/** Checks the host, program and store; copies the host's address when the event has none. */
async function completeFields(db: DbOrTx, f: EventFields): Promise<EventFields> {
  if (f.EndTime <= f.StartTime)
    throw badRequest('The end time must be after the start time.', {
      EndTime: ['The end time must be after the start time.'],
    });
  const out = { ...f };
  if (f.EventHostID !== null) {
    const [host] = await db.select().from(eventHosts).where(eq(eventHosts.EventHostID, f.EventHostID));
    if (!host)
      throw badRequest('The event host was not found.', { EventHostID: ['The event host was not found.'] });
    if (ADDRESS_KEYS.every((k) => f[k] === null))
      for (const k of ADDRESS_KEYS) Object.assign(out, { [k]: host[k] });
  }
  if (f.ProgramID !== null) {
    const [program] = await db
      .select({ ProgramID: programs.ProgramID })
      .from(programs)
      .where(eq(programs.ProgramID, f.ProgramID));
    if (!program)
      throw badRequest('The program was not found.', { ProgramID: ['The program was not found.'] });
  }
  if (f.StoreID !== null) {
    const [store] = await db
      .select({ IcdOfficeID: stores.IcdOfficeID })
      .from(stores)
      .where(eq(stores.StoreID, f.StoreID));
    if (!store || store.IcdOfficeID !== f.IcdOfficeID)
      throw badRequest('The store is not at this office.', { StoreID: ['The store is not at this office.'] });
  }
  return out;
}

function eventValues(f: EventFields) {
  const { TimeSlots: _slots, ...values } = f;
  return values;
}

export async function createEvent(p: {
  db: Db;
  actor: Actor;
  body: ScheduleEventSave;
}): Promise<ScheduleEventDetail> {
  requireOffice(p.actor, p.body.IcdOfficeID);
  const fields = await completeFields(p.db, fieldsFrom(p.body));
  const id = await p.db.transaction(async (tx) => {
    const [event] = await tx
      .insert(scheduleEvents)
      .values({ ...eventValues(fields), CreatedByEmployeeID: p.actor.EmployeeID })
      .returning({ ScheduleEventID: scheduleEvents.ScheduleEventID });
    if (fields.TimeSlots.length)
      await tx.insert(scheduleEventTimeSlots).values(
        fields.TimeSlots.map((s) => ({
          ScheduleEventID: event.ScheduleEventID,
          StartTime: s.StartTime,
          EndTime: s.EndTime,
          Capacity: s.Capacity,
        })),
      );
    await appendActivity(tx, {
      ScheduleEventID: event.ScheduleEventID,
      ActivityTypeID: ScheduleEventActivityType.Created,
      EmployeeID: p.actor.EmployeeID,
      Description: activityDescription(ScheduleEventActivityType.Created),
    });
    return event.ScheduleEventID;
  });
  return (await loadEventDetail(p.db, id))!;
}

/** Locks the event row, checks scope, status and Version (409 with the current event). */
async function lockForChange(
  tx: Tx,
  actor: Actor,
  id: number,
  version: number | undefined,
): Promise<EventRow> {
  await tx
    .select({ id: scheduleEvents.ScheduleEventID })
    .from(scheduleEvents)
    .where(eq(scheduleEvents.ScheduleEventID, id))
    .for('update');
  const row = await visibleEventRow(tx, actor, id);
  if (version !== undefined && version !== row.Version) throw conflict(await loadEventDetail(tx, id));
  return row;
}

async function applyChange(p: {
  db: Db;
  actor: Actor;
  id: number;
  version: number;
  merge: (current: EventFields) => EventFields;
}): Promise<ScheduleEventDetail> {
  await p.db.transaction(async (tx) => {
    const row = await lockForChange(tx, p.actor, p.id, p.version);
    if (row.Status === ScheduleEventStatus.Cancelled) throw new AppError(422, MESSAGES.cancelled);
    const currentSlots = (await slotsFor(tx, [p.id])).get(p.id) ?? [];
    const current: EventFields = {
      ...(Object.fromEntries(FIELD_KEYS.map((k) => [k, row[k]])) as Omit<EventFields, 'TimeSlots'>),
      TimeSlots: currentSlots.map((s) => ({
        TimeSlotID: s.TimeSlotID,
        StartTime: s.StartTime,
        EndTime: s.EndTime,
        Capacity: s.Capacity,
      })),
    };
    const next = p.merge(current);
    if (next.IcdOfficeID !== row.IcdOfficeID)
      throw new AppError(422, 'An event cannot move to another office; cancel it and create it there.');
    const fields = await completeFields(tx, next);

    // The people assigned now, per slot, against the new layout.
    const active = ACTIVE_ASSIGNMENT_STATUSES as readonly number[];
    const existing: ExistingSlot[] = currentSlots.map((s) => ({
      ...s,
      active: s.Assignments.filter((a) => active.includes(a.Status)),
    }));
    const people = [...new Set(existing.flatMap((s) => s.active.map((a) => a.EmployeeID)))];
    const elsewhere = (await heldAssignments(tx, people, fields.Date)).filter(
      (a) => a.slot.ScheduleEventID !== p.id,
    );
    const refusal = checkSlotChanges({
      title: fields.Title,
      scheduleEventId: p.id,
      date: fields.Date,
      existing,
      next: fields.TimeSlots,
      elsewhere,
    });
    if (refusal) throw new AppError(refusal.status, refusal.message, { Errors: refusal.errors });

    await tx
      .update(scheduleEvents)
      .set({ ...eventValues(fields), Version: row.Version + 1, UpdatedAt: new Date() })
      .where(eq(scheduleEvents.ScheduleEventID, p.id));
    const kept = new Set<number>();
    const moved: { slot: TimeSlotSave; people: ExistingSlot['active'] }[] = [];
    for (const s of fields.TimeSlots) {
      if (s.TimeSlotID === undefined) {
        await tx.insert(scheduleEventTimeSlots).values({
          ScheduleEventID: p.id,
          StartTime: s.StartTime,
          EndTime: s.EndTime,
          Capacity: s.Capacity,
        });
        continue;
      }
      kept.add(s.TimeSlotID);
      const old = existing.find((e) => e.TimeSlotID === s.TimeSlotID)!;
      await tx
        .update(scheduleEventTimeSlots)
        .set({ StartTime: s.StartTime, EndTime: s.EndTime, Capacity: s.Capacity })
        .where(eq(scheduleEventTimeSlots.TimeSlotID, s.TimeSlotID));
      if (old.StartTime !== s.StartTime || old.EndTime !== s.EndTime || row.Date !== fields.Date)
        moved.push({ slot: s, people: old.active });
    }
    const removed = existing.filter((e) => !kept.has(e.TimeSlotID)).map((e) => e.TimeSlotID);
    if (removed.length)
      await tx.delete(scheduleEventTimeSlots).where(inArray(scheduleEventTimeSlots.TimeSlotID, removed));

    await appendActivity(tx, {
      ScheduleEventID: p.id,
      ActivityTypeID: ScheduleEventActivityType.Updated,
      EmployeeID: p.actor.EmployeeID,
      Description: activityDescription(ScheduleEventActivityType.Updated),
      Comment: changeComment(eventChanges({ ...current }, { ...fields })),
    });
    for (const m of moved)
      for (const person of m.people)
        await notify(tx, 'Changed', [person.EmployeeID], {
          title: fields.Title,
          date: fields.Date,
          startTime: m.slot.StartTime,
          endTime: m.slot.EndTime,
          officeName: row.OfficeName,
          employeeName: person.EmployeeName,
          actorName: fullName(p.actor),
        });
  });
  return (await loadEventDetail(p.db, p.id))!;
}

export function updateEvent(p: { db: Db; actor: Actor; id: number; body: ScheduleEventUpdate }) {
  return applyChange({ ...p, version: p.body.Version, merge: () => fieldsFrom(p.body) });
}

export function patchEvent(p: { db: Db; actor: Actor; id: number; body: ScheduleEventPatch }) {
  return applyChange({
    ...p,
    version: p.body.Version,
    merge: (current) => {
      const next = { ...current };
      for (const key of FIELD_KEYS) {
        if (!(key in p.body) || p.body[key] === undefined) continue;
        const value = p.body[key];
        Object.assign(next, { [key]: typeof value === 'string' && key !== 'Title' ? blank(value) : value });
      }
      if (p.body.TimeSlots) next.TimeSlots = p.body.TimeSlots;
      return next;
    },
  });
}

/** Cancels the event: its Pending/Accepted assignments become Unassigned and the people are told. */
export async function cancelEvent(p: {
  db: Db;
  actor: Actor;
  id: number;
  version?: number;
}): Promise<ScheduleEventDetail> {
  await p.db.transaction(async (tx) => {
    const row = await lockForChange(tx, p.actor, p.id, undefined);
    if (row.Status === ScheduleEventStatus.Cancelled) return; // again: nothing to do
    if (p.version !== undefined && p.version !== row.Version) throw conflict(await loadEventDetail(tx, p.id));
    await tx
      .update(scheduleEvents)
      .set({ Status: ScheduleEventStatus.Cancelled, Version: row.Version + 1, UpdatedAt: new Date() })
      .where(eq(scheduleEvents.ScheduleEventID, p.id));
    const withdrawn = await assignmentsFrom(tx).where(
      and(
        eq(scheduleEventTimeSlots.ScheduleEventID, p.id),
        inArray(scheduleEventAssignments.Status, [...ACTIVE_ASSIGNMENT_STATUSES]),
      ),
    );
    if (withdrawn.length)
      await tx
        .update(scheduleEventAssignments)
        .set({ Status: AssignmentStatus.Unassigned, Version: sql`${scheduleEventAssignments.Version} + 1` })
        .where(
          inArray(
            scheduleEventAssignments.AssignmentID,
            withdrawn.map((a) => a.AssignmentID),
          ),
        );
    await appendActivity(tx, {
      ScheduleEventID: p.id,
      ActivityTypeID: ScheduleEventActivityType.Cancelled,
      EmployeeID: p.actor.EmployeeID,
      Description: activityDescription(ScheduleEventActivityType.Cancelled),
    });
    for (const a of withdrawn)
      await notify(tx, 'Cancelled', [a.EmployeeID], {
        title: row.Title,
        date: row.Date,
        startTime: a.StartTime,
        endTime: a.EndTime,
        officeName: row.OfficeName,
        employeeName: fullName(a),
        actorName: fullName(p.actor),
      });
  });
  return (await loadEventDetail(p.db, p.id))!;
}

export async function saveAdditionalHours(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: AdditionalHoursSave;
}): Promise<ScheduleEventDetail> {
  const ids = p.body.AdditionalHours.map((h) => h.EmployeeID);
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice >= 0)
    throw badRequest('An employee is listed twice.', {
      [`AdditionalHours.${twice}.EmployeeID`]: ['This employee is listed twice.'],
    });
  await p.db.transaction(async (tx) => {
    const row = await lockForChange(tx, p.actor, p.id, p.body.Version);
    if (ids.length) {
      const people = await tx
        .select({
          EmployeeID: employees.EmployeeID,
          FirstName: employees.FirstName,
          LastName: employees.LastName,
        })
        .from(employees)
        .where(inArray(employees.EmployeeID, ids));
      const atOffice = new Set(
        (
          await tx
            .select({ EmployeeID: employmentRecords.EmployeeID })
            .from(employmentRecords)
            .where(
              and(
                inArray(employmentRecords.EmployeeID, ids),
                eq(employmentRecords.IcdOfficeID, row.IcdOfficeID),
              ),
            )
        ).map((r) => r.EmployeeID),
      );
      for (const [i, id] of ids.entries()) {
        const person = people.find((e) => e.EmployeeID === id);
        if (!person)
          throw badRequest('The employee was not found.', {
            [`AdditionalHours.${i}.EmployeeID`]: ['The employee was not found.'],
          });
        if (!atOffice.has(id))
          throw new AppError(422, MESSAGES.notAtOffice(fullName(person), row.OfficeName));
      }
    }
    await tx
      .delete(scheduleEventAdditionalHours)
      .where(eq(scheduleEventAdditionalHours.ScheduleEventID, p.id));
    if (ids.length)
      await tx.insert(scheduleEventAdditionalHours).values(
        p.body.AdditionalHours.map((h) => ({
          ScheduleEventID: p.id,
          EmployeeID: h.EmployeeID,
          Hours: h.Hours.toFixed(2),
          Comments: blank(h.Comments),
        })),
      );
    await tx
      .update(scheduleEvents)
      .set({ Version: row.Version + 1, UpdatedAt: new Date() })
      .where(eq(scheduleEvents.ScheduleEventID, p.id));
    await appendActivity(tx, {
      ScheduleEventID: p.id,
      ActivityTypeID: ScheduleEventActivityType.AdditionalHoursChanged,
      EmployeeID: p.actor.EmployeeID,
      Description: activityDescription(ScheduleEventActivityType.AdditionalHoursChanged),
    });
  });
  return (await loadEventDetail(p.db, p.id))!;
}

// ---------------------------------------------------------------------------------------------
// Views

/** Corporation hosts the office's events used most recently ({id} of the path is the office). */
export async function recentCorporations(p: {
  db: Db;
  actor: Actor;
  officeId: number;
}): Promise<RecentEventHost[]> {
  requireOffice(p.actor, p.officeId);
  const since = addDays(today(), -365);
  const rows = await p.db
    .select({
      host: eventHosts,
      LastEventDate: max(scheduleEvents.Date),
      EventCount: count(scheduleEvents.ScheduleEventID),
    })
    .from(eventHosts)
    .innerJoin(scheduleEvents, eq(scheduleEvents.EventHostID, eventHosts.EventHostID))
    .where(
      and(
        eq(eventHosts.HostTypeID, 2),
        eq(scheduleEvents.IcdOfficeID, p.officeId),
        gte(scheduleEvents.Date, since),
        ne(scheduleEvents.Status, ScheduleEventStatus.Cancelled),
      ),
    )
    .groupBy(eventHosts.EventHostID)
    .orderBy(desc(max(scheduleEvents.Date)), asc(eventHosts.Name))
    .limit(10);
  return rows.map((r) => ({
    ...r.host,
    HostTypeID: r.host.HostTypeID as EventHostType,
    LastEventDate: r.LastEventDate ?? since,
    EventCount: r.EventCount,
  }));
}

async function officeSlots(
  db: Db,
  officeIds: readonly number[],
  q: TimeSlotsQuery,
): Promise<OfficeTimeSlot[]> {
  if (!officeIds.length) return [];
  const rows = await eventsFrom(db)
    .where(
      and(
        inArray(scheduleEvents.IcdOfficeID, [...officeIds]),
        gte(scheduleEvents.Date, q.startDate),
        lte(scheduleEvents.Date, q.endDate),
        q.includeCancelled ? undefined : eq(scheduleEvents.Status, ScheduleEventStatus.Scheduled),
      ),
    )
    .orderBy(...eventOrder)
    .limit(LIST_LIMIT);
  const slots = await slotsFor(
    db,
    rows.map((r) => r.ScheduleEventID),
  );
  const out: OfficeTimeSlot[] = [];
  for (const e of rows)
    for (const s of slots.get(e.ScheduleEventID) ?? []) {
      const cancelled = e.Status === ScheduleEventStatus.Cancelled;
      const open = cancelled ? 0 : Math.max(0, s.Capacity - s.AssignedCount);
      if (q.openOnly && open === 0) continue;
      out.push({
        TimeSlotID: s.TimeSlotID,
        ScheduleEventID: e.ScheduleEventID,
        IcdOfficeID: e.IcdOfficeID,
        Title: e.Title,
        EventHostName: e.EventHostName,
        Date: e.Date,
        EventStatus: toEvent(e).Status,
        StartTime: s.StartTime,
        EndTime: s.EndTime,
        Capacity: s.Capacity,
        AssignedCount: s.AssignedCount,
        AcceptedCount: s.AcceptedCount,
        OpenCount: open,
      });
    }
  return out;
}

export async function officeTimeSlots(p: { db: Db; actor: Actor; officeId: number; query: TimeSlotsQuery }) {
  requireOffice(p.actor, p.officeId);
  return officeSlots(p.db, [p.officeId], p.query);
}

/** The slots of the corporation's offices the caller manages; 403 when none. */
export async function corporationTimeSlots(p: {
  db: Db;
  actor: Actor;
  corporationId: number;
  query: TimeSlotsQuery;
}) {
  const [corporation] = await p.db
    .select({ id: corporations.IcdCorporationID })
    .from(corporations)
    .where(eq(corporations.IcdCorporationID, p.corporationId));
  if (!corporation) throw notFound('The corporation');
  const scope = manageScope(p.actor);
  const offices = (
    await p.db
      .select({ IcdOfficeID: icdOffices.IcdOfficeID })
      .from(icdOffices)
      .where(eq(icdOffices.IcdCorporationID, p.corporationId))
  )
    .map((o) => o.IcdOfficeID)
    .filter((id) => scope === 'all' || scope.has(id));
  if (!offices.length) throw forbidden();
  return officeSlots(p.db, offices, p.query);
}

function assignedConditions(q: AssignedEventsQuery): SQL[] {
  const conds: (SQL | undefined)[] = [
    gte(scheduleEvents.Date, q.startDate ?? addDays(today(), -7)),
    q.endDate ? lte(scheduleEvents.Date, q.endDate) : undefined,
    q.includeCancelled ? undefined : eq(scheduleEvents.Status, ScheduleEventStatus.Scheduled),
  ];
  return conds.filter((c): c is SQL => c !== undefined);
}

/** Events of the office with assignments (of one employee when employeeID is given), with their slots. */
export async function officeAssignedEvents(p: {
  db: Db;
  actor: Actor;
  officeId: number;
  query: AssignedEventsQuery;
}): Promise<ScheduleEventWithSlots[]> {
  requireOffice(p.actor, p.officeId);
  const withAssignments = p.db
    .select({ id: scheduleEventTimeSlots.ScheduleEventID })
    .from(scheduleEventAssignments)
    .innerJoin(
      scheduleEventTimeSlots,
      eq(scheduleEventTimeSlots.TimeSlotID, scheduleEventAssignments.TimeSlotID),
    )
    .where(p.query.employeeID ? eq(scheduleEventAssignments.EmployeeID, p.query.employeeID) : undefined);
  const rows = await eventsFrom(p.db)
    .where(
      and(
        eq(scheduleEvents.IcdOfficeID, p.officeId),
        inArray(scheduleEvents.ScheduleEventID, withAssignments),
        ...assignedConditions(p.query),
      ),
    )
    .orderBy(...eventOrder)
    .limit(LIST_LIMIT);
  const slots = await slotsFor(
    p.db,
    rows.map((r) => r.ScheduleEventID),
  );
  return rows.map((r) => ({ ...toEvent(r), TimeSlots: slots.get(r.ScheduleEventID) ?? [] }));
}

/**
 * One employee's assigned events with their own assignments (every status, so a withdrawn one shows as
 * such on the phone). Their own: `scheduling:respond`; someone else's: `scheduling:manage` for an
 * office where that person works, and only events of the offices the caller manages.
 */
export async function employeeAssignedEvents(p: {
  db: Db;
  actor: Actor;
  employeeId: number;
  query: AssignedEventsQuery;
}): Promise<EmployeeAssignedEvent[]> {
  const own = p.employeeId === p.actor.EmployeeID && p.actor.has(RESPOND);
  let officeFilter: SQL | undefined;
  if (!own) {
    if (!p.actor.has(MANAGE)) throw forbidden();
    const scope = manageScope(p.actor);
    if (scope !== 'all') {
      const records = await p.db
        .select({ IcdOfficeID: employmentRecords.IcdOfficeID })
        .from(employmentRecords)
        .where(eq(employmentRecords.EmployeeID, p.employeeId));
      if (!records.some((r) => scope.has(r.IcdOfficeID))) throw forbidden();
    }
    officeFilter = officeCondition(scope, scheduleEvents.IcdOfficeID);
  }
  const rows = await assignmentsFrom(p.db)
    .innerJoin(scheduleEvents, eq(scheduleEvents.ScheduleEventID, scheduleEventTimeSlots.ScheduleEventID))
    .where(
      and(
        eq(scheduleEventAssignments.EmployeeID, p.employeeId),
        officeFilter,
        ...assignedConditions(p.query),
      ),
    )
    .orderBy(asc(scheduleEventTimeSlots.StartTime), asc(scheduleEventAssignments.AssignmentID));
  const eventIds = [...new Set(rows.map((r) => r.ScheduleEventID))];
  if (!eventIds.length) return [];
  const events = await eventsFrom(p.db)
    .where(inArray(scheduleEvents.ScheduleEventID, eventIds))
    .orderBy(...eventOrder);
  return events.map((e) => ({
    ...toEvent(e),
    Assignments: rows
      .filter((r) => r.ScheduleEventID === e.ScheduleEventID)
      .map((r) => ({ ...toAssignment(r), StartTime: r.StartTime, EndTime: r.EndTime })),
  }));
}
