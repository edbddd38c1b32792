// Demo organisation details: the rotations of each division profile (bi-weekly windows, the same
// calendar as the demo's pay periods), payroll policy histories, the modules each corporation uses
// and Northwind's tax information. Built at the seed's clock; runs once (skipped when rotations exist).
import { asc, count, eq } from 'drizzle-orm';
import { ModuleId } from '../../src/contract/modules';
import type { Db } from '../db/client';
import {
  corporationModules,
  corporations,
  corporationTaxInfo,
  divisionProfiles,
  divisionRotations,
  icdOffices,
} from '../db/tables';
import { addDays } from '../domain/time/clock-time';
import { officeToday } from '../domain/time-management/office-day';
import { PayFrequency, periodsBetween } from '../domain/time-management/pay-periods';

export async function seedOrganisation(db: Db, now: Date): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(divisionRotations);
  if (n > 0) return;
  const [toronto] = await db.select().from(icdOffices).where(eq(icdOffices.OfficeName, 'Toronto Central'));
  if (!toronto) return;
  const today = officeToday(toronto.TimeZone, now);
  const windows = periodsBetween(addDays(today, -42), addDays(today, 14), PayFrequency.BiWeekly);
  const profiles = await db.select().from(divisionProfiles).orderBy(asc(divisionProfiles.DivisionProfileID));
  const corps = await db.select().from(corporations).orderBy(asc(corporations.IcdCorporationID));
  const corp = (name: string) => corps.find((c) => c.ClientName.startsWith(name));

  await db.transaction(async (tx) => {
    for (const profile of profiles) {
      await tx
        .insert(divisionRotations)
        .values(
          windows.map((w) => ({
            DivisionProfileID: profile.DivisionProfileID,
            StartDate: w.start,
            EndDate: w.end,
          })),
        )
        .onConflictDoNothing();
      await tx
        .update(divisionProfiles)
        .set({
          PayrollPolicyHistory: [
            {
              PayrollPolicyID: 1,
              Name: 'Semi-monthly (legacy)',
              PayFrequencyID: 3,
              StartDate: '2024-01-01',
              EndDate: '2024-12-31',
            },
            {
              PayrollPolicyID: 2,
              Name: 'Bi-weekly',
              PayFrequencyID: 2,
              StartDate: '2025-01-06',
              EndDate: null,
            },
          ],
        })
        .where(eq(divisionProfiles.DivisionProfileID, profile.DivisionProfileID));
    }
    const base = [
      ModuleId.TimeEntry,
      ModuleId.Roster,
      ModuleId.Payroll,
      ModuleId.Users,
      ModuleId.Reports,
      ModuleId.Onboarding,
    ];
    const modules: Array<[string | undefined, number[]]> = [
      [
        corp('Northwind')?.ClientName,
        [...base, ModuleId.Leads, ModuleId.RsScheduling, ModuleId.EventsScheduling],
      ],
      [corp('Maple')?.ClientName, [...base, ModuleId.Leads, ModuleId.Commission]],
      [corp('Summit')?.ClientName, [...base, ModuleId.RsScheduling, ModuleId.Payout]],
    ];
    for (const [name, ids] of modules) {
      const c = corps.find((x) => x.ClientName === name);
      if (!c) continue;
      await tx
        .insert(corporationModules)
        .values(ids.map((ModuleID) => ({ IcdCorporationID: c.IcdCorporationID, ModuleID })))
        .onConflictDoNothing();
    }
    const northwind = corp('Northwind');
    if (northwind) {
      await tx
        .update(corporations)
        .set({ EmailAddress: 'office@northwind-demo.example', PhoneNumber: '+1 416 555 0100' })
        .where(eq(corporations.IcdCorporationID, northwind.IcdCorporationID));
      await tx
        .insert(corporationTaxInfo)
        .values({
          IcdCorporationID: northwind.IcdCorporationID,
          FederalTaxNumber: '123456789RT0001',
          StateTaxNumber: 'ON-EHT-4471',
          WorkersCompNumber: 'WSIB-9087731',
          Deductions: [
            { Name: 'Group benefits', DeductionTypeID: 1, Rate: 1.5, Amount: null, IsActive: true },
            { Name: 'Parking', DeductionTypeID: 2, Rate: null, Amount: 25, IsActive: true },
          ],
        })
        .onConflictDoNothing();
    }
    // Dated at the seed's clock, never after it (the columns default to the wall clock).
    await tx.update(corporations).set({ CreatedAt: now, UpdatedAt: now });
    await tx.update(corporationTaxInfo).set({ UpdatedAt: now });
  });
}
