// Pay periods (spec 002 §4 "Pay period: can be approved", §7; spec 001 §7 pay-periods/employee/{id}).
// - GET pay-periods: the periods of the employees at the offices where the caller manages or
//   approves time, with their totals; missing periods of active employment records in the range are
//   created from the record's pay frequency when first listed (periods.ts ensurePayPeriods).
// - PUT pay-periods/{id}/approved: time:approve on the office. Refused for one's own period, a
//   locked period, or one with an entry still missing its end. Approving twice changes nothing.
// - DELETE pay-periods/{id}/approved: withdraws the approval until the period is locked.
// - Locking belongs to payroll (a period is locked with its payroll): lockPayPeriods below.
import { and, asc, count, eq, gte, inArray, isNull, lte, sql, sum } from 'drizzle-orm';
import { ModuleId } from '../../../src/contract/modules';
import {
  type EmployeePayPeriodsQuery,
  LateAdjustmentStatus,
  ModificationStatus,
  type PayPeriod,
  type PayPeriodPage,
  type PayPeriodsQuery,
} from '../../../src/contract/time-management';
import type { Db } from '../../db/client';
import { lateAdjustments, payPeriods, timeEntries, timeEntryModifications } from '../../db/tables';
import { allOrFirstError } from '../../db/together';
import { addDays } from '../../domain/time/clock-time';
import { countedMinutes, isClosed as isClosedTimes } from '../../domain/time/entry-rules';
import { dayIn, officeDays, officeToday } from '../../domain/time-management/office-day';
import { periodState, periodWeeks } from '../../domain/time-management/pay-periods';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { Actor, OfficeScope } from '../access/service';
import { day, employeeNames, inScope, officeCondition, officeInfo, scopeIsEmpty, unionScope } from './lookup';
import { ensurePayPeriods, type PayPeriodRow } from './periods';
import { type Conn, type Doer, doerOf, recordAudit, snapshot } from './record';

const MAX_ENSURE_DAYS = 120;

/** Offices whose pay periods the actor may list (manages or approves time). */
function readScope(actor: Actor): OfficeScope {
  return unionScope(actor.offices('time:manage'), actor.offices('time:approve'));
}

interface Totals {
  WorkMinutes: number;
  BreakMinutes: number;
  WorkedMinutes: number;
  EntryCount: number;
  OpenEntryCount: number;
  byDay: Map<string, number>;
}

/** Totals of each period from its employee's entries at its office, by office day. */
async function periodTotals(db: Conn, rows: readonly PayPeriodRow[], zones: Map<number, string>) {
  const out = new Map<number, Totals>();
  for (const p of rows)
    out.set(p.PayPeriodID, {
      WorkMinutes: 0,
      BreakMinutes: 0,
      WorkedMinutes: 0,
      EntryCount: 0,
      OpenEntryCount: 0,
      byDay: new Map(),
    });
  if (!rows.length) return out;
  const first = rows.reduce((m, p) => (p.StartDate < m ? p.StartDate : m), rows[0].StartDate);
  const last = rows.reduce((m, p) => (p.EndDate > m ? p.EndDate : m), rows[0].EndDate);
  const entries = await db
    .select()
    .from(timeEntries)
    .where(
      and(
        inArray(timeEntries.EmployeeID, [...new Set(rows.map((p) => p.EmployeeID))]),
        inArray(timeEntries.IcdOfficeID, [...new Set(rows.map((p) => p.IcdOfficeID))]),
        isNull(timeEntries.DeletedAt),
        gte(timeEntries.Date, addDays(first, -1)),
        lte(timeEntries.Date, addDays(last, 1)),
      ),
    );
  const days = officeDays(entries, (e) => zones.get(e.IcdOfficeID) ?? 'UTC');
  const breaksOf = new Map<number, number>();
  for (const e of entries)
    if (e.IsBreak && e.ParentTimeEntryID !== null && isClosedTimes(e))
      breaksOf.set(e.ParentTimeEntryID, (breaksOf.get(e.ParentTimeEntryID) ?? 0) + countedMinutes(e));
  const byKey = new Map<string, PayPeriodRow[]>();
  for (const p of rows) {
    const key = `${p.EmployeeID}:${p.IcdOfficeID}`;
    byKey.set(key, [...(byKey.get(key) ?? []), p]);
  }
  for (const e of entries) {
    const d = days.get(e.Id) ?? e.Date;
    const period = byKey
      .get(`${e.EmployeeID}:${e.IcdOfficeID}`)
      ?.find((p) => p.StartDate <= d && d <= p.EndDate);
    if (!period) continue;
    const t = out.get(period.PayPeriodID) as Totals;
    if (!isClosedTimes(e)) {
      t.OpenEntryCount += 1;
      if (!e.IsBreak) t.EntryCount += 1;
      continue;
    }
    const minutes = countedMinutes(e);
    if (e.IsBreak) {
      t.BreakMinutes += minutes;
      continue;
    }
    t.EntryCount += 1;
    t.WorkMinutes += minutes;
    const worked = Math.max(0, minutes - (breaksOf.get(e.Id) ?? 0));
    t.WorkedMinutes += worked;
    t.byDay.set(d, (t.byDay.get(d) ?? 0) + worked);
  }
  return out;
}

