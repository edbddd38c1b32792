// Compliance report jobs: descriptions, create with its date range and scope rules, the background
// run to an xlsx (read back with exceljs), cancel and remove, the caller's own jobs only, a running
// job stopped at its checkpoint, a job left running by a stopped server, and the live flags of the
// time approvals screen. Entries are written at fixed dates (the week of Monday 2025-03-03), long
// before the demo's own data, so nothing depends on the wall clock.
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corporations,
  employees,
  icdOffices,
  payPeriods,
  payrollEntries,
  payrolls,
  reportJobs,
  timeEntries,
  timeEntryTypes,
} from '../../server/db/tables';
import { failStaleJobs, processReportJob, RESTARTED_MESSAGE } from '../../server/modules/report-jobs/worker';
import { JobStatus } from '../../src/contract/common';
import type { ComplianceDescription, ReportJob } from '../../src/contract/report-jobs';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let manager: Session;
let owner: Session;
let payroll: Session;
let rep: Session;
const office: Record<string, number> = {};
const corp: Record<string, number> = {};
let staffId: number;
let vancouverId: number;
/** The work entry with no break (6:30 on Tuesday 2025-03-04). */
let noBreakEntry: number;
let torontoPeriod: number;
let vancouverPeriod: number;

const MONDAY = '2025-03-03';
const quiet = { info() {}, warn() {}, error() {} };

async function addEntry(
  employeeId: number,
  officeId: number,
  date: string,
  start: string,
  end: string | null,
  parent?: number,
) {
  const [type] = await t.db.select().from(timeEntryTypes).limit(1);
  const [row] = await t.db
    .insert(timeEntries)
    .values({
      EmployeeID: employeeId,
      IcdOfficeID: officeId,
      TimeEntryTypeID: type.TimeEntryTypeID,
      Date: date,
      StartTime: start,
      EndTime: end,
      IsBreak: parent !== undefined,
      ParentTimeEntryID: parent ?? null,
      TimeZoneOffset: -300,
    })
    .returning();
  return row.Id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const o of await t.db.select().from(icdOffices))
    office[o.OfficeName.split(' ')[0].toLowerCase()] = o.IcdOfficeID;
  for (const c of await t.db.select().from(corporations))
    corp[c.ClientName.split(' ')[0].toLowerCase()] = c.IcdCorporationID;
  const people = await t.db
    .select()
    .from(employees)
    .where(inArray(employees.UserName, ['staff', 'rep']));
  staffId = people.find((p) => p.UserName === 'staff')?.EmployeeID as number;
  vancouverId = people.find((p) => p.UserName === 'rep')?.EmployeeID as number;
  // Toronto: Monday 8:00–16:00 with a 30-minute break (fine); Tuesday 9:00–15:30 with no break.
  const monday = await addEntry(staffId, office.toronto, MONDAY, '08:00:00', '16:00:00');
  await addEntry(staffId, office.toronto, MONDAY, '12:00:00', '12:30:00', monday);
  noBreakEntry = await addEntry(staffId, office.toronto, '2025-03-04', '09:00:00', '15:30:00');
  // Vancouver (out of the manager's scope): a day with no break too.
  await addEntry(vancouverId, office.vancouver, '2025-03-05', '09:00:00', '16:00:00');
  [torontoPeriod, vancouverPeriod] = await Promise.all(
    [
      [staffId, office.toronto],
      [vancouverId, office.vancouver],
    ].map(async ([EmployeeID, IcdOfficeID]) => {
      const [p] = await t.db
        .insert(payPeriods)
        .values({ EmployeeID, IcdOfficeID, StartDate: MONDAY, EndDate: '2025-03-16' })
        .returning();
      return p.PayPeriodID;
    }),
  );
  const [run] = await t.db
    .insert(payrolls)
    .values({
      IcdCorporationID: corp.northwind,
      StartDate: MONDAY,
      EndDate: '2025-03-16',
      PayDate: '2025-03-21',
    })
    .returning();
  await t.db.insert(payrollEntries).values({
    PayrollID: run.PayrollID,
    PayPeriodID: torontoPeriod,
    EmployeeID: staffId,
    IcdOfficeID: office.toronto,
    Inputs: {
      IsPaidGuaranteed: false,
      IsPaidCommission: false,
      ExtraHoursWorked: 0,
      ManualCommissionAmountCents: null,
      SalaryCents: null,
      CommissionThresholdCents: null,
      ContractorPaymentCents: null,
      BonusCents: 0,
      CommissionBonusCents: 0,
      VolumeBonusCents: 0,
      TravelAllowanceCents: 4250,
      CellAllowanceCents: 0,
      TipCents: 0,
      SickPayCents: 0,
      SplitTime: 0,
      ReportingTime: 0,
      MealPeriodPremiumTime: 0,
      HolidayPayCents: 0,
      ChargebackCents: 0,
      TrainingPayHours: 0,
      NetPayAdditionCents: 0,
      NetPayDeductionCents: 0,
      Comments: null,
    },
  });
  [manager, owner, payroll, rep] = await Promise.all(
    ['manager', 'owner', 'payroll', 'rep'].map((u) => t.signIn(u)),
  );
}, 240_000);
afterAll(() => t.close());

