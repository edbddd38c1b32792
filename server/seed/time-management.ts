// The demo company's pay periods, corrections and timekeeping audit (issue 5). Called by seedDemo
// after seedTime, into a database that has no pay period yet:
// - bi-weekly pay periods (each record's pay frequency) for every active employment record, from six
//   weeks back to the period after the current one: the older past periods approved and locked, the
//   last past one approved (its payroll not locked yet), the current and the next open;
// - a 'TimeEntryCreated' audit row for every seeded entry (made by its employee);
// - a correction by the manager of Sam Taylor's (staff) latest shift, awaiting acknowledgement, and
//   an acknowledged one of Riley Chen's (rep);
// - a late adjustment request of Riley Chen for a forgotten shift in a locked period, for payroll.
import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { ModificationStatus, ModificationType } from '../../src/contract/time-management';
import type { Db } from '../db/client';
import {
  auditLogs,
  employees,
  icdOffices,
  payPeriods,
  timeEntries,
  timeEntryModifications,
} from '../db/tables';
import { addDays, isoWeekday } from '../domain/time/clock-time';
import { entryInstant, officeToday } from '../domain/time-management/office-day';
import { toWire } from '../modules/time/model';
import { reserveTimeEntryId, storeLateAdjustment } from '../modules/time-management/late-store';
import { ensurePayPeriods } from '../modules/time-management/periods';
import { snapshot } from '../modules/time-management/record';

