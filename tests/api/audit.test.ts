// The eight audit-logs calls (spec 001 §7 "Audit logs (GET)"): paged, filtered by employee, date,
// action and office, audit:read needed, rows limited to the offices it reaches.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  employees,
  employmentRecords,
  icdOffices,
  programs,
  roleAssignments,
  rolePermissions,
  roles,
  stores,
} from '../../server/db/tables';
import { hashPassword } from '../../server/modules/auth/passwords';
import type { AuditEmployee, AuditLogPage } from '../../src/contract/audit';
import { EmployeeStatus, GrantType, RoleScope } from '../../src/contract/common';
import type { TimeEntry } from '../../src/contract/time';
import type { TimeEntryModificationPage } from '../../src/contract/time-management';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from './helpers';

let t: TestApp;
let staff: Session;
let manager: Session;
let auditor: Session;
let vanaudit: Session;
let admin: Session;
const ids = { staff: 0, manager: 0, vanaudit: 0 };
let toronto = 0;
let vancouver = 0;
let entry: TimeEntry;
let vancouverEntry: TimeEntry;

const get = (s: Session, url: string) => s.call({ method: 'GET', url: `/api/${url}` });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const emp = async (u: string) => (await db.select().from(employees).where(eq(employees.UserName, u)))[0];
  const office = async (name: string) =>
    (await db.select().from(icdOffices).where(eq(icdOffices.OfficeName, name)))[0].IcdOfficeID;
  toronto = await office('Toronto Central');
  vancouver = await office('Vancouver Harbour');
  ids.staff = (await emp('staff')).EmployeeID;
  ids.manager = (await emp('manager')).EmployeeID;

  // An auditor of Vancouver Harbour only, who also records time there.
  const [vic] = await db
    .insert(employees)
    .values({
      FirstName: 'Vic',
      LastName: 'Olsen',
      UserName: 'vanaudit',
      PasswordHash: await hashPassword(DEMO_PASSWORD, 10),
      PasswordChangedAt: new Date(),
    })
    .returning();
  ids.vanaudit = vic.EmployeeID;
  const [record] = await db
    .insert(employmentRecords)
    .values({ EmployeeID: vic.EmployeeID, IcdOfficeID: vancouver, EmployeeStatusID: EmployeeStatus.Active })
    .returning();
  const [role] = await db
    .insert(roles)
    .values({ Name: 'Office auditor', ScopeID: RoleScope.EmploymentRecord, GrantTypeID: GrantType.GrantRole })
    .returning();
  await db.insert(rolePermissions).values([
    { RoleID: role.RoleID, PermissionKey: 'audit:read' },
    { RoleID: role.RoleID, PermissionKey: 'time:own' },
  ]);
  await db.insert(roleAssignments).values({
    EmployeeID: vic.EmployeeID,
    RoleID: role.RoleID,
    EmploymentRecordID: record.EmploymentRecordID,
  });

  [staff, manager, auditor, vanaudit, admin] = await Promise.all(
    ['staff', 'manager', 'auditor', 'vanaudit', 'admin'].map((u) => t.signIn(u)),
  );
  const [costco] = await db.select().from(programs).where(eq(programs.Name, 'Costco Road Show'));
  const [etobicoke] = await db.select().from(stores).where(eq(stores.Name, 'Costco Etobicoke'));
  const created = await staff.call({
    method: 'POST',
    url: '/api/time-entries',
    payload: {
      Date: '2031-05-05',
      TimeEntryTypeID: 1,
      IcdOfficeID: toronto,
      ProgramID: costco.ProgramID,
      StoreID: etobicoke.StoreID,
      TimeZoneOffset: -240,
      StartTime: '09:00:00',
      EndTime: '17:00:00',
    },
  });
  entry = created.json<TimeEntry>();
  // The manager corrects it; staff acknowledges.
  const edited = await manager.call({
    method: 'PATCH',
    url: `/api/time-entries/${entry.Id}`,
    payload: { EndTime: '16:00:00', Version: 1 },
  });
  expect(edited.statusCode).toBe(200);
  const mod = (await get(staff, 'time-entries/modified'))
    .json<TimeEntryModificationPage>()
    .Items.find((m) => m.TimeEntryID === entry.Id);
  const ack = await staff.call({
    method: 'PUT',
    url: `/api/time-entries/modified/${mod?.TimeEntryModificationID}/acknowledge`,
    payload: {},
  });
  expect(ack.statusCode).toBe(200);
  const van = await vanaudit.call({
    method: 'POST',
    url: '/api/time-entries',
    payload: {
      Date: '2031-05-05',
      TimeEntryTypeID: 1,
      IcdOfficeID: vancouver,
      TimeZoneOffset: -420,
      StartTime: '09:00:00',
      EndTime: '12:00:00',
    },
  });
  expect(van.statusCode).toBe(201);
  vancouverEntry = van.json<TimeEntry>();
});
afterAll(() => t.close());

