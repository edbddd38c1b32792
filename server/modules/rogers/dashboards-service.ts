// The 8 Rogers dashboards (GET dashboards/rogers/{DashboardID}), each made from the data the product
// keeps (its Description says how, and the screen shows it):
// - daily-production-report: Rogers work orders and units sold per sale day and office, and units
//   installed per install day;
// - employees-tsu-report / owners-tsu-report: the scheduling TSU reports (time-slot utilisation) of
//   the offices in scope, per employee and per owner (corporation) and office;
// - rogers-trend-report: units sold per week (Monday to Sunday) by Rogers category 1 TV … 7 Migration;
// - rogers-slippage-summary-report / rogers-slippage-report: units sold in the dates that were not
//   installed within N days of the sale (installed late, still booked past N days as of the end date,
//   or cancelled before install), per office, and the slipped units one by one;
// - rogers-recruiting-bonus-report / …-breakdown-report: the 'Bonus' earnings lines (the bonus paid
//   through payroll, which the company pays reps for recruiting: the product keeps no referral
//   record) of payrolls paid in the dates, to people at offices of the Rogers division, per office
//   and one line per person and pay period.
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { Division } from '../../../src/contract/common';
import { ROGERS_CATEGORY_NAMES, StatusKind } from '../../../src/contract/orders';
import {
  type Chart,
  type Column,
  type DashboardQuery,
  type Figure,
  type RogersDashboard,
  type RogersDashboardId,
  type Row,
  SLIPPAGE_DAYS_DEFAULT,
} from '../../../src/contract/rogers';
import type { Db } from '../../db/client';
import {
  corporations,
  employees,
  icdOffices,
  officeDivisions,
  payPeriods,
  payrollEntries,
  payrollEntryLines,
  payrolls,
} from '../../db/tables';
import { addDays, dayNumber, isoWeekday } from '../../domain/time/clock-time';
import type { Actor } from '../access/service';
import { employeeTsuReport, tsuReportSummary } from '../scheduling/report-service';
import { MANAGE } from '../scheduling/scope';
import { rogersSales } from './orders-data';
import {
  entry,
  idIn,
  officeFilter,
  type Range,
  type RogersScope,
  rangeOf,
  rogersScope,
  share,
} from './scope';

interface Made {
  Figures: Figure[];
  Charts: Chart[];
  Columns: Column[];
  Rows: Row[];
}

const col = (Key: string, Format: Column['Format'] = 'text'): Column => ({ Key, Format });
const fig = (Key: string, Value: number, Format: Figure['Format'] = 'int'): Figure => ({
  Key,
  Value,
  Format,
});

export const DASHBOARD_TEXT: Record<RogersDashboardId, { Title: string; Description: string }> = {
  'daily-production-report': {
    Title: 'Daily production',
    Description:
      'Rogers work orders and units sold per sale day and office, and units installed per install day, at the offices you see.',
  },
  'employees-tsu-report': {
    Title: 'Employees TSU',
    Description:
      'Time-slot utilisation per employee from the schedule: slots offered, accepted and rejected, and hours of accepted slots.',
  },
  'owners-tsu-report': {
    Title: 'Owners TSU',
    Description:
      'Time-slot utilisation per owner and office: capacity of the scheduled slots, accepted places, hours and utilisation.',
  },
  'rogers-trend-report': {
    Title: 'Rogers trend',
    Description: 'Rogers units sold per week (Monday to Sunday) by Rogers category, 1 TV to 7 Migration.',
  },
  'rogers-slippage-summary-report': {
    Title: 'Rogers slippage summary',
    Description:
      'Units sold in the dates that were not installed within the slippage days of the sale: installed late, still booked past the days at the end date, or cancelled before install, per office.',
  },
  'rogers-slippage-report': {
    Title: 'Rogers slippage',
    Description: 'Each slipped unit: its order, rep, product, status and days since the sale.',
  },
  'rogers-recruiting-bonus-report': {
    Title: 'Rogers recruiting bonus',
    Description:
      "Bonus paid through payroll (the earnings lines 'Bonus') in payrolls paid in the dates, to people at offices of the Rogers division, per office.",
  },
  'rogers-recruiting-bonus-breakdown-report': {
    Title: 'Rogers recruiting bonus breakdown',
    Description: 'Each bonus line paid through payroll: the person, office, pay period, pay date and amount.',
  },
};

