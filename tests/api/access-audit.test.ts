// GET /api/access-audit: the access audit trail (who changed whose access and when) read back, paged
// and filtered like the audit logs, audit:read needed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessAudit, employees } from '../../server/db/tables';
import type { AccessAuditPage, AccessAuditPerson } from '../../src/contract/access-audit';
import { GrantType, RoleScope } from '../../src/contract/common';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let admin: Session;
let auditor: Session;
let staff: Session;
const ids = { admin: 0, staff: 0 };
const names = { admin: '', staff: '' };

const get = (s: Session, query: string) => s.call({ method: 'GET', url: `/api/access-audit${query}` });
const page = async (s: Session, query: string) => {
  const res = await get(s, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AccessAuditPage>();
};

beforeAll(async () => {
  t = await createTestApp();
  const emp = async (u: string) => (await t.db.select().from(employees).where(eq(employees.UserName, u)))[0];
  const a = await emp('admin');
  const s = await emp('staff');
  ids.admin = a.EmployeeID;
  ids.staff = s.EmployeeID;
  names.admin = `${a.FirstName} ${a.LastName}`;
  names.staff = `${s.FirstName} ${s.LastName}`;
  [admin, auditor, staff] = await Promise.all(['admin', 'auditor', 'staff'].map((u) => t.signIn(u)));

  // A role change by admin.
  const role = await admin.call({
    method: 'POST',
    url: '/api/v2/roles',
    payload: {
      Name: 'Access audit probe',
      ScopeID: RoleScope.Global,
      GrantTypeID: GrantType.GrantRole,
      Permissions: [{ PermissionKey: 'reports:read', Value: 'true' }],
    },
  });
  expect(role.statusCode, role.body).toBe(201);
  // A proxy sign-in by admin (in a session of its own, so `admin` stays itself) as staff.
  const proxying = await t.signIn('admin');
  const proxy = await t.app.inject({
    method: 'POST',
    url: '/account/proxy/login',
    headers: { cookie: proxying.cookie, accept: 'application/json' },
    payload: { EmployeeID: ids.staff },
  });
  expect(proxy.statusCode, proxy.body).toBe(200);
  // Two old rows at fixed instants, for the date filter: 03:30 UTC on 10 March 2020 is still
  // 9 March in Toronto.
  await t.db.insert(accessAudit).values([
    {
      Action: 'OnboardingSet',
      OccurredAt: new Date('2020-03-10T03:30:00Z'),
      ActorEmployeeID: ids.admin,
      EmployeeID: ids.staff,
    },
    {
      Action: 'OnboardingRevoked',
      OccurredAt: new Date('2020-03-11T12:00:00Z'),
      ActorEmployeeID: ids.admin,
      EmployeeID: ids.staff,
    },
  ]);
}, 120_000);

afterAll(() => t?.close());

describe('GET access-audit', () => {
  it('shows the role change and the proxy sign-in by admin with actor, subject and action, newest first', async () => {
    const data = await page(auditor, `?actorId=${ids.admin}&pageSize=50`);
    const proxy = data.Items.find((r) => r.Action === 'ProxySignIn' && r.EmployeeID === ids.staff);
    expect(proxy).toMatchObject({
      ActorEmployeeID: ids.admin,
      ActorName: names.admin,
      EmployeeName: names.staff,
      ProxyByName: null,
    });
    const role = data.Items.find(
      (r) => r.Action === 'RoleCreated' && r.Detail?.Name === 'Access audit probe',
    );
    expect(role).toMatchObject({ ActorName: names.admin, EmployeeID: null, EmployeeName: null });
    expect(role?.Detail?.Permissions).toEqual([{ PermissionKey: 'reports:read', Value: 'true' }]);
    // Newest first: the proxy sign-in came after the role; the 2020 rows come last.
    const at = (r: (typeof data.Items)[number]) => new Date(r.OccurredAt).getTime();
    for (let i = 1; i < data.Items.length; i++)
      expect(at(data.Items[i - 1])).toBeGreaterThanOrEqual(at(data.Items[i]));
    expect(data.Items.indexOf(proxy!)).toBeLessThan(data.Items.indexOf(role!));
    expect(data.Items.at(-1)?.Action).toBe('OnboardingSet');
  });

  it('filters by action, subject and actor', async () => {
    const proxies = await page(auditor, '?action=ProxySignIn');
    expect(proxies.TotalCount).toBeGreaterThan(0);
    expect(proxies.Items.every((r) => r.Action === 'ProxySignIn')).toBe(true);
    expect(proxies.Items.some((r) => r.EmployeeID === ids.staff)).toBe(true);

    const aboutStaff = await page(auditor, `?employeeId=${ids.staff}&pageSize=100`);
    expect(aboutStaff.Items.length).toBeGreaterThanOrEqual(3);
    expect(aboutStaff.Items.every((r) => r.EmployeeID === ids.staff)).toBe(true);
    expect(aboutStaff.Items.some((r) => r.Action === 'RoleCreated')).toBe(false);

    const byStaff = await page(auditor, `?actorId=${ids.staff}`);
    expect(
      byStaff.Items.every((r) => r.ActorEmployeeID === ids.staff || r.ProxyByEmployeeID === ids.staff),
    ).toBe(true);
    expect(
      byStaff.Items.some((r) => r.Action === 'RoleCreated' && r.Detail?.Name === 'Access audit probe'),
    ).toBe(false);
  });

  it('filters by days of the given zone', async () => {
    const day = '?startDate=2020-03-09&endDate=2020-03-09';
    const toronto = await page(auditor, `${day}&timeZone=America/Toronto`);
    expect(toronto.Items.map((r) => r.Action)).toEqual(['OnboardingSet']);
    expect((await page(auditor, day)).TotalCount).toBe(0);
    const both = await page(auditor, '?startDate=2020-03-10&endDate=2020-03-11');
    expect(both.Items.map((r) => r.Action)).toEqual(['OnboardingRevoked', 'OnboardingSet']);
    const oldestFirst = await page(auditor, '?startDate=2020-03-10&endDate=2020-03-11&order=asc');
    expect(oldestFirst.Items.map((r) => r.Action)).toEqual(['OnboardingSet', 'OnboardingRevoked']);
  });

  it('pages: pageSize rows per page, TotalCount of all, no row twice', async () => {
    const all = await page(auditor, `?actorId=${ids.admin}&pageSize=100`);
    expect(all.TotalCount).toBeGreaterThanOrEqual(4);
    const first = await page(auditor, `?actorId=${ids.admin}&pageSize=2&pageIndex=0`);
    const second = await page(auditor, `?actorId=${ids.admin}&pageSize=2&pageIndex=1`);
    expect(first).toMatchObject({ PageIndex: 0, PageSize: 2, TotalCount: all.TotalCount });
    expect(second.PageIndex).toBe(1);
    expect(first.Items).toHaveLength(2);
    expect([...first.Items, ...second.Items].map((r) => r.AccessAuditID)).toEqual(
      all.Items.slice(0, 4).map((r) => r.AccessAuditID),
    );
  });

  it('the demo company has a role change, a permission set and a proxy sign-in by admin', async () => {
    const seeded = await page(auditor, `?actorId=${ids.admin}&pageSize=100`);
    const actions = seeded.Items.map((r) => r.Action);
    expect(actions).toEqual(expect.arrayContaining(['RoleUpdated', 'EmployeePermissionSet', 'ProxySignIn']));
    const role = seeded.Items.find((r) => r.Action === 'RoleUpdated');
    expect(role?.Detail).toMatchObject({ Before: { Name: 'Field rep' }, After: { Name: 'Field rep' } });
  });

  it('lists the people in the trail for the filters', async () => {
    const res = await auditor.call({ method: 'GET', url: '/api/access-audit/employees' });
    expect(res.statusCode).toBe(200);
    const ids2 = res.json<AccessAuditPerson[]>().map((p) => p.EmployeeID);
    expect(ids2).toEqual(expect.arrayContaining([ids.admin, ids.staff]));
  });

  it('is 403 without audit:read', async () => {
    expect((await get(staff, '')).statusCode).toBe(403);
    expect((await staff.call({ method: 'GET', url: '/api/access-audit/employees' })).statusCode).toBe(403);
  });

  it('is 400 with a clear message for reversed dates or an unknown action', async () => {
    const reversed = await get(auditor, '?startDate=2020-03-11&endDate=2020-03-10');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ Message: 'The end date must not be before the start date.' });
    const unknown = await get(auditor, '?action=Nope');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ Message: 'The request is not valid.' });
    expect(Object.keys(unknown.json().Errors)).toEqual(['action']);
    expect((await get(auditor, '?pageSize=0')).statusCode).toBe(400);
  });
});

