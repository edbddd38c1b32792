// Commission types, amount lines, salary, training and late adjustments, to the cent.
// A 40-hour US week (Monday 2026-11-02 to Friday, 8 h a day) at $15.00: wages $600.00.
import { describe, expect, it } from 'vitest';
import {
  CommissionType,
  computeEntry,
  type EntryInput,
  type TimeEntryInput,
  US_FEDERAL,
} from '../../../../server/domain/payroll';
import { basis, entry, rows, shift } from './fixtures';

const WEEK = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'];
const week = (start = '08:00', end = '16:00'): TimeEntryInput[] =>
  WEEK.flatMap((d, i) => shift(100 + i, d, start, end));
const FEDERAL_MINIMUM = [{ StartDate: '2009-07-24', EndDate: null, MinimumWage: 725 }];

function run(over: Partial<EntryInput> & { basisOver?: Parameters<typeof basis>[0] }) {
  const { basisOver, ...rest } = over;
  return computeEntry(
    entry(US_FEDERAL, '2026-11-02', '2026-11-08', week(), {
      Basis: basis({ PayRate: 1500, ...basisOver }),
      ...rest,
    }),
  );
}

describe('commission types', () => {
  it('AdvanceWage (1): wages, plus the commission beyond them', () => {
    const above = run({
      basisOver: { CommissionTypeID: CommissionType.AdvanceWage },
      Inputs: { ManualCommissionAmount: 75000 },
    });
    expect(rows(above.Lines)).toEqual([
      ['Regular', 1500, 40, 60000],
      ['Commissions', null, null, 15000],
    ]);
    expect(above.Amounts).toMatchObject({
      TotalGuaranteed: 60000,
      RegularCommission: 75000,
      TotalPaidCommission: 15000,
      ExtraCommission: 15000,
      GrossPay: 75000,
    });
    const below = run({
      basisOver: { CommissionTypeID: CommissionType.AdvanceWage },
      Inputs: { ManualCommissionAmount: 40000 },
    });
    expect(rows(below.Lines)).toEqual([
      ['Regular', 1500, 40, 60000],
      ['Commissions', null, null, 0],
    ]);
    expect(below.Amounts.GrossPay).toBe(60000);
  });

  it('CommissionAboveThreshold (2): wages, plus the commission above the threshold; pieces detail the commission', () => {
    const r = run({
      basisOver: { CommissionTypeID: CommissionType.CommissionAboveThreshold, CommissionThreshold: 10000 },
      Inputs: { ManualCommissionAmount: 5000 },
      CommissionPieces: [{ PieceNumber: 1, PieceQty: 10, PieceRate: 2500 }],
    });
    expect(rows(r.Lines)).toEqual([
      ['Regular', 1500, 40, 60000],
      ['Commissions', null, null, 20000],
      ['Commission Piece #1', 2500, 10, 25000],
    ]);
    expect(r.Lines[2].IsDetail).toBe(true);
    expect(r.Lines[1].Trace[0].PieceNumbers).toEqual([1]);
    expect(r.Amounts).toMatchObject({
      RegularCommission: 30000,
      TotalPaidCommission: 20000,
      GrossPay: 80000,
    });
  });

  it('CommissionExceedingGuaranteed (3): the flags choose wages, commission or the greater', () => {
    const type = CommissionType.CommissionExceedingGuaranteed;
    const both = run({ basisOver: { CommissionTypeID: type }, Inputs: { ManualCommissionAmount: 75000 } });
    expect(both.Amounts.GrossPay).toBe(75000);
    const neither = run({
      basisOver: { CommissionTypeID: type, IsPaidGuaranteed: false, IsPaidCommission: false },
      Inputs: { ManualCommissionAmount: 50000 },
    });
    expect(neither.Amounts.GrossPay).toBe(60000);
    const guaranteed = run({
      basisOver: { CommissionTypeID: type, IsPaidCommission: false },
      Inputs: { ManualCommissionAmount: 75000 },
    });
    expect(rows(guaranteed.Lines)).toEqual([
      ['Regular', 1500, 40, 60000],
      ['Commissions', null, null, 0],
    ]);
    const commission = run({
      basisOver: { CommissionTypeID: type, IsPaidGuaranteed: false },
      Inputs: { ManualCommissionAmount: 75000 },
    });
    expect(rows(commission.Lines)).toEqual([['Commissions', null, null, 75000]]);
    expect(commission.Amounts).toMatchObject({ TotalGuaranteed: 0, GrossPay: 75000 });
    expect(commission.Hours.Regular).toBe(2400);
  });

  it('commission only below the minimum wage: a minimum wage advance tops it up', () => {
    const r = run({
      basisOver: { CommissionTypeID: CommissionType.CommissionExceedingGuaranteed, IsPaidGuaranteed: false },
      Inputs: { ManualCommissionAmount: 20000 },
      MinimumWages: FEDERAL_MINIMUM,
    });
    expect(rows(r.Lines)).toEqual([
      ['Commissions', null, null, 20000],
      ['Minimum Wage Advance', null, null, 9000],
    ]);
    expect(r.Amounts).toMatchObject({ MinimumWageAdvance: 9000, GrossPay: 29000 });
  });

  it('PieceBased (4): pieces paid as their lines, with a minimum wage advance when they fall short', () => {
    const r = run({
      basisOver: { CommissionTypeID: CommissionType.PieceBased, PayRate: null },
      CommissionPieces: [
        { PieceNumber: 2, PieceQty: 3, PieceRate: 1250, Source: { kind: 'order', id: 7, label: 'Order #7' } },
        { PieceNumber: 1, PieceQty: 10, PieceRate: 2500 },
      ],
      MinimumWages: FEDERAL_MINIMUM,
    });
    expect(rows(r.Lines)).toEqual([
      ['Commission Piece #1', 2500, 10, 25000],
      ['Commission Piece #2', 1250, 3, 3750],
      ['Minimum Wage Advance', null, null, 250],
    ]);
    expect(r.Lines[1].Trace[0]).toMatchObject({ Text: '3 × $12.50 (Order #7)', PieceNumbers: [2] });
    expect(r.Amounts).toMatchObject({
      RegularCommission: 28750,
      TotalPaidCommission: 28750,
      GrossPay: 29000,
    });
  });

  it('PieceBased (4) with overtime: half the regular rate of pay on top of the pieces', () => {
    const r = computeEntry(
      entry(US_FEDERAL, '2026-11-02', '2026-11-08', week('08:00', '17:00'), {
        Basis: basis({ CommissionTypeID: CommissionType.PieceBased, PayRate: null }),
        CommissionPieces: [{ PieceNumber: 1, PieceQty: 36, PieceRate: 2500 }],
        MinimumWages: FEDERAL_MINIMUM,
      }),
    );
    expect(r.RegularRate).toBe(2000);
    expect(rows(r.Lines)).toEqual([
      ['Overtime', 1000, 5, 5000],
      ['Commission Piece #1', 2500, 36, 90000],
    ]);
    expect(r.Amounts.GrossPay).toBe(95000);
  });
});