/** The Monday of the week of a day. */
const weekStart = (day: string) => addDays(day, 1 - isoWeekday(day));

async function dailyProduction(db: Db, scope: RogersScope, r: Range, officeId?: number): Promise<Made> {
  const offices = officeFilter(scope, officeId);
  const sales = await rogersSales(db, { offices, sold: r, installed: r });
  const key = (day: string, office: string) => `${day}|${office}`;
  const rows = new Map<
    string,
    { Date: string; OfficeName: string; orders: Set<number>; Units: number; Installed: number }
  >();
  const at = (day: string, office: string) => {
    const row = entry(rows, key(day, office), () => ({
      Date: day,
      OfficeName: office,
      orders: new Set(),
      Units: 0,
      Installed: 0,
    }));
    return row;
  };
  for (const s of sales) {
    if (s.SaleDate >= r.start && s.SaleDate <= r.end) {
      const row = at(s.SaleDate, s.OfficeName);
      row.orders.add(s.WorkOrderID);
      row.Units += s.Quantity;
    }
    if (s.InstallDate && s.InstallDate >= r.start && s.InstallDate <= r.end)
      at(s.InstallDate, s.OfficeName).Installed += s.Quantity;
  }
  const list = [...rows.values()].sort(
    (a, b) => a.Date.localeCompare(b.Date) || a.OfficeName.localeCompare(b.OfficeName),
  );
  const perDay = new Map<string, Row>();
  for (let d = r.start; d <= r.end; d = addDays(d, 1)) perDay.set(d, { Date: d, Units: 0, Installed: 0 });
  for (const x of list) {
    const day = perDay.get(x.Date)!;
    day.Units = (day.Units as number) + x.Units;
    day.Installed = (day.Installed as number) + x.Installed;
  }
  const orders = new Set(
    sales.filter((s) => s.SaleDate >= r.start && s.SaleDate <= r.end).map((s) => s.WorkOrderID),
  ).size;
  const units = list.reduce((n, x) => n + x.Units, 0);
  const installed = list.reduce((n, x) => n + x.Installed, 0);
  return {
    Figures: [
      fig('Orders', orders),
      fig('Units', units),
      fig('Installed', installed),
      fig('InstallRate', share(installed, units), 'percent'),
    ],
    Charts: [
      {
        Key: 'perDay',
        Kind: 'bar',
        XKey: 'Date',
        Series: ['Units', 'Installed'],
        Stacked: false,
        Format: 'int',
        Data: [...perDay.values()],
      },
    ],
    Columns: [
      col('Date', 'date'),
      col('OfficeName'),
      col('Orders', 'int'),
      col('Units', 'int'),
      col('Installed', 'int'),
    ],
    Rows: list.map((x) => ({
      Date: x.Date,
      OfficeName: x.OfficeName,
      Orders: x.orders.size,
      Units: x.Units,
      Installed: x.Installed,
    })),
  };
}

/** The caller seen by the scheduling TSU reports with the offices of reports:read. */
function tsuActor(scope: RogersScope): Actor {
  const a = scope.actor;
  return {
    ...a,
    has: (k) => (k === MANAGE ? true : a.has(k)),
    offices: (k) => (k === MANAGE ? scope.offices : a.offices(k)),
  };
}

