// Payroll processing (spec 001 §3 "Pay stub", "Earnings line", "Payroll difference columns",
// "Payroll entry save payload", "Payroll totals request", "Manual request", "Commission type"; §4;
// §7 "Payroll"; §9 sort orders; spec 002 §7 "Payroll lookups", "Payroll entries"; error table).
//
// Calls (API root /api/, permission payroll:read unless noted; scope: admin and payroll every
// corporation, owner her corporation, manager the corporation of his offices — read only):
//   GET  payroll-types                                  → PayrollTypeItem[]
//   GET  payrolls[?PayrollQuery]                        → PayrollListItem[]
//   GET  payrolls/page/{page}[?PayrollQuery]            → PayrollPage (page 0-based, pageSize)
//   GET  payrolls/processing[?PayrollQuery]             → PayrollProcessingItem[]       (payroll:process)
//   GET  payrolls/processing/page/{page}                → PayrollProcessingPage          (payroll:process)
//   GET  payrolls/processing.xlsx[?PayrollQuery&format] → spreadsheet (payroll:process; cookie allowed;
//        format Default | DefaultWithSsn (SSN only with employees:viewSensitive) | Canada | Pivoted)
//   GET  payrolls/icd-corporation/{id}                  → PayrollListItem[] of one corporation
//   GET  payrolls/icd-corporations                      → PayrollCorporation[] (corporations having payrolls)
//   GET  payrolls/icd-corporation                       → PayrollCorporation[] (corporations in scope)
//   GET  payrolls/icd-corporation-active                → PayrollCorporation[] (active, in scope)
//   GET  payrolls/{id}                                  → Payroll
//   GET  payrolls/{id}/entries                          → PayrollEntry[]
//   GET  payrolls/{id}/calculations/input               → CalculationInput
//   POST payrolls/{id}/calculations  TotalsRequest       → TotalsResponse (recalculates and saves; payroll:process)
//   PUT  payrolls/{id}/entries/{payPeriodId}  EntrySavePayload → PayrollEntry (payroll:process; 409 locked/stale)
//   PUT  payrolls/{id}/memo  MemoSave                    → Payroll (payroll:process)
//   PATCH payrolls/{id}/manual-requests  ManualRequest   → PayrollEntry (payroll:process)
//   PUT  payrolls/{id}/{visible|locked|disclosed|pending|completed}/{flag} → Payroll (payroll:process)
//        locked/true = submit: locks the payroll and its pay periods; locked/false unlocks both.
//   POST payrolls/{id}/admins  AdminSave                 → PayrollAdmin[] (payroll:process)
//   DELETE payrolls/{id}/admins/{adminId}                → PayrollAdmin[] (adminId = EmployeeID)
//   POST payrolls/pending/{id}/dismissals                → PayrollDismissal (any reader)
//   POST payrolls/submitted/{id}/dismissals              → PayrollDismissal (any reader)
//   GET  rotations                                      → Rotation[] (pay windows of the payrolls)
//   GET  payrolls/rotation                              → Rotation (the current pay window)
//   GET  payrolls/rotationV2?divisionID&icdCorporationID → Rotation[] (the division profile's rotations)
//   GET  payrolls/divisions                             → PayrollDivision[]
//   GET  payroll/icdofficedivision                      → IcdOfficeDivision[]
//   GET  pay-frequencies                                → PayFrequencyItem[]
//   GET  payroll/payweeks[?payrollID]                   → PayWeek[]
//
// Money is decimal with 2 decimals on the wire (cents in the database and the engine: toCents /
// fromCents below, half-up). Hours are decimal hours.
import { z } from 'zod';
import { Instant, Int32, pagedResult, QueryInt32, WireDate } from './common';

