// Division rotations (spec 001 §3 "Division rotation and adjustment", §7 "Division rotations").
// A rotation is one pay-period window of a division profile. The pay periods it governs are those of
// the offices running the profile's division in the profile's country, for employees whose
// employment record there includes the division, falling exactly on the window.
// The adjustment (PATCH division-profiles/{id}/rotations) in one transaction:
// - AdjustedRotations: the rotation CurrentRotation becomes NewRotation; its pay periods move with it;
// - NewRotations: added; a pay period is created for each such employee;
// - DeletedRotations: removed with their pay periods;
// - days that leave every rotation: their time entries are kept (RetainedTimeEntries) or deleted;
// - a pay period of a locked payroll (IsLocked), or one a late adjustment names, is never changed:
//   with IgnoreLockedPayrolls it is left as it is (and its time entries too), without it nothing is
//   done (409 naming them).
// A CurrentRotation or DeletedRotation that no longer exists (someone else adjusted meanwhile) is 409
// with the current rotations. ?preview=true computes the same outcome and rolls it back.
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { EmployeeStatus } from '../../../src/contract/common';
import type {
  LockedPayPeriod,
  ProfileRotations,
  Rotation,
  RotationAdjustmentData,
  RotationAdjustmentResult,
  RotationRange,
} from '../../../src/contract/organisation';
import type { Db } from '../../db/client';
import {
  divisionProfiles,
  divisionRotations,
  employees,
  employmentRecordDivisions,
  employmentRecords,
  icdOffices,
  lateAdjustments,
  officeDivisions,
  payPeriods,
  payrollCommissionPieces,
  payrollEntries,
  timeEntries,
} from '../../db/tables';
import { addDays } from '../../domain/time/clock-time';
import { AppError } from '../../errors';
import type { Actor } from '../access/service';
import { profileRow } from './divisions-service';
import {
  conflict,
  type DbOrTx,
  idCondition,
  notFound,
  type OrgScope,
  orgScopeOf,
  requireAdmin,
} from './scope';

type ProfileRow = typeof divisionProfiles.$inferSelect;

/** Offices running the profile's division in its country (limited to `offices` when given). */
async function profileOffices(db: DbOrTx, profile: ProfileRow, offices: OrgScope['readOffices'] = 'all') {
  const rows = await db
    .select({ id: icdOffices.IcdOfficeID, name: icdOffices.OfficeName })
    .from(officeDivisions)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, officeDivisions.IcdOfficeID))
    .where(
      and(
        eq(officeDivisions.DivisionID, profile.DivisionID),
        eq(icdOffices.CountryID, profile.CountryID),
        idCondition(offices, icdOffices.IcdOfficeID),
      ),
    );
  return rows;
}

/** Employment records (employee, office) of the division at those offices. */
function divisionPeople(db: DbOrTx, divisionId: number, officeIds: number[], activeOnly = false) {
  return db
    .select({ EmployeeID: employmentRecords.EmployeeID, IcdOfficeID: employmentRecords.IcdOfficeID })
    .from(employmentRecords)
    .innerJoin(
      employmentRecordDivisions,
      and(
        eq(employmentRecordDivisions.EmploymentRecordID, employmentRecords.EmploymentRecordID),
        eq(employmentRecordDivisions.DivisionID, divisionId),
      ),
    )
    .where(
      and(
        inArray(employmentRecords.IcdOfficeID, officeIds),
        activeOnly ? eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active) : undefined,
      ),
    );
}

/** Condition: the row's employee has an employment record at the row's office in the division. */
function ofDivisionPeople(divisionId: number, employee: PgColumn, office: PgColumn): SQL {
  return sql`exists (select 1 from ${employmentRecords} join ${employmentRecordDivisions} on ${employmentRecordDivisions.EmploymentRecordID} = ${employmentRecords.EmploymentRecordID} where ${employmentRecords.EmployeeID} = ${employee} and ${employmentRecords.IcdOfficeID} = ${office} and ${employmentRecordDivisions.DivisionID} = ${divisionId})`;
}