/** The wire form of pay periods, with their totals and counts. */
export async function payPeriodWires(db: Conn, rows: readonly PayPeriodRow[]): Promise<PayPeriod[]> {
  if (!rows.length) return [];
  const ids = rows.map((p) => p.PayPeriodID);
  const [names, offices] = await allOrFirstError(db, [
    () =>
      employeeNames(
        db,
        rows.flatMap((p) => [p.EmployeeID, p.ApprovedByEmployeeID]),
      ),
    () =>
      officeInfo(
        db,
        rows.map((p) => p.IcdOfficeID),
      ),
  ] as const);
  const zones = new Map([...offices].map(([id, o]) => [id, o.TimeZone]));
  const [totals, mods, pending, applied] = await allOrFirstError(db, [
    () => periodTotals(db, rows, zones),
    () =>
      db
        .select({
          EmployeeID: timeEntryModifications.EmployeeID,
          IcdOfficeID: timeEntryModifications.IcdOfficeID,
          EntryDate: timeEntryModifications.EntryDate,
        })
        .from(timeEntryModifications)
        .where(
          and(
            eq(timeEntryModifications.StatusID, ModificationStatus.Pending),
            inArray(timeEntryModifications.EmployeeID, [...new Set(rows.map((p) => p.EmployeeID))]),
          ),
        ),
    () =>
      db
        .select({ PayPeriodID: lateAdjustments.PayPeriodID, n: count() })
        .from(lateAdjustments)
        .where(
          and(
            eq(lateAdjustments.StatusID, LateAdjustmentStatus.Pending),
            inArray(lateAdjustments.PayPeriodID, ids),
          ),
        )
        .groupBy(lateAdjustments.PayPeriodID),
    () =>
      db
        .select({
          PayPeriodID: lateAdjustments.AppliedPayPeriodID,
          minutes: sum(lateAdjustments.AppliedMinutes),
        })
        .from(lateAdjustments)
        .where(
          and(
            eq(lateAdjustments.StatusID, LateAdjustmentStatus.Accepted),
            inArray(lateAdjustments.AppliedPayPeriodID, ids),
          ),
        )
        .groupBy(lateAdjustments.AppliedPayPeriodID),
  ] as const);
  return rows.map((p) => {
    const t = totals.get(p.PayPeriodID) as Totals;
    const office = offices.get(p.IcdOfficeID);
    return {
      PayPeriodID: p.PayPeriodID,
      EmployeeID: p.EmployeeID,
      EmployeeName: names.get(p.EmployeeID) ?? '',
      IcdOfficeID: p.IcdOfficeID,
      OfficeName: office?.OfficeName ?? '',
      TimeZone: office?.TimeZone ?? 'UTC',
      PayFrequencyID: p.PayFrequencyID,
      PayrollID: p.PayrollID,
      StartDate: p.StartDate,
      EndDate: p.EndDate,
      State: periodState(p),
      IsApproved: p.IsApproved,
      ApprovedAt: p.ApprovedAt,
      ApprovedByName: p.ApprovedByEmployeeID ? (names.get(p.ApprovedByEmployeeID) ?? null) : null,
      IsLocked: p.IsLocked,
      LockedAt: p.LockedAt,
      Weeks: periodWeeks(p.StartDate, p.EndDate).map((w) => ({
        WeekNumber: w.WeekNumber,
        StartDate: w.start,
        EndDate: w.end,
        WorkedMinutes: [...t.byDay]
          .filter(([d]) => d >= w.start && d <= w.end)
          .reduce((s, [, m]) => s + m, 0),
      })),
      WorkMinutes: t.WorkMinutes,
      BreakMinutes: t.BreakMinutes,
      WorkedMinutes: t.WorkedMinutes,
      EntryCount: t.EntryCount,
      OpenEntryCount: t.OpenEntryCount,
      PendingModificationCount: mods.filter(
        (m) =>
          m.EmployeeID === p.EmployeeID &&
          m.IcdOfficeID === p.IcdOfficeID &&
          day(m.EntryDate) >= p.StartDate &&
          day(m.EntryDate) <= p.EndDate,
      ).length,
      PendingLateAdjustmentCount: pending.find((r) => r.PayPeriodID === p.PayPeriodID)?.n ?? 0,
      LateAdjustmentMinutes: Number(applied.find((r) => r.PayPeriodID === p.PayPeriodID)?.minutes ?? 0),
      Version: p.Version,
    };
  });
}

