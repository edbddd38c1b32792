// Payroll invoices (spec 002 §7 "Invoices": list, page/{n}, new, {id}, POST, PUT {id}). One invoice
// per payroll, made from a LOCKED payroll and the invoice policy that applies to its corporation
// (rules in src/contract/invoices.ts); its lines are stored when it is created. A Posted invoice
// keeps its amounts, adjustment and payment method (400 on a change) and may still take comments and
// dismissal. Scope: see common.ts.
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  ADJUSTMENT_COMMENTS_REQUIRED,
  INVOICE_NOT_FOUND,
  INVOICE_STATUS_ITEMS,
  type InvoiceablePayroll,
  invoiceExists,
  invoiceNumber,
  type NewPayrollInvoice,
  noInvoicePolicy,
  OWNER_COMMENT_ONLY,
  PAYMENT_METHOD_ITEMS,
  PAYROLL_NOT_LOCKED,
  type PayrollInvoice,
  type PayrollInvoiceCreate,
  type PayrollInvoiceListItem,
  type PayrollInvoicePage,
  type PayrollInvoiceQuery,
  PayrollInvoiceStatus,
  type PayrollInvoiceUpdate,
  POSTED_AMOUNTS,
  POSTED_NO_UNPOST,
  severalDivisionPolicies,
} from '../../../src/contract/invoices';
import { fromCents, toCents } from '../../../src/contract/payroll';
import type { Db } from '../../db/client';
import {
  corporations,
  divisions,
  icdOffices,
  officeDivisions,
  payrollEntries,
  payrollInvoicePolicies,
  payrollInvoices,
  payrolls,
} from '../../db/tables';
import { AppError, badRequest, forbidden } from '../../errors';
import type { Actor } from '../access/service';
import { conflict, type DbOrTx } from '../scheduling/scope';
import { buildInvoiceLines } from './build';
import {
  corporationReach,
  employeeNames,
  INVOICES_OWNER_COMMENT,
  INVOICES_READ,
  INVOICES_WRITE,
  reachesCorporation,
} from './common';
import type { PolicyRow } from './policies-service';

const I = payrollInvoices;
type InvoiceRow = typeof payrollInvoices.$inferSelect;
const notFound = () => new AppError(404, INVOICE_NOT_FOUND);
const INVALID = 'The request is not valid.';

const listSelect = {
  i: payrollInvoices,
  ClientName: corporations.ClientName,
  Owner: corporations.Owner,
  CountryID: corporations.CountryID,
  StartDate: payrolls.StartDate,
  EndDate: payrolls.EndDate,
  PayDate: payrolls.PayDate,
};
type ListRow = {
  i: InvoiceRow;
  ClientName: string;
  Owner: string;
  CountryID: number;
  StartDate: string;
  EndDate: string;
  PayDate: string;
};

function fromInvoices(db: DbOrTx) {
  return db
    .select(listSelect)
    .from(I)
    .innerJoin(corporations, eq(corporations.IcdCorporationID, I.IcdCorporationID))
    .innerJoin(payrolls, eq(payrolls.PayrollID, I.PayrollID))
    .$dynamic();
}

function listItem(r: ListRow): PayrollInvoiceListItem {
  const i = r.i;
  return {
    PayrollInvoiceID: i.PayrollInvoiceID,
    InvoiceNumber: invoiceNumber(i.PayrollInvoiceID),
    PayrollID: i.PayrollID,
    IcdCorporationID: i.IcdCorporationID,
    ClientName: r.ClientName,
    Owner: r.Owner,
    CountryID: r.CountryID,
    StartDate: r.StartDate,
    EndDate: r.EndDate,
    PayDate: r.PayDate,
    InvoiceDate: i.InvoiceDate,
    StatusID: i.StatusID,
    PaymentMethodID: i.PaymentMethodID,
    Subtotal: fromCents(i.SubtotalCents),
    Adjustment: fromCents(i.AdjustmentCents),
    Total: fromCents(i.SubtotalCents + i.AdjustmentCents),
    IsDismissed: i.IsDismissed,
    Version: i.Version,
  };
}