/** The text of the refusal when a locked payroll's entries would change (409). */
export const PAYROLL_LOCKED_MESSAGE = 'This payroll is locked: unlock it before changing its entries.';
/** A recalculation of a locked payroll (409). */
export const PAYROLL_LOCKED_RECALC_MESSAGE = 'This payroll is locked: unlock it before recalculating it.';
export const PAYROLL_NOT_FOUND = 'This payroll does not exist.';
export const PAYROLL_ENTRY_NOT_FOUND = 'This pay period is not part of this payroll.';
export const PAYROLL_STALE_MESSAGE = 'Someone else changed this payroll entry.';

/** PayrollType (spec 002 §9). */
export const PayrollType = {
  AdvanceWage: 1,
  CommissionAboveThreshold: 2,
  CommissionExceedingGuaranteed: 3,
  PieceBased: 4,
  RawInput: 5,
} as const;
export const PAYROLL_TYPE_NAMES: Record<number, string> = {
  1: 'AdvanceWage',
  2: 'CommissionAboveThreshold',
  3: 'CommissionExceedingGuaranteed',
  4: 'PieceBased',
  5: 'RawInput',
};

/** CommissionType (spec 001 §3). */
export const CommissionType = {
  AdvanceWage: 1,
  CommissionAboveThreshold: 2,
  CommissionExceedingGuaranteed: 3,
  PieceBased: 4,
} as const;

/** OvertimeType (spec 002 §9). */
export const OVERTIME_TYPES = [
  'NoPremiums',
  'ProportionalCommissionPremiums',
  'WagePlusPaidCommissionPremiums',
  'CommissionRate',
  'WagePlusCommissionRate',
  'RegularPlusCommissionRate',
  'OvertimePlusPaidCommissionRate',
] as const;

/** Pay frequencies (the `pay-frequencies` lookup; server/domain/time-management/pay-periods.ts). */
export const PayFrequency = { Weekly: 1, BiWeekly: 2, SemiMonthly: 3, Monthly: 4 } as const;
export const PAY_FREQUENCY_NAMES: Record<number, string> = {
  1: 'Weekly',
  2: 'Bi-weekly',
  3: 'Semi-monthly',
  4: 'Monthly',
};

/** Payroll export formats (spec 001 §3, spec 002). */
export const PAYROLL_EXPORT_FORMATS = ['Default', 'DefaultWithSsn', 'Canada', 'Pivoted'] as const;
export type PayrollExportFormat = (typeof PAYROLL_EXPORT_FORMATS)[number];

/** Payroll sort orders (spec 001 §9): each also descending except Owner, ClientName, Division. */
export const PAYROLL_SORTS = [
  'Owner',
  'ClientName',
  'Division',
  'StartDate',
  'StartDateDesc',
  'EndDate',
  'EndDateDesc',
  'LockedDate',
  'LockedDateDesc',
  'CompletedDate',
  'CompletedDateDesc',
] as const;
export type PayrollSort = (typeof PAYROLL_SORTS)[number];

/** Manual payroll sort orders (spec 001 §9). */
export const MANUAL_PAYROLL_SORTS = [
  'CompletedDate',
  'CompletedDateDesc',
  'SubmittedDate',
  'SubmittedDateDesc',
] as const;
export type ManualPayrollSort = (typeof MANUAL_PAYROLL_SORTS)[number];

/**
 * Earnings line kinds (spec 001 §3 "Earnings line"), plus the commission pieces, the minimum wage
 * advance and contractor payment. The Kind is also the default caption, except for pieces
 * ('Commission Piece #N').
 */
export const PAYROLL_LINE_KINDS = [
  'Regular',
  'Training Pay',
  'Overtime',
  'Double Time',
  'Commissions',
  'Commission Piece',
  'Chargeback',
  'Discretionary Bonus',
  'Bonus',
  'Volume Bonus',
  'Salary',
  'Cell Allowance',
  'Tip',
  'Travel Allowance',
  'Meal Period Premium',
  'Paid Sick Leave',
  'Split Shift Premium',
  'Statutory Holiday Pay',
  'Reporting Time',
  'Minimum Wage Advance',
  'Contractor Payment',
] as const;
export type PayrollLineKind = (typeof PAYROLL_LINE_KINDS)[number];

