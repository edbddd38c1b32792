// Benchmark: a payroll of 2 000 employees × 2 weeks (20 000 time entries, 10 per employee, some
// 9.5-hour days so weekly overtime appears) computed by the engine and saved (totals, lines and a
// snapshot per entry) — goal ≤ 2 s (issue 16, README "Benchmarks"). Builds the app on an in-memory
// PGlite, or with DATABASE_URL / TEST_DATABASE_URL (a role that may create databases) on a fresh
// database of a PostgreSQL server; inserts one corporation with one Ontario office, the employees,
// their employment records, pay periods and entries; then times:
// - recalculateEntries over the whole payroll (first calculation: every entry saved);
// - the same again (nothing changed: fingerprints compared, nothing saved);
// - POST payrolls/{id}/calculations through app.inject as the payroll processor, with every entry to
//   save again (the whole call: recalculation and the answer of 2 000 entries, lines and employees).
// Prints the figures; asserts nothing (timings vary by machine).
//   npx tsx tests/bench/payroll.bench.ts
//   DATABASE_URL=postgres://… npx tsx tests/bench/payroll.bench.ts
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import {
  corporations,
  employees,
  employmentRecords,
  icdOffices,
  payPeriods,
  payrollEntries,
  payrolls,
  timeEntries,
} from '../../server/db/tables';
import { addDays } from '../../server/domain/time/clock-time';
import { periodContaining } from '../../server/domain/time-management/pay-periods';
import { recalculateEntries } from '../../server/modules/payroll/calculate';
import { ensurePayrolls } from '../../server/modules/payroll/ensure';
import type { TotalsResponse } from '../../src/contract/payroll';
import { createTestApp } from '../api/helpers';

const EMPLOYEES = 2_000;
const CHUNK = 1_000;
const GOAL_MS = 2_000;

if (process.env.DATABASE_URL && !process.env.TEST_DATABASE_URL)
  process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;

