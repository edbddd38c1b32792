// Compliance flags of pay periods, computed live with the same rules as the report jobs, for the time
// approvals screen: the problems show before a period is approved, so they are fixed before payroll.
// Only the time-entry kinds that flag a problem (not the listings, not the pay kinds). Periods outside
// the offices where the caller manages or approves time are left out (no error: the screen asks for
// the periods it shows).
import { inArray } from 'drizzle-orm';
import type { ComplianceFlag } from '../../../src/contract/report-jobs';
import type { Db } from '../../db/client';
import { payPeriods } from '../../db/tables';
import { COMPLIANCE_KINDS, KIND_INFO } from '../../domain/compliance/kinds';
import { evaluate } from '../../domain/compliance/rules';
import type { Actor } from '../access/service';
import { LoadCache, loadChunk, officeFacts } from './load';

/** The kinds shown on the approvals screen. */
export const APPROVAL_KINDS = COMPLIANCE_KINDS.filter(
  (k) => KIND_INFO[k].Source === 'time' && KIND_INFO[k].IsFlag,
);

export async function complianceFlags(
  db: Db,
  actor: Actor,
  payPeriodIds: readonly number[],
): Promise<ComplianceFlag[]> {
  if (!payPeriodIds.length) return [];
  const scopes = [actor.offices('time:manage'), actor.offices('time:approve')];
  const inScope = (id: number) => scopes.some((s) => s === 'all' || s.has(id));
  const rows = (
    await db
      .select({
        PayPeriodID: payPeriods.PayPeriodID,
        EmployeeID: payPeriods.EmployeeID,
        IcdOfficeID: payPeriods.IcdOfficeID,
        StartDate: payPeriods.StartDate,
        EndDate: payPeriods.EndDate,
      })
      .from(payPeriods)
      .where(inArray(payPeriods.PayPeriodID, [...payPeriodIds]))
  ).filter((p) => inScope(p.IcdOfficeID));
  const out: ComplianceFlag[] = [];
  // Periods share their window on one screen: group by office and window to read each once.
  const groups = new Map<string, typeof rows>();
  for (const p of rows) {
    const key = `${p.IcdOfficeID}|${p.StartDate}|${p.EndDate}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  for (const group of groups.values()) {
    const first = group[0];
    const range = {
      StartDate: String(first.StartDate).slice(0, 10),
      EndDate: String(first.EndDate).slice(0, 10),
    };
    const cache = new LoadCache(await officeFacts(db, [first.IcdOfficeID]), range);
    const chunk = await loadChunk(
      db,
      cache,
      group.map((p) => p.EmployeeID),
      { withPay: false },
    );
    for (const e of chunk.employees) {
      const period = group.find((p) => p.EmployeeID === e.EmployeeID);
      if (!period) continue;
      for (const f of evaluate(e, APPROVAL_KINDS, range))
        out.push({
          PayPeriodID: period.PayPeriodID,
          EmployeeID: e.EmployeeID,
          Kind: f.Kind,
          Name: KIND_INFO[f.Kind].Name,
          Rule: KIND_INFO[f.Kind].Description,
          Day: f.Day,
          Detail: f.Detail,
          TimeEntryIDs: f.TimeEntryIDs,
        });
    }
  }
  return out;
}
