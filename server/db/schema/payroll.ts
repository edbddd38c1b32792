// Payrolls and their entries (spec 001 §3 "Pay stub", "Earnings line", "Payroll entry save payload",
// §4, §7 "Payroll"; spec 002 §7 "Payroll lookups", "Payroll entries"). Wire shapes are in
// src/contract/payroll.ts.
//
// Money is stored as integer cents (columns and jsonb keys ending in `Cents`); the wire carries
// decimal numbers with 2 decimals, converted at the edge (src/contract/payroll.ts toCents/fromCents).
// Hours are stored as decimal hours (double precision, rounded to 2 decimals when computed).
// Rates of earnings lines are decimal currency per unit (4 decimals kept: 1.5 × 17.25 = 25.875).
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { corporations, icdOffices } from './organisation';
import { employees, employmentRecords } from './people';
import { payPeriods } from './time-management';

/**
 * One corporation's payroll run for one pay window (StartDate–EndDate of one pay frequency). It owns
 * the pay periods of the corporation's offices falling in the window (pay_periods.PayrollID).
 * Created by `ensurePayrolls` (server/modules/payroll/ensure.ts) from the pay periods.
 */
export const payrolls = pgTable(
  'payrolls',
  {
    PayrollID: serial('payroll_id').primaryKey(),
    IcdCorporationID: integer('icd_corporation_id')
      .notNull()
      .references(() => corporations.IcdCorporationID),
    /** PayrollType: AdvanceWage 1, CommissionAboveThreshold 2, CommissionExceedingGuaranteed 3, PieceBased 4, RawInput 5. */
    PayrollTypeID: integer('payroll_type_id').notNull().default(1),
    /** Weekly 1, Bi-weekly 2, Semi-monthly 3, Monthly 4 (the `pay-frequencies` lookup). */
    PayFrequencyID: integer('pay_frequency_id').notNull().default(2),
    StartDate: date('start_date').notNull(),
    EndDate: date('end_date').notNull(),
    PayDate: date('pay_date').notNull(),
    Memo: text('memo'),
    IsVisible: boolean('is_visible').notNull().default(true),
    IsLocked: boolean('is_locked').notNull().default(false),
    LockedAt: timestamp('locked_at', { withTimezone: true }),
    LockedByEmployeeID: integer('locked_by_employee_id'),
    IsDisclosed: boolean('is_disclosed').notNull().default(false),
    DisclosedAt: timestamp('disclosed_at', { withTimezone: true }),
    IsPending: boolean('is_pending').notNull().default(false),
    PendingAt: timestamp('pending_at', { withTimezone: true }),
    IsCompleted: boolean('is_completed').notNull().default(false),
    CompletedAt: timestamp('completed_at', { withTimezone: true }),
    CompletedByEmployeeID: integer('completed_by_employee_id'),
    /** Last time the entries were computed (any trigger). */
    CalculatedAt: timestamp('calculated_at', { withTimezone: true }),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    Version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('payrolls_corporation_window').on(t.IcdCorporationID, t.PayFrequencyID, t.StartDate),
    index('payrolls_dates').on(t.StartDate, t.EndDate),
  ],
);

/** The inputs of a payroll entry (the save payload without PayPeriodID and CommissionPieces), money in cents. */
export interface PayrollEntryInputs {
  IsPaidGuaranteed: boolean;
  IsPaidCommission: boolean;
  ExtraHoursWorked: number;
  /** null: the commission computed from pieces. */
  ManualCommissionAmountCents: number | null;
  /** null: the employment record's salary (default). */
  SalaryCents: number | null;
  /** null: the employment record's threshold. */
  CommissionThresholdCents: number | null;
  /** null: no contractor payment (default). */
  ContractorPaymentCents: number | null;
  BonusCents: number;
  CommissionBonusCents: number;
  VolumeBonusCents: number;
  TravelAllowanceCents: number;
  CellAllowanceCents: number;
  TipCents: number;
  /** Paid sick leave amount. */
  SickPayCents: number;
  /** Hours of split-shift premium. */
  SplitTime: number;
  /** Hours of reporting-time pay. */
  ReportingTime: number;
  /** Hours of meal-period premium entered by hand (added to the computed ones). */
  MealPeriodPremiumTime: number;
  /** Statutory holiday pay amount. */
  HolidayPayCents: number;
  ChargebackCents: number;
  TrainingPayHours: number;
  NetPayAdditionCents: number;
  NetPayDeductionCents: number;
  Comments: string | null;
}

