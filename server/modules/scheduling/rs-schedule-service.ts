// RS (road-show) schedules: an office's schedule for a period with its employees, their dates (program,
// store, department) and the sales. Scoped to the offices the caller manages.
import { and, asc, count, eq, gte, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { Division, EmployeeStatus } from '../../../src/contract/common';
import type {
  QualifyingEmployee,
  QualifyingEmployeesQuery,
  RotationWeek,
  RSSchedule,
  RSScheduleDate,
  RSScheduleDateSave,
  RSScheduleDetail,
  RSScheduleEmployee,
  RSScheduleEmployeesSave,
  RSScheduleQuery,
  RSScheduleSales,
  RSScheduleSalesSave,
  RSScheduleSave,
  RSScheduleUpdate,
  ScheduleDateOption,
  ScheduleDateOptionQuery,
} from '../../../src/contract/scheduling';
import type { Db } from '../../db/client';
import {
  employees,
  employmentRecordDivisions,
  employmentRecords,
  icdOffices,
  lookups,
  officePrograms,
  programs,
  rsScheduleDates,
  rsScheduleEmployees,
  rsScheduleSales,
  rsSchedules,
  stores,
} from '../../db/tables';
import { checkEmployeeList, checkRsSchedule } from '../../domain/scheduling/rs-schedule';
import type { Refusal } from '../../domain/scheduling/rules';
import { rotationWeek } from '../../domain/scheduling/times';
import { AppError, badRequest, notFound } from '../../errors';
import { type Actor, inScope, loadActor } from '../access/service';
import {
  conflict,
  type DbOrTx,
  fullName,
  manageScope,
  officeCondition,
  RESPOND,
  requireOffice,
  requireVisible,
  type Tx,
} from './scope';

const SCHEDULE = 'The RS schedule';
export const DEPARTMENT_LOOKUP = 'departments';

const refuse = (r: Refusal) => new AppError(r.status, r.message, { Errors: r.errors });

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

async function visibleSchedule(db: DbOrTx, actor: Actor, id: number): Promise<ScheduleRow> {
  const [row] = await schedulesFrom(db).where(eq(rsSchedules.RSScheduleID, id));
  if (!row) throw notFound(SCHEDULE);
  requireVisible(actor, row.IcdOfficeID, SCHEDULE);
  return row;
}

async function scheduleEmployees(db: DbOrTx, schedule: ScheduleRow): Promise<RSScheduleEmployee[]> {
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

function datesFrom(db: DbOrTx) {
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
const toDate = (r: DateRow): RSScheduleDate => ({
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
async function qualifying(
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

async function namesOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
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

async function overlappingSchedules(
  db: DbOrTx,
  officeId: number,
  start: string,
  end: string,
  exceptId?: number,
) {
  return db
    .select({ StartDate: rsSchedules.StartDate, EndDate: rsSchedules.EndDate })
    .from(rsSchedules)
    .where(
      and(
        eq(rsSchedules.IcdOfficeID, officeId),
        lte(rsSchedules.StartDate, end),
        gte(rsSchedules.EndDate, start),
        exceptId ? ne(rsSchedules.RSScheduleID, exceptId) : undefined,
      ),
    );
}

/**
 * Programs, stores and departments are referenced without foreign keys: a program must exist, a
 * store must be one of the office's, a department one of the `departments` lookups (400 per field).
 */
async function checkReferences(
  db: DbOrTx,
  officeId: number,
  dates: readonly RSScheduleDateSave[],
  sales: readonly RSScheduleSalesSave[],
): Promise<void> {
  const ids = (values: (number | null | undefined)[]) => [
    ...new Set(values.filter((v): v is number => typeof v === 'number')),
  ];
  const rows = [...dates, ...sales];
  const programIds = ids(rows.map((r) => r.ProgramID));
  const storeIds = ids(rows.map((r) => r.StoreID));
  const departmentIds = ids(dates.map((d) => d.DepartmentID));
  const known = {
    ProgramID: new Set(
      programIds.length
        ? (
            await db
              .select({ id: programs.ProgramID })
              .from(programs)
              .where(inArray(programs.ProgramID, programIds))
          ).map((r) => r.id)
        : [],
    ),
    StoreID: new Set(
      storeIds.length
        ? (
            await db
              .select({ id: stores.StoreID })
              .from(stores)
              .where(and(inArray(stores.StoreID, storeIds), eq(stores.IcdOfficeID, officeId)))
          ).map((r) => r.id)
        : [],
    ),
    DepartmentID: new Set(
      departmentIds.length
        ? (
            await db
              .select({ id: lookups.Id })
              .from(lookups)
              .where(and(eq(lookups.Kind, DEPARTMENT_LOOKUP), inArray(lookups.Id, departmentIds)))
          ).map((r) => r.id)
        : [],
    ),
  };
  const messages = {
    ProgramID: 'The program was not found.',
    StoreID: 'The store is not at this office.',
    DepartmentID: 'The department was not found.',
  } as const;
  const errors: Record<string, string[]> = {};
  const check = (list: string, i: number, row: Partial<Record<keyof typeof known, number | null>>) => {
    for (const key of Object.keys(known) as (keyof typeof known)[]) {
      const value = row[key];
      if (typeof value === 'number' && !known[key].has(value))
        errors[`${list}.${i}.${key}`] = [messages[key]];
    }
  };
  for (const [i, d] of dates.entries()) check('RSScheduleDates', i, d);
  for (const [i, row] of sales.entries()) check('RSScheduleSales', i, row);
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first[0], errors);
}

const dateValues = (d: RSScheduleDateSave) => ({
  EmployeeID: d.EmployeeID,
  Date: d.Date,
  ProgramID: d.ProgramID ?? null,
  StoreID: d.StoreID ?? null,
  DepartmentID: d.DepartmentID ?? null,
  StartTime: d.StartTime ?? null,
  EndTime: d.EndTime ?? null,
});

const salesValues = (s: RSScheduleSalesSave) => ({
  Date: s.Date ?? null,
  ProgramID: s.ProgramID ?? null,
  StoreID: s.StoreID ?? null,
  SalesAmount: s.SalesAmount.toFixed(2),
  AnonymousHours: s.AnonymousHours.toFixed(2),
});

export async function createSchedule(p: {
  db: Db;
  actor: Actor;
  body: RSScheduleSave;
}): Promise<RSScheduleDetail> {
  const b = p.body;
  requireOffice(p.actor, b.IcdOfficeID);
  const id = await p.db.transaction(async (tx) => {
    const [office] = await tx
      .select({ OfficeName: icdOffices.OfficeName })
      .from(icdOffices)
      .where(eq(icdOffices.IcdOfficeID, b.IcdOfficeID));
    if (!office) throw notFound('The office');
    await checkReferences(tx, b.IcdOfficeID, b.RSScheduleDates, b.RSScheduleSales);
    const employeeIds = new Set(b.employeeIDs);
    const names = await namesOf(tx, [...employeeIds, ...b.RSScheduleDates.map((d) => d.EmployeeID)]);
    const listRefusal = checkEmployeeList({
      next: employeeIds,
      qualifying: new Set(
        (await qualifying(tx, b.IcdOfficeID, b.StartDate, b.EndDate)).map((e) => e.EmployeeID),
      ),
      withDates: new Set(),
      names,
      officeName: office.OfficeName,
    });
    if (listRefusal) throw refuse(listRefusal);
    const refusal = checkRsSchedule({
      officeName: office.OfficeName,
      StartDate: b.StartDate,
      EndDate: b.EndDate,
      overlapping: await overlappingSchedules(tx, b.IcdOfficeID, b.StartDate, b.EndDate),
      employeeIds,
      names,
      dates: b.RSScheduleDates,
      sales: b.RSScheduleSales,
    });
    if (refusal) throw refuse(refusal);
    const [row] = await tx
      .insert(rsSchedules)
      .values({
        IcdOfficeID: b.IcdOfficeID,
        StartDate: b.StartDate,
        EndDate: b.EndDate,
        Notes: b.Notes?.trim() || null,
      })
      .returning({ RSScheduleID: rsSchedules.RSScheduleID });
    const sid = row.RSScheduleID;
    if (employeeIds.size)
      await tx
        .insert(rsScheduleEmployees)
        .values([...employeeIds].map((EmployeeID) => ({ RSScheduleID: sid, EmployeeID })));
    if (b.RSScheduleDates.length)
      await tx
        .insert(rsScheduleDates)
        .values(b.RSScheduleDates.map((d) => ({ ...dateValues(d), RSScheduleID: sid })));
    if (b.RSScheduleSales.length)
      await tx
        .insert(rsScheduleSales)
        .values(b.RSScheduleSales.map((s) => ({ ...salesValues(s), RSScheduleID: sid })));
    return sid;
  });
  return getSchedule({ db: p.db, actor: p.actor, id });
}

async function lockSchedule(
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

/** Rows with an id are updated (and must belong to the schedule), new rows inserted, the rest removed. */
async function syncChildren<Row extends { id?: number }>(p: {
  existingIds: readonly number[];
  next: readonly Row[];
  what: string;
  field: string;
  update: (id: number, row: Row) => Promise<unknown>;
  insert: (rows: Row[]) => Promise<unknown>;
  remove: (ids: number[]) => Promise<unknown>;
}): Promise<void> {
  const existing = new Set(p.existingIds);
  const kept = new Set<number>();
  for (const [i, row] of p.next.entries()) {
    if (row.id === undefined) continue;
    if (!existing.has(row.id) || kept.has(row.id)) {
      const message = `${p.what} ${row.id} is not part of this schedule.`;
      throw new AppError(422, message, { Errors: { [`${p.field}.${i}`]: [message] } });
    }
    kept.add(row.id);
  }
  const removed = p.existingIds.filter((id) => !kept.has(id));
  if (removed.length) await p.remove(removed);
  for (const row of p.next) if (row.id !== undefined) await p.update(row.id, row);
  const added = p.next.filter((r) => r.id === undefined);
  if (added.length) await p.insert(added);
}

export async function updateSchedule(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: RSScheduleUpdate;
}): Promise<RSScheduleDetail> {
  const b = p.body;
  await p.db.transaction(async (tx) => {
    const row = await lockSchedule(tx, p.actor, p.id, b.Version);
    await checkReferences(tx, row.IcdOfficeID, b.RSScheduleDates, b.RSScheduleSales);
    const employeeIds = new Set(
      (
        await tx
          .select({ EmployeeID: rsScheduleEmployees.EmployeeID })
          .from(rsScheduleEmployees)
          .where(eq(rsScheduleEmployees.RSScheduleID, p.id))
      ).map((e) => e.EmployeeID),
    );
    const refusal = checkRsSchedule({
      officeName: row.OfficeName,
      StartDate: b.StartDate,
      EndDate: b.EndDate,
      overlapping: await overlappingSchedules(tx, row.IcdOfficeID, b.StartDate, b.EndDate, p.id),
      employeeIds,
      names: await namesOf(
        tx,
        b.RSScheduleDates.map((d) => d.EmployeeID),
      ),
      dates: b.RSScheduleDates,
      sales: b.RSScheduleSales,
    });
    if (refusal) throw refuse(refusal);
    await tx
      .update(rsSchedules)
      .set({
        StartDate: b.StartDate,
        EndDate: b.EndDate,
        Notes: b.Notes?.trim() || null,
        Version: row.Version + 1,
        UpdatedAt: new Date(),
      })
      .where(eq(rsSchedules.RSScheduleID, p.id));

    const existingDates = await tx
      .select({ id: rsScheduleDates.RSScheduleDateID })
      .from(rsScheduleDates)
      .where(eq(rsScheduleDates.RSScheduleID, p.id));
    await syncChildren({
      existingIds: existingDates.map((d) => d.id),
      next: b.RSScheduleDates.map((d) => ({ ...d, id: d.RSScheduleDateID })),
      what: 'Schedule date',
      field: 'RSScheduleDates',
      update: (id, d) =>
        tx.update(rsScheduleDates).set(dateValues(d)).where(eq(rsScheduleDates.RSScheduleDateID, id)),
      insert: (rows) =>
        tx.insert(rsScheduleDates).values(rows.map((d) => ({ ...dateValues(d), RSScheduleID: p.id }))),
      remove: (ids) => tx.delete(rsScheduleDates).where(inArray(rsScheduleDates.RSScheduleDateID, ids)),
    });
    const existingSales = await tx
      .select({ id: rsScheduleSales.RSScheduleSalesID })
      .from(rsScheduleSales)
      .where(eq(rsScheduleSales.RSScheduleID, p.id));
    await syncChildren({
      existingIds: existingSales.map((s) => s.id),
      next: b.RSScheduleSales.map((s) => ({ ...s, id: s.RSScheduleSalesID })),
      what: 'Sales row',
      field: 'RSScheduleSales',
      update: (id, s) =>
        tx.update(rsScheduleSales).set(salesValues(s)).where(eq(rsScheduleSales.RSScheduleSalesID, id)),
      insert: (rows) =>
        tx.insert(rsScheduleSales).values(rows.map((s) => ({ ...salesValues(s), RSScheduleID: p.id }))),
      remove: (ids) => tx.delete(rsScheduleSales).where(inArray(rsScheduleSales.RSScheduleSalesID, ids)),
    });
  });
  return getSchedule(p);
}

export async function deleteSchedule(p: {
  db: Db;
  actor: Actor;
  id: number;
  version?: number;
}): Promise<void> {
  await p.db.transaction(async (tx) => {
    await lockSchedule(tx, p.actor, p.id, p.version);
    await tx.delete(rsSchedules).where(eq(rsSchedules.RSScheduleID, p.id));
  });
}

export async function listScheduleEmployees(p: {
  db: Db;
  actor: Actor;
  id: number;
}): Promise<RSScheduleEmployee[]> {
  return scheduleEmployees(p.db, await visibleSchedule(p.db, p.actor, p.id));
}

export async function qualifyingEmployees(p: {
  db: Db;
  actor: Actor;
  query: QualifyingEmployeesQuery;
}): Promise<QualifyingEmployee[]> {
  let officeId: number;
  let start: string;
  let end: string;
  let scheduled = new Set<number>();
  if (p.query.RSScheduleID) {
    const schedule = await visibleSchedule(p.db, p.actor, p.query.RSScheduleID);
    officeId = schedule.IcdOfficeID;
    start = schedule.StartDate;
    end = schedule.EndDate;
    scheduled = new Set((await scheduleEmployees(p.db, schedule)).map((e) => e.EmployeeID));
  } else {
    officeId = p.query.IcdOfficeID!;
    start = p.query.StartDate!;
    end = p.query.EndDate!;
    requireOffice(p.actor, officeId);
  }
  const people = await qualifying(p.db, officeId, start, end);
  // Who can be given event assignments there (the assignment rule of schedule events).
  const answering = new Set<number>();
  for (const e of people) {
    const actor = await loadActor(p.db, e.EmployeeID);
    if (actor && inScope(actor.offices(RESPOND), officeId)) answering.add(e.EmployeeID);
  }
  return people.map((e) => ({
    ...e,
    IsScheduled: scheduled.has(e.EmployeeID),
    CanAnswerEvents: answering.has(e.EmployeeID),
  }));
}

/** Replaces the schedule's employees (employeeIDs); someone removed must have no dates left. */
export async function setScheduleEmployees(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: RSScheduleEmployeesSave;
}): Promise<RSScheduleEmployee[]> {
  return p.db.transaction(async (tx) => {
    const row = await lockSchedule(tx, p.actor, p.id, p.body.Version);
    const next = new Set(p.body.employeeIDs);
    const withDates = new Set(
      (
        await tx
          .selectDistinct({ EmployeeID: rsScheduleDates.EmployeeID })
          .from(rsScheduleDates)
          .where(eq(rsScheduleDates.RSScheduleID, p.id))
      ).map((d) => d.EmployeeID),
    );
    const refusal = checkEmployeeList({
      next,
      qualifying: new Set(
        (await qualifying(tx, row.IcdOfficeID, row.StartDate, row.EndDate)).map((e) => e.EmployeeID),
      ),
      withDates,
      names: await namesOf(tx, [...next, ...withDates]),
      officeName: row.OfficeName,
    });
    if (refusal) throw refuse(refusal);
    await tx.delete(rsScheduleEmployees).where(eq(rsScheduleEmployees.RSScheduleID, p.id));
    if (next.size)
      await tx
        .insert(rsScheduleEmployees)
        .values([...next].map((EmployeeID) => ({ RSScheduleID: p.id, EmployeeID })));
    await tx
      .update(rsSchedules)
      .set({ Version: row.Version + 1, UpdatedAt: new Date() })
      .where(eq(rsSchedules.RSScheduleID, p.id));
    return scheduleEmployees(tx, row);
  });
}

// ---------------------------------------------------------------------------------------------
// Schedule dates of one employee (what the clock and timesheet offer) and the rotation

/** Their own dates: `scheduling:respond` or `time:own`; anyone's: `scheduling:manage` for the office. */
function requireOwnOrManager(actor: Actor, employeeId: number, officeId: number): void {
  if (employeeId === actor.EmployeeID && (actor.has(RESPOND) || actor.has('time:own'))) return;
  requireOffice(actor, officeId);
}

export async function scheduleDates(p: {
  db: Db;
  actor: Actor;
  employeeId: number;
  officeId: number;
  date: string;
}): Promise<RSScheduleDate[]> {
  requireOwnOrManager(p.actor, p.employeeId, p.officeId);
  const rows = await datesFrom(p.db)
    .where(
      and(
        eq(rsScheduleDates.EmployeeID, p.employeeId),
        eq(rsScheduleDates.Date, p.date),
        eq(rsSchedules.IcdOfficeID, p.officeId),
      ),
    )
    .orderBy(asc(rsScheduleDates.StartTime), asc(rsScheduleDates.RSScheduleDateID));
  return rows.map(toDate);
}

export type OptionKind = 'programs' | 'stores' | 'departments';

export async function scheduleDateOptions(p: {
  db: Db;
  actor: Actor;
  kind: OptionKind;
  employeeId: number;
  officeId: number;
  date: string;
  query: ScheduleDateOptionQuery;
}): Promise<ScheduleDateOption[]> {
  const dates = await scheduleDates(p);
  const pick = { programs: 'ProgramID', stores: 'StoreID', departments: 'DepartmentID' } as const;
  const selected = {
    programs: p.query.selectedProgramID,
    stores: p.query.selectedStoreID,
    departments: p.query.selectedDepartmentID,
  }[p.kind];
  const scheduled = new Set(dates.map((d) => d[pick[p.kind]]).filter((id): id is number => id !== null));
  const wanted = new Set(scheduled);
  if (selected) wanted.add(selected);

  // Every active option of the office (showAll), plus those scheduled or selected.
  let options: { Id: number; Name: string }[] = [];
  if (p.kind === 'programs') {
    const all = p.query.showAll
      ? await p.db
          .select({ Id: programs.ProgramID, Name: programs.Name })
          .from(programs)
          .innerJoin(officePrograms, eq(officePrograms.ProgramID, programs.ProgramID))
          .where(and(eq(officePrograms.IcdOfficeID, p.officeId), eq(programs.IsActive, true)))
      : [];
    const chosen = wanted.size
      ? await p.db
          .select({ Id: programs.ProgramID, Name: programs.Name })
          .from(programs)
          .where(inArray(programs.ProgramID, [...wanted]))
      : [];
    options = [...all, ...chosen];
  } else if (p.kind === 'stores') {
    const all = p.query.showAll
      ? await p.db
          .select({ Id: stores.StoreID, Name: stores.Name })
          .from(stores)
          .where(and(eq(stores.IcdOfficeID, p.officeId), eq(stores.IsActive, true)))
      : [];
    const chosen = wanted.size
      ? await p.db
          .select({ Id: stores.StoreID, Name: stores.Name })
          .from(stores)
          .where(inArray(stores.StoreID, [...wanted]))
      : [];
    options = [...all, ...chosen];
  } else {
    const only = p.query.showAll ? undefined : wanted.size ? inArray(lookups.Id, [...wanted]) : sql`false`;
    options = await p.db
      .select({ Id: lookups.Id, Name: lookups.Name })
      .from(lookups)
      .where(and(eq(lookups.Kind, DEPARTMENT_LOOKUP), only));
  }
  const byId = new Map(options.map((o) => [o.Id, o]));
  return [...byId.values()]
    .map((o) => ({ Id: o.Id, Name: o.Name, IsScheduled: scheduled.has(o.Id) }))
    .sort(
      (a, b) => Number(b.IsScheduled) - Number(a.IsScheduled) || a.Name.localeCompare(b.Name) || a.Id - b.Id,
    );
}

export async function rotationByDate(p: {
  db: Db;
  actor: Actor;
  date: string;
  officeId?: number;
}): Promise<RotationWeek> {
  const week = rotationWeek(p.date);
  let RSScheduleID: number | null = null;
  if (p.officeId) {
    requireOffice(p.actor, p.officeId);
    const [row] = await p.db
      .select({ RSScheduleID: rsSchedules.RSScheduleID })
      .from(rsSchedules)
      .where(
        and(
          eq(rsSchedules.IcdOfficeID, p.officeId),
          lte(rsSchedules.StartDate, p.date),
          gte(rsSchedules.EndDate, p.date),
        ),
      )
      .orderBy(asc(rsSchedules.StartDate))
      .limit(1);
    RSScheduleID = row?.RSScheduleID ?? null;
  }
  return { Date: p.date, ...week, RSScheduleID };
}