async function employeesTsu(db: Db, scope: RogersScope, r: Range, officeId?: number): Promise<Made> {
  officeFilter(scope, officeId);
  const rep = await employeeTsuReport({
    db,
    actor: tsuActor(scope),
    query: { startDate: r.start, endDate: r.end, icdOfficeID: officeId },
  });
  const rows = rep.Rows.map((x) => ({
    EmployeeName: x.EmployeeName,
    SlotsOffered: x.SlotsOffered,
    SlotsAccepted: x.SlotsAccepted,
    SlotsRejected: x.SlotsRejected,
    AcceptanceRate: x.AcceptanceRate,
    Hours: x.Hours,
    TotalHours: x.TotalHours,
  }));
  const sum = (k: keyof (typeof rows)[number]) => rows.reduce((n, x) => n + (x[k] as number), 0);
  return {
    Figures: [
      fig('Employees', rows.length),
      fig('SlotsAccepted', sum('SlotsAccepted')),
      fig('Hours', Math.round(sum('TotalHours') * 100) / 100, 'decimal'),
      fig(
        'AcceptanceRate',
        share(sum('SlotsAccepted'), sum('SlotsAccepted') + sum('SlotsRejected')),
        'percent',
      ),
    ],
    Charts: [
      {
        Key: 'hours',
        Kind: 'bar',
        XKey: 'EmployeeName',
        Series: ['Hours', 'TotalHours'],
        Stacked: false,
        Format: 'decimal',
        Data: rows.slice(0, 40),
      },
    ],
    Columns: [
      col('EmployeeName'),
      col('SlotsOffered', 'int'),
      col('SlotsAccepted', 'int'),
      col('SlotsRejected', 'int'),
      col('AcceptanceRate', 'percent'),
      col('Hours', 'decimal'),
      col('TotalHours', 'decimal'),
    ],
    Rows: rows,
  };
}

async function ownersTsu(db: Db, scope: RogersScope, r: Range, officeId?: number): Promise<Made> {
  officeFilter(scope, officeId);
  const rep = await tsuReportSummary({
    db,
    actor: tsuActor(scope),
    query: { startDate: r.start, endDate: r.end, icdOfficeID: officeId },
  });
  const ids = [...new Set(rep.Rows.map((x) => x.IcdOfficeID))];
  const names = ids.length
    ? await db
        .select({
          id: icdOffices.IcdOfficeID,
          office: icdOffices.OfficeName,
          owner: corporations.Owner,
          corp: corporations.ClientName,
        })
        .from(icdOffices)
        .innerJoin(corporations, eq(corporations.IcdCorporationID, icdOffices.IcdCorporationID))
        .where(inArray(icdOffices.IcdOfficeID, ids))
    : [];
  const byId = new Map(names.map((n) => [n.id, n]));
  const acc = new Map<
    number,
    {
      Owner: string;
      CorporationName: string;
      OfficeName: string;
      Events: Set<number>;
      Capacity: number;
      Accepted: number;
      CapacityHours: number;
      Hours: number;
    }
  >();
  for (const x of rep.Rows) {
    const n = byId.get(x.IcdOfficeID);
    const a = entry(acc, x.IcdOfficeID, () => ({
      Owner: n?.owner ?? '',
      CorporationName: n?.corp ?? '',
      OfficeName: n?.office ?? '',
      Events: new Set(),
      Capacity: 0,
      Accepted: 0,
      CapacityHours: 0,
      Hours: 0,
    }));
    a.Events.add(x.ScheduleEventID);
    a.Capacity += x.Capacity;
    a.Accepted += x.Accepted;
    a.CapacityHours += x.CapacityHours;
    a.Hours += x.Hours;
  }
  const rows = [...acc.values()]
    .sort(
      (a, b) =>
        a.Owner.localeCompare(b.Owner) ||
        a.CorporationName.localeCompare(b.CorporationName) ||
        a.OfficeName.localeCompare(b.OfficeName),
    )
    .map((a) => ({
      Owner: a.Owner,
      CorporationName: a.CorporationName,
      OfficeName: a.OfficeName,
      Events: a.Events.size,
      Capacity: a.Capacity,
      Accepted: a.Accepted,
      Hours: Math.round(a.Hours * 100) / 100,
      Utilization: share(a.Accepted, a.Capacity),
    }));
  return {
    Figures: [
      fig('Events', rep.Totals.Events),
      fig('Capacity', rep.Totals.Capacity),
      fig('Accepted', rep.Totals.Accepted),
      fig('Utilization', rep.Totals.Utilization, 'percent'),
    ],
    Charts: [
      {
        Key: 'utilization',
        Kind: 'bar',
        XKey: 'OfficeName',
        Series: ['Capacity', 'Accepted'],
        Stacked: false,
        Format: 'int',
        Data: rows,
      },
    ],
    Columns: [
      col('Owner'),
      col('CorporationName'),
      col('OfficeName'),
      col('Events', 'int'),
      col('Capacity', 'int'),
      col('Accepted', 'int'),
      col('Hours', 'decimal'),
      col('Utilization', 'percent'),
    ],
    Rows: rows,
  };
}

