// The payroll engine's input and output (spec 001 §3 "Payroll entry save payload", "Earnings line",
// "Payroll difference columns"; spec 002 payroll and commission types). Pure data, no I/O.
//
// Units, everywhere in the engine:
// - money: integer cents (`Cents`); a rate may carry a fraction of a cent (1.5 × 1725 = 2587.5);
// - worked time: whole minutes; the entry-input time fields of the save payload (ExtraHoursWorked,
//   SplitTime, ReportingTime, MealPeriodPremiumTime, TrainingPayHours) are decimal hours as on the
//   wire and are turned into whole minutes (rounded to the nearest minute);
// - days: office-local 'YYYY-MM-DD'; times: wall clock 'HH:mm' or 'HH:mm:ss'.

/** Integer cents (a rate may be fractional, see above). */
export type Cents = number;
/** Office-local 'YYYY-MM-DD'. */
export type Day = string;

/** Commission type (spec 001 §3): AdvanceWage 1, CommissionAboveThreshold 2, CommissionExceedingGuaranteed 3, PieceBased 4. */
export const CommissionType = {
  AdvanceWage: 1,
  CommissionAboveThreshold: 2,
  CommissionExceedingGuaranteed: 3,
  PieceBased: 4,
} as const;
export type CommissionTypeID = (typeof CommissionType)[keyof typeof CommissionType];

/** The overtime rules of one jurisdiction (data; see rules.ts). Thresholds in minutes, null = none. */
export interface JurisdictionRules {
  /** 'US', 'US-CA', 'US-IL', 'CA-ON', 'CA-BC', 'CA-AB', 'CA' (other Canadian provinces). */
  Code: string;
  Name: string;
  /** 1 = US, 2 = Canada (the offices' CountryID). */
  CountryID: number;
  /** ISO weekday the workweek starts on (Monday 1 … Sunday 7). */
  WorkweekStartsOn: number;
  /** Minutes of a day after which minutes are overtime (null: no daily overtime). */
  DailyOvertimeAfter: number | null;
  /** Minutes of a day after which minutes are double time (null: no daily double time). */
  DailyDoubleTimeAfter: number | null;
  /** Straight-time minutes of a workweek after which further straight minutes are overtime. */
  WeeklyOvertimeAfter: number | null;
  /**
   * The 7th consecutive workday of a workweek (all seven days of the workweek worked): its first
   * `OvertimeUpTo` minutes are overtime, the rest double time (null: no such rule).
   */
  SeventhDay: { OvertimeUpTo: number } | null;
  OvertimeMultiplier: number;
  DoubleTimeMultiplier: number;
  /**
   * A day whose work (before breaks are taken off) exceeds `AfterWorkMinutes` needs one closed break of
   * at least `MinimumBreakMinutes`, and a second one past `SecondAfterWorkMinutes` (null: never); a day
   * short of them earns one meal period premium hour (at most one a day). Null: no such premium.
   */
  MealBreak: {
    AfterWorkMinutes: number;
    SecondAfterWorkMinutes: number | null;
    MinimumBreakMinutes: number;
  } | null;
}

export interface PayPeriodInput {
  PayPeriodID: number;
  StartDate: Day;
  EndDate: Day;
}

/**
 * How the employee is paid: the employment record merged with the entry's save payload (the payload's
 * IsPaidGuaranteed, IsPaidCommission, CommissionThreshold win when given).
 */
export interface PayBasis {
  /** Hourly rate in cents (null or 0: no hourly wages). */
  PayRate: Cents | null;
  /** Training rate in cents (null: the PayRate). */
  TrainingRate?: Cents | null;
  /** The salary of this pay period in cents (null or 0: not salaried). */
  Salary: Cents | null;
  /** The payroll/commission type (null: hourly only, commission paid on top like type 2 with threshold 0). */
  CommissionTypeID: CommissionTypeID | null;
  /** Commission below this is not paid (type 2), cents. */
  CommissionThreshold: Cents | null;
  IsPaidGuaranteed: boolean;
  IsPaidCommission: boolean;
}

