// People directories (auditors, hubs, national and regional consultants, promoting owners) and the
// auditors of a corporation: every call, the field rules, 409 on a stale Version, delete refused while
// referenced, the owner's corporation scope and the permission refusals.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditors,
  corporations,
  hubs,
  nationalConsultants,
  promotingOwners,
  regionalConsultants,
  rolePermissions,
  roles,
  stateProvinces,
} from '../../server/db/tables';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let admin: Session;
let payroll: Session;
let owner: Session;
let manager: Session;
let rep: Session;
let staff: Session;
const corp: Record<'northwind' | 'maple' | 'summit', number> = { northwind: 0, maple: 0, summit: 0 };
const state: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const c of await t.db.select().from(corporations)) {
    if (c.ClientName.startsWith('Northwind')) corp.northwind = c.IcdCorporationID;
    if (c.ClientName.startsWith('Maple')) corp.maple = c.IcdCorporationID;
    if (c.ClientName.startsWith('Summit')) corp.summit = c.IcdCorporationID;
  }
  for (const s of await t.db.select().from(stateProvinces))
    state[`${s.CountryID}:${s.Code}`] = s.StateProvinceID;
  [admin, payroll, owner, manager, rep, staff] = await Promise.all(
    ['admin', 'payroll', 'owner', 'manager', 'rep', 'staff'].map((u) => t.signIn(u)),
  );
});
afterAll(() => t.close());

const names = (rows: { FirstName?: string; LastName?: string; Name?: string }[]) =>
  rows.map((r) => r.Name ?? `${r.FirstName} ${r.LastName}`);

async function idOf(kind: string, name: string): Promise<number> {
  const res = await admin.call({ method: 'GET', url: `/api/${kind}` });
  const row = res
    .json<{ Id: number; FirstName?: string; LastName?: string; Name?: string }[]>()
    .find((r) => (r.Name ?? `${r.FirstName} ${r.LastName}`) === name);
  if (!row) throw new Error(`${name} not in ${kind}`);
  return row.Id;
}

async function storedCounts() {
  const [[a], [h], [nc], [rc], [po]] = await Promise.all([
    t.db.select({ n: count() }).from(auditors),
    t.db.select({ n: count() }).from(hubs),
    t.db.select({ n: count() }).from(nationalConsultants),
    t.db.select({ n: count() }).from(regionalConsultants),
    t.db.select({ n: count() }).from(promotingOwners),
  ]);
  return [a.n, h.n, nc.n, rc.n, po.n];
}

describe('lists and records', () => {
  it('lists each kind sorted by name, with its links', async () => {
    const aud = await payroll.call({ method: 'GET', url: '/api/auditors' });
    expect(aud.statusCode).toBe(200);
    expect(names(aud.json())).toEqual(['Morgan Blake', 'Victor Lemaire', 'Harriet Osei']);
    expect(aud.json()[0].Corporations.map((c: { ClientName: string }) => c.ClientName)).toEqual([
      'Maple Direct Sales Ltd.',
      'Northwind Field Marketing Inc.',
    ]);
    expect(aud.json()[0].IsNew).toBe(false);

    const hubList = await payroll.call({ method: 'GET', url: '/api/hubs' });
    expect(names(hubList.json())).toEqual(['Midwest Hub', 'Prairies Hub', 'Toronto Hub']);
    expect(hubList.json()[2]).toMatchObject({
      StateName: 'Ontario',
      RegionalConsultantName: 'Liam Brooks',
      Corporations: [{ IcdCorporationID: corp.northwind }],
    });

    const nc = await payroll.call({ method: 'GET', url: '/api/national-consultants' });
    expect(names(nc.json())).toEqual(['Ava Thompson', 'Ethan Walker']);
    expect(nc.json()[0]).toMatchObject({ CountryID: 2, RegionalConsultantCount: 2 });

    const rc = await payroll.call({ method: 'GET', url: '/api/regional-consultants' });
    expect(names(rc.json())).toEqual(['Liam Brooks', 'Noah Kim', 'Chloe Martin']);
    expect(rc.json()[0]).toMatchObject({ NationalConsultantName: 'Ava Thompson', HubCount: 1 });
    expect(rc.json()[0].StateProvinces.map((s: { Code: string }) => s.Code)).toEqual(['ON', 'QC']);

    const po = await payroll.call({ method: 'GET', url: '/api/promoting-owners' });
    expect(names(po.json())).toEqual(['Gordon Pike', 'Dana Whitfield']);
  });

  it('searches name, e-mail and phone case-insensitively', async () => {
    const byName = await admin.call({ method: 'GET', url: '/api/auditors?search=oSEi' });
    expect(names(byName.json())).toEqual(['Harriet Osei']);
    const byFull = await admin.call({ method: 'GET', url: '/api/regional-consultants?search=noah%20kim' });
    expect(names(byFull.json())).toEqual(['Noah Kim']);
    const byPhone = await admin.call({ method: 'GET', url: '/api/hubs?search=555%200128' });
    expect(names(byPhone.json())).toEqual(['Midwest Hub']);
    const wildcard = await admin.call({ method: 'GET', url: '/api/hubs?search=%25' });
    expect(wildcard.json()).toEqual([]);
  });

  it('reads one record; an unknown id is 404', async () => {
    const id = await idOf('hubs', 'Prairies Hub');
    const res = await admin.call({ method: 'GET', url: `/api/hubs/${id}` });
    expect(res.json()).toMatchObject({ Id: id, Name: 'Prairies Hub', City: 'Calgary' });
    for (const kind of [
      'auditors',
      'hubs',
      'national-consultants',
      'promoting-owners',
      'regional-consultants',
    ]) {
      const missing = await admin.call({ method: 'GET', url: `/api/${kind}/999999` });
      expect(missing.statusCode, kind).toBe(404);
      expect(missing.json().Message).toMatch(/was not found\.$/);
    }
  });

  it('answers the auditors of a corporation', async () => {
    const res = await admin.call({ method: 'GET', url: `/api/corporations/${corp.summit}/auditors` });
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['Harriet Osei']);
    const none = await admin.call({ method: 'GET', url: '/api/corporations/999999/auditors' });
    expect(none.statusCode).toBe(404);
  });
});