async function detail(db: DbOrTx, actor: Actor, r: ListRow): Promise<PayrollInvoice> {
  const i = r.i;
  const names = await employeeNames(db, [i.PostedByEmployeeID, i.CreatedByEmployeeID]);
  const canEdit = await reachesCorporation(db, actor, INVOICES_WRITE, i.IcdCorporationID);
  return {
    ...listItem(r),
    PayrollInvoicePolicyID: i.PayrollInvoicePolicyID,
    PolicyName: i.PolicyName,
    GrossPay: fromCents(i.GrossPayCents),
    EmployeeCount: i.EmployeeCount,
    Lines: i.Lines.map((l) => ({
      LineNumber: l.LineNumber,
      Kind: l.Kind,
      Description: l.Description,
      Quantity: l.Quantity,
      Rate: l.Rate,
      Amount: fromCents(l.AmountCents),
    })),
    AdjustmentComments: i.AdjustmentComments,
    HJComments: i.HJComments,
    HubComments: i.HubComments,
    OwnerComments: i.OwnerComments,
    PostedAt: i.PostedAt?.toISOString() ?? null,
    PostedByName: i.PostedByEmployeeID === null ? null : (names.get(i.PostedByEmployeeID) ?? null),
    CreatedAt: i.CreatedAt.toISOString(),
    CreatedByName: i.CreatedByEmployeeID === null ? null : (names.get(i.CreatedByEmployeeID) ?? null),
    UpdatedAt: i.UpdatedAt.toISOString(),
    CanEdit: canEdit,
    CanEditOwnerComments:
      canEdit || (await reachesCorporation(db, actor, INVOICES_OWNER_COMMENT, i.IcdCorporationID)),
  };
}

const total = sql`(${I.SubtotalCents} + ${I.AdjustmentCents})`;
const SORTS: Record<string, SQL[]> = {
  InvoiceDate: [asc(I.InvoiceDate), asc(I.PayrollInvoiceID)],
  InvoiceDateDesc: [desc(I.InvoiceDate), desc(I.PayrollInvoiceID)],
  ClientName: [sql`lower(${corporations.ClientName})`, desc(I.InvoiceDate)],
  ClientNameDesc: [sql`lower(${corporations.ClientName}) desc`, desc(I.InvoiceDate)],
  StartDate: [asc(payrolls.StartDate), asc(I.PayrollInvoiceID)],
  StartDateDesc: [desc(payrolls.StartDate), desc(I.PayrollInvoiceID)],
  Total: [asc(total), asc(I.PayrollInvoiceID)],
  TotalDesc: [sql`${total} desc`, desc(I.PayrollInvoiceID)],
  Status: [asc(I.StatusID), desc(I.InvoiceDate), desc(I.PayrollInvoiceID)],
  StatusDesc: [desc(I.StatusID), desc(I.InvoiceDate), desc(I.PayrollInvoiceID)],
};

async function listConditions(db: DbOrTx, actor: Actor, q: PayrollInvoiceQuery): Promise<SQL | undefined> {
  const reach = await corporationReach(db, actor, INVOICES_READ);
  const c: SQL[] = [];
  if (reach !== 'all') c.push(reach.size ? inArray(I.IcdCorporationID, [...reach]) : sql`false`);
  if (q.icdCorporationID) c.push(eq(I.IcdCorporationID, q.icdCorporationID));
  if (q.statusID) c.push(eq(I.StatusID, q.statusID));
  if (q.paymentMethodID) c.push(eq(I.PaymentMethodID, q.paymentMethodID));
  if (q.payrollID) c.push(eq(I.PayrollID, q.payrollID));
  if (q.startDate) c.push(gte(I.InvoiceDate, q.startDate));
  if (q.endDate) c.push(lte(I.InvoiceDate, q.endDate));
  if (q.isDismissed !== undefined) c.push(eq(I.IsDismissed, q.isDismissed));
  const text = q.search?.trim();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;
    const idMatch = /^(?:PI-?)?0*(\d{1,9})$/i.exec(text);
    const match = or(
      ilike(corporations.ClientName, like),
      ilike(corporations.Owner, like),
      idMatch ? eq(I.PayrollInvoiceID, Number(idMatch[1])) : undefined,
    );
    if (match) c.push(match);
  }
  return c.length ? and(...c) : undefined;
}