/**
 * A time entry as stored (server/db/schema/time.ts): a work part or a break (IsBreak, with its work
 * entry in ParentTimeEntryID). An entry counts on its Date (the office day it started on; an
 * overnight entry counts whole on that day). Open parts (no EndTime) count 0. `Minutes`, when given,
 * replaces the duration of StartTime–EndTime.
 * Pass the entries of the period and those of the days before it in the same workweek (context:
 * they count for weekly overtime and the 7th day but are not paid again). Entries after EndDate are
 * ignored.
 */
export interface TimeEntryInput {
  TimeEntryID: number;
  Date: Day;
  StartTime: string | null;
  EndTime: string | null;
  Minutes?: number | null;
  IsBreak?: boolean;
  ParentTimeEntryID?: number | null;
  /** Training time: its straight-time minutes are paid at the training rate. */
  IsTraining?: boolean;
  ProgramID?: number | null;
  StoreID?: number | null;
}

/** The payroll entry save payload's amounts (spec 001 §3): money in cents, times in decimal hours. */
export interface EntryInputs {
  ExtraHoursWorked?: number;
  ManualCommissionAmount?: Cents;
  /** Overrides PayBasis.Salary when not null. */
  Salary?: Cents | null;
  ContractorPayment?: Cents | null;
  Bonus?: Cents;
  CommissionBonus?: Cents;
  VolumeBonus?: Cents;
  TravelAllowance?: Cents;
  CellAllowance?: Cents;
  Tip?: Cents;
  SickPay?: Cents;
  SplitTime?: number;
  ReportingTime?: number;
  MealPeriodPremiumTime?: number;
  HolidayPay?: Cents;
  /** Recovery of earlier advances: a positive amount taken off this pay. */
  Chargeback?: Cents;
  TrainingPayHours?: number;
  NetPayAddition?: Cents;
  NetPayDeduction?: Cents;
}

export interface PieceSource {
  kind: string;
  id: number | string;
  label: string;
}

export interface CommissionPieceInput {
  PieceNumber: number;
  PieceQty: number;
  /** Cents per piece. */
  PieceRate: Cents;
  Source?: PieceSource | null;
}

/** A minimum wage in force from StartDate to EndDate (null: open-ended), cents per hour. */
export interface MinimumWagePeriod {
  StartDate: Day;
  EndDate: Day | null;
  MinimumWage: Cents;
}

/** An accepted late adjustment paid in this period: minutes it added (negative: removed). */
export interface LateAdjustmentInput {
  LateAdjustmentID: number;
  TimeEntryID?: number | null;
  EntryDate: Day;
  Minutes: number;
}

export interface EntryInput {
  PayPeriod: PayPeriodInput;
  Rules: JurisdictionRules;
  Basis: PayBasis;
  TimeEntries: readonly TimeEntryInput[];
  Inputs: EntryInputs;
  CommissionPieces: readonly CommissionPieceInput[];
  MinimumWages: readonly MinimumWagePeriod[];
  LateAdjustments: readonly LateAdjustmentInput[];
}

// ---- output ----

/** Why a line is what it is. */
export interface LineTrace {
  /** A rule id, e.g. 'regular', 'daily-overtime', 'weekly-overtime', 'seventh-day-double-time'. */
  Rule: string;
  /** Human text, e.g. '3.5 h over 8 h a day on 2026-11-03 (California)'. */
  Text: string;
  TimeEntryIDs: number[];
  PieceNumbers: number[];
  LateAdjustmentIDs: number[];
}

/** The line kinds of spec 001 §3, plus 'Extra Hours Worked', 'Contractor Payment' and 'Minimum Wage Advance'. */
export type LineKind =
  | 'Regular'
  | 'Training Pay'
  | 'Overtime'
  | 'Double Time'
  | 'Extra Hours Worked'
  | 'Salary'
  | 'Contractor Payment'
  | 'Commissions'
  | 'Commission Piece'
  | 'Chargeback'
  | 'Discretionary Bonus'
  | 'Bonus'
  | 'Volume Bonus'
  | 'Cell Allowance'
  | 'Tip'
  | 'Travel Allowance'
  | 'Meal Period Premium'
  | 'Paid Sick Leave'
  | 'Split Shift Premium'
  | 'Statutory Holiday Pay'
  | 'Reporting Time'
  | 'Minimum Wage Advance';

