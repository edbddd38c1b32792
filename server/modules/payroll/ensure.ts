// Payrolls are derived from pay periods: one payroll per corporation, pay frequency and pay window
// (the period's StartDate–EndDate). `ensurePayrolls` creates the missing payrolls for pay periods not
// yet in one, links the periods (pay_periods.PayrollID) and adds a payroll entry with default inputs
// for every period of a payroll that has none. It runs before payrolls are listed or read and before
// a calculation, so a pay period created since (a new hire, the next window) joins its payroll.
// Safe to run concurrently: unique keys with ON CONFLICT DO NOTHING.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PayFrequency, PayrollType } from '../../../src/contract/payroll';
import type { PayrollEntryInputs } from '../../db/schema/payroll';
import { icdOffices, payPeriods, payrolls } from '../../db/tables';
import { addDays } from '../../domain/time/clock-time';
import type { Conn } from './scope';

/** Days from the end of a pay window to its pay date (a Sunday end is paid the Friday after). */
export const PAY_DATE_AFTER_DAYS = 5;

export const DEFAULT_INPUTS: PayrollEntryInputs = {
  IsPaidGuaranteed: true,
  IsPaidCommission: true,
  ExtraHoursWorked: 0,
  ManualCommissionAmountCents: null,
  SalaryCents: null,
  CommissionThresholdCents: null,
  ContractorPaymentCents: null,
  BonusCents: 0,
  CommissionBonusCents: 0,
  VolumeBonusCents: 0,
  TravelAllowanceCents: 0,
  CellAllowanceCents: 0,
  TipCents: 0,
  SickPayCents: 0,
  SplitTime: 0,
  ReportingTime: 0,
  MealPeriodPremiumTime: 0,
  HolidayPayCents: 0,
  ChargebackCents: 0,
  TrainingPayHours: 0,
  NetPayAdditionCents: 0,
  NetPayDeductionCents: 0,
  Comments: null,
};

/** Creates missing payrolls and entries (see above). Returns the payrolls created. */
export async function ensurePayrolls(
  db: Conn,
  /** now: the creation time (the seed's clock; default the database's now). */
  options: { corporationIds?: readonly number[]; now?: Date } = {},
): Promise<number> {
  const conditions = [isNull(payPeriods.PayrollID)];
  if (options.corporationIds) {
    if (!options.corporationIds.length) return 0;
    conditions.push(inArray(icdOffices.IcdCorporationID, [...options.corporationIds]));
  }
  const loose = await db
    .select({
      PayPeriodID: payPeriods.PayPeriodID,
      IcdCorporationID: icdOffices.IcdCorporationID,
      PayFrequencyID: payPeriods.PayFrequencyID,
      StartDate: payPeriods.StartDate,
      EndDate: payPeriods.EndDate,
    })
    .from(payPeriods)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, payPeriods.IcdOfficeID))
    .where(and(...conditions));
  let created = 0;
  if (loose.length) {
    const groups = new Map<string, { key: (typeof loose)[number]; ids: number[] }>();
    for (const p of loose) {
      const freq = p.PayFrequencyID ?? PayFrequency.BiWeekly;
      const k = `${p.IcdCorporationID}|${freq}|${p.StartDate}`;
      const g = groups.get(k) ?? { key: { ...p, PayFrequencyID: freq }, ids: [] };
      g.ids.push(p.PayPeriodID);
      groups.set(k, g);
    }
    for (const { key, ids } of groups.values()) {
      const inserted = await db
        .insert(payrolls)
        .values({
          IcdCorporationID: key.IcdCorporationID,
          PayFrequencyID: key.PayFrequencyID ?? PayFrequency.BiWeekly,
          PayrollTypeID: PayrollType.CommissionAboveThreshold,
          StartDate: key.StartDate,
          EndDate: key.EndDate,
          PayDate: addDays(key.EndDate, PAY_DATE_AFTER_DAYS),
          ...(options.now ? { CreatedAt: options.now, UpdatedAt: options.now } : {}),
        })
        .onConflictDoNothing()
        .returning({ id: payrolls.PayrollID });
      created += inserted.length;
      const [payroll] = await db
        .select({ id: payrolls.PayrollID })
        .from(payrolls)
        .where(
          and(
            eq(payrolls.IcdCorporationID, key.IcdCorporationID),
            eq(payrolls.PayFrequencyID, key.PayFrequencyID ?? PayFrequency.BiWeekly),
            eq(payrolls.StartDate, key.StartDate),
          ),
        );
      if (!payroll) continue;
      for (let i = 0; i < ids.length; i += 5000)
        await db
          .update(payPeriods)
          .set({ PayrollID: payroll.id })
          .where(and(inArray(payPeriods.PayPeriodID, ids.slice(i, i + 5000)), isNull(payPeriods.PayrollID)));
    }
  }
  await ensureEntries(db, options.corporationIds, options.now);
  return created;
}

/** A payroll entry with default inputs for every pay period of a payroll that has none. */
export async function ensureEntries(db: Conn, corporationIds?: readonly number[], now?: Date): Promise<void> {
  const inputs = JSON.stringify(DEFAULT_INPUTS);
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const corpFilter = corporationIds?.length
    ? sql`and pr.icd_corporation_id in (${sql.join(
        corporationIds.map((c) => sql`${c}`),
        sql`, `,
      )})`
    : sql``;
  await db.execute(sql`
    insert into payroll_entries (payroll_id, pay_period_id, employee_id, icd_office_id, employment_record_id, inputs, created_at, updated_at)
    select p.payroll_id, p.pay_period_id, p.employee_id, p.icd_office_id, p.employment_record_id, ${inputs}::jsonb, ${at}, ${at}
    from pay_periods p
    join payrolls pr on pr.payroll_id = p.payroll_id
    where not exists (select 1 from payroll_entries e where e.pay_period_id = p.pay_period_id) ${corpFilter}
    on conflict do nothing`);
}
