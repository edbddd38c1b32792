// The demo company's payrolls (issue 16). Called by seedDemo after the time-management, company and
// organisation seeds, into a database that has no payroll yet. With the bi-weekly windows W2 and W1
// (the two before the current one, W0):
// - pay periods for every active employment record over W2…W0 (those the time-management seed did
//   not create), the past ones approved by the payroll processor;
// - time that makes every earnings line appear somewhere: a Toronto employee's 51-hour week with a
//   training shift (Ontario overtime after 44 h, training pay), a Los Angeles employee's 13-hour day
//   without a meal break (California daily overtime, double time after 12 h, a meal period premium),
//   and a Summit commission employee's three days paid on commission only (minimum wage advance in
//   W1, recovered as a chargeback in W0);
// - entry inputs (bonuses, allowances, tip, sick, split shift, reporting time, holiday pay,
//   contractor payment, extra hours) and commission pieces for Riley Chen (rep);
// - W2 and W1 computed, Sam Taylor's (staff) W1 bonus corrected and recomputed (a second snapshot),
//   both windows locked (submitted) with their pay periods, W2 also completed; the payroll
//   processor is admin of the W1 payrolls;
// - a late adjustment of Sam Taylor: a forgotten Monday shift in W1, accepted after the lock and paid
//   in W0; W0 computed and open.
// Summit Retail Promotions' payrolls are CommissionExceedingGuaranteed (3), the others
// CommissionAboveThreshold (2). Nothing is dated after `now`.
import { and, asc, between, count, eq, gt, gte, inArray, lt, lte, notInArray, sql } from 'drizzle-orm';
import { PayrollType, toCents } from '../../src/contract/payroll';
import { TimeEntryTypeId } from '../../src/contract/time';
import { LateAdjustmentAction, LateAdjustmentStatus } from '../../src/contract/time-management';
import type { Db } from '../db/client';
import type { PayrollEntryInputs } from '../db/schema/payroll';
import {
  auditLogs,
  corporations,
  employees,
  employmentRecords,
  icdOffices,
  lateAdjustments,
  payPeriods,
  payrollAdmins,
  payrollCommissionPieces,
  payrollEntries,
  payrolls,
  timeEntries,
} from '../db/tables';
import { addDays, isoWeekday } from '../domain/time/clock-time';
import { officeToday } from '../domain/time-management/office-day';
import { periodContaining } from '../domain/time-management/pay-periods';
import { recalculateEntries } from '../modules/payroll/calculate';
import { BasisOfPay } from '../modules/payroll/engine-inputs';
import { DEFAULT_INPUTS, ensurePayrolls } from '../modules/payroll/ensure';
import { ensurePayPeriods } from '../modules/time-management/periods';
import { seedWagePolicies } from './payroll-manual';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DEMO_USERS = ['admin', 'payroll', 'owner', 'manager', 'rep', 'staff', 'applicant', 'auditor'];
const earliest = (a: Date, b: Date) => (a < b ? a : b);
/** An instant on a day at a UTC hour, never after `now`. */
const on = (day: string, hourUtc: number, now: Date) =>
  earliest(new Date(`${day}T${String(hourUtc).padStart(2, '0')}:00:00Z`), now);

/** Minutes east of UTC of a zone at noon (UTC) of a date (-300 for Toronto in winter). */
function offsetMinutes(timeZone: string, date: string): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(`${date}T12:00:00Z`))
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

interface Shift {
  employeeId: number;
  officeId: number;
  timeZone: string;
  date: string;
  start: number;
  end: number;
  breakAt?: number;
  breakMinutes?: number;
  type?: number;
}

