// The compliance rules over the pay of each pay period: the hourly rate against the minimum wage,
// and the input amounts of a payroll entry (allowances, tips, bonuses, net pay changes, additional
// hours), one finding per pay period.
import type { ComplianceKind } from './kinds';
import {
  type EmployeeIn,
  finding,
  hm,
  hours,
  money,
  type PayInputs,
  type PeriodIn,
  type Rule,
} from './model';

export function payRule(
  kind: ComplianceKind,
  pick: (
    p: PeriodIn,
    e: EmployeeIn,
  ) => { detail: string; amount?: number; hours?: number; flagged?: boolean } | null,
): Rule {
  return (e) =>
    e.periods.flatMap((p) => {
      const hit = pick(p, e);
      if (!hit) return [];
      return [
        finding(
          kind,
          e,
          { Day: p.EndDate, IcdOfficeID: p.IcdOfficeID, PayPeriodID: p.PayPeriodID },
          hit.detail,
          {
            Amount: hit.amount ?? null,
            Hours: hit.hours ?? null,
            Flagged: hit.flagged,
            TimeEntryIDs: p.TimeEntryIDs,
          },
        ),
      ];
    });
}

export const rateBelow = (p: PeriodIn) =>
  p.IsHourly &&
  p.HourlyRateCents !== null &&
  p.MinimumWageCents !== null &&
  p.HourlyRateCents < p.MinimumWageCents;
export const rateText = (p: PeriodIn) =>
  `Hourly rate ${p.HourlyRateCents === null ? 'not set' : money(p.HourlyRateCents).toFixed(2)}; minimum wage ${p.MinimumWageCents === null ? 'not set' : money(p.MinimumWageCents).toFixed(2)}.`;

/** An input amount of a payroll entry, when above zero. */
export function amountRule(kind: ComplianceKind, label: string, cents: (i: PayInputs) => number): Rule {
  return payRule(kind, (p) => {
    const c = p.Inputs ? cents(p.Inputs) : 0;
    if (c <= 0) return null;
    return {
      detail: `${label} ${money(c).toFixed(2)}; worked ${hm(p.WorkedMinutes)}.`,
      amount: money(c),
      hours: hours(p.WorkedMinutes),
    };
  });
}

/** The rules of the pay kinds. */
export const PAY_RULES = {
  HourlyRate: payRule('HourlyRate', (p) =>
    rateBelow(p) ? { detail: rateText(p), amount: money(p.HourlyRateCents as number) } : null,
  ),
  HourlyRateActive: payRule('HourlyRateActive', (p, e) =>
    e.IsActive && p.IsHourly
      ? {
          detail: rateText(p),
          amount: p.HourlyRateCents === null ? undefined : money(p.HourlyRateCents),
          flagged: rateBelow(p),
        }
      : null,
  ),
  CellAllowance: amountRule('CellAllowance', 'Cell allowance', (i) => i.CellAllowanceCents),
  CellAllowance2: payRule('CellAllowance2', (p) =>
    p.Inputs && p.Inputs.CellAllowanceCents > 0 && p.WorkedMinutes === 0
      ? {
          detail: `Cell allowance ${money(p.Inputs.CellAllowanceCents).toFixed(2)} with no worked time.`,
          amount: money(p.Inputs.CellAllowanceCents),
        }
      : null,
  ),
  Tip: amountRule('Tip', 'Tips', (i) => i.TipCents),
  TravelAllowance: amountRule('TravelAllowance', 'Travel allowance', (i) => i.TravelAllowanceCents),
  Bonus: payRule('Bonus', (p) => {
    const i = p.Inputs;
    if (!i) return null;
    const total = i.BonusCents + i.CommissionBonusCents + i.VolumeBonusCents;
    if (total <= 0) return null;
    return {
      detail: `Bonus ${money(i.BonusCents).toFixed(2)}, commission bonus ${money(i.CommissionBonusCents).toFixed(2)}, volume bonus ${money(i.VolumeBonusCents).toFixed(2)}.`,
      amount: money(total),
    };
  }),
  NetPayAddition: amountRule('NetPayAddition', 'Net pay addition', (i) => i.NetPayAdditionCents),
  NetPayDeduction: amountRule('NetPayDeduction', 'Net pay deduction', (i) => i.NetPayDeductionCents),
  AdditionalHoursReport: payRule('AdditionalHoursReport', (p) =>
    p.Inputs && p.Inputs.ExtraHoursWorked > 0
      ? {
          detail: `Additional hours ${p.Inputs.ExtraHoursWorked}; worked ${hm(p.WorkedMinutes)}.`,
          hours: p.Inputs.ExtraHoursWorked,
        }
      : null,
  ),
} satisfies Partial<Record<ComplianceKind, Rule>>;