describe('GET access-audit sorted', () => {
  // Four rows of May 2019 alone in their days: by, about, action and moment all known.
  const at = (d: string) => new Date(`2019-05-0${d}T12:00:00Z`);
  const range = '?startDate=2019-05-01&endDate=2019-05-04';
  const order = async (query: string) =>
    (await page(auditor, `${range}${query}`)).Items.map((r) => r.Detail?.Probe);
  beforeAll(async () => {
    await t.db.insert(accessAudit).values([
      { Action: 'RoleCreated', OccurredAt: at('1'), ActorEmployeeID: ids.admin, Detail: { Probe: 'A' } },
      {
        Action: 'OnboardingSet',
        OccurredAt: at('2'),
        ActorEmployeeID: ids.staff,
        EmployeeID: ids.admin,
        Detail: { Probe: 'B' },
      },
      {
        Action: 'EmployeePermissionSet',
        OccurredAt: at('3'),
        ActorEmployeeID: ids.admin,
        EmployeeID: ids.staff,
        Detail: { Probe: 'C' },
      },
      { Action: 'ClaimsImported', OccurredAt: at('4'), Detail: { Probe: 'D' } },
    ]);
  });
  /** Whether admin's name comes before staff's (lower-cased, as the server compares). */
  const adminFirst = () => names.admin.toLowerCase() < names.staff.toLowerCase();

  it('is newest first by default, and oldest first with order=asc', async () => {
    expect(await order('')).toEqual(['D', 'C', 'B', 'A']);
    expect(await order('&sort=OccurredAt')).toEqual(['D', 'C', 'B', 'A']);
    expect(await order('&sort=OccurredAt&order=asc')).toEqual(['A', 'B', 'C', 'D']);
  });

  it('sorts by action, either way', async () => {
    expect(await order('&sort=Action')).toEqual(['D', 'C', 'B', 'A']);
    expect(await order('&sort=Action&order=desc')).toEqual(['A', 'B', 'C', 'D']);
  });

  it('sorts by the person concerned, rows about nobody last and newest first', async () => {
    const [first, second] = adminFirst() ? ['B', 'C'] : ['C', 'B'];
    expect(await order('&sort=EmployeeName')).toEqual([first, second, 'D', 'A']);
    expect(await order('&sort=EmployeeName&order=desc')).toEqual([second, first, 'D', 'A']);
  });

  it('sorts by who did it, ties newest first, rows by nobody last', async () => {
    const asc = adminFirst() ? ['C', 'A', 'B', 'D'] : ['B', 'C', 'A', 'D'];
    expect(await order('&sort=ActorName')).toEqual(asc);
    const desc = adminFirst() ? ['B', 'C', 'A', 'D'] : ['C', 'A', 'B', 'D'];
    expect(await order('&sort=ActorName&order=desc')).toEqual(desc);
  });

  it('pages a sorted list without losing or repeating a row', async () => {
    const one = await page(auditor, `${range}&sort=ActorName&pageSize=3&pageIndex=0`);
    const two = await page(auditor, `${range}&sort=ActorName&pageSize=3&pageIndex=1`);
    expect(one.TotalCount).toBe(4);
    expect([...one.Items, ...two.Items].map((r) => r.Detail?.Probe)).toEqual(await order('&sort=ActorName'));
  });

  it('is 400 naming the field for an unknown sort', async () => {
    const res = await get(auditor, '?sort=Detail');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: 'The request is not valid.' });
    expect(Object.keys(res.json().Errors)).toEqual(['sort']);
  });
});
