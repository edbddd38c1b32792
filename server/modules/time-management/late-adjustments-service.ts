// Late adjustments (src/contract/time-management.ts): changes of time that reached the server for an
// approved or locked pay period. Payroll (payroll:process on the office) lists and resolves them:
// - accept: the change is applied as its requester asked (every time-entry rule but the closed
//   period; a new entry gets the Id it was promised) and its minutes are paid in an open pay period
//   of the employee at that office after the closed one (default: the next). Accepting a new work
//   entry accepts its pending breaks with it.
// - reject: with a reason the employee sees (GET late-adjustments/mine). Rejecting a new work entry
//   rejects its pending breaks with it.
import { and, asc, count, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import {
  type AcceptLateAdjustment,
  type LateAdjustment,
  LateAdjustmentAction,
  type LateAdjustmentPage,
  LateAdjustmentStatus,
  type LateAdjustmentsQuery,
  type LateAdjustmentTarget,
  type RejectLateAdjustment,
} from '../../../src/contract/time-management';
import type { Db } from '../../db/client';
import { employees, icdOffices, lateAdjustments, payPeriods } from '../../db/tables';
import { allOrFirstError } from '../../db/together';
import { diffEntries, minutesDelta } from '../../domain/time-management/changes';
import { isClosed, periodState } from '../../domain/time-management/pay-periods';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { Actor, OfficeScope } from '../access/service';
import { recalculateEntries } from '../payroll/calculate';
import { ensurePayrolls } from '../payroll/ensure';
import { lockEmployee } from '../time/access';
import { applyLateAdjustment } from '../time/late-requests';
import { entryLabeler } from './labels';
import type { LateAdjustmentRow } from './late-store';
import { employeeNames, inScope, officeCondition, officeInfo, scopeIsEmpty } from './lookup';
import { nextOpenPeriod, type PayPeriodRow } from './periods';
import { type Conn, type Doer, doerOf, recordAudit } from './record';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const STALE = 'This item was changed by someone else. Review the current version.';

const STATUS_OF = {
  pending: LateAdjustmentStatus.Pending,
  accepted: LateAdjustmentStatus.Accepted,
  rejected: LateAdjustmentStatus.Rejected,
  withdrawn: LateAdjustmentStatus.Withdrawn,
} as const;

export async function lateAdjustmentWires(
  db: Conn,
  rows: readonly LateAdjustmentRow[],
): Promise<LateAdjustment[]> {
  if (!rows.length) return [];
  const periodIds = [
    ...new Set(rows.flatMap((r) => [r.PayPeriodID, r.AppliedPayPeriodID]).filter((id): id is number => !!id)),
  ];
  const [names, offices, periods, label] = await allOrFirstError(db, [
    () =>
      employeeNames(
        db,
        rows.flatMap((r) => [r.EmployeeID, r.RequestedByEmployeeID, r.ResolvedByEmployeeID]),
      ),
    () =>
      officeInfo(
        db,
        rows.map((r) => r.IcdOfficeID),
      ),
    () =>
      db
        .select()
        .from(payPeriods)
        .where(periodIds.length ? inArray(payPeriods.PayPeriodID, periodIds) : undefined),
    () =>
      entryLabeler(
        db,
        rows.flatMap((r) => [r.Before, r.Proposed]),
      ),
  ] as const);
  const period = (id: number | null) => (id ? periods.find((p) => p.PayPeriodID === id) : undefined);
  return rows.map((r) => {
    const closed = period(r.PayPeriodID);
    const applied = period(r.AppliedPayPeriodID);
    return {
      LateAdjustmentID: r.LateAdjustmentID,
      TimeEntryID: r.TimeEntryID,
      ParentTimeEntryID: r.ParentTimeEntryID,
      ActionID: r.ActionID,
      StatusID: r.StatusID,
      EmployeeID: r.EmployeeID,
      EmployeeName: names.get(r.EmployeeID) ?? '',
      IcdOfficeID: r.IcdOfficeID,
      OfficeName: offices.get(r.IcdOfficeID)?.OfficeName ?? '',
      PayPeriodID: r.PayPeriodID,
      PayPeriodStartDate: closed?.StartDate ?? r.EntryDate,
      PayPeriodEndDate: closed?.EndDate ?? r.EntryDate,
      PayPeriodState: closed ? periodState(closed) : 'Locked',
      EntryDate: r.EntryDate,
      IsBreak: r.IsBreak,
      Before: r.Before ?? null,
      Proposed: r.Proposed ?? null,
      Changes: diffEntries(r.Before, r.Proposed, undefined, label),
      MinutesDelta: r.AppliedMinutes ?? minutesDelta(r.Before, r.Proposed),
      RequestedByEmployeeID: r.RequestedByEmployeeID,
      RequestedByName: names.get(r.RequestedByEmployeeID) ?? '',
      RequestedAt: r.RequestedAt,
      ResolvedByName: r.ResolvedByEmployeeID ? (names.get(r.ResolvedByEmployeeID) ?? null) : null,
      ResolvedAt: r.ResolvedAt,
      RejectionReason: r.RejectionReason,
      AppliedPayPeriodID: r.AppliedPayPeriodID,
      AppliedPayPeriodStartDate: applied?.StartDate ?? null,
      AppliedPayPeriodEndDate: applied?.EndDate ?? null,
      Version: r.Version,
    };
  });
}

function payrollScope(actor: Actor): OfficeScope {
  const scope = actor.offices('payroll:process');
  if (scopeIsEmpty(scope)) throw forbidden();
  return scope;
}

async function listWhere(
  db: Db,
  where: SQL | undefined,
  query: LateAdjustmentsQuery,
): Promise<LateAdjustmentPage> {
  const [{ total }] = await db.select({ total: count() }).from(lateAdjustments).where(where);
  const id = asc(lateAdjustments.LateAdjustmentID);
  const order: Record<LateAdjustmentsQuery['sort'], SQL[]> = {
    RequestedAt: [asc(lateAdjustments.RequestedAt), id],
    RequestedAtDesc: [desc(lateAdjustments.RequestedAt), id],
    EmployeeName: [asc(employees.LastName), asc(employees.FirstName), asc(lateAdjustments.RequestedAt), id],
    EntryDate: [desc(lateAdjustments.EntryDate), id],
  };
  const rows = await db
    .select({ a: lateAdjustments })
    .from(lateAdjustments)
    .innerJoin(employees, eq(employees.EmployeeID, lateAdjustments.EmployeeID))
    .where(where)
    .orderBy(...order[query.sort])
    .limit(query.pageSize)
    .offset(query.pageIndex * query.pageSize);
  return {
    Items: await lateAdjustmentWires(
      db,
      rows.map((r) => r.a),
    ),
    TotalCount: total,
    PageIndex: query.pageIndex,
    PageSize: query.pageSize,
  };
}

function filters(query: LateAdjustmentsQuery): (SQL | undefined)[] {
  return [
    query.status === 'all' ? undefined : eq(lateAdjustments.StatusID, STATUS_OF[query.status]),
    query.employeeId !== undefined ? eq(lateAdjustments.EmployeeID, query.employeeId) : undefined,
    query.icdOfficeId !== undefined ? eq(lateAdjustments.IcdOfficeID, query.icdOfficeId) : undefined,
  ];
}

/** GET late-adjustments: the requests at the offices where the caller processes payroll. */
export async function listLateAdjustments(args: {
  db: Db;
  actor: Actor;
  query: LateAdjustmentsQuery;
}): Promise<LateAdjustmentPage> {
  const { db, actor, query } = args;
  const scope = payrollScope(actor);
  if (query.icdOfficeId !== undefined && !inScope(scope, query.icdOfficeId)) throw forbidden();
  return listWhere(db, and(officeCondition(lateAdjustments.IcdOfficeID, scope), ...filters(query)), query);
}

/** GET late-adjustments/mine: the caller's own requests (with payroll's answer). */
export async function listMyLateAdjustments(args: {
  db: Db;
  actor: Actor;
  query: LateAdjustmentsQuery;
}): Promise<LateAdjustmentPage> {
  const { db, actor, query } = args;
  return listWhere(
    db,
    and(eq(lateAdjustments.EmployeeID, actor.EmployeeID), ...filters({ ...query, employeeId: undefined })),
    query,
  );
}

/**
 * The request read again under its employee's time-entry lock: its requester changing or withdrawing
 * it, and another payroll user resolving it, wait for each other instead of racing.
 */
async function loadForResolve(tx: Tx, actor: Actor, id: number): Promise<LateAdjustmentRow> {
  const first = await loadVisible(tx, actor, id);
  await lockEmployee(tx, first.EmployeeID);
  return loadVisible(tx, actor, id);
}

async function loadVisible(db: Conn, actor: Actor, id: number): Promise<LateAdjustmentRow> {
  const [row] = await db
    .select()
    .from(lateAdjustments)
    .where(eq(lateAdjustments.LateAdjustmentID, id))
    .limit(1);
  if (!row || !inScope(payrollScope(actor), row.IcdOfficeID)) throw notFound('The late adjustment');
  return row;
}

async function closedPeriod(db: Conn, row: LateAdjustmentRow): Promise<PayPeriodRow> {
  const [period] = await db
    .select()
    .from(payPeriods)
    .where(eq(payPeriods.PayPeriodID, row.PayPeriodID))
    .limit(1);
  return period;
}

/** GET late-adjustments/{id}/targets: the open periods it may be paid in, the default first. */
export async function lateAdjustmentTargets(args: {
  db: Db;
  actor: Actor;
  id: number;
}): Promise<LateAdjustmentTarget[]> {
  const { db, actor, id } = args;
  const row = await loadVisible(db, actor, id);
  const closed = await closedPeriod(db, row);
  const next = await nextOpenPeriod(db, closed);
  const later = await db
    .select()
    .from(payPeriods)
    .where(
      and(
        eq(payPeriods.EmployeeID, closed.EmployeeID),
        eq(payPeriods.IcdOfficeID, closed.IcdOfficeID),
        gt(payPeriods.StartDate, closed.EndDate),
      ),
    )
    .orderBy(asc(payPeriods.StartDate))
    .limit(12);
  return later
    .filter((p) => !isClosed(p))
    .map((p) => ({
      PayPeriodID: p.PayPeriodID,
      StartDate: p.StartDate,
      EndDate: p.EndDate,
      IsNext: p.PayPeriodID === next?.PayPeriodID,
    }));
}

async function assertPending(db: Conn, row: LateAdjustmentRow, version: number): Promise<void> {
  if (row.Version !== version) {
    const [current] = await lateAdjustmentWires(db, [row]);
    throw new AppError(409, STALE, { body: { Current: current } });
  }
  if (row.StatusID !== LateAdjustmentStatus.Pending)
    throw badRequest(
      row.StatusID === LateAdjustmentStatus.Withdrawn
        ? 'This request was withdrawn by its requester.'
        : 'This request was already resolved.',
    );
}

async function pendingBreaksOf(tx: Conn, row: LateAdjustmentRow): Promise<LateAdjustmentRow[]> {
  if (row.ActionID !== LateAdjustmentAction.Create || row.IsBreak) return [];
  return tx
    .select()
    .from(lateAdjustments)
    .where(
      and(
        eq(lateAdjustments.ParentTimeEntryID, row.TimeEntryID),
        eq(lateAdjustments.StatusID, LateAdjustmentStatus.Pending),
      ),
    )
    .orderBy(asc(lateAdjustments.LateAdjustmentID));
}

async function acceptOne(tx: Tx, actor: Actor, row: LateAdjustmentRow, target: PayPeriodRow): Promise<void> {
  const requester: Doer = { EmployeeID: row.RequestedByEmployeeID, ProxyByEmployeeID: null };
  await applyLateAdjustment({ tx, actor, adjustment: row, requester });
  const now = new Date();
  const minutes = minutesDelta(row.Before, row.Proposed);
  await tx
    .update(lateAdjustments)
    .set({
      StatusID: LateAdjustmentStatus.Accepted,
      ResolvedByEmployeeID: actor.EmployeeID,
      ResolvedAt: now,
      AppliedPayPeriodID: target.PayPeriodID,
      AppliedMinutes: minutes,
      UpdatedAt: now,
      Version: row.Version + 1,
    })
    .where(eq(lateAdjustments.LateAdjustmentID, row.LateAdjustmentID));
  await recordAudit(tx, {
    action: 'LateAdjustmentAccepted',
    entityType: 'LateAdjustment',
    entityId: row.LateAdjustmentID,
    by: doerOf(actor),
    employeeId: row.EmployeeID,
    officeId: row.IcdOfficeID,
    timeEntryId: row.TimeEntryID,
    payPeriodId: target.PayPeriodID,
    lateAdjustmentId: row.LateAdjustmentID,
    entryDate: row.EntryDate,
    before: row.Before,
    after: row.Proposed,
    note: `Paid in the pay period ${target.StartDate} to ${target.EndDate}`,
    at: now,
  });
}

/** The payroll a pay period belongs to, joining it to one first when it has none yet. */
async function payrollOfPeriod(tx: Tx, period: PayPeriodRow): Promise<number | null> {
  if (period.PayrollID !== null) return period.PayrollID;
  const [office] = await tx
    .select({ IcdCorporationID: icdOffices.IcdCorporationID })
    .from(icdOffices)
    .where(eq(icdOffices.IcdOfficeID, period.IcdOfficeID));
  if (!office) return null;
  await ensurePayrolls(tx, { corporationIds: [office.IcdCorporationID] });
  const [row] = await tx
    .select({ PayrollID: payPeriods.PayrollID })
    .from(payPeriods)
    .where(eq(payPeriods.PayPeriodID, period.PayPeriodID));
  return row?.PayrollID ?? null;
}

async function reload(db: Conn, id: number): Promise<LateAdjustment> {
  const [row] = await db.select().from(lateAdjustments).where(eq(lateAdjustments.LateAdjustmentID, id));
  const [wire] = await lateAdjustmentWires(db, [row]);
  return wire;
}

/** PUT late-adjustments/{id}/accept. */
export async function acceptLateAdjustment(args: {
  db: Db;
  actor: Actor;
  id: number;
  body: AcceptLateAdjustment;
}): Promise<LateAdjustment> {
  const { db, actor, id, body } = args;
  await db.transaction(async (tx) => {
    const row = await loadForResolve(tx, actor, id);
    await assertPending(tx, row, body.Version);
    const closed = await closedPeriod(tx, row);
    let target: PayPeriodRow | undefined;
    if (body.PayPeriodID !== undefined) {
      [target] = await tx
        .select()
        .from(payPeriods)
        .where(eq(payPeriods.PayPeriodID, body.PayPeriodID))
        .limit(1);
      const fits =
        !!target &&
        target.EmployeeID === row.EmployeeID &&
        target.IcdOfficeID === row.IcdOfficeID &&
        target.StartDate > closed.EndDate &&
        !isClosed(target);
      if (!fits) {
        const message = 'Choose an open pay period of this employee after the closed one.';
        throw badRequest(message, { PayPeriodID: [message] });
      }
    } else {
      target = await nextOpenPeriod(tx, closed);
    }
    if (!target) throw badRequest('This employee has no open pay period to pay the adjustment in.');
    await acceptOne(tx, actor, row, target);
    for (const child of await pendingBreaksOf(tx, row)) await acceptOne(tx, actor, child, target);
    // The period that pays it shows it at once on its payroll entry (and the employee's stub).
    const payrollId = await payrollOfPeriod(tx, target);
    if (payrollId !== null)
      await recalculateEntries(tx, payrollId, [target.PayPeriodID], 'late-adjustment', {
        actorEmployeeID: actor.EmployeeID,
      });
  });
  return reload(db, id);
}

/** PUT late-adjustments/{id}/reject. */
export async function rejectLateAdjustment(args: {
  db: Db;
  actor: Actor;
  id: number;
  body: RejectLateAdjustment;
}): Promise<LateAdjustment> {
  const { db, actor, id, body } = args;
  await db.transaction(async (tx) => {
    const row = await loadForResolve(tx, actor, id);
    await assertPending(tx, row, body.Version);
    const now = new Date();
    for (const r of [row, ...(await pendingBreaksOf(tx, row))]) {
      await tx
        .update(lateAdjustments)
        .set({
          StatusID: LateAdjustmentStatus.Rejected,
          ResolvedByEmployeeID: actor.EmployeeID,
          ResolvedAt: now,
          RejectionReason: body.Reason,
          UpdatedAt: now,
          Version: r.Version + 1,
        })
        .where(eq(lateAdjustments.LateAdjustmentID, r.LateAdjustmentID));
      await recordAudit(tx, {
        action: 'LateAdjustmentRejected',
        entityType: 'LateAdjustment',
        entityId: r.LateAdjustmentID,
        by: doerOf(actor),
        employeeId: r.EmployeeID,
        officeId: r.IcdOfficeID,
        timeEntryId: r.TimeEntryID,
        payPeriodId: r.PayPeriodID,
        lateAdjustmentId: r.LateAdjustmentID,
        entryDate: r.EntryDate,
        before: r.Before,
        after: r.Proposed,
        note: body.Reason,
        at: now,
      });
    }
  });
  return reload(db, id);
}
