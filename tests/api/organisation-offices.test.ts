// Offices: every call of the area (list, read, create, update with Version, delete, CKE toggle,
// roster sync and Meridian jobs, Meridian office id movement, the office's divisions), the sort
// rule, scope refusals (owner: her corporation; manager: his office) and bad input.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  employees,
  icdOffices,
  officeDivisions,
  organisationJobs,
  roleAssignments,
  rolePermissions,
  roles,
  workOrders,
} from '../../server/db/tables';
import { hashPassword } from '../../server/modules/auth/passwords';
import { GrantType, RoleScope } from '../../src/contract/common';
import type { Office } from '../../src/contract/organisation';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from './helpers';

let t: TestApp;
let admin: Session;
let payroll: Session;
let owner: Session;
let manager: Session;
let rep: Session;
const office: Record<string, number> = {};
let corp: Record<string, number> = {};

const body = (over: Record<string, unknown> = {}) => ({
  IcdCorporationID: corp.northwind,
  OfficeName: 'Ottawa Market',
  City: 'Ottawa',
  StateProvince: 'ON',
  PostalCode: 'K1N 5T5',
  CountryID: 2,
  TimeZone: 'America/Toronto',
  StreetLine1: '55 ByWard Market Sq',
  DivisionIDs: [29],
  ...over,
});

async function officeCount() {
  return (await t.db.select().from(icdOffices)).length;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const o of await t.db.select().from(icdOffices)) {
    office[o.OfficeName.split(' ')[0].toLowerCase()] = o.IcdOfficeID;
  }
  const rows = await t.db.select().from(icdOffices);
  corp = {
    northwind: rows.find((o) => o.OfficeName === 'Toronto Central')!.IcdCorporationID,
    summit: rows.find((o) => o.OfficeName === 'Chicago Loop')!.IcdCorporationID,
    maple: rows.find((o) => o.OfficeName === 'Calgary South')!.IcdCorporationID,
  };
  [admin, payroll, owner, manager, rep] = await Promise.all(
    ['admin', 'payroll', 'owner', 'manager', 'rep'].map((u) => t.signIn(u)),
  );
});
afterAll(() => t.close());

