// Running the payroll engine (server/domain/payroll) over a payroll's entries and saving the result.
//
// recalculateEntries(db, payrollId, payPeriodIds?, trigger, options) gathers the engine's input of
// each entry (gather.ts), runs computeEntry for each entry and, when its fingerprint (engine input +
// output) changed, saves totals and lines (results.ts) and adds a numbered snapshot with the trigger,
// the actor and the time. Callers check the lock rule (calculate.ts saves what it is asked to).
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PayrollTrigger } from '../../../src/contract/payroll';
import type { PayrollSnapshotLine } from '../../db/schema/payroll';
import { payrollEntries, payrolls } from '../../db/tables';
import { computeEntry, type EntryResult } from '../../domain/payroll';
import { ensureEntries } from './ensure';
import { type GatheredPeriod, gather } from './gather';
import { linesOf, totalsRow } from './results';
import type { Conn } from './scope';
import type { EntryRow } from './wire';

export interface RecalculateOptions {
  actorEmployeeID?: number | null;
  /** When the calculation happened (default: now). */
  now?: Date;
  /** Extra hours per pay period from a manual submission (totals request ExtraShowHours). */
  extraHours?: ReadonlyMap<number, number>;
}

export interface RecalculateResult {
  /** The entries computed (fresh rows). */
  entries: EntryRow[];
  /** PayrollEntryIDs whose calculation changed (a snapshot was stored). */
  changed: number[];
}

const CHUNK = 1000;
const chunks = <T>(list: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/**
 * Recalculates entries of a payroll (all, or the given pay periods) through the engine and saves the
 * ones that changed: totals, lines and a numbered snapshot recording the trigger.
 */
export async function recalculateEntries(
  db: Conn,
  payrollId: number,
  payPeriodIds: readonly number[] | undefined,
  trigger: PayrollTrigger,
  options: RecalculateOptions = {},
): Promise<RecalculateResult> {
  const [payroll] = await db.select().from(payrolls).where(eq(payrolls.PayrollID, payrollId)).limit(1);
  if (!payroll) return { entries: [], changed: [] };
  await ensureEntries(db, [payroll.IcdCorporationID], options.now);
  const now = options.now ?? new Date();
  const gathered = await gather(db, payroll, payPeriodIds, options.extraHours);
  type Update = {
    g: GatheredPeriod;
    result: EntryResult;
    totals: Record<string, number>;
    lines: PayrollSnapshotLine[];
    fingerprint: string;
  };
  const updates: Update[] = [];
  for (const g of gathered) {
    const result = computeEntry(g.input);
    const totals = totalsRow(result);
    const lines = linesOf(result);
    const fingerprint = createHash('sha1')
      .update(JSON.stringify([g.input, totals, lines]))
      .digest('base64url');
    if (fingerprint === g.entry.Fingerprint) continue;
    updates.push({ g, result, totals, lines, fingerprint });
  }

  // Saved with one statement per chunk: the rows travel once, as one JSON parameter
  // (jsonb_to_recordset, far cheaper than thousands of bound parameters), and data-modifying CTEs
  // update the entries, replace their lines and add their snapshots.
  const at = now.toISOString();
  for (const part of chunks(updates, 500)) {
    const rows = part.map((u) => ({
      id: u.g.entry.PayrollEntryID,
      pp: u.g.period.PayPeriodID,
      emp: u.g.entry.EmployeeID,
      n: u.g.entry.SnapshotNumber + 1,
      inputs: u.g.entry.Inputs,
      totals: u.totals,
      rh: u.totals.RegularHours,
      oh: u.totals.OvertimeHours,
      dh: u.totals.DoubleTimeHours,
      th: u.totals.TotalHoursWorked,
      gp: u.totals.GrossPayCents,
      na: u.totals.NetPayAdditionCents,
      nd: u.totals.NetPayDeductionCents,
      fp: u.fingerprint,
      lines: u.lines,
      pieces: u.g.input.CommissionPieces.map((p) => ({
        PieceNumber: p.PieceNumber,
        PieceQty: p.PieceQty,
        PieceRateCents: p.PieceRate,
      })),
      sources: {
        ...u.g.sources,
        Jurisdiction: u.result.Jurisdiction,
        RegularRateCents: u.result.RegularRate,
      },
    }));
    await db.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as v(id int, pp int, emp int, n int, inputs jsonb, totals jsonb, rh float8, oh float8, dh float8,
               th float8, gp int, na int, nd int, fp text, lines jsonb, pieces jsonb, sources jsonb)
      ),
      updated as (
        update payroll_entries e set
          totals = v.totals, regular_hours = v.rh, overtime_hours = v.oh, double_time_hours = v.dh,
          total_hours_worked = v.th, gross_pay_cents = v.gp, net_pay_addition_cents = v.na,
          net_pay_deduction_cents = v.nd, fingerprint = v.fp, snapshot_number = v.n,
          calculated_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
        from v where e.payroll_entry_id = v.id
        returning e.payroll_entry_id
      ),
      removed as (
        delete from payroll_entry_lines l using v where l.payroll_entry_id = v.id returning l.payroll_entry_line_id
      ),
      added as (
        insert into payroll_entry_lines (payroll_entry_id, kind, caption, rate, units, amount_cents, trace, sort_index)
        select v.id, x."Kind", x."Caption", x."Rate", x."Units", x."AmountCents", x."Trace", x."SortIndex"
        from v cross join jsonb_to_recordset(v.lines)
          as x("Kind" text, "Caption" text, "Rate" float8, "Units" float8, "AmountCents" int, "Trace" jsonb, "SortIndex" int)
        returning payroll_entry_line_id
      ),
      snapshots as (
        insert into payroll_entry_snapshots (payroll_entry_id, payroll_id, pay_period_id, employee_id, snapshot_number,
          trigger, actor_employee_id, created_at, inputs, totals, gross_pay_cents, lines, pieces, sources)
        select v.id, ${payroll.PayrollID}::int, v.pp, v.emp, v.n, ${trigger}::text, ${options.actorEmployeeID ?? null}::int,
          ${at}::timestamptz, v.inputs, v.totals, v.gp, v.lines, v.pieces, v.sources
        from v
        returning payroll_entry_snapshot_id
      )
      select (select count(*) from updated) as updated, (select count(*) from removed) as removed,
        (select count(*) from added) as added, (select count(*) from snapshots) as snapshots`);
  }
  await db.update(payrolls).set({ CalculatedAt: now }).where(eq(payrolls.PayrollID, payroll.PayrollID));

  const fresh = await db
    .select()
    .from(payrollEntries)
    .where(
      payPeriodIds
        ? and(
            eq(payrollEntries.PayrollID, payroll.PayrollID),
            inArray(payrollEntries.PayPeriodID, [...payPeriodIds]),
          )
        : eq(payrollEntries.PayrollID, payroll.PayrollID),
    );
  return { entries: fresh, changed: updates.map((u) => u.g.entry.PayrollEntryID) };
}
