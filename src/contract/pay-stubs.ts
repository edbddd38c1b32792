// Pay stubs, their comparison between two versions of a pay period's entry, and their PDFs (spec 001
// §3 "Pay stub", "Earnings line", "Pay period change record", "Payroll difference columns"; §5
// "Amounts, rates and units in the pay-stub comparison are rounded to 2 decimals", "The Meal Period
// Premium line shows no rate or units"; §7 "Pay stubs").
//
// Calls:
// - GET pay-stubs/employee/{id}: the employee's stubs, newest first (one per pay period with a
//   calculated payroll entry).
// - GET pay-stubs/employee/{id}/week/{week}?icdCorporationID=: the stubs of one pay week at one
//   corporation (an employee working at two offices of a corporation has two stubs that week).
// - GET pay-stubs/employee/{id}/week/{week}/pdf?icdCorporationID=&isPayStub=: the same as a PDF, by
//   browser navigation (the session cookie authenticates it). isPayStub=false gives the earnings
//   statement layout instead of the pay stub.
// - GET pay-stubs/employee/{id}/compare?payPeriodId=&left=&right= (not in the spec): the pay period
//   change record between two numbered versions of the entry, each difference with *why* it moved.
//
// WeekNumber: the pay week of the stub's pay period, written YYYYWW: the ISO-8601 week-year and week
// of the period's first day (a period starting Monday 2026-11-09 is 202646).
//
// Money is a decimal number with 2 decimals on the wire (the server computes in integer cents).
import { z } from 'zod';
import { Instant, Int32, QueryInt32 } from './common';
import { WireDateOut } from './time';

const Id = Int32.positive();
const QueryId = QueryInt32.positive();

/** An amount of money: dollars with at most 2 decimals. */
export const Money = z.number();
/** Hours, units or a rate (rounded to 2 decimals where the comparison shows it). */
export const Quantity = z.number();

/** Line kinds of the spec, in the order a stub lists them. */
export const EARNINGS_LINE_KINDS = [
  'Regular',
  'TrainingPay',
  'Overtime',
  'DoubleTime',
  'Commissions',
  'CommissionPiece',
  'Chargeback',
  'DiscretionaryBonus',
  'Bonus',
  'VolumeBonus',
  'Salary',
  'CellAllowance',
  'Tip',
  'TravelAllowance',
  'MealPeriodPremium',
  'PaidSickLeave',
  'SplitShiftPremium',
  'StatutoryHolidayPay',
  'ReportingTime',
  'MinimumWageAdvance',
  'Other',
] as const;
export const EarningsLineKind = z.enum(EARNINGS_LINE_KINDS);
export type EarningsLineKind = z.infer<typeof EarningsLineKind>;

/** One line of a stub. Rate and Units are null where they mean nothing (Meal Period Premium). */
export const EarningsLine = z.object({
  Kind: z.string(),
  Caption: z.string(),
  Rate: Quantity.nullable(),
  Units: Quantity.nullable(),
  Amount: Money,
});
export type EarningsLine = z.infer<typeof EarningsLine>;

export const StubCommissionPiece = z.object({
  PieceNumber: Int32,
  PieceQty: Quantity,
  PieceRate: Money,
  Amount: Money,
  /**
   * Beyond the spec: what earned the piece, when a sale did ("Order RGR-0880100 · Ignite Internet
   * 1 Gbps · lead 217"); absent for a piece payroll entered by hand.
   */
  Source: z.string().optional(),
});
export type StubCommissionPiece = z.infer<typeof StubCommissionPiece>;

export const PayStub = z.object({
  PayPeriodID: Id,
  EmployeeID: Id,
  EmployeeName: z.string(),
  WeekNumber: Int32,
  GrossPay: Money,
  NetPayAddition: Money,
  NetPayDeduction: Money,
  CommissionPieces: z.array(StubCommissionPiece),
  StartDate: WireDateOut,
  EndDate: WireDateOut,
  PayDate: WireDateOut.nullable(),
  PayrollID: Id,
  IcdCorporationID: Id,
  CorporationName: z.string(),
  IcdOfficeID: Id,
  OfficeName: z.string(),
  /** 1 US, 2 Canada (the currency is the country's dollar). */
  CountryID: Int32,
  RegularHours: Quantity,
  OvertimeHours: Quantity,
  DoubleTimeHours: Quantity,
  TotalHoursWorked: Quantity,
  Lines: z.array(EarningsLine),
  /** The entry's latest version (its numbered snapshot) and when it was calculated. */
  Version: Int32,
  CalculatedAt: Instant.nullable(),
  /** The version before it, to compare with (null when the entry was calculated once). */
  PreviousVersion: Int32.nullable(),
  /** The payroll is locked: the stub is final. */
  IsFinal: z.boolean(),
});
export type PayStub = z.infer<typeof PayStub>;

