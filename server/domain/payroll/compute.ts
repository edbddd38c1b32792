// computeEntry: one payroll entry (one pay period) from its time, pay basis, inputs, pieces and
// minimum wages. The steps, in order:
// 1. classify the worked minutes (classify.ts);
// 2. the rates: PayRate; for piece work (type 4) the regular rate of pay = earned ÷ hours paid;
//    where the regular rate is 0 the premiums use the minimum wage in force on the period's last day;
// 3. time lines (wages), commission (commission.ts), premiums and amount lines;
// 4. the minimum wage advance: max(0, required − (wages + paid commission + salary)), see premiums.ts;
// 5. GrossPay = sum of the lines that are not details. Each line is rounded half-up to the cent once.
import { classify } from './classify';
import { commissionOf, wagesArePaid } from './commission';
import { lateTraces, segmentTraces, timeLine } from './hours';
import { amountForUnits, minutesOfHours, roundDiv, scaleRate } from './money';
import { minimumWageOn, minimumWageRequired, missedMealDays } from './premiums';
import { hoursText, moneyText, trace } from './trace';
import {
  type AmountTotals,
  CommissionType,
  type EarningsLine,
  type EntryInput,
  type EntryResult,
  type HourTotals,
  type LineKind,
  type LineTrace,
} from './types';

/** The order of lines on a stub. */
export const LINE_ORDER: readonly LineKind[] = [
  'Regular',
  'Training Pay',
  'Overtime',
  'Double Time',
  'Extra Hours Worked',
  'Salary',
  'Contractor Payment',
  'Commissions',
  'Commission Piece',
  'Discretionary Bonus',
  'Bonus',
  'Volume Bonus',
  'Meal Period Premium',
  'Split Shift Premium',
  'Reporting Time',
  'Paid Sick Leave',
  'Statutory Holiday Pay',
  'Travel Allowance',
  'Cell Allowance',
  'Tip',
  'Minimum Wage Advance',
  'Chargeback',
];

function amountLine(Kind: LineKind, Amount: number, text: string, rule: string): EarningsLine {
  return {
    Kind,
    Caption: Kind,
    Rate: null,
    Units: null,
    Minutes: null,
    Amount,
    IsDetail: false,
    SortIndex: 0,
    Trace: [trace(rule, text)],
  };
}

