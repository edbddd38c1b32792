// Payroll invoices and invoice policies: every call, the rules (locked payroll only, one invoice per
// payroll, stored lines, posted amounts read only, Version), and the scope (admin/payroll: all;
// owner: her corporation, owner comment only; others: 403).
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corporations,
  payrollEntries,
  payrollInvoicePolicies,
  payrollInvoices,
  payrolls,
} from '../../server/db/tables';
import { renderInvoicePdf } from '../../server/modules/invoices/pdf';
import { Division } from '../../src/contract/common';
import {
  ADJUSTMENT_COMMENTS_REQUIRED,
  invoiceNumber,
  OWNER_COMMENT_ONLY,
  PAYROLL_NOT_LOCKED,
  type PayrollInvoice,
  type PayrollInvoicePolicy,
  POSTED_AMOUNTS,
  POSTED_NO_UNPOST,
} from '../../src/contract/invoices';
import { createTestApp, type Session, type TestApp } from './helpers';

const CLOCK = new Date('2031-05-06T23:30:00Z');
let t: TestApp;
let payroll: Session;
let owner: Session;
let manager: Session;
let rep: Session;
const corp: Record<string, number> = {};

async function lockedPayrolls(corporationId: number) {
  return t.db
    .select()
    .from(payrolls)
    .where(and(eq(payrolls.IcdCorporationID, corporationId), eq(payrolls.IsLocked, true)))
    .orderBy(asc(payrolls.StartDate));
}
/** A locked payroll of the corporation with no invoice yet (the one that paid the most). */
async function uninvoiced(corporationId: number) {
  const invoiced = new Set((await t.db.select().from(payrollInvoices)).map((i) => i.PayrollID));
  const open = (await lockedPayrolls(corporationId)).filter((p) => !invoiced.has(p.PayrollID));
  const gross = await Promise.all(open.map((p) => grossOf(p.PayrollID)));
  const best = open[gross.indexOf(gross.reduce((a, b) => (b.cents > a.cents ? b : a), gross[0]))];
  expect(best, 'a locked payroll without invoice').toBeDefined();
  return best;
}
async function grossOf(payrollId: number) {
  const [r] = await t.db
    .select({
      gross: sql<string>`coalesce(sum(${payrollEntries.GrossPayCents}), 0)`,
      paid: sql<number>`count(distinct ${payrollEntries.EmployeeID}) filter (where ${payrollEntries.GrossPayCents} > 0)`,
    })
    .from(payrollEntries)
    .where(eq(payrollEntries.PayrollID, payrollId));
  return { cents: Number(r.gross), paid: Number(r.paid) };
}
async function invoiceRow(id: number) {
  const [row] = await t.db.select().from(payrollInvoices).where(eq(payrollInvoices.PayrollInvoiceID, id));
  return row;
}

beforeAll(async () => {
  t = await createTestApp({}, { build: { now: () => CLOCK } });
  for (const c of await t.db.select().from(corporations))
    corp[c.ClientName.split(' ')[0].toLowerCase()] = c.IcdCorporationID;
  [payroll, owner, manager, rep] = await Promise.all(
    ['payroll', 'owner', 'manager', 'rep'].map((u) => t.signIn(u)),
  );
}, 120_000);
afterAll(() => t.close());

describe('lookups', () => {
  it('lists the statuses and payment methods of the spec', async () => {
    const s = await payroll.call({ method: 'GET', url: '/api/payroll-invoice-statuses' });
    expect(s.statusCode).toBe(200);
    expect(s.json()).toEqual([
      { StatusID: 1, Name: 'NotPosted' },
      { StatusID: 2, Name: 'Posted' },
    ]);
    const m = await owner.call({ method: 'GET', url: '/api/payment-methods' });
    expect(m.json()).toEqual([
      { PaymentMethodID: 1, Name: 'DrawFromLocalBankAccount' },
      { PaymentMethodID: 2, Name: 'OutOfSecurity' },
    ]);
  });
  it('refuses callers without invoices:read', async () => {
    for (const s of [manager, rep]) {
      expect((await s.call({ method: 'GET', url: '/api/payment-methods' })).statusCode).toBe(403);
      expect((await s.call({ method: 'GET', url: '/api/payroll-invoices' })).statusCode).toBe(403);
      expect((await s.call({ method: 'GET', url: '/api/payroll-invoice-policies' })).statusCode).toBe(403);
    }
  });
});

