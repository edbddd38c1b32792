// Schedule events saved: create, update (PUT) and patch (PATCH) with Version: the fields checked and
// completed (host address), time slots changed against the people assigned, who are told of a move.
import { eq, inArray } from 'drizzle-orm';
import {
  ACTIVE_ASSIGNMENT_STATUSES,
  ScheduleEventActivityType,
  type ScheduleEventDetail,
  type ScheduleEventPatch,
  type ScheduleEventSave,
  ScheduleEventStatus,
  type ScheduleEventUpdate,
  type TimeSlotSave,
} from '../../../src/contract/scheduling';
import type { Db } from '../../db/client';
import { eventHosts, programs, scheduleEvents, scheduleEventTimeSlots, stores } from '../../db/tables';
import { activityDescription, changeComment, eventChanges } from '../../domain/scheduling/messages';
import { checkSlotChanges, type ExistingSlot, MESSAGES } from '../../domain/scheduling/rules';
import { AppError, badRequest } from '../../errors';
import type { Actor } from '../access/service';
import { type EventRow, heldAssignments, loadEventDetail, slotsFor, visibleEventRow } from './event-reads';
import { conflict, type DbOrTx, fullName, requireOffice, type Tx } from './scope';
import { appendActivity, notify } from './timeline';

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

export const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

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
export async function lockForChange(
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
