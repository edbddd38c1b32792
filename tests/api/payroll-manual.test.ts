// Manual payroll submissions (spec 001 §4, spec 002 §4, §7, §9): submit, amend, cancel, assign and
// unassign a processor, pending, working-on, processed — every allowed and refused transition — the
// list with its sorts and pages, the earnings-statement PDF, and the scopes (processing needs
// payroll:process; the owner only reaches her corporation; an employee reads only their own).
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  employees,
  icdOffices,
  payPeriods,
  payrollEntries,
  payrollManualSubmissions,
} from '../../server/db/tables';
import { type Actor, loadActor } from '../../server/modules/access/service';
import { ensurePayrolls } from '../../server/modules/payroll/ensure';
import { submit } from '../../server/modules/payroll-manual/lifecycle';
import { statementLines } from '../../server/modules/payroll-manual/pdf';
import { ensurePayPeriods } from '../../server/modules/time-management/periods';
import { addDays } from '../../server/modules/wage-policies/minimum-wage';
import {
  MANUAL_ALREADY_SUBMITTED,
  MANUAL_CANCELLED,
  MANUAL_DAY_FUTURE,
  MANUAL_DAY_OUTSIDE,
  MANUAL_EMPTY,
  MANUAL_NO_PROCESSOR,
  MANUAL_NOT_PROCESSOR,
  MANUAL_NOT_SUBMITTED,
  MANUAL_OTHER_PROCESSOR,
  MANUAL_PROCESSED,
  type ManualSubmission,
  type ManualSubmissionPage,
  ManualSubmissionStatus as S,
} from '../../src/contract/payroll-manual';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let payroll: Session;
let admin: Session;
let owner: Session;
let manager: Session;
let staff: Session;
let rep: Session;
const user: Record<string, number> = {};
interface Entry {
  id: number;
  start: string;
  end: string;
}
/** Entries: Sam Taylor's (staff) and Riley Chen's (rep) at Toronto (Northwind), one at Chicago (Summit). */
const entry: Record<'staff' | 'staff2' | 'rep' | 'chicago', Entry> = {} as never;

async function entriesOf(employeeId: number): Promise<Entry[]> {
  const rows = await t.db
    .select({ id: payrollEntries.PayrollEntryID, start: payPeriods.StartDate, end: payPeriods.EndDate })
    .from(payrollEntries)
    .innerJoin(payPeriods, eq(payPeriods.PayPeriodID, payrollEntries.PayPeriodID))
    .where(eq(payrollEntries.EmployeeID, employeeId))
    .orderBy(asc(payPeriods.StartDate));
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  [payroll, admin, owner, manager, staff, rep] = await Promise.all(
    ['payroll', 'admin', 'owner', 'manager', 'staff', 'rep'].map((u) => t.signIn(u)),
  );
  for (const e of await t.db.select().from(employees)) user[e.UserName ?? ''] = e.EmployeeID;
  // The demo's pay periods cover the Toronto people; Chicago's are made for the same window here.
  const [chicago] = await t.db.select().from(icdOffices).where(eq(icdOffices.OfficeName, 'Chicago Loop'));
  const [first] = await t.db.select().from(payPeriods).orderBy(asc(payPeriods.StartDate)).limit(1);
  await ensurePayPeriods(t.db, {
    from: first.StartDate,
    to: first.EndDate,
    officeIds: [chicago.IcdOfficeID],
  });
  await ensurePayrolls(t.db);
  const staffEntries = await entriesOf(user.staff);
  [entry.staff, entry.staff2] = staffEntries;
  [entry.rep] = await entriesOf(user.rep);
  const [chicagoPerson] = await t.db
    .select({ EmployeeID: payPeriods.EmployeeID })
    .from(payPeriods)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, payPeriods.IcdOfficeID))
    .where(eq(icdOffices.OfficeName, 'Chicago Loop'))
    .limit(1);
  [entry.chicago] = await entriesOf(chicagoPerson.EmployeeID);
}, 60_000);
afterAll(() => t?.close());

type Method = 'GET' | 'PUT' | 'PATCH' | 'DELETE';
const call = (s: Session, method: Method, url: string, payload?: object, headers?: Record<string, string>) =>
  s.call({ method, url: `/api/${url}`, payload, headers });
const sub = (e: Entry) => `payroll-entries/${e.id}/manual-submission`;
const req = (e: Entry) => `payroll-entries/${e.id}/manual-request`;

const body = (e: Entry) => ({
  ExtraShowHours: [
    { Date: addDays(e.start, 1), Hours: 3.5, Amount: 20, Comments: 'Setup before the show' },
    { Date: e.start, Hours: 2 },
  ],
  Bonus: 25.5,
  Comments: 'Show hours missing from the clock',
});

