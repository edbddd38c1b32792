// States and provinces with their three tax rates: the list by country, one record, the rate rules,
// 409 on a stale Version and who may read and change them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateProvinces } from '../../server/db/tables';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let admin: Session;
let payroll: Session;
let owner: Session;
let rep: Session;
let staff: Session;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const s of await t.db.select().from(stateProvinces))
    id[`${s.CountryID}:${s.Code}`] = s.StateProvinceID;
  [admin, payroll, owner, rep, staff] = await Promise.all(
    ['admin', 'payroll', 'owner', 'rep', 'staff'].map((u) => t.signIn(u)),
  );
});
afterAll(() => t.close());

describe('reading', () => {
  it("lists a country's provinces by name with their rates", async () => {
    const res = await payroll.call({ method: 'GET', url: '/api/state-provinces?countryID=2' });
    expect(res.statusCode).toBe(200);
    const rows =
      res.json<{ Code: string; StateName: string; TaxRate1: number; TaxRate2: number; TaxRate3: number }[]>();
    expect(rows.map((r) => r.Code)).toEqual([
      'AB',
      'BC',
      'MB',
      'NB',
      'NL',
      'NT',
      'NS',
      'NU',
      'ON',
      'PE',
      'QC',
      'SK',
      'YT',
    ]);
    expect(rows.find((r) => r.Code === 'QC')).toMatchObject({
      StateName: 'Quebec',
      TaxRate1: 5,
      TaxRate2: 9.975,
      TaxRate3: 0,
    });
    expect(rows.find((r) => r.Code === 'ON')).toMatchObject({ TaxRate1: 0, TaxRate2: 0, TaxRate3: 13 });
    const us = await payroll.call({ method: 'GET', url: '/api/state-provinces?countryID=1' });
    expect(us.json()).toHaveLength(51);
    const all = await payroll.call({ method: 'GET', url: '/api/state-provinces' });
    expect(all.json()).toHaveLength(64);
    const bad = await payroll.call({ method: 'GET', url: '/api/state-provinces?countryID=7' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors.countryID).toEqual(['Use countryID 1 (US) or 2 (Canada)']);
  });

  it('reads one; an unknown id is 404', async () => {
    const res = await owner.call({ method: 'GET', url: `/api/state-provinces/${id['1:IL']}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Code: 'IL',
      StateName: 'Illinois',
      CountryID: 1,
      TaxRate1: 6.25,
      Version: 1,
    });
    const missing = await admin.call({ method: 'GET', url: '/api/state-provinces/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().Message).toBe('The province or state was not found.');
  });

  it('refuses callers with no address or invoice work (rep, staff)', async () => {
    for (const s of [rep, staff]) {
      expect((await s.call({ method: 'GET', url: '/api/state-provinces' })).statusCode).toBe(403);
      expect((await s.call({ method: 'GET', url: `/api/state-provinces/${id['2:ON']}` })).statusCode).toBe(
        403,
      );
    }
  });
});

describe('changing rates', () => {
  it('changes the rates sent, bumps Version, and answers 409 with the current record when stale', async () => {
    const sk = id['2:SK'];
    const res = await payroll.call({
      method: 'PATCH',
      url: `/api/state-provinces/${sk}`,
      payload: { TaxRate2: 6.5, Version: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Code: 'SK', TaxRate1: 5, TaxRate2: 6.5, TaxRate3: 0, Version: 2 });
    const stale = await admin.call({
      method: 'PATCH',
      url: `/api/state-provinces/${sk}`,
      payload: { TaxRate1: 0, Version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ TaxRate1: 5, TaxRate2: 6.5, Version: 2 });
    const [row] = await t.db.select().from(stateProvinces).where(eq(stateProvinces.StateProvinceID, sk));
    expect(Number(row.TaxRate1)).toBe(5);
  });

  it('validates each rate', async () => {
    const nb = id['2:NB'];
    const res = await admin.call({
      method: 'PATCH',
      url: `/api/state-provinces/${nb}`,
      payload: { TaxRate1: -1, TaxRate2: 100.5, TaxRate3: 1.2345, Version: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors).toMatchObject({
      TaxRate1: ['Enter a rate from 0 to 100'],
      TaxRate2: ['Enter a rate from 0 to 100'],
      TaxRate3: ['Use at most 3 decimals'],
    });
    const text = await admin.call({
      method: 'PATCH',
      url: `/api/state-provinces/${nb}`,
      payload: { TaxRate1: '5%', Version: 1 },
    });
    expect(text.json().Errors.TaxRate1).toEqual(['Enter a rate as a number']);
    const none = await admin.call({
      method: 'PATCH',
      url: `/api/state-provinces/${nb}`,
      payload: { Version: 1 },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().Errors.body).toEqual(['Send at least one of TaxRate1, TaxRate2, TaxRate3']);
    const edge = await admin.call({
      method: 'PATCH',
      url: `/api/state-provinces/${nb}`,
      payload: { TaxRate1: 0, TaxRate2: 9.975, TaxRate3: 100, Version: 1 },
    });
    expect(edge.json()).toMatchObject({ TaxRate1: 0, TaxRate2: 9.975, TaxRate3: 100, Version: 2 });
    expect(
      (
        await admin.call({
          method: 'PATCH',
          url: '/api/state-provinces/999999',
          payload: { TaxRate1: 1, Version: 1 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses callers without platform:taxRates, changing nothing', async () => {
    for (const s of [owner, rep, staff]) {
      const res = await s.call({
        method: 'PATCH',
        url: `/api/state-provinces/${id['2:MB']}`,
        payload: { TaxRate1: 1, Version: 1 },
      });
      expect(res.statusCode).toBe(403);
    }
    const [row] = await t.db
      .select()
      .from(stateProvinces)
      .where(eq(stateProvinces.StateProvinceID, id['2:MB']));
    expect([Number(row.TaxRate1), row.Version]).toEqual([5, 1]);
  });
});