describe('audit-logs/timekeeping', () => {
  it('every row, newest first, paged with pageIndex/pageSize', async () => {
    const res = await get(auditor, 'audit-logs/timekeeping?pageSize=5');
    expect(res.statusCode).toBe(200);
    const page = res.json<AuditLogPage>();
    expect(page).toMatchObject({ PageIndex: 0, PageSize: 5 });
    expect(page.Items).toHaveLength(5);
    expect(page.TotalCount).toBeGreaterThan(50); // the seeded entries, approvals and corrections
    const times = page.Items.map((r) => new Date(r.OccurredAt as string).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.Items[0]).toMatchObject({
      Action: 'TimeEntryCreated',
      TimeEntryID: vancouverEntry.Id,
      ActorName: 'Vic Olsen',
    });
  });

  it('/page/{page} takes the 0-based page in the path', async () => {
    const first = (await get(auditor, 'audit-logs/timekeeping/page/0?pageSize=3')).json<AuditLogPage>();
    const second = (await get(auditor, 'audit-logs/timekeeping/page/1?pageSize=3')).json<AuditLogPage>();
    expect(second.PageIndex).toBe(1);
    expect(second.Items[0].AuditLogID).not.toBe(first.Items[0].AuditLogID);
    const byQuery = (
      await get(auditor, 'audit-logs/timekeeping?pageIndex=1&pageSize=3')
    ).json<AuditLogPage>();
    expect(byQuery.Items.map((r) => r.AuditLogID)).toEqual(second.Items.map((r) => r.AuditLogID));
    expect((await get(auditor, 'audit-logs/timekeeping/page/-1')).statusCode).toBe(400);
  });

  it('employee/{id}: the time of one employee, with before and after', async () => {
    const page = (
      await get(auditor, `audit-logs/timekeeping/employee/${ids.staff}?timeEntryId=${entry.Id}&order=asc`)
    ).json<AuditLogPage>();
    expect(page.Items.map((r) => [r.Action, r.ActorName])).toEqual([
      ['TimeEntryCreated', 'Sam Taylor'],
      ['TimeEntryUpdated', 'Marco Rossi'],
      ['ModificationAcknowledged', 'Sam Taylor'],
    ]);
    expect(page.Items[1]).toMatchObject({
      EmployeeName: 'Sam Taylor',
      OfficeName: 'Toronto Central',
      EntryDate: '2031-05-05',
      Changes: [{ Field: 'EndTime', Before: '17:00:00', After: '16:00:00' }],
    });
    expect(page.Items[1].Before).toMatchObject({ EndTime: '17:00:00' });
    expect(page.Items[1].After).toMatchObject({ EndTime: '16:00:00' });
  });

  it('filters by date (in a time zone), action and office', async () => {
    // The day (UTC) the fresh entry was recorded, as the server stamped it: no wall clock here.
    const recorded = (
      await get(auditor, `audit-logs/timekeeping/employee/${ids.staff}?timeEntryId=${entry.Id}&order=asc`)
    ).json<AuditLogPage>().Items[0];
    const today = new Date(recorded.OccurredAt as string).toISOString().slice(0, 10);
    const todays = (
      await get(auditor, `audit-logs/timekeeping?startDate=${today}&endDate=${today}&pageSize=100`)
    ).json<AuditLogPage>();
    expect(todays.Items.map((r) => r.TimeEntryID)).toContain(entry.Id);
    const future = (await get(auditor, 'audit-logs/timekeeping?startDate=2040-01-01')).json<AuditLogPage>();
    expect(future.TotalCount).toBe(0);
    const approvals = (
      await get(auditor, 'audit-logs/timekeeping?action=PayPeriodApproved&pageSize=1')
    ).json<AuditLogPage>();
    expect(approvals.Items[0]).toMatchObject({ Action: 'PayPeriodApproved', EntityType: 'PayPeriod' });
    expect(approvals.Items[0].Changes.map((c) => c.Field)).toContain('IsApproved');
    const vancouverOnly = (
      await get(auditor, `audit-logs/timekeeping?icdOfficeId=${vancouver}`)
    ).json<AuditLogPage>();
    // Vancouver's rows only: its one time entry, and its pay periods' approvals and locks (demo payrolls).
    expect(vancouverOnly.Items.every((r) => r.IcdOfficeID === vancouver)).toBe(true);
    expect(vancouverOnly.Items.flatMap((r) => (r.TimeEntryID === null ? [] : [r.TimeEntryID]))).toEqual([
      vancouverEntry.Id,
    ]);
    const zoned = await get(
      auditor,
      `audit-logs/timekeeping?startDate=${today}&timeZone=America%2FVancouver`,
    );
    expect(zoned.statusCode).toBe(200);
    const bad = await get(auditor, 'audit-logs/timekeeping?timeZone=Mars%2FOlympus&startDate=2031-13-01');
    expect(bad.statusCode).toBe(400);
    const reversed = await get(auditor, 'audit-logs/timekeeping?startDate=2031-02-01&endDate=2031-01-01');
    expect(reversed.statusCode).toBe(400);
  });
});