/** Snapshot triggers: what made a calculation. */
export const PAYROLL_TRIGGERS = ['calculation', 'entry-save', 'late-adjustment', 'lock'] as const;
export type PayrollTrigger = (typeof PAYROLL_TRIGGERS)[number];

// ---------------------------------------------------------------------------------------------
// Money and hours

export const MONEY_MAX = 10_000_000;
export const HOURS_MAX = 1_000;
const TWO_DECIMALS = 'Use at most 2 decimals';

/** Decimal with at most 2 decimals (e.g. 25.5), bounded so cents fit an integer column. */
export const Money = z
  .number()
  .min(-MONEY_MAX, 'This number is too small')
  .max(MONEY_MAX, 'This number is too large')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, TWO_DECIMALS);
/** A non-negative amount. */
export const Amount = Money.refine((v) => v >= 0, 'Enter zero or more');
/** Decimal hours, 0 to 1000, at most 2 decimals. */
export const Hours = z
  .number()
  .min(0, 'Enter zero or more')
  .max(HOURS_MAX, 'This number is too large')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, TWO_DECIMALS);

/** Decimal currency → integer cents, half-up (away from zero for negatives). */
export function toCents(amount: number): number {
  const scaled = Math.abs(amount) * 100;
  // 1e-7 absorbs binary noise (1.005 * 100 = 100.49999…).
  const cents = Math.floor(scaled + 0.5 + 1e-7);
  return amount < 0 ? -cents : cents;
}
/** Integer cents → decimal currency with 2 decimals. */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}
/** Decimal hours rounded half-up to 2 decimals. */
export function roundHours(hours: number): number {
  return Math.round((hours + Number.EPSILON) * 100) / 100;
}

// ---------------------------------------------------------------------------------------------
// Lookups

export const PayrollTypeItem = z.object({ PayrollTypeID: Int32, Name: z.string() });
export type PayrollTypeItem = z.infer<typeof PayrollTypeItem>;

export const PayFrequencyItem = z.object({ PayFrequencyID: Int32, Name: z.string() });
export type PayFrequencyItem = z.infer<typeof PayFrequencyItem>;

/** A pay window (spec 001 "Division rotation": StartDate, EndDate). */
export const Rotation = z.object({
  StartDate: WireDate,
  EndDate: WireDate,
  DivisionProfileID: Int32.nullable().optional(),
  DivisionRotationID: Int32.nullable().optional(),
});
export type Rotation = z.infer<typeof Rotation>;

export const RotationV2Query = z.object({
  divisionID: QueryInt32.positive().optional(),
  icdCorporationID: QueryInt32.positive().optional(),
});

/** One week of a payroll's window (payroll/payweeks): WeekNumber 1, 2, … from the window's start. */
export const PayWeek = z.object({ WeekNumber: Int32, StartDate: WireDate, EndDate: WireDate });
export type PayWeek = z.infer<typeof PayWeek>;
export const PayWeekQuery = z.object({
  payrollID: QueryInt32.positive().optional(),
  startDate: WireDate.optional(),
  endDate: WireDate.optional(),
});

export const PayrollDivision = z.object({ DivisionID: Int32, Name: z.string() });
export type PayrollDivision = z.infer<typeof PayrollDivision>;

export const IcdOfficeDivision = z.object({
  IcdOfficeID: Int32,
  OfficeName: z.string(),
  IcdCorporationID: Int32,
  DivisionID: Int32,
  DivisionName: z.string(),
});
export type IcdOfficeDivision = z.infer<typeof IcdOfficeDivision>;

export const PayrollCorporation = z.object({
  IcdCorporationID: Int32,
  ClientName: z.string(),
  Owner: z.string(),
  CountryID: Int32,
  IsActive: z.boolean(),
});
export type PayrollCorporation = z.infer<typeof PayrollCorporation>;

// ---------------------------------------------------------------------------------------------
// Payrolls

