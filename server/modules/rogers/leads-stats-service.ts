// Rogers lead statistics (GET reports/rogers/leads-total-statistics, leads-office-statistics,
// leads-rep-statistics): over the leads of Rogers lead groups (division 35) of the corporations in
// scope, for the dates (interactions by their instant, in UTC days; orders by sale day):
// - Leads: leads of the groups/batch (not dated); Worked: leads with an interaction in the dates;
//   Interactions: interactions logged; Conversions: leads whose interaction set a converting status;
//   Orders / Units: Rogers work orders made from those leads and their units; ConversionRate:
//   Conversions / Worked.
// - Filters: leadBatchID, leadGroupID, icdOfficeID (interactions by people with an employment record
//   at the office, orders of the office), employeeID (the rep: interactions logged by and orders
//   credited to the employee), userID (the account that acted: interactions logged by it and orders
//   it entered).
// - Per office: the office of the order, and each office where the person who interacted works (a
//   person at two offices counts at both). Per rep: the person who interacted / is credited.
// A manager's scope also limits interactions to the people of his offices and orders to his offices.
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { Division } from '../../../src/contract/common';
import type { Column, RogersReportQuery, Row } from '../../../src/contract/rogers';
import type { Db } from '../../db/client';
import {
  employees,
  employmentRecords,
  icdOffices,
  leadActivity,
  leadGroups,
  leadStatuses,
  leads,
  productOrders,
  workOrders,
} from '../../db/tables';
import { addDays } from '../../domain/time/clock-time';
import {
  entry,
  idIn,
  officeFilter,
  type Range,
  type RogersScope,
  requireEmployee,
  requireLeadBatch,
  requireLeadGroup,
  share,
} from './scope';

export type LeadStatsLevel = 'total' | 'office' | 'rep';

interface Acc {
  worked: Set<number>;
  conversions: Set<number>;
  Interactions: number;
  orders: Set<number>;
  Units: number;
}
const acc = (): Acc => ({
  worked: new Set(),
  conversions: new Set(),
  Interactions: 0,
  orders: new Set(),
  Units: 0,
});

function leadConditions(scope: RogersScope, q: RogersReportQuery): SQL | undefined {
  return and(
    eq(leadGroups.DivisionID, Division.Rogers),
    idIn(scope.corporations, leadGroups.IcdCorporationID),
    q.leadGroupID === undefined ? undefined : eq(leads.LeadGroupID, q.leadGroupID),
    q.leadBatchID === undefined ? undefined : eq(leads.LeadBatchID, q.leadBatchID),
  );
}

