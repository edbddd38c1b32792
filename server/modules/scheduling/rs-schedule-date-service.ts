// Schedule dates of one employee (what the clock and timesheet offer), the program, store and
// department options of a day, and the rotation week of a date.
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type {
  RotationWeek,
  RSScheduleDate,
  ScheduleDateOption,
  ScheduleDateOptionQuery,
} from '../../../src/contract/scheduling';
import type { Db } from '../../db/client';
import { lookups, officePrograms, programs, rsScheduleDates, rsSchedules, stores } from '../../db/tables';
import { rotationWeek } from '../../domain/scheduling/times';
import type { Actor } from '../access/service';
import { DEPARTMENT_LOOKUP, datesFrom, toDate } from './rs-schedule-reads';
import { RESPOND, requireOffice } from './scope';

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
