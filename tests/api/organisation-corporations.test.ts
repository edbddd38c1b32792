// Corporations: list (sort rules), page, read, create/update/delete (Version, 409), logo (binary GET,
// upload checked by type and size), tax information and deductions, statuses, managed, by module,
// module permissions, by employee and the company status inquiry report; scope refusals and bad input.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corporations,
  corporationTaxInfo,
  employees,
  icdOffices,
  roleAssignments,
  rolePermissions,
  roles,
} from '../../server/db/tables';
import { hashPassword } from '../../server/modules/auth/passwords';
import { GrantType, RoleScope } from '../../src/contract/common';
import type { Corporation } from '../../src/contract/organisation';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from './helpers';

let t: TestApp;
let admin: Session;
let payroll: Session;
let owner: Session;
let manager: Session;
let rep: Session;
let staff: Session;
const corp: Record<string, number> = {};
const user: Record<string, number> = {};

// A 1×1 PNG and a GIF header.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

const save = (over: Record<string, unknown> = {}) => ({
  Owner: 'Lena Ortiz',
  ClientName: 'Harbour Promotions Inc.',
  CorporationStatusID: 1,
  CountryID: 2,
  EmailAddress: 'hello@harbour.example',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  for (const c of await t.db.select().from(corporations))
    corp[c.ClientName.split(' ')[0].toLowerCase()] = c.IcdCorporationID;
  for (const e of await t.db.select().from(employees)) user[e.UserName] = e.EmployeeID;
  [admin, payroll, owner, manager, rep, staff] = await Promise.all(
    ['admin', 'payroll', 'owner', 'manager', 'rep', 'staff'].map((u) => t.signIn(u)),
  );
});
afterAll(() => t.close());

const names = (list: Corporation[]) => list.map((c) => c.ClientName);