/** Inserts shifts (recorded when they ended, never after now) with their TimeEntryCreated audit rows. */
async function addShifts(tx: Tx, shifts: readonly Shift[], now: Date): Promise<number[]> {
  const ids: number[] = [];
  for (const sh of shifts) {
    const offset = offsetMinutes(sh.timeZone, sh.date);
    const [y, m, d] = sh.date.split('-').map(Number);
    const endedAt = earliest(new Date(Date.UTC(y, m - 1, d, 0, sh.end + 1) - offset * 60_000), now);
    const common = {
      Date: sh.date,
      EmployeeID: sh.employeeId,
      TimeEntryTypeID: sh.type ?? TimeEntryTypeId.Work,
      IcdOfficeID: sh.officeId,
      TimeZoneOffset: offset,
      CreatedByEmployeeID: sh.employeeId,
      UpdatedByEmployeeID: sh.employeeId,
      CreatedAt: endedAt,
      UpdatedAt: endedAt,
    };
    const [work] = await tx
      .insert(timeEntries)
      .values({ ...common, StartTime: hhmm(sh.start), EndTime: hhmm(sh.end), IsBreak: false })
      .returning();
    ids.push(work.Id);
    const rows = [work];
    if (sh.breakAt !== undefined) {
      const [br] = await tx
        .insert(timeEntries)
        .values({
          ...common,
          StartTime: hhmm(sh.breakAt),
          EndTime: hhmm(sh.breakAt + (sh.breakMinutes ?? 30)),
          IsBreak: true,
          ParentTimeEntryID: work.Id,
        })
        .returning();
      rows.push(br);
    }
    await tx.insert(auditLogs).values(
      rows.map((e) => ({
        OccurredAt: endedAt,
        Action: 'TimeEntryCreated',
        EntityType: 'TimeEntry',
        EntityID: e.Id,
        EmployeeID: e.EmployeeID,
        IcdOfficeID: e.IcdOfficeID,
        ActorEmployeeID: e.EmployeeID,
        TimeEntryID: e.Id,
        EntryDate: e.Date,
        Before: null,
        After: { Id: e.Id, Date: e.Date, StartTime: e.StartTime, EndTime: e.EndTime, IsBreak: e.IsBreak },
      })),
    );
  }
  return ids;
}

function inputs(changes: Partial<PayrollEntryInputs>): PayrollEntryInputs {
  return { ...DEFAULT_INPUTS, ...changes };
}

