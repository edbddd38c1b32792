// Payroll reports (spec 001 §3 "Earnings line", §7 Payroll; spec 002 §7 "Payroll lookups",
// "Financials"): the statement of earnings, the program/store pairs worked in a payroll, the
// summary, the analysis, the NCR summary, the inquiry and the financials. Read only; permission
// `payroll:read`; a payroll is visible when its corporation has an office where the caller holds the
// key (administrator and payroll processor: every corporation; owner: hers), and the figures of a
// report only count the pay periods of offices the caller reaches.
//
//   GET payroll/{id}/statement-of-earnings   ?programID&storeID&filteredEmployeeID → StatementOfEarnings
//   GET payroll/{id}/active-program-store-pairs                                  → ProgramStorePair[]
//   GET payrolls/summary        ?startDate&endDate&programID&retailerID&owner    → PayrollSummary
//   GET payrolls/{id}/analysis                                                   → PayrollAnalysis
//   GET ncr-summary             ?payrollID&icdCorporationID&startDate&endDate    → NcrSummary
//   GET payrolls/inquiry        ?startDate&endDate                               → PayrollInquiryRow[]
//   GET payrolls/financials     ?startDate&endDate&divisionID                    → Financials
//   GET payrolls/financials-program ?programID&startDate&endDate                 → ProgramFinancials
//
// Money is a decimal number with 2 decimals (the database keeps integer cents), hours have 2 decimals.
// Rows carry their corporation's CountryID (1 US: USD, 2 Canada: CAD); totals over rows of both
// countries add the numbers as they are (the screens total per currency).
//
// Definitions where the spec is silent:
// - Hours by class: Regular, Overtime, Double Time and Training hours are the units of those lines;
//   TotalHours is their sum. Commission = the Commissions line plus the 'Commission Piece #N' lines.
//   Premiums = Meal Period Premium, Split Shift Premium, Reporting Time, Statutory Holiday Pay and
//   Paid Sick Leave. Wages = Regular + Overtime + Double Time + Training Pay + Salary. Other = every
//   other line (bonuses, allowances, tip, chargeback, minimum wage advance…). Gross = the entry's
//   GrossPay, which is the sum of its lines.
// - NCR ("non-commission remuneration"): what a payroll pays for time rather than for sales — wages
//   plus premiums — with the hours behind it, beside the commission and the gross, and the share of
//   the gross that is not commission (NcrShare, 0–1, null when the gross is 0).
// - The statement of earnings lists the entries that have earnings lines (an entry calculated with
//   nothing to pay has none).
// - A program/store filter on the statement of earnings keeps the employees who have time at that
//   program (and store) in the payroll; their hour lines (Regular, Overtime, Double Time, Training
//   Pay) are scaled to the share of their worked hours that were at the pair; the lines that are
//   not paid for time (commission, bonuses, allowances, premiums…) are shown whole and flagged
//   `Attributed: false`.
// - Financials are counted by the payroll's pay date month (startDate/endDate filter the pay date). A
//   pay period's pay goes to the divisions of the programs its time was worked in, in proportion to
//   the hours; time without a program, or no time at all (salary), goes to the divisions of the
//   employee's employment record at the office in equal parts (none: "no division").
//   `financials-program` attributes each entry's pay to a program by the share of its hours there.
// - Summary, NCR and inquiry take the payrolls whose pay window overlaps startDate–endDate.
// - `payrolls/summary`: `programID` keeps the pay periods with time at the program; `owner` keeps the
//   corporations whose Owner contains the text (case-insensitive); `retailerID` is accepted but has no
//   data to filter on yet (retailers come with orders) and is echoed in the answer as not applied.
import { z } from 'zod';
import { Instant, Int32, QueryInt32, WireDate } from './common';
import { WireDateOut } from './time';

const Id = Int32.positive();
const QueryId = QueryInt32.positive();
/** Money on the wire: a decimal with 2 decimals. */
export const Money = z.number();
/** Hours with 2 decimals. */
export const Hours = z.number();

/** Earnings line kinds in the statement order of spec 001 §3 (piece lines follow, then the rest). */
export const EARNINGS_LINE_ORDER = [
  'Regular',
  'Training Pay',
  'Overtime',
  'Double Time',
  'Commissions',
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
] as const;

export const PIECE_CAPTION = /^Commission Piece #\d+$/;

/** The hour lines of a pay period that a program/store filter scales (paid for time worked). */
export const HOUR_LINE_KINDS = ['Regular', 'Training Pay', 'Overtime', 'Double Time'] as const;

export const EarningsLine = z.object({
  Kind: z.string(),
  Caption: z.string(),
  /** null for lines without a rate (Meal Period Premium, allowances…). */
  Rate: Money.nullable(),
  /** Hours or pieces; null where the line has none (Meal Period Premium). */
  Units: z.number().nullable(),
  Amount: Money,
  /** false: not paid for time, shown whole under a program/store filter. */
  Attributed: z.boolean(),
  /**
   * A detail of another line, not added into the gross: the 'Commission Piece #N' lines of commission
   * types 1–3, whose sum is in the 'Commissions' line (piece-based pay: the pieces are paid lines).
   */
  IsDetail: z.boolean(),
});
export type EarningsLine = z.infer<typeof EarningsLine>;

