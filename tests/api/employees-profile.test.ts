// Employees: security (user name, password policy, inactive), profile (SSN masked without
// employees:viewSensitive, changes audit-logged with masked values, own profile with profile:own),
// profile image (multipart profileImage, type by content, size), unique SSN and available e-mails.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, employees } from '../../server/db/tables';
import type {
  EmployeeDetail,
  EmployeePage,
  EmployeeProfile,
  EmployeeSecurity,
} from '../../src/contract/employees';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let admin: Session;
let payroll: Session;
let manager: Session;
let rep: Session;
let staff: Session;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const e of await t.db.select().from(employees)) ids[e.UserName] = e.EmployeeID;
  [admin, payroll, manager, rep, staff] = await Promise.all(
    ['admin', 'payroll', 'manager', 'rep', 'staff'].map((u) => t.signIn(u)),
  );
});
afterAll(() => t.close());

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6360000000020001e221bc330000000049454e44ae426082',
    'hex',
  ),
]);

function multipart(field: string, content: Buffer, fileName = 'me.png', type = 'image/png') {
  const boundary = '----apexTestBoundary7d3';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function audits(action: string, employeeId: number) {
  return t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.Action, action), eq(auditLogs.EmployeeID, employeeId)));
}

describe('security', () => {
  it('reads the user name and flags; the password itself never', async () => {
    const res = await manager.call({ url: `/api/employees/${ids.staff}/security` });
    expect(res.statusCode).toBe(200);
    const s = res.json<EmployeeSecurity>();
    expect(s).toMatchObject({ UserName: 'staff', Inactive: false, HasPassword: true });
    expect(res.body).not.toContain('scrypt');
    expect((await manager.call({ url: `/api/employees/${ids.admin}/security` })).statusCode).toBe(404);
    expect((await rep.call({ url: `/api/employees/${ids.rep}/security` })).statusCode).toBe(403);
  });

  it('a weak password gets the policy messages; nothing changes', async () => {
    const s = (await payroll.call({ url: `/api/employees/${ids.staff}/security` })).json<EmployeeSecurity>();
    const res = await payroll.call({
      method: 'PUT',
      url: `/api/employees/${ids.staff}/security`,
      payload: { UserName: 'staff', Password: 'taylor', Inactive: false, Version: s.Version },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors.Password).toEqual([
      'Password must be at least 10 characters',
      'Password must not contain first or last name',
      "Password must have at least 1 upper case letter ('A'-'Z')",
      'Password must have at least 1 digit',
      'Password must have at least 1 special character',
    ]);
    const long = await payroll.call({
      method: 'PUT',
      url: `/api/employees/${ids.staff}/security`,
      payload: { UserName: 'staff', Password: `Aa1!${'x'.repeat(130)}`, Inactive: false, Version: s.Version },
    });
    expect(long.json().Errors.Password).toEqual(['Passwords must be atmost 128 characters']);
    await t.signIn('staff');
  });

  it('a new password and user name: audit row without the password, old sessions ended, 409 when stale', async () => {
    const before = (
      await payroll.call({ url: `/api/employees/${ids.staff}/security` })
    ).json<EmployeeSecurity>();
    const res = await payroll.call({
      method: 'PUT',
      url: `/api/employees/${ids.staff}/security`,
      payload: {
        UserName: 'sam.taylor',
        Password: 'Clockwork#2027',
        Inactive: false,
        Version: before.Version,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EmployeeSecurity>().UserName).toBe('sam.taylor');
    await t.signIn('sam.taylor', 'Clockwork#2027');
    // The session staff had before is over.
    expect((await staff.call({ url: '/api/Home/identity' })).statusCode).toBe(401);
    const [row] = await audits('EmployeeSecurityChanged', ids.staff);
    expect(row.ActorEmployeeID).toBe(ids.payroll);
    expect(row.Before).toEqual({ UserName: 'staff', Inactive: false });
    expect(row.After).toEqual({ UserName: 'sam.taylor', Inactive: false, PasswordChanged: true });
    expect(JSON.stringify(row)).not.toContain('Clockwork');
    const stale = await payroll.call({
      method: 'PUT',
      url: `/api/employees/${ids.staff}/security`,
      payload: { UserName: 'staff', Inactive: false, Version: before.Version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current.UserName).toBe('sam.taylor');
    const taken = await payroll.call({
      method: 'PUT',
      url: `/api/employees/${ids.staff}/security`,
      payload: { UserName: 'Rep', Inactive: false, Version: res.json<EmployeeSecurity>().Version },
    });
    expect(taken.json().Errors.UserName).toEqual(['This user name is taken']);
  });

  it('inactive: the account can no longer sign in', async () => {
    const s = (await admin.call({ url: `/api/employees/${ids.auditor}/security` })).json<EmployeeSecurity>();
    const res = await admin.call({
      method: 'PUT',
      url: `/api/employees/${ids.auditor}/security`,
      payload: { UserName: 'auditor', Inactive: true, Version: s.Version },
    });
    expect(res.json<EmployeeSecurity>()).toMatchObject({ Inactive: true });
    expect(res.json<EmployeeSecurity>().InactiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(t.signIn('auditor')).rejects.toThrow();
  });

  it('nobody makes their own account inactive: refused with the field named, still signed in', async () => {
    const s = (
      await payroll.call({ url: `/api/employees/${ids.payroll}/security` })
    ).json<EmployeeSecurity>();
    const res = await payroll.call({
      method: 'PUT',
      url: `/api/employees/${ids.payroll}/security`,
      payload: { UserName: 'payroll', Inactive: true, Version: s.Version },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors.Inactive).toEqual(['You cannot make your own account inactive.']);
    const after = await payroll.call({ url: `/api/employees/${ids.payroll}/security` });
    expect(after.statusCode).toBe(200);
    expect(after.json<EmployeeSecurity>()).toMatchObject({ Inactive: false, Version: s.Version });
  });
});

describe('profile and the SSN', () => {
  it('payroll sets the SSN and sees it; the manager sees it masked in the profile, the record and the list', async () => {
    const p = (await payroll.call({ url: `/api/employees/${ids.rep}/profile` })).json<EmployeeProfile>();
    const res = await payroll.call({
      method: 'PUT',
      url: `/api/employees/${ids.rep}/profile`,
      payload: {
        ...p,
        SSN: '046-45-4286',
        BirthDate: '1994-07-12',
        City: 'Toronto',
        CellPhone: { PhoneNumber: '416 555 0199', Extension: null },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EmployeeProfile>()).toMatchObject({
      SSN: '046454286',
      SSNMasked: false,
      BirthDate: '1994-07-12',
    });
    const seen = (await manager.call({ url: `/api/employees/${ids.rep}/profile` })).json<EmployeeProfile>();
    expect(seen).toMatchObject({ SSN: '***-***-286', SSNMasked: true });
    const detail = (await manager.call({ url: `/api/employees/${ids.rep}` })).json<EmployeeDetail>();
    expect(detail.SSN).toBe('***-***-286');
    const list = await manager.call({ url: '/api/employees?search=riley' });
    expect(list.body).not.toContain('046454286');
    expect(list.json<EmployeePage>().Items[0].SSN).toBe('***-***-286');
    const full = (await payroll.call({ url: '/api/employees?search=riley' })).json<EmployeePage>();
    expect(full.Items[0].SSN).toBe('046454286');
    const [row] = await audits('EmployeeSensitiveChanged', ids.rep);
    expect(row.Before).toEqual({ SSN: null });
    expect(row.After).toEqual({ SSN: '***-***-286' });
    expect(JSON.stringify(row)).not.toContain('046454286');
  });

  it('the masked value sent back leaves the SSN as it is and logs nothing; a new one is logged', async () => {
    const seen = (await manager.call({ url: `/api/employees/${ids.rep}/profile` })).json<EmployeeProfile>();
    const res = await manager.call({
      method: 'PUT',
      url: `/api/employees/${ids.rep}/profile`,
      payload: { ...seen, City: 'Mississauga' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await t.db.select().from(employees).where(eq(employees.EmployeeID, ids.rep));
    expect(stored.SSN).toBe('046454286');
    expect(stored.City).toBe('Mississauga');
    expect(await audits('EmployeeSensitiveChanged', ids.rep)).toHaveLength(1);
    const changed = await manager.call({
      method: 'PATCH',
      url: `/api/employees/${ids.rep}/profile`,
      payload: { SSN: '130 692 544', Version: res.json<EmployeeProfile>().Version },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<EmployeeProfile>()).toMatchObject({ SSN: '***-***-544', City: 'Mississauga' });
    expect(await audits('EmployeeSensitiveChanged', ids.rep)).toHaveLength(2);
  });

  it('bad SSN, SSN of another employee, stale Version', async () => {
    const p = (await payroll.call({ url: `/api/employees/${ids.manager}/profile` })).json<EmployeeProfile>();
    const bad = await payroll.call({
      method: 'PATCH',
      url: `/api/employees/${ids.manager}/profile`,
      payload: { SSN: '12345', Version: p.Version },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors.SSN).toEqual(['Use 9 digits']);
    const dup = await payroll.call({
      method: 'PATCH',
      url: `/api/employees/${ids.manager}/profile`,
      payload: { SSN: '130692544', Version: p.Version },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().Errors.SSN).toEqual(['This SSN belongs to another employee']);
    const stale = await payroll.call({
      method: 'PATCH',
      url: `/api/employees/${ids.manager}/profile`,
      payload: { City: 'X', Version: p.Version - 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current.EmployeeID).toBe(ids.manager);
    const badDate = await payroll.call({
      method: 'PATCH',
      url: `/api/employees/${ids.manager}/profile`,
      payload: { BirthDate: '1990-02-30', Version: p.Version },
    });
    expect(badDate.json().Errors.BirthDate).toEqual(['This date does not exist']);
  });

  it("the rep reads and edits his own profile, not another's", async () => {
    const own = await rep.call({ url: `/api/employees/${ids.rep}/profile` });
    expect(own.statusCode).toBe(200);
    expect(own.json<EmployeeProfile>().SSN).toBe('***-***-544');
    const saved = await rep.call({
      method: 'PATCH',
      url: `/api/employees/${ids.rep}/profile`,
      payload: { HomePhone: '416-555-0100', Version: own.json<EmployeeProfile>().Version },
    });
    expect(saved.statusCode).toBe(200);
    expect((await rep.call({ url: `/api/employees/${ids.manager}/profile` })).statusCode).toBe(404);
    expect(
      (
        await rep.call({
          method: 'PATCH',
          url: `/api/employees/${ids.manager}/profile`,
          payload: { City: 'X', Version: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await manager.call({ url: `/api/employees/${ids.admin}/profile` })).statusCode).toBe(404);
  });
});

describe('profile image', () => {
  it('a PNG is stored and served back; its type is read from the content', async () => {
    const res = await rep.call({
      method: 'PUT',
      url: `/api/employees/${ids.rep}/profile/image`,
      ...multipart('profileImage', PNG, 'me.gif', 'image/gif'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ContentType: 'image/png', FileSize: PNG.length });
    const img = await manager.call({ url: `/api/employees/${ids.rep}/profile/image` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await manager.call({ url: `/api/employees/${ids.rep}` })).json<EmployeeDetail>().HasImage).toBe(
      true,
    );
    // By the session cookie too (an <img> in the page).
    const byCookie = await t.app.inject({
      url: `/api/employees/${ids.rep}/profile/image`,
      headers: { cookie: rep.cookie },
    });
    expect(byCookie.statusCode).toBe(200);
  });

  it('refuses a file that is not GIF, JPEG or PNG (whatever its name), a missing field and a file over 2 MB', async () => {
    const text = await rep.call({
      method: 'PUT',
      url: `/api/employees/${ids.rep}/profile/image`,
      ...multipart(
        'profileImage',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        'me.png',
        'image/png',
      ),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().Errors.profileImage).toEqual(['Choose a GIF, JPEG or PNG image']);
    const other = await rep.call({
      method: 'PUT',
      url: `/api/employees/${ids.rep}/profile/image`,
      ...multipart('photo', PNG),
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().Errors.profileImage).toEqual(['Choose an image']);
    const big = await rep.call({
      method: 'PUT',
      url: `/api/employees/${ids.rep}/profile/image`,
      ...multipart('profileImage', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().Errors.profileImage).toEqual(['The image must be at most 2 MB']);
    const json = await rep.call({
      method: 'PUT',
      url: `/api/employees/${ids.rep}/profile/image`,
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    // The stored image is still the PNG.
    const img = await rep.call({ url: `/api/employees/${ids.rep}/profile/image` });
    expect(img.rawPayload.equals(PNG)).toBe(true);
  });

  it("out of scope: the rep cannot set the manager's image; no image is 404", async () => {
    const res = await rep.call({
      method: 'PUT',
      url: `/api/employees/${ids.manager}/profile/image`,
      ...multipart('profileImage', PNG),
    });
    expect(res.statusCode).toBe(404);
    expect((await manager.call({ url: `/api/employees/${ids.manager}/profile/image` })).statusCode).toBe(404);
  });
});

describe('checks', () => {
  it('unique SSN', async () => {
    const taken = await payroll.call({ url: '/api/employees/check-unique-ssn/130692544/0' });
    expect(taken.json()).toEqual({ IsUnique: false });
    const own = await payroll.call({ url: `/api/employees/check-unique-ssn/130-692-544/${ids.rep}` });
    expect(own.json()).toEqual({ IsUnique: true });
    const bad = await payroll.call({ url: '/api/employees/check-unique-ssn/12ab/0' });
    expect(bad.statusCode).toBe(400);
    expect((await rep.call({ url: '/api/employees/check-unique-ssn/130692544/0' })).statusCode).toBe(403);
  });

  it('available e-mails with suggestions', async () => {
    const free = await payroll.call({ url: '/api/employees/available-emails/new.person@apex-demo.example' });
    expect(free.json()).toEqual({
      EmailAddress: 'new.person@apex-demo.example',
      IsAvailable: true,
      Suggestions: [],
    });
    const taken = await payroll.call({ url: '/api/employees/available-emails/REP@apex-demo.example' });
    expect(taken.json()).toEqual({
      EmailAddress: 'REP@apex-demo.example',
      IsAvailable: false,
      Suggestions: ['REP1@apex-demo.example', 'REP2@apex-demo.example', 'REP3@apex-demo.example'],
    });
    expect((await payroll.call({ url: '/api/employees/available-emails/not-an-address' })).statusCode).toBe(
      400,
    );
  });
});
