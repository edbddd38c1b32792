// Benchmark: previewing a 50 000-row ADP employee-number workbook — goal ≤ 10 s (issue 18, README
// "Benchmarks"). Builds the app on an in-memory PGlite (or DATABASE_URL / TEST_DATABASE_URL: a fresh
// database of a PostgreSQL server) with the demo company, adds 50 000 employees at one office, writes
// an .xlsx of 50 000 rows (every 10th matched by name, the rest by e-mail; every 50th a bad number,
// every 100th an unknown e-mail) and times POST payrolls/read-adp-emp-numbers-from-excel through
// app.inject as the payroll processor (upload, streamed read, matching, storing the preview, the
// answer). Prints the time, the file size and the heap growth; asserts nothing (timings vary by machine).
//   npx tsx tests/bench/imports.bench.ts
import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { employees, employmentRecords, icdOffices } from '../../server/db/tables';
import type { ImportPreview } from '../../src/contract/imports';
import { createTestApp } from '../api/helpers';

const ROWS = 50_000;
const CHUNK = 1_000;
const GOAL_MS = 10_000;

if (process.env.DATABASE_URL && !process.env.TEST_DATABASE_URL)
  process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const ws = wb.addWorksheet('ADP export');
  for (const r of rows) ws.addRow(r).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

function multipart(data: Buffer) {
  const boundary = '----apexbench';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="adp.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function main() {
  const t = await createTestApp();
  const where = process.env.TEST_DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite (in memory)';
  try {
    const [office] = await t.db.select().from(icdOffices).where(eq(icdOffices.OfficeName, 'Toronto Central'));
    const rows: unknown[][] = [['Associate ID', 'Email', 'First Name', 'Last Name']];
    for (let start = 0; start < ROWS; start += CHUNK) {
      const made = await t.db
        .insert(employees)
        .values(
          Array.from({ length: CHUNK }, (_, k) => {
            const i = start + k;
            return {
              FirstName: `Bench${i}`,
              LastName: `Worker${i}`,
              UserName: `bench.worker${i}`,
              EmailAddress: `bench.worker${i}@bench.example`,
              ADPEmployeeID: `B${String(i).padStart(6, '0')}`,
            };
          }),
        )
        .returning({ id: employees.EmployeeID });
      await t.db
        .insert(employmentRecords)
        .values(
          made.map((m) => ({ EmployeeID: m.id, IcdOfficeID: office.IcdOfficeID, EmployeeStatusID: 1 })),
        );
    }
    for (let i = 0; i < ROWS; i++) {
      const adp = i % 50 === 0 ? 'X!' : `N${String(i).padStart(7, '0')}`;
      if (i % 100 === 1) rows.push([adp, `nobody${i}@bench.example`, '', '']);
      else if (i % 10 === 0) rows.push([adp, '', `Bench${i}`, `Worker${i}`]);
      else rows.push([adp, `bench.worker${i}@bench.example`, '', '']);
    }
    const file = await workbook(rows);
    const payroll = await t.signIn('payroll');
    const body = multipart(file);
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const res = await payroll.call({
      method: 'POST',
      url: '/api/payrolls/read-adp-emp-numbers-from-excel',
      ...body,
    });
    const ms = performance.now() - started;
    const heapAfter = process.memoryUsage().heapUsed;
    if (res.statusCode !== 200)
      throw new Error(`preview failed: ${res.statusCode} ${res.body.slice(0, 500)}`);
    const p = res.json<ImportPreview>();
    console.log(`database: ${where}`);
    console.log(
      `preview of ${p.RowCount} rows (${(file.length / 1024 / 1024).toFixed(1)} MB .xlsx): ${Math.round(ms)} ms ` +
        `(goal ≤ ${GOAL_MS} ms ${ms <= GOAL_MS ? 'met' : 'MISSED'}); ${p.ChangeCount} changes, ${p.BadCount} bad rows; ` +
        `heap grew ${Math.round((heapAfter - heapBefore) / 1024 / 1024)} MB`,
    );
  } finally {
    await t.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