export const StatementEmployee = z.object({
  EmployeeID: Id,
  EmployeeName: z.string(),
  PayPeriodID: Id,
  IcdOfficeID: Id,
  OfficeName: z.string(),
  StartDate: WireDateOut,
  EndDate: WireDateOut,
  Lines: z.array(EarningsLine),
  /** The sum of the lines but details (the entry's GrossPay without a program/store filter). */
  GrossPay: Money,
  /** Hours worked at the program/store over all hours worked (1 without a filter). */
  Share: z.number(),
});
export type StatementEmployee = z.infer<typeof StatementEmployee>;

export const PayrollHeader = z.object({
  PayrollID: Id,
  IcdCorporationID: Id,
  Owner: z.string(),
  ClientName: z.string(),
  /** The corporation's country (1 US: USD, 2 Canada: CAD): the currency of its amounts. */
  CountryID: Int32,
  StartDate: WireDateOut,
  EndDate: WireDateOut,
  PayDate: WireDateOut.nullable(),
  IsLocked: z.boolean(),
});
export type PayrollHeader = z.infer<typeof PayrollHeader>;

export const StatementTotalLine = z.object({
  Kind: z.string(),
  Caption: z.string(),
  Units: z.number().nullable(),
  Amount: Money,
});

export const StatementOfEarnings = z.object({
  Payroll: PayrollHeader,
  ProgramID: Id.nullable(),
  ProgramName: z.string().nullable(),
  StoreID: Id.nullable(),
  StoreName: z.string().nullable(),
  Employees: z.array(StatementEmployee),
  /** Per caption over every employee, in the statement order (detail lines left out). */
  Totals: z.array(StatementTotalLine),
  GrossPay: Money,
});
export type StatementOfEarnings = z.infer<typeof StatementOfEarnings>;

export const StatementQuery = z.object({
  programID: QueryId.optional(),
  storeID: QueryId.optional(),
  filteredEmployeeID: QueryId.optional(),
});
export type StatementQuery = z.infer<typeof StatementQuery>;

export const ProgramStorePair = z.object({
  ProgramID: Id,
  ProgramName: z.string(),
  StoreID: Id.nullable(),
  StoreName: z.string().nullable(),
  Hours: Hours,
  EmployeeCount: Int32,
});
export type ProgramStorePair = z.infer<typeof ProgramStorePair>;

/** The figures every report adds up. */
export const PayFigures = z.object({
  EmployeeCount: Int32,
  RegularHours: Hours,
  OvertimeHours: Hours,
  DoubleTimeHours: Hours,
  TrainingHours: Hours,
  TotalHours: Hours,
  Wages: Money,
  Commission: Money,
  Premiums: Money,
  Other: Money,
  GrossPay: Money,
});
export type PayFigures = z.infer<typeof PayFigures>;

const DateRange = {
  startDate: WireDate.optional(),
  endDate: WireDate.optional(),
};

function rangeInOrder(q: { startDate?: string; endDate?: string }): boolean {
  return !q.startDate || !q.endDate || q.startDate <= q.endDate;
}
const RANGE_MESSAGE = { message: 'The end date is before the start date', path: ['endDate'] };

export const SummaryQuery = z
  .object({
    ...DateRange,
    programID: QueryId.optional(),
    retailerID: QueryId.optional(),
    owner: z.string().trim().max(200).optional(),
  })
  .refine(rangeInOrder, RANGE_MESSAGE);
export type SummaryQuery = z.infer<typeof SummaryQuery>;

export const SummaryRow = PayrollHeader.extend(PayFigures.shape);
export type SummaryRow = z.infer<typeof SummaryRow>;

export const PayrollSummary = z.object({
  Rows: z.array(SummaryRow),
  Totals: PayFigures,
  /** Filters that were accepted without data to apply them to (e.g. retailerID). */
  NotApplied: z.array(z.string()),
});
export type PayrollSummary = z.infer<typeof PayrollSummary>;

export const AnalysisOffice = PayFigures.extend({ IcdOfficeID: Id, OfficeName: z.string() });
export type AnalysisOffice = z.infer<typeof AnalysisOffice>;

export const AnalysisEmployee = z.object({
  EmployeeID: Id,
  EmployeeName: z.string(),
  PayPeriodID: Id,
  IcdOfficeID: Id,
  OfficeName: z.string(),
  RegularHours: Hours,
  OvertimeHours: Hours,
  DoubleTimeHours: Hours,
  TrainingHours: Hours,
  TotalHours: Hours,
  Wages: Money,
  Commission: Money,
  Premiums: Money,
  Other: Money,
  GrossPay: Money,
  /** The employee's gross in the previous payroll of the corporation (null: not paid there). */
  PreviousGrossPay: Money.nullable(),
  GrossPayChange: Money.nullable(),
});
export type AnalysisEmployee = z.infer<typeof AnalysisEmployee>;