export async function listInvoices(
  db: Db,
  actor: Actor,
  q: PayrollInvoiceQuery,
): Promise<PayrollInvoiceListItem[]> {
  const rows = await fromInvoices(db)
    .where(await listConditions(db, actor, q))
    .orderBy(...SORTS[q.sort]);
  return rows.map(listItem);
}

export async function pageInvoices(
  db: Db,
  actor: Actor,
  q: PayrollInvoiceQuery,
): Promise<PayrollInvoicePage> {
  const where = await listConditions(db, actor, q);
  const [{ n }] = await db
    .select({ n: count() })
    .from(I)
    .innerJoin(corporations, eq(corporations.IcdCorporationID, I.IcdCorporationID))
    .where(where);
  const rows = await fromInvoices(db)
    .where(where)
    .orderBy(...SORTS[q.sort])
    .limit(q.pageSize)
    .offset(q.pageIndex * q.pageSize);
  return { Items: rows.map(listItem), TotalCount: n, PageIndex: q.pageIndex, PageSize: q.pageSize };
}

async function readableRow(db: DbOrTx, actor: Actor, id: number, forUpdate = false): Promise<ListRow> {
  const base = fromInvoices(db).where(eq(I.PayrollInvoiceID, id));
  const [row] = forUpdate ? await base.for('update', { of: I }) : await base;
  if (!row || !(await reachesCorporation(db, actor, INVOICES_READ, row.i.IcdCorporationID))) throw notFound();
  return row;
}

export async function getInvoice(db: Db, actor: Actor, id: number): Promise<PayrollInvoice> {
  return detail(db, actor, await readableRow(db, actor, id));
}

// ---- the policy of a payroll

type PolicyChoice = { policy: PolicyRow; problem: null } | { policy: null; problem: string };

/** The corporation's own policy, else the one division policy of the divisions its offices work. */
async function policyFor(db: DbOrTx, corporationId: number, clientName: string): Promise<PolicyChoice> {
  const [own] = await db
    .select()
    .from(payrollInvoicePolicies)
    .where(eq(payrollInvoicePolicies.IcdCorporationID, corporationId));
  if (own) return { policy: own, problem: null };
  const rows = await db
    .selectDistinct({ policy: payrollInvoicePolicies, DivisionName: divisions.Name })
    .from(payrollInvoicePolicies)
    .innerJoin(divisions, eq(divisions.DivisionID, payrollInvoicePolicies.DivisionID))
    .innerJoin(officeDivisions, eq(officeDivisions.DivisionID, payrollInvoicePolicies.DivisionID))
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, officeDivisions.IcdOfficeID))
    .where(eq(icdOffices.IcdCorporationID, corporationId))
    .orderBy(asc(divisions.Name));
  if (rows.length === 1) return { policy: rows[0].policy, problem: null };
  if (rows.length > 1)
    return {
      policy: null,
      problem: severalDivisionPolicies(clientName, rows.map((r) => r.DivisionName).join(', ')),
    };
  return { policy: null, problem: noInvoicePolicy(clientName) };
}

async function payrollTotals(db: DbOrTx, payrollId: number) {
  const [row] = await db
    .select({
      gross: sql<string>`coalesce(sum(${payrollEntries.GrossPayCents}), 0)`,
      paid: sql<number>`count(distinct ${payrollEntries.EmployeeID}) filter (where ${payrollEntries.GrossPayCents} > 0)`,
    })
    .from(payrollEntries)
    .where(eq(payrollEntries.PayrollID, payrollId));
  return { GrossPayCents: Number(row?.gross ?? 0), EmployeeCount: Number(row?.paid ?? 0) };
}

/** Today on the server's clock (UTC), YYYY-MM-DD. */
export const serverToday = (now = new Date()) => now.toISOString().slice(0, 10);