export const PayrollAdmin = z.object({
  EmployeeID: Int32,
  FirstName: z.string(),
  LastName: z.string(),
  AssignedAt: Instant,
});
export type PayrollAdmin = z.infer<typeof PayrollAdmin>;

export const PayrollListItem = z.object({
  PayrollID: Int32,
  IcdCorporationID: Int32,
  ClientName: z.string(),
  Owner: z.string(),
  /** Names of the divisions the corporation's offices run, joined with ', '. */
  Division: z.string(),
  CountryID: Int32,
  PayrollTypeID: Int32,
  PayFrequencyID: Int32,
  StartDate: WireDate,
  EndDate: WireDate,
  PayDate: WireDate,
  IsVisible: z.boolean(),
  IsLocked: z.boolean(),
  LockedDate: Instant.nullable(),
  IsDisclosed: z.boolean(),
  IsPending: z.boolean(),
  IsCompleted: z.boolean(),
  CompletedDate: Instant.nullable(),
  CalculatedAt: Instant.nullable(),
  /** Pay periods (entries) in the payroll and how many of them are approved. */
  EntryCount: Int32,
  ApprovedCount: Int32,
  GrossPay: z.number(),
  /** The caller dismissed the pending / submitted message of this payroll. */
  PendingDismissed: z.boolean(),
  SubmittedDismissed: z.boolean(),
  Version: Int32,
});
export type PayrollListItem = z.infer<typeof PayrollListItem>;

export const Payroll = PayrollListItem.extend({
  Memo: z.string().nullable(),
  Admins: z.array(PayrollAdmin),
  /** Manual requests not yet processed by the payroll provider. */
  OpenManualRequestCount: Int32,
});
export type Payroll = z.infer<typeof Payroll>;

export const PayrollProcessingItem = PayrollListItem.extend({
  Admins: z.array(PayrollAdmin),
  UnapprovedCount: Int32,
  OpenManualRequestCount: Int32,
});
export type PayrollProcessingItem = z.infer<typeof PayrollProcessingItem>;

const boolQuery = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean().optional(),
);

export const PayrollQuery = z.object({
  icdCorporationID: QueryInt32.positive().optional(),
  divisionID: QueryInt32.positive().optional(),
  payFrequencyID: QueryInt32.positive().optional(),
  /** Payrolls whose window ends on or after startDate and starts on or before endDate. */
  startDate: WireDate.optional(),
  endDate: WireDate.optional(),
  isLocked: boolQuery,
  isCompleted: boolQuery,
  isVisible: boolQuery,
  /** Text in the client name or the owner. */
  search: z.string().max(200).optional(),
  sort: z.enum(PAYROLL_SORTS).default('StartDateDesc'),
  pageIndex: QueryInt32.min(0).default(0),
  pageSize: QueryInt32.min(1).max(500).default(25),
});
export type PayrollQuery = z.infer<typeof PayrollQuery>;

export const PayrollExportQuery = PayrollQuery.extend({
  format: z.enum(PAYROLL_EXPORT_FORMATS).default('Default'),
  /** Export one payroll's entries (else every payroll the query selects). */
  payrollID: QueryInt32.positive().optional(),
});
export type PayrollExportQuery = z.infer<typeof PayrollExportQuery>;

export const PayrollPage = pagedResult(PayrollListItem);
export type PayrollPage = z.infer<typeof PayrollPage>;
export const PayrollProcessingPage = pagedResult(PayrollProcessingItem);
export type PayrollProcessingPage = z.infer<typeof PayrollProcessingPage>;

export const MemoSave = z.object({
  Memo: z.string().max(4000, 'Use at most 4000 characters').nullable(),
  Version: Int32.optional(),
});
export type MemoSave = z.infer<typeof MemoSave>;

export const AdminSave = z.object({ EmployeeID: Int32.positive() });
export type AdminSave = z.infer<typeof AdminSave>;