describe('the seeded demo', () => {
  it('has one submission in each status on the latest locked windows (cleared for the tests below)', async () => {
    const page = (
      await call(payroll, 'GET', 'payroll-entries/all/manual-submissions?sort=SubmittedDate')
    ).json<ManualSubmissionPage>();
    await t.db.delete(payrollManualSubmissions);
    expect(page.Items.map((i) => i.StatusID).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const processed = page.Items.find((i) => i.StatusID === S.Processed) as ManualSubmission;
    expect(processed).toMatchObject({ EmployeeName: 'Sam Taylor', ProcessorName: 'Priya Shah' });
    expect(processed.History.map((h) => h.Action).at(-1)).toBe('Processed');
    for (const i of page.Items) {
      for (const d of i.ExtraShowHours) {
        expect(d.Date >= i.PayPeriodStartDate && d.Date <= i.PayPeriodEndDate).toBe(true);
      }
    }
  });
});

describe('submit, amend, assign, pending, working on, processed', () => {
  let s: ManualSubmission;

  it('submits a request (Submitted), days in date order, amounts in dollars', async () => {
    const res = await call(payroll, 'PUT', sub(entry.staff), body(entry.staff));
    expect(res.statusCode).toBe(200);
    s = res.json<ManualSubmission>();
    expect(s).toMatchObject({
      PayrollEntryID: entry.staff.id,
      StatusID: S.Submitted,
      Status: 'Submitted',
      EmployeeName: 'Sam Taylor',
      OfficeName: 'Toronto Central',
      ClientName: 'Northwind Field Marketing Inc.',
      SubmittedByName: 'Priya Shah',
      TotalHours: 5.5,
      Bonus: 25.5,
      TotalAmount: 45.5,
      ProcessorID: null,
      Version: 1,
    });
    expect(s.ExtraShowHours.map((d) => [d.Date, d.Hours, d.Amount])).toEqual([
      [entry.staff.start, 2, 0],
      [addDays(entry.staff.start, 1), 3.5, 20],
    ]);
    expect(s.History.map((h) => h.Action)).toEqual(['Submitted']);
  });

  it('refuses a second submission while one is open (409 with the current one)', async () => {
    const res = await call(payroll, 'PUT', sub(entry.staff), body(entry.staff));
    expect(res.statusCode).toBe(409);
    expect(res.json().Message).toBe(MANUAL_ALREADY_SUBMITTED);
    expect(res.json().Current.Version).toBe(1);
  });

  it('refuses days outside the pay period, a duplicate day, 0 hours and an empty request, by field', async () => {
    const outside = await call(payroll, 'PUT', sub(entry.rep), {
      ExtraShowHours: [{ Date: addDays(entry.rep.end, 1), Hours: 2 }],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().Errors['ExtraShowHours.0.Date'][0]).toContain(MANUAL_DAY_OUTSIDE);
    const twice = await call(payroll, 'PUT', sub(entry.rep), {
      ExtraShowHours: [
        { Date: entry.rep.start, Hours: 2 },
        { Date: entry.rep.start, Hours: 0 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(Object.keys(twice.json().Errors).sort()).toEqual([
      'ExtraShowHours.1.Date',
      'ExtraShowHours.1.Hours',
    ]);
    const empty = await call(payroll, 'PUT', sub(entry.rep), { Comments: 'nothing' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Errors.ExtraShowHours).toEqual([MANUAL_EMPTY]);
    expect(
      await t.db
        .select()
        .from(payrollManualSubmissions)
        .where(eq(payrollManualSubmissions.PayrollEntryID, entry.rep.id)),
    ).toHaveLength(0);
  });

  it("refuses a day after the office's today (Toronto's, not UTC's)", async () => {
    const actor = await loadActor(t.db, user.payroll);
    // 03:00 UTC on the period's second day is still the evening of its first day in Toronto.
    const now = new Date(`${addDays(entry.rep.start, 1)}T03:00:00Z`);
    const body = (date: string) => ({
      ExtraShowHours: [{ Date: date, Hours: 2, Amount: 0, Comments: '' }],
      Bonus: 0,
      NetPayAddition: 0,
      NetPayDeduction: 0,
      Comments: '',
    });
    const refused = submit({
      db: t.db,
      actor: actor as Actor,
      entryId: entry.rep.id,
      body: body(addDays(entry.rep.start, 1)),
      now,
    });
    await expect(refused).rejects.toMatchObject({
      status: 400,
      extra: { Errors: { 'ExtraShowHours.0.Date': [MANUAL_DAY_FUTURE] } },
    });
    const ok = await submit({
      db: t.db,
      actor: actor as Actor,
      entryId: entry.rep.id,
      body: body(entry.rep.start),
      now,
    });
    expect(ok.StatusID).toBe(S.Submitted);
    await t.db
      .delete(payrollManualSubmissions)
      .where(eq(payrollManualSubmissions.PayrollEntryID, entry.rep.id));
  });

  it('amends with the current Version (Amended), 409 with Current when stale', async () => {
    const stale = await call(payroll, 'PATCH', sub(entry.staff), {
      ...body(entry.staff),
      Bonus: 30,
      Version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current.Bonus).toBe(25.5);
    const res = await call(owner, 'PATCH', sub(entry.staff), {
      ExtraShowHours: [{ Date: entry.staff.start, Hours: 4 }],
      Bonus: 30,
      Version: s.Version,
    });
    expect(res.statusCode).toBe(200);
    s = res.json();
    expect(s).toMatchObject({ StatusID: S.Amended, Bonus: 30, TotalHours: 4, Version: 2 });
    expect(s.AmendedDate).not.toBeNull();
  });

  it('assigns a processor who can process payrolls; refuses one who cannot', async () => {
    const notProcessor = await call(payroll, 'PUT', `${req(entry.staff)}/processors/${user.staff}`);
    expect(notProcessor.statusCode).toBe(400);
    expect(notProcessor.json().Message).toBe(MANUAL_NOT_PROCESSOR);
    const noOne = await call(payroll, 'PUT', `${req(entry.staff)}/processors/99999`);
    expect(noOne.statusCode).toBe(404);
    const working = await call(payroll, 'PUT', `${req(entry.staff)}/workingon/true`);
    expect(working.statusCode).toBe(409);
    expect(working.json().Message).toBe(MANUAL_NO_PROCESSOR);
    const res = await call(payroll, 'PUT', `${req(entry.staff)}/processors/${user.payroll}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ProcessorID: user.payroll,
      ProcessorName: 'Priya Shah',
      StatusID: S.Amended,
    });
  });

  it('moves between working on and pending (each excludes the other) and back', async () => {
    let res = await call(payroll, 'PUT', `${req(entry.staff)}/workingon/true`);
    expect(res.json()).toMatchObject({ StatusID: S.WorkingOn, IsWorkingOn: true, IsPending: false });
    res = await call(payroll, 'PUT', `${req(entry.staff)}/pending/true`);
    expect(res.json()).toMatchObject({ StatusID: S.Pending, IsWorkingOn: false, IsPending: true });
    res = await call(payroll, 'PUT', `${req(entry.staff)}/pending/false`);
    expect(res.json()).toMatchObject({ StatusID: S.Amended, IsPending: false });
    res = await call(payroll, 'PUT', `${req(entry.staff)}/workingon/TRUE`);
    expect(res.json().StatusID).toBe(S.WorkingOn);
  });

  it('unassigns only the assigned processor (working on ends)', async () => {
    const other = await call(admin, 'DELETE', `${req(entry.staff)}/processors/${user.admin}`);
    expect(other.statusCode).toBe(409);
    expect(other.json().Message).toBe(MANUAL_OTHER_PROCESSOR);
    const res = await call(admin, 'DELETE', `${req(entry.staff)}/processors/${user.payroll}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ProcessorID: null, IsWorkingOn: false, StatusID: S.Amended });
  });

  it('marks it processed (the caller becomes the processor); then nothing changes it', async () => {
    const res = await call(payroll, 'PUT', `${sub(entry.staff)}/processed`);
    expect(res.statusCode).toBe(200);
    s = res.json();
    expect(s).toMatchObject({
      StatusID: S.Processed,
      ProcessorID: user.payroll,
      CompletedByName: 'Priya Shah',
    });
    expect(s.CompletedDate).not.toBeNull();
    for (const [method, url, payload] of [
      ['PATCH', sub(entry.staff), { ...body(entry.staff), Version: s.Version }],
      ['DELETE', sub(entry.staff), undefined],
      ['PUT', `${sub(entry.staff)}/processed`, undefined],
      ['PUT', `${req(entry.staff)}/processors/${user.payroll}`, undefined],
      ['PUT', `${req(entry.staff)}/pending/true`, undefined],
      ['PUT', `${req(entry.staff)}/workingon/false`, undefined],
      ['PUT', sub(entry.staff), body(entry.staff)],
    ] as const) {
      const refused = await call(payroll, method, url, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(409);
      expect([MANUAL_PROCESSED, MANUAL_ALREADY_SUBMITTED]).toContain(refused.json().Message);
    }
    const after = (await call(payroll, 'GET', sub(entry.staff))).json<ManualSubmission>();
    expect(after.Version).toBe(s.Version);
    expect(after.History.map((h) => h.Action)).toEqual([
      'Submitted',
      'Amended',
      'Assigned to Priya Shah',
      'Saved as working on',
      'Saved as pending',
      'No longer pending',
      'Saved as working on',
      'Unassigned',
      'Processed',
    ]);
  });
});

describe('cancel and submit again', () => {
  it('cancels an open submission; a cancelled one refuses changes and can be submitted again', async () => {
    expect((await call(payroll, 'DELETE', sub(entry.rep))).json().Message).toBe(MANUAL_NOT_SUBMITTED);
    const first = (await call(payroll, 'PUT', sub(entry.rep), body(entry.rep))).json<ManualSubmission>();
    const stale = await call(payroll, 'DELETE', `${sub(entry.rep)}?version=${first.Version + 1}`);
    expect(stale.statusCode).toBe(409);
    const res = await call(payroll, 'DELETE', `${sub(entry.rep)}?version=${first.Version}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ StatusID: S.Cancelled, Status: 'Cancelled' });
    for (const [method, url] of [
      ['DELETE', sub(entry.rep)],
      ['PATCH', sub(entry.rep)],
      ['PUT', `${req(entry.rep)}/pending/true`],
      ['PUT', `${sub(entry.rep)}/processed`],
    ] as const) {
      const refused = await call(
        payroll,
        method,
        url,
        method === 'PATCH' ? { ...body(entry.rep), Version: 2 } : undefined,
      );
      expect(refused.statusCode, `${method} ${url}`).toBe(409);
      expect(refused.json().Message).toBe(MANUAL_CANCELLED);
    }
    const again = await call(payroll, 'PUT', sub(entry.rep), body(entry.rep));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ StatusID: S.Submitted, CancelledDate: null });
    expect(again.json().History.map((h: { Action: string }) => h.Action)).toEqual([
      'Submitted',
      'Cancelled',
      'Submitted again',
    ]);
  });
});

describe('list, sorts and pages', () => {
  beforeAll(async () => {
    await call(payroll, 'PUT', sub(entry.chicago), {
      ExtraShowHours: [{ Date: entry.chicago.start, Hours: 1 }],
    });
    await call(payroll, 'PUT', sub(entry.staff2), { NetPayAddition: 10 });
    // Fixed instants, so the order does not depend on how fast the calls ran.
    const at = (id: number, submitted: string, completed: string | null) =>
      t.db
        .update(payrollManualSubmissions)
        .set({ SubmittedAt: new Date(submitted), CompletedAt: completed ? new Date(completed) : null })
        .where(eq(payrollManualSubmissions.PayrollEntryID, id));
    await at(entry.staff.id, '2025-03-01T10:00:00Z', '2025-03-05T10:00:00Z');
    await at(entry.rep.id, '2025-03-03T10:00:00Z', null);
    await at(entry.chicago.id, '2025-03-02T10:00:00Z', null);
    await at(entry.staff2.id, '2025-03-04T10:00:00Z', null);
  });

  const ids = (page: ManualSubmissionPage) => page.Items.map((i) => i.PayrollEntryID);

  it('sorts by SubmittedDate and CompletedDate, each also descending', async () => {
    const list = async (sort: string) =>
      (
        await call(payroll, 'GET', `payroll-entries/all/manual-submissions?sort=${sort}`)
      ).json<ManualSubmissionPage>();
    expect(ids(await list('SubmittedDate'))).toEqual([
      entry.staff.id,
      entry.chicago.id,
      entry.rep.id,
      entry.staff2.id,
    ]);
    expect(ids(await list('SubmittedDateDesc'))).toEqual([
      entry.staff2.id,
      entry.rep.id,
      entry.chicago.id,
      entry.staff.id,
    ]);
    expect(ids(await list('CompletedDate'))[0]).toBe(entry.staff.id);
    expect(ids(await list('CompletedDateDesc'))[0]).toBe(entry.staff.id);
    expect((await list('CompletedDate')).TotalCount).toBe(4);
    expect((await call(payroll, 'GET', 'payroll-entries/all/manual-submissions?sort=Owner')).statusCode).toBe(
      400,
    );
  });

  it('pages (0-based page in the path) and filters by status and processor', async () => {
    const page1 = (
      await call(
        payroll,
        'GET',
        'payroll-entries/all/manual-submissions/page/1?sort=SubmittedDate&pageSize=3',
      )
    ).json<ManualSubmissionPage>();
    expect(page1).toMatchObject({ TotalCount: 4, PageIndex: 1, PageSize: 3 });
    expect(ids(page1)).toEqual([entry.staff2.id]);
    const processed = (
      await call(payroll, 'GET', `payroll-entries/all/manual-submissions?statusID=${S.Processed}`)
    ).json<ManualSubmissionPage>();
    expect(ids(processed)).toEqual([entry.staff.id]);
    const mine = (
      await call(payroll, 'GET', `payroll-entries/all/manual-submissions?processorID=${user.payroll}`)
    ).json<ManualSubmissionPage>();
    expect(ids(mine)).toEqual([entry.staff.id]);
  });

  it("limits the owner to her corporation's entries; the manager and employees cannot list", async () => {
    const mine = (
      await call(owner, 'GET', 'payroll-entries/all/manual-submissions')
    ).json<ManualSubmissionPage>();
    expect(mine.TotalCount).toBe(3);
    expect(ids(mine)).not.toContain(entry.chicago.id);
    expect((await call(manager, 'GET', 'payroll-entries/all/manual-submissions')).statusCode).toBe(403);
    expect((await call(staff, 'GET', 'payroll-entries/all/manual-submissions/page/0')).statusCode).toBe(403);
  });
});

describe('scopes and the earnings statement', () => {
  it('lets an employee read their own submission, not another one', async () => {
    expect((await call(staff, 'GET', sub(entry.staff))).json().EmployeeName).toBe('Sam Taylor');
    expect((await call(staff, 'GET', sub(entry.rep))).statusCode).toBe(404);
    expect((await call(rep, 'GET', sub(entry.staff))).statusCode).toBe(404);
  });

  it('keeps the owner out of another corporation and out of processing', async () => {
    expect((await call(owner, 'GET', sub(entry.chicago))).statusCode).toBe(404);
    const before = (await call(payroll, 'GET', sub(entry.chicago))).json<ManualSubmission>();
    expect((await call(owner, 'DELETE', sub(entry.chicago))).statusCode).toBe(404);
    expect((await call(owner, 'PUT', `${req(entry.staff2)}/pending/true`)).statusCode).toBe(403);
    expect((await call(owner, 'PUT', `${sub(entry.staff2)}/processed`)).statusCode).toBe(403);
    expect((await call(manager, 'PUT', sub(entry.staff2), { NetPayAddition: 5 })).statusCode).toBe(403);
    expect((await call(staff, 'DELETE', sub(entry.staff))).statusCode).toBe(403);
    const after = (await call(payroll, 'GET', sub(entry.chicago))).json<ManualSubmission>();
    expect(after).toEqual(before);
  });

  it("prices the statement's lines: hours at the hourly rate plus the day's amount, then the bonus", async () => {
    const s = (await call(payroll, 'GET', sub(entry.rep))).json<ManualSubmission>();
    const { lines, gross } = statementLines(s, 17.25);
    expect(lines).toEqual([
      { Caption: `Extra show hours ${entry.rep.start}`, Rate: 17.25, Units: 2, Amount: 34.5 },
      {
        Caption: `Extra show hours ${addDays(entry.rep.start, 1)} (Setup before the show)`,
        Rate: 17.25,
        Units: 3.5,
        // 3.5 × 17.25 = 60.375 → 60.38 (half-up), plus 20.
        Amount: 80.38,
      },
      { Caption: 'Bonus', Rate: null, Units: null, Amount: 25.5 },
    ]);
    expect(gross).toBe(140.38);
    expect(statementLines(s, null).gross).toBe(45.5);
  });

  it('answers the earnings-statement PDF for format=pdf or Accept: application/pdf', async () => {
    const byQuery = await call(payroll, 'GET', `${sub(entry.staff)}?format=pdf`);
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.headers['content-type']).toBe('application/pdf');
    expect(byQuery.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const byAccept = await call(staff, 'GET', sub(entry.staff), undefined, { accept: 'application/pdf' });
    expect(byAccept.headers['content-type']).toBe('application/pdf');
    const json = await call(payroll, 'GET', `${sub(entry.staff)}?format=json`, undefined, {
      accept: 'application/pdf',
    });
    expect(json.headers['content-type']).toMatch(/application\/json/);
    const none = await call(
      payroll,
      'GET',
      `payroll-entries/${entry.chicago.id + 100000}/manual-submission?format=pdf`,
    );
    expect(none.statusCode).toBe(404);
  });
});