export async function newInvoice(db: Db, actor: Actor, now: Date): Promise<NewPayrollInvoice> {
  const reach = await corporationReach(db, actor, INVOICES_WRITE);
  const rows = await db
    .select({ p: payrolls, ClientName: corporations.ClientName, CountryID: corporations.CountryID })
    .from(payrolls)
    .innerJoin(corporations, eq(corporations.IcdCorporationID, payrolls.IcdCorporationID))
    .where(
      and(
        eq(payrolls.IsLocked, true),
        sql`not exists (select 1 from ${I} where ${I.PayrollID} = ${payrolls.PayrollID})`,
        reach === 'all'
          ? undefined
          : reach.size
            ? inArray(payrolls.IcdCorporationID, [...reach])
            : sql`false`,
      ),
    )
    .orderBy(desc(payrolls.StartDate), asc(corporations.ClientName));
  const Payrolls: InvoiceablePayroll[] = [];
  for (const r of rows) {
    const choice = await policyFor(db, r.p.IcdCorporationID, r.ClientName);
    const totals = await payrollTotals(db, r.p.PayrollID);
    Payrolls.push({
      PayrollID: r.p.PayrollID,
      IcdCorporationID: r.p.IcdCorporationID,
      ClientName: r.ClientName,
      CountryID: r.CountryID,
      StartDate: r.p.StartDate,
      EndDate: r.p.EndDate,
      PayDate: r.p.PayDate,
      GrossPay: fromCents(totals.GrossPayCents),
      PayrollInvoicePolicyID: choice.policy?.PayrollInvoicePolicyID ?? null,
      PolicyName: choice.policy?.Name ?? null,
      PolicyProblem: choice.problem,
    });
  }
  return {
    InvoiceDate: serverToday(now),
    StatusID: PayrollInvoiceStatus.NotPosted,
    Payrolls,
    Statuses: INVOICE_STATUS_ITEMS,
    PaymentMethods: PAYMENT_METHOD_ITEMS,
  };
}

export async function createInvoice(
  db: Db,
  actor: Actor,
  body: PayrollInvoiceCreate,
): Promise<PayrollInvoice> {
  return db.transaction(async (tx) => {
    const [payroll] = await tx
      .select({ p: payrolls, ClientName: corporations.ClientName })
      .from(payrolls)
      .innerJoin(corporations, eq(corporations.IcdCorporationID, payrolls.IcdCorporationID))
      .where(eq(payrolls.PayrollID, body.payrollID))
      .for('update', { of: payrolls });
    if (!payroll) throw badRequest(INVALID, { payrollID: ['This payroll does not exist'] });
    if (!(await reachesCorporation(tx, actor, INVOICES_WRITE, payroll.p.IcdCorporationID))) throw forbidden();
    if (!payroll.p.IsLocked)
      throw new AppError(400, PAYROLL_NOT_LOCKED, { Errors: { payrollID: [PAYROLL_NOT_LOCKED] } });
    const [existing] = await tx
      .select({ id: I.PayrollInvoiceID })
      .from(I)
      .where(eq(I.PayrollID, body.payrollID));
    if (existing) {
      const number = invoiceNumber(existing.id);
      throw new AppError(409, invoiceExists(number), {
        body: { PayrollInvoiceID: existing.id, InvoiceNumber: number },
      });
    }
    const choice = await policyFor(tx, payroll.p.IcdCorporationID, payroll.ClientName);
    if (!choice.policy) throw new AppError(400, choice.problem, { Errors: { payrollID: [choice.problem] } });
    const policy = choice.policy;
    const totals = await payrollTotals(tx, payroll.p.PayrollID);
    const { lines, subtotalCents } = buildInvoiceLines(totals, policy);
    const [row] = await tx
      .insert(I)
      .values({
        PayrollID: payroll.p.PayrollID,
        IcdCorporationID: payroll.p.IcdCorporationID,
        PayrollInvoicePolicyID: policy.PayrollInvoicePolicyID,
        PolicyName: policy.Name,
        InvoiceDate: body.invoiceDate,
        StatusID: PayrollInvoiceStatus.NotPosted,
        PaymentMethodID: policy.PaymentMethodID,
        GrossPayCents: totals.GrossPayCents,
        EmployeeCount: totals.EmployeeCount,
        Lines: lines,
        SubtotalCents: subtotalCents,
        CreatedByEmployeeID: actor.EmployeeID,
      })
      .returning({ id: I.PayrollInvoiceID });
    return detail(tx, actor, await readableRow(tx, actor, row.id));
  });
}