const STATE_ORDER = { Open: 0, Approved: 1, Locked: 2 } as const;

function sortPeriods(list: PayPeriod[], sort: PayPeriodsQuery['sort']): PayPeriod[] {
  const byName = (a: PayPeriod, b: PayPeriod) =>
    a.EmployeeName.localeCompare(b.EmployeeName, 'en', { sensitivity: 'base' }) ||
    a.OfficeName.localeCompare(b.OfficeName) ||
    String(a.StartDate).localeCompare(String(b.StartDate));
  const cmp: Record<PayPeriodsQuery['sort'], (a: PayPeriod, b: PayPeriod) => number> = {
    EmployeeName: byName,
    EmployeeNameDesc: (a, b) => byName(b, a),
    StartDate: (a, b) => String(a.StartDate).localeCompare(String(b.StartDate)) || byName(a, b),
    StartDateDesc: (a, b) => String(b.StartDate).localeCompare(String(a.StartDate)) || byName(a, b),
    WorkedMinutes: (a, b) => a.WorkedMinutes - b.WorkedMinutes || byName(a, b),
    WorkedMinutesDesc: (a, b) => b.WorkedMinutes - a.WorkedMinutes || byName(a, b),
    State: (a, b) => STATE_ORDER[a.State] - STATE_ORDER[b.State] || byName(a, b),
  };
  return [...list].sort(cmp[sort]);
}

/** GET pay-periods. */
export async function listPayPeriods(args: {
  db: Db;
  actor: Actor;
  query: PayPeriodsQuery;
}): Promise<PayPeriodPage> {
  const { db, actor, query } = args;
  let scope = readScope(actor);
  if (scopeIsEmpty(scope)) throw forbidden();
  if (query.icdOfficeId !== undefined) {
    if (!inScope(scope, query.icdOfficeId)) throw forbidden();
    scope = new Set([query.icdOfficeId]);
  }
  if (query.startDate && query.endDate && query.endDate < query.startDate) {
    const message = 'The end date must not be before the start date.';
    throw badRequest(message, { endDate: [message] });
  }
  const today = dayIn(new Date(), 'UTC');
  const explicit = !!(query.startDate || query.endDate);
  const start = query.startDate ?? query.endDate ?? addDays(today, -1);
  const end = query.endDate ?? query.startDate ?? addDays(today, 1);

  const spanDays = (Date.parse(end) - Date.parse(start)) / 86_400_000;
  if (spanDays <= MAX_ENSURE_DAYS) {
    await ensurePayPeriods(db, {
      from: start,
      to: end,
      officeIds: scope === 'all' ? undefined : [...scope],
      employeeIds: query.employeeId !== undefined ? [query.employeeId] : undefined,
    });
  }
  const conditions = [
    lte(payPeriods.StartDate, end),
    gte(payPeriods.EndDate, start),
    officeCondition(payPeriods.IcdOfficeID, scope),
  ];
  if (query.employeeId !== undefined) conditions.push(eq(payPeriods.EmployeeID, query.employeeId));
  if (query.state === 'locked') conditions.push(eq(payPeriods.IsLocked, true));
  if (query.state === 'approved')
    conditions.push(eq(payPeriods.IsApproved, true), eq(payPeriods.IsLocked, false));
  if (query.state === 'open')
    conditions.push(eq(payPeriods.IsApproved, false), eq(payPeriods.IsLocked, false));
  let rows = await db
    .select()
    .from(payPeriods)
    .where(and(...conditions))
    .orderBy(asc(payPeriods.StartDate));
  if (!explicit) {
    // The periods containing today in their office's time zone.
    const zones = await officeInfo(
      db,
      rows.map((r) => r.IcdOfficeID),
    );
    rows = rows.filter((r) => {
      const local = officeToday(zones.get(r.IcdOfficeID)?.TimeZone ?? 'UTC');
      return r.StartDate <= local && local <= r.EndDate;
    });
  }
  const sorted = sortPeriods(await payPeriodWires(db, rows), query.sort);
  return {
    Items: sorted.slice(query.pageIndex * query.pageSize, (query.pageIndex + 1) * query.pageSize),
    TotalCount: sorted.length,
    PageIndex: query.pageIndex,
    PageSize: query.pageSize,
  };
}

