// Rows → wire shapes of payroll entries (money: cents in the database, decimals on the wire).
import { asc, eq, inArray } from 'drizzle-orm';
import {
  type EntrySavePayload,
  fromCents,
  type PayrollEmployee,
  type PayrollEntry,
  type PayrollEntryLine,
  type PayrollEntryTotals,
  toCents,
} from '../../../src/contract/payroll';
import type { PayrollEntryInputs, PayrollEntryTotalsRow } from '../../db/schema/payroll';
import {
  employees,
  employmentRecords,
  icdOffices,
  payPeriods,
  payrollCommissionPieces,
  payrollEntries,
  payrollEntryLines,
} from '../../db/tables';
import type { Conn } from './scope';

export type EntryRow = typeof payrollEntries.$inferSelect;
export type PeriodRow = typeof payPeriods.$inferSelect;

const num = (v: string | null | undefined): number | null => (v == null ? null : Number(v));
const money = (c: number | null | undefined): number => fromCents(c ?? 0);
const moneyOrNull = (c: number | null | undefined): number | null => (c == null ? null : fromCents(c));

/** The save payload → stored inputs (cents). */
export function inputsOf(body: EntrySavePayload): PayrollEntryInputs {
  const c = (v: number | null | undefined) => toCents(v ?? 0);
  const cn = (v: number | null | undefined) => (v == null ? null : toCents(v));
  return {
    IsPaidGuaranteed: body.IsPaidGuaranteed,
    IsPaidCommission: body.IsPaidCommission,
    ExtraHoursWorked: body.ExtraHoursWorked ?? 0,
    ManualCommissionAmountCents: cn(body.ManualCommissionAmount),
    SalaryCents: cn(body.Salary),
    CommissionThresholdCents: cn(body.CommissionThreshold),
    ContractorPaymentCents: cn(body.ContractorPayment),
    BonusCents: c(body.Bonus),
    CommissionBonusCents: c(body.CommissionBonus),
    VolumeBonusCents: c(body.VolumeBonus),
    TravelAllowanceCents: c(body.TravelAllowance),
    CellAllowanceCents: c(body.CellAllowance),
    TipCents: c(body.Tip),
    SickPayCents: c(body.SickPay),
    SplitTime: body.SplitTime ?? 0,
    ReportingTime: body.ReportingTime ?? 0,
    MealPeriodPremiumTime: body.MealPeriodPremiumTime ?? 0,
    HolidayPayCents: c(body.HolidayPay),
    ChargebackCents: c(body.Chargeback),
    TrainingPayHours: body.TrainingPayHours ?? 0,
    NetPayAdditionCents: c(body.NetPayAddition),
    NetPayDeductionCents: c(body.NetPayDeduction),
    Comments: body.Comments ?? null,
  };
}

export const TOTAL_KEYS: readonly (keyof PayrollEntryTotals)[] = [
  'RegularHours',
  'OvertimeHours',
  'DoubleTimeHours',
  'ExtraHoursWorked',
  'TotalHoursWorked',
  'RegularHoursAmount',
  'OvertimeAmount',
  'DoubleTimeAmount',
  'TotalGuaranteed',
  'RegularCommission',
  'TotalPaidCommission',
  'MealPeriodPremiumAmount',
  'Salary',
  'ExtraCommission',
  'CommissionBonus',
  'ExtraHoursWorkedAmount',
  'GrossPay',
  'NetPayAddition',
  'NetPayDeduction',
  'PaidSickLeave',
  'ReportingTime',
  'SplitShiftPremium',
  'HolidayPay',
  'TravelAllowance',
  'CellAllowance',
  'Tip',
  'VolumeBonus',
  'MinimumWageAdvance',
  'Chargeback',
  'TrainingPay',
  'Bonus',
  'ContractorPayment',
];
const HOUR_KEYS = new Set([
  'RegularHours',
  'OvertimeHours',
  'DoubleTimeHours',
  'ExtraHoursWorked',
  'TotalHoursWorked',
]);

/** Stored totals (hours as decimal hours, amounts in cents under `<Key>Cents`) → wire decimals. */
export function totalsWire(row: PayrollEntryTotalsRow): PayrollEntryTotals {
  const out = {} as Record<keyof PayrollEntryTotals, number>;
  for (const k of TOTAL_KEYS) out[k] = HOUR_KEYS.has(k) ? (row[k] ?? 0) : money(row[`${k}Cents`]);
  return out;
}

