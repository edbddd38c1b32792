// Payroll invoice policies (spec 002 §7 "Invoices": list, read, create, update, delete). A policy
// belongs to a corporation or a division (one policy each); see src/contract/invoices.ts for what it
// says. Scope: a corporation's policy by the caller's corporations, a division's by their divisions
// (read 404, write 403). Updates carry Version (409 with the current policy when stale). Deleting a
// policy keeps the invoices it built (their lines are stored).
import { and, asc, count, eq, inArray, ne, type SQL } from 'drizzle-orm';
import {
  duplicateInvoicePolicy,
  INVOICE_POLICY_NOT_FOUND,
  type PayrollInvoicePolicy,
  type PayrollInvoicePolicySave,
} from '../../../src/contract/invoices';
import { fromCents, toCents } from '../../../src/contract/payroll';
import type { Db } from '../../db/client';
import { isPgError, PG } from '../../db/pg-error';
import { payrollInvoicePolicies, payrollInvoices } from '../../db/tables';
import { AppError } from '../../errors';
import type { Actor } from '../access/service';
import {
  corporationNames,
  divisionNames,
  fieldErrors,
  requireCorporation,
  requireCorporationExists,
  requireDivision,
  requireDivisionExists,
} from '../commission/common';
import { conflict, type DbOrTx } from '../scheduling/scope';
import {
  corporationReach,
  divisionReach,
  INVOICES_READ,
  INVOICES_WRITE,
  type Reach,
  reaches,
} from './common';

export type PolicyRow = typeof payrollInvoicePolicies.$inferSelect;
const notFound = () => new AppError(404, INVOICE_POLICY_NOT_FOUND);
const P = payrollInvoicePolicies;

export const toMilli = (percent: number) => Math.round(percent * 1000);
export const fromMilli = (milli: number) => milli / 1000;

async function invoiceCounts(db: DbOrTx, ids: readonly number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: payrollInvoices.PayrollInvoicePolicyID, n: count() })
    .from(payrollInvoices)
    .where(inArray(payrollInvoices.PayrollInvoicePolicyID, [...ids]))
    .groupBy(payrollInvoices.PayrollInvoicePolicyID);
  return new Map(rows.flatMap((r) => (r.id === null ? [] : [[r.id, r.n] as const])));
}

export async function policiesToWire(
  db: DbOrTx,
  rows: readonly PolicyRow[],
): Promise<PayrollInvoicePolicy[]> {
  const corps = await corporationNames(
    db,
    rows.flatMap((r) => (r.IcdCorporationID === null ? [] : [r.IcdCorporationID])),
  );
  const divs = await divisionNames(
    db,
    rows.flatMap((r) => (r.DivisionID === null ? [] : [r.DivisionID])),
  );
  const counts = await invoiceCounts(
    db,
    rows.map((r) => r.PayrollInvoicePolicyID),
  );
  return rows.map((r) => ({
    PayrollInvoicePolicyID: r.PayrollInvoicePolicyID,
    Name: r.Name,
    IcdCorporationID: r.IcdCorporationID,
    CorporationName: r.IcdCorporationID === null ? null : (corps.get(r.IcdCorporationID) ?? ''),
    DivisionID: r.DivisionID,
    DivisionName: r.DivisionID === null ? null : (divs.get(r.DivisionID) ?? ''),
    IncludeGrossPay: r.IncludeGrossPay,
    EmployerTaxRate: fromMilli(r.EmployerTaxRateMilli),
    GrossPayPercent: fromMilli(r.GrossPayPercentMilli),
    FeePerEmployee: fromCents(r.FeePerEmployeeCents),
    FixedLines: r.FixedLines.map((f) => ({ Description: f.Description, Amount: fromCents(f.AmountCents) })),
    PaymentMethodID: r.PaymentMethodID,
    InvoiceCount: counts.get(r.PayrollInvoicePolicyID) ?? 0,
    Version: r.Version,
  }));
}

interface ReadReach {
  corporations: Reach;
  divisions: Reach;
}
const readReach = async (db: DbOrTx, actor: Actor): Promise<ReadReach> => ({
  corporations: await corporationReach(db, actor, INVOICES_READ),
  divisions: await divisionReach(db, actor, INVOICES_READ),
});
const canRead = (reach: ReadReach, r: PolicyRow) =>
  r.IcdCorporationID !== null
    ? reaches(reach.corporations, r.IcdCorporationID)
    : r.DivisionID !== null && reaches(reach.divisions, r.DivisionID);

export async function listInvoicePolicies(
  db: Db,
  actor: Actor,
  query: { icdCorporationID?: number; divisionID?: number },
): Promise<PayrollInvoicePolicy[]> {
  const rows = await db
    .select()
    .from(P)
    .where(
      and(
        query.icdCorporationID ? eq(P.IcdCorporationID, query.icdCorporationID) : undefined,
        query.divisionID ? eq(P.DivisionID, query.divisionID) : undefined,
      ),
    )
    .orderBy(asc(P.Name), asc(P.PayrollInvoicePolicyID));
  const reach = await readReach(db, actor);
  return policiesToWire(
    db,
    rows.filter((r) => canRead(reach, r)),
  );
}