async function loadPeriod(db: Conn, id: number): Promise<PayPeriodRow | undefined> {
  const [row] = await db.select().from(payPeriods).where(eq(payPeriods.PayPeriodID, id)).limit(1);
  return row;
}

/** A period the actor may approve: 404 when out of sight, 403 without time:approve there. */
async function loadForApproval(db: Conn, actor: Actor, id: number, version: number | undefined) {
  const row = await loadPeriod(db, id);
  if (!row || !inScope(readScope(actor), row.IcdOfficeID)) throw notFound('The pay period');
  if (!inScope(actor.offices('time:approve'), row.IcdOfficeID)) throw forbidden();
  if (version !== undefined && version !== row.Version) {
    const [current] = await payPeriodWires(db, [row]);
    throw new AppError(409, 'This item was changed by someone else. Review the current version.', {
      body: { Current: current },
    });
  }
  return row;
}

function periodSnapshot(p: PayPeriodRow) {
  return snapshot({
    PayPeriodID: p.PayPeriodID,
    StartDate: p.StartDate,
    EndDate: p.EndDate,
    IsApproved: p.IsApproved,
    ApprovedByEmployeeID: p.ApprovedByEmployeeID,
    IsLocked: p.IsLocked,
    Version: p.Version,
  });
}

async function auditPeriod(
  db: Conn,
  action: 'PayPeriodApproved' | 'PayPeriodApprovalWithdrawn' | 'PayPeriodLocked' | 'PayPeriodUnlocked',
  by: Doer,
  before: PayPeriodRow,
  after: PayPeriodRow,
) {
  await recordAudit(db, {
    action,
    entityType: 'PayPeriod',
    entityId: after.PayPeriodID,
    by,
    employeeId: after.EmployeeID,
    officeId: after.IcdOfficeID,
    payPeriodId: after.PayPeriodID,
    entryDate: after.StartDate,
    before: periodSnapshot(before),
    after: periodSnapshot(after),
  });
}

/** PUT pay-periods/{id}/approved. */
export async function approvePayPeriod(args: {
  db: Db;
  actor: Actor;
  id: number;
  version?: number;
}): Promise<PayPeriod> {
  const { db, actor, id, version } = args;
  const row = await db.transaction(async (tx) => {
    const period = await loadForApproval(tx, actor, id, version);
    if (period.IsLocked) throw badRequest('This pay period is locked with its payroll.');
    if (period.IsApproved) return period;
    if (period.EmployeeID === actor.EmployeeID)
      throw new AppError(403, 'You cannot approve your own time. Ask another manager.');
    const [wire] = await payPeriodWires(tx, [period]);
    if (wire.OpenEntryCount > 0)
      throw badRequest(
        wire.OpenEntryCount === 1
          ? 'This pay period has an entry without an end. Close it before approving.'
          : `This pay period has ${wire.OpenEntryCount} entries without an end. Close them before approving.`,
      );
    const now = new Date();
    const [updated] = await tx
      .update(payPeriods)
      .set({
        IsApproved: true,
        ApprovedAt: now,
        ApprovedByEmployeeID: actor.EmployeeID,
        UpdatedAt: now,
        Version: period.Version + 1,
      })
      .where(and(eq(payPeriods.PayPeriodID, id), eq(payPeriods.Version, period.Version)))
      .returning();
    if (!updated)
      throw new AppError(409, 'This item was changed by someone else. Review the current version.');
    await auditPeriod(tx, 'PayPeriodApproved', doerOf(actor), period, updated);
    return updated;
  });
  const [wire] = await payPeriodWires(db, [row]);
  return wire;
}

