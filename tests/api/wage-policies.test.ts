// Wage policies (spec 002 §3, §4, §7, §8): list, read, create, update with Version, the history rules
// (no overlap, start ≤ end, minimum wage > 0), the refused delete, permissions; and the minimum wage
// schedule the payroll engine reads (most specific jurisdiction wins, a period straddling two rates).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wagePolicies } from '../../server/db/tables';
import { buildSchedule, minimumWageSchedule } from '../../server/modules/wage-policies/minimum-wage';
import { seedWagePolicies } from '../../server/seed/payroll-manual';
import {
  WAGE_POLICY_DUPLICATE,
  WAGE_POLICY_END_BEFORE_START,
  WAGE_POLICY_MINIMUM_WAGE,
  WAGE_POLICY_OVERLAP,
  type WagePolicy,
} from '../../src/contract/wage-policies';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let payroll: Session;
let admin: Session;
let owner: Session;
let manager: Session;
let staff: Session;

beforeAll(async () => {
  t = await createTestApp();
  [payroll, admin, owner, manager, staff] = await Promise.all(
    ['payroll', 'admin', 'owner', 'manager', 'staff'].map((u) => t.signIn(u)),
  );
}, 60_000);
afterAll(() => t?.close());

const call = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  s.call({ method, url: `/api/${url}`, payload });

const NS = {
  Name: 'Nova Scotia minimum wage',
  CountryID: 2,
  StateProvince: 'NS',
  History: [
    { StartDate: '2024-04-01', EndDate: '2024-09-30', MinimumWage: 15.2 },
    { StartDate: '2024-10-01', EndDate: null, MinimumWage: 15.7 },
  ],
};

describe('seeded policies', () => {
  it('lists the demo jurisdictions, country policies first, each history in date order', async () => {
    const res = await call(payroll, 'GET', 'wage-policies');
    expect(res.statusCode).toBe(200);
    const list = res.json<WagePolicy[]>();
    const keys = list.map((p) => `${p.CountryID}:${p.StateProvince ?? '-'}`);
    for (const k of ['1:-', '1:CA', '1:IL', '2:-', '2:AB', '2:BC', '2:ON']) expect(keys).toContain(k);
    expect(keys.indexOf('1:-')).toBeLessThan(keys.indexOf('1:CA'));
    const us = list.find((p) => p.CountryID === 1 && p.StateProvince === null) as WagePolicy;
    expect(us.History.at(-1)).toEqual({ StartDate: '2009-07-24', EndDate: null, MinimumWage: 7.25 });
    expect(us.IsNew).toBe(false);
  });

  it('never dates a period after the seed clock and adds the demo Ontario increase before it', async () => {
    await t.db.delete(wagePolicies);
    await seedWagePolicies(t.db, new Date('2025-12-10T15:00:00Z'));
    const list = (await call(payroll, 'GET', 'wage-policies')).json<WagePolicy[]>();
    const ca = list.find((p) => p.StateProvince === 'CA') as WagePolicy;
    // 2026-01-01 ($16.90) is after the clock: left out, $16.50 stays open-ended.
    expect(ca.History.at(-1)).toEqual({ StartDate: '2025-01-01', EndDate: null, MinimumWage: 16.5 });
    const on = list.find((p) => p.StateProvince === 'ON') as WagePolicy;
    expect(on.History.slice(-2)).toEqual([
      { StartDate: '2025-10-01', EndDate: '2025-12-02', MinimumWage: 17.6 },
      { StartDate: '2025-12-03', EndDate: null, MinimumWage: 18 },
    ]);
    const schedule = await minimumWageSchedule(
      t.db,
      { CountryID: 2, StateProvince: 'ON' },
      '2025-11-24',
      '2025-12-07',
    );
    expect(schedule.map((s) => [s.StartDate, s.EndDate, s.MinimumWage])).toEqual([
      ['2025-11-24', '2025-12-02', 17.6],
      ['2025-12-03', '2025-12-07', 18],
    ]);
  });
});