describe('scope and permissions', () => {
  it('an owner reads only what is linked to their corporation', async () => {
    const aud = (await owner.call({ method: 'GET', url: '/api/auditors' })).json();
    expect(names(aud)).toEqual(['Morgan Blake']);
    expect(aud[0].Corporations).toEqual([
      { IcdCorporationID: corp.northwind, ClientName: 'Northwind Field Marketing Inc.' },
    ]);
    expect(names((await owner.call({ method: 'GET', url: '/api/hubs' })).json())).toEqual(['Toronto Hub']);
    expect(names((await owner.call({ method: 'GET', url: '/api/promoting-owners' })).json())).toEqual([
      'Gordon Pike',
    ]);
    expect(names((await owner.call({ method: 'GET', url: '/api/regional-consultants' })).json())).toEqual([
      'Liam Brooks',
    ]);
    expect(names((await owner.call({ method: 'GET', url: '/api/national-consultants' })).json())).toEqual([
      'Ava Thompson',
    ]);
    const other = await owner.call({ method: 'GET', url: `/api/hubs/${await idOf('hubs', 'Midwest Hub')}` });
    expect(other.statusCode).toBe(404);
    const theirs = await owner.call({ method: 'GET', url: `/api/corporations/${corp.northwind}/auditors` });
    expect(names(theirs.json())).toEqual(['Morgan Blake']);
    const notTheirs = await owner.call({ method: 'GET', url: `/api/corporations/${corp.summit}/auditors` });
    expect(notTheirs.statusCode).toBe(404);
  });

  it('refuses readers without people:read and writers without people:manage', async () => {
    for (const s of [rep, staff, manager]) {
      expect((await s.call({ method: 'GET', url: '/api/auditors' })).statusCode).toBe(403);
      expect(
        (await s.call({ method: 'GET', url: `/api/corporations/${corp.northwind}/auditors` })).statusCode,
      ).toBe(403);
    }
    const before = await storedCounts();
    const body = { FirstName: 'Ola', LastName: 'Nord' };
    for (const s of [owner, rep, staff]) {
      expect((await s.call({ method: 'POST', url: '/api/auditors', payload: body })).statusCode).toBe(403);
      const id = await idOf('auditors', 'Victor Lemaire');
      expect((await s.call({ method: 'DELETE', url: `/api/auditors/${id}` })).statusCode).toBe(403);
    }
    expect(await storedCounts()).toEqual(before);
  });
});