export const PAYROLL_FLAGS = ['visible', 'locked', 'disclosed', 'pending', 'completed'] as const;
export type PayrollFlag = (typeof PAYROLL_FLAGS)[number];

export const PayrollDismissal = z.object({
  PayrollID: Int32,
  Kind: z.enum(['pending', 'submitted']),
  EmployeeID: Int32,
  DismissedAt: Instant,
});
export type PayrollDismissal = z.infer<typeof PayrollDismissal>;

// ---------------------------------------------------------------------------------------------
// Entries

export const CommissionPiece = z.object({
  PieceNumber: Int32.min(1),
  /** Negative for a chargeback of pieces paid earlier (a cancelled or disconnected sale). */
  PieceQty: z.number().min(-1_000_000).max(1_000_000),
  PieceRate: Money,
  /**
   * Read only (ignored on save): the piece was earned by a sale (a product order). Such a piece is
   * sent back unchanged or the save is refused; the order's status decides it.
   */
  FromSale: z.boolean().optional(),
});
export type CommissionPiece = z.infer<typeof CommissionPiece>;

/**
 * Payroll entry save payload (spec 001 §3). Salary, ContractorPayment, CommissionThreshold and
 * ManualCommissionAmount are null when default (the employment record's salary and threshold, no
 * contractor payment, the commission computed from pieces). Other amounts: null or absent = 0.
 * SickPay and HolidayPay are amounts; ExtraHoursWorked, SplitTime, ReportingTime, MealPeriodPremiumTime
 * and TrainingPayHours are decimal hours.
 * Version (optional): the entry's Version read; stale → 409 with the current entry.
 */
export const EntrySavePayload = z.object({
  PayPeriodID: Int32.positive(),
  IsPaidGuaranteed: z.boolean().default(true),
  IsPaidCommission: z.boolean().default(true),
  ExtraHoursWorked: Hours.nullish(),
  ManualCommissionAmount: Money.nullish(),
  Salary: Amount.nullish(),
  CommissionThreshold: Amount.nullish(),
  ContractorPayment: Amount.nullish(),
  Bonus: Money.nullish(),
  CommissionBonus: Money.nullish(),
  VolumeBonus: Money.nullish(),
  TravelAllowance: Money.nullish(),
  CellAllowance: Money.nullish(),
  Tip: Money.nullish(),
  SickPay: Money.nullish(),
  SplitTime: Hours.nullish(),
  ReportingTime: Hours.nullish(),
  MealPeriodPremiumTime: Hours.nullish(),
  HolidayPay: Money.nullish(),
  Chargeback: Amount.nullish(),
  TrainingPayHours: Hours.nullish(),
  NetPayAddition: Amount.nullish(),
  NetPayDeduction: Amount.nullish(),
  Comments: z.string().max(2000, 'Use at most 2000 characters').nullish(),
  CommissionPieces: z
    .array(CommissionPiece)
    .max(500)
    .default([])
    .refine(
      (pieces) => new Set(pieces.map((p) => p.PieceNumber)).size === pieces.length,
      'Each piece number once',
    ),
  Version: Int32.optional(),
});
export type EntrySavePayload = z.infer<typeof EntrySavePayload>;
export type EntrySavePayloadInput = z.input<typeof EntrySavePayload>;