describe('invoice policies', () => {
  it('lists the demo policies in scope: everything for payroll, her corporation and divisions for the owner', async () => {
    const all = (
      await payroll.call({ method: 'GET', url: '/api/payroll-invoice-policies' })
    ).json() as PayrollInvoicePolicy[];
    expect(all.map((p) => p.Name).sort()).toEqual([
      'Maple per head',
      'Northwind standard',
      'RoadShow events',
      'Summit US',
    ]);
    const northwind = all.find((p) => p.Name === 'Northwind standard');
    expect(northwind).toMatchObject({
      IcdCorporationID: corp.northwind,
      DivisionID: null,
      EmployerTaxRate: 12.5,
      GrossPayPercent: 4,
      FixedLines: [{ Description: 'Payroll platform fee', Amount: 150 }],
      InvoiceCount: 1,
    });
    const mine = (
      await owner.call({ method: 'GET', url: '/api/payroll-invoice-policies' })
    ).json() as PayrollInvoicePolicy[];
    expect(mine.map((p) => p.Name).sort()).toEqual(['Northwind standard', 'RoadShow events']);
    const summit = all.find((p) => p.Name === 'Summit US');
    expect(
      (
        await owner.call({
          method: 'GET',
          url: `/api/payroll-invoice-policies/${summit?.PayrollInvoicePolicyID}`,
        })
      ).statusCode,
    ).toBe(404);
    const one = await payroll.call({
      method: 'GET',
      url: `/api/payroll-invoice-policies/${summit?.PayrollInvoicePolicyID}`,
    });
    expect(one.json()).toMatchObject({ Name: 'Summit US', PaymentMethodID: 2 });
    const filtered = await payroll.call({
      method: 'GET',
      url: `/api/payroll-invoice-policies?divisionID=${Division.RoadShow}`,
    });
    expect((filtered.json() as PayrollInvoicePolicy[]).map((p) => p.Name)).toEqual(['RoadShow events']);
  });

  it('refuses bad input by field, a second policy for the same owner, and writes by the owner', async () => {
    const before = await t.db.select().from(payrollInvoicePolicies);
    const both = await payroll.call({
      method: 'POST',
      url: '/api/payroll-invoice-policies',
      payload: {
        Name: 'X',
        IcdCorporationID: corp.maple,
        DivisionID: Division.Dtv,
        EmployerTaxRate: 100.5,
        GrossPayPercent: 1.2345,
      },
    });
    expect(both.statusCode).toBe(400);
    expect(Object.keys(both.json().Errors).sort()).toEqual([
      'DivisionID',
      'EmployerTaxRate',
      'GrossPayPercent',
      'IcdCorporationID',
    ]);
    const none = await payroll.call({
      method: 'POST',
      url: '/api/payroll-invoice-policies',
      payload: { Name: '' },
    });
    expect(Object.keys(none.json().Errors).sort()).toEqual(['DivisionID', 'IcdCorporationID', 'Name']);
    const dup = await payroll.call({
      method: 'POST',
      url: '/api/payroll-invoice-policies',
      payload: { Name: 'Again', IcdCorporationID: corp.northwind },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().Message).toMatch(/Northwind standard \(#\d+\) already exists/);
    expect(dup.json().Errors.IcdCorporationID).toHaveLength(1);
    const byOwner = await owner.call({
      method: 'POST',
      url: '/api/payroll-invoice-policies',
      payload: { Name: 'Mine', DivisionID: Division.Dtv },
    });
    expect(byOwner.statusCode).toBe(403);
    expect(await t.db.select().from(payrollInvoicePolicies)).toHaveLength(before.length);
  });

  it('creates, updates with Version (409 when stale) and deletes a division policy', async () => {
    const made = await payroll.call({
      method: 'POST',
      url: '/api/payroll-invoice-policies',
      payload: {
        Name: 'Dtv',
        DivisionID: Division.Dtv,
        FeePerEmployee: 10,
        FixedLines: [{ Description: 'Setup', Amount: 25.5 }],
      },
    });
    expect(made.statusCode).toBe(201);
    const p = made.json() as PayrollInvoicePolicy;
    expect(p).toMatchObject({
      DivisionName: 'Dtv',
      IncludeGrossPay: true,
      PaymentMethodID: 1,
      Version: 1,
      InvoiceCount: 0,
    });
    const body = { ...p, Name: 'Dtv fees', GrossPayPercent: 2.125 };
    const saved = await payroll.call({
      method: 'PUT',
      url: `/api/payroll-invoice-policies/${p.PayrollInvoicePolicyID}`,
      payload: body,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ Name: 'Dtv fees', GrossPayPercent: 2.125, Version: 2 });
    const stale = await payroll.call({
      method: 'PUT',
      url: `/api/payroll-invoice-policies/${p.PayrollInvoicePolicyID}`,
      payload: { ...body, Name: 'Lost' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ Name: 'Dtv fees', Version: 2 });
    const del = await payroll.call({
      method: 'DELETE',
      url: `/api/payroll-invoice-policies/${p.PayrollInvoicePolicyID}?version=2`,
    });
    expect(del.statusCode).toBe(204);
    expect(
      (
        await payroll.call({
          method: 'GET',
          url: `/api/payroll-invoice-policies/${p.PayrollInvoicePolicyID}`,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('payroll invoices', () => {
  it('lists and pages the invoices in scope with filters and sorting', async () => {
    const all = (
      await payroll.call({ method: 'GET', url: '/api/payroll-invoices' })
    ).json() as PayrollInvoice[];
    expect(all).toHaveLength(4);
    expect(all.filter((i) => i.StatusID === 2).map((i) => i.IcdCorporationID)).toEqual([corp.northwind]);
    const mine = (
      await owner.call({ method: 'GET', url: '/api/payroll-invoices' })
    ).json() as PayrollInvoice[];
    expect(mine.map((i) => i.IcdCorporationID)).toEqual([corp.northwind]);
    const posted = await payroll.call({ method: 'GET', url: '/api/payroll-invoices?statusID=2' });
    expect(posted.json()).toHaveLength(1);
    const summit = await payroll.call({
      method: 'GET',
      url: `/api/payroll-invoices?icdCorporationID=${corp.summit}`,
    });
    expect(summit.json()).toHaveLength(2);
    const page = await payroll.call({
      method: 'GET',
      url: '/api/payroll-invoices/page/1?pageSize=3&sort=TotalDesc',
    });
    expect(page.statusCode).toBe(200);
    const totals = [...all].map((i) => i.Total).sort((a, b) => b - a);
    expect(page.json()).toMatchObject({ TotalCount: 4, PageIndex: 1, PageSize: 3 });
    expect(page.json().Items.map((i: PayrollInvoice) => i.Total)).toEqual(totals.slice(3));
    const bad = await payroll.call({
      method: 'GET',
      url: '/api/payroll-invoices?sort=Nope&startDate=2031-02-30',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('gives the defaults of a new invoice: today on the server clock and the locked payrolls not invoiced', async () => {
    const res = await payroll.call({ method: 'GET', url: '/api/payroll-invoices/new' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.InvoiceDate).toBe('2031-05-06');
    expect(body.StatusID).toBe(1);
    const invoiced = new Set((await t.db.select().from(payrollInvoices)).map((i) => i.PayrollID));
    const expected = (await t.db.select().from(payrolls).where(eq(payrolls.IsLocked, true)))
      .filter((p) => !invoiced.has(p.PayrollID))
      .map((p) => p.PayrollID)
      .sort();
    expect(body.Payrolls.map((p: { PayrollID: number }) => p.PayrollID).sort()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    expect((await owner.call({ method: 'GET', url: '/api/payroll-invoices/new' })).statusCode).toBe(403);
  });

  it('invoices only a locked payroll, once, with lines from its entries and policy, kept after a policy edit', async () => {
    const [open] = await t.db
      .select()
      .from(payrolls)
      .where(and(eq(payrolls.IcdCorporationID, corp.northwind), eq(payrolls.IsLocked, false)));
    const notLocked = await payroll.call({
      method: 'POST',
      url: '/api/payroll-invoices',
      payload: { payrollID: open.PayrollID, invoiceDate: '2031-05-06' },
    });
    expect(notLocked.statusCode).toBe(400);
    expect(notLocked.json().Message).toBe(PAYROLL_NOT_LOCKED);
    const missing = await payroll.call({
      method: 'POST',
      url: '/api/payroll-invoices',
      payload: { payrollID: 999999, invoiceDate: '2031-05-06' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Errors.payrollID).toHaveLength(1);

    const target = await uninvoiced(corp.northwind);
    const byOwner = await owner.call({
      method: 'POST',
      url: '/api/payroll-invoices',
      payload: { payrollID: target.PayrollID, invoiceDate: '2031-05-06' },
    });
    expect(byOwner.statusCode).toBe(403);
    const made = await payroll.call({
      method: 'POST',
      url: '/api/payroll-invoices',
      payload: { payrollID: target.PayrollID, invoiceDate: '2031-05-06' },
    });
    expect(made.statusCode).toBe(201);
    const inv = made.json() as PayrollInvoice;
    const g = await grossOf(target.PayrollID);
    const pct = (milli: number) => Math.floor((g.cents * milli) / 100_000 + 0.5) / 100;
    expect(inv).toMatchObject({
      StatusID: 1,
      PaymentMethodID: 1,
      PolicyName: 'Northwind standard',
      EmployeeCount: g.paid,
      InvoiceDate: '2031-05-06',
      CreatedByName: 'Priya Shah',
    });
    expect(inv.InvoiceNumber).toBe(invoiceNumber(inv.PayrollInvoiceID));
    expect(inv.Lines.map((l) => [l.Kind, l.Amount])).toEqual([
      ['GrossPay', g.cents / 100],
      ['EmployerTaxes', pct(12_500)],
      ['ServiceFee', pct(4_000)],
      ['Fixed', 150],
    ]);
    const sum = Math.round(inv.Lines.reduce((s, l) => s + l.Amount * 100, 0)) / 100;
    expect(inv.Subtotal).toBe(sum);
    expect(inv.Total).toBe(sum);

    const again = await payroll.call({
      method: 'POST',
      url: '/api/payroll-invoices',
      payload: { payrollID: target.PayrollID, invoiceDate: '2031-05-07' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe(`This payroll is already invoiced (${inv.InvoiceNumber}).`);
    expect(again.json().PayrollInvoiceID).toBe(inv.PayrollInvoiceID);

    const policy = (
      await t.db
        .select()
        .from(payrollInvoicePolicies)
        .where(eq(payrollInvoicePolicies.IcdCorporationID, corp.northwind))
    )[0];
    const edit = await payroll.call({
      method: 'PUT',
      url: `/api/payroll-invoice-policies/${policy.PayrollInvoicePolicyID}`,
      payload: {
        Name: policy.Name,
        IcdCorporationID: corp.northwind,
        EmployerTaxRate: 50,
        Version: policy.Version,
      },
    });
    expect(edit.statusCode).toBe(200);
    const read = await payroll.call({ method: 'GET', url: `/api/payroll-invoices/${inv.PayrollInvoiceID}` });
    expect(read.json().Lines).toEqual(inv.Lines);
    expect(read.json().Total).toBe(inv.Total);

    // The invoiced payroll stays locked: its entries could otherwise drift from the invoice's lines.
    const unlock = await payroll.call({ method: 'PUT', url: `/api/payrolls/${inv.PayrollID}/locked/false` });
    expect(unlock.statusCode).toBe(400);
    expect(unlock.json().Message).toBe(
      `This payroll is invoiced (${inv.InvoiceNumber}): it cannot be unlocked.`,
    );
    const [still] = await t.db.select().from(payrolls).where(eq(payrolls.PayrollID, inv.PayrollID));
    expect(still.IsLocked).toBe(true);
  });

  it('uses the one division policy of a corporation without its own, and says why when none or several apply', async () => {
    const maplePolicy = (
      await t.db
        .select()
        .from(payrollInvoicePolicies)
        .where(eq(payrollInvoicePolicies.IcdCorporationID, corp.maple))
    )[0];
    await payroll.call({
      method: 'DELETE',
      url: `/api/payroll-invoice-policies/${maplePolicy.PayrollInvoicePolicyID}`,
    });
    const target = await uninvoiced(corp.maple);
    const none = await payroll.call({
      method: 'POST',
      url: '/api/payroll-invoices',
      payload: { payrollID: target.PayrollID, invoiceDate: '2031-05-06' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().Message).toBe(
      'No invoice policy applies to Maple Direct Sales Ltd.: add one for the corporation or its division.',
    );
    const rogers = await payroll.call({
      method: 'POST',
      url: '/api/payroll-invoice-policies',
      payload: {
        Name: 'Rogers flat',
        DivisionID: Division.Rogers,
        IncludeGrossPay: false,
        FixedLines: [{ Description: 'Flat', Amount: 99 }],
      },
    });
    expect(rogers.statusCode).toBe(201);
    // Northwind works Rogers and RoadShow, both with a policy: the new-invoice list names the problem.
    await t.db
      .delete(payrollInvoicePolicies)
      .where(eq(payrollInvoicePolicies.IcdCorporationID, corp.northwind));
    await t.db
      .update(payrolls)
      .set({ IsLocked: true })
      .where(and(eq(payrolls.IcdCorporationID, corp.northwind), eq(payrolls.IsLocked, false)));
    const defaults = (await payroll.call({ method: 'GET', url: '/api/payroll-invoices/new' })).json();
    const nw = defaults.Payrolls.find(
      (p: { IcdCorporationID: number }) => p.IcdCorporationID === corp.northwind,
    );
    expect(nw.PolicyProblem).toBe(
      'Several division invoice policies apply to Northwind Field Marketing Inc. (RoadShow, Rogers): add one for the corporation.',
    );
    const made = await payroll.call({
      method: 'POST',
      url: '/api/payroll-invoices',
      payload: { payrollID: target.PayrollID, invoiceDate: '2031-05-06' },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      PolicyName: 'Rogers flat',
      Lines: [{ Kind: 'Fixed', Description: 'Flat', Amount: 99 }],
      Total: 99,
    });
  });

  it('saves adjustment, payment method and comments with Version, posts, then keeps the amounts', async () => {
    const [nw] = (
      await payroll.call({
        method: 'GET',
        url: `/api/payroll-invoices?icdCorporationID=${corp.summit}&sort=InvoiceDate`,
      })
    ).json() as PayrollInvoice[];
    const id = nw.PayrollInvoiceID;
    const url = `/api/payroll-invoices/${id}`;
    const noWhy = await payroll.call({
      method: 'PUT',
      url,
      payload: { Adjustment: -25.5, Version: nw.Version },
    });
    expect(noWhy.statusCode).toBe(400);
    expect(noWhy.json().Errors.AdjustmentComments).toEqual([ADJUSTMENT_COMMENTS_REQUIRED]);
    const badMethod = await payroll.call({
      method: 'PUT',
      url,
      payload: { PaymentMethodID: 3, Version: nw.Version },
    });
    expect(badMethod.statusCode).toBe(400);
    expect(badMethod.json().Errors.PaymentMethodID).toBeDefined();
    const saved = await payroll.call({
      method: 'PUT',
      url,
      payload: {
        Adjustment: -25.5,
        AdjustmentComments: 'Credit for a missed shift',
        PaymentMethodID: 1,
        HJComments: 'ok',
        Version: nw.Version,
      },
    });
    expect(saved.statusCode).toBe(200);
    const s = saved.json() as PayrollInvoice;
    expect(s).toMatchObject({
      Adjustment: -25.5,
      PaymentMethodID: 1,
      HJComments: 'ok',
      Version: nw.Version + 1,
    });
    expect(s.Total).toBe(Math.round((s.Subtotal - 25.5) * 100) / 100);
    const stale = await payroll.call({
      method: 'PUT',
      url,
      payload: { HubComments: 'late', Version: nw.Version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ PayrollInvoiceID: id, Version: s.Version });

    const posted = await payroll.call({ method: 'PUT', url, payload: { StatusID: 2, Version: s.Version } });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toMatchObject({ StatusID: 2, PostedByName: 'Priya Shah' });
    expect(posted.json().PostedAt).toBeTruthy();
    const v = posted.json().Version;
    const before = await invoiceRow(id);
    for (const payload of [{ Adjustment: 0 }, { PaymentMethodID: 2 }, { AdjustmentComments: 'changed' }]) {
      const refused = await payroll.call({ method: 'PUT', url, payload: { ...payload, Version: v } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().Message).toBe(POSTED_AMOUNTS);
    }
    const unpost = await payroll.call({ method: 'PUT', url, payload: { StatusID: 1, Version: v } });
    expect(unpost.json().Message).toBe(POSTED_NO_UNPOST);
    expect(await invoiceRow(id)).toEqual(before);
    const same = await payroll.call({
      method: 'PUT',
      url,
      payload: { Adjustment: -25.5, StatusID: 2, HubComments: 'Hub saw it', IsDismissed: true, Version: v },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({
      Adjustment: -25.5,
      HubComments: 'Hub saw it',
      IsDismissed: true,
      StatusID: 2,
    });
  });

  it("lets the owner read her corporation's invoices and write the owner comment only", async () => {
    const [mine] = (
      await owner.call({ method: 'GET', url: '/api/payroll-invoices' })
    ).json() as PayrollInvoice[];
    const url = `/api/payroll-invoices/${mine.PayrollInvoiceID}`;
    const read = await owner.call({ method: 'GET', url });
    expect(read.json()).toMatchObject({ CanEdit: false, CanEditOwnerComments: true });
    const before = await invoiceRow(mine.PayrollInvoiceID);
    const hj = await owner.call({
      method: 'PUT',
      url,
      payload: { HJComments: 'mine now', Version: mine.Version },
    });
    expect(hj.statusCode).toBe(403);
    expect(hj.json().Message).toBe(OWNER_COMMENT_ONLY);
    expect(await invoiceRow(mine.PayrollInvoiceID)).toEqual(before);
    const ok = await owner.call({
      method: 'PUT',
      url,
      payload: { OwnerComments: 'Paid from the Toronto account', Version: mine.Version },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().OwnerComments).toBe('Paid from the Toronto account');
    const [summit] = (
      await payroll.call({ method: 'GET', url: `/api/payroll-invoices?icdCorporationID=${corp.summit}` })
    ).json() as PayrollInvoice[];
    expect(
      (await owner.call({ method: 'GET', url: `/api/payroll-invoices/${summit.PayrollInvoiceID}` }))
        .statusCode,
    ).toBe(404);
    const out = await owner.call({
      method: 'PUT',
      url: `/api/payroll-invoices/${summit.PayrollInvoiceID}`,
      payload: { OwnerComments: 'x', Version: summit.Version },
    });
    expect(out.statusCode).toBe(404);
    expect(
      (await owner.call({ method: 'GET', url: `/api/payroll-invoices/${summit.PayrollInvoiceID}/pdf` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await manager.call({ method: 'PUT', url, payload: { OwnerComments: 'x', Version: 1 } })).statusCode,
    ).toBe(403);
  });

  it('prints an invoice to PDF, by token or session cookie', async () => {
    const [inv] = (
      await payroll.call({ method: 'GET', url: '/api/payroll-invoices?statusID=2' })
    ).json() as PayrollInvoice[];
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/payroll-invoices/${inv.PayrollInvoiceID}/pdf`,
      headers: { cookie: payroll.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const full = (
      await payroll.call({ method: 'GET', url: `/api/payroll-invoices/${inv.PayrollInvoiceID}` })
    ).json() as PayrollInvoice;
    const a = await renderInvoicePdf(full, { compress: false });
    const b = await renderInvoicePdf(full, { compress: false });
    expect(a.equals(b)).toBe(true);
    expect(a.toString('latin1')).toContain(`Payroll invoice ${full.InvoiceNumber}`);
  });
});
