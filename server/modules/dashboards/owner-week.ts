// The week (GET dashboards/home/owner-week) over the offices where the caller reads payroll (an
// owner: her corporation; payroll and admin: every office). The week runs Monday to today, days
// counted in the time zone of the first office in scope:
// - hours: closed work entries less their breaks, on the entry's office day (as time approvals);
// - pay cost: gross pay as last calculated of the payroll entries (offices in scope) of the payrolls
//   whose window holds today, per currency (country);
// - orders: work orders sold this week; installs: product units whose install day is this week;
// - leads worked: distinct leads of the corporations in scope with an interaction this week.
import { and, count, countDistinct, eq, gte, inArray, isNull, lte, sql, sum } from 'drizzle-orm';
import { type OwnerWeek, RoleDashboardId, type WeekOffice } from '../../../src/contract/dashboards';
import type { Db } from '../../db/client';
import {
  corporations,
  leadActivity,
  leadGroups,
  leads,
  payrollEntries,
  payrolls,
  productOrders,
  timeEntries,
  workOrders,
} from '../../db/tables';
import { addDays, isoWeekday } from '../../domain/time/clock-time';
import { countedMinutes, isClosed } from '../../domain/time/entry-rules';
import { dayRange, officeDays } from '../../domain/time-management/office-day';
import type { Actor } from '../access/service';
import { ids, scopedOffices } from './scope';

export const OWNER_WEEK_KEY = 'payroll:read';