describe('lists', () => {
  it('sorted by Owner then ClientName, case-insensitively; owner and manager see Northwind only; rep 403', async () => {
    const all = (await admin.call({ method: 'GET', url: '/api/corporations' })).json();
    expect(names(all)).toEqual([
      'Northwind Field Marketing Inc.', // Dana Whitfield
      'Summit Retail Promotions LLC', // Marcus Reyes
      'Maple Direct Sales Ltd.', // Priya Nair
    ]);
    expect(all[0]).toMatchObject({
      StatusName: 'Active',
      CountryName: 'Canada',
      OfficeCount: 2,
      Access: { CanUpdate: true },
    });
    const own = (await owner.call({ method: 'GET', url: '/api/corporations' })).json();
    expect(names(own)).toEqual(['Northwind Field Marketing Inc.']);
    expect(own[0].Access.CanUpdate).toBe(true);
    const his = (await manager.call({ method: 'GET', url: '/api/corporations' })).json();
    expect(his[0].Access.CanUpdate).toBe(false);
    expect((await rep.call({ method: 'GET', url: '/api/corporations' })).statusCode).toBe(403);
  });

  it('sort=canUpdate puts the ones the caller may update first (a Maple owner who reads everything)', async () => {
    // Owner of Maple (organisation:manage for its offices) and auditor (organisation:read everywhere).
    const [role] = await t.db
      .insert(roles)
      .values({
        Name: 'Maple owner',
        ScopeID: RoleScope.Organizational,
        GrantTypeID: GrantType.GrantRole,
        IcdCorporationID: corp.maple,
      })
      .returning();
    await t.db.insert(rolePermissions).values([
      { RoleID: role.RoleID, PermissionKey: 'organisation:read' },
      { RoleID: role.RoleID, PermissionKey: 'organisation:manage' },
    ]);
    const [auditorRole] = await t.db.select().from(roles).where(eq(roles.Name, 'Auditor'));
    const [emp] = await t.db
      .insert(employees)
      .values({
        FirstName: 'Nia',
        LastName: 'Park',
        UserName: 'mapleowner',
        EmailAddress: 'mapleowner@apex-demo.example',
        PasswordHash: await hashPassword(DEMO_PASSWORD, 10),
        PasswordChangedAt: new Date(),
      })
      .returning();
    await t.db.insert(roleAssignments).values([
      { EmployeeID: emp.EmployeeID, RoleID: role.RoleID },
      { EmployeeID: emp.EmployeeID, RoleID: auditorRole.RoleID },
    ]);
    const maple = await t.signIn('mapleowner');
    expect(names((await maple.call({ method: 'GET', url: '/api/corporations' })).json())).toEqual([
      'Northwind Field Marketing Inc.',
      'Summit Retail Promotions LLC',
      'Maple Direct Sales Ltd.',
    ]);
    const sorted = (await maple.call({ method: 'GET', url: '/api/corporations?sort=canUpdate' })).json();
    expect(names(sorted)).toEqual([
      'Maple Direct Sales Ltd.',
      'Northwind Field Marketing Inc.',
      'Summit Retail Promotions LLC',
    ]);
    expect(sorted.map((c: Corporation) => c.Access.CanUpdate)).toEqual([true, false, false]);
    expect(names((await maple.call({ method: 'GET', url: '/api/corporations/managed' })).json())).toEqual([
      'Maple Direct Sales Ltd.',
    ]);

    // Payroll updates everything: same order as by owner.
    const p = (await payroll.call({ method: 'GET', url: '/api/corporations?sort=canUpdate' })).json();
    expect(names(p)[0]).toBe('Northwind Field Marketing Inc.');
    // Manager reads Northwind, updates nothing: one corporation, CanUpdate false.
    const m = (await manager.call({ method: 'GET', url: '/api/corporations?sort=canUpdate' })).json();
    expect(m.map((c: Corporation) => c.Access.CanUpdate)).toEqual([false]);
    const bad = await admin.call({ method: 'GET', url: '/api/corporations?sort=name' });
    expect(bad.statusCode).toBe(400);
  });

  it('filters by status, country and search; pages with pageSize', async () => {
    expect(names((await admin.call({ method: 'GET', url: '/api/corporations?countryID=1' })).json())).toEqual(
      ['Summit Retail Promotions LLC'],
    );
    expect(
      names((await admin.call({ method: 'GET', url: '/api/corporations?search=maple' })).json()),
    ).toEqual(['Maple Direct Sales Ltd.']);
    expect((await admin.call({ method: 'GET', url: '/api/corporations?statusID=2' })).json()).toEqual([]);
    const page = (await admin.call({ method: 'GET', url: '/api/corporations/page/1?pageSize=2' })).json();
    expect(page).toMatchObject({ TotalCount: 3, PageIndex: 1, PageSize: 2 });
    expect(names(page.Items)).toEqual(['Maple Direct Sales Ltd.']);
    expect((await admin.call({ method: 'GET', url: '/api/corporations/page/-1' })).statusCode).toBe(400);
    expect((await owner.call({ method: 'GET', url: '/api/corporations/page/0' })).json().TotalCount).toBe(1);
  });

  it('statuses, status list, managed, by module, module permissions', async () => {
    expect((await manager.call({ method: 'GET', url: '/api/corporation-statuses' })).json()).toEqual([
      { CorporationStatusID: 1, Name: 'Active' },
      { CorporationStatusID: 2, Name: 'Inactive' },
    ]);
    const status = (
      await owner.call({ method: 'GET', url: '/api/corporations/get-allcorp-status-list' })
    ).json();
    expect(status).toEqual([
      {
        IcdCorporationID: corp.northwind,
        ClientName: 'Northwind Field Marketing Inc.',
        Owner: 'Dana Whitfield',
        CorporationStatusID: 1,
        StatusName: 'Active',
      },
    ]);
    expect(names((await manager.call({ method: 'GET', url: '/api/corporations/managed' })).json())).toEqual(
      [],
    );
    expect(names((await owner.call({ method: 'GET', url: '/api/corporations/managed' })).json())).toEqual([
      'Northwind Field Marketing Inc.',
    ]);
    // Leads (23): Northwind and Maple; Payout (25): Summit.
    expect(names((await admin.call({ method: 'GET', url: '/api/corporations/module/23' })).json())).toEqual([
      'Northwind Field Marketing Inc.',
      'Maple Direct Sales Ltd.',
    ]);
    expect(names((await admin.call({ method: 'GET', url: '/api/corporations/module/25' })).json())).toEqual([
      'Summit Retail Promotions LLC',
    ]);
    const perms = (
      await owner.call({ method: 'GET', url: `/api/corporations/permissions/${corp.northwind}` })
    ).json();
    expect(perms.find((p: { ModuleID: number }) => p.ModuleID === 23)).toMatchObject({
      Enabled: true,
      CanRead: true,
      CanUpdate: false,
    });
    expect(perms.find((p: { ModuleID: number }) => p.ModuleID === 25)).toMatchObject({ Enabled: false });
    expect(
      (await owner.call({ method: 'GET', url: `/api/corporations/permissions/${corp.summit}` })).statusCode,
    ).toBe(404);
  });

  it('by employee: the corporation of the employee’s record, in scope only', async () => {
    const res = await manager.call({
      method: 'GET',
      url: `/api/corporations/geticdcorporationbyemployee/${user.rep}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().ClientName).toBe('Northwind Field Marketing Inc.');
    expect(
      (
        await admin.call({
          method: 'GET',
          url: `/api/corporations/geticdcorporationbyemployee/${user.admin}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await admin.call({ method: 'GET', url: '/api/corporations/geticdcorporationbyemployee/999999' }))
        .statusCode,
    ).toBe(404);
  });

  it('company status inquiry report', async () => {
    const rows = (await payroll.call({ method: 'GET', url: '/api/corporations/inquiry' })).json();
    const north = rows.find((r: { IcdCorporationID: number }) => r.IcdCorporationID === corp.northwind);
    expect(north).toMatchObject({
      StatusName: 'Active',
      CountryName: 'Canada',
      OfficeCount: 2,
      HasTaxInfo: true,
      Divisions: ['Dtv', 'RoadShow', 'Rogers'],
    });
    expect(north.ActiveEmployeeCount).toBeGreaterThanOrEqual(5);
    expect(north.PendingEmployeeCount).toBeGreaterThanOrEqual(1);
    const own = (await owner.call({ method: 'GET', url: '/api/corporations/inquiry' })).json();
    expect(own.map((r: { ClientName: string }) => r.ClientName)).toEqual(['Northwind Field Marketing Inc.']);
    expect((await admin.call({ method: 'GET', url: '/api/corporations/inquiry?statusID=2' })).json()).toEqual(
      [],
    );
    expect((await staff.call({ method: 'GET', url: '/api/corporations/inquiry' })).statusCode).toBe(403);
  });
});