async function rotationsWithCounts(
  db: DbOrTx,
  profile: ProfileRow,
  officeIds: number[],
  range?: { from?: string; to?: string },
): Promise<Rotation[]> {
  const rows = await db
    .select()
    .from(divisionRotations)
    .where(
      and(
        eq(divisionRotations.DivisionProfileID, profile.DivisionProfileID),
        range?.from ? gte(divisionRotations.EndDate, range.from) : undefined,
        range?.to ? lte(divisionRotations.StartDate, range.to) : undefined,
      ),
    )
    .orderBy(asc(divisionRotations.StartDate));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.DivisionRotationID);
  const none = officeIds.length === 0;
  const periods = none
    ? []
    : await db
        .select({
          id: divisionRotations.DivisionRotationID,
          n: sql<number>`count(${payPeriods.PayPeriodID})::int`,
          locked: sql<number>`(count(${payPeriods.PayPeriodID}) filter (where ${payPeriods.IsLocked}))::int`,
        })
        .from(divisionRotations)
        .innerJoin(
          payPeriods,
          and(
            eq(payPeriods.StartDate, divisionRotations.StartDate),
            eq(payPeriods.EndDate, divisionRotations.EndDate),
            inArray(payPeriods.IcdOfficeID, officeIds),
            ofDivisionPeople(profile.DivisionID, payPeriods.EmployeeID, payPeriods.IcdOfficeID),
          ),
        )
        .where(inArray(divisionRotations.DivisionRotationID, ids))
        .groupBy(divisionRotations.DivisionRotationID);
  const entries = none
    ? []
    : await db
        .select({ id: divisionRotations.DivisionRotationID, n: sql<number>`count(${timeEntries.Id})::int` })
        .from(divisionRotations)
        .innerJoin(
          timeEntries,
          and(
            gte(timeEntries.Date, divisionRotations.StartDate),
            lte(timeEntries.Date, divisionRotations.EndDate),
            inArray(timeEntries.IcdOfficeID, officeIds),
            isNull(timeEntries.DeletedAt),
            ofDivisionPeople(profile.DivisionID, timeEntries.EmployeeID, timeEntries.IcdOfficeID),
          ),
        )
        .where(inArray(divisionRotations.DivisionRotationID, ids))
        .groupBy(divisionRotations.DivisionRotationID);
  return rows.map((r) => {
    const p = periods.find((x) => x.id === r.DivisionRotationID);
    return {
      DivisionRotationID: r.DivisionRotationID,
      StartDate: r.StartDate,
      EndDate: r.EndDate,
      PayPeriodCount: p?.n ?? 0,
      LockedPayPeriodCount: p?.locked ?? 0,
      TimeEntryCount: entries.find((x) => x.id === r.DivisionRotationID)?.n ?? 0,
    };
  });
}

export async function listRotations(p: {
  db: Db;
  actor: Actor;
  query: { divisionProfileID?: number; divisionID?: number; from?: string; to?: string };
}): Promise<ProfileRotations[]> {
  const scope = await orgScopeOf(p.db, p.actor);
  const profiles = await p.db
    .select()
    .from(divisionProfiles)
    .where(
      and(
        p.query.divisionProfileID
          ? eq(divisionProfiles.DivisionProfileID, p.query.divisionProfileID)
          : undefined,
        p.query.divisionID ? eq(divisionProfiles.DivisionID, p.query.divisionID) : undefined,
      ),
    )
    .orderBy(asc(divisionProfiles.DivisionID), asc(divisionProfiles.CountryID), asc(divisionProfiles.Name));
  const out: ProfileRotations[] = [];
  for (const profile of profiles) {
    const offices = await profileOffices(p.db, profile, scope.readOffices);
    // A profile none of whose offices the caller reads is not shown (unless the read is global).
    if (!offices.length && scope.readOffices !== 'all') continue;
    out.push({
      DivisionProfileID: profile.DivisionProfileID,
      DivisionID: profile.DivisionID,
      Name: profile.Name,
      CountryID: profile.CountryID,
      Rotations: await rotationsWithCounts(
        p.db,
        profile,
        offices.map((o) => o.id),
        p.query,
      ),
    });
  }
  return out;
}

const key = (r: RotationRange) => `${r.StartDate}/${r.EndDate}`;
const overlaps = (a: RotationRange, b: RotationRange) => a.StartDate <= b.EndDate && b.StartDate <= a.EndDate;

function daysOf(r: RotationRange): string[] {
  const out: string[] = [];
  for (let d = r.StartDate; d <= r.EndDate; d = addDays(d, 1)) out.push(d);
  return out;
}

class Rollback extends Error {
  constructor(readonly result: RotationAdjustmentResult) {
    super('preview');
  }
}

