// Rogers dashboards and reports: every call, its figures checked against the seeded orders, leads,
// payroll and posted payouts, the filters, the date rules and each scope refusal. The demo is seeded
// at a fixed clock and every call names its dates, so nothing depends on the wall clock.
import { and, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import {
  employees,
  employmentRecords,
  icdOffices,
  leadGroups,
  productOrderCommissions,
  productOrderStatuses,
  productOrders,
  workOrders,
} from '../../server/db/tables';
import { postedPayouts } from '../../server/modules/payouts/query';
import { slipOf } from '../../server/modules/rogers/dashboards-service';
import { seedDemo } from '../../server/seed/demo';
import { Division, JobStatus } from '../../src/contract/common';
import { StatusKind } from '../../src/contract/orders';
import type {
  RogersDashboard,
  RogersReport,
  RogersReportInfo,
  RogersReportJob,
} from '../../src/contract/rogers';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from './helpers';

const NOW = new Date('2026-06-17T12:00:00-04:00');
const START = '2026-05-01';
const END = '2026-06-17';
const DATES = `startDate=${START}&endDate=${END}`;
let t: TestApp;
const s: Record<string, Session> = {};
const office: Record<string, number> = {};
let northwind = 0;
let summit = 0;
let repId = 0;
let chicagoPerson = 0;

beforeAll(async () => {
  const database = await openDatabase({ inMemory: true });
  await seedDemo(database.db, { password: DEMO_PASSWORD, costLog2: 10, now: NOW });
  t = await createTestApp({ seedDemo: false }, { database, build: { now: () => NOW } });
  for (const u of ['admin', 'payroll', 'owner', 'manager', 'rep', 'auditor'] as const)
    s[u] = await t.signIn(u);
  for (const o of await t.db.select().from(icdOffices)) office[o.OfficeName] = o.IcdOfficeID;
  const [tor] = await t.db.select().from(icdOffices).where(eq(icdOffices.OfficeName, 'Toronto Central'));
  const [chi] = await t.db.select().from(icdOffices).where(eq(icdOffices.OfficeName, 'Chicago Loop'));
  northwind = tor.IcdCorporationID;
  summit = chi.IcdCorporationID;
  [{ EmployeeID: repId }] = await t.db.select().from(employees).where(eq(employees.UserName, 'rep'));
  [{ EmployeeID: chicagoPerson }] = await t.db
    .select()
    .from(employmentRecords)
    .where(eq(employmentRecords.IcdOfficeID, chi.IcdOfficeID))
    .limit(1);
}, 180_000);
afterAll(async () => t?.close());

const get = async <T>(who: string, url: string) => {
  const r = await s[who].call({ method: 'GET', url: `/api/${url}` });
  return { status: r.statusCode, body: r.json<T>() };
};
const dashboard = async (who: string, id: string, q = DATES) =>
  get<RogersDashboard>(who, `dashboards/rogers/${id}?${q}`);
const report = async (who: string, id: string, q = DATES) =>
  get<RogersReport>(who, `reports/rogers/${id}?${q}`);
const figure = (d: RogersDashboard, key: string) => d.Figures.find((f) => f.Key === key)?.Value;

/** Product orders of Rogers work orders (all offices), with their sale and install days. */
async function seededSales() {
  return t.db
    .select({
      WorkOrderID: workOrders.WorkOrderID,
      IcdOfficeID: workOrders.IcdOfficeID,
      SaleDate: workOrders.SaleDate,
      InstallDate: productOrders.InstallDate,
      Quantity: productOrders.Quantity,
      StatusKind: productOrderStatuses.StatusKind,
      ProductOrderID: productOrders.ProductOrderID,
    })
    .from(productOrders)
    .innerJoin(workOrders, eq(workOrders.WorkOrderID, productOrders.WorkOrderID))
    .innerJoin(
      productOrderStatuses,
      eq(productOrderStatuses.ProductOrderStatusID, productOrders.ProductOrderStatusID),
    )
    .where(eq(workOrders.DivisionID, Division.Rogers));
}

describe('Rogers dashboards', () => {
  it('daily production counts the seeded Rogers orders, units sold and installed in the dates', async () => {
    const sales = await seededSales();
    const inDates = (d: string | null) => d !== null && d >= START && d <= END;
    const sold = sales.filter((x) => inDates(x.SaleDate));
    expect(sold.length).toBeGreaterThan(5);
    const { status, body } = await dashboard('owner', 'daily-production-report');
    expect(status).toBe(200);
    expect(body).toMatchObject({ DashboardID: 'daily-production-report', StartDate: START, EndDate: END });
    expect(figure(body, 'Orders')).toBe(new Set(sold.map((x) => x.WorkOrderID)).size);
    expect(figure(body, 'Units')).toBe(sold.reduce((n, x) => n + x.Quantity, 0));
    const installed = sales.filter((x) => inDates(x.InstallDate)).reduce((n, x) => n + x.Quantity, 0);
    expect(installed).toBeGreaterThan(0);
    expect(figure(body, 'Installed')).toBe(installed);
    // The chart has one point per day of the dates; the rows add up to the figures.
    expect(body.Charts[0].Data).toHaveLength(48);
    expect(body.Rows.reduce((n, r) => n + Number(r.Units), 0)).toBe(figure(body, 'Units'));
    expect(body.Rows.every((r) => r.OfficeName === 'Toronto Central')).toBe(true);
  });

  it('a day with one order shows that order alone; dates without sales show zero', async () => {
    const sales = await seededSales();
    const day = sales[0].SaleDate;
    const { body } = await dashboard('admin', 'daily-production-report', `startDate=${day}&endDate=${day}`);
    const onDay = sales.filter((x) => x.SaleDate === day);
    expect(figure(body, 'Orders')).toBe(new Set(onDay.map((x) => x.WorkOrderID)).size);
    const empty = await dashboard(
      'admin',
      'daily-production-report',
      'startDate=2025-01-01&endDate=2025-01-31',
    );
    expect(figure(empty.body, 'Orders')).toBe(0);
    expect(empty.body.Rows).toEqual([]);
  });

  it('trend: units per week by Rogers category add up to the units sold', async () => {
    const { status, body } = await dashboard('owner', 'rogers-trend-report');
    expect(status).toBe(200);
    const daily = await dashboard('owner', 'daily-production-report');
    expect(figure(body, 'Units')).toBe(figure(daily.body, 'Units'));
    const cats = [
      'TV',
      'Internet',
      'Home Phone',
      'Smart Home Monitoring',
      'Wireless',
      'Content',
      'Migration',
    ];
    expect(body.Charts[0].Series).toEqual(cats);
    for (const row of body.Rows)
      expect(cats.reduce((n, c) => n + Number(row[c]), 0)).toBeLessThanOrEqual(Number(row.Total));
    // Weeks start on Mondays.
    expect(body.Rows.every((r) => new Date(`${r.WeekStart}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
  });

  it('slippage: cancelled before install and late installs slip; the days filter moves the line', async () => {
    const sales = (await seededSales()).filter((x) => x.SaleDate >= START && x.SaleDate <= END);
    const expected = (days: number) =>
      sales.filter((x) => slipOf(x, days, END) !== null).reduce((n, x) => n + x.Quantity, 0);
    const summary = await dashboard('owner', 'rogers-slippage-summary-report');
    expect(summary.status).toBe(200);
    expect(figure(summary.body, 'Slipped')).toBe(expected(7));
    expect(figure(summary.body, 'Cancelled')).toBeUndefined();
    expect(summary.body.Rows[0].Cancelled).toBeGreaterThanOrEqual(1);
    const strict = await dashboard('owner', 'rogers-slippage-summary-report', `${DATES}&slippageDays=1`);
    expect(figure(strict.body, 'Slipped')).toBe(expected(1));
    expect(expected(1)).toBeGreaterThan(expected(7));
    const detail = await dashboard('owner', 'rogers-slippage-report', `${DATES}&slippageDays=1`);
    expect(detail.body.Rows.reduce((n, r) => n + Number(r.Quantity), 0)).toBe(expected(1));
    expect(new Set(detail.body.Rows.map((r) => r.Slippage))).toEqual(
      new Set(['InstalledLate', 'Cancelled', 'NotInstalled']),
    );
    const bad = await dashboard('owner', 'rogers-slippage-report', `${DATES}&slippageDays=0`);
    expect(bad.status).toBe(400);
  });

  it('slipOf: in time, late, cancelled, and still booked past the days', () => {
    expect(
      slipOf({ SaleDate: '2026-06-01', InstallDate: '2026-06-08', StatusKind: 2 }, 7, '2026-06-30'),
    ).toBeNull();
    expect(
      slipOf({ SaleDate: '2026-06-01', InstallDate: '2026-06-09', StatusKind: 2 }, 7, '2026-06-30'),
    ).toBe('InstalledLate');
    expect(
      slipOf(
        { SaleDate: '2026-06-01', InstallDate: null, StatusKind: StatusKind.Cancelled },
        7,
        '2026-06-02',
      ),
    ).toBe('Cancelled');
    expect(slipOf({ SaleDate: '2026-06-01', InstallDate: null, StatusKind: 1 }, 7, '2026-06-08')).toBeNull();
    expect(slipOf({ SaleDate: '2026-06-01', InstallDate: null, StatusKind: 1 }, 7, '2026-06-09')).toBe(
      'NotInstalled',
    );
  });

  it('TSU dashboards reuse the scheduling TSU reports for the offices in scope', async () => {
    const owners = await dashboard('owner', 'owners-tsu-report');
    expect(owners.status).toBe(200);
    const tsu = await s.owner.call({
      method: 'GET',
      url: `/api/schedule-events/report/tsu-report-summary?${DATES}`,
    });
    expect(tsu.statusCode).toBe(200);
    const totals = tsu.json<{ Totals: { Capacity: number; Accepted: number } }>().Totals;
    expect(figure(owners.body, 'Capacity')).toBe(totals.Capacity);
    expect(figure(owners.body, 'Accepted')).toBe(totals.Accepted);
    expect(totals.Capacity).toBeGreaterThan(0);
    expect(owners.body.Rows.every((r) => r.CorporationName === 'Northwind Field Marketing Inc.')).toBe(true);
    const people = await dashboard('owner', 'employees-tsu-report');
    expect(people.status).toBe(200);
    expect(figure(people.body, 'Employees')).toBe(people.body.Rows.length);
    expect(people.body.Rows.length).toBeGreaterThan(0);
    // Payroll holds no scheduling key, yet its reports:read reaches every office.
    const payroll = await dashboard('payroll', 'owners-tsu-report');
    expect(figure(payroll.body, 'Capacity')).toBeGreaterThanOrEqual(totals.Capacity);
  });

  it("recruiting bonus: the 'Bonus' payroll lines of Rogers offices paid in the dates", async () => {
    const summary = await dashboard('owner', 'rogers-recruiting-bonus-report');
    const detail = await dashboard('owner', 'rogers-recruiting-bonus-breakdown-report');
    expect(summary.status).toBe(200);
    expect(detail.status).toBe(200);
    expect(figure(summary.body, 'Lines')).toBe(detail.body.Rows.length);
    expect(detail.body.Rows.length).toBeGreaterThan(0);
    expect(figure(summary.body, 'Amount')).toBe(detail.body.Rows.reduce((n, r) => n + Number(r.Amount), 0));
    expect(detail.body.Rows.every((r) => r.Caption === 'Bonus' && String(r.PayDate) >= START)).toBe(true);
  });

  it('scope: owner her offices, an office of another corporation 403, a rep 403, bad dates 400', async () => {
    const other = await dashboard(
      'owner',
      'daily-production-report',
      `${DATES}&icdOfficeID=${office['Chicago Loop']}`,
    );
    expect(other.status).toBe(403);
    const mine = await dashboard(
      'owner',
      'daily-production-report',
      `${DATES}&icdOfficeID=${office['Toronto Central']}`,
    );
    expect(mine.status).toBe(200);
    expect((await dashboard('rep', 'daily-production-report')).status).toBe(403);
    const reversed = await dashboard(
      'owner',
      'rogers-trend-report',
      'startDate=2026-06-10&endDate=2026-06-01',
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({ Errors: { endDate: expect.any(Array) } });
    const long = await dashboard('owner', 'rogers-trend-report', 'startDate=2025-01-01&endDate=2026-06-01');
    expect(long.status).toBe(400);
    const notADay = await dashboard('owner', 'rogers-trend-report', 'startDate=2026-02-30');
    expect(notADay.status).toBe(400);
    // The auditor (every office) sees what the owner sees of Toronto, and more.
    const auditor = await dashboard('auditor', 'daily-production-report');
    expect(auditor.status).toBe(200);
  });

  it('a manager holding reports:read (his role, or granted to him alone) sees his office only', async () => {
    const [manager] = await t.db.select().from(employees).where(eq(employees.UserName, 'manager'));
    const put = await s.admin.call({
      method: 'PUT',
      url: `/api/employees/${manager.EmployeeID}/permissions/${encodeURIComponent('reports:read')}`,
      payload: { Value: 'true' },
    });
    expect(put.statusCode).toBe(200);
    const own = await dashboard('manager', 'daily-production-report');
    expect(own.status).toBe(200);
    const admin = await dashboard(
      'admin',
      'daily-production-report',
      `${DATES}&icdOfficeID=${office['Toronto Central']}`,
    );
    expect(figure(own.body, 'Units')).toBe(figure(admin.body, 'Units'));
    expect(
      (
        await dashboard(
          'manager',
          'daily-production-report',
          `${DATES}&icdOfficeID=${office['Vancouver Harbour']}`,
        )
      ).status,
    ).toBe(403);
    const del = await s.admin.call({
      method: 'DELETE',
      url: `/api/employees/${manager.EmployeeID}/permissions/${encodeURIComponent('reports:read')}`,
    });
    expect(del.statusCode).toBe(204);
  });
});

describe('Rogers reports', () => {
  it('lists the nine reports with their filters; a rep is refused', async () => {
    const { status, body } = await get<RogersReportInfo[]>('owner', 'reports/rogers');
    expect(status).toBe(200);
    expect(body.map((r) => r.ReportID)).toEqual([
      'leads-total-statistics',
      'leads-office-statistics',
      'leads-rep-statistics',
      'live-payout-report',
      'posted-payout-report',
      'posted-payout-exceptions-report',
      'hybrid-payout-report',
      'owner-hybrid-payout-report',
      'employee-commission-statement',
    ]);
    expect(body[0].Filters).toEqual([
      'startDate',
      'endDate',
      'leadBatchID',
      'leadGroupID',
      'icdOfficeID',
      'employeeID',
      'userID',
    ]);
    expect(body.find((r) => r.ReportID === 'posted-payout-exceptions-report')?.Required).toEqual([
      'PostedDate',
    ]);
    expect((await get('rep', 'reports/rogers')).status).toBe(403);
  });

  it('leads statistics: total, per office and per rep agree; orders are the seeded ones made from leads', async () => {
    const total = await report('owner', 'leads-total-statistics');
    expect(total.status).toBe(200);
    const [row] = total.body.Rows;
    const fromLeads = await t.db
      .select({ id: workOrders.WorkOrderID })
      .from(workOrders)
      .where(
        and(
          isNotNull(workOrders.LeadID),
          eq(workOrders.DivisionID, Division.Rogers),
          gte(workOrders.SaleDate, START),
          lte(workOrders.SaleDate, END),
        ),
      );
    expect(row.Orders).toBe(fromLeads.length);
    expect(Number(row.Leads)).toBeGreaterThan(0);
    expect(Number(row.Interactions)).toBeGreaterThanOrEqual(Number(row.Worked));
    expect(row.ConversionRate).toBeCloseTo(Number(row.Conversions) / Number(row.Worked), 3);
    const reps = await report('owner', 'leads-rep-statistics');
    expect(reps.body.Rows.reduce((n, r) => n + Number(r.Interactions), 0)).toBe(row.Interactions);
    expect(reps.body.Rows.find((r) => r.EmployeeID === repId)?.Orders).toBe(row.Orders);
    const offices = await report('owner', 'leads-office-statistics');
    expect(offices.body.Rows.find((r) => r.OfficeName === 'Toronto Central')?.Orders).toBe(row.Orders);
  });

  it('leads statistics filters: employee, user, lead group; out-of-scope names are 403', async () => {
    const one = await report('owner', 'leads-rep-statistics', `${DATES}&employeeID=${repId}`);
    expect(one.body.Rows.map((r) => r.EmployeeID)).toEqual([repId]);
    const user = await report('owner', 'leads-total-statistics', `${DATES}&userID=${repId}`);
    expect(user.body.Rows[0].Interactions).toBe(one.body.Rows[0].Interactions);
    const [group] = await t.db
      .select()
      .from(leadGroups)
      .where(and(eq(leadGroups.IcdCorporationID, northwind), eq(leadGroups.DivisionID, Division.Rogers)));
    const byGroup = await report(
      'owner',
      'leads-total-statistics',
      `${DATES}&leadGroupID=${group.LeadGroupID}`,
    );
    expect(byGroup.status).toBe(200);
    const [foreign] = await t.db.select().from(leadGroups).where(eq(leadGroups.IcdCorporationID, summit));
    if (foreign)
      expect(
        (await report('owner', 'leads-total-statistics', `${DATES}&leadGroupID=${foreign.LeadGroupID}`))
          .status,
      ).toBe(403);
    expect((await report('owner', 'leads-total-statistics', `${DATES}&leadGroupID=999999`)).status).toBe(403);
    expect(
      (await report('owner', 'leads-rep-statistics', `${DATES}&employeeID=${chicagoPerson}`)).status,
    ).toBe(403);
    expect(
      (await report('owner', 'leads-office-statistics', `${DATES}&icdOfficeID=${office['Chicago Loop']}`))
        .status,
    ).toBe(403);
    expect((await report('owner', 'leads-total-statistics', `${DATES}&leadBatchID=999999`)).status).toBe(403);
    expect((await report('owner', 'leads-total-statistics', `${DATES}&employeeID=abc`)).status).toBe(400);
  });

  it('posted payout: the posted payouts of the Rogers division; exceptions only the Positive and Negative ones', async () => {
    const posted = await report('owner', 'posted-payout-report');
    expect(posted.status).toBe(200);
    const seeded = await postedPayouts(t.db, {
      divisionId: Division.Rogers,
      corporations: new Set([northwind]),
      startDate: START,
      endDate: END,
    });
    expect(seeded.length).toBeGreaterThan(0);
    expect(posted.body.Rows.map((r) => r.PostedPayoutID)).toEqual(seeded.map((p) => p.PostedPayoutID));
    const exceptional = seeded.find((p) => p.PayoutComparison !== 'Neutral');
    expect(exceptional).toBeDefined();
    const day = String(exceptional?.PostedDate);
    const ex = await report(
      'owner',
      'posted-payout-exceptions-report',
      `PostedDate=${day}&IcdCorporationID=${northwind}`,
    );
    expect(ex.status).toBe(200);
    expect(ex.body.Rows.length).toBe(
      seeded.filter((p) => p.PostedDate === day && p.PayoutComparison !== 'Neutral').length,
    );
    expect(ex.body.Rows.every((r) => r.PayoutComparison !== 'Neutral')).toBe(true);
    const missing = await report('owner', 'posted-payout-exceptions-report', '');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ Errors: { PostedDate: expect.any(Array) } });
    expect(
      (
        await report(
          'owner',
          'posted-payout-exceptions-report',
          `PostedDate=${day}&IcdCorporationID=${summit}`,
        )
      ).status,
    ).toBe(403);
  });

  it('live payout: installed units after the last posted payout, priced by the payout policy', async () => {
    const live = await report('owner', 'live-payout-report');
    expect(live.status).toBe(200);
    const last = String(live.body.Rows[0]?.LastPostedDate ?? '');
    const sales = (await seededSales()).filter(
      (x) =>
        x.StatusKind === StatusKind.Installed &&
        x.InstallDate !== null &&
        x.InstallDate > last &&
        x.InstallDate <= END,
    );
    expect(live.body.Totals.Units).toBe(sales.reduce((n, x) => n + x.Quantity, 0));
    expect(Number(live.body.Totals.ExpectedPayout)).toBeGreaterThan(0);
    expect((await report('owner', 'live-payout-report', `${DATES}&icdCorporationID=${summit}`)).status).toBe(
      403,
    );
  });

  it('hybrid payout: payout and commission per installed unit; the owner view adds up to the same', async () => {
    const hybrid = await report('owner', 'hybrid-payout-report');
    expect(hybrid.status).toBe(200);
    const owner = await report('owner', 'owner-hybrid-payout-report');
    expect(owner.body.Totals).toEqual(hybrid.body.Totals);
    const ids = (await seededSales())
      .filter((x) => x.InstallDate !== null && x.InstallDate >= START && x.InstallDate <= END)
      .map((x) => x.ProductOrderID);
    const [{ cents }] = await t.db
      .select({ cents: sql<number>`coalesce(sum(${productOrderCommissions.AmountCents}), 0)::int` })
      .from(productOrderCommissions)
      .where(inArray(productOrderCommissions.ProductOrderID, ids));
    expect(hybrid.body.Totals.Commission).toBeCloseTo(Number(cents) / 100, 2);
    expect(Number(cents)).not.toBe(0);
    expect(hybrid.body.Totals.Net).toBeCloseTo(
      Number(hybrid.body.Totals.Payout) - Number(hybrid.body.Totals.Commission),
      2,
    );
  });

  it("employee commission statement: the rep's pieces and chargebacks with the pay period that paid them", async () => {
    const st = await report('owner', 'employee-commission-statement', `${DATES}&employeeID=${repId}`);
    expect(st.status).toBe(200);
    const ledger = await t.db
      .select({ cents: productOrderCommissions.AmountCents, kind: productOrderCommissions.Kind })
      .from(productOrderCommissions)
      .where(eq(productOrderCommissions.EmployeeID, repId));
    expect(st.body.Rows).toHaveLength(ledger.length);
    expect(st.body.Totals.Amount).toBeCloseTo(ledger.reduce((n, x) => n + x.cents, 0) / 100, 2);
    expect(st.body.Rows.some((r) => r.Kind === 'chargeback' && Number(r.Amount) < 0)).toBe(true);
    expect(st.body.Rows.some((r) => r.PayPeriodStart !== null)).toBe(true);
    expect(
      (await report('owner', 'employee-commission-statement', `${DATES}&employeeID=${chicagoPerson}`)).status,
    ).toBe(403);
  });

  it('exports a report as xlsx with the session cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports/rogers/export/leads-rep-statistics?${DATES}`,
      headers: { cookie: s.owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('EmployeeName');
    expect(sheet.rowCount).toBeGreaterThanOrEqual(3);
    const rep = await t.app.inject({
      method: 'GET',
      url: `/api/reports/rogers/export/leads-rep-statistics?${DATES}`,
      headers: { cookie: s.rep.cookie },
    });
    expect(rep.statusCode).toBe(403);
  });
});

describe('Rogers report jobs', () => {
  it('a live payout job is queued, run by its first read and refreshed on demand; another user gets 404', async () => {
    const created = await s.owner.call({
      method: 'POST',
      url: '/api/reports/rogers/create-job-live-payout-report',
      payload: { startDate: START, endDate: END },
    });
    expect(created.statusCode).toBe(201);
    const job = created.json<RogersReportJob>();
    expect(job).toMatchObject({ ReportID: 'live-payout-report', JobStatus: JobStatus.Queued, Result: null });
    const read = await get<RogersReportJob>('owner', `reports/rogers/report-jobs/${job.Id}`);
    expect(read.body.JobStatus).toBe(JobStatus.Succeeded);
    const direct = await report('owner', 'live-payout-report');
    expect(read.body.Result?.Totals).toEqual(direct.body.Totals);
    expect((await get('payroll', `reports/rogers/report-jobs/${job.Id}`)).status).toBe(404);
    const again = await s.owner.call({
      method: 'POST',
      url: `/api/reports/rogers/refresh-report-job-data/${job.Id}`,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<RogersReportJob>()).toMatchObject({ JobStatus: JobStatus.Queued, Result: null });
    expect((await get<RogersReportJob>('owner', `reports/rogers/report-jobs/${job.Id}`)).body.JobStatus).toBe(
      JobStatus.Succeeded,
    );
    expect(
      (await s.payroll.call({ method: 'POST', url: `/api/reports/rogers/refresh-report-job-data/${job.Id}` }))
        .statusCode,
    ).toBe(404);
  });

  it('a refresh job keeps any report; bad or out-of-scope filters are refused before queueing', async () => {
    const created = await s.owner.call({
      method: 'POST',
      url: '/api/reports/rogers/create-refresh-report-job',
      payload: { ReportID: 'leads-total-statistics', Query: { startDate: START, endDate: END } },
    });
    expect(created.statusCode).toBe(201);
    const done = await get<RogersReportJob>(
      'owner',
      `reports/rogers/report-jobs/${created.json<RogersReportJob>().Id}`,
    );
    expect(done.body.Result?.Rows[0].Orders).toBe(
      (await report('owner', 'leads-total-statistics')).body.Rows[0].Orders,
    );
    const bad = await s.owner.call({
      method: 'POST',
      url: '/api/reports/rogers/create-refresh-report-job',
      payload: { ReportID: 'no-such-report' },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await s.owner.call({
      method: 'POST',
      url: '/api/reports/rogers/create-refresh-report-job',
      payload: { ReportID: 'posted-payout-exceptions-report' },
    });
    expect(missing.statusCode).toBe(400);
    const foreign = await s.owner.call({
      method: 'POST',
      url: '/api/reports/rogers/create-job-live-payout-report',
      payload: { icdCorporationID: summit },
    });
    expect(foreign.statusCode).toBe(403);
    const failing = await s.owner.call({
      method: 'POST',
      url: '/api/reports/rogers/create-refresh-report-job',
      payload: { ReportID: 'leads-total-statistics', Query: { startDate: END, endDate: START } },
    });
    expect(failing.statusCode).toBe(201);
    const failed = await get<RogersReportJob>(
      'owner',
      `reports/rogers/report-jobs/${failing.json<RogersReportJob>().Id}`,
    );
    expect(failed.body).toMatchObject({ JobStatus: JobStatus.Failed, Result: null });
    expect(failed.body.Messages[0]).toContain('end date');
    expect(
      (await s.rep.call({ method: 'POST', url: '/api/reports/rogers/create-job-live-payout-report' }))
        .statusCode,
    ).toBe(403);
  });
});
