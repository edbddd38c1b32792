// Event hosts v1: where events take place. One catalogue shared by every office; reading and editing
// need `scheduling:manage`. A host used by events cannot be deleted (make it inactive instead).
// Shared records: a host is changed (renamed, moved, deactivated) only by someone whose
// `scheduling:manage` reaches every office with an event at it — a Toronto manager cannot rename the
// host Los Angeles events show, an administrator (all offices) can. A host no event uses yet, or only
// events of the caller's offices, is theirs to change; anyone managing schedules may add hosts.
import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type {
  EventHost,
  EventHostQuery,
  EventHostSave,
  EventHostType,
  EventHostUpdate,
} from '../../../src/contract/scheduling';
import type { Db } from '../../db/client';
import { eventHosts, scheduleEvents } from '../../db/tables';
import { AppError, notFound } from '../../errors';
import { type Actor, inScope } from '../access/service';
import { likePattern } from './event-list-service';
import { conflict, manageScope } from './scope';

const HOST = 'The event host';

type HostRow = typeof eventHosts.$inferSelect;
const toHost = (row: HostRow): EventHost => ({ ...row, HostTypeID: row.HostTypeID as EventHostType });

function conditions(q: EventHostQuery): SQL | undefined {
  return and(
    q.search ? ilike(eventHosts.Name, likePattern(q.search)) : undefined,
    q.hostTypeID ? eq(eventHosts.HostTypeID, q.hostTypeID) : undefined,
    q.includeInactive ? undefined : eq(eventHosts.IsActive, true),
  );
}

export async function listHosts(p: { db: Db; query: EventHostQuery }): Promise<EventHost[]> {
  const rows = await p.db
    .select()
    .from(eventHosts)
    .where(conditions(p.query))
    .orderBy(asc(eventHosts.Name), asc(eventHosts.EventHostID));
  return rows.map(toHost);
}

export async function pageHosts(p: { db: Db; query: EventHostQuery; pageIndex: number; pageSize: number }) {
  const where = conditions(p.query);
  const [{ total }] = await p.db.select({ total: count() }).from(eventHosts).where(where);
  const rows = await p.db
    .select()
    .from(eventHosts)
    .where(where)
    .orderBy(asc(eventHosts.Name), asc(eventHosts.EventHostID))
    .limit(p.pageSize)
    .offset(p.pageIndex * p.pageSize);
  return { Items: rows.map(toHost), TotalCount: total, PageIndex: p.pageIndex, PageSize: p.pageSize };
}

export async function getHost(p: { db: Db; id: number }): Promise<EventHost> {
  const [row] = await p.db.select().from(eventHosts).where(eq(eventHosts.EventHostID, p.id));
  if (!row) throw notFound(HOST);
  return toHost(row);
}

const values = (b: EventHostSave) => ({
  Name: b.Name,
  HostTypeID: b.HostTypeID,
  StreetLine1: b.StreetLine1?.trim() || null,
  StreetLine2: b.StreetLine2?.trim() || null,
  City: b.City?.trim() || null,
  StateProvince: b.StateProvince?.trim() || null,
  PostalCode: b.PostalCode?.trim() || null,
  CountryID: b.CountryID ?? null,
  IsActive: b.IsActive,
});

export async function createHost(p: { db: Db; body: EventHostSave }): Promise<EventHost> {
  const [row] = await p.db.insert(eventHosts).values(values(p.body)).returning();
  return toHost(row);
}

export const SHARED_HOST_MESSAGE =
  'Events of offices you do not manage use this event host, so only someone who manages all of them (an administrator) can change it. Add a new host for your events instead.';

/** 403 unless the caller's `scheduling:manage` reaches every office with an event at the host. */
async function requireAllUsersInScope(db: Db, actor: Actor, hostId: number): Promise<void> {
  const scope = manageScope(actor);
  if (scope === 'all') return;
  const offices = await db
    .selectDistinct({ IcdOfficeID: scheduleEvents.IcdOfficeID })
    .from(scheduleEvents)
    .where(eq(scheduleEvents.EventHostID, hostId));
  if (offices.some((o) => !inScope(scope, o.IcdOfficeID))) throw new AppError(403, SHARED_HOST_MESSAGE);
}

export async function updateHost(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: EventHostUpdate;
}): Promise<EventHost> {
  const current = await getHost(p);
  await requireAllUsersInScope(p.db, p.actor, p.id);
  if (current.Version !== p.body.Version) throw conflict(current);
  const [row] = await p.db
    .update(eventHosts)
    .set({ ...values(p.body), Version: current.Version + 1 })
    .where(and(eq(eventHosts.EventHostID, p.id), eq(eventHosts.Version, p.body.Version)))
    .returning();
  if (!row) throw conflict(await getHost(p));
  return toHost(row);
}

export async function deleteHost(p: { db: Db; id: number }): Promise<void> {
  await getHost(p);
  const [{ used }] = await p.db
    .select({ used: count() })
    .from(scheduleEvents)
    .where(eq(scheduleEvents.EventHostID, p.id));
  if (used > 0)
    throw new AppError(
      422,
      `This event host is used by ${used} schedule ${used === 1 ? 'event' : 'events'}; make it inactive instead.`,
    );
  await p.db.delete(eventHosts).where(eq(eventHosts.EventHostID, p.id));
}