export async function adjustRotations(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: RotationAdjustmentData;
  preview: boolean;
}): Promise<RotationAdjustmentResult> {
  requireAdmin(p.actor);
  const found = await profileRow(p.db, p.id);
  if (!found) throw notFound('The division profile');
  const profile = found.profile;
  const body = p.body;
  if (body.DivisionProfileID !== p.id)
    throw new AppError(400, 'The body names another division profile.', {
      Errors: { DivisionProfileID: ['Must be the profile of the address'] },
    });
  try {
    return await p.db.transaction(async (tx) => {
      // One adjustment of a profile at a time.
      await tx
        .select({ id: divisionProfiles.DivisionProfileID })
        .from(divisionProfiles)
        .where(eq(divisionProfiles.DivisionProfileID, p.id))
        .for('update');
      const current = await tx
        .select()
        .from(divisionRotations)
        .where(eq(divisionRotations.DivisionProfileID, p.id))
        .orderBy(asc(divisionRotations.StartDate));
      const byKey = new Map(current.map((r) => [key(r), r]));
      const officeRows = await profileOffices(tx, profile);
      const officeIds = officeRows.map((o) => o.id);
      const stale = async () => conflict(await rotationsWithCounts(tx, profile, officeIds));

      // What goes away and what comes.
      const errors: Record<string, string[]> = {};
      const add = (k: string, m: string) => {
        errors[k] = [...(errors[k] ?? []), m];
      };
      const removed = new Set<string>();
      for (const [i, a] of body.AdjustedRotations.entries()) {
        if (!byKey.has(key(a.CurrentRotation))) throw await stale();
        if (removed.has(key(a.CurrentRotation))) add(`AdjustedRotations.${i}.CurrentRotation`, 'Named twice');
        removed.add(key(a.CurrentRotation));
      }
      for (const [i, d] of body.DeletedRotations.entries()) {
        if (!byKey.has(key(d))) throw await stale();
        if (removed.has(key(d))) add(`DeletedRotations.${i}`, 'Named twice');
        removed.add(key(d));
      }
      const kept: RotationRange[] = current.filter((r) => !removed.has(key(r)));
      const incoming: Array<{ field: string; range: RotationRange }> = [
        ...body.AdjustedRotations.map((a, i) => ({
          field: `AdjustedRotations.${i}.NewRotation`,
          range: a.NewRotation,
        })),
        ...body.NewRotations.map((r, i) => ({ field: `NewRotations.${i}`, range: r })),
      ];
      for (const [i, inc] of incoming.entries()) {
        const clash =
          kept.find((k) => overlaps(k, inc.range)) ??
          incoming.slice(0, i).find((o) => overlaps(o.range, inc.range))?.range;
        if (clash) add(inc.field, `Overlaps the rotation ${clash.StartDate} – ${clash.EndDate}`);
      }
      if (Object.keys(errors).length)
        throw new AppError(400, 'The rotations would overlap.', { Errors: errors });

      // Pay periods on the rotations that change.
      const changing = [...body.AdjustedRotations.map((a) => a.CurrentRotation), ...body.DeletedRotations];
      const periods =
        officeIds.length && changing.length
          ? await tx
              .select({
                period: payPeriods,
                OfficeName: icdOffices.OfficeName,
                FirstName: employees.FirstName,
                LastName: employees.LastName,
              })
              .from(payPeriods)
              .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, payPeriods.IcdOfficeID))
              .innerJoin(employees, eq(employees.EmployeeID, payPeriods.EmployeeID))
              .where(
                and(
                  inArray(payPeriods.IcdOfficeID, officeIds),
                  ofDivisionPeople(profile.DivisionID, payPeriods.EmployeeID, payPeriods.IcdOfficeID),
                  or(
                    ...changing.map((r) =>
                      and(eq(payPeriods.StartDate, r.StartDate), eq(payPeriods.EndDate, r.EndDate)),
                    ),
                  ),
                ),
              )
              .orderBy(asc(payPeriods.StartDate), asc(employees.LastName), asc(employees.FirstName))
          : [];
      const referenced = periods.length
        ? await tx
            .select({ a: lateAdjustments.PayPeriodID, b: lateAdjustments.AppliedPayPeriodID })
            .from(lateAdjustments)
            .where(
              or(
                inArray(
                  lateAdjustments.PayPeriodID,
                  periods.map((x) => x.period.PayPeriodID),
                ),
                inArray(
                  lateAdjustments.AppliedPayPeriodID,
                  periods.map((x) => x.period.PayPeriodID),
                ),
              ),
            )
        : [];
      const named = new Set(referenced.flatMap((r) => [r.a, r.b]).filter((x): x is number => x !== null));
      const frozen = periods.filter((x) => x.period.IsLocked || named.has(x.period.PayPeriodID));
      const LockedPayPeriods: LockedPayPeriod[] = frozen.map((x) => ({
        PayPeriodID: x.period.PayPeriodID,
        EmployeeName: `${x.FirstName} ${x.LastName}`,
        OfficeName: x.OfficeName,
        StartDate: x.period.StartDate,
        EndDate: x.period.EndDate,
      }));
      if (frozen.length && !body.IgnoreLockedPayrolls && !p.preview)
        throw new AppError(
          409,
          `${frozen.length} pay period(s) of locked payrolls fall on these rotations. Choose to leave them as they are, or unlock the payrolls first.`,
          { body: { LockedPayPeriods } },
        );
      const frozenIds = new Set(frozen.map((x) => x.period.PayPeriodID));
      const movable = periods.filter((x) => !frozenIds.has(x.period.PayPeriodID));
      await leavePayrolls(tx, movable, body);

      // Rotations.
      for (const a of body.AdjustedRotations)
        await tx
          .update(divisionRotations)
          .set({ StartDate: a.NewRotation.StartDate, EndDate: a.NewRotation.EndDate })
          .where(
            eq(divisionRotations.DivisionRotationID, byKey.get(key(a.CurrentRotation))!.DivisionRotationID),
          );
      if (body.DeletedRotations.length)
        await tx.delete(divisionRotations).where(
          inArray(
            divisionRotations.DivisionRotationID,
            body.DeletedRotations.map((d) => byKey.get(key(d))!.DivisionRotationID),
          ),
        );
      if (body.NewRotations.length)
        await tx
          .insert(divisionRotations)
          .values(body.NewRotations.map((r) => ({ DivisionProfileID: p.id, ...r })));

      // Pay periods: moved with an adjusted rotation, deleted with a deleted one.
      let moved = 0;
      let deletedPeriods = 0;
      const deletedKeys = new Set(body.DeletedRotations.map(key));
      const target = new Map(body.AdjustedRotations.map((a) => [key(a.CurrentRotation), a.NewRotation]));
      const toDelete = movable.filter((x) => deletedKeys.has(key(x.period)));
      if (toDelete.length) {
        await tx.delete(payPeriods).where(
          inArray(
            payPeriods.PayPeriodID,
            toDelete.map((x) => x.period.PayPeriodID),
          ),
        );
        deletedPeriods = toDelete.length;
      }
      for (const x of movable) {
        const to = target.get(key(x.period));
        if (!to) continue;
        // Another period of this employee at the office already starting there (e.g. from a pay
        // frequency calendar) would collide: that one stays and this one goes.
        const [clash] = await tx
          .select({ id: payPeriods.PayPeriodID })
          .from(payPeriods)
          .where(
            and(
              eq(payPeriods.EmployeeID, x.period.EmployeeID),
              eq(payPeriods.IcdOfficeID, x.period.IcdOfficeID),
              eq(payPeriods.StartDate, to.StartDate),
            ),
          );
        if (clash && clash.id !== x.period.PayPeriodID) {
          await tx.delete(payPeriods).where(eq(payPeriods.PayPeriodID, x.period.PayPeriodID));
          deletedPeriods++;
          continue;
        }
        await tx
          .update(payPeriods)
          .set({
            StartDate: to.StartDate,
            EndDate: to.EndDate,
            UpdatedAt: new Date(),
            Version: sql`${payPeriods.Version} + 1`,
          })
          .where(eq(payPeriods.PayPeriodID, x.period.PayPeriodID));
        moved++;
      }

      // New rotations: a pay period for each active record of the division at those offices.
      let created = 0;
      if (body.NewRotations.length && officeIds.length) {
        const people = await divisionPeople(tx, profile.DivisionID, officeIds, true);
        const recs = await tx
          .select()
          .from(employmentRecords)
          .where(
            and(
              inArray(employmentRecords.IcdOfficeID, officeIds),
              eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active),
            ),
          );
        const values = body.NewRotations.flatMap((r) =>
          people.map((person) => {
            const rec = recs.find(
              (x) => x.EmployeeID === person.EmployeeID && x.IcdOfficeID === person.IcdOfficeID,
            );
            return {
              EmployeeID: person.EmployeeID,
              IcdOfficeID: person.IcdOfficeID,
              EmploymentRecordID: rec?.EmploymentRecordID ?? null,
              PayFrequencyID: rec?.PayFrequencyID ?? null,
              StartDate: r.StartDate,
              EndDate: r.EndDate,
            };
          }),
        );
        if (values.length)
          created = (
            await tx
              .insert(payPeriods)
              .values(values)
              .onConflictDoNothing()
              .returning({ id: payPeriods.PayPeriodID })
          ).length;
      }

      // Days that leave every rotation of the profile: their time entries.
      const after = await tx
        .select()
        .from(divisionRotations)
        .where(eq(divisionRotations.DivisionProfileID, p.id));
      const covered = new Set(after.flatMap(daysOf));
      const leaving = [...new Set(changing.flatMap(daysOf))].filter((d) => !covered.has(d));
      let retained = 0;
      let deletedEntries = 0;
      if (leaving.length && officeIds.length) {
        const people = await divisionPeople(tx, profile.DivisionID, officeIds);
        const pairs = new Set(people.map((x) => `${x.EmployeeID}/${x.IcdOfficeID}`));
        const candidates = await tx
          .select({
            Id: timeEntries.Id,
            EmployeeID: timeEntries.EmployeeID,
            IcdOfficeID: timeEntries.IcdOfficeID,
            Date: timeEntries.Date,
          })
          .from(timeEntries)
          .where(
            and(
              inArray(timeEntries.IcdOfficeID, officeIds),
              inArray(timeEntries.Date, leaving),
              isNull(timeEntries.DeletedAt),
            ),
          );
        const inFrozen = (e: { EmployeeID: number; IcdOfficeID: number; Date: string }) =>
          frozen.some(
            (f) =>
              f.period.EmployeeID === e.EmployeeID &&
              f.period.IcdOfficeID === e.IcdOfficeID &&
              f.period.StartDate <= e.Date &&
              e.Date <= f.period.EndDate,
          );
        const affected = candidates.filter(
          (e) => pairs.has(`${e.EmployeeID}/${e.IcdOfficeID}`) && !inFrozen(e),
        );
        if (body.RetainedTimeEntries || !affected.length) retained = affected.length;
        else {
          await tx
            .update(timeEntries)
            .set({
              DeletedAt: new Date(),
              UpdatedAt: new Date(),
              UpdatedByEmployeeID: p.actor.EmployeeID,
              Version: sql`${timeEntries.Version} + 1`,
            })
            .where(
              inArray(
                timeEntries.Id,
                affected.map((e) => e.Id),
              ),
            );
          deletedEntries = affected.length;
        }
      }

      const result: RotationAdjustmentResult = {
        Preview: p.preview,
        Rotations: await rotationsWithCounts(tx, profile, officeIds),
        Changes: {
          AdjustedRotations: body.AdjustedRotations.length,
          NewRotations: body.NewRotations.length,
          DeletedRotations: body.DeletedRotations.length,
          MovedPayPeriods: moved,
          CreatedPayPeriods: created,
          DeletedPayPeriods: deletedPeriods,
          SkippedLockedPayPeriods: frozen.length,
          RetainedTimeEntries: retained,
          DeletedTimeEntries: deletedEntries,
        },
        LockedPayPeriods,
      };
      if (p.preview) throw new Rollback(result);
      return result;
    });
  } catch (err) {
    if (err instanceof Rollback) return err.result;
    throw err;
  }
}

