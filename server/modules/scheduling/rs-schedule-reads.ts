// RS (road-show) schedules as read: an office's schedules for a period (list, page), one with its
// employees, dates and sales; and what the other rs-schedule files share: one schedule visible to the
// caller or locked for a change, its employees and dates, the office's qualifying employees, names,
// a domain refusal as an error. Scoped to the offices the caller manages.
import { and, asc, count, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { Division, EmployeeStatus } from '../../../src/contract/common';
import type {
  RSSchedule,
  RSScheduleDate,
  RSScheduleDetail,
  RSScheduleEmployee,
  RSScheduleQuery,
  RSScheduleSales,
} from '../../../src/contract/scheduling';
import type { Db } from '../../db/client';
import {
  employees,
  employmentRecordDivisions,
  employmentRecords,
  icdOffices,
  rsScheduleDates,
  rsScheduleEmployees,
  rsScheduleSales,
  rsSchedules,
} from '../../db/tables';
import type { Refusal } from '../../domain/scheduling/rules';
import { AppError, notFound } from '../../errors';
import type { Actor } from '../access/service';
import {
  conflict,
  type DbOrTx,
  fullName,
  manageScope,
  officeCondition,
  requireOffice,
  requireVisible,
  type Tx,
} from './scope';

const SCHEDULE = 'The RS schedule';
export const DEPARTMENT_LOOKUP = 'departments';

export const refuse = (r: Refusal) => new AppError(r.status, r.message, { Errors: r.errors });
const scheduleSelect = {
  RSScheduleID: rsSchedules.RSScheduleID,
  IcdOfficeID: rsSchedules.IcdOfficeID,
  OfficeName: icdOffices.OfficeName,
  StartDate: rsSchedules.StartDate,
  EndDate: rsSchedules.EndDate,
  Notes: rsSchedules.Notes,
  Version: rsSchedules.Version,
  CreatedAt: rsSchedules.CreatedAt,
  UpdatedAt: rsSchedules.UpdatedAt,
  EmployeeCount:
    sql<number>`(select count(*) from ${rsScheduleEmployees} where ${rsScheduleEmployees.RSScheduleID} = ${rsSchedules.RSScheduleID})`.mapWith(
      Number,
    ),
};

function schedulesFrom(db: DbOrTx) {
  return db
    .select(scheduleSelect)
    .from(rsSchedules)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, rsSchedules.IcdOfficeID))
    .$dynamic();
}

type ScheduleRow = Awaited<ReturnType<ReturnType<typeof schedulesFrom>['execute']>>[number];

const toSchedule = (r: ScheduleRow): RSSchedule => ({
  ...r,
  CreatedAt: r.CreatedAt.toISOString(),
  UpdatedAt: r.UpdatedAt.toISOString(),
});

function listConditions(actor: Actor, q: RSScheduleQuery): SQL | undefined {
  if (q.icdOfficeID) requireOffice(actor, q.icdOfficeID);
  return and(
    officeCondition(manageScope(actor), rsSchedules.IcdOfficeID),
    q.icdOfficeID ? eq(rsSchedules.IcdOfficeID, q.icdOfficeID) : undefined,
    // Schedules meeting the period.
    q.startDate ? gte(rsSchedules.EndDate, q.startDate) : undefined,
    q.endDate ? lte(rsSchedules.StartDate, q.endDate) : undefined,
  );
}

const scheduleOrder = [asc(rsSchedules.StartDate), asc(icdOffices.OfficeName), asc(rsSchedules.RSScheduleID)];

export async function listSchedules(p: {
  db: Db;
  actor: Actor;
  query: RSScheduleQuery;
}): Promise<RSSchedule[]> {
  const rows = await schedulesFrom(p.db)
    .where(listConditions(p.actor, p.query))
    .orderBy(...scheduleOrder)
    .limit(1000);
  return rows.map(toSchedule);
}

export async function pageSchedules(p: {
  db: Db;
  actor: Actor;
  query: RSScheduleQuery;
  pageIndex: number;
  pageSize: number;
}) {
  const where = listConditions(p.actor, p.query);
  const [{ total }] = await p.db.select({ total: count() }).from(rsSchedules).where(where);
  const rows = await schedulesFrom(p.db)
    .where(where)
    .orderBy(...scheduleOrder)
    .limit(p.pageSize)
    .offset(p.pageIndex * p.pageSize);
  return { Items: rows.map(toSchedule), TotalCount: total, PageIndex: p.pageIndex, PageSize: p.pageSize };
}

export async function visibleSchedule(db: DbOrTx, actor: Actor, id: number): Promise<ScheduleRow> {
  const [row] = await schedulesFrom(db).where(eq(rsSchedules.RSScheduleID, id));
  if (!row) throw notFound(SCHEDULE);
  requireVisible(actor, row.IcdOfficeID, SCHEDULE);
  return row;
}

