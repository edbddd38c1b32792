// A refused entry save, as the payroll screens explain it: bad fields, a payroll locked meanwhile,
// someone else's save (with the current entry), or another failure.
import { describe, expect, it } from 'vitest';
import { AbortedConnectionError, ResponseError } from '../../../src/api/errors';
import { PAYROLL_LOCKED_MESSAGE } from '../../../src/contract/payroll';
import { classifyFailure } from '../../../src/features/payroll/processing/use-entry-save';

/** An entry as the server answers it (lines left out). */
const CURRENT = {
  PayrollEntryID: 71,
  PayrollID: 3,
  PayPeriodID: 126,
  EmployeeID: 26,
  IcdOfficeID: 2,
  StartDate: '2026-11-23',
  EndDate: '2026-12-06',
  IsApproved: false,
  IsLocked: false,
  IsPaidGuaranteed: true,
  IsPaidCommission: true,
  ExtraHoursWorked: 0,
  ManualCommissionAmount: null,
  Salary: null,
  CommissionThreshold: null,
  ContractorPayment: null,
  Bonus: 0,
  CommissionBonus: 0,
  VolumeBonus: 0,
  TravelAllowance: 0,
  CellAllowance: 0,
  Tip: 0,
  SickPay: 0,
  SplitTime: 0,
  ReportingTime: 0,
  MealPeriodPremiumTime: 0,
  HolidayPay: 0,
  Chargeback: 0,
  TrainingPayHours: 0,
  NetPayAddition: 0,
  NetPayDeduction: 0,
  Comments: null,
  CommissionPieces: [],
  Totals: {
    RegularHours: 0,
    OvertimeHours: 0,
    DoubleTimeHours: 0,
    ExtraHoursWorked: 0,
    TotalHoursWorked: 0,
    RegularHoursAmount: 0,
    OvertimeAmount: 0,
    DoubleTimeAmount: 0,
    TotalGuaranteed: 0,
    RegularCommission: 0,
    TotalPaidCommission: 0,
    MealPeriodPremiumAmount: 0,
    Salary: 1865.38,
    ExtraCommission: 0,
    CommissionBonus: 0,
    ExtraHoursWorkedAmount: 0,
    GrossPay: 1865.38,
    NetPayAddition: 0,
    NetPayDeduction: 0,
    PaidSickLeave: 0,
    ReportingTime: 0,
    SplitShiftPremium: 0,
    HolidayPay: 0,
    TravelAllowance: 0,
    CellAllowance: 0,
    Tip: 0,
    VolumeBonus: 0,
    MinimumWageAdvance: 0,
    Chargeback: 0,
    TrainingPay: 0,
    Bonus: 0,
    ContractorPayment: 0,
  },
  GrossPay: 1865.38,
  Lines: [],
  IsProcessedByAdp: false,
  CalculatedAt: '2026-11-26T05:14:07.667Z',
  SnapshotNumber: 1,
  Version: 1,
};

const refused = (status: number, data: unknown) =>
  new ResponseError({ status, statusText: '', data, headers: new Headers() });

describe('a refused entry save', () => {
  it('names the bad fields of a 400', () => {
    const outcome = classifyFailure(
      refused(400, { Message: 'The request is not valid.', Errors: { Bonus: ['Use at most 2 decimals'] } }),
      'conflict',
    );
    expect(outcome).toEqual({
      kind: 'invalid',
      message: 'The request is not valid.',
      errors: { Bonus: 'Use at most 2 decimals' },
    });
  });

  it("tells a locked payroll from someone else's change", () => {
    expect(classifyFailure(refused(409, { Message: PAYROLL_LOCKED_MESSAGE }), 'conflict')).toEqual({
      kind: 'locked',
      message: PAYROLL_LOCKED_MESSAGE,
    });
    const stale = classifyFailure(
      refused(409, { Message: 'Changed by someone else.', Current: CURRENT }),
      'Reload',
    );
    expect(stale.kind).toBe('conflict');
    if (stale.kind !== 'conflict') return;
    expect(stale.message).toBe('Reload');
    expect(stale.current).toMatchObject({ PayPeriodID: CURRENT.PayPeriodID, Version: CURRENT.Version });
  });

  it('has no current entry when the 409 carries none it can read', () => {
    const outcome = classifyFailure(refused(409, { Message: 'x', Current: { PayPeriodID: 'no' } }), 'c');
    expect(outcome).toEqual({ kind: 'conflict', message: 'c', current: null });
  });

  it("passes other failures' messages on", () => {
    expect(classifyFailure(refused(403, { Message: 'Not allowed.' }), 'c')).toEqual({
      kind: 'failed',
      message: 'Not allowed.',
    });
    expect(classifyFailure(new AbortedConnectionError({ aborted: false }), 'c')).toEqual({
      kind: 'failed',
      message: 'The connection was reset or blocked',
    });
  });
});