/** Computed totals of an entry per payroll difference column (spec 001 §3), decimal. */
export const PayrollEntryTotals = z.object({
  RegularHours: z.number(),
  OvertimeHours: z.number(),
  DoubleTimeHours: z.number(),
  ExtraHoursWorked: z.number(),
  TotalHoursWorked: z.number(),
  RegularHoursAmount: z.number(),
  OvertimeAmount: z.number(),
  DoubleTimeAmount: z.number(),
  TotalGuaranteed: z.number(),
  RegularCommission: z.number(),
  TotalPaidCommission: z.number(),
  MealPeriodPremiumAmount: z.number(),
  Salary: z.number(),
  ExtraCommission: z.number(),
  CommissionBonus: z.number(),
  ExtraHoursWorkedAmount: z.number(),
  GrossPay: z.number(),
  NetPayAddition: z.number(),
  NetPayDeduction: z.number(),
  PaidSickLeave: z.number(),
  ReportingTime: z.number(),
  SplitShiftPremium: z.number(),
  HolidayPay: z.number(),
  TravelAllowance: z.number(),
  CellAllowance: z.number(),
  Tip: z.number(),
  VolumeBonus: z.number(),
  MinimumWageAdvance: z.number(),
  Chargeback: z.number(),
  TrainingPay: z.number(),
  Bonus: z.number(),
  ContractorPayment: z.number(),
});
export type PayrollEntryTotals = z.infer<typeof PayrollEntryTotals>;
export const TOTAL_HOUR_KEYS = [
  'RegularHours',
  'OvertimeHours',
  'DoubleTimeHours',
  'ExtraHoursWorked',
  'TotalHoursWorked',
] as const;

export const PayrollLineTrace = z
  .object({
    Rule: z.string(),
    Description: z.string().optional(),
    TimeEntryIDs: z.array(Int32).optional(),
    PieceNumbers: z.array(Int32).optional(),
    LateAdjustmentIDs: z.array(Int32).optional(),
    Dates: z.array(z.string()).optional(),
  })
  .catchall(z.unknown());
export type PayrollLineTrace = z.infer<typeof PayrollLineTrace>;

export const PayrollEntryLine = z.object({
  Kind: z.string(),
  Caption: z.string(),
  /** Currency per unit; null when the line shows no rate (Meal Period Premium, lump sums). */
  Rate: z.number().nullable(),
  Units: z.number().nullable(),
  Amount: z.number(),
  Trace: PayrollLineTrace.nullable(),
  SortIndex: Int32,
});
export type PayrollEntryLine = z.infer<typeof PayrollEntryLine>;

/** The employee of an entry (TotalsResponse.Employees, PayrollEntry.Employee). */
export const PayrollEmployee = z.object({
  EmployeeID: Int32,
  FirstName: z.string(),
  LastName: z.string(),
  UserName: z.string().nullable(),
  ADPEmployeeID: z.string().nullable(),
  IcdOfficeID: Int32,
  OfficeName: z.string(),
  EmploymentRecordID: Int32.nullable(),
  BasisOfPayID: Int32.nullable(),
  CompensationProfileID: Int32.nullable(),
  PayRate: z.number().nullable(),
  Salary: z.number().nullable(),
  CommissionThreshold: z.number().nullable(),
});
export type PayrollEmployee = z.infer<typeof PayrollEmployee>;

/** One pay period's entry: its inputs (as the save payload), computed totals and earnings lines. */
export const PayrollEntry = z.object({
  PayrollEntryID: Int32,
  PayrollID: Int32,
  PayPeriodID: Int32,
  EmployeeID: Int32,
  IcdOfficeID: Int32,
  StartDate: WireDate,
  EndDate: WireDate,
  /** The pay period's state. */
  IsApproved: z.boolean(),
  IsLocked: z.boolean(),
  IsPaidGuaranteed: z.boolean(),
  IsPaidCommission: z.boolean(),
  ExtraHoursWorked: z.number(),
  ManualCommissionAmount: z.number().nullable(),
  Salary: z.number().nullable(),
  CommissionThreshold: z.number().nullable(),
  ContractorPayment: z.number().nullable(),
  Bonus: z.number(),
  CommissionBonus: z.number(),
  VolumeBonus: z.number(),
  TravelAllowance: z.number(),
  CellAllowance: z.number(),
  Tip: z.number(),
  SickPay: z.number(),
  SplitTime: z.number(),
  ReportingTime: z.number(),
  MealPeriodPremiumTime: z.number(),
  HolidayPay: z.number(),
  Chargeback: z.number(),
  TrainingPayHours: z.number(),
  NetPayAddition: z.number(),
  NetPayDeduction: z.number(),
  Comments: z.string().nullable(),
  CommissionPieces: z.array(CommissionPiece),
  Totals: PayrollEntryTotals,
  GrossPay: z.number(),
  Lines: z.array(PayrollEntryLine),
  IsProcessedByAdp: z.boolean(),
  CalculatedAt: Instant.nullable(),
  /** Number of the latest stored calculation (payroll_entry_snapshots), 0 before the first. */
  SnapshotNumber: Int32,
  Version: Int32,
  Employee: PayrollEmployee.optional(),
});
export type PayrollEntry = z.infer<typeof PayrollEntry>;