export const PayrollAnalysis = z.object({
  Payroll: PayrollHeader,
  Totals: PayFigures,
  /** The corporation's payroll that ended last before this one started (null: none). */
  Previous: PayrollHeader.extend({ Totals: PayFigures }).nullable(),
  /** This payroll's totals minus the previous one's (null without a previous payroll). */
  Change: PayFigures.nullable(),
  Offices: z.array(AnalysisOffice),
  Employees: z.array(AnalysisEmployee),
});
export type PayrollAnalysis = z.infer<typeof PayrollAnalysis>;

export const NcrQuery = z
  .object({
    payrollID: QueryId.optional(),
    icdCorporationID: QueryId.optional(),
    ...DateRange,
  })
  .refine(rangeInOrder, RANGE_MESSAGE);
export type NcrQuery = z.infer<typeof NcrQuery>;

export const NcrRow = z.object({
  PayrollID: Id,
  IcdCorporationID: Id,
  Owner: z.string(),
  ClientName: z.string(),
  CountryID: Int32,
  IcdOfficeID: Id,
  OfficeName: z.string(),
  StartDate: WireDateOut,
  EndDate: WireDateOut,
  EmployeeCount: Int32,
  /** Hours paid for time (regular, overtime, double time, training). */
  NcrHours: Hours,
  /** Wages + premiums. */
  NcrAmount: Money,
  Commission: Money,
  Other: Money,
  GrossPay: Money,
  /** NcrAmount / GrossPay (null when the gross is 0). */
  NcrShare: z.number().nullable(),
});
export type NcrRow = z.infer<typeof NcrRow>;

export const NcrSummary = z.object({
  Rows: z.array(NcrRow),
  Totals: NcrRow.pick({
    EmployeeCount: true,
    NcrHours: true,
    NcrAmount: true,
    Commission: true,
    Other: true,
    GrossPay: true,
    NcrShare: true,
  }),
});
export type NcrSummary = z.infer<typeof NcrSummary>;

export const InquiryQuery = z
  .object({ startDate: WireDate, endDate: WireDate })
  .refine(rangeInOrder, RANGE_MESSAGE);
export type InquiryQuery = z.infer<typeof InquiryQuery>;

export const PayrollInquiryRow = PayrollHeader.extend({
  IsVisible: z.boolean(),
  IsDisclosed: z.boolean(),
  IsPending: z.boolean(),
  IsCompleted: z.boolean(),
  /** When it was locked (submitted) / completed. */
  LockedDate: Instant.nullable(),
  CompletedDate: Instant.nullable(),
  EntryCount: Int32,
  GrossPay: Money,
});
export type PayrollInquiryRow = z.infer<typeof PayrollInquiryRow>;

export const FinancialsQuery = z
  .object({ ...DateRange, divisionID: QueryId.optional() })
  .refine(rangeInOrder, RANGE_MESSAGE);
export type FinancialsQuery = z.infer<typeof FinancialsQuery>;

export const FinancialsRow = z.object({
  /** YYYY-MM of the payrolls' pay date. */
  Month: z.string().regex(/^\d{4}-\d{2}$/),
  DivisionID: Id.nullable(),
  DivisionName: z.string().nullable(),
  IcdCorporationID: Id,
  Owner: z.string(),
  ClientName: z.string(),
  CountryID: Int32,
  PayrollCount: Int32,
  EmployeeCount: Int32,
  Hours: Hours,
  Wages: Money,
  Commission: Money,
  Premiums: Money,
  Other: Money,
  GrossPay: Money,
});
export type FinancialsRow = z.infer<typeof FinancialsRow>;

export const FinancialsTotals = FinancialsRow.pick({
  Hours: true,
  Wages: true,
  Commission: true,
  Premiums: true,
  Other: true,
  GrossPay: true,
});

export const Financials = z.object({
  Rows: z.array(FinancialsRow),
  Totals: FinancialsTotals,
});
export type Financials = z.infer<typeof Financials>;

export const ProgramFinancialsQuery = z
  .object({ programID: QueryId.optional(), ...DateRange })
  .refine(rangeInOrder, RANGE_MESSAGE);
export type ProgramFinancialsQuery = z.infer<typeof ProgramFinancialsQuery>;

export const ProgramFinancialsRow = z.object({
  Month: z.string().regex(/^\d{4}-\d{2}$/),
  ProgramID: Id,
  ProgramName: z.string(),
  DivisionID: Id,
  IcdCorporationID: Id,
  ClientName: z.string(),
  CountryID: Int32,
  EmployeeCount: Int32,
  /** Hours worked at the program. */
  Hours: Hours,
  /** The entries' gross pay times the share of their hours worked at the program. */
  GrossPay: Money,
  Wages: Money,
  Commission: Money,
});
export type ProgramFinancialsRow = z.infer<typeof ProgramFinancialsRow>;

export const ProgramFinancials = z.object({
  Rows: z.array(ProgramFinancialsRow),
  Totals: ProgramFinancialsRow.pick({ Hours: true, GrossPay: true, Wages: true, Commission: true }),
});
export type ProgramFinancials = z.infer<typeof ProgramFinancials>;
