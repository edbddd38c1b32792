// Benchmark: a compliance report job over 2 000 employees × 4 weeks (40 000 work entries, 5 days a
// week, most with a lunch break; some days long, some without a break, some split) — every one of the
// 26 kinds, to a finished xlsx — goal ≤ 10 s on the embedded database, memory bounded (issue 20,
// README "Benchmarks"). Builds the app without the demo on an in-memory PGlite (or with DATABASE_URL /
// TEST_DATABASE_URL on a fresh database of a PostgreSQL server), inserts one Ontario office, the
// employees, their employment records and entries, then times the job as the worker runs it
// (runComplianceJob: load by chunks of employees, rules, rows to temporary files, streamed workbook)
// and samples the heap every 20 ms. Prints the figures; asserts nothing (timings vary by machine).
//   npx tsx tests/bench/compliance.bench.ts
import { performance } from 'node:perf_hooks';
import {
  corporations,
  employees,
  employmentRecords,
  icdOffices,
  timeEntries,
  timeEntryTypes,
} from '../../server/db/tables';
import { addDays } from '../../server/domain/time/clock-time';
import { runComplianceJob } from '../../server/modules/report-jobs/run';
import { COMPLIANCE_KINDS } from '../../src/contract/report-jobs';
import { createTestApp } from '../api/helpers';

const EMPLOYEES = 2_000;
const WEEKS = 4;
const CHUNK = 1_000;
const GOAL_MS = 10_000;
const MONDAY = '2031-03-03';

if (process.env.DATABASE_URL && !process.env.TEST_DATABASE_URL)
  process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const t = await createTestApp({ seedDemo: false });
  const { db } = t;
  const where = process.env.TEST_DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite (in memory)';
  try {
    const [corp] = await db
      .insert(corporations)
      .values({ Owner: 'Bench Owner', ClientName: 'Bench Compliance Corp', CountryID: 2 })
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
    await db.insert(timeEntryTypes).values({ TimeEntryTypeID: 1, Name: 'Work' }).onConflictDoNothing();
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
    for (let i = 0; i < people.length; i += CHUNK)
      await db.insert(employmentRecords).values(
        people.slice(i, i + CHUNK).map((EmployeeID) => ({
          EmployeeID,
          IcdOfficeID: office.IcdOfficeID,
          EmployeeStatusID: 1,
          BasisOfPayID: 1,
          PayRate: '18.00',
          PayFrequencyID: 2,
        })),
      );
    // Work entries first (ids back), then their breaks.
    let entryCount = 0;
    for (let i = 0; i < people.length; i += 250) {
      const work: (typeof timeEntries.$inferInsert)[] = [];
      for (const [k, EmployeeID] of people.slice(i, i + 250).entries())
        for (let w = 0; w < WEEKS; w++)
          for (let d = 0; d < 5; d++) {
            const long = (i + k + d) % 7 === 0;
            work.push({
              EmployeeID,
              IcdOfficeID: office.IcdOfficeID,
              TimeEntryTypeID: 1,
              Date: addDays(MONDAY, w * 7 + d),
              StartTime: '08:00:00',
              EndTime: long ? '19:30:00' : '16:30:00',
              TimeZoneOffset: -300,
            });
          }
      const ids = await db
        .insert(timeEntries)
        .values(work)
        .returning({ Id: timeEntries.Id, Date: timeEntries.Date });
      const breaks = ids.flatMap((e, n) =>
        n % 9 === 0
          ? []
          : [
              {
                ...work[n],
                Date: e.Date,
                StartTime: n % 13 === 0 ? '13:40:00' : '12:00:00',
                EndTime: n % 13 === 0 ? '14:00:00' : '12:30:00',
                IsBreak: true,
                ParentTimeEntryID: e.Id,
              },
            ],
      );
      await db.insert(timeEntries).values(breaks);
      entryCount += work.length + breaks.length;
    }
    console.log(
      `setup: ${EMPLOYEES} employees, ${entryCount} time entries (work and breaks) in ${((performance.now() - setup) / 1000).toFixed(1)} s`,
    );

    for (const format of [1, 2] as const) {
      global.gc?.();
      const base = process.memoryUsage().heapUsed;
      let peak = base;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }, 20);
      const started = performance.now();
      let progressCalls = 0;
      const result = await runComplianceJob(
        db,
        {
          Id: format,
          Reports: [...COMPLIANCE_KINDS],
          ReportOutputFormat: format,
          StartDate: MONDAY,
          EndDate: addDays(MONDAY, WEEKS * 7 - 1),
          ScopeOfficeIDs: [office.IcdOfficeID],
          DateRangeType: 'Manual',
        },
        {
          checkpoint: async () => {
            progressCalls++;
          },
        },
      );
      const ms = performance.now() - started;
      clearInterval(sampler);
      console.log(
        `${format === 1 ? 'MultipleWorksheets   ' : 'SingleMergedWorksheet'}: ${(ms / 1000).toFixed(2)} s to a finished xlsx (goal ≤ ${GOAL_MS / 1000} s) on ${where}; ` +
          `${result.rowCount} rows (${result.flaggedCount} flagged), ${(result.content.length / 1024 / 1024).toFixed(1)} MB xlsx, ` +
          `heap peak +${mb(peak - base)} over ${mb(base)}, ${progressCalls} checkpoints`,
      );
    }
  } finally {
    await t.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