describe('create, read, update', () => {
  let created: WagePolicy;

  it('creates a policy with its history (201) and reads it back', async () => {
    const res = await call(payroll, 'POST', 'wage-policies', { ...NS, IsNew: true });
    expect(res.statusCode).toBe(201);
    created = res.json<WagePolicy>();
    expect(created).toMatchObject({
      Name: NS.Name,
      CountryID: 2,
      StateProvince: 'NS',
      Version: 1,
      IsNew: false,
    });
    expect(created.History).toEqual(NS.History);
    const read = await call(owner, 'GET', `wage-policies/${created.WagePolicyID}`);
    expect(read.json()).toEqual(created);
  });

  it('refuses a second policy for the same jurisdiction and an unknown province', async () => {
    const dup = await call(payroll, 'POST', 'wage-policies', NS);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().Errors.StateProvince).toEqual([WAGE_POLICY_DUPLICATE]);
    const unknown = await call(payroll, 'POST', 'wage-policies', { ...NS, StateProvince: 'ZZ' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Errors.StateProvince).toHaveLength(1);
    const usState = await call(payroll, 'POST', 'wage-policies', { ...NS, StateProvince: 'TX' });
    expect(usState.statusCode).toBe(400);
  });

  it('refuses overlapping periods, an end before its start and a minimum wage of 0, by field', async () => {
    const res = await call(payroll, 'POST', 'wage-policies', {
      ...NS,
      StateProvince: 'MB',
      History: [
        { StartDate: '2024-01-01', EndDate: '2024-06-30', MinimumWage: 15 },
        { StartDate: '2024-06-30', EndDate: '2024-12-31', MinimumWage: 0 },
        { StartDate: '2025-02-01', EndDate: '2025-01-01', MinimumWage: 16 },
      ],
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().Errors as Record<string, string[]>;
    expect(errors['History.1.StartDate']).toEqual([WAGE_POLICY_OVERLAP]);
    expect(errors['History.1.MinimumWage']).toEqual([WAGE_POLICY_MINIMUM_WAGE]);
    expect(errors['History.2.EndDate']).toEqual([WAGE_POLICY_END_BEFORE_START]);
    expect(errors['History.0.StartDate']).toBeUndefined();
    // An open-ended period before a later one overlaps it.
    const open = await call(payroll, 'POST', 'wage-policies', {
      ...NS,
      StateProvince: 'MB',
      History: [
        { StartDate: '2025-01-01', EndDate: null, MinimumWage: 16 },
        { StartDate: '2024-01-01', EndDate: null, MinimumWage: 15 },
      ],
    });
    expect(open.json().Errors['History.0.StartDate']).toEqual([WAGE_POLICY_OVERLAP]);
    const none = await t.db.select().from(wagePolicies).where(eq(wagePolicies.StateProvince, 'MB'));
    expect(none).toHaveLength(0);
  });

  it('updates with the current Version, and answers 409 with the current record when stale', async () => {
    const body = {
      ...NS,
      Name: 'Nova Scotia',
      History: [...NS.History.slice(0, 1), { StartDate: '2024-10-01', EndDate: null, MinimumWage: 15.75 }],
      Version: created.Version,
    };
    const ok = await call(payroll, 'PUT', `wage-policies/${created.WagePolicyID}`, body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ Name: 'Nova Scotia', Version: 2 });
    expect(ok.json().History[1].MinimumWage).toBe(15.75);
    const stale = await call(payroll, 'PUT', `wage-policies/${created.WagePolicyID}`, {
      ...body,
      Name: 'Stale',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ Name: 'Nova Scotia', Version: 2 });
    const missing = await call(payroll, 'PUT', 'wage-policies/999999', body);
    expect(missing.statusCode).toBe(404);
  });

  it('refuses every delete with the spec message, leaving the policy', async () => {
    const res = await call(admin, 'DELETE', `wage-policies/${created.WagePolicyID}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Message: 'Deleting a wage policy is not allowed.' });
    expect((await call(payroll, 'GET', `wage-policies/${created.WagePolicyID}`)).statusCode).toBe(200);
  });
});

describe('permissions', () => {
  it('lets the owner read but not write; manager and staff neither', async () => {
    expect((await call(owner, 'GET', 'wage-policies')).statusCode).toBe(200);
    expect((await call(owner, 'POST', 'wage-policies', { ...NS, StateProvince: 'PE' })).statusCode).toBe(403);
    expect((await call(manager, 'GET', 'wage-policies')).statusCode).toBe(403);
    expect((await call(staff, 'GET', 'wage-policies/1')).statusCode).toBe(403);
    expect((await call(staff, 'DELETE', 'wage-policies/1')).statusCode).toBe(403);
  });
});

describe('minimum wage schedule', () => {
  const rate = (WagePolicyID: number, StartDate: string, EndDate: string | null, cents: number) => ({
    WagePolicyID,
    StartDate,
    EndDate,
    MinimumWageCents: cents,
  });

  it('prefers the state policy where it has a period and falls back to the federal one elsewhere', () => {
    const state = [rate(2, '2025-01-05', '2025-01-09', 1500)];
    const federal = [rate(1, '2024-01-01', '2025-01-06', 725), rate(1, '2025-01-07', null, 800)];
    expect(buildSchedule(state, federal, '2025-01-01', '2025-01-12')).toEqual([
      {
        StartDate: '2025-01-01',
        EndDate: '2025-01-04',
        MinimumWage: 7.25,
        MinimumWageCents: 725,
        WagePolicyID: 1,
      },
      {
        StartDate: '2025-01-05',
        EndDate: '2025-01-09',
        MinimumWage: 15,
        MinimumWageCents: 1500,
        WagePolicyID: 2,
      },
      {
        StartDate: '2025-01-10',
        EndDate: '2025-01-12',
        MinimumWage: 8,
        MinimumWageCents: 800,
        WagePolicyID: 1,
      },
    ]);
  });

  it('leaves out days no policy covers and answers nothing for an empty range', () => {
    expect(
      buildSchedule([rate(2, '2025-03-01', '2025-03-02', 1000)], [], '2025-02-27', '2025-03-05'),
    ).toEqual([
      {
        StartDate: '2025-03-01',
        EndDate: '2025-03-02',
        MinimumWage: 10,
        MinimumWageCents: 1000,
        WagePolicyID: 2,
      },
    ]);
    expect(buildSchedule([], [rate(1, '2020-01-01', null, 725)], '2025-03-05', '2025-03-04')).toEqual([]);
  });

  it('reads the database: Nova Scotia straddles its October change; a US state with no policy gets federal', async () => {
    const ns = await minimumWageSchedule(
      t.db,
      { CountryID: 2, StateProvince: 'ns' },
      '2024-09-23',
      '2024-10-06',
    );
    expect(ns.map((s) => [s.StartDate, s.EndDate, s.MinimumWageCents])).toEqual([
      ['2024-09-23', '2024-09-30', 1520],
      ['2024-10-01', '2024-10-06', 1575],
    ]);
    const tx = await minimumWageSchedule(
      t.db,
      { CountryID: 1, StateProvince: 'TX' },
      '2025-01-01',
      '2025-01-14',
    );
    expect(tx.map((s) => [s.StartDate, s.EndDate, s.MinimumWage])).toEqual([
      ['2025-01-01', '2025-01-14', 7.25],
    ]);
    const il = await minimumWageSchedule(
      t.db,
      { CountryID: 1, StateProvince: 'IL' },
      '2024-12-25',
      '2025-01-07',
    );
    expect(il.map((s) => s.MinimumWage)).toEqual([14, 15]);
    const federalOnly = await minimumWageSchedule(t.db, { CountryID: 2 }, '2025-03-25', '2025-04-07');
    expect(federalOnly.map((s) => s.MinimumWage)).toEqual([17.3, 17.75]);
  });
});