const post = (s: Session, payload: Record<string, unknown>) =>
  s.call({ method: 'POST', url: '/api/v1/report-jobs', payload });
const noMealWeek = {
  ReportType: 1,
  Reports: ['NoMealBreak'],
  ReportOutputFormat: 1,
  DateRangeType: 'Week',
  StartDate: '2025-03-05',
};

async function finished(s: Session, id: number): Promise<ReportJob> {
  for (let i = 0; i < 200; i++) {
    const res = await s.call({ method: 'GET', url: `/api/v1/report-jobs/${id}` });
    expect(res.statusCode).toBe(200);
    const job = res.json<ReportJob>();
    if (job.JobStatus === JobStatus.Failed || job.JobStatus === JobStatus.Succeeded) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not finish`);
}

async function workbookOf(s: Session, id: number) {
  const res = await s.call({ method: 'GET', url: `/api/v1/report-jobs/${id}/document` });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return { res, wb };
}

const storedJobs = async () => (await t.db.select({ Id: reportJobs.Id }).from(reportJobs)).length;

describe('descriptions', () => {
  it('names each of the 26 kinds with its rule and whether it allows a manual date range', async () => {
    const res = await manager.call({ method: 'GET', url: '/api/v1/report-jobs/descriptions/compliance' });
    expect(res.statusCode).toBe(200);
    const list = res.json<ComplianceDescription[]>();
    expect(list).toHaveLength(26);
    const noMeal = list.find((d) => d.Kind === 'NoMealBreak');
    expect(noMeal?.Description).toMatch(/^Each day with more than 5 hours worked and no break recorded\./);
    expect(noMeal?.AllowsManualDateRange).toBe(true);
    expect(list.find((d) => d.Kind === 'TravelAllowance')?.AllowsManualDateRange).toBe(false);
    expect(
      (await rep.call({ method: 'GET', url: '/api/v1/report-jobs/descriptions/compliance' })).statusCode,
    ).toBe(403);
  });
});

describe('a job from creation to its xlsx', () => {
  it('runs NoMealBreak for the week in the background and flags the entry, with its link', async () => {
    const res = await post(manager, noMealWeek);
    expect(res.statusCode).toBe(201);
    const created = res.json<ReportJob>();
    expect(created).toMatchObject({
      JobStatus: JobStatus.Queued,
      StartDate: MONDAY,
      EndDate: '2025-03-09',
      DateRangeType: 'Week',
    });
    expect(created.OfficeNames).toEqual(['Toronto Central']);
    const job = await finished(manager, created.Id);
    expect(job).toMatchObject({
      JobStatus: JobStatus.Succeeded,
      Progress: 100,
      RowCount: 1,
      FlaggedCount: 1,
      ErrorMessage: null,
    });
    expect(job.Summary?.Preview).toEqual([
      expect.objectContaining({
        Kind: 'NoMealBreak',
        EmployeeID: staffId,
        Day: '2025-03-04',
        Detail: 'Worked 6:30 with no break.',
        TimeEntryIDs: [noBreakEntry],
        Link: `/time/approvals?date=2025-03-04&employeeId=${staffId}`,
      }),
    ]);
    const { res: doc, wb } = await workbookOf(manager, created.Id);
    expect(doc.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(doc.headers['content-disposition']).toBe(
      `attachment; filename="compliance-2025-03-03-to-2025-03-09-job-${created.Id}.xlsx"`,
    );
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'NoMealBreak']);
    const sheet = wb.getWorksheet('NoMealBreak') as ExcelJS.Worksheet;
    expect(sheet.getRow(1).getCell(1).value).toBe('Employee ID');
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2).values as unknown[];
    expect(row).toContain(staffId);
    expect(row).toContain('Worked 6:30 with no break.');
    expect(row).toContain(String(noBreakEntry));
  });

  it('the owner reads both offices of her corporation; one merged worksheet names the report of each row', async () => {
    const res = await post(owner, {
      ...noMealWeek,
      Reports: ['NoMealBreak', 'AllTimeRecordsReport'],
      ReportOutputFormat: 2,
      IcdCorporationID: corp.northwind,
    });
    expect(res.statusCode).toBe(201);
    const job = await finished(owner, res.json<ReportJob>().Id);
    expect(job.JobStatus).toBe(JobStatus.Succeeded);
    expect(job.Summary?.Kinds).toEqual([
      { Kind: 'NoMealBreak', RowCount: 2, FlaggedCount: 2 },
      { Kind: 'AllTimeRecordsReport', RowCount: 3, FlaggedCount: 0 },
    ]);
    const { wb } = await workbookOf(owner, job.Id);
    const sheet = wb.getWorksheet('Compliance') as ExcelJS.Worksheet;
    expect(sheet.getRow(1).getCell(1).value).toBe('Report');
    const kinds = [];
    for (let i = 2; i <= sheet.rowCount; i++) kinds.push(sheet.getRow(i).getCell(1).value);
    expect(kinds).toEqual([
      'NoMealBreak',
      'NoMealBreak',
      'AllTimeRecordsReport',
      'AllTimeRecordsReport',
      'AllTimeRecordsReport',
    ]);
  });

  it('pay kinds run on a pay period: the travel allowance of the payroll entry', async () => {
    const res = await post(payroll, {
      ReportType: 1,
      Reports: ['TravelAllowance'],
      ReportOutputFormat: 1,
      DateRangeType: 'PayPeriod',
      PayFrequencyID: 2,
      StartDate: '2025-03-10',
      IcdOfficeIDs: [office.toronto],
    });
    expect(res.statusCode).toBe(201);
    const job = await finished(payroll, res.json<ReportJob>().Id);
    expect(job).toMatchObject({ StartDate: MONDAY, EndDate: '2025-03-16', RowCount: 1, FlaggedCount: 0 });
    const { wb } = await workbookOf(payroll, job.Id);
    const row = (wb.getWorksheet('TravelAllowance') as ExcelJS.Worksheet).getRow(2).values as unknown[];
    expect(row).toContain(42.5);
    expect(row).toContain(torontoPeriod);
  });
});

describe('refusals', () => {
  it('bad input is 400 by field and stores nothing', async () => {
    const before = await storedJobs();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...noMealWeek, Reports: [] }, 'Reports'],
      [{ ...noMealWeek, Reports: ['NoSuchKind'] }, 'Reports.0'],
      [{ ...noMealWeek, ReportType: 2 }, 'ReportType'],
      [{ ...noMealWeek, ReportOutputFormat: 3 }, 'ReportOutputFormat'],
      [{ ...noMealWeek, StartDate: '2025-02-30' }, 'StartDate'],
      [{ ...noMealWeek, DateRangeType: 'Manual' }, 'EndDate'],
      [{ ...noMealWeek, DateRangeType: 'Manual', EndDate: '2025-03-01' }, 'EndDate'],
      [{ ...noMealWeek, DateRangeType: 'Manual', EndDate: '2025-06-30' }, 'EndDate'],
      [
        { ...noMealWeek, Reports: ['NoMealBreak', 'Tip'], DateRangeType: 'Manual', EndDate: '2025-03-20' },
        'Reports',
      ],
      [{ ...noMealWeek, IcdOfficeIDs: [999_999] }, 'IcdOfficeIDs'],
    ];
    for (const [body, field] of cases) {
      const res = await post(payroll, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().Errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await storedJobs()).toBe(before);
  });

  it('a manual range is accepted for time kinds', async () => {
    const res = await post(manager, {
      ...noMealWeek,
      DateRangeType: 'Manual',
      StartDate: '2025-03-04',
      EndDate: '2025-03-04',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ StartDate: '2025-03-04', EndDate: '2025-03-04' });
  });

  it('an office or corporation outside the caller’s scope is 403 with nothing stored; no key is 403', async () => {
    const before = await storedJobs();
    expect((await post(manager, { ...noMealWeek, IcdOfficeIDs: [office.vancouver] })).statusCode).toBe(403);
    expect(
      (await post(manager, { ...noMealWeek, IcdOfficeIDs: [office.toronto, office.vancouver] })).statusCode,
    ).toBe(403);
    expect((await post(manager, { ...noMealWeek, IcdCorporationID: corp.northwind })).statusCode).toBe(403);
    expect((await post(owner, { ...noMealWeek, IcdCorporationID: corp.summit })).statusCode).toBe(403);
    expect((await post(owner, { ...noMealWeek, IcdOfficeIDs: [office.chicago] })).statusCode).toBe(403);
    expect((await post(rep, noMealWeek)).statusCode).toBe(403);
    expect((await rep.call({ method: 'GET', url: '/api/v1/report-jobs' })).statusCode).toBe(403);
    expect(await storedJobs()).toBe(before);
  });

  it('another user’s job is 404 to read, cancel or download', async () => {
    const [mine] = (await manager.call({ method: 'GET', url: '/api/v1/report-jobs' })).json()
      .Items as ReportJob[];
    for (const [method, url] of [
      ['GET', `/api/v1/report-jobs/${mine.Id}`],
      ['GET', `/api/v1/report-jobs/${mine.Id}/document`],
      ['DELETE', `/api/v1/report-jobs/${mine.Id}`],
    ] as const)
      expect((await owner.call({ method, url })).statusCode, `${method} ${url}`).toBe(404);
    expect((await manager.call({ method: 'GET', url: `/api/v1/report-jobs/${mine.Id}` })).statusCode).toBe(
      200,
    );
  });
});

describe('the list, cancel and remove', () => {
  it('lists only the caller’s jobs, newest first, paged', async () => {
    const res = await manager.call({ method: 'GET', url: '/api/v1/report-jobs?pageSize=1' });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.TotalCount).toBe(2);
    expect(page.Items).toHaveLength(1);
    const all = (await manager.call({ method: 'GET', url: '/api/v1/report-jobs' })).json()
      .Items as ReportJob[];
    expect(all.map((j) => j.Id)).toEqual([...all.map((j) => j.Id)].sort((a, b) => b - a));
    expect(all.every((j) => j.OfficeNames.join() === 'Toronto Central')).toBe(true);
  });

  it('a finished job is removed with its document (204)', async () => {
    const res = await post(manager, noMealWeek);
    const job = await finished(manager, res.json<ReportJob>().Id);
    expect((await manager.call({ method: 'DELETE', url: `/api/v1/report-jobs/${job.Id}` })).statusCode).toBe(
      204,
    );
    expect((await manager.call({ method: 'GET', url: `/api/v1/report-jobs/${job.Id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await manager.call({ method: 'GET', url: `/api/v1/report-jobs/${job.Id}/document` })).statusCode,
    ).toBe(404);
  });

  it('a running job is cancelled: no document (409), and it stops at its next checkpoint, Failed "Cancelled."', async () => {
    const [row] = await t.db
      .insert(reportJobs)
      .values({
        ReportType: 1,
        Reports: ['NoMealBreak'],
        ReportOutputFormat: 1,
        DateRangeType: 'Week',
        StartDate: MONDAY,
        EndDate: '2025-03-09',
        ScopeOfficeIDs: [office.toronto],
        CreatedByEmployeeID: (await t.db.select().from(employees).where(eq(employees.UserName, 'manager')))[0]
          .EmployeeID,
        JobStatus: JobStatus.Processing,
        ClaimedBy: 'test-worker',
        HeartbeatAt: new Date(),
      })
      .returning();
    expect(
      (await manager.call({ method: 'GET', url: `/api/v1/report-jobs/${row.Id}/document` })).statusCode,
    ).toBe(409);
    const cancel = await manager.call({ method: 'DELETE', url: `/api/v1/report-jobs/${row.Id}` });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ JobStatus: JobStatus.Processing, IsCancelled: true });
    const [claimed] = await t.db.select().from(reportJobs).where(eq(reportJobs.Id, row.Id));
    await processReportJob(t.db, claimed, { workerId: 'test-worker', log: quiet });
    const after = (
      await manager.call({ method: 'GET', url: `/api/v1/report-jobs/${row.Id}` })
    ).json<ReportJob>();
    expect(after).toMatchObject({
      JobStatus: JobStatus.Failed,
      ErrorMessage: 'Cancelled.',
      IsCancelled: true,
    });
    expect(after.Summary).toBeNull();
  });

  it('a job left Processing by a stopped server becomes Failed with a message', async () => {
    const [row] = await t.db
      .insert(reportJobs)
      .values({
        ReportType: 1,
        Reports: ['NoMealBreak'],
        ReportOutputFormat: 1,
        DateRangeType: 'Week',
        StartDate: MONDAY,
        EndDate: '2025-03-09',
        ScopeOfficeIDs: [office.toronto],
        CreatedByEmployeeID: staffId,
        JobStatus: JobStatus.Processing,
        ClaimedBy: 'gone',
        HeartbeatAt: new Date(Date.parse('2025-03-10T00:00:00Z')),
      })
      .returning();
    await failStaleJobs(t.db);
    const [after] = await t.db.select().from(reportJobs).where(eq(reportJobs.Id, row.Id));
    expect(after).toMatchObject({ JobStatus: JobStatus.Failed, ErrorMessage: RESTARTED_MESSAGE });
  });
});