describe('create, read, update, delete', () => {
  let created: Corporation;
  it('admin creates (201); owner and manager may not (403); bad input 400 by field', async () => {
    expect((await owner.call({ method: 'POST', url: '/api/corporations', payload: save() })).statusCode).toBe(
      403,
    );
    expect(
      (await manager.call({ method: 'POST', url: '/api/corporations', payload: save() })).statusCode,
    ).toBe(403);
    const bad = await admin.call({
      method: 'POST',
      url: '/api/corporations',
      payload: save({ ClientName: '', CorporationStatusID: 3, EmailAddress: 'nope' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().Errors).sort()).toEqual([
      'ClientName',
      'CorporationStatusID',
      'EmailAddress',
    ]);
    const dup = await admin.call({
      method: 'POST',
      url: '/api/corporations',
      payload: save({ ClientName: 'maple direct sales ltd.' }),
    });
    expect(dup.json().Errors).toEqual({ ClientName: ['Another corporation has this name'] });
    const res = await admin.call({
      method: 'POST',
      url: '/api/corporations',
      payload: save({ ModuleIDs: [2, 4] }),
    });
    expect(res.statusCode).toBe(201);
    created = res.json();
    expect(created).toMatchObject({
      ClientName: 'Harbour Promotions Inc.',
      ModuleIDs: [2, 4],
      Version: 1,
      OfficeCount: 0,
      HasLogo: false,
    });
    expect(
      (await admin.call({ method: 'GET', url: `/api/corporations/${created.IcdCorporationID}` })).json()
        .Owner,
    ).toBe('Lena Ortiz');
    expect(
      (await owner.call({ method: 'GET', url: `/api/corporations/${created.IcdCorporationID}` })).statusCode,
    ).toBe(404);
  });

  it('update with Version; stale 409 with Current; owner edits her corporation but not its status or modules', async () => {
    const url = `/api/corporations/${created.IcdCorporationID}`;
    const ok = await admin.call({
      method: 'PUT',
      url,
      payload: save({ CorporationStatusID: 2, Version: 1 }),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ StatusName: 'Inactive', Version: 2 });
    const stale = await admin.call({ method: 'PUT', url, payload: save({ Owner: 'Lost', Version: 1 }) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ Owner: 'Lena Ortiz', Version: 2 });

    const [north] = await t.db
      .select()
      .from(corporations)
      .where(eq(corporations.IcdCorporationID, corp.northwind));
    const mine = {
      Owner: 'Dana Whitfield',
      ClientName: 'Northwind Field Marketing Inc.',
      CorporationStatusID: 1,
      CountryID: 2,
      PhoneNumber: '+1 416 555 0199',
      Version: north.Version,
    };
    const edit = await owner.call({
      method: 'PUT',
      url: `/api/corporations/${corp.northwind}`,
      payload: mine,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().PhoneNumber).toBe('+1 416 555 0199');
    const status = await owner.call({
      method: 'PUT',
      url: `/api/corporations/${corp.northwind}`,
      payload: { ...mine, CorporationStatusID: 2, ModuleIDs: [1], Version: north.Version + 1 },
    });
    expect(status.statusCode).toBe(403);
    expect(Object.keys(status.json().Errors).sort()).toEqual(['CorporationStatusID', 'ModuleIDs']);
    const manual = await manager.call({
      method: 'PUT',
      url: `/api/corporations/${corp.northwind}`,
      payload: { ...mine, Version: north.Version + 1 },
    });
    expect(manual.statusCode).toBe(403);
    const other = await owner.call({
      method: 'PUT',
      url: `/api/corporations/${corp.summit}`,
      payload: { ...mine, ClientName: 'Summit Retail Promotions LLC', Version: 1 },
    });
    expect(other.statusCode).toBe(404);
    const [summit] = await t.db
      .select()
      .from(corporations)
      .where(eq(corporations.IcdCorporationID, corp.summit));
    expect(summit.Owner).toBe('Marcus Reyes');
  });

  it('delete: refused while it has offices (409) or to a non-admin (403); stale version 409', async () => {
    const busy = await admin.call({ method: 'DELETE', url: `/api/corporations/${corp.summit}` });
    expect(busy.statusCode).toBe(409);
    expect(
      (await t.db.select().from(icdOffices).where(eq(icdOffices.IcdCorporationID, corp.summit))).length,
    ).toBe(2);
    expect(
      (await owner.call({ method: 'DELETE', url: `/api/corporations/${corp.northwind}` })).statusCode,
    ).toBe(403);
    expect(
      (await admin.call({ method: 'DELETE', url: `/api/corporations/${created.IcdCorporationID}?version=1` }))
        .statusCode,
    ).toBe(409);
    expect(
      (await admin.call({ method: 'DELETE', url: `/api/corporations/${created.IcdCorporationID}?version=2` }))
        .statusCode,
    ).toBe(204);
    expect(
      (await admin.call({ method: 'GET', url: `/api/corporations/${created.IcdCorporationID}` })).statusCode,
    ).toBe(404);
  });
});

describe('logo', () => {
  const url = () => `/api/corporations/${corp.northwind}/logo`;
  it('none yet: 404', async () => {
    expect((await owner.call({ method: 'GET', url: url() })).statusCode).toBe(404);
  });

  it('owner uploads a png; GET answers the bytes with the image type; manager reads it', async () => {
    const put = await owner.call({
      method: 'PUT',
      url: `${url()}?fileName=${encodeURIComponent('C:\\logos\\north.png')}`,
      headers: { 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().HasLogo).toBe(true);
    const get = await manager.call({ method: 'GET', url: url() });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('image/png');
    expect(get.rawPayload.equals(PNG)).toBe(true);
    const [row] = await t.db
      .select()
      .from(corporations)
      .where(eq(corporations.IcdCorporationID, corp.northwind));
    expect(row.LogoFileName).toBe('north.png');
  });

  it('refuses a type that does not match its bytes, a non-image, an empty or too large file (400 on logo)', async () => {
    const lie = await owner.call({
      method: 'PUT',
      url: url(),
      headers: { 'content-type': 'image/png' },
      payload: GIF,
    });
    expect(lie.statusCode).toBe(400);
    expect(lie.json().Errors).toEqual({ logo: ['Use a gif, jpeg or png image'] });
    const svg = await owner.call({
      method: 'PUT',
      url: url(),
      headers: { 'content-type': 'image/svg+xml' },
      payload: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    expect(svg.statusCode).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const large = await owner.call({
      method: 'PUT',
      url: url(),
      headers: { 'content-type': 'image/png' },
      payload: big,
    });
    expect(large.statusCode).toBe(400);
    expect(large.json().Errors).toEqual({ logo: ['At most 1 MB'] });
    const empty = await owner.call({
      method: 'PUT',
      url: url(),
      headers: { 'content-type': 'image/png' },
      payload: Buffer.alloc(0),
    });
    expect(empty.statusCode).toBe(400);
    // The stored logo is still the png.
    expect((await owner.call({ method: 'GET', url: url() })).rawPayload.equals(PNG)).toBe(true);
    // A gif declared as a gif is fine.
    const gif = await owner.call({
      method: 'PUT',
      url: url(),
      headers: { 'content-type': 'image/gif' },
      payload: GIF,
    });
    expect(gif.statusCode).toBe(200);
  });

  it('manager (read only) and out-of-scope owners cannot upload; remove is 204', async () => {
    expect(
      (
        await manager.call({
          method: 'PUT',
          url: url(),
          headers: { 'content-type': 'image/png' },
          payload: PNG,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await owner.call({
          method: 'PUT',
          url: `/api/corporations/${corp.summit}/logo`,
          headers: { 'content-type': 'image/png' },
          payload: PNG,
        })
      ).statusCode,
    ).toBe(404);
    expect((await owner.call({ method: 'DELETE', url: url() })).statusCode).toBe(204);
    expect((await owner.call({ method: 'GET', url: url() })).statusCode).toBe(404);
  });
});

describe('tax information and deductions', () => {
  it('owner reads and saves her corporation’s (Version; 409 when stale); manager 403, other corporation 404', async () => {
    const get = await owner.call({
      method: 'GET',
      url: `/api/corporations/geticdcorporationtaxinfo/${corp.northwind}`,
    });
    expect(get.statusCode).toBe(200);
    const info = get.json();
    expect(info).toMatchObject({ FederalTaxNumber: '123456789RT0001', Version: 1 });
    expect(info.Deductions).toHaveLength(2);
    const body = {
      FederalTaxNumber: '987654321 rt0001',
      StateTaxNumber: 'ON-EHT-1',
      WorkersCompNumber: null,
      Deductions: [
        { Name: 'Group benefits', DeductionTypeID: 1, Rate: 2 },
        { Name: 'Uniform', DeductionTypeID: 2, Amount: 15.5, IsActive: false },
      ],
      Version: 1,
    };
    const saved = await owner.call({
      method: 'POST',
      url: `/api/corporation/${corp.northwind}/saveDeduct`,
      payload: body,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      FederalTaxNumber: '987654321RT0001',
      Version: 2,
      Deductions: [
        { Name: 'Group benefits', DeductionTypeID: 1, Rate: 2, Amount: null, IsActive: true },
        { Name: 'Uniform', DeductionTypeID: 2, Rate: null, Amount: 15.5, IsActive: false },
      ],
    });
    const stale = await owner.call({
      method: 'POST',
      url: `/api/corporation/${corp.northwind}/saveDeduct`,
      payload: body,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current.Version).toBe(2);
    expect(
      (
        await manager.call({
          method: 'GET',
          url: `/api/corporations/geticdcorporationtaxinfo/${corp.northwind}`,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await owner.call({ method: 'GET', url: `/api/corporations/geticdcorporationtaxinfo/${corp.summit}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await owner.call({
          method: 'POST',
          url: `/api/corporation/${corp.summit}/saveDeduct`,
          payload: { ...body, Version: 0 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      await t.db
        .select()
        .from(corporationTaxInfo)
        .where(eq(corporationTaxInfo.IcdCorporationID, corp.summit)),
    ).toEqual([]);
  });

  it('first save with Version 0; the federal number follows the country; deduction rules by field', async () => {
    const url = `/api/corporation/${corp.summit}/saveDeduct`;
    const ein = await payroll.call({
      method: 'POST',
      url,
      payload: { FederalTaxNumber: '123456789', Deductions: [], Version: 0 },
    });
    expect(ein.statusCode).toBe(400);
    expect(ein.json().Errors).toEqual({ FederalTaxNumber: ['An EIN: 12-3456789'] });
    const ded = await payroll.call({
      method: 'POST',
      url,
      payload: {
        Deductions: [
          { Name: 'Dues', DeductionTypeID: 1 },
          { Name: 'Fee', DeductionTypeID: 2, Amount: -1 },
        ],
        Version: 0,
      },
    });
    expect(ded.statusCode).toBe(400);
    expect(ded.json().Errors).toEqual({
      'Deductions.0.Rate': ['Required for a percent deduction'],
      'Deductions.1.Amount': ['Not below 0'],
    });
    const dupName = await payroll.call({
      method: 'POST',
      url,
      payload: {
        Deductions: [
          { Name: 'Dues', DeductionTypeID: 2, Amount: 1 },
          { Name: 'dues', DeductionTypeID: 2, Amount: 2 },
        ],
        Version: 0,
      },
    });
    expect(dupName.json().Errors).toEqual({ 'Deductions.1.Name': ['Another deduction has this name'] });
    const first = await payroll.call({
      method: 'POST',
      url,
      payload: { FederalTaxNumber: '12-3456789', Deductions: [], Version: 0 },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ FederalTaxNumber: '12-3456789', Version: 1 });
    const again = await payroll.call({
      method: 'POST',
      url,
      payload: { FederalTaxNumber: '12-3456789', Deductions: [], Version: 0 },
    });
    expect(again.statusCode).toBe(409);
  });
});