/**
 * Computed totals of an entry, per payroll difference column (spec 001 §3): hours in decimal hours,
 * amounts in cents. Keys: RegularHours, OvertimeHours, DoubleTimeHours, ExtraHoursWorked,
 * TotalHoursWorked, RegularHoursAmountCents, OvertimeAmountCents, … (see PayrollEntryTotals in the contract).
 */
export type PayrollEntryTotalsRow = Record<string, number>;

/** One pay period's payroll entry: inputs, computed totals, and the current calculation. */
export const payrollEntries = pgTable(
  'payroll_entries',
  {
    PayrollEntryID: serial('payroll_entry_id').primaryKey(),
    PayrollID: integer('payroll_id')
      .notNull()
      .references(() => payrolls.PayrollID, { onDelete: 'cascade' }),
    PayPeriodID: integer('pay_period_id')
      .notNull()
      .references(() => payPeriods.PayPeriodID),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    IcdOfficeID: integer('icd_office_id')
      .notNull()
      .references(() => icdOffices.IcdOfficeID),
    EmploymentRecordID: integer('employment_record_id').references(
      () => employmentRecords.EmploymentRecordID,
    ),
    Inputs: jsonb('inputs').$type<PayrollEntryInputs>().notNull(),
    Totals: jsonb('totals').$type<PayrollEntryTotalsRow>().notNull().default({}),
    RegularHours: doublePrecision('regular_hours').notNull().default(0),
    OvertimeHours: doublePrecision('overtime_hours').notNull().default(0),
    DoubleTimeHours: doublePrecision('double_time_hours').notNull().default(0),
    TotalHoursWorked: doublePrecision('total_hours_worked').notNull().default(0),
    GrossPayCents: integer('gross_pay_cents').notNull().default(0),
    NetPayAdditionCents: integer('net_pay_addition_cents').notNull().default(0),
    NetPayDeductionCents: integer('net_pay_deduction_cents').notNull().default(0),
    /** Manual request: processed by the payroll provider (PATCH payrolls/{id}/manual-requests). */
    IsProcessedByAdp: boolean('is_processed_by_adp').notNull().default(false),
    /** Hash of the engine's input and output: a recalculation that changes nothing stores nothing. */
    Fingerprint: text('fingerprint'),
    /** Number of the latest snapshot (0: never computed). */
    SnapshotNumber: integer('snapshot_number').notNull().default(0),
    CalculatedAt: timestamp('calculated_at', { withTimezone: true }),
    UpdatedByEmployeeID: integer('updated_by_employee_id'),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    Version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('payroll_entries_pay_period').on(t.PayPeriodID),
    index('payroll_entries_payroll').on(t.PayrollID),
    index('payroll_entries_employee').on(t.EmployeeID),
  ],
);

/** What a line came from: the rule and the time entries, pieces or late adjustments behind it. */
export interface PayrollLineTrace {
  Rule: string;
  Description?: string;
  TimeEntryIDs?: number[];
  PieceNumbers?: number[];
  LateAdjustmentIDs?: number[];
  Dates?: string[];
  [key: string]: unknown;
}

/**
 * Earnings lines of an entry's current calculation (spec 001 "Earnings line"). Kind is one of
 * PayrollLineKind (src/contract/payroll.ts); Caption is the label shown ('Overtime',
 * 'Commission Piece #2').
 */
export const payrollEntryLines = pgTable(
  'payroll_entry_lines',
  {
    PayrollEntryLineID: bigserial('payroll_entry_line_id', { mode: 'number' }).primaryKey(),
    PayrollEntryID: integer('payroll_entry_id')
      .notNull()
      .references(() => payrollEntries.PayrollEntryID, { onDelete: 'cascade' }),
    Kind: text('kind').notNull(),
    Caption: text('caption').notNull(),
    /** Currency per unit (null: no rate shown, e.g. a lump sum). */
    Rate: doublePrecision('rate'),
    /** Hours or pieces (null: no units shown). */
    Units: doublePrecision('units'),
    AmountCents: integer('amount_cents').notNull(),
    Trace: jsonb('trace').$type<PayrollLineTrace>(),
    SortIndex: integer('sort_index').notNull().default(0),
  },
  (t) => [index('payroll_entry_lines_entry').on(t.PayrollEntryID, t.SortIndex)],
);

