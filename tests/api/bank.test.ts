// Employee bank accounts: every call, the country rules with their messages, masking by permission,
// the audit trail (masked numbers only), scope refusals with nothing changed, direct-deposit files
// refused by type and size, Version conflicts.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, bankAccounts, employees, employmentRecords, icdOffices } from '../../server/db/tables';
import type { BankAccount, BankInfo } from '../../src/contract/bank';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let payroll: Session;
let manager: Session;
let owner: Session;
let rep: Session;
let admin: Session;
const ids: Record<string, number> = {};
/** An employee of the Chicago office (Summit, another corporation): out of owner's and manager's scope. */
let chicagoEmployee: number;
/** A Toronto employee with no bank data yet. */
let torontoNew: number;

const CA = { CountryID: 2, BankName: 'Royal Bank', RoutingNumber: '00102', InstitutionNumber: '003' };
const US = { CountryID: 1, BankName: 'Chase', RoutingNumber: '021000021' };

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

beforeAll(async () => {
  t = await createTestApp();
  [payroll, manager, owner, rep, admin] = await Promise.all(
    ['payroll', 'manager', 'owner', 'rep', 'admin'].map((u) => t.signIn(u)),
  );
  for (const e of await t.db.select().from(employees)) ids[e.UserName] = e.EmployeeID;
  const [chicago] = await t.db.select().from(icdOffices).where(eq(icdOffices.OfficeName, 'Chicago Loop'));
  const [emp] = await t.db
    .insert(employees)
    .values({ FirstName: 'Casey', LastName: 'Brooks', UserName: 'bank-test-chicago' })
    .returning();
  await t.db
    .insert(employmentRecords)
    .values({ EmployeeID: emp.EmployeeID, IcdOfficeID: chicago.IcdOfficeID });
  chicagoEmployee = emp.EmployeeID;
  const [toronto] = await t.db.select().from(icdOffices).where(eq(icdOffices.OfficeName, 'Toronto Central'));
  const [fresh] = await t.db
    .insert(employees)
    .values({ FirstName: 'Robin', LastName: 'Ahmed', UserName: 'bank-test-toronto' })
    .returning();
  await t.db
    .insert(employmentRecords)
    .values({ EmployeeID: fresh.EmployeeID, IcdOfficeID: toronto.IcdOfficeID });
  torontoNew = fresh.EmployeeID;
});
afterAll(() => t.close());

const accountsUrl = (id: number) => `/api/employees/${id}/bank-accounts`;

function create(who: Session, employeeId: number, payload: object) {
  return who.call({ method: 'POST', url: accountsUrl(employeeId), payload });
}

async function rowCount(employeeId: number) {
  const [{ n }] = await t.db
    .select({ n: count() })
    .from(bankAccounts)
    .where(eq(bankAccounts.EmployeeID, employeeId));
  return n;
}

