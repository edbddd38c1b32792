// The employment processing queues (src/contract/employments.ts): events of one type, filtered by
// corporation, office, employee, processed or awaiting, effective dates and a search on the name or
// ADP employee number; paged and sorted. Scope: employments:read (or :process) reaches the event's
// office; an event filed under no office (an employee with no record) only a caller reaching all.
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  EMPLOYMENTS_PROCESS,
  EMPLOYMENTS_READ,
  type EmploymentEvent,
  type EmploymentEventPage,
  type EmploymentEventQuery,
  type EmploymentEventType,
} from '../../../src/contract/employments';
import { LookupKind } from '../../../src/contract/lookups';
import type { Db } from '../../db/client';
import { corporations, employees, employmentEvents, icdOffices, lookups } from '../../db/tables';
import type { Actor, OfficeScope } from '../access/service';
import type { Conn } from './record';

type Query = z.output<typeof EmploymentEventQuery>;

function union(a: OfficeScope, b: OfficeScope): OfficeScope {
  if (a === 'all' || b === 'all') return 'all';
  return new Set([...a, ...b]);
}

/** Offices whose events the caller may read. */
export const readScope = (actor: Actor): OfficeScope =>
  union(actor.offices(EMPLOYMENTS_READ), actor.offices(EMPLOYMENTS_PROCESS));