describe('flags on the time approvals screen', () => {
  it('gives the flags of the periods asked for, within the caller’s offices', async () => {
    const res = await manager.call({
      method: 'GET',
      url: `/api/time-approvals/compliance-flags?payPeriodIds=${torontoPeriod},${vancouverPeriod}`,
    });
    expect(res.statusCode).toBe(200);
    const flags = res.json();
    expect(flags).toEqual([
      expect.objectContaining({
        PayPeriodID: torontoPeriod,
        EmployeeID: staffId,
        Kind: 'NoMealBreak',
        Name: 'No meal break',
        Day: '2025-03-04',
        TimeEntryIDs: [noBreakEntry],
      }),
    ]);
    expect(flags[0].Rule).toMatch(/^Each day with more than 5 hours worked and no break recorded\./);
    const all = (
      await payroll.call({
        method: 'GET',
        url: `/api/time-approvals/compliance-flags?payPeriodIds=${vancouverPeriod}`,
      })
    ).json();
    expect(all.map((f: { EmployeeID: number }) => f.EmployeeID)).toEqual([vancouverId]);
    expect(
      (await manager.call({ method: 'GET', url: '/api/time-approvals/compliance-flags?payPeriodIds=x' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await rep.call({
          method: 'GET',
          url: `/api/time-approvals/compliance-flags?payPeriodIds=${torontoPeriod}`,
        })
      ).statusCode,
    ).toBe(403);
  });
});
