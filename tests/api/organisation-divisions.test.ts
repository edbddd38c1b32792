// Divisions, v2 divisions, division profiles with their payroll policy history, and division
// rotations with the rotation adjustment (spec 001 §3): every call, the rules, scope refusals, 409 and
// bad input. The demo's rotations are bi-weekly windows on the demo's pay periods, built at a fixed
// clock here so nothing depends on the wall clock.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import {
  divisionProfiles,
  divisionRotations,
  divisions,
  employees,
  employmentRecordDivisions,
  employmentRecords,
  icdOffices,
  officeDivisions,
  payPeriods,
  payrollCommissionPieces,
  payrollEntries,
  timeEntries,
} from '../../server/db/tables';
import { seedDemo } from '../../server/seed/demo';
import type { RotationAdjustmentResult } from '../../src/contract/organisation';
import { createTestApp, DEMO_PASSWORD, freshServerDatabase, type Session, type TestApp } from './helpers';
import { adjustRotations, listRotations } from './rotation-helpers';

// A Wednesday noon in Toronto: "today" is 2026-03-11 there.
const NOW = new Date('2026-03-11T16:00:00Z');

let t: TestApp;
let server: Awaited<ReturnType<typeof freshServerDatabase>>;
let admin: Session;
let payroll: Session;
let owner: Session;
let manager: Session;
let rep: Session;
let rogersProfile: number;
let toronto: number;

beforeAll(async () => {
  // With TEST_DATABASE_URL, a fresh database on that PostgreSQL server.
  server = await freshServerDatabase();
  const database = await openDatabase(server ? { databaseUrl: server.url } : { inMemory: true });
  await seedDemo(database.db, { password: DEMO_PASSWORD, costLog2: 10, now: NOW });
  t = await createTestApp({ seedDemo: false }, { database });
  [admin, payroll, owner, manager, rep] = await Promise.all(
    ['admin', 'payroll', 'owner', 'manager', 'rep'].map((u) => t.signIn(u)),
  );
  const [p] = await t.db.select().from(divisionProfiles).where(eq(divisionProfiles.Name, 'Rogers'));
  rogersProfile = p.DivisionProfileID;
  const [o] = await t.db.select().from(icdOffices).where(eq(icdOffices.OfficeName, 'Toronto Central'));
  toronto = o.IcdOfficeID;
}, 120_000);
afterAll(async () => {
  await t.close();
  await server?.drop();
});