/**
 * Pay periods that a rotation change moves or deletes leave their (unlocked) payroll: the payroll's
 * window no longer holds them. Their payroll entries go (lines, pieces and snapshots with them); a
 * moved period joins the payroll of its new window when payrolls are next listed or calculated.
 * Refused (409) while commission from sales is paid in one of them: settle it first, never lose it.
 */
async function leavePayrolls(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  movable: readonly { period: { PayPeriodID: number; StartDate: string; EndDate: string } }[],
  body: {
    DeletedRotations: readonly RotationRange[];
    AdjustedRotations: readonly { CurrentRotation: RotationRange }[];
  },
): Promise<void> {
  const leaving = new Set(
    [...body.DeletedRotations, ...body.AdjustedRotations.map((a) => a.CurrentRotation)].map(key),
  );
  const ids = movable.filter((x) => leaving.has(key(x.period))).map((x) => x.period.PayPeriodID);
  if (!ids.length) return;
  const [paid] = await tx
    .select({ PayPeriodID: payrollEntries.PayPeriodID })
    .from(payrollEntries)
    .innerJoin(
      payrollCommissionPieces,
      eq(payrollCommissionPieces.PayrollEntryID, payrollEntries.PayrollEntryID),
    )
    .where(and(inArray(payrollEntries.PayPeriodID, ids), isNotNull(payrollCommissionPieces.SourceType)))
    .limit(1);
  if (paid)
    throw new AppError(
      409,
      'Commission from sales is paid in pay periods of these rotations: lock or settle those payrolls before changing the rotations.',
    );
  await tx.delete(payrollEntries).where(inArray(payrollEntries.PayPeriodID, ids));
  await tx.update(payPeriods).set({ PayrollID: null }).where(inArray(payPeriods.PayPeriodID, ids));
}