/** A multipart/form-data body of fields and files. */
function multipart(fields: Record<string, string>, files: Record<string, { name: string; data: Buffer }>) {
  const boundary = '----apexbank7d1c';
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const [k, f] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function directDeposit(
  who: Session,
  employeeId: number,
  accountId: number,
  fields: Record<string, string>,
  files: Record<string, { name: string; data: Buffer }> = {},
) {
  const body = multipart(fields, files);
  return who.call({
    method: 'PUT',
    url: `${accountsUrl(employeeId)}/${accountId}/direct-deposit`,
    payload: body.payload,
    headers: body.headers,
  });
}

describe('country rules', () => {
  it.each([
    [
      'a 4-digit Canadian transit number',
      { ...CA, RoutingNumber: '1234' },
      'RoutingNumber',
      'The routing number must be 5 digits.',
    ],
    [
      'a Canadian account without institution number',
      { ...CA, InstitutionNumber: '' },
      'InstitutionNumber',
      'An institution number is required.',
    ],
    [
      'a 2-digit institution number',
      { ...CA, InstitutionNumber: '12' },
      'InstitutionNumber',
      'The institution number must be 3 digits.',
    ],
    [
      'a 5-digit US routing number',
      { ...US, RoutingNumber: '12345' },
      'RoutingNumber',
      'The routing number must be 9 digits.',
    ],
    [
      'a 4-digit US routing number',
      { ...US, RoutingNumber: '1234' },
      'RoutingNumber',
      'The routing number must be 9 digits.',
    ],
    [
      'a US account with an institution number',
      { ...US, InstitutionNumber: '003' },
      'InstitutionNumber',
      'No institution number for this country.',
    ],
    [
      'letters in the routing number',
      { ...US, RoutingNumber: '02100002A' },
      'RoutingNumber',
      'Use digits only.',
    ],
  ])('refuses %s with the field message, nothing saved', async (_name, fields, field, message) => {
    const before = await rowCount(ids.rep);
    const res = await create(payroll, ids.rep, { ...fields, AccountNumber: '12345678' });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors[field]).toContain(message);
    expect(await rowCount(ids.rep)).toBe(before);
  });

  it('refuses a new account without an account number, and one of 3 digits', async () => {
    const none = await create(payroll, ids.rep, CA);
    expect(none.json().Errors.AccountNumber).toEqual(['Enter the account number.']);
    const short = await create(payroll, ids.rep, { ...CA, AccountNumber: '123' });
    expect(short.json().Errors.AccountNumber).toEqual(['The account number must be 4 to 17 digits.']);
  });

  it('accepts a Canadian account (5 + 3 digits) and a US account (9 digits, no institution)', async () => {
    const ca = await create(payroll, ids.rep, { ...CA, AccountNumber: '1234567' });
    expect(ca.statusCode).toBe(201);
    const us = await create(payroll, ids.staff, { ...US, AccountNumber: '000123456789' });
    expect(us.statusCode).toBe(201);
    expect(us.json<BankAccount>().InstitutionNumber).toBeNull();
  });
});