/** DELETE pay-periods/{id}/approved: the approval is withdrawn (until the period is locked). */
export async function withdrawApproval(args: {
  db: Db;
  actor: Actor;
  id: number;
  version?: number;
}): Promise<PayPeriod> {
  const { db, actor, id, version } = args;
  const row = await db.transaction(async (tx) => {
    const period = await loadForApproval(tx, actor, id, version);
    if (period.IsLocked) throw badRequest('This pay period is locked with its payroll.');
    if (!period.IsApproved) return period;
    const now = new Date();
    const [updated] = await tx
      .update(payPeriods)
      .set({
        IsApproved: false,
        ApprovedAt: null,
        ApprovedByEmployeeID: null,
        UpdatedAt: now,
        Version: period.Version + 1,
      })
      .where(eq(payPeriods.PayPeriodID, id))
      .returning();
    await auditPeriod(tx, 'PayPeriodApprovalWithdrawn', doerOf(actor), period, updated);
    return updated;
  });
  const [wire] = await payPeriodWires(db, [row]);
  return wire;
}

/**
 * Locks (or unlocks) pay periods with their payroll. For the payroll module (PUT
 * payrolls/{id}/locked/{flag}); each change is audited. Returns the periods changed.
 */
export async function lockPayPeriods(args: {
  db: Conn;
  by: Doer;
  payPeriodIds: readonly number[];
  locked: boolean;
  payrollId?: number;
}): Promise<number> {
  const { db, by, payPeriodIds, locked } = args;
  if (!payPeriodIds.length) return 0;
  const rows = await db
    .select()
    .from(payPeriods)
    .where(inArray(payPeriods.PayPeriodID, [...payPeriodIds]));
  let changed = 0;
  const now = new Date();
  for (const row of rows) {
    if (row.IsLocked === locked) continue;
    const [updated] = await db
      .update(payPeriods)
      .set({
        IsLocked: locked,
        LockedAt: locked ? now : null,
        LockedByEmployeeID: locked ? by.EmployeeID : null,
        PayrollID: args.payrollId ?? row.PayrollID,
        UpdatedAt: now,
        Version: sql`${payPeriods.Version} + 1`,
      })
      .where(eq(payPeriods.PayPeriodID, row.PayPeriodID))
      .returning();
    await auditPeriod(db, locked ? 'PayPeriodLocked' : 'PayPeriodUnlocked', by, row, updated);
    changed += 1;
  }
  return changed;
}

/** GET pay-periods/employee/{id} (module, locked, time): newest first. */
export async function employeePayPeriods(args: {
  db: Db;
  actor: Actor;
  employeeId: number;
  query: EmployeePayPeriodsQuery;
}): Promise<PayPeriod[]> {
  const { db, actor, employeeId, query } = args;
  const module = query.module ?? ModuleId.TimeEntry;
  let scope: OfficeScope;
  if (module === ModuleId.Payroll) scope = actor.offices('payroll:read');
  else if (employeeId === actor.EmployeeID && actor.has('time:own')) scope = 'all';
  else scope = readScope(actor);
  if (scopeIsEmpty(scope)) throw forbidden();
  const conditions = [eq(payPeriods.EmployeeID, employeeId), officeCondition(payPeriods.IcdOfficeID, scope)];
  if (query.locked !== undefined) conditions.push(eq(payPeriods.IsLocked, query.locked));
  let rows = await db
    .select()
    .from(payPeriods)
    .where(and(...conditions))
    .orderBy(sql`${payPeriods.StartDate} desc`)
    .limit(query.time ? 1000 : 60);
  if (!rows.length && employeeId !== actor.EmployeeID) {
    // Nothing visible: an employee of another office is refused rather than shown empty.
    const any = await db
      .select({ id: payPeriods.PayPeriodID })
      .from(payPeriods)
      .where(eq(payPeriods.EmployeeID, employeeId))
      .limit(1);
    if (any.length) throw forbidden();
  }
  if (query.time) {
    const time = query.time;
    const zones = await officeInfo(
      db,
      rows.map((r) => r.IcdOfficeID),
    );
    rows = rows.filter((r) => {
      const d =
        time.length === 10 ? time : dayIn(new Date(time), zones.get(r.IcdOfficeID)?.TimeZone ?? 'UTC');
      return r.StartDate <= d && d <= r.EndDate;
    });
  }
  return payPeriodWires(db, rows);
}