async function main() {
  const t = await createTestApp();
  const { db } = t;
  const where = process.env.TEST_DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite (in memory)';
  try {
    const window = periodContaining('2031-03-05', 2);
    const [corp] = await db
      .insert(corporations)
      .values({ Owner: 'Bench Owner', ClientName: 'Bench Payroll Corp', CountryID: 2 })
      .returning();
    const [office] = await db
      .insert(icdOffices)
      .values({
        IcdCorporationID: corp.IcdCorporationID,
        OfficeName: 'Bench Toronto',
        City: 'Toronto',
        StateProvince: 'ON',
        CountryID: 2,
        TimeZone: 'America/Toronto',
      })
      .returning();
    const setup = performance.now();
    const people: number[] = [];
    for (let i = 0; i < EMPLOYEES; i += CHUNK) {
      const rows = await db
        .insert(employees)
        .values(
          Array.from({ length: Math.min(CHUNK, EMPLOYEES - i) }, (_, k) => ({
            FirstName: `Bench${i + k}`,
            LastName: `Worker${String(i + k).padStart(4, '0')}`,
            UserName: `bench.worker.${i + k}`,
          })),
        )
        .returning({ id: employees.EmployeeID });
      people.push(...rows.map((r) => r.id));
    }
    const records: { id: number; employee: number }[] = [];
    for (let i = 0; i < people.length; i += CHUNK) {
      const rows = await db
        .insert(employmentRecords)
        .values(
          people.slice(i, i + CHUNK).map((EmployeeID, k) => ({
            EmployeeID,
            IcdOfficeID: office.IcdOfficeID,
            PayFrequencyID: 2,
            BasisOfPayID: 1,
            PayRate: (17 + ((i + k) % 10) * 0.25).toFixed(2),
          })),
        )
        .returning({ id: employmentRecords.EmploymentRecordID, employee: employmentRecords.EmployeeID });
      records.push(...rows);
    }
    for (let i = 0; i < records.length; i += CHUNK)
      await db.insert(payPeriods).values(
        records.slice(i, i + CHUNK).map((r) => ({
          EmployeeID: r.employee,
          IcdOfficeID: office.IcdOfficeID,
          EmploymentRecordID: r.id,
          PayFrequencyID: 2,
          StartDate: window.start,
          EndDate: window.end,
          IsApproved: true,
        })),
      );
    // 10 shifts each: Monday to Friday of both weeks; every third employee works 9.5 h (47.5 h a week).
    const entries = people.flatMap((EmployeeID, n) =>
      [0, 1, 2, 3, 4, 7, 8, 9, 10, 11].map((d) => ({
        Date: addDays(window.start, d),
        EmployeeID,
        TimeEntryTypeID: 1,
        IcdOfficeID: office.IcdOfficeID,
        TimeZoneOffset: -300,
        StartTime: '08:00:00',
        EndTime: n % 3 === 0 ? '17:30:00' : '16:00:00',
      })),
    );
    for (let i = 0; i < entries.length; i += CHUNK)
      await db.insert(timeEntries).values(entries.slice(i, i + CHUNK));
    await ensurePayrolls(db, { corporationIds: [corp.IcdCorporationID] });
    const [payroll] = await db
      .select()
      .from(payrolls)
      .where(eq(payrolls.IcdCorporationID, corp.IcdCorporationID));
    console.log(
      `setup: ${EMPLOYEES} employees, ${entries.length} time entries, payroll ${payroll.PayrollID} (${payroll.StartDate}…${payroll.EndDate}) in ${Math.round(performance.now() - setup)} ms on ${where}`,
    );

    if (process.env.PROFILE) {
      const { gather } = await import('../../server/modules/payroll/gather');
      const { computeEntry } = await import('../../server/domain/payroll');
      for (let k = 0; k < 2; k++) {
        const g0 = performance.now();
        const g = await gather(db, payroll);
        const g1 = performance.now();
        for (const x of g) computeEntry(x.input);
        const g2 = performance.now();
        console.log(`gather ${Math.round(g1 - g0)} ms, compute ${Math.round(g2 - g1)} ms`);
      }
    }
    const first = performance.now();
    const run1 = await recalculateEntries(db, payroll.PayrollID, undefined, 'calculation');
    const firstMs = performance.now() - first;
    const again = performance.now();
    const run2 = await recalculateEntries(db, payroll.PayrollID, undefined, 'calculation');
    const againMs = performance.now() - again;
    const [{ lines }] = (
      (await db.execute(
        sql`select count(*)::int as lines from payroll_entry_lines l join payroll_entries e using (payroll_entry_id) where e.payroll_id = ${payroll.PayrollID}`,
      )) as unknown as { rows: { lines: number }[] }
    ).rows;
    const [ot] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(payrollEntries)
      .where(sql`${payrollEntries.PayrollID} = ${payroll.PayrollID} and ${payrollEntries.OvertimeHours} > 0`);
    console.log(
      `compute + save, first calculation: ${Math.round(firstMs)} ms for ${run1.entries.length} entries (${run1.changed.length} saved, ${lines} lines, ${ot.n} with overtime) — ${(firstMs / EMPLOYEES).toFixed(3)} ms per employee (goal ≤ ${GOAL_MS} ms: ${firstMs <= GOAL_MS ? 'met' : 'MISSED'})`,
    );
    console.log(
      `recalculation with nothing changed: ${Math.round(againMs)} ms (${run2.changed.length} saved) — ${(againMs / EMPLOYEES).toFixed(3)} ms per employee`,
    );

    // The whole call as the payroll processor sees it (recalculation + the answer).
    await db
      .update(payrollEntries)
      .set({ Fingerprint: null })
      .where(eq(payrollEntries.PayrollID, payroll.PayrollID));
    const processor = await t.signIn('payroll');
    const http = performance.now();
    const res = await processor.call({
      method: 'POST',
      url: `/api/payrolls/${payroll.PayrollID}/calculations`,
      payload: { StartDate: payroll.StartDate, EndDate: payroll.EndDate },
    });
    const httpMs = performance.now() - http;
    const body = res.json<TotalsResponse>();
    console.log(
      `POST payrolls/{id}/calculations (every entry saved again, answer of ${body.PayrollEntries?.length ?? 0} entries, ${(res.body.length / 1_048_576).toFixed(1)} MiB): ${res.statusCode} in ${Math.round(httpMs)} ms`,
    );
  } finally {
    await t.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
