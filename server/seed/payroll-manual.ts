// The demo company's wage policies (minimum wages of the demo offices' jurisdictions: Ontario,
// British Columbia, Alberta, Illinois, California, US federal, Canada federal) with their published
// history, and a few manual payroll submissions once payroll entries exist.
//
// Nothing is dated after the seed's clock: a period starting after `now` is left out and the latest
// period kept is open-ended. So that a demo pay period straddles two rates whatever the clock,
// Ontario gets one more increase 7 days before `now` (demo data, marked so in its name) when that is
// later than its last published change.
import { count } from 'drizzle-orm';
import { Country } from '../../src/contract/common';
import type { Db } from '../db/client';
import { wagePolicies, wagePolicyHistory } from '../db/tables';
import { addDays } from '../modules/wage-policies/minimum-wage';

interface SeedPolicy {
  Name: string;
  CountryID: number;
  StateProvince: string | null;
  /** [StartDate, dollars], in date order; each runs until the day before the next. */
  rates: [string, number][];
}

export const SEED_WAGE_POLICIES: SeedPolicy[] = [
  {
    Name: 'US federal minimum wage',
    CountryID: Country.US,
    StateProvince: null,
    rates: [
      ['2008-07-24', 6.55],
      ['2009-07-24', 7.25],
    ],
  },
  {
    Name: 'Illinois minimum wage',
    CountryID: Country.US,
    StateProvince: 'IL',
    rates: [
      ['2022-01-01', 12],
      ['2023-01-01', 13],
      ['2024-01-01', 14],
      ['2025-01-01', 15],
    ],
  },
  {
    Name: 'California minimum wage',
    CountryID: Country.US,
    StateProvince: 'CA',
    rates: [
      ['2022-01-01', 15],
      ['2023-01-01', 15.5],
      ['2024-01-01', 16],
      ['2025-01-01', 16.5],
      ['2026-01-01', 16.9],
    ],
  },
  {
    Name: 'Canada federal minimum wage',
    CountryID: Country.Canada,
    StateProvince: null,
    rates: [
      ['2022-04-01', 15.55],
      ['2023-04-01', 16.65],
      ['2024-04-01', 17.3],
      ['2025-04-01', 17.75],
    ],
  },
  {
    Name: 'Ontario general minimum wage',
    CountryID: Country.Canada,
    StateProvince: 'ON',
    rates: [
      ['2022-10-01', 15.5],
      ['2023-10-01', 16.55],
      ['2024-10-01', 17.2],
      ['2025-10-01', 17.6],
    ],
  },
  {
    Name: 'British Columbia general minimum wage',
    CountryID: Country.Canada,
    StateProvince: 'BC',
    rates: [
      ['2022-06-01', 15.65],
      ['2023-06-01', 16.75],
      ['2024-06-01', 17.4],
      ['2025-06-01', 17.85],
    ],
  },
  {
    Name: 'Alberta general minimum wage',
    CountryID: Country.Canada,
    StateProvince: 'AB',
    rates: [['2018-10-01', 15]],
  },
];

/** The demo-only Ontario increase: 7 days before the seed's day, +$0.40. */
export const DEMO_INCREASE_DAYS_BEFORE_NOW = 7;
export const DEMO_INCREASE_CENTS = 40;

export async function seedWagePolicies(db: Db, now: Date): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(wagePolicies);
  if (n > 0) return;
  const today = now.toISOString().slice(0, 10);
  for (const p of SEED_WAGE_POLICIES) {
    const rates: [string, number][] = p.rates.filter(([start]) => start <= today);
    let name = p.Name;
    if (p.StateProvince === 'ON') {
      const demoStart = addDays(today, -DEMO_INCREASE_DAYS_BEFORE_NOW);
      const last = rates[rates.length - 1];
      if (last && demoStart > last[0]) {
        rates.push([demoStart, (Math.round(last[1] * 100) + DEMO_INCREASE_CENTS) / 100]);
        name = `${p.Name} (with a demo increase)`;
      }
    }
    if (!rates.length) continue;
    const [row] = await db
      .insert(wagePolicies)
      .values({
        Name: name,
        CountryID: p.CountryID,
        StateProvince: p.StateProvince,
        CreatedAt: now,
        UpdatedAt: now,
      })
      .returning();
    await db.insert(wagePolicyHistory).values(
      rates.map(([start, dollars], i) => ({
        WagePolicyID: row.WagePolicyID,
        StartDate: start,
        EndDate: i + 1 < rates.length ? addDays(rates[i + 1][0], -1) : null,
        MinimumWageCents: Math.round(dollars * 100),
      })),
    );
  }
}

/** Everything of this area in the demo company. */
export async function seedPayrollManual(db: Db, now: Date = new Date()): Promise<void> {
  await seedWagePolicies(db, now);
}