async function trend(db: Db, scope: RogersScope, r: Range, officeId?: number): Promise<Made> {
  const sales = await rogersSales(db, { offices: officeFilter(scope, officeId), sold: r });
  const cats = Object.entries(ROGERS_CATEGORY_NAMES).map(([id, name]) => ({ id: Number(id), name }));
  const weeks = new Map<string, Row>();
  for (let w = weekStart(r.start); w <= r.end; w = addDays(w, 7)) {
    const row: Row = { WeekStart: w };
    for (const c of cats) row[c.name] = 0;
    row.Total = 0;
    weeks.set(w, row);
  }
  for (const s of sales) {
    const row = weeks.get(weekStart(s.SaleDate));
    if (!row) continue;
    const name = s.RogersCategoryID === null ? null : ROGERS_CATEGORY_NAMES[s.RogersCategoryID];
    if (name) row[name] = (row[name] as number) + s.Quantity;
    row.Total = (row.Total as number) + s.Quantity;
  }
  const rows = [...weeks.values()];
  const total = (name: string) => rows.reduce((n, x) => n + (x[name] as number), 0);
  return {
    Figures: [fig('Units', total('Total')), ...cats.map((c) => fig(c.name, total(c.name)))],
    Charts: [
      {
        Key: 'weekly',
        Kind: 'bar',
        XKey: 'WeekStart',
        Series: cats.map((c) => c.name),
        Stacked: true,
        Format: 'int',
        Data: rows,
      },
    ],
    Columns: [col('WeekStart', 'date'), ...cats.map((c) => col(c.name, 'int')), col('Total', 'int')],
    Rows: rows,
  };
}

type Slip = 'InstalledLate' | 'NotInstalled' | 'Cancelled';

/** Why a unit sold on SaleDate slipped (null: installed in time, or not yet due at `asOf`). */
export function slipOf(
  s: { SaleDate: string; InstallDate: string | null; StatusKind: number },
  days: number,
  asOf: string,
): Slip | null {
  const due = addDays(s.SaleDate, days);
  if (s.InstallDate) return s.InstallDate > due ? 'InstalledLate' : null;
  if (s.StatusKind === StatusKind.Cancelled || s.StatusKind === StatusKind.Disconnect) return 'Cancelled';
  return asOf > due ? 'NotInstalled' : null;
}

