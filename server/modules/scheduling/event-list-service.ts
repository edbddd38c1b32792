// Schedule events listed (scoped to the caller's offices, by period, host, title, status), one event
// and its time slots; the list limit, order and today's date the views share.
import { and, asc, count, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import {
  type ScheduleEvent,
  type ScheduleEventDetail,
  type ScheduleEventQuery,
  ScheduleEventStatus,
  type TimeSlot,
} from '../../../src/contract/scheduling';
import type { Db } from '../../db/client';
import { scheduleEvents } from '../../db/tables';
import { localDate } from '../../domain/scheduling/times';
import type { Actor } from '../access/service';
import { eventsFrom, loadEventDetail, slotsFor, toEvent, visibleEventRow } from './event-reads';
import { manageScope, officeCondition, requireOffice } from './scope';

export const LIST_LIMIT = 1000;

export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const today = () => localDate(new Date());

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

export const eventOrder = [
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