export async function leadStatistics(p: {
  db: Db;
  scope: RogersScope;
  query: RogersReportQuery;
  range: Range;
  level: LeadStatsLevel;
}): Promise<{ Columns: Column[]; Rows: Row[]; Totals: Row }> {
  const { db, scope, query: q, range: r, level } = p;
  if (q.leadGroupID !== undefined) await requireLeadGroup(db, scope, q.leadGroupID);
  if (q.leadBatchID !== undefined) await requireLeadBatch(db, scope, q.leadBatchID);
  if (q.employeeID !== undefined) await requireEmployee(db, scope, q.employeeID);
  if (q.userID !== undefined) await requireEmployee(db, scope, q.userID);
  const offices = officeFilter(scope, q.icdOfficeID);

  const [{ n: leadCount }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(leads)
    .innerJoin(leadGroups, eq(leadGroups.LeadGroupID, leads.LeadGroupID))
    .where(leadConditions(scope, q));

  // Offices of each person (only offices in the filter).
  const records = await db
    .select({ EmployeeID: employmentRecords.EmployeeID, IcdOfficeID: employmentRecords.IcdOfficeID })
    .from(employmentRecords)
    .where(idIn(offices, employmentRecords.IcdOfficeID));
  const officesOf = new Map<number, number[]>();
  for (const x of records)
    officesOf.set(x.EmployeeID, [...(officesOf.get(x.EmployeeID) ?? []), x.IcdOfficeID]);
  const person = q.userID ?? q.employeeID;

  const activity = await db
    .select({
      LeadID: leadActivity.LeadID,
      EmployeeID: leadActivity.EmployeeID,
      IsConversion: sql<boolean>`coalesce(${leadStatuses.IsConversion}, false)`,
    })
    .from(leadActivity)
    .innerJoin(leads, eq(leads.LeadID, leadActivity.LeadID))
    .innerJoin(leadGroups, eq(leadGroups.LeadGroupID, leads.LeadGroupID))
    .leftJoin(leadStatuses, eq(leadStatuses.LeadStatusID, leadActivity.LeadStatusID))
    .where(
      and(
        leadConditions(scope, q),
        gte(leadActivity.OccurredAt, new Date(`${r.start}T00:00:00Z`)),
        lt(leadActivity.OccurredAt, new Date(`${addDays(r.end, 1)}T00:00:00Z`)),
        person === undefined ? undefined : eq(leadActivity.EmployeeID, person),
        q.userID !== undefined && q.employeeID !== undefined && q.userID !== q.employeeID
          ? sql`false`
          : undefined,
      ),
    );

  const orders = await db
    .select({
      WorkOrderID: workOrders.WorkOrderID,
      IcdOfficeID: workOrders.IcdOfficeID,
      EmployeeID: workOrders.EmployeeID,
      Units: sql<number>`coalesce((select sum(${productOrders.Quantity}) from ${productOrders} where ${productOrders.WorkOrderID} = ${workOrders.WorkOrderID}), 0)::int`,
    })
    .from(workOrders)
    .innerJoin(leads, eq(leads.LeadID, workOrders.LeadID))
    .innerJoin(leadGroups, eq(leadGroups.LeadGroupID, leads.LeadGroupID))
    .where(
      and(
        leadConditions(scope, q),
        eq(workOrders.DivisionID, Division.Rogers),
        idIn(offices, workOrders.IcdOfficeID),
        gte(workOrders.SaleDate, r.start),
        sql`${workOrders.SaleDate} <= ${r.end}`,
        q.employeeID === undefined ? undefined : eq(workOrders.EmployeeID, q.employeeID),
        q.userID === undefined ? undefined : eq(workOrders.CreatedByEmployeeID, q.userID),
      ),
    );

  const groups = new Map<number, Acc>();
  const into = (id: number) => {
    const a = entry(groups, id, () => acc());
    return a;
  };
  const total = acc();
  const add = (a: Acc, x: { LeadID: number; IsConversion: boolean }) => {
    a.worked.add(x.LeadID);
    a.Interactions += 1;
    if (x.IsConversion) a.conversions.add(x.LeadID);
  };
  for (const x of activity) {
    const where = officesOf.get(x.EmployeeID);
    // Limited to offices (a manager, or an office filter): only people working there count.
    if (offices !== 'all' && !where) continue;
    add(total, x);
    if (level === 'rep') add(into(x.EmployeeID), x);
    if (level === 'office') for (const o of where ?? []) add(into(o), x);
  }
  for (const o of orders) {
    total.orders.add(o.WorkOrderID);
    total.Units += o.Units;
    const id = level === 'rep' ? o.EmployeeID : level === 'office' ? o.IcdOfficeID : null;
    if (id === null) continue;
    const a = into(id);
    a.orders.add(o.WorkOrderID);
    a.Units += o.Units;
  }
  const figures = (a: Acc): Row => ({
    Worked: a.worked.size,
    Interactions: a.Interactions,
    Conversions: a.conversions.size,
    ConversionRate: share(a.conversions.size, a.worked.size),
    Orders: a.orders.size,
    Units: a.Units,
  });
  const numbers: Column[] = [
    { Key: 'Worked', Format: 'int' },
    { Key: 'Interactions', Format: 'int' },
    { Key: 'Conversions', Format: 'int' },
    { Key: 'ConversionRate', Format: 'percent' },
    { Key: 'Orders', Format: 'int' },
    { Key: 'Units', Format: 'int' },
  ];
  const totals: Row = { Leads: leadCount, ...figures(total) };
  if (level === 'total')
    return { Columns: [{ Key: 'Leads', Format: 'int' }, ...numbers], Rows: [totals], Totals: totals };

  const ids = [...groups.keys()];
  const names = new Map<number, string>();
  if (ids.length && level === 'office')
    for (const o of await db
      .select({ id: icdOffices.IcdOfficeID, name: icdOffices.OfficeName })
      .from(icdOffices)
      .where(inArray(icdOffices.IcdOfficeID, ids)))
      names.set(o.id, o.name);
  if (ids.length && level === 'rep')
    for (const e of await db
      .select({ id: employees.EmployeeID, first: employees.FirstName, last: employees.LastName })
      .from(employees)
      .where(inArray(employees.EmployeeID, ids)))
      names.set(e.id, `${e.first} ${e.last}`);
  const label = level === 'office' ? 'OfficeName' : 'EmployeeName';
  const idKey = level === 'office' ? 'IcdOfficeID' : 'EmployeeID';
  const rows = ids
    .map((id) => ({ [idKey]: id, [label]: names.get(id) ?? '', ...figures(groups.get(id)!) }) as Row)
    .sort((a, b) => String(a[label]).localeCompare(String(b[label])));
  return {
    Columns: [{ Key: label, Format: 'text' }, ...numbers],
    Rows: rows,
    Totals: totals,
  };
}