describe('audit-logs/time-entry-modification', () => {
  it("changes made to employees' entries by someone else", async () => {
    const page = (await get(auditor, 'audit-logs/time-entry-modification?pageSize=100')).json<AuditLogPage>();
    expect(
      page.Items.every((r) => r.TimeEntryModificationID !== null && r.ActorEmployeeID !== r.EmployeeID),
    ).toBe(true);
    expect(page.Items.map((r) => r.TimeEntryID)).toContain(entry.Id);
    expect(page.Items.map((r) => r.TimeEntryID)).not.toContain(vancouverEntry.Id);
    const paged = (
      await get(auditor, 'audit-logs/time-entry-modification/page/0?pageSize=1')
    ).json<AuditLogPage>();
    expect(paged.Items).toHaveLength(1);
    expect(paged.TotalCount).toBe(page.TotalCount);
  });

  it('modification-employee/{id}: the changes made by one employee', async () => {
    const byManager = (
      await get(auditor, `audit-logs/time-entry-modification/modification-employee/${ids.manager}`)
    ).json<AuditLogPage>();
    expect(byManager.TotalCount).toBeGreaterThanOrEqual(3); // seeded corrections and this one
    expect(byManager.Items.every((r) => r.ActorEmployeeID === ids.manager)).toBe(true);
    const byStaff = (
      await get(auditor, `audit-logs/time-entry-modification/modification-employee/${ids.staff}`)
    ).json<AuditLogPage>();
    expect(byStaff.TotalCount).toBe(0);
  });
});

