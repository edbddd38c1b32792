// Payroll lists, a payroll, and the payroll-level changes: memo, the five flags (locked = submit),
// admins and the pending/submitted message dismissals. Sorting (spec 001 §9) is done on the scoped
// list in memory: a corporation has one payroll per pay window (a few dozen a year), so the list is
// small; paging slices the sorted list.
import { and, asc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { invoiceNumber } from '../../../src/contract/invoices';
import {
  type MemoSave,
  PAYROLL_LOCKED_MESSAGE,
  type Payroll,
  type PayrollAdmin,
  type PayrollDismissal,
  type PayrollFlag,
  type PayrollListItem,
  type PayrollProcessingItem,
  type PayrollQuery,
  type PayrollSort,
} from '../../../src/contract/payroll';
import { payrollInvoices } from '../../db/schema/invoices';
import {
  corporations,
  divisions,
  employees,
  icdOffices,
  officeDivisions,
  payPeriods,
  payrollAdmins,
  payrollDismissals,
  payrollEntries,
  payrolls,
} from '../../db/tables';
import { AppError, badRequest, notFound } from '../../errors';
import type { Actor, OfficeScope } from '../access/service';
import { lockPayPeriods } from '../time-management/pay-periods-service';
import { doerOf } from '../time-management/record';
import { recalculateEntries } from './calculate';
import { ensurePayrolls } from './ensure';
import {
  type Conn,
  corporationsOf,
  type PayrollRow,
  PROCESS,
  processablePayroll,
  READ,
  readablePayroll,
} from './scope';

export type ListFlavour = 'list' | 'processing';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The payroll rows the caller may read matching a query (unsorted). */
async function scopedRows(db: Conn, actor: Actor, query: Partial<PayrollQuery>): Promise<PayrollRow[]> {
  const corps = await corporationsOf(db, actor.offices(READ));
  if (corps !== 'all' && !corps.size) return [];
  await ensurePayrolls(db, corps === 'all' ? {} : { corporationIds: [...corps] });
  const conditions: SQL[] = [];
  if (corps !== 'all') conditions.push(inArray(payrolls.IcdCorporationID, [...corps]));
  if (query.icdCorporationID) conditions.push(eq(payrolls.IcdCorporationID, query.icdCorporationID));
  if (query.payFrequencyID) conditions.push(eq(payrolls.PayFrequencyID, query.payFrequencyID));
  if (query.startDate) conditions.push(gte(payrolls.EndDate, query.startDate));
  if (query.endDate) conditions.push(lte(payrolls.StartDate, query.endDate));
  if (query.isLocked !== undefined) conditions.push(eq(payrolls.IsLocked, query.isLocked));
  if (query.isCompleted !== undefined) conditions.push(eq(payrolls.IsCompleted, query.isCompleted));
  if (query.isVisible !== undefined) conditions.push(eq(payrolls.IsVisible, query.isVisible));
  if (query.divisionID)
    conditions.push(
      sql`exists (select 1 from ${icdOffices} o join ${officeDivisions} od on od.icd_office_id = o.icd_office_id
        where o.icd_corporation_id = ${payrolls.IcdCorporationID} and od.division_id = ${query.divisionID})`,
    );
  if (query.search?.trim()) {
    const like = `%${query.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(corporations.ClientName, like), ilike(corporations.Owner, like));
    if (match) conditions.push(match);
  }
  const rows = await db
    .select({ p: payrolls })
    .from(payrolls)
    .innerJoin(corporations, eq(corporations.IcdCorporationID, payrolls.IcdCorporationID))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(payrolls.PayrollID));
  return rows.map((r) => r.p);
}

/** List items (with admins and processing counts when asked) for payroll rows. */
export async function listItems(
  db: Conn,
  actor: Actor,
  rows: readonly PayrollRow[],
): Promise<
  (PayrollListItem & {
    Admins: PayrollAdmin[];
    UnapprovedCount: number;
    OpenManualRequestCount: number;
    Memo: string | null;
  })[]
> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.PayrollID);
  const corpIds = [...new Set(rows.map((r) => r.IcdCorporationID))];
  const corps = new Map(
    (await db.select().from(corporations).where(inArray(corporations.IcdCorporationID, corpIds))).map((c) => [
      c.IcdCorporationID,
      c,
    ]),
  );
  const divRows = await db
    .selectDistinct({ corp: icdOffices.IcdCorporationID, name: divisions.Name })
    .from(officeDivisions)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, officeDivisions.IcdOfficeID))
    .innerJoin(divisions, eq(divisions.DivisionID, officeDivisions.DivisionID))
    .where(inArray(icdOffices.IcdCorporationID, corpIds));
  const divs = new Map<number, string[]>();
  for (const d of divRows) divs.set(d.corp, [...(divs.get(d.corp) ?? []), d.name]);
  const scope: OfficeScope = actor.offices(READ);
  const scopeCond =
    scope === 'all' ? sql`true` : scope.size ? inArray(payrollEntries.IcdOfficeID, [...scope]) : sql`false`;
  const counts = await db
    .select({
      id: payrollEntries.PayrollID,
      n: sql<number>`count(*)::int`,
      approved: sql<number>`count(*) filter (where ${payPeriods.IsApproved})::int`,
      gross: sql<number>`coalesce(sum(${payrollEntries.GrossPayCents}), 0)::bigint`,
      manual: sql<number>`count(*) filter (where not ${payrollEntries.IsProcessedByAdp} and exists (select 1 from payroll_manual_submissions m where m.payroll_entry_id = ${payrollEntries.PayrollEntryID}))::int`,
    })
    .from(payrollEntries)
    .innerJoin(payPeriods, eq(payPeriods.PayPeriodID, payrollEntries.PayPeriodID))
    .where(and(inArray(payrollEntries.PayrollID, ids), scopeCond))
    .groupBy(payrollEntries.PayrollID);
  const countOf = new Map(counts.map((c) => [c.id, c]));
  const dismissals = await db
    .select()
    .from(payrollDismissals)
    .where(
      and(inArray(payrollDismissals.PayrollID, ids), eq(payrollDismissals.EmployeeID, actor.EmployeeID)),
    );
  const admins = await adminsOf(db, ids);
  return rows.map((p) => {
    const c = corps.get(p.IcdCorporationID);
    const n = countOf.get(p.PayrollID);
    return {
      PayrollID: p.PayrollID,
      IcdCorporationID: p.IcdCorporationID,
      ClientName: c?.ClientName ?? '',
      Owner: c?.Owner ?? '',
      Division: [...(divs.get(p.IcdCorporationID) ?? [])].sort().join(', '),
      CountryID: c?.CountryID ?? 0,
      PayrollTypeID: p.PayrollTypeID,
      PayFrequencyID: p.PayFrequencyID,
      StartDate: p.StartDate,
      EndDate: p.EndDate,
      PayDate: p.PayDate,
      IsVisible: p.IsVisible,
      IsLocked: p.IsLocked,
      LockedDate: iso(p.LockedAt),
      IsDisclosed: p.IsDisclosed,
      IsPending: p.IsPending,
      IsCompleted: p.IsCompleted,
      CompletedDate: iso(p.CompletedAt),
      CalculatedAt: iso(p.CalculatedAt),
      EntryCount: n?.n ?? 0,
      ApprovedCount: n?.approved ?? 0,
      GrossPay: Number(n?.gross ?? 0) / 100,
      PendingDismissed: dismissals.some((d) => d.PayrollID === p.PayrollID && d.Kind === 'pending'),
      SubmittedDismissed: dismissals.some((d) => d.PayrollID === p.PayrollID && d.Kind === 'submitted'),
      Version: p.Version,
      Memo: p.Memo,
      Admins: admins.get(p.PayrollID) ?? [],
      UnapprovedCount: (n?.n ?? 0) - (n?.approved ?? 0),
      OpenManualRequestCount: n?.manual ?? 0,
    };
  });
}

async function adminsOf(db: Conn, ids: readonly number[]): Promise<Map<number, PayrollAdmin[]>> {
  const rows = await db
    .select({
      PayrollID: payrollAdmins.PayrollID,
      EmployeeID: payrollAdmins.EmployeeID,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
      AssignedAt: payrollAdmins.AssignedAt,
    })
    .from(payrollAdmins)
    .innerJoin(employees, eq(employees.EmployeeID, payrollAdmins.EmployeeID))
    .where(inArray(payrollAdmins.PayrollID, [...ids]))
    .orderBy(asc(employees.LastName), asc(employees.FirstName));
  const out = new Map<number, PayrollAdmin[]>();
  for (const r of rows)
    out.set(r.PayrollID, [
      ...(out.get(r.PayrollID) ?? []),
      {
        EmployeeID: r.EmployeeID,
        FirstName: r.FirstName,
        LastName: r.LastName,
        AssignedAt: r.AssignedAt.toISOString(),
      },
    ]);
  return out;
}

type Sortable = Pick<
  PayrollListItem,
  'Owner' | 'ClientName' | 'Division' | 'StartDate' | 'EndDate' | 'LockedDate' | 'CompletedDate' | 'PayrollID'
>;

const text = (v: string | Date | null | undefined) =>
  v == null ? null : typeof v === 'string' ? v : v.toISOString();

/** Compare two payrolls by a sort order (spec 001 §9); nulls last, then newest window, then id. */
export function comparePayrolls(sort: PayrollSort): (a: Sortable, b: Sortable) => number {
  const desc = sort.endsWith('Desc');
  const field = (desc ? sort.slice(0, -4) : sort) as keyof Sortable;
  return (a, b) => {
    const x = text(a[field] as string | null);
    const y = text(b[field] as string | null);
    if (x !== y) {
      if (x == null) return 1;
      if (y == null) return -1;
      const c =
        field === 'Owner' || field === 'ClientName' || field === 'Division'
          ? x.localeCompare(y, 'en', { sensitivity: 'base' })
          : x < y
            ? -1
            : 1;
      if (c !== 0) return desc ? -c : c;
    }
    return b.StartDate.localeCompare(a.StartDate) || a.PayrollID - b.PayrollID;
  };
}

const stripList = ({
  Admins: _a,
  UnapprovedCount: _u,
  OpenManualRequestCount: _o,
  Memo: _m,
  ...item
}: Awaited<ReturnType<typeof listItems>>[number]): PayrollListItem => item;
const stripProcessing = ({
  Memo: _m,
  ...item
}: Awaited<ReturnType<typeof listItems>>[number]): PayrollProcessingItem => item;

/** GET payrolls, payrolls/page/{page}, payrolls/processing(/page/{page}), payrolls/icd-corporation/{id}. */
export async function listPayrolls(args: {
  db: Conn;
  actor: Actor;
  query: Partial<PayrollQuery>;
  flavour: ListFlavour;
  page?: boolean;
}) {
  const { db, actor, query } = args;
  const rows = await scopedRows(db, actor, query);
  const items = await listItems(db, actor, rows);
  items.sort(comparePayrolls(query.sort ?? 'StartDateDesc'));
  const strip = args.flavour === 'list' ? stripList : stripProcessing;
  if (!args.page) return items.map(strip);
  const pageIndex = query.pageIndex ?? 0;
  const pageSize = query.pageSize ?? 25;
  return {
    Items: items.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize).map(strip),
    TotalCount: items.length,
    PageIndex: pageIndex,
    PageSize: pageSize,
  };
}

export async function payrollWire(db: Conn, actor: Actor, row: PayrollRow): Promise<Payroll> {
  const [item] = await listItems(db, actor, [row]);
  const { Admins, OpenManualRequestCount, Memo, UnapprovedCount: _u, ...rest } = item;
  return { ...rest, Memo, Admins, OpenManualRequestCount };
}

/** GET payrolls/{id}. */
export async function getPayroll(args: { db: Conn; actor: Actor; id: number }): Promise<Payroll> {
  const row = await readablePayroll(args.db, args.actor, args.id);
  await ensurePayrolls(args.db, { corporationIds: [row.IcdCorporationID] });
  return payrollWire(args.db, args.actor, row);
}

function staleCheck(row: PayrollRow, version: number | undefined, current: () => Promise<unknown>) {
  if (version !== undefined && version !== row.Version)
    return current().then((c) => {
      throw new AppError(409, 'This payroll was changed by someone else. Review the current version.', {
        body: { Current: c },
      });
    });
  return Promise.resolve();
}

/** PUT payrolls/{id}/memo. */
export async function saveMemo(args: {
  db: Conn;
  actor: Actor;
  id: number;
  body: MemoSave;
}): Promise<Payroll> {
  const { db, actor, id, body } = args;
  return db.transaction(async (tx) => {
    const row = await processablePayroll(tx, actor, id, true);
    await staleCheck(row, body.Version, () => payrollWire(tx, actor, row));
    const [updated] = await tx
      .update(payrolls)
      .set({ Memo: body.Memo?.trim() || null, UpdatedAt: new Date(), Version: sql`${payrolls.Version} + 1` })
      .where(eq(payrolls.PayrollID, id))
      .returning();
    return payrollWire(tx, actor, updated);
  });
}

/**
 * PUT payrolls/{id}/{flag}/{value}. locked true (submit) computes the entries that changed, then locks
 * the payroll and its pay periods (a later change of their time becomes a late adjustment); locked
 * false unlocks both. completed true needs a locked payroll. Setting a flag to its value changes nothing.
 */
export async function setFlag(args: {
  db: Conn;
  actor: Actor;
  id: number;
  flag: PayrollFlag;
  value: boolean;
  version?: number;
}): Promise<Payroll> {
  const { db, actor, id, flag, value } = args;
  return db.transaction(async (tx) => {
    const row = await processablePayroll(tx, actor, id, true);
    await staleCheck(row, args.version, () => payrollWire(tx, actor, row));
    const now = new Date();
    const set: Partial<typeof payrolls.$inferInsert> = {};
    switch (flag) {
      case 'visible':
        if (row.IsVisible === value) return payrollWire(tx, actor, row);
        set.IsVisible = value;
        break;
      case 'disclosed':
        if (row.IsDisclosed === value) return payrollWire(tx, actor, row);
        set.IsDisclosed = value;
        set.DisclosedAt = value ? now : null;
        break;
      case 'pending':
        if (row.IsPending === value) return payrollWire(tx, actor, row);
        set.IsPending = value;
        set.PendingAt = value ? now : null;
        break;
      case 'completed':
        if (row.IsCompleted === value) return payrollWire(tx, actor, row);
        if (value && !row.IsLocked) throw badRequest('Lock (submit) this payroll before completing it.');
        set.IsCompleted = value;
        set.CompletedAt = value ? now : null;
        set.CompletedByEmployeeID = value ? actor.EmployeeID : null;
        break;
      case 'locked': {
        if (row.IsLocked === value) return payrollWire(tx, actor, row);
        if (!value && row.IsCompleted)
          throw badRequest('This payroll is completed: mark it not completed before unlocking it.');
        if (!value) {
          // An invoice's lines were built from the locked payroll: unlocking would let them drift apart.
          const [invoice] = await tx
            .select({ id: payrollInvoices.PayrollInvoiceID })
            .from(payrollInvoices)
            .where(eq(payrollInvoices.PayrollID, id));
          if (invoice)
            throw badRequest(
              `This payroll is invoiced (${invoiceNumber(invoice.id)}): it cannot be unlocked.`,
            );
        }
        const periods = await tx
          .select({ id: payPeriods.PayPeriodID })
          .from(payPeriods)
          .where(eq(payPeriods.PayrollID, id));
        if (value)
          await recalculateEntries(tx, id, undefined, 'lock', { actorEmployeeID: actor.EmployeeID, now });
        await lockPayPeriods({
          db: tx,
          by: doerOf(actor),
          payPeriodIds: periods.map((p) => p.id),
          locked: value,
          payrollId: id,
        });
        set.IsLocked = value;
        set.LockedAt = value ? now : null;
        set.LockedByEmployeeID = value ? actor.EmployeeID : null;
        break;
      }
    }
    const [updated] = await tx
      .update(payrolls)
      .set({ ...set, UpdatedAt: now, Version: sql`${payrolls.Version} + 1` })
      .where(eq(payrolls.PayrollID, id))
      .returning();
    return payrollWire(tx, actor, updated);
  });
}

/** The refusal of a change to a locked payroll's entries. */
export function lockedError(): AppError {
  return new AppError(409, PAYROLL_LOCKED_MESSAGE);
}

/** POST payrolls/{id}/admins: the employee must be able to process payroll of this corporation. */
export async function addAdmin(args: {
  db: Conn;
  actor: Actor;
  id: number;
  employeeId: number;
}): Promise<PayrollAdmin[]> {
  const { db, actor, id, employeeId } = args;
  await processablePayroll(db, actor, id);
  const [person] = await db
    .select({ id: employees.EmployeeID })
    .from(employees)
    .where(eq(employees.EmployeeID, employeeId))
    .limit(1);
  if (!person) throw badRequest('Choose an employee.', { EmployeeID: ['This employee does not exist.'] });
  await db
    .insert(payrollAdmins)
    .values({ PayrollID: id, EmployeeID: employeeId, AssignedByEmployeeID: actor.EmployeeID })
    .onConflictDoNothing();
  return (await adminsOf(db, [id])).get(id) ?? [];
}

/** DELETE payrolls/{id}/admins/{adminId}: 404 when that employee is not an admin of the payroll. */
export async function removeAdmin(args: {
  db: Conn;
  actor: Actor;
  id: number;
  adminId: number;
}): Promise<PayrollAdmin[]> {
  const { db, actor, id, adminId } = args;
  await processablePayroll(db, actor, id);
  const gone = await db
    .delete(payrollAdmins)
    .where(and(eq(payrollAdmins.PayrollID, id), eq(payrollAdmins.EmployeeID, adminId)))
    .returning();
  if (!gone.length) throw notFound('This payroll admin');
  return (await adminsOf(db, [id])).get(id) ?? [];
}

/**
 * POST payrolls/{pending|submitted}/{id}/dismissals: the caller no longer sees that message of the
 * payroll. The pending message exists while the payroll is pending, the submitted one once locked;
 * dismissing a message the payroll does not show is 400. Twice: the first dismissal is kept.
 */
export async function dismiss(args: {
  db: Conn;
  actor: Actor;
  id: number;
  kind: 'pending' | 'submitted';
}): Promise<PayrollDismissal> {
  const { db, actor, id, kind } = args;
  const row = await readablePayroll(db, actor, id);
  if (kind === 'pending' && !row.IsPending) throw badRequest('This payroll is not pending.');
  if (kind === 'submitted' && !row.IsLocked) throw badRequest('This payroll has not been submitted.');
  await db
    .insert(payrollDismissals)
    .values({ PayrollID: id, Kind: kind, EmployeeID: actor.EmployeeID })
    .onConflictDoNothing();
  const [d] = await db
    .select()
    .from(payrollDismissals)
    .where(
      and(
        eq(payrollDismissals.PayrollID, id),
        eq(payrollDismissals.Kind, kind),
        eq(payrollDismissals.EmployeeID, actor.EmployeeID),
      ),
    );
  return {
    PayrollID: id,
    Kind: kind,
    EmployeeID: actor.EmployeeID,
    DismissedAt: d.DismissedAt.toISOString(),
  };
}

export { PROCESS };