/** A line as kept in a snapshot (same fields as payroll_entry_lines without ids). */
export interface PayrollSnapshotLine {
  Kind: string;
  Caption: string;
  Rate: number | null;
  Units: number | null;
  AmountCents: number;
  Trace: PayrollLineTrace | null;
  SortIndex: number;
}

/**
 * Every calculation that changed an entry, numbered per entry (1, 2, …): the pay-stub comparison
 * compares two of them. Trigger: 'calculation' | 'entry-save' | 'late-adjustment' | 'lock'.
 */
export const payrollEntrySnapshots = pgTable(
  'payroll_entry_snapshots',
  {
    PayrollEntrySnapshotID: bigserial('payroll_entry_snapshot_id', { mode: 'number' }).primaryKey(),
    PayrollEntryID: integer('payroll_entry_id')
      .notNull()
      .references(() => payrollEntries.PayrollEntryID, { onDelete: 'cascade' }),
    PayrollID: integer('payroll_id').notNull(),
    PayPeriodID: integer('pay_period_id').notNull(),
    EmployeeID: integer('employee_id').notNull(),
    SnapshotNumber: integer('snapshot_number').notNull(),
    Trigger: text('trigger').notNull(),
    ActorEmployeeID: integer('actor_employee_id'),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    Inputs: jsonb('inputs').$type<PayrollEntryInputs>().notNull(),
    Totals: jsonb('totals').$type<PayrollEntryTotalsRow>().notNull(),
    GrossPayCents: integer('gross_pay_cents').notNull(),
    Lines: jsonb('lines').$type<PayrollSnapshotLine[]>().notNull(),
    Pieces: jsonb('pieces').$type<{ PieceNumber: number; PieceQty: number; PieceRateCents: number }[]>(),
    /** Time entries, late adjustments and pieces that fed the calculation (for the "why"). */
    Sources: jsonb('sources').$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex('payroll_entry_snapshots_number').on(t.PayrollEntryID, t.SnapshotNumber),
    index('payroll_entry_snapshots_employee').on(t.EmployeeID, t.CreatedAt),
  ],
);

/** Commission pieces of an entry (spec 001 "Pay stub": PieceNumber, PieceQty, PieceRate). */
export const payrollCommissionPieces = pgTable(
  'payroll_commission_pieces',
  {
    PayrollCommissionPieceID: serial('payroll_commission_piece_id').primaryKey(),
    PayrollEntryID: integer('payroll_entry_id')
      .notNull()
      .references(() => payrollEntries.PayrollEntryID, { onDelete: 'cascade' }),
    PieceNumber: integer('piece_number').notNull(),
    PieceQty: doublePrecision('piece_qty').notNull(),
    PieceRateCents: integer('piece_rate_cents').notNull(),
    /** Optional source: e.g. 'lead', 'order', 'sale' and its id. */
    SourceType: text('source_type'),
    SourceID: integer('source_id'),
    ProgramID: integer('program_id'),
    StoreID: integer('store_id'),
  },
  (t) => [uniqueIndex('payroll_commission_pieces_number').on(t.PayrollEntryID, t.PieceNumber)],
);

/** Payroll admins assigned to a payroll (POST/DELETE payrolls/{id}/admins). */
export const payrollAdmins = pgTable(
  'payroll_admins',
  {
    PayrollID: integer('payroll_id')
      .notNull()
      .references(() => payrolls.PayrollID, { onDelete: 'cascade' }),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    AssignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    AssignedByEmployeeID: integer('assigned_by_employee_id'),
  },
  (t) => [primaryKey({ columns: [t.PayrollID, t.EmployeeID] })],
);

/** A caller's dismissal of a payroll's pending or submitted message (Kind 'pending' | 'submitted'). */
export const payrollDismissals = pgTable(
  'payroll_dismissals',
  {
    PayrollDismissalID: serial('payroll_dismissal_id').primaryKey(),
    PayrollID: integer('payroll_id')
      .notNull()
      .references(() => payrolls.PayrollID, { onDelete: 'cascade' }),
    Kind: text('kind').notNull(),
    EmployeeID: integer('employee_id').notNull(),
    DismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payroll_dismissals_one').on(t.PayrollID, t.Kind, t.EmployeeID),
    index('payroll_dismissals_employee').on(t.EmployeeID),
  ],
);
