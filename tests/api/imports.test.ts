// Payroll imports from spreadsheets: a file mixing good, duplicate and bad rows previews exactly (row
// by row, each bad row by its line and reason); the apply is all or nothing and idempotent; wrong
// type, too large and missing columns get one message with nothing stored or changed; terminations
// end employments and queue them for the provider; import definitions (list, create, default per
// kind, read, update with Version, rename, delete); permission refusals.
import { and, count, eq, isNotNull, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankAccounts,
  employees,
  employmentEvents,
  employmentRecords,
  payrollImports,
} from '../../server/db/tables';
import type {
  ImportApplyResult,
  ImportDefinition,
  ImportPreview,
  ImportRowsPage,
} from '../../src/contract/imports';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let payroll: Session;
let admin: Session;
let manager: Session;
let rep: Session;

type Emp = typeof employees.$inferSelect;
let people: Emp[];
/** Active employees (an Active record, not a demo user). */
let active: Emp[];

async function xlsx(rows: unknown[][], sheetName = 'Sheet1', extraSheetFirst = false): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  if (extraSheetFirst) wb.addWorksheet('Notes').addRow(['Exported from ADP']);
  const ws = wb.addWorksheet(sheetName);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(
  files: Record<string, { name: string; data: Buffer }>,
  fields: Record<string, string> = {},
) {
  const boundary = '----apeximport3f9a';
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const [k, f] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function read(
  who: Session,
  path: string,
  data: Buffer,
  name = 'file.xlsx',
  fields: Record<string, string> = {},
) {
  const body = multipart({ File: { name, data } }, fields);
  return who.call({ method: 'POST', url: `/api/payrolls/${path}`, ...body });
}
const readAdp = (who: Session, data: Buffer, fields?: Record<string, string>) =>
  read(who, 'read-adp-emp-numbers-from-excel', data, 'adp.xlsx', fields);
const applyAdp = (who: Session, ImportID: number) =>
  who.call({ method: 'POST', url: '/api/payrolls/import-adp-emp-numbers-to-apex', payload: { ImportID } });

async function importCount() {
  const [{ n }] = await t.db.select({ n: count() }).from(payrollImports);
  return n;
}
async function adpOf(id: number) {
  const [e] = await t.db
    .select({ a: employees.ADPEmployeeID })
    .from(employees)
    .where(eq(employees.EmployeeID, id));
  return e.a;
}

const HEAD = ['Associate ID', 'Email', 'First Name', 'Last Name'];

beforeAll(async () => {
  t = await createTestApp();
  [payroll, admin, manager, rep] = await Promise.all(
    ['payroll', 'admin', 'manager', 'rep'].map((u) => t.signIn(u)),
  );
  people = await t.db.select().from(employees).orderBy(employees.EmployeeID);
  const activeIds = new Set(
    (
      await t.db
        .select({ id: employmentRecords.EmployeeID })
        .from(employmentRecords)
        .where(eq(employmentRecords.EmployeeStatusID, 1))
    ).map((r) => r.id),
  );
  active = people.filter(
    (p) => activeIds.has(p.EmployeeID) && p.ADPEmployeeID && p.EmailAddress?.includes('@apex-demo'),
  );
  expect(active.length).toBeGreaterThan(8);
});
afterAll(() => t.close());

describe('ADP employee numbers', () => {
  it('previews a file mixing good, duplicate and bad rows exactly, and refuses to apply it', async () => {
    const [a, b, c, d] = active;
    const file = await xlsx([
      HEAD,
      ['ADP900001', a.EmailAddress, '', ''], // 2: change, by e-mail
      [b.ADPEmployeeID, '', b.FirstName, b.LastName], // 3: unchanged, by name
      ['ADP900001', a.EmailAddress, '', ''], // 4: duplicate of line 2
      ['ADP900002', 'nobody@example.com', '', ''], // 5: unknown employee
      ['A!', c.EmailAddress, '', ''], // 6: bad number format
      [d.ADPEmployeeID, c.EmailAddress, '', ''], // 7: number of another employee (who keeps it)
      [],
      ['ADP900003', d.EmailAddress, 'Someone', 'Else'], // 9: name does not match the e-mail
    ]);
    const before = await importCount();
    const res = await readAdp(payroll, file);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<ImportPreview>();
    expect(p).toMatchObject({
      ImportKind: 'AdpEmployeeNumbers',
      RowCount: 7,
      ChangeCount: 1,
      UnchangedCount: 1,
      BadCount: 5,
      CanApply: false,
      MoreRows: false,
    });
    expect(p.DefinitionName).toBe('Standard ADP employee numbers');
    expect(await importCount()).toBe(before + 1);
    const byLine = Object.fromEntries(p.Rows.map((r) => [r.Line, r]));
    expect(Object.keys(byLine).map(Number)).toEqual([2, 3, 4, 5, 6, 7, 9]);
    expect(byLine[2]).toMatchObject({
      Status: 'Change',
      EmployeeID: a.EmployeeID,
      MatchedBy: 'EmailAddress',
      CurrentValue: a.ADPEmployeeID,
      NewValue: 'ADP900001',
      Reason: null,
    });
    expect(byLine[3]).toMatchObject({
      Status: 'Unchanged',
      EmployeeID: b.EmployeeID,
      MatchedBy: 'Name',
      CurrentValue: b.ADPEmployeeID,
      NewValue: b.ADPEmployeeID,
    });
    expect(byLine[4]).toMatchObject({
      Status: 'Bad',
      EmployeeID: a.EmployeeID,
      Reason: 'Duplicate of line 2 (the same employee and value)',
    });
    expect(byLine[5]).toMatchObject({
      Status: 'Bad',
      EmployeeID: null,
      Reason: 'No employee has the e-mail nobody@example.com',
    });
    expect(byLine[6]).toMatchObject({
      Status: 'Bad',
      EmployeeID: c.EmployeeID,
      Reason: 'The ADP number “A!” is not valid (3 to 20 letters, digits or dashes)',
    });
    expect(byLine[7]).toMatchObject({
      Status: 'Bad',
      Reason: `The ADP number ${d.ADPEmployeeID} already belongs to ${d.FirstName} ${d.LastName} (Apex ID ${d.EmployeeID})`,
    });
    expect(byLine[9].Reason).toBe(
      `The name Someone Else does not match ${d.FirstName} ${d.LastName} (Apex ID ${d.EmployeeID})`,
    );

    // Rows page by page and by status.
    const bad = await payroll.call({
      method: 'GET',
      url: `/api/payrolls/imports/${p.ImportID}/rows?status=Bad&pageSize=2&pageIndex=1`,
    });
    expect(bad.json<ImportRowsPage>()).toMatchObject({ TotalCount: 5, PageIndex: 1, PageSize: 2 });
    expect(bad.json<ImportRowsPage>().Items.map((r) => r.Line)).toEqual([6, 7]);
    const again = await payroll.call({ method: 'GET', url: `/api/payrolls/imports/${p.ImportID}` });
    expect(again.json<ImportPreview>().Rows).toEqual(p.Rows);

    // All or nothing: the good row is not applied either.
    const apply = await applyAdp(payroll, p.ImportID);
    expect(apply.statusCode).toBe(422);
    expect(apply.json().Messages).toEqual([
      'Line 4: Duplicate of line 2 (the same employee and value)',
      'Line 5: No employee has the e-mail nobody@example.com',
      'Line 6: The ADP number “A!” is not valid (3 to 20 letters, digits or dashes)',
      `Line 7: The ADP number ${d.ADPEmployeeID} already belongs to ${d.FirstName} ${d.LastName} (Apex ID ${d.EmployeeID})`,
      `Line 9: The name Someone Else does not match ${d.FirstName} ${d.LastName} (Apex ID ${d.EmployeeID})`,
    ]);
    expect(await adpOf(a.EmployeeID)).toBe(a.ADPEmployeeID);
  });

  it('the same employee with two different numbers, and one number for two employees, are both bad', async () => {
    const [a, b, c] = active.slice(4);
    const p = (
      await readAdp(
        payroll,
        await xlsx([
          HEAD,
          ['ADP910001', a.EmailAddress],
          ['ADP910002', a.EmailAddress],
          ['ADP910003', b.EmailAddress],
          ['ADP910003', c.EmailAddress],
        ]),
      )
    ).json<ImportPreview>();
    expect(p.Rows.map((r) => [r.Line, r.Status, r.Reason])).toEqual([
      [2, 'Bad', 'The employee is on lines 2, 3 with different values'],
      [3, 'Bad', 'The employee is on lines 2, 3 with different values'],
      [4, 'Bad', 'The ADP number ADP910003 is on lines 4, 5 for different employees'],
      [5, 'Bad', 'The ADP number ADP910003 is on lines 4, 5 for different employees'],
    ]);
  });

  it('applies a clean file all at once; applying again, or re-reading the file, changes nothing', async () => {
    const [a, b, , , , , x] = active;
    // x keeps their number; a takes a new one; b swaps to a number a gave up? No: a fresh one.
    const file = await xlsx([
      HEAD,
      ['ADP920001', a.EmailAddress],
      ['adp920002', '', b.FirstName, b.LastName],
      [x.ADPEmployeeID, x.EmailAddress],
    ]);
    const p = (await readAdp(payroll, file)).json<ImportPreview>();
    expect(p).toMatchObject({
      ChangeCount: 2,
      UnchangedCount: 1,
      BadCount: 0,
      CanApply: true,
      ApplyPath: 'payrolls/import-adp-emp-numbers-to-apex',
    });
    const [{ v: versionBefore }] = await t.db
      .select({ v: employees.Version })
      .from(employees)
      .where(eq(employees.EmployeeID, a.EmployeeID));
    const res = await applyAdp(payroll, p.ImportID);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportApplyResult>()).toMatchObject({
      Changed: 2,
      Unchanged: 1,
      AlreadyApplied: false,
      Message: '2 employees were changed.',
    });
    expect(await adpOf(a.EmployeeID)).toBe('ADP920001');
    expect(await adpOf(b.EmployeeID)).toBe('adp920002');
    expect(await adpOf(x.EmployeeID)).toBe(x.ADPEmployeeID);
    const [{ v: versionAfter }] = await t.db
      .select({ v: employees.Version })
      .from(employees)
      .where(eq(employees.EmployeeID, a.EmployeeID));
    expect(versionAfter).toBe(versionBefore + 1);

    const twice = await applyAdp(payroll, p.ImportID);
    expect(twice.statusCode).toBe(200);
    expect(twice.json<ImportApplyResult>()).toMatchObject({ Changed: 0, AlreadyApplied: true });
    expect(twice.json<ImportApplyResult>().Message).toMatch(
      /^This file was already applied; nothing changed\./,
    );
    const [{ v: versionTwice }] = await t.db
      .select({ v: employees.Version })
      .from(employees)
      .where(eq(employees.EmployeeID, a.EmployeeID));
    expect(versionTwice).toBe(versionAfter);
    const got = await payroll.call({ method: 'GET', url: `/api/payrolls/imports/${p.ImportID}` });
    expect(got.json<ImportPreview>()).toMatchObject({ CanApply: false, AppliedByName: 'Priya Shah' });

    const reread = (await readAdp(payroll, file)).json<ImportPreview>();
    expect(reread).toMatchObject({ ChangeCount: 0, UnchangedCount: 3, BadCount: 0, CanApply: true });
    const none = (await applyAdp(payroll, reread.ImportID)).json<ImportApplyResult>();
    expect(none).toMatchObject({
      Changed: 0,
      AlreadyApplied: false,
      Message: 'Every row already matches Apex; nothing changed.',
    });
    expect(await adpOf(a.EmployeeID)).toBe('ADP920001');
  });

  it('refuses (409, nothing written) when an employee changed since the preview', async () => {
    const [, , a, b] = active;
    const p = (
      await readAdp(payroll, await xlsx([HEAD, ['ADP930001', a.EmailAddress], ['ADP930002', b.EmailAddress]]))
    ).json<ImportPreview>();
    await t.db
      .update(employees)
      .set({ ADPEmployeeID: 'CHANGED1' })
      .where(eq(employees.EmployeeID, b.EmployeeID));
    const res = await applyAdp(payroll, p.ImportID);
    expect(res.statusCode).toBe(409);
    expect(res.json().Messages).toEqual([
      `Line 3: ${b.FirstName} ${b.LastName}'s ADP number is now CHANGED1`,
    ]);
    expect(await adpOf(a.EmployeeID)).toBe(a.ADPEmployeeID);
  });

  it('reads with a chosen definition: other headers, a header row further down, a named sheet', async () => {
    const [a] = active.slice(8);
    const def = await payroll.call({
      method: 'POST',
      url: '/api/payrolls/adp-config/definitions',
      payload: {
        Name: 'ADP file numbers',
        ImportKind: 'AdpEmployeeNumbers',
        HeaderRow: 3,
        SheetName: 'Export',
        Columns: { AdpEmployeeID: 'File Number', EmployeeID: 'Apex #' },
      },
    });
    expect(def.statusCode, def.body).toBe(201);
    const id = def.json<ImportDefinition>().ImportDefinitionID as number;
    const file = await xlsx(
      [['ADP export'], [], ['Apex #', 'File Number'], [a.EmployeeID, 940001]],
      'Export',
      true,
    );
    const res = await readAdp(payroll, file, { ImportDefinitionID: String(id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportPreview>()).toMatchObject({
      ImportDefinitionID: id,
      DefinitionName: 'ADP file numbers',
    });
    expect(res.json<ImportPreview>().Rows).toEqual([
      expect.objectContaining({
        Line: 4,
        Status: 'Change',
        EmployeeID: a.EmployeeID,
        MatchedBy: 'EmployeeID',
        NewValue: '940001',
      }),
    ]);
    // The built-in headers are not in this file: one message naming what is missing.
    const missing = await readAdp(payroll, file);
    expect(missing.statusCode).toBe(400);
    // A definition of another kind is refused.
    const term = await payroll.call({
      method: 'GET',
      url: '/api/payrolls/adp-config/definitions/default/Terminations',
    });
    expect(term.json<ImportDefinition>().ImportDefinitionID).toBeNull();
  });
});

describe('bad files: one clear message, nothing stored', () => {
  it('a file that is not a workbook (by content, whatever its name) is 415', async () => {
    const before = await importCount();
    const pdf = await readAdp(payroll, Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().Message).toBe(
      'This file is not an Excel workbook (.xlsx). Save it from Excel as .xlsx and upload it again.',
    );
    // A ZIP archive that is not a workbook.
    const zip = Buffer.from('504b0506000000000000000000000000000000000000', 'hex');
    expect((await readAdp(payroll, zip)).statusCode).toBe(415);
    expect(await importCount()).toBe(before);
  });

  it('a file over 10 MB is 413', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0x41);
    big.write('PK\u0003\u0004', 0, 'latin1');
    const res = await readAdp(payroll, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().Message).toBe('The file is larger than 10 MB. Split it into smaller files.');
  });

  it('missing columns: one message naming them and the columns found', async () => {
    const before = await importCount();
    const res = await readAdp(
      payroll,
      await xlsx([
        ['Email', 'Name'],
        ['x@example.com', 'X'],
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe(
      'The file has no column “Associate ID” (ADP employee number) on row 1. Nothing was read. Columns found: Email, Name.',
    );
    const noId = await readAdp(
      payroll,
      await xlsx([
        ['Associate ID', 'Name'],
        ['ADP1234', 'X'],
      ]),
    );
    expect(noId.statusCode).toBe(400);
    expect(noId.json().Message).toMatch(
      /^The file has no column that identifies employees on row 1: add one of “Apex ID” \(Apex ID\), “Email” \(e-mail\), “First Name” \(first name\) and “Last Name” \(last name\)\. Nothing was read\./,
    );
    const empty = await readAdp(payroll, await xlsx([HEAD]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Message).toBe('The sheet has no data rows under its header row.');
    const noFile = await payroll.call({
      method: 'POST',
      url: '/api/payrolls/read-adp-emp-numbers-from-excel',
      ...multipart({}),
    });
    expect(noFile.statusCode).toBe(400);
    expect(await importCount()).toBe(before);
  });
});

describe('terminations', () => {
  it('previews, terminates all at once (employment records, queue for the provider), then changes nothing', async () => {
    const [a, b] = active.slice(10);
    const [rec] = await t.db
      .select()
      .from(employmentRecords)
      .where(and(eq(employmentRecords.EmployeeID, a.EmployeeID), eq(employmentRecords.EmployeeStatusID, 1)));
    const terminated = people.find((p) => p.Inactive && p.ADPEmployeeID);
    const head = ['Associate ID', 'Termination Date', 'Termination Reason', 'Comments'];
    const file = await xlsx([
      head,
      [a.ADPEmployeeID, new Date(Date.UTC(2026, 10, 20)), 'Resigned', 'Moved away'],
      [b.ADPEmployeeID, '11/21/2026', '', ''],
    ]);
    const p = (await read(payroll, 'read-termination-emp-numbers-from-excel', file)).json<ImportPreview>();
    expect(p.Rows).toEqual([
      expect.objectContaining({
        Line: 2,
        Status: 'Change',
        EmployeeID: a.EmployeeID,
        MatchedBy: 'AdpEmployeeID',
        CurrentValue: 'Active',
        NewValue: 'Terminated 2026-11-20 · Resigned',
      }),
      expect.objectContaining({
        Line: 3,
        Status: 'Change',
        EmployeeID: b.EmployeeID,
        NewValue: 'Terminated 2026-11-21 · Other',
      }),
    ]);
    // Bad rows: a date that is not one, an unknown reason, an employee already terminated (unchanged).
    const mixed = (
      await read(
        payroll,
        'read-termination-emp-numbers-from-excel',
        await xlsx([
          head,
          [a.ADPEmployeeID, '2026-13-40', '', ''],
          [b.ADPEmployeeID, '2026-11-21', 'Fired for fun', ''],
          ...(terminated ? [[terminated.ADPEmployeeID, '2026-11-21', '', '']] : []),
        ]),
      )
    ).json<ImportPreview>();
    expect(mixed.Rows[0]).toMatchObject({
      Status: 'Bad',
      Reason: 'The termination date “2026-13-40” is not a date (use YYYY-MM-DD)',
    });
    expect(mixed.Rows[1].Reason).toBe(
      'Unknown termination reason “Fired for fun” (use one of: Resigned, End of contract, Dismissed, Job abandonment, Other)',
    );
    if (terminated)
      expect(mixed.Rows[2]).toMatchObject({ Status: 'Unchanged', EmployeeID: terminated.EmployeeID });

    const res = await payroll.call({
      method: 'POST',
      url: '/api/payrolls/process-terminated-employees',
      payload: { ImportID: p.ImportID },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportApplyResult>()).toMatchObject({ Changed: 2, AlreadyApplied: false });
    const [after] = await t.db
      .select()
      .from(employmentRecords)
      .where(eq(employmentRecords.EmploymentRecordID, rec.EmploymentRecordID));
    expect(after).toMatchObject({
      EmployeeStatusID: 2,
      TerminationDate: '2026-11-20',
      TerminationReasonID: 1,
      TerminationReasonExtra: 'Moved away',
      Version: rec.Version + 1,
    });
    const [emp] = await t.db.select().from(employees).where(eq(employees.EmployeeID, a.EmployeeID));
    expect(emp).toMatchObject({ Inactive: true, InactiveDate: '2026-11-20' });
    const events = await t.db
      .select()
      .from(employmentEvents)
      .where(and(eq(employmentEvents.EmployeeID, a.EmployeeID), eq(employmentEvents.EventTypeID, 2)));
    expect(events).toEqual([
      expect.objectContaining({ EffectiveDate: '2026-11-20', TerminationReasonID: 1 }),
    ]);

    const twice = await payroll.call({
      method: 'POST',
      url: '/api/payrolls/process-terminated-employees',
      payload: { ImportID: p.ImportID },
    });
    expect(twice.json<ImportApplyResult>()).toMatchObject({ Changed: 0, AlreadyApplied: true });
    const reread = (
      await read(payroll, 'read-termination-emp-numbers-from-excel', file)
    ).json<ImportPreview>();
    expect(reread).toMatchObject({ ChangeCount: 0, UnchangedCount: 2 });
    expect(reread.Rows[0].Reason).toBe('Already terminated on this date');
    // An ADP import is not applied by the termination call, nor the other way round.
    const wrong = await applyAdp(payroll, reread.ImportID);
    expect(wrong.statusCode).toBe(400);
  });
});

describe('previews only: direct deposit and request numbers', () => {
  it('direct deposit compares with the account on direct deposit (masked without bank:viewSensitive)', async () => {
    const [acct] = await t.db
      .select()
      .from(bankAccounts)
      .where(
        and(
          eq(bankAccounts.IsDirectDeposit, true),
          eq(bankAccounts.CountryID, 2),
          isNotNull(bankAccounts.InstitutionNumber),
        ),
      );
    const [e] = await t.db.select().from(employees).where(eq(employees.EmployeeID, acct.EmployeeID));
    const file = await xlsx([
      ['Apex ID', 'Routing Number', 'Institution Number', 'Account Number'],
      [e.EmployeeID, acct.RoutingNumber, acct.InstitutionNumber, acct.AccountNumber],
      [e.EmployeeID, '123', '001', '12345678'],
    ]);
    const p = (await read(payroll, 'read-direct-deposit-from-excel', file)).json<ImportPreview>();
    expect(p).toMatchObject({ ApplyPath: null, CanApply: false });
    expect(p.Rows[0]).toMatchObject({ Status: 'Unchanged', Reason: 'Matches the account on direct deposit' });
    expect(p.Rows[1]).toMatchObject({ Status: 'Bad', Reason: 'The transit number must be 5 digits' });
  });

  it('request numbers name the manual requests (unknown numbers are bad)', async () => {
    const p = (
      await read(payroll, 'read-req-numbers-from-excel', await xlsx([['Request Number'], [999999], ['abc']]))
    ).json<ImportPreview>();
    expect(p.Rows.map((r) => r.Reason)).toEqual([
      'No manual request has the number 999999',
      'The request number “abc” is not a number',
    ]);
  });
});

describe('import definitions', () => {
  const base = {
    ImportKind: 'Terminations',
    Columns: { AdpEmployeeID: 'Emp #', TerminationDate: 'Term Date' },
  };
  it('create, read, default per kind, update with Version, rename, delete', async () => {
    const created = await payroll.call({
      method: 'POST',
      url: '/api/payrolls/adp-config/definitions',
      payload: { ...base, Name: 'Terms A', IsDefault: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const d = created.json<ImportDefinition>();
    expect(d).toMatchObject({
      Name: 'Terms A',
      IsDefault: true,
      HeaderRow: 1,
      SheetName: null,
      Version: 1,
      UpdatedByName: 'Priya Shah',
    });
    const id = d.ImportDefinitionID as number;
    expect(
      (
        await payroll.call({
          method: 'GET',
          url: '/api/payrolls/adp-config/definitions/default/Terminations',
        })
      ).json<ImportDefinition>().ImportDefinitionID,
    ).toBe(id);
    // A second default replaces the first.
    const second = (
      await payroll.call({
        method: 'POST',
        url: '/api/payrolls/adp-config/definitions',
        payload: { ...base, Name: 'Terms B', IsDefault: true },
      })
    ).json<ImportDefinition>();
    expect(
      (
        await payroll.call({
          method: 'GET',
          url: '/api/payrolls/adp-config/definitions/default/Terminations',
        })
      ).json<ImportDefinition>().ImportDefinitionID,
    ).toBe(second.ImportDefinitionID);
    const first = (
      await payroll.call({ method: 'GET', url: `/api/payrolls/adp-config/definitions/${id}` })
    ).json<ImportDefinition>();
    expect(first).toMatchObject({ IsDefault: false, Version: 2 });
    const list = (
      await payroll.call({ method: 'GET', url: '/api/payrolls/adp-config/definitions?kind=Terminations' })
    ).json<ImportDefinition[]>();
    expect(list.map((x) => x.Name)).toEqual(['ADP terminations report', 'Terms A', 'Terms B']);

    // Duplicate names (without regard to case) are 409, on create, update and rename.
    const dup = await payroll.call({
      method: 'POST',
      url: '/api/payrolls/adp-config/definitions',
      payload: { ...base, Name: 'terms a' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().Message).toBe('An import definition with this name already exists.');
    expect(
      (
        await payroll.call({
          method: 'PUT',
          url: `/api/payrolls/adp-config/definitions/${id}/name/Terms%20B`,
        })
      ).statusCode,
    ).toBe(409);
    const renamed = await payroll.call({
      method: 'PUT',
      url: `/api/payrolls/adp-config/definitions/${id}/name/Terms%20C?version=2`,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<ImportDefinition>()).toMatchObject({ Name: 'Terms C', Version: 3 });

    const stale = await payroll.call({
      method: 'PUT',
      url: `/api/payrolls/adp-config/definitions/${id}`,
      payload: { ...base, Name: 'Terms C', HeaderRow: 2, Version: 2 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ Name: 'Terms C', Version: 3, HeaderRow: 1 });
    const saved = await payroll.call({
      method: 'PUT',
      url: `/api/payrolls/adp-config/definitions/${id}`,
      payload: { ...base, Name: 'Terms C', HeaderRow: 2, Version: 3 },
    });
    expect(saved.json<ImportDefinition>()).toMatchObject({ HeaderRow: 2, Version: 4 });

    expect(
      (await payroll.call({ method: 'DELETE', url: `/api/payrolls/adp-config/definitions/${id}?version=3` }))
        .statusCode,
    ).toBe(409);
    expect(
      (await payroll.call({ method: 'DELETE', url: `/api/payrolls/adp-config/definitions/${id}?version=4` }))
        .statusCode,
    ).toBe(204);
    expect(
      (await payroll.call({ method: 'GET', url: `/api/payrolls/adp-config/definitions/${id}` })).statusCode,
    ).toBe(404);
  });

  it('refuses a mapping that misses a required field, repeats a column or cannot identify employees', async () => {
    const res = await payroll.call({
      method: 'POST',
      url: '/api/payrolls/adp-config/definitions',
      payload: {
        Name: 'Broken',
        ImportKind: 'Terminations',
        Columns: { FirstName: 'Name', RoutingNumber: 'name' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors).toEqual({
      'Columns.RoutingNumber': [
        'This kind of import does not use this field',
        'The column “name” is already used for FirstName',
      ],
      'Columns.TerminationDate': ['Name the column that holds this field'],
      Columns: [
        'Name a column that identifies employees: Apex ID, e-mail, ADP number, or first and last name',
      ],
    });
    const unknownKind = await payroll.call({
      method: 'GET',
      url: '/api/payrolls/adp-config/definitions/default/Payslips',
    });
    expect(unknownKind.statusCode).toBe(400);
  });
});

describe('permission', () => {
  it('needs imports:run: manager and rep are refused with nothing stored or changed', async () => {
    const before = await importCount();
    const file = await xlsx([HEAD, ['ADP950001', active[0].EmailAddress]]);
    for (const who of [manager, rep]) {
      expect((await readAdp(who, file)).statusCode).toBe(403);
      expect(
        (await who.call({ method: 'GET', url: '/api/payrolls/adp-config/definitions' })).statusCode,
      ).toBe(403);
    }
    expect(await importCount()).toBe(before);
    // Admin may read what payroll previewed (imports:run everywhere); apply by rep is refused.
    const p = (await readAdp(payroll, file)).json<ImportPreview>();
    expect((await admin.call({ method: 'GET', url: `/api/payrolls/imports/${p.ImportID}` })).statusCode).toBe(
      200,
    );
    expect((await applyAdp(rep, p.ImportID)).statusCode).toBe(403);
    expect(await adpOf(active[0].EmployeeID)).not.toBe('ADP950001');
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(employees)
      .where(and(eq(employees.ADPEmployeeID, 'ADP950001'), ne(employees.EmployeeID, 0)));
    expect(n).toBe(0);
  });
});