export const PayStubQuery = z.object({
  /** Only stubs of pay periods ending on or after this day. */
  from: z.string().optional(),
});

export const WeekParams = z.object({ id: QueryId, week: QueryInt32.min(190001).max(299953) });
export const WeekQuery = z.object({ icdCorporationID: QueryId });
export const WeekPdfQuery = WeekQuery.extend({
  /** true (default): the pay stub; false: the earnings statement. */
  isPayStub: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v !== 'false'),
});

export const CompareQuery = z.object({
  payPeriodId: QueryId,
  /** Left version (default: the one before `right`). */
  left: QueryInt32.min(1).optional(),
  /** Right version (default: the latest). */
  right: QueryInt32.min(1).optional(),
  /** true: every column shown for this payroll (the comparison table), not only those that changed. */
  all: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** What moved a difference ("why"). Text is English; the other fields let a screen word it itself. */
export const WhyKind = z.enum([
  'EntryCreated',
  'EntryChanged',
  'EntryDeleted',
  'LateAdjustment',
  'InputChanged',
  'PiecesChanged',
  'RateChanged',
  'Indirect',
  'Recalculated',
]);
export type WhyKind = z.infer<typeof WhyKind>;

export const Why = z.object({
  Kind: WhyKind,
  Text: z.string(),
  /** The work day concerned (time entries, late adjustments). */
  EntryDate: WireDateOut.nullable(),
  TimeEntryID: Int32.nullable(),
  /** Who made the change and when. */
  ByName: z.string().nullable(),
  At: Instant.nullable(),
  /** For InputChanged: the entry field; for Indirect: the difference it follows from. */
  Field: z.string().nullable(),
  Before: z.string().nullable(),
  After: z.string().nullable(),
  /** Minutes the change added (negative: removed), where known. */
  Minutes: Int32.nullable(),
});
export type Why = z.infer<typeof Why>;

/** One column of the payroll difference columns that differs between the two versions. */
export const Difference = z.object({
  field: z.string(),
  left: Quantity,
  right: Quantity,
  difference: Quantity,
  caption: z.string(),
  isCurrency: z.boolean(),
  /** Beyond the spec: what moved it, oldest first. */
  why: z.array(Why),
});
export type Difference = z.infer<typeof Difference>;

export const EntryVersion = z.object({
  Version: Int32,
  CalculatedAt: Instant.nullable(),
  /** What caused the calculation (e.g. 'Calculation', 'EntrySaved', 'LateAdjustmentAccepted'). */
  Trigger: z.string(),
  ByName: z.string().nullable(),
  GrossPay: Money,
});
export type EntryVersion = z.infer<typeof EntryVersion>;

/** Spec 001 §3 "Pay period change record". */
export const PayPeriodChangeRecord = z.object({
  PayPeriodID: Id,
  Employee: z.object({ EmployeeID: Id, FullName: z.string() }),
  WeekNumber: Int32,
  Left: EntryVersion.nullable(),
  Right: EntryVersion,
  /** Every numbered version of the entry, oldest first (to pick other pairs). */
  Versions: z.array(EntryVersion),
  /**
   * The Show* flags of the payroll: a conditional column is shown when the payroll has a non-zero
   * value in it (any entry now, or either compared version).
   */
  Flags: z.record(z.string(), z.boolean()),
  Differences: z.array(Difference),
});
export type PayPeriodChangeRecord = z.infer<typeof PayPeriodChangeRecord>;

/** The Show* flags of spec 001 §3 "Payroll difference columns". */
export const SHOW_FLAGS = [
  'ShowDT',
  'ShowSalary',
  'ShowSick',
  'ShowReportingTime',
  'ShowSplit',
  'ShowMealPeriodPremium',
  'ShowHolidayPay',
  'ShowTravel',
  'ShowCell',
  'ShowTip',
  'ShowVolumeBonus',
  'ShowMinimumWageAdvance',
  'ShowChargeback',
  'ShowTrainingPay',
] as const;
export type ShowFlag = (typeof SHOW_FLAGS)[number];