export function computeEntry(input: EntryInput): EntryResult {
  const { Rules: rules, Basis: basis, Inputs: inp, PayPeriod: period } = input;
  const type = basis.CommissionTypeID;
  const cls = classify(input.TimeEntries, period, rules);
  const segs = cls.Segments.filter((s) => !s.IsContext);
  const sum = (c: string) => segs.reduce((t, s) => (s.Class === c ? t + s.Minutes : t), 0);
  const late = input.LateAdjustments.filter((l) => l.Minutes !== 0);
  const lateMinutes = late.reduce((t, l) => t + l.Minutes, 0);
  const days = cls.Days.filter((d) => !d.IsContext);

  const hours: HourTotals = {
    Regular: sum('Regular') + lateMinutes,
    Overtime: sum('Overtime'),
    DoubleTime: sum('DoubleTime'),
    Training: sum('Training') + minutesOfHours(inp.TrainingPayHours),
    ExtraHoursWorked: minutesOfHours(inp.ExtraHoursWorked),
    TotalHoursWorked: 0,
    WorkedMinutes: days.reduce((t, d) => t + d.Worked, 0),
    LateAdjustment: lateMinutes,
    MealPeriodPremium: 0,
    SplitTime: minutesOfHours(inp.SplitTime),
    ReportingTime: minutesOfHours(inp.ReportingTime),
  };
  hours.TotalHoursWorked =
    hours.Regular + hours.Overtime + hours.DoubleTime + hours.Training + hours.ExtraHoursWorked;

  // Pieces and commission earned.
  const pieces = [...input.CommissionPieces].sort((a, b) => a.PieceNumber - b.PieceNumber);
  const isPiece = type === CommissionType.PieceBased;
  const pieceLines: EarningsLine[] = pieces.map((p) => ({
    Kind: 'Commission Piece',
    Caption: `Commission Piece #${p.PieceNumber}`,
    Rate: p.PieceRate,
    Units: p.PieceQty,
    Minutes: null,
    Amount: amountForUnits(p.PieceRate, p.PieceQty),
    IsDetail: !isPiece,
    SortIndex: 0,
    Trace: [
      trace(
        'commission-piece',
        `${p.PieceQty} × ${moneyText(p.PieceRate)}${p.Source ? ` (${p.Source.label})` : ''}`,
        {
          PieceNumbers: [p.PieceNumber],
        },
      ),
    ],
  }));
  const piecesTotal = pieceLines.reduce((t, l) => t + l.Amount, 0);
  const manual = inp.ManualCommissionAmount ?? 0;
  const earned = manual + piecesTotal;

  // Rates.
  const payRate = basis.PayRate ?? 0;
  const paidStraight = sum('Regular') + sum('Training') + sum('Overtime') + sum('DoubleTime') + lateMinutes;
  const fallback = minimumWageOn(period.EndDate, input.MinimumWages) ?? 0;
  let regularRate = payRate;
  if (isPiece && paidStraight > 0) regularRate = roundDiv(earned * 60_000, paidStraight) / 1000;
  if (regularRate <= 0) regularRate = fallback;
  const trainingRate = basis.TrainingRate ?? payRate;
  const salary = inp.Salary ?? basis.Salary ?? 0;
  const wagesPaid = wagesArePaid(basis);

  const lines: EarningsLine[] = [];
  const push = (l: EarningsLine) => lines.push(l);

  // Wages for hours.
  if (wagesPaid && !isPiece && salary <= 0 && payRate > 0 && hours.Regular !== 0)
    push(
      timeLine('Regular', payRate, hours.Regular, [
        ...segmentTraces(segs, 'Regular', rules),
        ...lateTraces(late),
      ]),
    );
  if (wagesPaid && trainingRate > 0 && hours.Training !== 0) {
    const tr = segmentTraces(segs, 'Training', rules);
    const extra = minutesOfHours(inp.TrainingPayHours);
    if (extra) tr.push(trace('training-pay-hours', `${hoursText(extra)} of training entered on the entry`));
    push(timeLine('Training Pay', trainingRate, hours.Training, tr));
  }
  const otBase = isPiece ? regularRate : payRate;
  const otMult = isPiece ? rules.OvertimeMultiplier - 1 : rules.OvertimeMultiplier;
  const dtMult = isPiece ? rules.DoubleTimeMultiplier - 1 : rules.DoubleTimeMultiplier;
  const premiumNote = isPiece
    ? [
        trace(
          'piece-premium',
          `Premium only: the pieces paid the straight time (regular rate of pay ${moneyText(Math.round(regularRate))}/h)`,
        ),
      ]
    : [];
  if (wagesPaid && otBase > 0 && hours.Overtime > 0)
    push(
      timeLine('Overtime', scaleRate(otBase, otMult), hours.Overtime, [
        ...segmentTraces(segs, 'Overtime', rules),
        ...premiumNote,
      ]),
    );
  if (wagesPaid && otBase > 0 && hours.DoubleTime > 0)
    push(
      timeLine('Double Time', scaleRate(otBase, dtMult), hours.DoubleTime, [
        ...segmentTraces(segs, 'DoubleTime', rules),
        ...premiumNote,
      ]),
    );
  if (wagesPaid && payRate > 0 && hours.ExtraHoursWorked !== 0)
    push(
      timeLine('Extra Hours Worked', payRate, hours.ExtraHoursWorked, [
        trace(
          'extra-hours',
          `${hoursText(hours.ExtraHoursWorked)} entered on the entry, at the straight rate`,
        ),
      ]),
    );
  const wages = lines.reduce((t, l) => t + l.Amount, 0);

  if (salary > 0)
    push(amountLine('Salary', salary, `Salary for ${period.StartDate} to ${period.EndDate}`, 'salary'));
  if (inp.ContractorPayment)
    push(
      amountLine('Contractor Payment', inp.ContractorPayment, 'Entered on the entry', 'contractor-payment'),
    );

  // Commission.
  const com = commissionOf(type, basis, earned, manual, piecesTotal, wages, moneyText);
  if (com.commissionLine !== 0 || (!isPiece && earned !== 0)) {
    const l = amountLine('Commissions', com.commissionLine, com.text, 'commission');
    l.Trace[0].PieceNumbers = isPiece ? [] : pieces.map((p) => p.PieceNumber);
    push(l);
  }
  lines.push(...pieceLines);

  const entered: [LineKind, number | undefined, string][] = [
    ['Discretionary Bonus', inp.Bonus, 'bonus'],
    ['Bonus', inp.CommissionBonus, 'commission-bonus'],
    ['Volume Bonus', inp.VolumeBonus, 'volume-bonus'],
    ['Paid Sick Leave', inp.SickPay, 'sick-pay'],
    ['Statutory Holiday Pay', inp.HolidayPay, 'holiday-pay'],
    ['Travel Allowance', inp.TravelAllowance, 'travel-allowance'],
    ['Cell Allowance', inp.CellAllowance, 'cell-allowance'],
    ['Tip', inp.Tip, 'tip'],
  ];
  for (const [kind, amount, rule] of entered)
    if (amount) push(amountLine(kind, amount, 'Entered on the entry', rule));

  // Premiums at the regular rate.
  const meal = missedMealDays(cls.Days, rules);
  const mealInput = minutesOfHours(inp.MealPeriodPremiumTime);
  if (mealInput)
    meal.traces.push(trace('meal-period-premium-time', `${hoursText(mealInput)} entered on the entry`));
  hours.MealPeriodPremium = meal.minutes + mealInput;
  if (hours.MealPeriodPremium !== 0) {
    const l = timeLine('Meal Period Premium', regularRate, hours.MealPeriodPremium, meal.traces);
    push({ ...l, Rate: null, Units: null });
  }
  if (hours.SplitTime)
    push(
      timeLine('Split Shift Premium', regularRate, hours.SplitTime, [
        trace('split-shift', `${hoursText(hours.SplitTime)} entered on the entry, at the regular rate`),
      ]),
    );
  if (hours.ReportingTime)
    push(
      timeLine('Reporting Time', regularRate, hours.ReportingTime, [
        trace(
          'reporting-time',
          `${hoursText(hours.ReportingTime)} entered on the entry, at the regular rate`,
        ),
      ]),
    );

  // Minimum wage advance.
  const mw = minimumWageRequired(cls.Days, late, input.MinimumWages);
  const earnedForHours = wages + com.paid + Math.max(0, salary);
  const advance = Math.max(0, mw.required - earnedForHours);
  if (advance > 0) {
    const l = amountLine(
      'Minimum Wage Advance',
      advance,
      `Minimum wage for the hours ${moneyText(mw.required)}, paid for them ${moneyText(earnedForHours)}; to be recovered as chargeback`,
      'minimum-wage-advance',
    );
    l.Trace.push(...mw.traces);
    push(l);
  }
  if (inp.Chargeback)
    push(
      amountLine(
        'Chargeback',
        -inp.Chargeback,
        'Recovery of earlier advances, entered on the entry',
        'chargeback',
      ),
    );

  lines.sort((a, b) => LINE_ORDER.indexOf(a.Kind) - LINE_ORDER.indexOf(b.Kind));
  lines.forEach((l, i) => {
    l.SortIndex = i;
  });

  const total = (kind: LineKind) =>
    lines.reduce((t, l) => (l.Kind === kind && !l.IsDetail ? t + l.Amount : t), 0);
  const amounts: AmountTotals = {
    RegularHoursAmount: total('Regular'),
    OvertimeAmount: total('Overtime'),
    DoubleTimeAmount: total('Double Time'),
    TrainingPay: total('Training Pay'),
    ExtraHoursWorkedAmount: total('Extra Hours Worked'),
    TotalGuaranteed: wages,
    RegularCommission: earned,
    TotalPaidCommission: com.paid,
    ExtraCommission: com.extra,
    CommissionBonus: total('Bonus'),
    Bonus: total('Discretionary Bonus'),
    VolumeBonus: total('Volume Bonus'),
    Salary: total('Salary'),
    ContractorPayment: total('Contractor Payment'),
    MealPeriodPremium: total('Meal Period Premium'),
    PaidSickLeave: total('Paid Sick Leave'),
    ReportingTime: total('Reporting Time'),
    SplitShiftPremium: total('Split Shift Premium'),
    HolidayPay: total('Statutory Holiday Pay'),
    TravelAllowance: total('Travel Allowance'),
    CellAllowance: total('Cell Allowance'),
    Tip: total('Tip'),
    MinimumWageAdvance: advance,
    Chargeback: -total('Chargeback'),
    GrossPay: lines.reduce((t, l) => (l.IsDetail ? t : t + l.Amount), 0),
    NetPayAddition: inp.NetPayAddition ?? 0,
    NetPayDeduction: inp.NetPayDeduction ?? 0,
  };

  return {
    PayPeriodID: period.PayPeriodID,
    Jurisdiction: rules.Code,
    RegularRate: regularRate,
    Hours: hours,
    Amounts: amounts,
    Lines: lines,
    Entries: cls.Entries,
  };
}

export type { LineTrace };