describe('audit-logs/acknowledged-modified-time-entry', () => {
  it('the acknowledgements, and those of one employee', async () => {
    const all = (await get(auditor, 'audit-logs/acknowledged-modified-time-entry')).json<AuditLogPage>();
    expect(all.Items.every((r) => r.Action === 'ModificationAcknowledged')).toBe(true);
    expect(all.TotalCount).toBeGreaterThanOrEqual(2); // the rep's seeded one and staff's
    const mine = (
      await get(auditor, `audit-logs/acknowledged-modified-time-entry/acknowledged-employee/${ids.staff}`)
    ).json<AuditLogPage>();
    expect(mine.Items.map((r) => r.TimeEntryID)).toEqual([entry.Id]);
    expect(mine.Items[0].Changes).toEqual([{ Field: 'EndTime', Before: '17:00:00', After: '16:00:00' }]);
  });
});

describe('who may read', () => {
  const calls = [
    'audit-logs/timekeeping',
    'audit-logs/timekeeping/employee/1',
    'audit-logs/timekeeping/page/0',
    'audit-logs/time-entry-modification',
    'audit-logs/time-entry-modification/modification-employee/1',
    'audit-logs/time-entry-modification/page/0',
    'audit-logs/acknowledged-modified-time-entry',
    'audit-logs/acknowledged-modified-time-entry/acknowledged-employee/1',
    'audit-logs/employees',
  ];

  it('audit:read is needed for every call', async () => {
    for (const url of calls) {
      expect((await get(manager, url)).statusCode, url).toBe(403);
      expect((await get(staff, url)).statusCode, url).toBe(403);
      expect((await get(auditor, url)).statusCode, url).toBe(200);
      expect((await get(admin, url)).statusCode, url).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/audit-logs/timekeeping' })).statusCode).toBe(401);
  });

  it("an auditor of another office reads only that office's rows", async () => {
    const page = (await get(vanaudit, 'audit-logs/timekeeping?pageSize=100')).json<AuditLogPage>();
    expect(page.Items.every((r) => r.IcdOfficeID === vancouver)).toBe(true);
    expect(page.Items.flatMap((r) => (r.TimeEntryID === null ? [] : [r.TimeEntryID]))).toEqual([
      vancouverEntry.Id,
    ]);
    const staffRows = (
      await get(vanaudit, `audit-logs/timekeeping/employee/${ids.staff}`)
    ).json<AuditLogPage>();
    expect(staffRows.TotalCount).toBe(0);
    expect((await get(vanaudit, `audit-logs/timekeeping?icdOfficeId=${toronto}`)).statusCode).toBe(403);
    const people = (await get(vanaudit, 'audit-logs/employees')).json<AuditEmployee[]>();
    expect(people).toContainEqual({ EmployeeID: ids.vanaudit, Name: 'Vic Olsen' });
    expect(people.map((p) => p.EmployeeID)).not.toContain(ids.staff);
  });

  it("the back office's trail (an employee's record, a bank account) stays out of the time views", async () => {
    // Newer than every time row, in the auditor's office, about an employee the logs already list.
    const [row] = await t.db
      .insert(auditLogs)
      .values({
        OccurredAt: new Date(),
        Action: 'EmployeeSecurityChanged',
        EntityType: 'Employee',
        EntityID: ids.staff,
        EmployeeID: ids.staff,
        IcdOfficeID: toronto,
        ActorEmployeeID: ids.manager,
      })
      .returning();
    try {
      for (const url of [
        'audit-logs/timekeeping?pageSize=50',
        `audit-logs/timekeeping/employee/${ids.staff}?pageSize=50`,
      ]) {
        const res = await get(auditor, url);
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json<AuditLogPage>();
        expect(page.Items.length).toBeGreaterThan(0);
        expect(page.Items.map((r) => r.AuditLogID)).not.toContain(row.AuditLogID);
      }
    } finally {
      await t.db.delete(auditLogs).where(eq(auditLogs.AuditLogID, row.AuditLogID));
    }
  });

  it('audit-logs/employees lists the employees in the logs, by name', async () => {
    const people = (await get(auditor, 'audit-logs/employees')).json<AuditEmployee[]>();
    expect(people.map((p) => p.Name)).toEqual(
      expect.arrayContaining(['Sam Taylor', 'Riley Chen', 'Marco Rossi']),
    );
  });
});
