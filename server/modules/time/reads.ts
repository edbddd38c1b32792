// Time entries: reading one entry, the paged list and the week summary. Week totals count each entry
// on its day in its office's time zone (server/domain/time-management/office-day.ts).
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { TimeEntriesQuery, TimeEntry, TimeEntryPage, WeekSummary } from '../../../src/contract/time';
import type { Db } from '../../db/client';
import { icdOffices, timeEntries } from '../../db/tables';
import { addDays } from '../../domain/time/clock-time';
import { summarizeWeek, weekOf } from '../../domain/time/week';
import { officeDays } from '../../domain/time-management/office-day';
import { badRequest, forbidden } from '../../errors';
import { type Actor, inScope } from '../access/service';
import { assertMayReadEmployee, loadVisible, managedOffices, officeIn } from './access';
import { type Row, toWire } from './model';

const DEFAULT_PAGE_SIZE = 25;

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