export function lineWire(l: {
  Kind: string;
  Caption: string;
  Rate: number | null;
  Units: number | null;
  AmountCents: number;
  Trace: unknown;
  SortIndex: number;
}): PayrollEntryLine {
  return {
    Kind: l.Kind,
    Caption: l.Caption,
    Rate: l.Rate,
    Units: l.Units,
    Amount: fromCents(l.AmountCents),
    Trace: (l.Trace as PayrollEntryLine['Trace']) ?? null,
    SortIndex: l.SortIndex,
  };
}

export function entryWire(
  e: EntryRow,
  p: Pick<PeriodRow, 'StartDate' | 'EndDate' | 'IsApproved' | 'IsLocked'>,
  pieces: readonly {
    PieceNumber: number;
    PieceQty: number;
    PieceRateCents: number;
    SourceType?: string | null;
  }[],
  lines: readonly PayrollEntryLine[],
  employee?: PayrollEmployee,
): PayrollEntry {
  const i = e.Inputs;
  return {
    PayrollEntryID: e.PayrollEntryID,
    PayrollID: e.PayrollID,
    PayPeriodID: e.PayPeriodID,
    EmployeeID: e.EmployeeID,
    IcdOfficeID: e.IcdOfficeID,
    StartDate: p.StartDate,
    EndDate: p.EndDate,
    IsApproved: p.IsApproved,
    IsLocked: p.IsLocked,
    IsPaidGuaranteed: i.IsPaidGuaranteed,
    IsPaidCommission: i.IsPaidCommission,
    ExtraHoursWorked: i.ExtraHoursWorked,
    ManualCommissionAmount: moneyOrNull(i.ManualCommissionAmountCents),
    Salary: moneyOrNull(i.SalaryCents),
    CommissionThreshold: moneyOrNull(i.CommissionThresholdCents),
    ContractorPayment: moneyOrNull(i.ContractorPaymentCents),
    Bonus: money(i.BonusCents),
    CommissionBonus: money(i.CommissionBonusCents),
    VolumeBonus: money(i.VolumeBonusCents),
    TravelAllowance: money(i.TravelAllowanceCents),
    CellAllowance: money(i.CellAllowanceCents),
    Tip: money(i.TipCents),
    SickPay: money(i.SickPayCents),
    SplitTime: i.SplitTime,
    ReportingTime: i.ReportingTime,
    MealPeriodPremiumTime: i.MealPeriodPremiumTime,
    HolidayPay: money(i.HolidayPayCents),
    Chargeback: money(i.ChargebackCents),
    TrainingPayHours: i.TrainingPayHours,
    NetPayAddition: money(i.NetPayAdditionCents),
    NetPayDeduction: money(i.NetPayDeductionCents),
    Comments: i.Comments,
    CommissionPieces: [...pieces]
      .sort((a, b) => a.PieceNumber - b.PieceNumber)
      .map((x) => ({
        PieceNumber: x.PieceNumber,
        PieceQty: x.PieceQty,
        PieceRate: fromCents(x.PieceRateCents),
        ...(x.SourceType ? { FromSale: true } : {}),
      })),
    Totals: totalsWire(e.Totals),
    GrossPay: fromCents(e.GrossPayCents),
    Lines: [...lines],
    IsProcessedByAdp: e.IsProcessedByAdp,
    CalculatedAt: e.CalculatedAt ? e.CalculatedAt.toISOString() : null,
    SnapshotNumber: e.SnapshotNumber,
    Version: e.Version,
    ...(employee ? { Employee: employee } : {}),
  };
}

