// RS schedules saved: create, update (with their dates and sales rows) and delete, after the checks of
// the references (program, store, department), overlapping schedules and the employee list.
import { and, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import type {
  RSScheduleDateSave,
  RSScheduleDetail,
  RSScheduleSalesSave,
  RSScheduleSave,
  RSScheduleUpdate,
} from '../../../src/contract/scheduling';
import type { Db } from '../../db/client';
import {
  icdOffices,
  lookups,
  programs,
  rsScheduleDates,
  rsScheduleEmployees,
  rsScheduleSales,
  rsSchedules,
  stores,
} from '../../db/tables';
import { checkEmployeeList, checkRsSchedule } from '../../domain/scheduling/rs-schedule';
import { AppError, badRequest, notFound } from '../../errors';
import type { Actor } from '../access/service';
import {
  DEPARTMENT_LOOKUP,
  getSchedule,
  lockSchedule,
  namesOf,
  qualifying,
  refuse,
} from './rs-schedule-reads';
import { type DbOrTx, requireOffice } from './scope';

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