export async function scheduleEmployees(db: DbOrTx, schedule: ScheduleRow): Promise<RSScheduleEmployee[]> {
  const rows = await db
    .select({
      EmployeeID: employees.EmployeeID,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
      JobTitleID: sql<
        number | null
      >`(select ${employmentRecords.JobTitleID} from ${employmentRecords} where ${employmentRecords.EmployeeID} = ${employees.EmployeeID} and ${employmentRecords.IcdOfficeID} = ${schedule.IcdOfficeID} order by ${employmentRecords.EmploymentRecordID} limit 1)`,
    })
    .from(rsScheduleEmployees)
    .innerJoin(employees, eq(employees.EmployeeID, rsScheduleEmployees.EmployeeID))
    .where(eq(rsScheduleEmployees.RSScheduleID, schedule.RSScheduleID))
    .orderBy(asc(employees.LastName), asc(employees.FirstName));
  return rows.map((r) => ({ EmployeeID: r.EmployeeID, EmployeeName: fullName(r), JobTitleID: r.JobTitleID }));
}

export function datesFrom(db: DbOrTx) {
  return db
    .select({
      date: rsScheduleDates,
      IcdOfficeID: rsSchedules.IcdOfficeID,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
    })
    .from(rsScheduleDates)
    .innerJoin(rsSchedules, eq(rsSchedules.RSScheduleID, rsScheduleDates.RSScheduleID))
    .innerJoin(employees, eq(employees.EmployeeID, rsScheduleDates.EmployeeID))
    .$dynamic();
}

type DateRow = Awaited<ReturnType<ReturnType<typeof datesFrom>['execute']>>[number];
export const toDate = (r: DateRow): RSScheduleDate => ({
  ...r.date,
  IcdOfficeID: r.IcdOfficeID,
  EmployeeName: fullName(r),
});

async function loadDetail(db: DbOrTx, schedule: ScheduleRow): Promise<RSScheduleDetail> {
  const dates = await datesFrom(db)
    .where(eq(rsScheduleDates.RSScheduleID, schedule.RSScheduleID))
    .orderBy(asc(rsScheduleDates.Date), asc(employees.LastName), asc(rsScheduleDates.RSScheduleDateID));
  const sales = await db
    .select()
    .from(rsScheduleSales)
    .where(eq(rsScheduleSales.RSScheduleID, schedule.RSScheduleID))
    .orderBy(asc(rsScheduleSales.Date), asc(rsScheduleSales.RSScheduleSalesID));
  return {
    ...toSchedule(schedule),
    Employees: await scheduleEmployees(db, schedule),
    RSScheduleDates: dates.map(toDate),
    RSScheduleSales: sales.map(
      (s): RSScheduleSales => ({
        ...s,
        SalesAmount: Number(s.SalesAmount),
        AnonymousHours: Number(s.AnonymousHours),
      }),
    ),
  };
}

export async function getSchedule(p: { db: Db; actor: Actor; id: number }): Promise<RSScheduleDetail> {
  return loadDetail(p.db, await visibleSchedule(p.db, p.actor, p.id));
}

/** Active RoadShow employees of the office during the period. */
export async function qualifying(
  db: DbOrTx,
  officeId: number,
  start: string,
  end: string,
): Promise<RSScheduleEmployee[]> {
  const rows = await db
    .select({
      EmployeeID: employees.EmployeeID,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
      JobTitleID: employmentRecords.JobTitleID,
    })
    .from(employmentRecords)
    .innerJoin(employees, eq(employees.EmployeeID, employmentRecords.EmployeeID))
    .innerJoin(
      employmentRecordDivisions,
      eq(employmentRecordDivisions.EmploymentRecordID, employmentRecords.EmploymentRecordID),
    )
    .where(
      and(
        eq(employmentRecords.IcdOfficeID, officeId),
        eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active),
        eq(employmentRecordDivisions.DivisionID, Division.RoadShow),
        eq(employees.Inactive, false),
        or(isNull(employmentRecords.HireDate), lte(employmentRecords.HireDate, end)),
        or(isNull(employmentRecords.TerminationDate), gte(employmentRecords.TerminationDate, start)),
      ),
    )
    .orderBy(asc(employees.LastName), asc(employees.FirstName), asc(employmentRecords.EmploymentRecordID));
  const seen = new Set<number>();
  const out: RSScheduleEmployee[] = [];
  for (const r of rows) {
    if (seen.has(r.EmployeeID)) continue;
    seen.add(r.EmployeeID);
    out.push({ EmployeeID: r.EmployeeID, EmployeeName: fullName(r), JobTitleID: r.JobTitleID });
  }
  return out;
}

export async function namesOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      EmployeeID: employees.EmployeeID,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
    })
    .from(employees)
    .where(inArray(employees.EmployeeID, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.EmployeeID, fullName(r)]));
}

export async function lockSchedule(
  tx: Tx,
  actor: Actor,
  id: number,
  version: number | undefined,
): Promise<ScheduleRow> {
  await tx
    .select({ id: rsSchedules.RSScheduleID })
    .from(rsSchedules)
    .where(eq(rsSchedules.RSScheduleID, id))
    .for('update');
  const row = await visibleSchedule(tx, actor, id);
  if (version !== undefined && version !== row.Version) throw conflict(await loadDetail(tx, row));
  return row;
}