async function readable(db: DbOrTx, actor: Actor, id: number, forUpdate = false): Promise<PolicyRow> {
  const q = db.select().from(P).where(eq(P.PayrollInvoicePolicyID, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row || !canRead(await readReach(db, actor), row)) throw notFound();
  return row;
}

export async function getInvoicePolicy(db: DbOrTx, actor: Actor, id: number): Promise<PayrollInvoicePolicy> {
  return (await policiesToWire(db, [await readable(db, actor, id)]))[0];
}

async function requireWritable(
  db: DbOrTx,
  actor: Actor,
  r: { IcdCorporationID: number | null; DivisionID: number | null },
) {
  if (r.IcdCorporationID !== null) await requireCorporation(db, actor, INVOICES_WRITE, r.IcdCorporationID);
  else if (r.DivisionID !== null) await requireDivision(db, actor, INVOICES_WRITE, r.DivisionID);
}

type Parsed = Omit<PayrollInvoicePolicySave, 'Version'> & {
  IncludeGrossPay: boolean;
  EmployerTaxRate: number;
  GrossPayPercent: number;
  FeePerEmployee: number;
  FixedLines: { Description: string; Amount: number }[];
  PaymentMethodID: number;
};

async function checked(db: DbOrTx, actor: Actor, body: Parsed, exceptId?: number) {
  const owner = {
    IcdCorporationID: body.IcdCorporationID ?? null,
    DivisionID: body.IcdCorporationID ? null : (body.DivisionID ?? null),
  };
  if (owner.IcdCorporationID !== null) await requireCorporationExists(db, owner.IcdCorporationID);
  if (owner.DivisionID !== null) await requireDivisionExists(db, owner.DivisionID);
  await requireWritable(db, actor, owner);
  const same: SQL | undefined =
    owner.IcdCorporationID !== null
      ? eq(P.IcdCorporationID, owner.IcdCorporationID)
      : eq(P.DivisionID, owner.DivisionID ?? -1);
  const [dup] = await db
    .select({ id: P.PayrollInvoicePolicyID, name: P.Name })
    .from(P)
    .where(and(same, exceptId ? ne(P.PayrollInvoicePolicyID, exceptId) : undefined))
    .limit(1);
  if (dup) {
    const field = owner.IcdCorporationID !== null ? 'IcdCorporationID' : 'DivisionID';
    const message = duplicateInvoicePolicy(dup.name, dup.id);
    throw new AppError(400, message, { Errors: { [field]: [message] }, Messages: [message] });
  }
  return {
    Name: body.Name,
    ...owner,
    IncludeGrossPay: body.IncludeGrossPay,
    EmployerTaxRateMilli: toMilli(body.EmployerTaxRate),
    GrossPayPercentMilli: toMilli(body.GrossPayPercent),
    FeePerEmployeeCents: toCents(body.FeePerEmployee),
    FixedLines: body.FixedLines.map((f) => ({ Description: f.Description, AmountCents: toCents(f.Amount) })),
    PaymentMethodID: body.PaymentMethodID,
  };
}

/** A unique index caught a duplicate that a concurrent save inserted meanwhile. */
const isUniqueViolation = (e: unknown) => isPgError(e, PG.uniqueViolation);

export async function createInvoicePolicy(db: Db, actor: Actor, body: Parsed): Promise<PayrollInvoicePolicy> {
  try {
    return await db.transaction(async (tx) => {
      const values = await checked(tx, actor, body);
      const [row] = await tx.insert(P).values(values).returning();
      return (await policiesToWire(tx, [row]))[0];
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldErrors({ IcdCorporationID: ['A policy for it was just added'] });
    throw e;
  }
}

export async function updateInvoicePolicy(
  db: Db,
  actor: Actor,
  id: number,
  body: Parsed & { Version: number },
): Promise<PayrollInvoicePolicy> {
  return db.transaction(async (tx) => {
    const current = await readable(tx, actor, id, true);
    await requireWritable(tx, actor, current);
    if (current.Version !== body.Version) throw conflict((await policiesToWire(tx, [current]))[0]);
    const values = await checked(tx, actor, body, id);
    const [row] = await tx
      .update(P)
      .set({ ...values, Version: current.Version + 1, UpdatedAt: new Date() })
      .where(eq(P.PayrollInvoicePolicyID, id))
      .returning();
    return (await policiesToWire(tx, [row]))[0];
  });
}

export async function deleteInvoicePolicy(db: Db, actor: Actor, id: number, version?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await readable(tx, actor, id, true);
    await requireWritable(tx, actor, current);
    if (version !== undefined && version !== current.Version)
      throw conflict((await policiesToWire(tx, [current]))[0]);
    await tx.delete(P).where(eq(P.PayrollInvoicePolicyID, id));
  });
}
