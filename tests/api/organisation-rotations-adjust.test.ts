// The rotation adjustment's finer rules (spec 001 §3 "Division rotation and adjustment"), beyond the
// walk-through in organisation-divisions.test.ts: every check of the request, a pay period named by a
// late adjustment, a preview over locked pay periods, a moved period colliding with one the employee
// already has, and which time entries of the days leaving every rotation are deleted.
// The demo is seeded at a fixed clock (today 2026-03-11 in Toronto): the Rogers profile's rotations
// are 2026-01-19, 02-02 and 02-16 (their payrolls locked), 03-02 (current) and 03-16, two weeks each.
// With TEST_DATABASE_URL the database is a fresh one on that PostgreSQL server.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import {
  divisionProfiles,
  employees,
  employmentRecords,
  icdOffices,
  lateAdjustments,
  payPeriods,
  payrollEntries,
  timeEntries,
} from '../../server/db/tables';
import { seedDemo } from '../../server/seed/demo';
import type { RotationAdjustmentResult } from '../../src/contract/organisation';
import { createTestApp, DEMO_PASSWORD, freshServerDatabase, type Session, type TestApp } from './helpers';
import { adjustRotations, listRotations } from './rotation-helpers';

const NOW = new Date('2026-03-11T16:00:00Z');
const CURRENT = { StartDate: '2026-03-02', EndDate: '2026-03-15' };
const NEXT = { StartDate: '2026-03-16', EndDate: '2026-03-29' };
const LOCKED = { StartDate: '2026-02-02', EndDate: '2026-02-15' };

let t: TestApp;
let server: Awaited<ReturnType<typeof freshServerDatabase>>;
let admin: Session;
let rogersProfile: number;
let toronto: number;
/** Employee ids of demo users: rep, manager and owner have a Rogers record at Toronto; staff does not. */
const id: Record<string, number> = {};

beforeAll(async () => {
  server = await freshServerDatabase();
  const database = await openDatabase(server ? { databaseUrl: server.url } : { inMemory: true });
  await seedDemo(database.db, { password: DEMO_PASSWORD, costLog2: 10, now: NOW });
  t = await createTestApp({ seedDemo: false }, { database });
  admin = await t.signIn('admin');
  const [p] = await t.db.select().from(divisionProfiles).where(eq(divisionProfiles.Name, 'Rogers'));
  rogersProfile = p.DivisionProfileID;
  const [o] = await t.db.select().from(icdOffices).where(eq(icdOffices.OfficeName, 'Toronto Central'));
  toronto = o.IcdOfficeID;
  const people = await t.db
    .select()
    .from(employees)
    .where(inArray(employees.UserName, ['rep', 'manager', 'owner', 'staff']));
  for (const e of people) id[e.UserName ?? ''] = e.EmployeeID;
}, 120_000);
afterAll(async () => {
  await t.close();
  await server?.drop();
});

const patch = (payload: object, preview = false) => adjustRotations(admin, rogersProfile, payload, preview);
const rotations = async () => (await listRotations(admin, `divisionProfileID=${rogersProfile}`))[0].Rotations;

/** The pay period of a demo user at Toronto starting on a day. */
async function periodOf(user: string, start: string) {
  const [row] = await t.db
    .select()
    .from(payPeriods)
    .where(
      and(
        eq(payPeriods.EmployeeID, id[user]),
        eq(payPeriods.IcdOfficeID, toronto),
        eq(payPeriods.StartDate, start),
      ),
    );
  return row;
}

/** A time entry of a demo user at Toronto on a day (evening, clear of the demo's entries). */
async function entryOf(user: string, date: string): Promise<number> {
  const [row] = await t.db
    .insert(timeEntries)
    .values({
      Date: date,
      EmployeeID: id[user],
      TimeEntryTypeID: 1,
      IcdOfficeID: toronto,
      StartTime: '20:00:00',
      EndTime: '21:00:00',
      TimeZoneOffset: -300,
    })
    .returning();
  return row.Id;
}