async function slippage(
  db: Db,
  scope: RogersScope,
  r: Range,
  q: DashboardQuery,
  detail: boolean,
): Promise<Made> {
  const days = q.slippageDays ?? SLIPPAGE_DAYS_DEFAULT;
  const sales = await rogersSales(db, { offices: officeFilter(scope, q.icdOfficeID), sold: r });
  if (detail) {
    const rows: Row[] = [];
    for (const s of sales) {
      const why = slipOf(s, days, r.end);
      if (!why) continue;
      rows.push({
        OrderNumber: s.OrderNumber,
        SaleDate: s.SaleDate,
        OfficeName: s.OfficeName,
        EmployeeName: s.EmployeeName,
        ProductName: s.ProductName,
        Quantity: s.Quantity,
        StatusName: s.StatusName,
        InstallDate: s.InstallDate,
        DaysOpen:
          dayNumber(s.InstallDate ?? (why === 'Cancelled' ? s.StatusDate : r.end)) - dayNumber(s.SaleDate),
        Slippage: why,
      });
    }
    const count = (why: Slip) =>
      rows.filter((x) => x.Slippage === why).reduce((n, x) => n + (x.Quantity as number), 0);
    const slices = (['InstalledLate', 'NotInstalled', 'Cancelled'] as const).map((why) => ({
      Slippage: why,
      Units: count(why),
    }));
    return {
      Figures: [
        fig(
          'Slipped',
          slices.reduce((n, x) => n + x.Units, 0),
        ),
        ...slices.map((x) => fig(x.Slippage, x.Units)),
      ],
      Charts: [
        {
          Key: 'why',
          Kind: 'donut',
          XKey: 'Slippage',
          Series: ['Units'],
          Stacked: false,
          Format: 'int',
          Data: slices,
        },
      ],
      Columns: [
        col('OrderNumber'),
        col('SaleDate', 'date'),
        col('OfficeName'),
        col('EmployeeName'),
        col('ProductName'),
        col('Quantity', 'int'),
        col('StatusName'),
        col('InstallDate', 'date'),
        col('DaysOpen', 'int'),
        col('Slippage'),
      ],
      Rows: rows,
    };
  }
  const per = new Map<
    string,
    {
      OfficeName: string;
      Units: number;
      InTime: number;
      InstalledLate: number;
      NotInstalled: number;
      Cancelled: number;
    }
  >();
  for (const s of sales) {
    const a = entry(per, s.OfficeName, () => ({
      OfficeName: s.OfficeName,
      Units: 0,
      InTime: 0,
      InstalledLate: 0,
      NotInstalled: 0,
      Cancelled: 0,
    }));
    a.Units += s.Quantity;
    const why = slipOf(s, days, r.end);
    if (why) a[why] += s.Quantity;
    else if (s.InstallDate) a.InTime += s.Quantity;
  }
  const rows = [...per.values()]
    .sort((a, b) => a.OfficeName.localeCompare(b.OfficeName))
    .map((a) => {
      const slipped = a.InstalledLate + a.NotInstalled + a.Cancelled;
      return { ...a, Slipped: slipped, SlippageRate: share(slipped, a.Units) };
    });
  const sum = (k: 'Units' | 'Slipped' | 'InTime') => rows.reduce((n, x) => n + x[k], 0);
  return {
    Figures: [
      fig('Units', sum('Units')),
      fig('InTime', sum('InTime')),
      fig('Slipped', sum('Slipped')),
      fig('SlippageRate', share(sum('Slipped'), sum('Units')), 'percent'),
    ],
    Charts: [
      {
        Key: 'perOffice',
        Kind: 'bar',
        XKey: 'OfficeName',
        Series: ['InTime', 'InstalledLate', 'NotInstalled', 'Cancelled'],
        Stacked: true,
        Format: 'int',
        Data: rows,
      },
    ],
    Columns: [
      col('OfficeName'),
      col('Units', 'int'),
      col('InTime', 'int'),
      col('InstalledLate', 'int'),
      col('NotInstalled', 'int'),
      col('Cancelled', 'int'),
      col('Slipped', 'int'),
      col('SlippageRate', 'percent'),
    ],
    Rows: rows,
  };
}