describe('reading and masking', () => {
  let account: BankAccount;
  beforeAll(async () => {
    account = (await create(payroll, ids.manager, { ...CA, AccountNumber: '9876543210' })).json();
  });

  it('shows the full number to a holder of bank:viewSensitive', async () => {
    expect(account.AccountNumber).toBe('9876543210');
    expect(account.AccountNumberMasked).toBe(false);
    const list = (await payroll.call({ method: 'GET', url: accountsUrl(ids.manager) })).json<BankAccount[]>();
    expect(list.map((a) => a.AccountNumber)).toContain('9876543210');
    expect(list.every((a) => !a.AccountNumberMasked)).toBe(true);
  });

  it('masks it for readers without bank:viewSensitive (owner, manager)', async () => {
    for (const who of [owner, manager]) {
      const res = await who.call({ method: 'GET', url: accountsUrl(ids.manager) });
      expect(res.statusCode).toBe(200);
      const list = res.json<BankAccount[]>();
      expect(list.every((a) => a.AccountNumberMasked && /^\*{5}\d{4}$/.test(a.AccountNumber))).toBe(true);
      const a = list.find((x) => x.BankAccountID === account.BankAccountID)!;
      expect(a.AccountNumber).toBe('*****3210');
      expect(a.AccountNumberMasked).toBe(true);
      expect(res.body).not.toContain('9876543210');
      const one = await who.call({
        method: 'GET',
        url: `${accountsUrl(ids.manager)}/${account.BankAccountID}`,
      });
      expect(one.json<BankAccount>().AccountNumber).toBe('*****3210');
    }
  });

  it('reads one account; an account of another employee is 404', async () => {
    const one = await payroll.call({
      method: 'GET',
      url: `${accountsUrl(ids.manager)}/${account.BankAccountID}`,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json<BankAccount>().BankName).toBe('Royal Bank');
    const other = await payroll.call({
      method: 'GET',
      url: `${accountsUrl(ids.rep)}/${account.BankAccountID}`,
    });
    expect(other.statusCode).toBe(404);
  });

  it('refuses callers without bank:read (403) and employees outside the scope (404)', async () => {
    expect((await rep.call({ method: 'GET', url: accountsUrl(ids.rep) })).statusCode).toBe(403);
    await create(payroll, chicagoEmployee, { ...US, AccountNumber: '55554444' });
    for (const who of [owner, manager]) {
      const res = await who.call({ method: 'GET', url: accountsUrl(chicagoEmployee) });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('4444');
      expect(
        (await who.call({ method: 'GET', url: `/api/employees/bankinfo/${chicagoEmployee}` })).statusCode,
      ).toBe(404);
    }
    const all = await admin.call({ method: 'GET', url: accountsUrl(chicagoEmployee) });
    expect(all.json<BankAccount[]>().map((a) => a.AccountNumber)).toEqual(['55554444']);
  });

  it('lists the deposit amount types in scope only', async () => {
    const res = await payroll.call({ method: 'GET', url: `/api/employees/${ids.rep}/deposit-amount-types` });
    expect(res.json()).toEqual([
      { DepositAmountTypeID: 1, Name: 'Entire net pay (remainder)' },
      { DepositAmountTypeID: 2, Name: 'Fixed amount' },
      { DepositAmountTypeID: 3, Name: 'Percentage of net pay' },
    ]);
    const out = await manager.call({
      method: 'GET',
      url: `/api/employees/${chicagoEmployee}/deposit-amount-types`,
    });
    expect(out.statusCode).toBe(404);
  });
});

describe('writes', () => {
  it('refuses writers without bank:write (owner, manager: 403) and out-of-scope employees, nothing changed', async () => {
    const before = await rowCount(ids.rep);
    for (const who of [owner, manager, rep])
      expect((await create(who, ids.rep, { ...CA, AccountNumber: '1234567' })).statusCode).toBe(403);
    expect(await rowCount(ids.rep)).toBe(before);
  });

  it('saves an account with its Version, keeps the number when left out, and answers 409 when stale', async () => {
    const made = (await create(payroll, ids.owner, { ...CA, AccountNumber: '11112222' })).json<BankAccount>();
    const saved = await create(payroll, ids.owner, {
      ...CA,
      BankAccountID: made.BankAccountID,
      Version: made.Version,
      BankName: 'TD Canada Trust',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<BankAccount>()).toMatchObject({
      BankName: 'TD Canada Trust',
      AccountNumber: '11112222',
      Version: made.Version + 1,
    });
    const stale = await create(payroll, ids.owner, {
      ...CA,
      BankAccountID: made.BankAccountID,
      Version: made.Version,
      BankName: 'Lost update',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current.BankName).toBe('TD Canada Trust');
  });

  it('deletes an account (409 when stale, then 204 and gone)', async () => {
    const made = (await create(payroll, ids.owner, { ...US, AccountNumber: '99990000' })).json<BankAccount>();
    const url = `${accountsUrl(ids.owner)}/${made.BankAccountID}`;
    expect((await owner.call({ method: 'DELETE', url })).statusCode).toBe(403);
    expect(
      (await payroll.call({ method: 'DELETE', url: `${url}?version=${made.Version + 5}` })).statusCode,
    ).toBe(409);
    expect((await payroll.call({ method: 'DELETE', url: `${url}?version=${made.Version}` })).statusCode).toBe(
      204,
    );
    expect((await payroll.call({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses writes for an employee outside the caller scope', async () => {
    // payroll reaches every office; an Organizational owner cannot write at all, so use the 404 path:
    const res = await create(payroll, 999_999, { ...CA, AccountNumber: '1234567' });
    expect(res.statusCode).toBe(404);
  });
});

describe('direct deposit', () => {
  let ca: BankAccount;
  let us: BankAccount;
  beforeAll(async () => {
    ca = (await create(payroll, ids.staff, { ...CA, AccountNumber: '7777888' })).json();
    us = (await create(payroll, ids.staff, { ...US, AccountNumber: '123456789012' })).json();
  });

  it('turns it on with a void cheque and the amount, then off', async () => {
    const on = await directDeposit(
      payroll,
      ids.staff,
      ca.BankAccountID,
      { DepositAmountTypeID: '2', DepositAmount: '250.50', Version: String(ca.Version) },
      { VoidCheck: { name: 'C:\\scans\\void.pdf', data: PDF } },
    );
    expect(on.statusCode).toBe(200);
    expect(on.json<BankAccount>()).toMatchObject({
      IsDirectDeposit: true,
      DepositAmountTypeID: 2,
      DepositAmount: 250.5,
      VoidCheckFileName: 'void.pdf',
    });
    const [stored] = await t.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.BankAccountID, ca.BankAccountID));
    expect(stored.VoidCheck?.equals(PDF)).toBe(true);
    const off = await payroll.call({
      method: 'DELETE',
      url: `${accountsUrl(ids.staff)}/${ca.BankAccountID}/direct-deposit`,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<BankAccount>()).toMatchObject({ IsDirectDeposit: false, DepositAmount: null });
  });

  it('takes the ADP form (PDF) on a US account; a Canadian account has no ADP form', async () => {
    const adp = await directDeposit(
      payroll,
      ids.staff,
      us.BankAccountID,
      { DepositAmountTypeID: '1' },
      {
        AdpDirectDeposit: { name: 'adp.pdf', data: PDF },
        VoidCheck: { name: 'cheque.png', data: PNG },
      },
    );
    expect(adp.statusCode).toBe(200);
    expect(adp.json<BankAccount>()).toMatchObject({
      AdpDirectDepositFileName: 'adp.pdf',
      DepositAmount: null,
    });
    const refused = await directDeposit(
      payroll,
      ids.staff,
      ca.BankAccountID,
      { DepositAmountTypeID: '1' },
      {
        AdpDirectDeposit: { name: 'adp.pdf', data: PDF },
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Errors.AdpDirectDeposit).toEqual([
      'The ADP direct deposit form is not used for this country.',
    ]);
  });

  it('refuses files by content type (415) and size (413) with the field message, nothing changed', async () => {
    const before = (
      await t.db.select().from(bankAccounts).where(eq(bankAccounts.BankAccountID, us.BankAccountID))
    )[0];
    const renamed = await directDeposit(
      payroll,
      ids.staff,
      us.BankAccountID,
      { DepositAmountTypeID: '1' },
      {
        VoidCheck: { name: 'void.pdf', data: Buffer.from('MZ this is a program, not a scan') },
      },
    );
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().Errors.VoidCheck).toEqual([
      'The void cheque must be a PDF, PNG, JPEG or GIF file.',
    ]);
    const pngForm = await directDeposit(
      payroll,
      ids.staff,
      us.BankAccountID,
      { DepositAmountTypeID: '1' },
      {
        AdpDirectDeposit: { name: 'adp.pdf', data: PNG },
      },
    );
    expect(pngForm.statusCode).toBe(415);
    expect(pngForm.json().Errors.AdpDirectDeposit).toEqual([
      'The ADP direct deposit form must be a PDF file.',
    ]);
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await directDeposit(
      payroll,
      ids.staff,
      us.BankAccountID,
      { DepositAmountTypeID: '1' },
      {
        VoidCheck: { name: 'void.pdf', data: big },
      },
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().Errors.VoidCheck).toEqual(['The file is larger than 5 MB.']);
    const after = (
      await t.db.select().from(bankAccounts).where(eq(bankAccounts.BankAccountID, us.BankAccountID))
    )[0];
    expect(after.Version).toBe(before.Version);
  });

  it('checks the amount by type and the Version', async () => {
    const noAmount = await directDeposit(payroll, ids.staff, ca.BankAccountID, { DepositAmountTypeID: '2' });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().Errors.DepositAmount).toEqual(['Enter an amount above 0.']);
    const percent = await directDeposit(payroll, ids.staff, ca.BankAccountID, {
      DepositAmountTypeID: '3',
      DepositAmount: '120',
    });
    expect(percent.json().Errors.DepositAmount).toEqual(['Enter a percentage above 0 and at most 100.']);
    const badType = await directDeposit(payroll, ids.staff, ca.BankAccountID, { DepositAmountTypeID: '9' });
    expect(badType.json().Errors.DepositAmountTypeID).toEqual(['Choose how much is deposited.']);
    const stale = await directDeposit(payroll, ids.staff, ca.BankAccountID, {
      DepositAmountTypeID: '1',
      Version: '1',
    });
    expect(stale.statusCode).toBe(409);
  });

  it('refuses direct deposit changes without bank:write', async () => {
    const res = await directDeposit(manager, ids.staff, ca.BankAccountID, { DepositAmountTypeID: '1' });
    expect(res.statusCode).toBe(403);
    const off = await owner.call({
      method: 'DELETE',
      url: `${accountsUrl(ids.staff)}/${ca.BankAccountID}/direct-deposit`,
    });
    expect(off.statusCode).toBe(403);
  });
});

describe('bank info', () => {
  it('defaults to the country of the first office and cheque; direct deposit needs an account on it', async () => {
    const url = `/api/employees/bankinfo/${ids.auditor}`;
    // the auditor has no office: out of the owner's scope, in payroll's
    expect((await owner.call({ method: 'GET', url })).statusCode).toBe(404);
    const rep1 = (
      await payroll.call({ method: 'GET', url: `/api/employees/bankinfo/${torontoNew}` })
    ).json<BankInfo>();
    expect(rep1).toMatchObject({ CountryID: 2, PaymentMethodID: 2, Version: 0 });
    expect(rep1.Policy).toMatchObject({
      routingNumberLength: 5,
      institutionNumberLength: 3,
      requireInstitutionNumber: true,
    });
    const refused = await payroll.call({
      method: 'PUT',
      url: `/api/employees/bankinfo/${torontoNew}`,
      payload: { CountryID: 2, PaymentMethodID: 1, Version: 0 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Errors.PaymentMethodID).toEqual(['Turn on direct deposit on an account first.']);
  });

  it('saves country and method with Version (409 when stale), only with bank:write', async () => {
    const url = `/api/employees/bankinfo/${torontoNew}`;
    expect(
      (await owner.call({ method: 'PUT', url, payload: { CountryID: 1, PaymentMethodID: 2 } })).statusCode,
    ).toBe(403);
    const saved = await payroll.call({
      method: 'PUT',
      url,
      payload: { CountryID: 1, PaymentMethodID: 2, Version: 0 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<BankInfo>()).toMatchObject({
      CountryID: 1,
      Version: 1,
      Policy: { routingNumberLength: 9 },
    });
    const stale = await payroll.call({
      method: 'PUT',
      url,
      payload: { CountryID: 2, PaymentMethodID: 2, Version: 0 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current.CountryID).toBe(1);
    const bad = await payroll.call({ method: 'PUT', url, payload: { CountryID: 3, PaymentMethodID: 2 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors.CountryID).toBeDefined();
  });
});

describe('audit trail', () => {
  it('records every change by whom, with masked account numbers only', async () => {
    const made = (
      await create(payroll, ids.applicant, { ...CA, AccountNumber: '3141592653' })
    ).json<BankAccount>();
    await directDeposit(payroll, ids.applicant, made.BankAccountID, { DepositAmountTypeID: '1' });
    await payroll.call({
      method: 'DELETE',
      url: `${accountsUrl(ids.applicant)}/${made.BankAccountID}/direct-deposit`,
    });
    await payroll.call({ method: 'DELETE', url: `${accountsUrl(ids.applicant)}/${made.BankAccountID}` });
    const rows = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.EntityType, 'BankAccount'), eq(auditLogs.EntityID, made.BankAccountID)))
      .orderBy(auditLogs.AuditLogID);
    expect(rows.map((r) => r.Action)).toEqual([
      'BankAccountCreated',
      'DirectDepositEnabled',
      'DirectDepositDisabled',
      'BankAccountDeleted',
    ]);
    expect(rows.every((r) => r.ActorEmployeeID === ids.payroll && r.EmployeeID === ids.applicant)).toBe(true);
    expect(rows[0].After?.AccountNumber).toBe('*****2653');
    expect(JSON.stringify(rows)).not.toContain('3141592653');
    const info = await t.db.select().from(auditLogs).where(eq(auditLogs.Action, 'BankInfoUpdated'));
    expect(info.length).toBeGreaterThan(0);
  });
});
