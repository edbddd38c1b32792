// The example import workbooks of docs/samples/ (scripts/make-import-samples.ts) against the demo
// company built at the clock they were made for: every row is good and matches a demo employee, and
// the ADP sample applies.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { seedDemo } from '../../server/seed/demo';
import type { ImportApplyResult, ImportPreview } from '../../src/contract/imports';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from './helpers';

const SAMPLES = join(import.meta.dirname, '..', '..', 'docs', 'samples');
let t: TestApp;
let payroll: Session;

beforeAll(async () => {
  const database = await openDatabase({ inMemory: true });
  await seedDemo(database.db, {
    password: DEMO_PASSWORD,
    costLog2: 10,
    now: new Date('2026-11-23T12:00:00Z'),
  });
  t = await createTestApp({}, { database });
  payroll = await t.signIn('payroll');
});
afterAll(() => t.close());

function read(path: string, file: string) {
  const boundary = '----apexsample';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="${file}"\r\n\r\n`),
    readFileSync(join(SAMPLES, file)),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return payroll.call({
    method: 'POST',
    url: `/api/payrolls/${path}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('docs/samples', () => {
  it.each([
    [
      'read-adp-emp-numbers-from-excel',
      'adp-employee-numbers.xlsx',
      { RowCount: 12, ChangeCount: 8, UnchangedCount: 4 },
    ],
    ['read-termination-emp-numbers-from-excel', 'terminations.xlsx', { RowCount: 3, ChangeCount: 3 }],
    [
      'read-direct-deposit-from-excel',
      'direct-deposit.xlsx',
      { RowCount: 5, ChangeCount: 2, UnchangedCount: 3 },
    ],
    ['read-req-numbers-from-excel', 'request-numbers.xlsx', { BadCount: 0 }],
  ])('%s reads %s with every row matched', async (path, file, counts) => {
    const res = await read(path, file);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<ImportPreview>();
    expect(p, JSON.stringify(p.Rows.map((r) => r.Reason))).toMatchObject({ ...counts, BadCount: 0 });
    expect(p.Rows.every((r) => r.EmployeeID !== null)).toBe(true);
  });

  it('the ADP sample applies, and a second time changes nothing', async () => {
    const p = (
      await read('read-adp-emp-numbers-from-excel', 'adp-employee-numbers.xlsx')
    ).json<ImportPreview>();
    const apply = () =>
      payroll.call({
        method: 'POST',
        url: '/api/payrolls/import-adp-emp-numbers-to-apex',
        payload: { ImportID: p.ImportID },
      });
    expect((await apply()).json<ImportApplyResult>()).toMatchObject({ Changed: 8, AlreadyApplied: false });
    expect((await apply()).json<ImportApplyResult>()).toMatchObject({ Changed: 0, AlreadyApplied: true });
  });
});