export async function seedPayroll(db: Db, now: Date = new Date()): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(payrolls);
  if (n > 0) return;
  await seedWagePolicies(db, now);
  const offices = await db.select().from(icdOffices);
  const toronto = offices.find((o) => o.OfficeName === 'Toronto Central');
  const la = offices.find((o) => o.OfficeName === 'Los Angeles Westside');
  if (!toronto || !la) return;
  const today = officeToday(toronto.TimeZone, now);
  const w0 = periodContaining(today, 2);
  const w1 = periodContaining(addDays(w0.start, -1), 2);
  const w2 = periodContaining(addDays(w1.start, -1), 2);
  const people = await db
    .select({ EmployeeID: employees.EmployeeID, UserName: employees.UserName })
    .from(employees)
    .where(inArray(employees.UserName, DEMO_USERS));
  const who = (u: string) => people.find((p) => p.UserName === u)?.EmployeeID;
  const processor = who('payroll');
  const staff = who('staff');
  const rep = who('rep');
  if (!processor || !staff || !rep) return;

  await db.transaction(async (tx) => {
    // 1. Pay periods of every active record over W2…W0; the past ones approved.
    await ensurePayPeriods(tx, { from: w2.start, to: w0.end });
    await tx
      .update(payPeriods)
      .set({
        CreatedAt: sql`least(${payPeriods.StartDate}::timestamptz, ${now.toISOString()}::timestamptz)`,
        UpdatedAt: sql`least(${payPeriods.StartDate}::timestamptz, ${now.toISOString()}::timestamptz)`,
      })
      .where(gt(payPeriods.CreatedAt, now));
    for (const w of [w2, w1])
      await tx
        .update(payPeriods)
        .set({
          IsApproved: true,
          ApprovedAt: on(addDays(w.end, 1), 15, now),
          ApprovedByEmployeeID: processor,
          UpdatedAt: on(addDays(w.end, 1), 15, now),
          Version: sql`${payPeriods.Version} + 1`,
        })
        .where(
          and(
            between(payPeriods.StartDate, w.start, w.end),
            eq(payPeriods.IsApproved, false),
            lt(payPeriods.EndDate, today),
          ),
        );

    // 2. The people of the demo lines.
    const records = await tx
      .select({ r: employmentRecords, office: icdOffices })
      .from(employmentRecords)
      .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, employmentRecords.IcdOfficeID))
      .innerJoin(employees, eq(employees.EmployeeID, employmentRecords.EmployeeID))
      .where(and(eq(employmentRecords.EmployeeStatusID, 1), notInArray(employees.UserName, DEMO_USERS)))
      .orderBy(asc(employmentRecords.EmploymentRecordID));
    const pick = (office: string, basis: number) =>
      records.find(
        (x) =>
          x.office.OfficeName === office &&
          x.r.BasisOfPayID === basis &&
          (basis === BasisOfPay.Salary || x.r.PayRate),
      );
    const summit = (await tx.select().from(corporations)).find((c) => c.ClientName.startsWith('Summit'));
    const torontoHourly = pick('Toronto Central', BasisOfPay.Hourly);
    const laHourly = pick('Los Angeles Westside', BasisOfPay.Hourly);
    const summitCommission = records.find(
      (x) =>
        x.office.IcdCorporationID === summit?.IcdCorporationID && x.r.BasisOfPayID === BasisOfPay.Commission,
    );

    // 3. Time: a 51-hour Ontario week (Mon–Sat 8.5 h, Wednesday as training), a 13-hour California day.
    const week1 = w1.start; // a Monday
    const shifts: Shift[] = [];
    if (torontoHourly)
      for (let i = 0; i < 6; i += 1)
        shifts.push({
          employeeId: torontoHourly.r.EmployeeID,
          officeId: toronto.IcdOfficeID,
          timeZone: toronto.TimeZone,
          date: addDays(week1, i),
          start: 8 * 60,
          end: 17 * 60,
          breakAt: 12 * 60,
          breakMinutes: 30,
          type: i === 2 ? TimeEntryTypeId.Training : TimeEntryTypeId.Work,
        });
    if (laHourly) {
      shifts.push({
        employeeId: laHourly.r.EmployeeID,
        officeId: la.IcdOfficeID,
        timeZone: la.TimeZone,
        date: week1,
        start: 7 * 60,
        end: 20 * 60,
      });
      for (let i = 1; i < 4; i += 1)
        shifts.push({
          employeeId: laHourly.r.EmployeeID,
          officeId: la.IcdOfficeID,
          timeZone: la.TimeZone,
          date: addDays(week1, i),
          start: 9 * 60,
          end: 17 * 60 + 30,
          breakAt: 13 * 60,
          breakMinutes: 30,
        });
    }
    if (summitCommission)
      for (let i = 0; i < 3; i += 1)
        shifts.push({
          employeeId: summitCommission.r.EmployeeID,
          officeId: summitCommission.office.IcdOfficeID,
          timeZone: summitCommission.office.TimeZone,
          date: addDays(week1, i),
          start: 10 * 60,
          end: 18 * 60 + 30,
          breakAt: 14 * 60,
          breakMinutes: 30,
        });
    await addShifts(tx, shifts, now);

    // 4. Payrolls; Summit's pay commission-exceeding-guaranteed.
    await ensurePayrolls(tx, { now });
    if (summit)
      await tx
        .update(payrolls)
        .set({ PayrollTypeID: PayrollType.CommissionExceedingGuaranteed })
        .where(eq(payrolls.IcdCorporationID, summit.IcdCorporationID));
    const entryOf = async (employeeId: number, start: string) => {
      const [row] = await tx
        .select({ e: payrollEntries })
        .from(payrollEntries)
        .innerJoin(payPeriods, eq(payPeriods.PayPeriodID, payrollEntries.PayPeriodID))
        .where(and(eq(payrollEntries.EmployeeID, employeeId), eq(payPeriods.StartDate, start)))
        .orderBy(asc(payrollEntries.PayrollEntryID))
        .limit(1);
      return row?.e;
    };
    const setInputs = async (
      employeeId: number | undefined,
      start: string,
      changes: Partial<PayrollEntryInputs>,
    ) => {
      if (!employeeId) return undefined;
      const e = await entryOf(employeeId, start);
      if (!e) return undefined;
      await tx
        .update(payrollEntries)
        .set({ Inputs: inputs({ ...e.Inputs, ...changes }), UpdatedByEmployeeID: processor })
        .where(eq(payrollEntries.PayrollEntryID, e.PayrollEntryID));
      return e;
    };

    // 5. Entry inputs and pieces.
    await setInputs(torontoHourly?.r.EmployeeID, w1.start, {
      BonusCents: 15_000,
      CommissionBonusCents: 7_500,
      VolumeBonusCents: 4_000,
      CellAllowanceCents: 2_500,
      TravelAllowanceCents: 6_050,
      TrainingPayHours: 2,
      Comments: 'Top seller of the Costco road show',
    });
    await setInputs(laHourly?.r.EmployeeID, w1.start, {
      SickPayCents: 12_000,
      SplitTime: 1,
      ReportingTime: 2,
      HolidayPayCents: 16_000,
      TipCents: 1_875,
    });
    await setInputs(summitCommission?.r.EmployeeID, w1.start, {
      IsPaidGuaranteed: false,
      IsPaidCommission: true,
      ManualCommissionAmountCents: 9_000,
    });
    await setInputs(staff, w1.start, { ExtraHoursWorked: 1.5, BonusCents: 5_000 });
    await setInputs(staff, w2.start, {
      ContractorPaymentCents: 25_000,
      Comments: 'Mall kiosk set-up, paid as contractor',
    });
    const repEntry = await setInputs(rep, w1.start, { ManualCommissionAmountCents: 4_500 });
    if (repEntry)
      await tx.insert(payrollCommissionPieces).values([
        {
          PayrollEntryID: repEntry.PayrollEntryID,
          PieceNumber: 1,
          PieceQty: 6,
          PieceRateCents: 1_250,
          SourceType: 'sale',
        },
        {
          PayrollEntryID: repEntry.PayrollEntryID,
          PieceNumber: 2,
          PieceQty: 2,
          PieceRateCents: 4_000,
          SourceType: 'sale',
        },
        {
          PayrollEntryID: repEntry.PayrollEntryID,
          PieceNumber: 3,
          PieceQty: 1,
          PieceRateCents: 7_500,
          SourceType: 'sale',
        },
      ]);

    // 6. Every payroll that ended before W0 computed (two days after its end), Sam's W1 bonus
    //    corrected and recomputed.
    const closed = await tx
      .select()
      .from(payrolls)
      .where(lt(payrolls.EndDate, w0.start))
      .orderBy(asc(payrolls.StartDate), asc(payrolls.PayrollID));
    for (const p of closed)
      await recalculateEntries(tx, p.PayrollID, undefined, 'calculation', {
        actorEmployeeID: processor,
        now: on(addDays(p.EndDate, 2), 14, now),
      });
    const samW1 = await setInputs(staff, w1.start, {
      BonusCents: 7_500,
      Comments: 'Bonus raised: two extra demos',
    });
    if (samW1)
      await recalculateEntries(tx, samW1.PayrollID, [samW1.PayPeriodID], 'entry-save', {
        actorEmployeeID: processor,
        now: on(addDays(w1.end, 2), 16, now),
      });

    // 7. Those payrolls locked (submitted) with their pay periods and disclosed; the ones before W1
    //    also completed; the processor admin of the W1 ones.
    for (const p of closed) {
      const lockedAt = on(addDays(p.EndDate, 2), 18, now);
      const completed = p.EndDate < w1.start;
      await tx
        .update(payrolls)
        .set({
          IsLocked: true,
          LockedAt: lockedAt,
          LockedByEmployeeID: processor,
          IsDisclosed: true,
          DisclosedAt: lockedAt,
          ...(completed
            ? { IsCompleted: true, CompletedAt: lockedAt, CompletedByEmployeeID: processor }
            : {}),
          UpdatedAt: lockedAt,
          Version: 2,
        })
        .where(eq(payrolls.PayrollID, p.PayrollID));
      const locked = await tx
        .update(payPeriods)
        .set({
          IsLocked: true,
          LockedAt: lockedAt,
          LockedByEmployeeID: processor,
          UpdatedAt: lockedAt,
          Version: sql`${payPeriods.Version} + 1`,
        })
        .where(and(eq(payPeriods.PayrollID, p.PayrollID), eq(payPeriods.IsLocked, false)))
        .returning();
      if (locked.length)
        await tx.insert(auditLogs).values(
          locked.map((pp) => {
            const base = { PayPeriodID: pp.PayPeriodID, StartDate: pp.StartDate, EndDate: pp.EndDate };
            return {
              OccurredAt: lockedAt,
              Action: 'PayPeriodLocked',
              EntityType: 'PayPeriod',
              EntityID: pp.PayPeriodID,
              EmployeeID: pp.EmployeeID,
              IcdOfficeID: pp.IcdOfficeID,
              ActorEmployeeID: processor,
              PayPeriodID: pp.PayPeriodID,
              EntryDate: pp.StartDate,
              Before: { ...base, IsApproved: pp.IsApproved, IsLocked: false },
              After: { ...base, IsApproved: pp.IsApproved, IsLocked: true },
            };
          }),
        );
      if (p.StartDate >= w1.start)
        await tx.insert(payrollAdmins).values({
          PayrollID: p.PayrollID,
          EmployeeID: processor,
          AssignedAt: on(p.EndDate, 15, now),
          AssignedByEmployeeID: processor,
        });
    }

    // 8. Sam's forgotten Monday in W1 (4 h), requested and accepted after the lock, paid in W0.
    const samPeriods = await tx
      .select()
      .from(payPeriods)
      .where(and(eq(payPeriods.EmployeeID, staff), inArray(payPeriods.StartDate, [w1.start, w0.start])));
    const samW1Period = samPeriods.find((p) => p.StartDate === w1.start);
    const samW0Period = samPeriods.find((p) => p.StartDate === w0.start);
    const samMonday = addDays(w1.start, 7);
    const requestedAt = on(addDays(w0.start, 1), 15, new Date(now.getTime() - 2 * 3_600_000));
    const acceptedAt = new Date(Math.min(requestedAt.getTime() + 3_600_000, now.getTime()));
    if (samW1Period && samW0Period && isoWeekday(samMonday) === 1) {
      const offset = offsetMinutes(toronto.TimeZone, samMonday);
      const [entry] = await tx
        .insert(timeEntries)
        .values({
          Date: samMonday,
          EmployeeID: staff,
          TimeEntryTypeID: TimeEntryTypeId.Work,
          IcdOfficeID: toronto.IcdOfficeID,
          TimeZoneOffset: offset,
          StartTime: '12:00:00',
          EndTime: '16:00:00',
          Comments: 'Forgot to clock the Costco set-up',
          CreatedByEmployeeID: processor,
          UpdatedByEmployeeID: processor,
          CreatedAt: acceptedAt,
          UpdatedAt: acceptedAt,
        })
        .returning();
      const proposed = {
        Id: entry.Id,
        Date: samMonday,
        StartTime: '12:00:00',
        EndTime: '16:00:00',
        IsBreak: false,
        Minutes: 240,
      };
      const [late] = await tx
        .insert(lateAdjustments)
        .values({
          TimeEntryID: entry.Id,
          ActionID: LateAdjustmentAction.Create,
          StatusID: LateAdjustmentStatus.Accepted,
          EmployeeID: staff,
          IcdOfficeID: toronto.IcdOfficeID,
          PayPeriodID: samW1Period.PayPeriodID,
          EntryDate: samMonday,
          Proposed: proposed,
          RequestedByEmployeeID: staff,
          RequestedAt: requestedAt,
          ResolvedByEmployeeID: processor,
          ResolvedAt: acceptedAt,
          AppliedPayPeriodID: samW0Period.PayPeriodID,
          AppliedMinutes: 240,
          UpdatedAt: acceptedAt,
          Version: 2,
        })
        .returning();
      await tx.insert(auditLogs).values([
        {
          OccurredAt: acceptedAt,
          Action: 'TimeEntryCreated',
          EntityType: 'TimeEntry',
          EntityID: entry.Id,
          EmployeeID: staff,
          IcdOfficeID: toronto.IcdOfficeID,
          ActorEmployeeID: processor,
          TimeEntryID: entry.Id,
          LateAdjustmentID: late.LateAdjustmentID,
          PayPeriodID: samW1Period.PayPeriodID,
          EntryDate: samMonday,
          Before: null,
          After: proposed,
          Note: 'Late adjustment accepted: paid in the next pay period',
        },
      ]);
    }

    // 9. W0: the advance recovered, computed and open.
    if (summitCommission) {
      const advanced = await entryOf(summitCommission.r.EmployeeID, w1.start);
      const advance = advanced?.Totals.MinimumWageAdvanceCents ?? 0;
      await setInputs(summitCommission.r.EmployeeID, w0.start, {
        ManualCommissionAmountCents: 40_000,
        ChargebackCents: advance > 0 ? advance : toCents(50),
        Comments: 'Recovers the minimum wage advance of the previous pay period',
      });
    }
    const open = await tx
      .select()
      .from(payrolls)
      .where(and(gte(payrolls.EndDate, w0.start), lte(payrolls.StartDate, today)))
      .orderBy(asc(payrolls.PayrollID));
    for (const p of open)
      await recalculateEntries(tx, p.PayrollID, undefined, 'calculation', {
        actorEmployeeID: processor,
        now,
      });
  });
}
