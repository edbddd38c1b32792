// The demo company's wage policies (minimum wages of the demo offices' jurisdictions: Ontario,
// British Columbia, Alberta, Illinois, California, US federal, Canada federal) with their published
// history, and a few manual payroll submissions once payroll entries exist.
//
// Nothing is dated after the seed's clock: a period starting after `now` is left out and the latest
// period kept is open-ended. So that a demo pay period straddles two rates whatever the clock,
// Ontario gets one more increase 7 days before `now` (demo data, marked so in its name) when that is
// later than its last published change.
import { and, asc, count, eq, inArray, lte } from 'drizzle-orm';
import { Country } from '../../src/contract/common';
import { ManualSubmissionStatus as S } from '../../src/contract/payroll-manual';
import type { Db } from '../db/client';
import type { ManualSubmissionEvent } from '../db/schema/payroll-manual';
import {
  employees,
  icdOffices,
  payPeriods,
  payrollEntries,
  payrollManualShowHours,
  payrollManualSubmissions,
  wagePolicies,
  wagePolicyHistory,
} from '../db/tables';
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

const HOUR = 3_600_000;

interface DemoSubmission {
  office: string;
  /** Prefer this user's entry at the office. */
  userName?: string;
  status: number;
  days: { offset: number; hours: number; amount?: number; comment?: string }[];
  bonus?: number;
  addition?: number;
  comments: string;
}

/**
 * Manual submissions on the entries of each office's latest locked pay window (after its payroll
 * was submitted), one in each status, all submitted by the payroll processor or the owner and dated
 * between the window's end and `now`.
 */
const DEMO_SUBMISSIONS: DemoSubmission[] = [
  {
    office: 'Toronto Central',
    userName: 'staff',
    status: S.Processed,
    days: [{ offset: 2, hours: 3, comment: 'Road show tear-down not clocked' }],
    comments: 'Tear-down hours reported by the event lead.',
  },
  {
    office: 'Toronto Central',
    userName: 'rep',
    status: S.WorkingOn,
    days: [
      { offset: 4, hours: 2.5, amount: 15, comment: 'Store training' },
      { offset: 5, hours: 1.5 },
    ],
    bonus: 40,
    comments: 'Training and a signing bonus missed by the run.',
  },
  {
    office: 'Vancouver Harbour',
    status: S.Pending,
    days: [{ offset: 6, hours: 4, comment: 'Mall event, paper timesheet' }],
    comments: 'Waiting for the paper timesheet signed by the mall.',
  },
  {
    office: 'Chicago Loop',
    status: S.Submitted,
    days: [{ offset: 1, hours: 6, comment: 'Clock was down all day' }],
    comments: 'Clock outage on the first Tuesday.',
  },
  {
    office: 'Calgary South',
    status: S.Amended,
    days: [{ offset: 3, hours: 2 }],
    addition: 25,
    comments: 'Parking reimbursement added on request.',
  },
  {
    office: 'Los Angeles Westside',
    status: S.Cancelled,
    days: [{ offset: 2, hours: 1 }],
    comments: 'Entered twice: cancelled.',
  },
];