const OFFICE_FIELDS = [
  'StatusID',
  'Adjustment',
  'AdjustmentComments',
  'PaymentMethodID',
  'HJComments',
  'HubComments',
  'IsDismissed',
] as const;

const norm = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null);

export async function updateInvoice(
  db: Db,
  actor: Actor,
  id: number,
  body: PayrollInvoiceUpdate,
): Promise<PayrollInvoice> {
  return db.transaction(async (tx) => {
    const row = await readableRow(tx, actor, id, true);
    const cur = row.i;
    const canWrite = await reachesCorporation(tx, actor, INVOICES_WRITE, cur.IcdCorporationID);
    const canComment =
      canWrite || (await reachesCorporation(tx, actor, INVOICES_OWNER_COMMENT, cur.IcdCorporationID));
    const next = {
      StatusID: body.StatusID ?? cur.StatusID,
      AdjustmentCents: body.Adjustment === undefined ? cur.AdjustmentCents : toCents(body.Adjustment),
      AdjustmentComments:
        norm(body.AdjustmentComments) === undefined
          ? cur.AdjustmentComments
          : (norm(body.AdjustmentComments) ?? null),
      PaymentMethodID: body.PaymentMethodID ?? cur.PaymentMethodID,
      HJComments: norm(body.HJComments) === undefined ? cur.HJComments : (norm(body.HJComments) ?? null),
      HubComments: norm(body.HubComments) === undefined ? cur.HubComments : (norm(body.HubComments) ?? null),
      OwnerComments:
        norm(body.OwnerComments) === undefined ? cur.OwnerComments : (norm(body.OwnerComments) ?? null),
      IsDismissed: body.IsDismissed ?? cur.IsDismissed,
    };
    const changed = {
      StatusID: next.StatusID !== cur.StatusID,
      Adjustment: next.AdjustmentCents !== cur.AdjustmentCents,
      AdjustmentComments: next.AdjustmentComments !== cur.AdjustmentComments,
      PaymentMethodID: next.PaymentMethodID !== cur.PaymentMethodID,
      HJComments: next.HJComments !== cur.HJComments,
      HubComments: next.HubComments !== cur.HubComments,
      IsDismissed: next.IsDismissed !== cur.IsDismissed,
      OwnerComments: next.OwnerComments !== cur.OwnerComments,
    };
    const officeChange = OFFICE_FIELDS.some((f) => changed[f]);
    if (!canComment || (officeChange && !canWrite)) {
      if (canComment) throw new AppError(403, OWNER_COMMENT_ONLY);
      throw forbidden();
    }
    if (cur.Version !== body.Version) throw conflict(await detail(tx, actor, row));
    const posted = cur.StatusID === PayrollInvoiceStatus.Posted;
    if (posted && changed.StatusID)
      throw new AppError(400, POSTED_NO_UNPOST, { Errors: { StatusID: [POSTED_NO_UNPOST] } });
    if (posted && (changed.Adjustment || changed.AdjustmentComments || changed.PaymentMethodID)) {
      const Errors: Record<string, string[]> = {};
      for (const f of ['Adjustment', 'AdjustmentComments', 'PaymentMethodID'] as const)
        if (changed[f]) Errors[f] = [POSTED_AMOUNTS];
      throw new AppError(400, POSTED_AMOUNTS, { Errors });
    }
    if (next.AdjustmentCents !== 0 && !next.AdjustmentComments)
      throw badRequest(INVALID, { AdjustmentComments: [ADJUSTMENT_COMMENTS_REQUIRED] });
    if (Object.values(changed).some(Boolean)) {
      const posting = changed.StatusID && next.StatusID === PayrollInvoiceStatus.Posted;
      await tx
        .update(I)
        .set({
          ...next,
          ...(posting ? { PostedAt: new Date(), PostedByEmployeeID: actor.EmployeeID } : {}),
          Version: cur.Version + 1,
          UpdatedAt: new Date(),
        })
        .where(eq(I.PayrollInvoiceID, id));
    }
    return detail(tx, actor, await readableRow(tx, actor, id));
  });
}