/** Events in the scope (undefined: no limit). */
export function scopeCondition(scope: OfficeScope): SQL | undefined {
  if (scope === 'all') return undefined;
  if (scope.size === 0) return sql`false`;
  return sql`${employmentEvents.IcdOfficeID} in (${sql.join(
    [...scope].map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

const recorder = alias(employees, 'recorder');
const processor = alias(employees, 'processor');
const reason = alias(lookups, 'reason');

type Person = { EmployeeID: AnyPgColumn; FirstName: AnyPgColumn; LastName: AnyPgColumn };
const fullName = (t: Person) => sql<string>`trim(${t.FirstName} || ' ' || ${t.LastName})`;
const optionalName = (t: Person) =>
  sql<
    string | null
  >`case when ${t.EmployeeID} is null then null else trim(${t.FirstName} || ' ' || ${t.LastName}) end`;
const effective = sql`coalesce(${employmentEvents.EffectiveDate}, (${employmentEvents.OccurredAt} at time zone 'UTC')::date)`;

const columns = {
  EmploymentEventID: employmentEvents.EmploymentEventID,
  EventTypeID: employmentEvents.EventTypeID,
  EmployeeID: employmentEvents.EmployeeID,
  EmployeeName: fullName(employees),
  ADPEmployeeID: employees.ADPEmployeeID,
  EmploymentRecordID: employmentEvents.EmploymentRecordID,
  IcdOfficeID: employmentEvents.IcdOfficeID,
  OfficeName: icdOffices.OfficeName,
  IcdCorporationID: icdOffices.IcdCorporationID,
  CorporationName: corporations.ClientName,
  BankAccountID: employmentEvents.BankAccountID,
  EffectiveDate: employmentEvents.EffectiveDate,
  TerminationReasonID: employmentEvents.TerminationReasonID,
  TerminationReason: reason.Name,
  TerminationReasonExtra: employmentEvents.TerminationReasonExtra,
  Changes: employmentEvents.Changes,
  OccurredAt: employmentEvents.OccurredAt,
  RecordedByEmployeeID: employmentEvents.RecordedByEmployeeID,
  RecordedByName: optionalName(recorder),
  ProcessedAt: employmentEvents.ProcessedAt,
  ProcessedByEmployeeID: employmentEvents.ProcessedByEmployeeID,
  ProcessedByName: optionalName(processor),
  Comments: employmentEvents.Comments,
  Version: employmentEvents.Version,
};

function selectEvents(db: Conn) {
  return db
    .select(columns)
    .from(employmentEvents)
    .innerJoin(employees, eq(employees.EmployeeID, employmentEvents.EmployeeID))
    .leftJoin(icdOffices, eq(icdOffices.IcdOfficeID, employmentEvents.IcdOfficeID))
    .leftJoin(corporations, eq(corporations.IcdCorporationID, icdOffices.IcdCorporationID))
    .leftJoin(recorder, eq(recorder.EmployeeID, employmentEvents.RecordedByEmployeeID))
    .leftJoin(processor, eq(processor.EmployeeID, employmentEvents.ProcessedByEmployeeID))
    .leftJoin(
      reason,
      and(
        eq(reason.Kind, LookupKind.TerminationReasons),
        eq(reason.Id, employmentEvents.TerminationReasonID),
      ),
    );
}

type Row = Awaited<ReturnType<ReturnType<typeof selectEvents>['execute']>>[number];

const instant = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export function toWire(r: Row): EmploymentEvent {
  return {
    ...r,
    EventTypeID: r.EventTypeID as EmploymentEventType,
    Changes: r.Changes ?? [],
    OccurredAt: instant(r.OccurredAt),
    IsProcessed: r.ProcessedAt !== null,
    ProcessedAt: r.ProcessedAt === null ? null : instant(r.ProcessedAt),
  };
}

/** One event as the lists show it (no scope check). */
export async function eventById(db: Conn, id: number): Promise<EmploymentEvent | null> {
  const [row] = await selectEvents(db).where(eq(employmentEvents.EmploymentEventID, id));
  return row ? toWire(row) : null;
}

const SORTS = {
  OccurredAt: [employmentEvents.OccurredAt],
  EffectiveDate: [effective],
  EmployeeName: [employees.LastName, employees.FirstName],
  OfficeName: [icdOffices.OfficeName],
  ProcessedAt: [employmentEvents.ProcessedAt],
} as const;

export async function listEvents(p: {
  db: Db;
  actor: Actor;
  type: EmploymentEventType;
  query: Query;
}): Promise<EmploymentEventPage> {
  const q = p.query;
  const search = q.search ? `%${q.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const where = and(
    eq(employmentEvents.EventTypeID, p.type),
    scopeCondition(readScope(p.actor)),
    q.status === 'awaiting' ? isNull(employmentEvents.ProcessedAt) : undefined,
    q.status === 'processed' ? isNotNull(employmentEvents.ProcessedAt) : undefined,
    q.icdCorporationId ? eq(icdOffices.IcdCorporationID, q.icdCorporationId) : undefined,
    q.icdOfficeId ? eq(employmentEvents.IcdOfficeID, q.icdOfficeId) : undefined,
    q.employeeId ? eq(employmentEvents.EmployeeID, q.employeeId) : undefined,
    q.from ? sql`${effective} >= ${q.from}` : undefined,
    q.to ? sql`${effective} <= ${q.to}` : undefined,
    search
      ? or(
          ilike(sql`${employees.FirstName} || ' ' || ${employees.LastName}`, search),
          ilike(employees.ADPEmployeeID, search),
          ilike(employees.UserName, search),
        )
      : undefined,
  );
  const direction = q.desc === 'true' ? desc : asc;
  const order = [
    ...SORTS[q.sort].map((c) => (q.desc === 'true' ? sql`${c} desc nulls last` : sql`${c} asc nulls last`)),
    direction(employmentEvents.EmploymentEventID),
  ];
  const [rows, [{ n }]] = await Promise.all([
    selectEvents(p.db)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(q.pageIndex * q.pageSize),
    p.db
      .select({ n: sql<number>`count(*)::int` })
      .from(employmentEvents)
      .innerJoin(employees, eq(employees.EmployeeID, employmentEvents.EmployeeID))
      .leftJoin(icdOffices, eq(icdOffices.IcdOfficeID, employmentEvents.IcdOfficeID))
      .where(where),
  ]);
  return { Items: rows.map(toWire), TotalCount: Number(n), PageIndex: q.pageIndex, PageSize: q.pageSize };
}