async function recruitingBonus(
  db: Db,
  scope: RogersScope,
  r: Range,
  officeId: number | undefined,
  detail: boolean,
): Promise<Made> {
  const offices = officeFilter(scope, officeId);
  const lines = await db
    .select({
      EmployeeID: payrollEntries.EmployeeID,
      EmployeeName: sql<string>`${employees.FirstName} || ' ' || ${employees.LastName}`,
      OfficeName: icdOffices.OfficeName,
      StartDate: payPeriods.StartDate,
      EndDate: payPeriods.EndDate,
      PayDate: payrolls.PayDate,
      Caption: payrollEntryLines.Caption,
      AmountCents: payrollEntryLines.AmountCents,
    })
    .from(payrollEntryLines)
    .innerJoin(payrollEntries, eq(payrollEntries.PayrollEntryID, payrollEntryLines.PayrollEntryID))
    .innerJoin(payrolls, eq(payrolls.PayrollID, payrollEntries.PayrollID))
    .innerJoin(payPeriods, eq(payPeriods.PayPeriodID, payrollEntries.PayPeriodID))
    .innerJoin(employees, eq(employees.EmployeeID, payrollEntries.EmployeeID))
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, payrollEntries.IcdOfficeID))
    .innerJoin(
      officeDivisions,
      and(
        eq(officeDivisions.IcdOfficeID, payrollEntries.IcdOfficeID),
        eq(officeDivisions.DivisionID, Division.Rogers),
      ),
    )
    .where(
      and(
        eq(payrollEntryLines.Kind, 'Bonus'),
        idIn(offices, payrollEntries.IcdOfficeID),
        gte(payrolls.PayDate, r.start),
        lte(payrolls.PayDate, r.end),
      ),
    )
    .orderBy(payrolls.PayDate, icdOffices.OfficeName, employees.LastName, employees.FirstName);
  const total = lines.reduce((n, l) => n + l.AmountCents, 0);
  const people = new Set(lines.map((l) => l.EmployeeID)).size;
  const figures = [fig('Amount', total / 100, 'money'), fig('People', people), fig('Lines', lines.length)];
  if (detail) {
    const rows = lines.map((l) => ({
      EmployeeName: l.EmployeeName,
      OfficeName: l.OfficeName,
      StartDate: l.StartDate,
      EndDate: l.EndDate,
      PayDate: l.PayDate,
      Caption: l.Caption,
      Amount: l.AmountCents / 100,
    }));
    const perPerson = new Map<string, number>();
    for (const l of lines)
      perPerson.set(l.EmployeeName, (perPerson.get(l.EmployeeName) ?? 0) + l.AmountCents);
    return {
      Figures: figures,
      Charts: [
        {
          Key: 'perPerson',
          Kind: 'bar',
          XKey: 'EmployeeName',
          Series: ['Amount'],
          Stacked: false,
          Format: 'money',
          Data: [...perPerson].map(([EmployeeName, c]) => ({ EmployeeName, Amount: c / 100 })),
        },
      ],
      Columns: [
        col('EmployeeName'),
        col('OfficeName'),
        col('StartDate', 'date'),
        col('EndDate', 'date'),
        col('PayDate', 'date'),
        col('Caption'),
        col('Amount', 'money'),
      ],
      Rows: rows,
    };
  }
  const per = new Map<string, { OfficeName: string; people: Set<number>; Lines: number; cents: number }>();
  for (const l of lines) {
    const a = entry(per, l.OfficeName, () => ({
      OfficeName: l.OfficeName,
      people: new Set(),
      Lines: 0,
      cents: 0,
    }));
    a.people.add(l.EmployeeID);
    a.Lines += 1;
    a.cents += l.AmountCents;
  }
  const rows = [...per.values()]
    .sort((a, b) => a.OfficeName.localeCompare(b.OfficeName))
    .map((a) => ({ OfficeName: a.OfficeName, People: a.people.size, Lines: a.Lines, Amount: a.cents / 100 }));
  return {
    Figures: figures,
    Charts: [
      {
        Key: 'perOffice',
        Kind: 'bar',
        XKey: 'OfficeName',
        Series: ['Amount'],
        Stacked: false,
        Format: 'money',
        Data: rows,
      },
    ],
    Columns: [col('OfficeName'), col('People', 'int'), col('Lines', 'int'), col('Amount', 'money')],
    Rows: rows,
  };
}

export async function rogersDashboard(p: {
  db: Db;
  actor: Actor;
  id: RogersDashboardId;
  query: DashboardQuery;
  now: Date;
}): Promise<RogersDashboard> {
  const { db, id, query } = p;
  const scope = await rogersScope(db, p.actor);
  const r = rangeOf(query, p.now);
  const o = query.icdOfficeID;
  let made: Made;
  switch (id) {
    case 'daily-production-report':
      made = await dailyProduction(db, scope, r, o);
      break;
    case 'employees-tsu-report':
      made = await employeesTsu(db, scope, r, o);
      break;
    case 'owners-tsu-report':
      made = await ownersTsu(db, scope, r, o);
      break;
    case 'rogers-trend-report':
      made = await trend(db, scope, r, o);
      break;
    case 'rogers-slippage-summary-report':
      made = await slippage(db, scope, r, query, false);
      break;
    case 'rogers-slippage-report':
      made = await slippage(db, scope, r, query, true);
      break;
    case 'rogers-recruiting-bonus-report':
      made = await recruitingBonus(db, scope, r, o, false);
      break;
    case 'rogers-recruiting-bonus-breakdown-report':
      made = await recruitingBonus(db, scope, r, o, true);
      break;
  }
  return {
    DashboardID: id,
    ...DASHBOARD_TEXT[id],
    StartDate: r.start,
    EndDate: r.end,
    IcdOfficeID: o ?? null,
    ...made,
  };
}