export async function seedManualSubmissions(db: Db, now: Date): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(payrollManualSubmissions);
  if (n > 0) return;
  const people = await db
    .select({
      EmployeeID: employees.EmployeeID,
      UserName: employees.UserName,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
    })
    .from(employees)
    .where(inArray(employees.UserName, ['payroll', 'owner']));
  const payroll = people.find((p) => p.UserName === 'payroll');
  const owner = people.find((p) => p.UserName === 'owner');
  if (!payroll || !owner) return;
  const locked = await db
    .select({
      PayrollEntryID: payrollEntries.PayrollEntryID,
      StartDate: payPeriods.StartDate,
      EndDate: payPeriods.EndDate,
      OfficeName: icdOffices.OfficeName,
      UserName: employees.UserName,
    })
    .from(payrollEntries)
    .innerJoin(payPeriods, eq(payPeriods.PayPeriodID, payrollEntries.PayPeriodID))
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, payrollEntries.IcdOfficeID))
    .innerJoin(employees, eq(employees.EmployeeID, payrollEntries.EmployeeID))
    .where(and(eq(payPeriods.IsLocked, true), lte(payPeriods.EndDate, now.toISOString().slice(0, 10))))
    .orderBy(asc(employees.LastName), asc(employees.FirstName));
  // Each office's latest locked window (offices may be paid weekly or bi-weekly).
  const latest = new Map<string, string>();
  for (const c of locked)
    if ((latest.get(c.OfficeName) ?? '') < c.StartDate) latest.set(c.OfficeName, c.StartDate);
  const candidates = locked.filter((c) => latest.get(c.OfficeName) === c.StartDate);
  const used = new Set<number>();
  const name = (p: { FirstName: string; LastName: string }) => `${p.FirstName} ${p.LastName}`;
  let k = 0;
  for (const d of DEMO_SUBMISSIONS) {
    const entry =
      candidates.find(
        (c) => c.OfficeName === d.office && c.UserName === d.userName && !used.has(c.PayrollEntryID),
      ) ??
      candidates.find(
        (c) => c.OfficeName === d.office && !used.has(c.PayrollEntryID) && c.UserName !== 'manager',
      );
    if (!entry) continue;
    used.add(entry.PayrollEntryID);
    k += 1;
    // Submitted the day after the window ended (or up to now), each step an hour later, never after now.
    const base = Math.min(
      new Date(`${addDays(entry.EndDate, 1)}T15:00:00Z`).getTime() + k * 600_000,
      now.getTime() - 8 * HOUR,
    );
    const at = (step: number) => new Date(Math.min(base + step * HOUR, now.getTime()));
    const submitter = d.office === 'Toronto Central' || d.office === 'Vancouver Harbour' ? owner : payroll;
    const ev = (
      step: number,
      by: typeof payroll,
      Action: string,
      StatusID: number,
    ): ManualSubmissionEvent => ({
      At: at(step).toISOString(),
      ByID: by.EmployeeID,
      ByName: name(by),
      Action,
      StatusID,
    });
    const history: ManualSubmissionEvent[] = [ev(0, submitter, 'Submitted', S.Submitted)];
    const row: Partial<typeof payrollManualSubmissions.$inferInsert> = {};
    if (d.status === S.Amended) {
      history.push(ev(1, payroll, 'Amended', S.Amended));
      row.AmendedAt = at(1);
    }
    if (d.status === S.Cancelled) {
      history.push(ev(1, submitter, 'Cancelled', S.Cancelled));
      row.CancelledAt = at(1);
    }
    if (d.status === S.Pending || d.status === S.WorkingOn || d.status === S.Processed) {
      history.push(ev(1, payroll, `Assigned to ${name(payroll)}`, S.Submitted));
      row.ProcessorID = payroll.EmployeeID;
    }
    if (d.status === S.Pending) {
      history.push(ev(2, payroll, 'Saved as pending', S.Pending));
      row.IsPending = true;
    }
    if (d.status === S.WorkingOn || d.status === S.Processed) {
      history.push(ev(2, payroll, 'Saved as working on', S.WorkingOn));
      row.IsWorkingOn = d.status === S.WorkingOn;
    }
    if (d.status === S.Processed) {
      history.push(ev(3, payroll, 'Processed', S.Processed));
      row.CompletedAt = at(3);
      row.CompletedByID = payroll.EmployeeID;
    }
    const [saved] = await db
      .insert(payrollManualSubmissions)
      .values({
        ...row,
        PayrollEntryID: entry.PayrollEntryID,
        StatusID: d.status,
        BonusCents: Math.round((d.bonus ?? 0) * 100),
        NetPayAdditionCents: Math.round((d.addition ?? 0) * 100),
        Comments: d.comments,
        SubmittedByID: submitter.EmployeeID,
        SubmittedAt: at(0),
        History: history,
        Version: history.length,
      })
      .returning({ id: payrollManualSubmissions.ManualSubmissionID });
    await db.insert(payrollManualShowHours).values(
      d.days.map((day, i) => ({
        ManualSubmissionID: saved.id,
        Date:
          addDays(entry.StartDate, day.offset) > entry.EndDate
            ? entry.EndDate
            : addDays(entry.StartDate, day.offset),
        Hours: day.hours.toFixed(2),
        AmountCents: Math.round((day.amount ?? 0) * 100),
        Comments: day.comment ?? '',
        SortIndex: i,
      })),
    );
  }
}

/** Everything of this area in the demo company (after the payroll seed). */
export async function seedPayrollManual(db: Db, now: Date = new Date()): Promise<void> {
  await seedWagePolicies(db, now);
  await seedManualSubmissions(db, now);
}