describe('rotation adjustment', () => {
  it('checks the request against the rotations as they are: 409 for one gone, 400 by field, nothing changed', async () => {
    const before = await rotations();
    // An adjusted rotation that is not there (its end moved meanwhile): 409 with the current ones.
    const stale = await patch({
      AdjustedRotations: [
        {
          CurrentRotation: { ...NEXT, EndDate: '2026-03-30' },
          NewRotation: { ...NEXT, EndDate: '2026-03-31' },
        },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current.map((r: { StartDate: string }) => r.StartDate)).toEqual(
      before.map((r) => r.StartDate),
    );
    // A rotation adjusted twice, deleted twice, or both adjusted and deleted.
    const twice = await patch({
      AdjustedRotations: [
        { CurrentRotation: NEXT, NewRotation: { StartDate: '2026-03-16', EndDate: '2026-03-22' } },
        { CurrentRotation: NEXT, NewRotation: { StartDate: '2026-03-23', EndDate: '2026-03-29' } },
      ],
      DeletedRotations: [LOCKED, LOCKED, NEXT],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().Errors).toEqual({
      'AdjustedRotations.1.CurrentRotation': ['Named twice'],
      'DeletedRotations.1': ['Named twice'],
      'DeletedRotations.2': ['Named twice'],
    });
    // An adjusted rotation's new window over a rotation that stays; a new one over an earlier new one.
    const overlapping = await patch({
      AdjustedRotations: [
        { CurrentRotation: NEXT, NewRotation: { StartDate: '2026-03-14', EndDate: '2026-03-29' } },
      ],
      NewRotations: [
        { StartDate: '2026-03-30', EndDate: '2026-04-12' },
        { StartDate: '2026-04-10', EndDate: '2026-04-20' },
      ],
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().Errors).toEqual({
      'AdjustedRotations.0.NewRotation': ['Overlaps the rotation 2026-03-02 – 2026-03-15'],
      'NewRotations.1': ['Overlaps the rotation 2026-03-30 – 2026-04-12'],
    });
    expect(await rotations()).toEqual(before);
  });

  it('a period moved onto a start its employee already has is deleted (that one stays); a new rotation keeps an existing period', async () => {
    // The rep already has periods (e.g. from a pay frequency calendar) starting on the new windows.
    const [onNewStart, onNewRotation] = await t.db
      .insert(payPeriods)
      .values([
        {
          EmployeeID: id.rep,
          IcdOfficeID: toronto,
          PayFrequencyID: 1,
          StartDate: '2026-03-17',
          EndDate: '2026-03-30',
        },
        {
          EmployeeID: id.rep,
          IcdOfficeID: toronto,
          PayFrequencyID: 1,
          StartDate: '2026-03-31',
          EndDate: '2026-04-13',
        },
      ])
      .returning();
    const onNext = (await rotations()).find((r) => r.StartDate === NEXT.StartDate)!.PayPeriodCount;
    expect(onNext).toBeGreaterThanOrEqual(3);
    const managers = await periodOf('manager', NEXT.StartDate);
    expect(managers.PayrollID).not.toBeNull();

    const res = await patch({
      AdjustedRotations: [
        { CurrentRotation: NEXT, NewRotation: { StartDate: '2026-03-17', EndDate: '2026-03-30' } },
      ],
      NewRotations: [{ StartDate: '2026-03-31', EndDate: '2026-04-13' }],
    });
    expect(res.statusCode).toBe(200);
    const out = res.json() as RotationAdjustmentResult;
    expect(out.Changes).toMatchObject({ DeletedPayPeriods: 1, MovedPayPeriods: onNext - 1 });
    // The rep's period of the old window is gone; his own periods are as they were.
    expect(await periodOf('rep', NEXT.StartDate)).toBeUndefined();
    expect(await periodOf('rep', '2026-03-17')).toEqual(onNewStart);
    expect(await periodOf('rep', '2026-03-31')).toEqual(onNewRotation);
    // The manager's moved and left its payroll (its entries with it).
    const moved = await periodOf('manager', '2026-03-17');
    expect(moved).toMatchObject({
      PayPeriodID: managers.PayPeriodID,
      EndDate: '2026-03-30',
      PayrollID: null,
    });
    expect(
      await t.db.select().from(payrollEntries).where(eq(payrollEntries.PayPeriodID, managers.PayPeriodID)),
    ).toEqual([]);
    // The new rotation's periods carry the employment record and its pay frequency.
    const [record] = await t.db
      .select()
      .from(employmentRecords)
      .where(and(eq(employmentRecords.EmployeeID, id.manager), eq(employmentRecords.IcdOfficeID, toronto)));
    expect(await periodOf('manager', '2026-03-31')).toMatchObject({
      EndDate: '2026-04-13',
      EmploymentRecordID: record.EmploymentRecordID,
      PayFrequencyID: record.PayFrequencyID,
    });
    const made = await t.db.select().from(payPeriods).where(eq(payPeriods.StartDate, '2026-03-31'));
    expect(out.Changes.CreatedPayPeriods).toBe(made.length - 1);
  });

  it('a period named by a late adjustment is left as it is, with its time entries; a preview names it', async () => {
    const reps = await periodOf('rep', CURRENT.StartDate);
    const owners = await periodOf('owner', CURRENT.StartDate);
    // One made in the rep's period; one made earlier in the owner's and applied to this one.
    await t.db.insert(lateAdjustments).values([
      {
        TimeEntryID: 900_001,
        ActionID: 2,
        EmployeeID: id.rep,
        IcdOfficeID: toronto,
        PayPeriodID: reps.PayPeriodID,
        EntryDate: '2026-03-03',
        RequestedByEmployeeID: id.manager,
      },
      {
        TimeEntryID: 900_002,
        ActionID: 2,
        StatusID: 2,
        EmployeeID: id.owner,
        IcdOfficeID: toronto,
        PayPeriodID: (await periodOf('owner', '2026-02-16')).PayPeriodID,
        AppliedPayPeriodID: owners.PayPeriodID,
        EntryDate: '2026-02-20',
        RequestedByEmployeeID: id.manager,
      },
    ]);
    // 2026-03-02 – 03-04 leave every rotation; 03-10 stays in the shortened one.
    const leaving = await entryOf('manager', '2026-03-03');
    const staying = await entryOf('manager', '2026-03-10');
    const ofFrozen = [await entryOf('rep', '2026-03-03'), await entryOf('owner', '2026-03-03')];
    const notRogers = await entryOf('staff', '2026-03-03');
    const body = {
      AdjustedRotations: [
        { CurrentRotation: CURRENT, NewRotation: { StartDate: '2026-03-05', EndDate: '2026-03-15' } },
      ],
      RetainedTimeEntries: false,
    };
    const frozenIds = [reps.PayPeriodID, owners.PayPeriodID].sort();

    const refused = await patch(body);
    expect(refused.statusCode).toBe(409);
    const named = refused.json().LockedPayPeriods.map((x: { PayPeriodID: number }) => x.PayPeriodID);
    expect(named.sort()).toEqual(frozenIds);

    // A preview is not refused: it tells which periods would be left as they are.
    const preview = await patch(body, true);
    expect(preview.statusCode).toBe(200);
    const seen = preview.json() as RotationAdjustmentResult;
    expect(seen.LockedPayPeriods.map((x) => x.PayPeriodID).sort()).toEqual(frozenIds);
    expect(seen.Changes.SkippedLockedPayPeriods).toBe(2);

    const done = await patch({ ...body, IgnoreLockedPayrolls: true });
    expect(done.statusCode).toBe(200);
    const out = done.json() as RotationAdjustmentResult;
    expect(out.Changes.SkippedLockedPayPeriods).toBe(2);
    expect(out.Changes.DeletedTimeEntries).toBeGreaterThan(0);
    expect(await periodOf('rep', CURRENT.StartDate)).toMatchObject({ EndDate: CURRENT.EndDate });
    expect(await periodOf('owner', CURRENT.StartDate)).toMatchObject({ EndDate: CURRENT.EndDate });
    expect(await periodOf('manager', '2026-03-05')).toMatchObject({
      EndDate: CURRENT.EndDate,
      PayrollID: null,
    });
    // Deleted: only the Rogers entry of a leaving day outside the frozen periods.
    const entries = await t.db
      .select()
      .from(timeEntries)
      .where(inArray(timeEntries.Id, [leaving, staying, notRogers, ...ofFrozen]));
    const deleted = entries.filter((e) => e.DeletedAt !== null).map((e) => e.Id);
    expect(deleted).toEqual([leaving]);
  });
});