export async function ownerWeek(db: Db, actor: Actor, now: Date): Promise<OwnerWeek> {
  const offices = await scopedOffices(db, actor, OWNER_WEEK_KEY, now);
  const timeZone = offices[0]?.TimeZone ?? 'UTC';
  const today = offices[0]?.Today ?? now.toISOString().slice(0, 10);
  const start = addDays(today, 1 - isoWeekday(today));
  const base = {
    DashboardID: RoleDashboardId.OwnerWeek,
    GeneratedAt: now.toISOString(),
    TimeZone: timeZone,
    StartDate: start,
    EndDate: today,
  };
  const byOffice = new Map<number, WeekOffice & { people: Set<number> }>(
    offices.map((o) => [
      o.IcdOfficeID,
      {
        IcdOfficeID: o.IcdOfficeID,
        OfficeName: o.OfficeName,
        CountryID: o.CountryID,
        WorkedMinutes: 0,
        Employees: 0,
        Orders: 0,
        Installs: 0,
        people: new Set(),
      },
    ]),
  );
  if (!offices.length)
    return {
      ...base,
      WorkedMinutes: 0,
      EmployeesWorked: 0,
      PayCost: [],
      PayrollsInWindow: 0,
      Orders: 0,
      Installs: 0,
      LeadsWorked: 0,
      Interactions: 0,
      ByOffice: [],
    };
  const officeIds = ids(offices);
  const corporationIds = [...new Set(offices.map((o) => o.IcdCorporationID))];

  // Hours, by the office day each entry counts on.
  const entries = await db
    .select()
    .from(timeEntries)
    .where(
      and(
        inArray(timeEntries.IcdOfficeID, officeIds),
        isNull(timeEntries.DeletedAt),
        gte(timeEntries.Date, addDays(start, -1)),
        lte(timeEntries.Date, addDays(today, 1)),
      ),
    );
  const zones = new Map(offices.map((o) => [o.IcdOfficeID, o.TimeZone]));
  const days = officeDays(entries, (e) => zones.get(e.IcdOfficeID) ?? timeZone);
  const breaks = new Map<number, number>();
  for (const e of entries)
    if (e.IsBreak && e.ParentTimeEntryID !== null && isClosed(e))
      breaks.set(e.ParentTimeEntryID, (breaks.get(e.ParentTimeEntryID) ?? 0) + countedMinutes(e));
  const everyone = new Set<number>();
  for (const e of entries) {
    const day = days.get(e.Id) ?? e.Date;
    if (e.IsBreak || !isClosed(e) || day < start || day > today) continue;
    const office = byOffice.get(e.IcdOfficeID);
    if (!office) continue;
    office.WorkedMinutes += Math.max(0, countedMinutes(e) - (breaks.get(e.Id) ?? 0));
    office.people.add(e.EmployeeID);
    everyone.add(e.EmployeeID);
  }

  const [pay, windows, orders, installs, worked] = await Promise.all([
    db
      .select({ CountryID: corporations.CountryID, Cents: sum(payrollEntries.GrossPayCents) })
      .from(payrollEntries)
      .innerJoin(payrolls, eq(payrolls.PayrollID, payrollEntries.PayrollID))
      .innerJoin(corporations, eq(corporations.IcdCorporationID, payrolls.IcdCorporationID))
      .where(
        and(
          inArray(payrollEntries.IcdOfficeID, officeIds),
          lte(payrolls.StartDate, today),
          gte(payrolls.EndDate, today),
        ),
      )
      .groupBy(corporations.CountryID)
      .orderBy(corporations.CountryID),
    db
      .select({ n: count() })
      .from(payrolls)
      .where(
        and(
          inArray(payrolls.IcdCorporationID, corporationIds),
          lte(payrolls.StartDate, today),
          gte(payrolls.EndDate, today),
        ),
      ),
    db
      .select({ IcdOfficeID: workOrders.IcdOfficeID, n: count() })
      .from(workOrders)
      .where(
        and(
          inArray(workOrders.IcdOfficeID, officeIds),
          gte(workOrders.SaleDate, start),
          lte(workOrders.SaleDate, today),
        ),
      )
      .groupBy(workOrders.IcdOfficeID),
    db
      .select({ IcdOfficeID: workOrders.IcdOfficeID, n: sum(productOrders.Quantity) })
      .from(productOrders)
      .innerJoin(workOrders, eq(workOrders.WorkOrderID, productOrders.WorkOrderID))
      .where(
        and(
          inArray(workOrders.IcdOfficeID, officeIds),
          gte(productOrders.InstallDate, start),
          lte(productOrders.InstallDate, today),
        ),
      )
      .groupBy(workOrders.IcdOfficeID),
    leadsWorked(db, corporationIds, start, timeZone, now),
  ]);
  for (const o of orders) {
    const office = byOffice.get(o.IcdOfficeID);
    if (office) office.Orders = Number(o.n);
  }
  for (const o of installs) {
    const office = byOffice.get(o.IcdOfficeID);
    if (office) office.Installs = Number(o.n ?? 0);
  }
  const list = [...byOffice.values()].map(({ people, ...o }) => ({ ...o, Employees: people.size }));
  return {
    ...base,
    WorkedMinutes: list.reduce((n, o) => n + o.WorkedMinutes, 0),
    EmployeesWorked: everyone.size,
    PayCost: pay.map((p) => ({ CountryID: p.CountryID, Cents: Number(p.Cents ?? 0) })),
    PayrollsInWindow: windows[0]?.n ?? 0,
    Orders: list.reduce((n, o) => n + o.Orders, 0),
    Installs: list.reduce((n, o) => n + o.Installs, 0),
    LeadsWorked: worked.leads,
    Interactions: worked.interactions,
    ByOffice: list,
  };
}

async function leadsWorked(
  db: Db,
  corporationIds: number[],
  start: string,
  timeZone: string,
  now: Date,
): Promise<{ leads: number; interactions: number }> {
  const from = dayRange(timeZone, start).from ?? now;
  const [row] = await db
    .select({ leads: countDistinct(leadActivity.LeadID), interactions: count() })
    .from(leadActivity)
    .innerJoin(leads, eq(leads.LeadID, leadActivity.LeadID))
    .innerJoin(leadGroups, eq(leadGroups.LeadGroupID, leads.LeadGroupID))
    .where(
      and(
        inArray(leadGroups.IcdCorporationID, corporationIds),
        gte(leadActivity.OccurredAt, from),
        sql`${leadActivity.OccurredAt} <= ${now.toISOString()}::timestamptz`,
      ),
    );
  return { leads: Number(row?.leads ?? 0), interactions: Number(row?.interactions ?? 0) };
}