export async function seedTimeManagement(db: Db, now: Date = new Date()): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(payPeriods);
  if (n > 0) return;
  const [toronto] = await db.select().from(icdOffices).where(eq(icdOffices.OfficeName, 'Toronto Central'));
  if (!toronto) return;
  const people = await db
    .select({ EmployeeID: employees.EmployeeID, UserName: employees.UserName })
    .from(employees)
    .where(inArray(employees.UserName, ['staff', 'rep', 'manager', 'owner', 'payroll']));
  const who = (u: string) => people.find((p) => p.UserName === u)?.EmployeeID;
  const manager = who('manager');
  const owner = who('owner');
  const payroll = who('payroll');
  if (!manager || !owner || !payroll) return;
  const today = officeToday(toronto.TimeZone, now);

  await db.transaction(async (tx) => {
    await ensurePayPeriods(tx, { from: addDays(today, -42), to: addDays(today, 14) });
    // Opened when their first day began (the next period: by now at the latest).
    for (const p of await tx.select().from(payPeriods)) {
      const opened = earliest(new Date(`${p.StartDate}T00:00:00Z`), now);
      await tx
        .update(payPeriods)
        .set({ CreatedAt: opened, UpdatedAt: opened })
        .where(eq(payPeriods.PayPeriodID, p.PayPeriodID));
    }
    const periods = await tx.select().from(payPeriods).orderBy(asc(payPeriods.StartDate));
    const past = periods.filter((p) => p.EndDate < today);
    const lastPastStart = past.reduce((m, p) => (p.StartDate > m ? p.StartDate : m), '');
    for (const p of past) {
      // Approved the morning after the period; a period that ended yesterday is approved by now at the latest.
      const approvedAt = earliest(new Date(`${addDays(p.EndDate, 1)}T14:00:00Z`), now);
      const locked = p.StartDate < lastPastStart;
      await tx
        .update(payPeriods)
        .set({
          IsApproved: true,
          ApprovedAt: approvedAt,
          // A manager never approves their own time: the owner approves the manager's.
          ApprovedByEmployeeID: p.EmployeeID === manager ? owner : manager,
          IsLocked: locked,
          LockedAt: locked ? new Date(approvedAt.getTime() + 2 * 86_400_000) : null,
          UpdatedAt: locked ? new Date(approvedAt.getTime() + 2 * 86_400_000) : approvedAt,
          LockedByEmployeeID: locked ? payroll : null,
          Version: locked ? 3 : 2,
        })
        .where(eq(payPeriods.PayPeriodID, p.PayPeriodID));
      const by = { EmployeeID: p.EmployeeID === manager ? owner : manager, ProxyByEmployeeID: null };
      const base = { PayPeriodID: p.PayPeriodID, StartDate: p.StartDate, EndDate: p.EndDate };
      await tx.insert(auditLogs).values({
        OccurredAt: approvedAt,
        Action: 'PayPeriodApproved',
        EntityType: 'PayPeriod',
        EntityID: p.PayPeriodID,
        EmployeeID: p.EmployeeID,
        IcdOfficeID: p.IcdOfficeID,
        ActorEmployeeID: by.EmployeeID,
        PayPeriodID: p.PayPeriodID,
        EntryDate: p.StartDate,
        Before: { ...base, IsApproved: false, IsLocked: false },
        After: { ...base, IsApproved: true, IsLocked: false, ApprovedByEmployeeID: by.EmployeeID },
      });
      if (locked)
        await tx.insert(auditLogs).values({
          OccurredAt: new Date(approvedAt.getTime() + 2 * 86_400_000),
          Action: 'PayPeriodLocked',
          EntityType: 'PayPeriod',
          EntityID: p.PayPeriodID,
          EmployeeID: p.EmployeeID,
          IcdOfficeID: p.IcdOfficeID,
          ActorEmployeeID: payroll,
          PayPeriodID: p.PayPeriodID,
          EntryDate: p.StartDate,
          Before: { ...base, IsApproved: true, IsLocked: false },
          After: { ...base, IsApproved: true, IsLocked: true },
        });
    }

    // Every seeded entry was recorded by its employee when it ended.
    const entries = await tx
      .select()
      .from(timeEntries)
      .where(isNull(timeEntries.DeletedAt))
      .orderBy(asc(timeEntries.Date), asc(timeEntries.StartTime));
    const created = entries.map((e) => {
      const start = entryInstant(e);
      const minutes = toWire(e).Minutes;
      return {
        OccurredAt: new Date(start.getTime() + (minutes + 1) * 60_000),
        Action: 'TimeEntryCreated',
        EntityType: 'TimeEntry',
        EntityID: e.Id,
        EmployeeID: e.EmployeeID,
        IcdOfficeID: e.IcdOfficeID,
        ActorEmployeeID: e.CreatedByEmployeeID ?? e.EmployeeID,
        TimeEntryID: e.Id,
        EntryDate: e.Date,
        Before: null,
        After: snapshot(toWire(e)),
      };
    });
    for (let i = 0; i < created.length; i += 200)
      await tx.insert(auditLogs).values(created.slice(i, i + 200));

    // The manager's corrections: staff's latest shift ended 30 minutes later; rep's (acknowledged).
    const correct = async (userName: string, minutesLater: number, acknowledged: boolean) => {
      const employeeId = who(userName);
      if (!employeeId) return;
      const [entry] = await tx
        .select()
        .from(timeEntries)
        .where(
          and(
            eq(timeEntries.EmployeeID, employeeId),
            eq(timeEntries.IsBreak, false),
            isNull(timeEntries.DeletedAt),
          ),
        )
        .orderBy(desc(timeEntries.Date))
        .limit(1);
      if (!entry?.EndTime) return;
      const [h, m, s] = entry.EndTime.split(':').map(Number);
      const end = h * 60 + m + minutesLater;
      const EndTime = `${String(Math.floor(end / 60) % 24).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
      // Corrected the next morning, or earlier when that is still to come; acknowledged two hours
      // later. Neither after the clock: the demo's history never lies in the future.
      const endedAt = entryInstant({ ...entry, StartTime: EndTime });
      const latest = new Date(now.getTime() - (acknowledged ? 3 : 1) * 3600_000);
      const modifiedAt = latestOf(endedAt, earliest(new Date(endedAt.getTime() + 18 * 3600_000), latest));
      const acknowledgedAt = earliest(new Date(modifiedAt.getTime() + 2 * 3600_000), now);
      const [updated] = await tx
        .update(timeEntries)
        .set({
          EndTime,
          Comments: 'Forgot to clock out; corrected from the store schedule',
          Version: entry.Version + 1,
          UpdatedAt: modifiedAt,
          UpdatedByEmployeeID: manager,
        })
        .where(eq(timeEntries.Id, entry.Id))
        .returning();
      const before = snapshot(toWire(entry));
      const after = snapshot(toWire(updated));
      const [mod] = await tx
        .insert(timeEntryModifications)
        .values({
          TimeEntryID: entry.Id,
          EmployeeID: employeeId,
          IcdOfficeID: entry.IcdOfficeID,
          ModificationTypeID: ModificationType.Updated,
          StatusID: acknowledged ? ModificationStatus.Acknowledged : ModificationStatus.Pending,
          ModifiedByEmployeeID: manager,
          ModifiedAt: modifiedAt,
          EntryDate: entry.Date,
          Before: before,
          After: after,
          AcknowledgedAt: acknowledged ? acknowledgedAt : null,
          Version: acknowledged ? 2 : 1,
        })
        .returning();
      const common = {
        EntityType: 'TimeEntry',
        EntityID: entry.Id,
        EmployeeID: employeeId,
        IcdOfficeID: entry.IcdOfficeID,
        TimeEntryID: entry.Id,
        TimeEntryModificationID: mod.TimeEntryModificationID,
        EntryDate: entry.Date,
        Before: before,
        After: after,
      };
      await tx.insert(auditLogs).values({
        ...common,
        OccurredAt: modifiedAt,
        Action: 'TimeEntryUpdated',
        ActorEmployeeID: manager,
      });
      if (acknowledged)
        await tx.insert(auditLogs).values({
          ...common,
          EntityType: 'TimeEntryModification',
          EntityID: mod.TimeEntryModificationID,
          OccurredAt: acknowledgedAt,
          Action: 'ModificationAcknowledged',
          ActorEmployeeID: employeeId,
        });
    };
    await correct('staff', 30, false);
    await correct('rep', 15, true);

    // A door-to-door Saturday the rep forgot to record, in the oldest locked period.
    const rep = who('rep');
    const locked = periods.find((p) => p.EmployeeID === rep && p.IcdOfficeID === toronto.IcdOfficeID);
    if (rep && locked) {
      let saturday = locked.StartDate;
      while (isoWeekday(saturday) !== 6) saturday = addDays(saturday, 1);
      const [period] = await tx
        .select()
        .from(payPeriods)
        .where(eq(payPeriods.PayPeriodID, locked.PayPeriodID));
      const id = await reserveTimeEntryId(tx);
      const draft = {
        Id: id,
        Date: saturday,
        EmployeeID: rep,
        TimeEntryTypeID: 1,
        IcdOfficeID: toronto.IcdOfficeID,
        ProgramID: entries.find((e) => e.EmployeeID === rep)?.ProgramID ?? null,
        StoreID: null,
        Comments: 'Saturday blitz in Liberty Village, forgot to clock in',
        IsRealTime: false,
        TimeZoneOffset: entries.find((e) => e.EmployeeID === rep)?.TimeZoneOffset ?? -300,
        StartTime: '10:00:00',
        EndTime: '14:00:00',
        IsBreak: false,
        ParentTimeEntryID: null,
        Latitude: null,
        Longitude: null,
        LocationAccuracy: null,
        CreatedByEmployeeID: rep,
        UpdatedByEmployeeID: rep,
        CreatedAt: now,
        UpdatedAt: now,
        Version: 1,
        DeletedAt: null,
      };
      await storeLateAdjustment(tx, {
        action: 'Create',
        by: { EmployeeID: rep, ProxyByEmployeeID: null },
        period,
        entryId: id,
        parentEntryId: null,
        employeeId: rep,
        officeId: toronto.IcdOfficeID,
        entryDate: saturday,
        isBreak: false,
        before: null,
        proposed: toWire(draft),
        at: now,
      });
    }
  });
}

const earliest = (a: Date, b: Date): Date => (a <= b ? a : b);
const latestOf = (a: Date, b: Date): Date => (a >= b ? a : b);