/** Employees of entries, with the employment record of each entry's office. */
export async function payrollEmployees(
  db: Conn,
  entries: readonly EntryRow[],
): Promise<Map<number, PayrollEmployee>> {
  const out = new Map<number, PayrollEmployee>();
  if (!entries.length) return out;
  const ids = [...new Set(entries.map((e) => e.EmployeeID))];
  const people = new Map<
    number,
    { FirstName: string; LastName: string; UserName: string | null; ADPEmployeeID: string | null }
  >();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .select({
        EmployeeID: employees.EmployeeID,
        FirstName: employees.FirstName,
        LastName: employees.LastName,
        UserName: employees.UserName,
        ADPEmployeeID: employees.ADPEmployeeID,
      })
      .from(employees)
      .where(inArray(employees.EmployeeID, ids.slice(i, i + 5000)));
    for (const r of rows) people.set(r.EmployeeID, r);
  }
  const recordIds = [
    ...new Set(entries.map((e) => e.EmploymentRecordID).filter((x): x is number => x != null)),
  ];
  const records = new Map<number, typeof employmentRecords.$inferSelect>();
  for (let i = 0; i < recordIds.length; i += 5000)
    for (const r of await db
      .select()
      .from(employmentRecords)
      .where(inArray(employmentRecords.EmploymentRecordID, recordIds.slice(i, i + 5000))))
      records.set(r.EmploymentRecordID, r);
  const officeIds = [...new Set(entries.map((e) => e.IcdOfficeID))];
  const offices = new Map(
    (
      await db
        .select({ id: icdOffices.IcdOfficeID, name: icdOffices.OfficeName })
        .from(icdOffices)
        .where(inArray(icdOffices.IcdOfficeID, officeIds))
    ).map((o) => [o.id, o.name]),
  );
  for (const e of entries) {
    if (out.has(e.EmployeeID)) continue;
    const p = people.get(e.EmployeeID);
    const r = e.EmploymentRecordID != null ? records.get(e.EmploymentRecordID) : undefined;
    out.set(e.EmployeeID, {
      EmployeeID: e.EmployeeID,
      FirstName: p?.FirstName ?? '',
      LastName: p?.LastName ?? '',
      UserName: p?.UserName ?? null,
      ADPEmployeeID: p?.ADPEmployeeID ?? null,
      IcdOfficeID: e.IcdOfficeID,
      OfficeName: offices.get(e.IcdOfficeID) ?? '',
      EmploymentRecordID: e.EmploymentRecordID,
      BasisOfPayID: r?.BasisOfPayID ?? null,
      CompensationProfileID: r?.CompensationProfileID ?? null,
      PayRate: num(r?.PayRate),
      Salary: num(r?.Salary),
      CommissionThreshold: num(r?.CommissionThreshold),
    });
  }
  return out;
}

/** Full wire entries for rows (pay periods, pieces, lines and employees loaded in batches). */
export async function entryWires(
  db: Conn,
  rows: readonly EntryRow[],
  withEmployee = true,
): Promise<PayrollEntry[]> {
  if (!rows.length) return [];
  const entryIds = rows.map((r) => r.PayrollEntryID);
  const periodIds = rows.map((r) => r.PayPeriodID);
  const periods = new Map<number, PeriodRow>();
  const pieces = new Map<
    number,
    { PieceNumber: number; PieceQty: number; PieceRateCents: number; SourceType: string | null }[]
  >();
  const lines = new Map<number, PayrollEntryLine[]>();
  for (let i = 0; i < rows.length; i += 5000) {
    const ids = entryIds.slice(i, i + 5000);
    for (const p of await db
      .select()
      .from(payPeriods)
      .where(inArray(payPeriods.PayPeriodID, periodIds.slice(i, i + 5000))))
      periods.set(p.PayPeriodID, p);
    for (const x of await db
      .select()
      .from(payrollCommissionPieces)
      .where(inArray(payrollCommissionPieces.PayrollEntryID, ids))) {
      const list = pieces.get(x.PayrollEntryID) ?? [];
      list.push(x);
      pieces.set(x.PayrollEntryID, list);
    }
    for (const l of await db
      .select()
      .from(payrollEntryLines)
      .where(inArray(payrollEntryLines.PayrollEntryID, ids))
      .orderBy(asc(payrollEntryLines.PayrollEntryID), asc(payrollEntryLines.SortIndex))) {
      const list = lines.get(l.PayrollEntryID) ?? [];
      list.push(lineWire(l));
      lines.set(l.PayrollEntryID, list);
    }
  }
  const people = withEmployee ? await payrollEmployees(db, rows) : new Map<number, PayrollEmployee>();
  return rows.flatMap((r) => {
    const p = periods.get(r.PayPeriodID);
    if (!p) return [];
    return [
      entryWire(
        r,
        p,
        pieces.get(r.PayrollEntryID) ?? [],
        lines.get(r.PayrollEntryID) ?? [],
        people.get(r.EmployeeID),
      ),
    ];
  });
}

/** One entry row by pay period. */
export async function entryByPeriod(db: Conn, payPeriodId: number): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(payrollEntries)
    .where(eq(payrollEntries.PayPeriodID, payPeriodId))
    .limit(1);
  return row;
}