describe('divisions', () => {
  it('lists divisions by name with their office counts; manager sees his office’s only; rep 403', async () => {
    const all = (await admin.call({ method: 'GET', url: '/api/divisions' })).json();
    expect(all.map((d: { Name: string; OfficeCount: number }) => [d.Name, d.OfficeCount])).toEqual([
      ['Dtv', 2],
      ['RoadShow', 4],
      ['Rogers', 2],
    ]);
    const his = (await manager.call({ method: 'GET', url: '/api/divisions' })).json();
    expect(his.map((d: { DivisionID: number }) => d.DivisionID)).toEqual([29, 35]);
    const byOffice = (
      await admin.call({ method: 'GET', url: `/api/divisions?icdOfficeID=${toronto}` })
    ).json();
    expect(byOffice.map((d: { Name: string }) => d.Name)).toEqual(['RoadShow', 'Rogers']);
    expect((await rep.call({ method: 'GET', url: '/api/divisions' })).statusCode).toBe(403);
  });

  it('v2/divisions/{id}: profiles, offices in scope and modules; out of scope 404', async () => {
    const res = await owner.call({ method: 'GET', url: '/api/v2/divisions/29' });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.Profiles.map((p: { Name: string }) => p.Name)).toEqual(['RoadShow US', 'RoadShow Canada']);
    expect(d.Offices.map((o: { OfficeName: string }) => o.OfficeName)).toEqual([
      'Toronto Central',
      'Vancouver Harbour',
    ]);
    expect(d.ModuleIDs).toContain(8);
    expect((await manager.call({ method: 'GET', url: '/api/v2/divisions/31' })).statusCode).toBe(404);
    expect((await admin.call({ method: 'GET', url: '/api/v2/divisions/4242' })).statusCode).toBe(404);
  });

  it('create, update (Version, 409), delete (409 while used) — organisation:admin only', async () => {
    const refused = await owner.call({ method: 'POST', url: '/api/divisions', payload: { Name: 'Kiosks' } });
    expect(refused.statusCode).toBe(403);
    const created = await payroll.call({
      method: 'POST',
      url: '/api/divisions',
      payload: { Name: 'Kiosks', Description: 'Mall kiosks' },
    });
    expect(created.statusCode).toBe(201);
    const div = created.json();
    expect(div).toMatchObject({ DivisionID: 36, Name: 'Kiosks', IsActive: true, Version: 1, OfficeCount: 0 });
    const dup = await admin.call({ method: 'POST', url: '/api/divisions', payload: { Name: 'kiosks' } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().Errors).toEqual({ Name: ['Another division has this name'] });
    const taken = await admin.call({
      method: 'POST',
      url: '/api/divisions',
      payload: { DivisionID: 29, Name: 'Other' },
    });
    expect(taken.json().Errors).toEqual({ DivisionID: ['This division id is taken'] });
    const empty = await admin.call({ method: 'POST', url: '/api/divisions', payload: { Name: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Errors.Name).toEqual(['Required']);

    const upd = await admin.call({
      method: 'PUT',
      url: `/api/divisions/${div.DivisionID}`,
      payload: { Name: 'Kiosks & Carts', IsActive: false, Version: 1 },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ Name: 'Kiosks & Carts', IsActive: false, Version: 2 });
    const stale = await admin.call({
      method: 'PUT',
      url: `/api/divisions/${div.DivisionID}`,
      payload: { Name: 'Lost', IsActive: true, Version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ Name: 'Kiosks & Carts', Version: 2 });
    expect(
      (await owner.call({ method: 'PUT', url: '/api/divisions/29', payload: { Name: 'X', Version: 1 } }))
        .statusCode,
    ).toBe(403);

    const used = await admin.call({ method: 'DELETE', url: '/api/divisions/29' });
    expect(used.statusCode).toBe(409);
    expect(await t.db.select().from(divisions).where(eq(divisions.DivisionID, 29))).toHaveLength(1);
    expect(
      (await admin.call({ method: 'DELETE', url: `/api/divisions/${div.DivisionID}?version=1` })).statusCode,
    ).toBe(409);
    expect(
      (await admin.call({ method: 'DELETE', url: `/api/divisions/${div.DivisionID}?version=2` })).statusCode,
    ).toBe(204);
    expect((await admin.call({ method: 'DELETE', url: `/api/divisions/${div.DivisionID}` })).statusCode).toBe(
      404,
    );
  });
});

describe('division profiles and payroll policy history', () => {
  it('lists profiles with their history, filtered by division and country', async () => {
    const res = await manager.call({ method: 'GET', url: '/api/division-profiles?divisionID=35' });
    expect(res.statusCode).toBe(200);
    const [p] = res.json();
    expect(p).toMatchObject({ Name: 'Rogers', DivisionName: 'Rogers', CountryID: 2 });
    expect(p.PayrollPolicyHistory.map((h: { Name: string }) => h.Name)).toEqual([
      'Semi-monthly (legacy)',
      'Bi-weekly',
    ]);
    const us = (await admin.call({ method: 'GET', url: '/api/division-profiles?countryID=1' })).json();
    expect(us.map((x: { Name: string }) => x.Name)).toEqual(['Dtv', 'RoadShow US']);
  });

  it('saves the history in date order; overlaps and open-ended middles are 400 by field; stale 409', async () => {
    const url = `/api/division-profiles/${rogersProfile}/payroll-policy-history`;
    const history = [
      { Name: 'Bi-weekly', PayFrequencyID: 2, StartDate: '2025-01-06', EndDate: '2026-03-31' },
      { Name: 'Semi-monthly', PayFrequencyID: 3, StartDate: '2026-04-01', EndDate: null },
    ];
    const ok = await admin.call({
      method: 'PUT',
      url,
      payload: { PayrollPolicyHistory: [history[1], history[0]], Version: 1 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().PayrollPolicyHistory.map((h: { Name: string }) => h.Name)).toEqual([
      'Bi-weekly',
      'Semi-monthly',
    ]);
    expect(ok.json().Version).toBe(2);

    const overlap = await admin.call({
      method: 'PUT',
      url,
      payload: { PayrollPolicyHistory: [history[0], { ...history[1], StartDate: '2026-03-15' }], Version: 2 },
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().Errors).toEqual({
      'PayrollPolicyHistory.1.StartDate': ['Starts before the previous policy ends'],
    });
    const openMiddle = await admin.call({
      method: 'PUT',
      url,
      payload: { PayrollPolicyHistory: [{ ...history[0], EndDate: null }, history[1]], Version: 2 },
    });
    expect(openMiddle.json().Errors).toEqual({
      'PayrollPolicyHistory.0.EndDate': ['Only the latest policy may be open-ended'],
    });
    const badFreq = await admin.call({
      method: 'PUT',
      url,
      payload: { PayrollPolicyHistory: [{ ...history[0], PayFrequencyID: 9 }], Version: 2 },
    });
    expect(badFreq.statusCode).toBe(400);
    expect(Object.keys(badFreq.json().Errors)).toEqual(['PayrollPolicyHistory.0.PayFrequencyID']);

    const stale = await admin.call({ method: 'PUT', url, payload: { PayrollPolicyHistory: [], Version: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current.PayrollPolicyHistory).toHaveLength(2);
    expect(
      (await owner.call({ method: 'PUT', url, payload: { PayrollPolicyHistory: [], Version: 2 } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await admin.call({
          method: 'PUT',
          url: '/api/division-profiles/9999/payroll-policy-history',
          payload: { PayrollPolicyHistory: [], Version: 1 },
        })
      ).statusCode,
    ).toBe(404);
  });
});

/** (employee, office) pairs with a Rogers employment record at a Canadian office running Rogers. */
async function rogersPeople(activeOnly: boolean): Promise<string[]> {
  const rows = await t.db
    .select({
      e: employmentRecords.EmployeeID,
      o: employmentRecords.IcdOfficeID,
      s: employmentRecords.EmployeeStatusID,
    })
    .from(employmentRecords)
    .innerJoin(
      employmentRecordDivisions,
      eq(employmentRecordDivisions.EmploymentRecordID, employmentRecords.EmploymentRecordID),
    )
    .innerJoin(officeDivisions, eq(officeDivisions.IcdOfficeID, employmentRecords.IcdOfficeID))
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, employmentRecords.IcdOfficeID))
    .where(
      and(
        eq(employmentRecordDivisions.DivisionID, 35),
        eq(officeDivisions.DivisionID, 35),
        eq(icdOffices.CountryID, 2),
      ),
    );
  return [...new Set(rows.filter((r) => !activeOnly || r.s === 1).map((r) => `${r.e}/${r.o}`))];
}

/** Unlocks every pay period starting on a day (the demo seed locks the payrolls of past windows). */
async function unlockWindow(start: string): Promise<void> {
  await t.db.update(payPeriods).set({ IsLocked: false }).where(eq(payPeriods.StartDate, start));
}

async function periodsOn(start: string, end: string, pairs: string[]): Promise<number> {
  const rows = await t.db
    .select()
    .from(payPeriods)
    .where(and(eq(payPeriods.StartDate, start), eq(payPeriods.EndDate, end)));
  return rows.filter((p) => pairs.includes(`${p.EmployeeID}/${p.IcdOfficeID}`)).length;
}

describe('division rotations', () => {
  const rotations = (session: Session, query = `divisionProfileID=${rogersProfile}`) =>
    listRotations(session, query);
  const patch = (payload: object, preview = false) => adjustRotations(admin, rogersProfile, payload, preview);

  it('lists the bi-weekly rotations with the pay periods falling on them', async () => {
    const [rogers] = await rotations(manager);
    expect(rogers.Name).toBe('Rogers');
    // 2026-03-11 sits in the window of 2026-03-02 – 2026-03-15 (bi-weekly from 2025-01-06).
    expect(rogers.Rotations.map((r) => r.StartDate)).toEqual([
      '2026-01-19',
      '2026-02-02',
      '2026-02-16',
      '2026-03-02',
      '2026-03-16',
    ]);
    const current = rogers.Rotations.find((r) => r.StartDate === '2026-03-02')!;
    expect(current.EndDate).toBe('2026-03-15');
    expect(current.PayPeriodCount).toBeGreaterThan(0);
    const ranged = await rotations(admin, `divisionProfileID=${rogersProfile}&from=2026-03-01&to=2026-03-20`);
    // Every rotation overlapping the range (the one ending 2026-03-01 too).
    expect(ranged[0].Rotations.map((r) => r.StartDate)).toEqual(['2026-02-16', '2026-03-02', '2026-03-16']);
    expect((await rep.call({ method: 'GET', url: '/api/division-profiles/rotations' })).statusCode).toBe(403);
  });

  it('preview tells what would change and saves nothing', async () => {
    const before = await t.db.select().from(payPeriods).where(eq(payPeriods.StartDate, '2026-03-16'));
    const res = await patch(
      {
        AdjustedRotations: [
          {
            CurrentRotation: { StartDate: '2026-03-16', EndDate: '2026-03-29' },
            NewRotation: { StartDate: '2026-03-16', EndDate: '2026-03-31' },
          },
        ],
        NewRotations: [{ StartDate: '2026-04-01', EndDate: '2026-04-15' }],
      },
      true,
    );
    expect(res.statusCode).toBe(200);
    const out = res.json() as RotationAdjustmentResult;
    expect(out.Preview).toBe(true);
    expect(out.Changes).toMatchObject({ AdjustedRotations: 1, NewRotations: 1, DeletedRotations: 0 });
    // Only the periods of people with a Rogers record at a Canadian Rogers office move or are made.
    const people = await rogersPeople(true);
    expect(people.length).toBeGreaterThanOrEqual(3);
    expect(out.Changes.MovedPayPeriods).toBe(
      await periodsOn('2026-03-16', '2026-03-29', await rogersPeople(false)),
    );
    expect(out.Changes.MovedPayPeriods).toBeGreaterThanOrEqual(3);
    expect(out.Changes.CreatedPayPeriods).toBe(people.length);
    expect(out.Rotations.map((r) => `${r.StartDate}/${r.EndDate}`)).toContain('2026-03-16/2026-03-31');
    // Nothing saved.
    const [rogers] = await rotations(admin);
    expect(rogers.Rotations.map((r) => r.EndDate)).toContain('2026-03-29');
    const after = await t.db.select().from(payPeriods).where(eq(payPeriods.StartDate, '2026-03-16'));
    expect(after.map((p) => p.EndDate)).toEqual(before.map((p) => p.EndDate));
  });

  it('adjusts a rotation: its pay periods move; a new rotation gets pay periods', async () => {
    const res = await patch({
      AdjustedRotations: [
        {
          CurrentRotation: { StartDate: '2026-03-16', EndDate: '2026-03-29' },
          NewRotation: { StartDate: '2026-03-16', EndDate: '2026-03-31' },
        },
      ],
      NewRotations: [{ StartDate: '2026-04-01', EndDate: '2026-04-15' }],
    });
    expect(res.statusCode).toBe(200);
    const out = res.json() as RotationAdjustmentResult;
    expect(out.Preview).toBe(false);
    expect(out.Changes.MovedPayPeriods).toBeGreaterThan(0);
    expect(out.Changes.CreatedPayPeriods).toBeGreaterThan(0);
    // The rep's Rogers record at Toronto: his period now ends on the 31st, and one starts April 1.
    const [rep] = await t.db.select().from(employees).where(eq(employees.UserName, 'rep'));
    const repPeriods = await t.db
      .select()
      .from(payPeriods)
      .where(and(eq(payPeriods.EmployeeID, rep.EmployeeID), eq(payPeriods.IcdOfficeID, toronto)));
    expect(repPeriods.find((p) => p.StartDate === '2026-03-16')?.EndDate).toBe('2026-03-31');
    expect(repPeriods.find((p) => p.StartDate === '2026-04-01')?.EndDate).toBe('2026-04-15');
  });

  it('a rotation no longer there (someone adjusted meanwhile) is 409 with the current rotations', async () => {
    const res = await patch({ DeletedRotations: [{ StartDate: '2026-03-16', EndDate: '2026-03-29' }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().Current.map((r: { EndDate: string }) => r.EndDate)).toContain('2026-03-31');
  });

  it('overlapping rotations and bad ranges are 400 by field, nothing changed', async () => {
    const overlap = await patch({ NewRotations: [{ StartDate: '2026-03-30', EndDate: '2026-04-05' }] });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().Errors).toEqual({
      'NewRotations.0': ['Overlaps the rotation 2026-03-16 – 2026-03-31'],
    });
    const backwards = await patch({ NewRotations: [{ StartDate: '2026-05-10', EndDate: '2026-05-01' }] });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().Errors).toEqual({ 'NewRotations.0.EndDate': ['Ends before it starts'] });
    const tooLong = await patch({ NewRotations: [{ StartDate: '2026-05-01', EndDate: '2026-06-30' }] });
    expect(tooLong.json().Errors).toEqual({ 'NewRotations.0.EndDate': ['A rotation is at most 31 days'] });
    const missing = await admin.call({
      method: 'PATCH',
      url: `/api/division-profiles/${rogersProfile}/rotations`,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().Errors)).toEqual(
      expect.arrayContaining(['DivisionProfileID', 'RetainedTimeEntries', 'IgnoreLockedPayrolls']),
    );
    const other = await patch({ DivisionProfileID: rogersProfile + 1 });
    expect(other.json().Errors).toEqual({ DivisionProfileID: ['Must be the profile of the address'] });
    const n = (
      await t.db
        .select()
        .from(divisionRotations)
        .where(eq(divisionRotations.DivisionProfileID, rogersProfile))
    ).length;
    expect(n).toBe(6);
  });

  it('locked payrolls: refused without IgnoreLockedPayrolls (409 naming them); left as they are with it', async () => {
    const window = { StartDate: '2026-02-02', EndDate: '2026-02-15' };
    // The demo's payrolls of past windows are locked: start from a window nobody has locked, then
    // lock Toronto's periods only.
    await unlockWindow(window.StartDate);
    const lockedBefore = await t.db
      .update(payPeriods)
      .set({ IsLocked: true })
      .where(and(eq(payPeriods.StartDate, window.StartDate), eq(payPeriods.IcdOfficeID, toronto)))
      .returning();
    const refused = await patch({ DeletedRotations: [window] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().LockedPayPeriods.length).toBeGreaterThan(0);
    expect(refused.json().LockedPayPeriods[0]).toMatchObject({
      OfficeName: 'Toronto Central',
      StartDate: '2026-02-02',
    });
    expect((await rotations(admin))[0].Rotations.map((r) => r.StartDate)).toContain('2026-02-02');

    const entriesBefore = await t.db
      .select()
      .from(timeEntries)
      .where(and(eq(timeEntries.IcdOfficeID, toronto), isNull(timeEntries.DeletedAt)));
    const done = await patch({
      DeletedRotations: [window],
      IgnoreLockedPayrolls: true,
      RetainedTimeEntries: false,
    });
    expect(done.statusCode).toBe(200);
    const out = done.json() as RotationAdjustmentResult;
    // The Rogers people at Toronto (manager, rep, owner and any other).
    const torontoRogers = (await rogersPeople(false)).filter((x) => x.endsWith(`/${toronto}`));
    const expectedLocked = await periodsOn(window.StartDate, window.EndDate, torontoRogers);
    expect(expectedLocked).toBeGreaterThanOrEqual(3);
    expect(refused.json().LockedPayPeriods).toHaveLength(expectedLocked);
    expect(out.Changes.SkippedLockedPayPeriods).toBe(expectedLocked);
    expect(out.Rotations.map((r) => r.StartDate)).not.toContain('2026-02-02');
    // The locked periods are still there, with their dates.
    const locked = await t.db
      .select()
      .from(payPeriods)
      .where(and(eq(payPeriods.StartDate, window.StartDate), eq(payPeriods.IcdOfficeID, toronto)));
    expect(locked.map((p) => [p.PayPeriodID, p.EndDate]).sort()).toEqual(
      lockedBefore.map((p) => [p.PayPeriodID, p.EndDate]).sort(),
    );
    // Their time entries were not deleted either (they lie in locked periods).
    const entriesAfter = await t.db
      .select()
      .from(timeEntries)
      .where(and(eq(timeEntries.IcdOfficeID, toronto), isNull(timeEntries.DeletedAt)));
    expect(entriesAfter.length).toBe(entriesBefore.length - out.Changes.DeletedTimeEntries);
  });

  it('deleting a rotation without RetainedTimeEntries deletes the time entries of its days; with it they stay', async () => {
    const window = { StartDate: '2026-02-16', EndDate: '2026-03-01' };
    await unlockWindow(window.StartDate); // a window no payroll has locked yet (see above)
    const [rep] = await t.db.select().from(employees).where(eq(employees.UserName, 'rep'));
    // A Rogers entry of the rep on a day of the window.
    const [entry] = await t.db
      .insert(timeEntries)
      .values({
        Date: '2026-02-18',
        EmployeeID: rep.EmployeeID,
        TimeEntryTypeID: 1,
        IcdOfficeID: toronto,
        StartTime: '09:00:00',
        EndTime: '12:00:00',
        TimeZoneOffset: -300,
      })
      .returning();
    // The demo pays the rep's sales in this window: a rotation change would drop that commission.
    const paid = await patch({ DeletedRotations: [window], RetainedTimeEntries: true }, true);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().Message).toContain('Commission from sales is paid');
    const periodIds = (
      await t.db.select().from(payPeriods).where(eq(payPeriods.StartDate, window.StartDate))
    ).map((p) => p.PayPeriodID);
    const entryIds = (
      await t.db.select().from(payrollEntries).where(inArray(payrollEntries.PayPeriodID, periodIds))
    ).map((e) => e.PayrollEntryID);
    await t.db
      .delete(payrollCommissionPieces)
      .where(inArray(payrollCommissionPieces.PayrollEntryID, entryIds));
    const preview = await patch({ DeletedRotations: [window], RetainedTimeEntries: true }, true);
    expect(preview.json().Changes.RetainedTimeEntries).toBeGreaterThan(0);
    expect(preview.json().Changes.DeletedTimeEntries).toBe(0);
    const res = await patch({ DeletedRotations: [window], RetainedTimeEntries: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().Changes.DeletedTimeEntries).toBeGreaterThan(0);
    expect(res.json().Changes.DeletedPayPeriods).toBeGreaterThan(0);
    const [gone] = await t.db.select().from(timeEntries).where(eq(timeEntries.Id, entry.Id));
    expect(gone.DeletedAt).not.toBeNull();
  });

  it('only organisation:admin adjusts (owner 403, unknown profile 404)', async () => {
    const body = {
      DivisionProfileID: rogersProfile,
      RetainedTimeEntries: true,
      IgnoreLockedPayrolls: false,
      NewRotations: [{ StartDate: '2026-06-01', EndDate: '2026-06-14' }],
    };
    expect(
      (
        await owner.call({
          method: 'PATCH',
          url: `/api/division-profiles/${rogersProfile}/rotations`,
          payload: body,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await manager.call({
          method: 'PATCH',
          url: `/api/division-profiles/${rogersProfile}/rotations`,
          payload: body,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await admin.call({
          method: 'PATCH',
          url: '/api/division-profiles/9999/rotations',
          payload: { ...body, DivisionProfileID: 9999 },
        })
      ).statusCode,
    ).toBe(404);
    const n = (
      await t.db.select().from(divisionRotations).where(eq(divisionRotations.StartDate, '2026-06-01'))
    ).length;
    expect(n).toBe(0);
  });
});