describe('create, edit, delete', () => {
  it('auditors: create, edit with Version, 409 when stale, delete', async () => {
    const created = await payroll.call({
      method: 'POST',
      url: '/api/auditors',
      payload: {
        FirstName: ' Ines ',
        LastName: 'Duarte',
        EmailAddress: 'Ines.Duarte@Example.com',
        PhoneNumber: '+1 (416) 555-0100',
        IcdCorporationIDs: [corp.maple, corp.maple],
        IsNew: true,
      },
    });
    expect(created.statusCode).toBe(201);
    const a = created.json();
    expect(a).toMatchObject({
      FirstName: 'Ines',
      EmailAddress: 'ines.duarte@example.com',
      Version: 1,
      IsNew: false,
      Corporations: [{ IcdCorporationID: corp.maple }],
    });
    const edited = await payroll.call({
      method: 'PUT',
      url: `/api/auditors/${a.Id}`,
      payload: { FirstName: 'Inês', LastName: 'Duarte', IcdCorporationIDs: [corp.summit], Version: 1 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ FirstName: 'Inês', EmailAddress: null, Version: 2 });
    expect(edited.json().Corporations).toEqual([
      { IcdCorporationID: corp.summit, ClientName: 'Summit Retail Promotions LLC' },
    ]);
    const stale = await admin.call({
      method: 'PUT',
      url: `/api/auditors/${a.Id}`,
      payload: { FirstName: 'Old', LastName: 'Copy', Version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ FirstName: 'Inês', Version: 2 });
    const summit = await admin.call({ method: 'GET', url: `/api/corporations/${corp.summit}/auditors` });
    expect(names(summit.json())).toContain('Inês Duarte');
    // Linked to Summit: the delete is refused; once unlinked it goes.
    const refused = await admin.call({ method: 'DELETE', url: `/api/auditors/${a.Id}` });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().Message).toBe(
      'Inês Duarte still audits Summit Retail Promotions LLC. Remove these corporations from the auditor before deleting it.',
    );
    await admin.call({
      method: 'PUT',
      url: `/api/auditors/${a.Id}`,
      payload: { FirstName: 'Inês', LastName: 'Duarte', IcdCorporationIDs: [], Version: 2 },
    });
    const staleDelete = await admin.call({ method: 'DELETE', url: `/api/auditors/${a.Id}?version=2` });
    expect(staleDelete.statusCode).toBe(409);
    const gone = await admin.call({ method: 'DELETE', url: `/api/auditors/${a.Id}?version=3` });
    expect(gone.statusCode).toBe(204);
    expect((await admin.call({ method: 'GET', url: `/api/auditors/${a.Id}` })).statusCode).toBe(404);
  });

  it('promoting owners: a corporation has one promoting owner', async () => {
    const taken = await payroll.call({
      method: 'POST',
      url: '/api/promoting-owners',
      payload: { FirstName: 'Lea', LastName: 'Stone', IcdCorporationIDs: [corp.summit] },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().Errors.IcdCorporationIDs).toEqual([
      'Summit Retail Promotions LLC already has a promoting owner: Gordon Pike.',
    ]);
    const created = await payroll.call({
      method: 'POST',
      url: '/api/promoting-owners',
      payload: { FirstName: 'Lea', LastName: 'Stone' },
    });
    expect(created.statusCode).toBe(201);
    const po = created.json();
    const put = await payroll.call({
      method: 'PUT',
      url: `/api/promoting-owners/${po.Id}`,
      payload: { FirstName: 'Lea', LastName: 'Stone-Ward', PhoneNumber: '905 555 0199', Version: po.Version },
    });
    expect(put.json()).toMatchObject({ LastName: 'Stone-Ward', PhoneNumber: '905 555 0199', Version: 2 });
    const stale = await payroll.call({
      method: 'PUT',
      url: `/api/promoting-owners/${po.Id}`,
      payload: { FirstName: 'Lea', LastName: 'Stone', Version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    const gordon = await idOf('promoting-owners', 'Gordon Pike');
    const refused = await payroll.call({ method: 'DELETE', url: `/api/promoting-owners/${gordon}` });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().Message).toMatch(/^Gordon Pike is the promoting owner of Northwind/);
    expect((await payroll.call({ method: 'DELETE', url: `/api/promoting-owners/${po.Id}` })).statusCode).toBe(
      204,
    );
  });

  it('hubs: unique name, one hub per corporation, known province and consultant', async () => {
    const dupe = await payroll.call({ method: 'POST', url: '/api/hubs', payload: { Name: 'toronto hub' } });
    expect(dupe.statusCode).toBe(422);
    expect(dupe.json().Errors.Name).toEqual(['There is already a hub named toronto hub.']);
    const taken = await payroll.call({
      method: 'POST',
      url: '/api/hubs',
      payload: { Name: 'East Hub', IcdCorporationIDs: [corp.northwind] },
    });
    expect(taken.json().Errors.IcdCorporationIDs).toEqual([
      'Northwind Field Marketing Inc. is already in the hub Toronto Hub.',
    ]);
    const unknown = await payroll.call({
      method: 'POST',
      url: '/api/hubs',
      payload: { Name: 'East Hub', StateProvinceID: 999999, RegionalConsultantID: 999999 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Errors.StateProvinceID).toEqual(['The province or state was not found.']);
    const created = await payroll.call({
      method: 'POST',
      url: '/api/hubs',
      payload: {
        Name: 'East Hub',
        City: 'Halifax',
        StateProvinceID: state['2:NS'],
        ContactName: 'Ruth Kane',
        RegionalConsultantID: await idOf('regional-consultants', 'Liam Brooks'),
      },
    });
    expect(created.statusCode).toBe(201);
    const hub = created.json();
    expect(hub).toMatchObject({
      StateName: 'Nova Scotia',
      RegionalConsultantName: 'Liam Brooks',
      Version: 1,
    });
    const edit = await payroll.call({
      method: 'PUT',
      url: `/api/hubs/${hub.Id}`,
      payload: { Name: 'Atlantic Hub', Version: 1 },
    });
    expect(edit.json()).toMatchObject({
      Name: 'Atlantic Hub',
      City: null,
      RegionalConsultantID: null,
      Version: 2,
    });
    expect(
      (await payroll.call({ method: 'PUT', url: `/api/hubs/${hub.Id}`, payload: { Name: 'X', Version: 1 } }))
        .statusCode,
    ).toBe(409);
    const toronto = await idOf('hubs', 'Toronto Hub');
    const refused = await payroll.call({ method: 'DELETE', url: `/api/hubs/${toronto}` });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().Message).toBe(
      'Toronto Hub still groups Northwind Field Marketing Inc.. Remove these corporations from the hub before deleting it.',
    );
    expect((await payroll.call({ method: 'DELETE', url: `/api/hubs/${hub.Id}` })).statusCode).toBe(204);
  });

  it('consultants: provinces in the national consultant’s country, delete refused while referenced', async () => {
    const ethan = await idOf('national-consultants', 'Ethan Walker');
    const outside = await payroll.call({
      method: 'POST',
      url: '/api/regional-consultants',
      payload: {
        FirstName: 'Zoe',
        LastName: 'Park',
        NationalConsultantID: ethan,
        StateProvinceIDs: [state['2:ON']],
      },
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().Errors.StateProvinceIDs).toEqual([
      "Ontario is not in the United States, the national consultant's country.",
    ]);
    const created = await payroll.call({
      method: 'POST',
      url: '/api/regional-consultants',
      payload: {
        FirstName: 'Zoe',
        LastName: 'Park',
        NationalConsultantID: ethan,
        StateProvinceIDs: [state['1:TX'], state['1:NY']],
      },
    });
    expect(created.statusCode).toBe(201);
    const zoe = created.json();
    expect(zoe.StateProvinces.map((s: { Code: string }) => s.Code)).toEqual(['NY', 'TX']);
    // Ethan cannot move to Canada while Zoe covers US states.
    const move = await payroll.call({
      method: 'PUT',
      url: `/api/national-consultants/${ethan}`,
      payload: { FirstName: 'Ethan', LastName: 'Walker', CountryID: 2, Version: 1 },
    });
    expect(move.statusCode).toBe(422);
    expect(move.json().Errors.CountryID[0]).toMatch(
      /^Noah Kim, Zoe Park cover provinces or states outside Canada/,
    );
    const refused = await payroll.call({ method: 'DELETE', url: `/api/national-consultants/${ethan}` });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().Message).toBe(
      'Ethan Walker is the national consultant of Noah Kim, Zoe Park. Give them another national consultant before deleting.',
    );
    const liam = await idOf('regional-consultants', 'Liam Brooks');
    const refusedRc = await payroll.call({ method: 'DELETE', url: `/api/regional-consultants/${liam}` });
    expect(refusedRc.statusCode).toBe(422);
    expect(refusedRc.json().Message).toMatch(/^Liam Brooks is the regional consultant of Toronto Hub\./);
    const edit = await payroll.call({
      method: 'PUT',
      url: `/api/regional-consultants/${zoe.Id}`,
      payload: { FirstName: 'Zoe', LastName: 'Park', NationalConsultantID: null, Version: 1 },
    });
    expect(edit.json()).toMatchObject({
      NationalConsultantID: null,
      NationalConsultantName: null,
      Version: 2,
    });
    expect(
      (
        await payroll.call({
          method: 'PUT',
          url: `/api/regional-consultants/${zoe.Id}`,
          payload: { FirstName: 'Z', LastName: 'P', Version: 1 },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await payroll.call({ method: 'DELETE', url: `/api/regional-consultants/${zoe.Id}` })).statusCode,
    ).toBe(204);

    const nc = await payroll.call({
      method: 'POST',
      url: '/api/national-consultants',
      payload: { FirstName: 'Mia', LastName: 'Roy', CountryID: 2, EmailAddress: 'mia.roy@example.com' },
    });
    expect(nc.statusCode).toBe(201);
    expect(nc.json()).toMatchObject({ CountryID: 2, RegionalConsultantCount: 0 });
    const ncEdit = await payroll.call({
      method: 'PUT',
      url: `/api/national-consultants/${nc.json().Id}`,
      payload: { FirstName: 'Mia', LastName: 'Roy', CountryID: 1, Version: 1 },
    });
    expect(ncEdit.json()).toMatchObject({ CountryID: 1, Version: 2 });
    const ncStale = await payroll.call({
      method: 'PUT',
      url: `/api/national-consultants/${nc.json().Id}`,
      payload: { FirstName: 'Mia', LastName: 'Roy', CountryID: 2, Version: 1 },
    });
    expect(ncStale.statusCode).toBe(409);
    expect(ncStale.json().Current.CountryID).toBe(1);
    expect(
      (await payroll.call({ method: 'DELETE', url: `/api/national-consultants/${nc.json().Id}` })).statusCode,
    ).toBe(204);
  });
});

describe('field messages', () => {
  it('names each bad field', async () => {
    const res = await payroll.call({
      method: 'POST',
      url: '/api/auditors',
      payload: {
        FirstName: '  ',
        EmailAddress: 'not-an-address',
        PhoneNumber: '12ab',
        IcdCorporationIDs: [0],
      },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().Errors;
    expect(errors.FirstName).toEqual(['Enter a first name']);
    expect(errors.LastName).toBeDefined();
    expect(errors.EmailAddress).toEqual(['Enter a valid e-mail address']);
    expect(errors.PhoneNumber).toEqual([
      'Enter a phone number (digits, spaces, + - . ( ); at least 7 digits)',
    ]);
    expect(errors['IcdCorporationIDs.0'] ?? errors.IcdCorporationIDs).toBeDefined();
    const country = await payroll.call({
      method: 'POST',
      url: '/api/national-consultants',
      payload: { FirstName: 'A', LastName: 'B', CountryID: 3 },
    });
    expect(country.json().Errors.CountryID).toEqual(['Choose Canada or the United States']);
    const longName = await payroll.call({
      method: 'POST',
      url: '/api/hubs',
      payload: { Name: 'x'.repeat(101) },
    });
    expect(longName.json().Errors.Name).toEqual(['100 characters at most']);
  });

  it('refuses an unknown corporation and a used e-mail address', async () => {
    const unknown = await payroll.call({
      method: 'POST',
      url: '/api/auditors',
      payload: { FirstName: 'A', LastName: 'B', IcdCorporationIDs: [999999] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Errors.IcdCorporationIDs).toEqual(['Corporation 999999 was not found.']);
    const used = await payroll.call({
      method: 'POST',
      url: '/api/auditors',
      payload: { FirstName: 'A', LastName: 'B', EmailAddress: 'HARRIET.OSEI@apex-demo.example' },
    });
    expect(used.statusCode).toBe(422);
    expect(used.json().Errors.EmailAddress).toEqual(['Another auditor uses harriet.osei@apex-demo.example.']);
  });
});

describe('a manage key limited to some offices', () => {
  it('cannot write records every office sees', async () => {
    const [ownerRole] = await t.db.select().from(roles).where(eq(roles.Name, 'Owner'));
    await t.db.insert(rolePermissions).values({ RoleID: ownerRole.RoleID, PermissionKey: 'people:manage' });
    const scopedOwner = await t.signIn('owner');
    const res = await scopedOwner.call({
      method: 'POST',
      url: '/api/auditors',
      payload: { FirstName: 'Ola', LastName: 'Nord' },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.db.select().from(auditors).where(eq(auditors.LastName, 'Nord'))).length).toBe(0);
  });
});