describe('GET icd-offices', () => {
  it('admin sees every office sorted by owner, corporation, office name (case-insensitive)', async () => {
    const res = await admin.call({ method: 'GET', url: '/api/icd-offices' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Office[];
    expect(list.map((o) => o.OfficeName)).toEqual([
      'Toronto Central', // Dana Whitfield, Northwind
      'Vancouver Harbour',
      'Chicago Loop', // Marcus Reyes, Summit
      'Los Angeles Westside',
      'Calgary South', // Priya Nair, Maple
    ]);
    const toronto = list[0];
    expect(toronto).toMatchObject({
      OwnerName: 'Dana Whitfield',
      IcdCorporationName: 'Northwind Field Marketing Inc.',
      TimeZone: 'America/Toronto',
      StateName: 'Ontario',
      CountryName: 'Canada',
      MeridianOfficeID: 'TOR-01',
      Access: { CanUpdate: true },
    });
    expect(toronto.DivisionIDs).toEqual([29, 35]);
  });

  it('owner sees her corporation’s offices, manager his office, rep nothing (403)', async () => {
    const own = (await owner.call({ method: 'GET', url: '/api/icd-offices' })).json() as Office[];
    expect(own.map((o) => o.OfficeName)).toEqual(['Toronto Central', 'Vancouver Harbour']);
    expect(own.every((o) => o.Access.CanUpdate)).toBe(true);
    const his = (await manager.call({ method: 'GET', url: '/api/icd-offices' })).json() as Office[];
    expect(his.map((o) => o.OfficeName)).toEqual(['Toronto Central']);
    expect(his[0].Access.CanUpdate).toBe(false);
    expect((await rep.call({ method: 'GET', url: '/api/icd-offices' })).statusCode).toBe(403);
  });

  it('filters by corporation, division and search', async () => {
    const byCorp = (
      await admin.call({ method: 'GET', url: `/api/icd-offices?icdCorporationID=${corp.summit}` })
    ).json();
    expect(byCorp.map((o: Office) => o.OfficeName)).toEqual(['Chicago Loop', 'Los Angeles Westside']);
    const byDiv = (await admin.call({ method: 'GET', url: '/api/icd-offices?divisionID=31' })).json();
    expect(byDiv.map((o: Office) => o.OfficeName)).toEqual(['Vancouver Harbour', 'Chicago Loop']);
    const search = (await admin.call({ method: 'GET', url: '/api/icd-offices?search=calg' })).json();
    expect(search.map((o: Office) => o.OfficeName)).toEqual(['Calgary South']);
  });
});

describe('GET icd-offices/{id} and its divisions', () => {
  it('reads an office in scope; out of scope is 404', async () => {
    const res = await manager.call({ method: 'GET', url: `/api/icd-offices/${office.toronto}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().OfficeName).toBe('Toronto Central');
    expect(
      (await manager.call({ method: 'GET', url: `/api/icd-offices/${office.vancouver}` })).statusCode,
    ).toBe(404);
    expect((await owner.call({ method: 'GET', url: `/api/icd-offices/${office.chicago}` })).statusCode).toBe(
      404,
    );
    expect((await admin.call({ method: 'GET', url: '/api/icd-offices/999999' })).statusCode).toBe(404);
  });

  it('lists the office’s divisions', async () => {
    const res = await manager.call({ method: 'GET', url: `/api/icd-offices/${office.toronto}/divisions` });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((d: { Name: string }) => d.Name)).toEqual(['RoadShow', 'Rogers']);
    expect(
      (await manager.call({ method: 'GET', url: `/api/icd-offices/${office.calgary}/divisions` })).statusCode,
    ).toBe(404);
  });
});

describe('create, update, delete', () => {
  let created: Office;

  it('owner creates an office in her corporation, with its time zone and divisions', async () => {
    const res = await owner.call({ method: 'POST', url: '/api/icd-offices', payload: body() });
    expect(res.statusCode).toBe(201);
    created = res.json();
    expect(created).toMatchObject({
      OfficeName: 'Ottawa Market',
      TimeZone: 'America/Toronto',
      StateProvince: 'ON',
      PostalCode: 'K1N 5T5',
      DivisionIDs: [29],
      Version: 1,
    });
  });

  it('owner may not create an office in another corporation (403, nothing stored)', async () => {
    const before = await officeCount();
    const res = await owner.call({
      method: 'POST',
      url: '/api/icd-offices',
      payload: body({
        IcdCorporationID: corp.summit,
        CountryID: 1,
        StateProvince: 'IL',
        PostalCode: '60601',
        TimeZone: 'America/Chicago',
      }),
    });
    expect(res.statusCode).toBe(403);
    expect(await officeCount()).toBe(before);
  });

  it('manager (read only) and rep are refused', async () => {
    expect(
      (await manager.call({ method: 'POST', url: '/api/icd-offices', payload: body() })).statusCode,
    ).toBe(403);
    expect(
      (
        await manager.call({
          method: 'PUT',
          url: `/api/icd-offices/${office.toronto}`,
          payload: { ...body(), Version: 1 },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await rep.call({ method: 'DELETE', url: `/api/icd-offices/${created.IcdOfficeID}` })).statusCode,
    ).toBe(403);
  });

  it('bad input is 400 with errors by field', async () => {
    const res = await admin.call({
      method: 'POST',
      url: '/api/icd-offices',
      payload: body({ OfficeName: '', TimeZone: 'Mars/Olympus', CountryID: 3 }),
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().Errors as Record<string, string[]>;
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['OfficeName', 'TimeZone', 'CountryID']));
    expect(errors.TimeZone).toEqual(['Choose a time zone']);
    const state = await admin.call({
      method: 'POST',
      url: '/api/icd-offices',
      payload: body({ StateProvince: 'IL' }),
    });
    expect(state.statusCode).toBe(400);
    expect(state.json().Errors).toEqual({ StateProvince: ['Not a Canadian province or territory'] });
    const postal = await admin.call({
      method: 'POST',
      url: '/api/icd-offices',
      payload: body({ PostalCode: '12345' }),
    });
    expect(postal.json().Errors).toEqual({ PostalCode: ['A postal code like M5H 3T4'] });
    const div = await admin.call({
      method: 'POST',
      url: '/api/icd-offices',
      payload: body({ DivisionIDs: [4242] }),
    });
    expect(div.json().Errors).toEqual({ DivisionIDs: ['Unknown division'] });
    const meridian = await admin.call({
      method: 'POST',
      url: '/api/icd-offices',
      payload: body({ MeridianOfficeID: 'TOR-01' }),
    });
    expect(meridian.statusCode).toBe(400);
    expect(meridian.json().Errors.MeridianOfficeID[0]).toMatch(/Toronto Central/);
  });

  it('update with the current Version saves (time zone, divisions); a stale one is 409 with Current', async () => {
    const res = await owner.call({
      method: 'PUT',
      url: `/api/icd-offices/${created.IcdOfficeID}`,
      payload: body({
        OfficeName: 'Ottawa ByWard',
        TimeZone: 'America/Toronto',
        DivisionIDs: [29, 35],
        Version: 1,
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ OfficeName: 'Ottawa ByWard', DivisionIDs: [29, 35], Version: 2 });
    const stale = await admin.call({
      method: 'PUT',
      url: `/api/icd-offices/${created.IcdOfficeID}`,
      payload: body({ OfficeName: 'Lost write', Version: 1 }),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ OfficeName: 'Ottawa ByWard', Version: 2 });
    const [row] = await t.db.select().from(icdOffices).where(eq(icdOffices.IcdOfficeID, created.IcdOfficeID));
    expect(row.OfficeName).toBe('Ottawa ByWard');
  });

  it('owner cannot update an office outside her corporation (404, unchanged)', async () => {
    const res = await owner.call({
      method: 'PUT',
      url: `/api/icd-offices/${office.chicago}`,
      payload: body({ IcdCorporationID: corp.summit, Version: 1 }),
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(icdOffices).where(eq(icdOffices.IcdOfficeID, office.chicago));
    expect(row.OfficeName).toBe('Chicago Loop');
  });

  it('an office with employment records is not deleted (409); stale version 409; an empty one is', async () => {
    const busy = await admin.call({ method: 'DELETE', url: `/api/icd-offices/${office.toronto}` });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().Message).toMatch(/employment record/);
    const stale = await owner.call({
      method: 'DELETE',
      url: `/api/icd-offices/${created.IcdOfficeID}?version=1`,
    });
    expect(stale.statusCode).toBe(409);
    const out = await owner.call({
      method: 'DELETE',
      url: `/api/icd-offices/${created.IcdOfficeID}?version=2`,
    });
    expect(out.statusCode).toBe(204);
    expect(
      await t.db.select().from(officeDivisions).where(eq(officeDivisions.IcdOfficeID, created.IcdOfficeID)),
    ).toEqual([]);
    expect(
      (await admin.call({ method: 'GET', url: `/api/icd-offices/${created.IcdOfficeID}` })).statusCode,
    ).toBe(404);
  });

  it('an office other records still name (a sale) is not deleted: 409 saying why, the office kept', async () => {
    const res = await admin.call({
      method: 'POST',
      url: '/api/icd-offices',
      payload: body({ OfficeName: 'Kanata Kiosk' }),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<Office>().IcdOfficeID;
    const [sale] = await t.db.select().from(workOrders).limit(1);
    const { WorkOrderID: _, ...copy } = sale;
    const [added] = await t.db
      .insert(workOrders)
      .values({ ...copy, IcdOfficeID: id, ClientRequestKey: null, OrderNumber: 'KANATA-1' })
      .returning();
    const refused = await admin.call({ method: 'DELETE', url: `/api/icd-offices/${id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Message).toBe(
      'The office still has records (time, schedules or leads); it cannot be deleted.',
    );
    expect((await admin.call({ method: 'GET', url: `/api/icd-offices/${id}` })).statusCode).toBe(200);
    // Once nothing names it, it goes.
    await t.db.delete(workOrders).where(eq(workOrders.WorkOrderID, added.WorkOrderID));
    expect((await admin.call({ method: 'DELETE', url: `/api/icd-offices/${id}` })).statusCode).toBe(204);
  });
});

describe('CKE toggle', () => {
  it('reads false, sets true (admin only), answers false for a bad body instead of failing', async () => {
    expect((await manager.call({ method: 'GET', url: '/api/icd-offices/getCKEToggleInfo' })).json()).toEqual({
      IsEnabled: false,
    });
    const set = await payroll.call({
      method: 'POST',
      url: '/api/icd-offices/setCKEToggleInfo',
      payload: { IsEnabled: true },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toBe(true);
    expect((await admin.call({ method: 'GET', url: '/api/icd-offices/getCKEToggleInfo' })).json()).toEqual({
      IsEnabled: true,
    });
    const bad = await admin.call({
      method: 'POST',
      url: '/api/icd-offices/setCKEToggleInfo',
      payload: { IsEnabled: 'yes' },
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toBe(false);
    expect((await admin.call({ method: 'GET', url: '/api/icd-offices/getCKEToggleInfo' })).json()).toEqual({
      IsEnabled: true,
    });
    expect(
      (
        await owner.call({
          method: 'POST',
          url: '/api/icd-offices/setCKEToggleInfo',
          payload: { IsEnabled: false },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('jobs and the Meridian office id', () => {
  it('roster sync job: a queued job record for an office in scope', async () => {
    const res = await owner.call({
      method: 'POST',
      url: `/api/icd-offices/${office.vancouver}/roster-sync-job`,
      payload: { lastDate: '2026-01-05' },
    });
    expect(res.statusCode).toBe(201);
    const job = res.json();
    expect(job).toMatchObject({ JobStatus: 1 });
    expect(job.Messages[0]).toMatch(/Vancouver Harbour since 2026-01-05/);
    const [row] = await t.db.select().from(organisationJobs).where(eq(organisationJobs.Id, job.Id));
    expect(row).toMatchObject({
      Kind: 'roster-sync',
      IcdOfficeID: office.vancouver,
      Parameters: { lastDate: '2026-01-05' },
    });
    expect(
      (
        await owner.call({
          method: 'POST',
          url: `/api/icd-offices/${office.chicago}/roster-sync-job`,
          payload: { lastDate: '2026-01-05' },
        })
      ).statusCode,
    ).toBe(404);
    const bad = await owner.call({
      method: 'POST',
      url: `/api/icd-offices/${office.vancouver}/roster-sync-job`,
      payload: { lastDate: '2026-02-30' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors.lastDate).toBeDefined();
  });

  it('create-meridian-job: teleMapperEntryID sent null, meridianOfficeID names the office', async () => {
    const res = await payroll.call({
      method: 'POST',
      url: '/api/payrolls/create-meridian-job?teleMapperEntryID=null&meridianOfficeID=CHI-01',
    });
    expect(res.statusCode).toBe(201);
    const job = res.json();
    expect(job).toEqual({
      Id: expect.any(Number),
      JobStatus: 1,
      Messages: ['Meridian job for Chicago Loop (CHI-01) queued.'],
    });
    const [row] = await t.db.select().from(organisationJobs).where(eq(organisationJobs.Id, job.Id));
    expect(row).toMatchObject({
      Kind: 'meridian',
      IcdOfficeID: office.chicago,
      Parameters: { teleMapperEntryID: null, meridianOfficeID: 'CHI-01' },
    });
    const unknown = await admin.call({
      method: 'POST',
      url: '/api/payrolls/create-meridian-job?meridianOfficeID=NOPE',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Errors).toEqual({ meridianOfficeID: ['No office has this Meridian office id'] });
    expect((await admin.call({ method: 'POST', url: '/api/payrolls/create-meridian-job' })).statusCode).toBe(
      400,
    );
    expect(
      (await owner.call({ method: 'POST', url: '/api/payrolls/create-meridian-job?meridianOfficeID=TOR-01' }))
        .statusCode,
    ).toBe(403);
  });

  it('moves a Meridian office id from one office to another', async () => {
    const res = await owner.call({
      method: 'POST',
      url: `/api/icd-offices/${office.vancouver}/meridian-office-id/movement`,
      payload: { MeridianOfficeID: 'TOR-01' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Office: { IcdOfficeID: office.vancouver, MeridianOfficeID: 'TOR-01' },
      FromIcdOfficeID: office.toronto,
    });
    const [tor] = await t.db.select().from(icdOffices).where(eq(icdOffices.IcdOfficeID, office.toronto));
    expect(tor.MeridianOfficeID).toBeNull();
    // Taking Chicago's id is refused to the owner: Chicago is not hers (nothing changes).
    const theft = await owner.call({
      method: 'POST',
      url: `/api/icd-offices/${office.vancouver}/meridian-office-id/movement`,
      payload: { MeridianOfficeID: 'CHI-01' },
    });
    expect(theft.statusCode).toBe(403);
    const [chi] = await t.db.select().from(icdOffices).where(eq(icdOffices.IcdOfficeID, office.chicago));
    expect(chi.MeridianOfficeID).toBe('CHI-01');
    expect(
      (
        await manager.call({
          method: 'POST',
          url: `/api/icd-offices/${office.toronto}/meridian-office-id/movement`,
          payload: { MeridianOfficeID: 'X' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('read everywhere, manage one corporation', () => {
  it('an owner of Maple who also audits reads Toronto but may not change it (403, unchanged)', async () => {
    const [role] = await t.db
      .insert(roles)
      .values({
        Name: 'Maple owner',
        ScopeID: RoleScope.Organizational,
        GrantTypeID: GrantType.GrantRole,
        IcdCorporationID: corp.maple,
      })
      .returning();
    await t.db
      .insert(rolePermissions)
      .values([{ RoleID: role.RoleID, PermissionKey: 'organisation:manage' }]);
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
    const list = (await maple.call({ method: 'GET', url: '/api/icd-offices' })).json() as Office[];
    expect(list.map((o) => [o.OfficeName, o.Access.CanUpdate])).toEqual([
      ['Toronto Central', false],
      ['Vancouver Harbour', false],
      ['Chicago Loop', false],
      ['Los Angeles Westside', false],
      ['Calgary South', true],
    ]);
    const [before] = await t.db.select().from(icdOffices).where(eq(icdOffices.IcdOfficeID, office.toronto));
    const put = await maple.call({
      method: 'PUT',
      url: `/api/icd-offices/${office.toronto}`,
      payload: body({
        OfficeName: 'Taken over',
        IcdCorporationID: corp.maple,
        StateProvince: 'ON',
        Version: before.Version,
      }),
    });
    expect(put.statusCode).toBe(403);
    expect(
      (await maple.call({ method: 'DELETE', url: `/api/icd-offices/${office.toronto}` })).statusCode,
    ).toBe(403);
    expect(
      (
        await maple.call({
          method: 'POST',
          url: `/api/icd-offices/${office.toronto}/roster-sync-job`,
          payload: { lastDate: '2026-01-05' },
        })
      ).statusCode,
    ).toBe(403);
    const [after] = await t.db.select().from(icdOffices).where(eq(icdOffices.IcdOfficeID, office.toronto));
    expect(after).toEqual(before);
    // Calgary is hers.
    const [cgy] = await t.db.select().from(icdOffices).where(eq(icdOffices.IcdOfficeID, office.calgary));
    const own = await maple.call({
      method: 'PUT',
      url: `/api/icd-offices/${office.calgary}`,
      payload: body({
        IcdCorporationID: corp.maple,
        OfficeName: 'Calgary South',
        City: 'Calgary',
        StateProvince: 'AB',
        PostalCode: 'T2H 2B8',
        TimeZone: 'America/Edmonton',
        DivisionIDs: [35],
        Version: cgy.Version,
      }),
    });
    expect(own.statusCode).toBe(200);
  });
});