export interface EarningsLine {
  Kind: LineKind;
  /** The kind, or 'Commission Piece #N'. */
  Caption: string;
  /** Cents per unit (may carry a fraction of a cent); null when the line has no rate (e.g. Meal Period Premium). */
  Rate: Cents | null;
  /** Hours (minutes / 60) for time lines, the piece quantity for piece lines; null without units. */
  Units: number | null;
  /** Whole minutes behind a time line (null otherwise). */
  Minutes: number | null;
  /** Cents, rounded half-up (away from zero) from Rate × Units. */
  Amount: Cents;
  /**
   * True when the line only details another one and is not added into GrossPay (the commission
   * pieces of types 1–3, whose sum is part of the 'Commissions' line).
   */
  IsDetail: boolean;
  SortIndex: number;
  Trace: LineTrace[];
}

/** Minutes by class. Regular + Overtime + DoubleTime + Training (from entries) = WorkedMinutes + late adjustments. */
export interface HourTotals {
  Regular: number;
  Overtime: number;
  DoubleTime: number;
  /** Training minutes from entries (straight time) plus TrainingPayHours. */
  Training: number;
  ExtraHoursWorked: number;
  /** Regular + Overtime + DoubleTime + Training + ExtraHoursWorked. */
  TotalHoursWorked: number;
  /** Minutes of closed work entries in the period, breaks taken off. */
  WorkedMinutes: number;
  /** Sum of late adjustment minutes (in Regular). */
  LateAdjustment: number;
  /** Meal period premium hours paid (missed meal days × 60 + MealPeriodPremiumTime). */
  MealPeriodPremium: number;
  SplitTime: number;
  ReportingTime: number;
}

/** The payroll difference columns (spec 001 §3), cents. */
export interface AmountTotals {
  RegularHoursAmount: Cents;
  OvertimeAmount: Cents;
  DoubleTimeAmount: Cents;
  TrainingPay: Cents;
  ExtraHoursWorkedAmount: Cents;
  /** Wages for hours: Regular + Overtime + Double Time + Training Pay + Extra Hours Worked amounts. */
  TotalGuaranteed: Cents;
  /** Commission earned: ManualCommissionAmount + pieces. */
  RegularCommission: Cents;
  /** Commission that is part of GrossPay (paid pieces included). */
  TotalPaidCommission: Cents;
  /** Commission above the wages (types 1, 3) or the threshold (type 2). */
  ExtraCommission: Cents;
  CommissionBonus: Cents;
  Bonus: Cents;
  VolumeBonus: Cents;
  Salary: Cents;
  ContractorPayment: Cents;
  MealPeriodPremium: Cents;
  PaidSickLeave: Cents;
  ReportingTime: Cents;
  SplitShiftPremium: Cents;
  HolidayPay: Cents;
  TravelAllowance: Cents;
  CellAllowance: Cents;
  Tip: Cents;
  MinimumWageAdvance: Cents;
  /** Positive: the amount taken off (the Chargeback line is its negative). */
  Chargeback: Cents;
  /** Sum of the lines that are not details. */
  GrossPay: Cents;
  NetPayAddition: Cents;
  NetPayDeduction: Cents;
}

/** How one time entry's minutes were classified (for the "why" of a stub). */
export interface ClassifiedEntry {
  TimeEntryID: number;
  Date: Day;
  /** True for a context day before the period (counted for thresholds, not paid here). */
  IsContext: boolean;
  Regular: number;
  Overtime: number;
  DoubleTime: number;
  Training: number;
  /** The rule ids that put minutes into Overtime/DoubleTime. */
  Rules: string[];
}

export interface EntryResult {
  PayPeriodID: number;
  Jurisdiction: string;
  /** The regular rate used for premiums (cents/hour; for piece work the regular rate of pay). */
  RegularRate: Cents;
  Hours: HourTotals;
  Amounts: AmountTotals;
  Lines: EarningsLine[];
  Entries: ClassifiedEntry[];
}

/** One column of a comparison of two results (spec 001 "Pay period change record"). */
export interface EntryDifference {
  /** The column id (diff.ts DIFFERENCE_COLUMNS), e.g. 'RegularHours', 'GrossPay'. */
  Field: string;
  Caption: string;
  IsCurrency: boolean;
  /** Wire units: dollars or hours, rounded to 2 decimals. */
  Left: number;
  Right: number;
  Difference: number;
  /** Engine units: cents or minutes. */
  RawDifference: number;
}