// ---------------------------------------------------------------------------------------------
// Calculations

/**
 * Payroll totals request (spec 001 §3). Dates YYYY-MM-DD. PayPeriods narrows the recalculation to
 * the pay periods of the payroll overlapping those windows (none given: every entry);
 * ManualSubmission.ExtraShowHours adds extra hours worked on those dates (Hours, default 0).
 */
export const TotalsRequest = z.object({
  StartDate: WireDate,
  EndDate: WireDate,
  PayPeriods: z
    .array(
      z.object({
        StartDate: WireDate,
        EndDate: WireDate,
        PayPeriodID: Int32.positive().optional(),
        ManualSubmission: z
          .object({
            ExtraShowHours: z
              .array(z.object({ Date: WireDate, Hours: Hours.optional() }))
              .max(400)
              .default([]),
          })
          .nullish(),
      }),
    )
    .max(20_000)
    .default([]),
  PayDateDurations: z
    .array(z.object({ Date: WireDate }))
    .max(400)
    .default([]),
  RSCommissionAmounts: z
    .array(z.object({ ScheduleDate: WireDate, Amount: Money.optional() }))
    .max(400)
    .default([]),
});
export type TotalsRequest = z.infer<typeof TotalsRequest>;
export type TotalsRequestInput = z.input<typeof TotalsRequest>;

export const TotalsResponse = z.object({
  PayrollEntries: z.array(PayrollEntry),
  Employees: z.array(PayrollEmployee),
});
export type TotalsResponse = z.infer<typeof TotalsResponse>;

/** What the calculation of each pay period reads (GET payrolls/{id}/calculations/input). */
export const CalculationInputPeriod = z.object({
  PayPeriodID: Int32,
  EmployeeID: Int32,
  IcdOfficeID: Int32,
  StartDate: WireDate,
  EndDate: WireDate,
  IsApproved: z.boolean(),
  IsLocked: z.boolean(),
  CountryID: Int32,
  StateProvince: z.string(),
  PayRate: z.number().nullable(),
  Salary: z.number().nullable(),
  CommissionThreshold: z.number().nullable(),
  BasisOfPayID: Int32.nullable(),
  TimeEntries: z.array(
    z.object({
      TimeEntryID: Int32,
      Date: WireDate,
      StartTime: z.string().nullable(),
      EndTime: z.string().nullable(),
      Minutes: Int32,
      BreakMinutes: Int32,
      ProgramID: Int32.nullable(),
      StoreID: Int32.nullable(),
    }),
  ),
  LateAdjustments: z.array(
    z.object({ LateAdjustmentID: Int32, EntryDate: WireDate, AppliedMinutes: Int32, PayPeriodID: Int32 }),
  ),
  MinimumWage: z.array(z.object({ StartDate: WireDate, EndDate: WireDate, MinimumWage: z.number() })),
});
export const CalculationInput = z.object({
  PayrollID: Int32,
  StartDate: WireDate,
  EndDate: WireDate,
  PayPeriods: z.array(CalculationInputPeriod),
});
export type CalculationInput = z.infer<typeof CalculationInput>;

/** Manual request (spec 001 §3). */
export const ManualRequest = z.object({ PayPeriodID: Int32.positive(), IsProcessedByAdp: z.boolean() });
export type ManualRequest = z.infer<typeof ManualRequest>;