describe('amount lines, salary, training, late adjustments', () => {
  it('every entered amount becomes its line; chargeback is taken off; net pay items stay out of gross', () => {
    const r = computeEntry(
      entry(US_FEDERAL, '2026-11-02', '2026-11-08', shift(900, '2026-11-03', '09:00', '17:00'), {
        Inputs: {
          Bonus: 2550,
          CommissionBonus: 1000,
          VolumeBonus: 500,
          TravelAllowance: 1200,
          CellAllowance: 3000,
          Tip: 450,
          SickPay: 8000,
          HolidayPay: 16000,
          SplitTime: 1,
          ReportingTime: 2,
          Chargeback: 320,
          NetPayAddition: 500,
          NetPayDeduction: 700,
        },
        LateAdjustments: [{ LateAdjustmentID: 55, TimeEntryID: 880, EntryDate: '2026-10-28', Minutes: 90 }],
      }),
    );
    expect(rows(r.Lines)).toEqual([
      ['Regular', 2000, 9.5, 19000],
      ['Discretionary Bonus', null, null, 2550],
      ['Bonus', null, null, 1000],
      ['Volume Bonus', null, null, 500],
      ['Split Shift Premium', 2000, 1, 2000],
      ['Reporting Time', 2000, 2, 4000],
      ['Paid Sick Leave', null, null, 8000],
      ['Statutory Holiday Pay', null, null, 16000],
      ['Travel Allowance', null, null, 1200],
      ['Cell Allowance', null, null, 3000],
      ['Tip', null, null, 450],
      ['Chargeback', null, null, -320],
    ]);
    expect(r.Lines[0].Trace[1]).toMatchObject({
      Rule: 'late-adjustment',
      Text: '+1.5 h late adjustment for 2026-10-28, paid at the regular rate',
      LateAdjustmentIDs: [55],
      TimeEntryIDs: [880],
    });
    expect(r.Amounts).toMatchObject({
      GrossPay: 57380,
      Chargeback: 320,
      NetPayAddition: 500,
      NetPayDeduction: 700,
    });
    expect(r.Hours).toMatchObject({ Regular: 570, LateAdjustment: 90, WorkedMinutes: 480 });
  });

  it('a salary replaces regular wages; overtime is still paid at the hourly rate; the entry salary wins', () => {
    const r = computeEntry(
      entry(US_FEDERAL, '2026-11-02', '2026-11-08', week('08:00', '17:00'), {
        Basis: basis({ Salary: 150000 }),
        Inputs: { Salary: 160000 },
      }),
    );
    expect(rows(r.Lines)).toEqual([
      ['Overtime', 3000, 5, 15000],
      ['Salary', null, null, 160000],
    ]);
    expect(r.Hours.Regular).toBe(2400);
  });

  it('training entries and entered training hours are paid at the training rate', () => {
    const r = computeEntry(
      entry(
        US_FEDERAL,
        '2026-11-02',
        '2026-11-08',
        [
          ...shift(1, '2026-11-02', '09:00', '13:00', [], { IsTraining: true }),
          ...shift(2, '2026-11-03', '09:00', '17:00'),
        ],
        { Basis: basis({ TrainingRate: 1500 }), Inputs: { TrainingPayHours: 1, ExtraHoursWorked: 0.25 } },
      ),
    );
    expect(rows(r.Lines)).toEqual([
      ['Regular', 2000, 8, 16000],
      ['Training Pay', 1500, 5, 7500],
      ['Extra Hours Worked', 2000, 0.25, 500],
    ]);
    expect(r.Hours).toMatchObject({ Training: 300, ExtraHoursWorked: 15, TotalHoursWorked: 795 });
  });
});
