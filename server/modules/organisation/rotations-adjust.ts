// The rotation adjustment (PATCH division-profiles/{id}/rotations; spec 001 §3 "Division rotation and
// adjustment"). In one transaction, in this order:
// 1. the profile is locked (one adjustment of it at a time) and its rotations and offices are read;
// 2. the request is checked against them: a CurrentRotation or DeletedRotation that no longer exists
//    (someone else adjusted meanwhile) is 409 with the current rotations; one named twice, or a new
//    window overlapping another, is 400 by field;
// 3. the pay periods on the rotations that change are read; those of a locked payroll (IsLocked) or
//    named by a late adjustment are frozen: never changed. With IgnoreLockedPayrolls they are left as
//    they are (and their time entries too); without it nothing is done (409 naming them);
// 4. the other (movable) pay periods leave their payrolls;
// 5. the rotations are saved: AdjustedRotations (CurrentRotation becomes NewRotation), DeletedRotations
//    removed, NewRotations added;
// 6. the movable pay periods follow: deleted with a deleted rotation, moved with an adjusted one;
// 7. each new rotation gets a pay period for each active employment record of the division;
// 8. days that leave every rotation: their time entries are kept (RetainedTimeEntries) or deleted.
// ?preview=true computes the same outcome and rolls it back.
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { EmployeeStatus } from '../../../src/contract/common';
import type {
  LockedPayPeriod,
  RotationAdjustmentData,
  RotationAdjustmentResult,
  RotationRange,
} from '../../../src/contract/organisation';
import type { Db } from '../../db/client';
import {
  divisionProfiles,
  divisionRotations,
  employees,
  employmentRecords,
  icdOffices,
  lateAdjustments,
  payPeriods,
  payrollCommissionPieces,
  payrollEntries,
  timeEntries,
} from '../../db/tables';
import { addDays } from '../../domain/time/clock-time';
import { AppError } from '../../errors';
import type { Actor } from '../access/service';
import { profileRow } from './divisions-service';
import { divisionPeople, ofDivisionPeople, profileOffices, rotationsWithCounts } from './rotations-service';
import { conflict, type DbOrTx, notFound, requireAdmin, type Tx } from './scope';

type ProfileRow = typeof divisionProfiles.$inferSelect;
type RotationRow = typeof divisionRotations.$inferSelect;

const key = (r: RotationRange) => `${r.StartDate}/${r.EndDate}`;
const overlaps = (a: RotationRange, b: RotationRange) => a.StartDate <= b.EndDate && b.StartDate <= a.EndDate;

function daysOf(r: RotationRange): string[] {
  const out: string[] = [];
  for (let d = r.StartDate; d <= r.EndDate; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Thrown with the outcome of a preview so that the transaction rolls back; caught outside it. */
class Rollback extends Error {
  constructor(readonly result: RotationAdjustmentResult) {
    super('preview');
  }
}

/** What every step of one adjustment reads: the profile as it is inside the transaction. */
interface Adjustment {
  tx: Tx;
  profile: ProfileRow;
  /** The profile's rotations before the adjustment, by start. */
  current: RotationRow[];
  /** The same by `key`. */
  byKey: Map<string, RotationRow>;
  /** Every office running the profile's division in its country (not limited to a caller's scope). */
  officeIds: number[];
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
      const adj = await beginAdjustment(tx, profile);
      await checkRequest(adj, body);

      // Steps 3 and 4: the pay periods on the changing rotations; frozen ones refused or left alone.
      const changing = changingRotations(body);
      const periods = await periodsOn(adj, changing);
      const frozen = await frozenPeriods(tx, periods);
      const LockedPayPeriods = frozen.map(lockedPayPeriod);
      if (frozen.length && !body.IgnoreLockedPayrolls && !p.preview)
        throw new AppError(
          409,
          `${frozen.length} pay period(s) of locked payrolls fall on these rotations. Choose to leave them as they are, or unlock the payrolls first.`,
          { body: { LockedPayPeriods } },
        );
      const frozenIds = new Set(frozen.map((x) => x.period.PayPeriodID));
      const movable = periods.filter((x) => !frozenIds.has(x.period.PayPeriodID));
      await leavePayrolls(tx, movable, body);

      // Steps 5 to 8: the rotations, then their pay periods, then the time entries of leaving days.
      await saveRotations(adj, body);
      const { moved, deletedPeriods } = await followRotations(tx, movable, body);
      const created = await createPeriodsOfNewRotations(adj, body.NewRotations);
      const { retained, deletedEntries } = await entriesOfLeavingDays(adj, {
        changing,
        frozen,
        retain: body.RetainedTimeEntries,
        actorId: p.actor.EmployeeID,
      });

      const result: RotationAdjustmentResult = {
        Preview: p.preview,
        Rotations: await rotationsWithCounts(tx, profile, adj.officeIds),
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
 * Step 1: locks the profile's row (a second adjustment of the profile waits for this one's end), then
 * reads its rotations and the offices running its division in its country.
 */
async function beginAdjustment(tx: Tx, profile: ProfileRow): Promise<Adjustment> {
  const id = profile.DivisionProfileID;
  await tx
    .select({ id: divisionProfiles.DivisionProfileID })
    .from(divisionProfiles)
    .where(eq(divisionProfiles.DivisionProfileID, id))
    .for('update');
  const current = await tx
    .select()
    .from(divisionRotations)
    .where(eq(divisionRotations.DivisionProfileID, id))
    .orderBy(asc(divisionRotations.StartDate));
  const officeRows = await profileOffices(tx, profile);
  return {
    tx,
    profile,
    current,
    byKey: new Map(current.map((r) => [key(r), r])),
    officeIds: officeRows.map((o) => o.id),
  };
}

/**
 * Step 2: the request against the rotations as they are. A rotation to adjust or delete that no
 * longer exists is 409 with the current rotations (at the first one met, adjusted ones first). Then
 * every problem by field, together (400): a rotation named twice (to adjust or delete), and a new
 * window (an adjusted rotation's NewRotation, or a NewRotation) overlapping a rotation that stays or
 * an earlier new window.
 */
async function checkRequest(adj: Adjustment, body: RotationAdjustmentData): Promise<void> {
  const { byKey } = adj;
  const stale = async () => conflict(await rotationsWithCounts(adj.tx, adj.profile, adj.officeIds));
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
  const kept: RotationRange[] = adj.current.filter((r) => !removed.has(key(r)));
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
  if (Object.keys(errors).length) throw new AppError(400, 'The rotations would overlap.', { Errors: errors });
}

/** The rotations whose windows change: those adjusted (as they are now), then those deleted. */
function changingRotations(body: RotationAdjustmentData): RotationRange[] {
  return [...body.AdjustedRotations.map((a) => a.CurrentRotation), ...body.DeletedRotations];
}

/**
 * Step 3: the pay periods falling exactly on those windows, of the division's people at its offices,
 * with the names a refusal shows; by start, then employee name.
 */
async function periodsOn(adj: Adjustment, changing: RotationRange[]) {
  const { tx, officeIds } = adj;
  if (!officeIds.length || !changing.length) return [];
  return tx
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
        ofDivisionPeople(adj.profile.DivisionID, payPeriods.EmployeeID, payPeriods.IcdOfficeID),
        or(
          ...changing.map((r) =>
            and(eq(payPeriods.StartDate, r.StartDate), eq(payPeriods.EndDate, r.EndDate)),
          ),
        ),
      ),
    )
    .orderBy(asc(payPeriods.StartDate), asc(employees.LastName), asc(employees.FirstName));
}

type ChangingPeriod = Awaited<ReturnType<typeof periodsOn>>[number];

/**
 * Step 3 (continued): of those pay periods, the ones never changed: locked with their payroll, or
 * named by a late adjustment (as the period it was made in, or the one it was applied to).
 */
async function frozenPeriods(tx: DbOrTx, periods: ChangingPeriod[]): Promise<ChangingPeriod[]> {
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
  return periods.filter((x) => x.period.IsLocked || named.has(x.period.PayPeriodID));
}

/** A frozen pay period as the answer (and a refusal) names it. */
function lockedPayPeriod(x: ChangingPeriod): LockedPayPeriod {
  return {
    PayPeriodID: x.period.PayPeriodID,
    EmployeeName: `${x.FirstName} ${x.LastName}`,
    OfficeName: x.OfficeName,
    StartDate: x.period.StartDate,
    EndDate: x.period.EndDate,
  };
}

/**
 * Step 4: pay periods that a rotation change moves or deletes leave their (unlocked) payroll: the
 * payroll's window no longer holds them. Their payroll entries go (lines, pieces and snapshots with
 * them); a moved period joins the payroll of its new window when payrolls are next listed or
 * calculated. Refused (409) while commission from sales is paid in one of them: settle it first, never
 * lose it.
 */
async function leavePayrolls(
  tx: Tx,
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

/** Step 5: the rotations themselves: adjusted ones take their new window, deleted ones go, new ones come. */
async function saveRotations(adj: Adjustment, body: RotationAdjustmentData): Promise<void> {
  const { tx, byKey } = adj;
  for (const a of body.AdjustedRotations)
    await tx
      .update(divisionRotations)
      .set({ StartDate: a.NewRotation.StartDate, EndDate: a.NewRotation.EndDate })
      .where(eq(divisionRotations.DivisionRotationID, byKey.get(key(a.CurrentRotation))!.DivisionRotationID));
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
      .values(body.NewRotations.map((r) => ({ DivisionProfileID: adj.profile.DivisionProfileID, ...r })));
}

/**
 * Step 6: the movable pay periods follow their rotation: deleted with a deleted one (all at once),
 * then moved one by one to an adjusted one's new window. A period whose employee already has another
 * period at the office starting on the new start (e.g. from a pay frequency calendar) is deleted
 * instead: that one stays.
 */
async function followRotations(
  tx: Tx,
  movable: ChangingPeriod[],
  body: RotationAdjustmentData,
): Promise<{ moved: number; deletedPeriods: number }> {
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
  return { moved, deletedPeriods };
}

/**
 * Step 7: a pay period on each new rotation for each active employment record of the division at its
 * offices, with the record's pay frequency. One the employee already has starting that day stays (the
 * new one is not made). Returns how many were made.
 */
async function createPeriodsOfNewRotations(adj: Adjustment, newRotations: RotationRange[]): Promise<number> {
  const { tx, officeIds } = adj;
  if (!newRotations.length || !officeIds.length) return 0;
  const people = await divisionPeople(tx, adj.profile.DivisionID, officeIds, true);
  const recs = await tx
    .select()
    .from(employmentRecords)
    .where(
      and(
        inArray(employmentRecords.IcdOfficeID, officeIds),
        eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active),
      ),
    );
  const values = newRotations.flatMap((r) =>
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
  if (!values.length) return 0;
  return (
    await tx.insert(payPeriods).values(values).onConflictDoNothing().returning({ id: payPeriods.PayPeriodID })
  ).length;
}

/**
 * Step 8: days of the changed rotations that no rotation of the profile covers any more. The time
 * entries on them of the division's people at its offices, outside a frozen pay period, are kept
 * (RetainedTimeEntries) or deleted (DeletedAt set, by the actor). Returns how many of each.
 */
async function entriesOfLeavingDays(
  adj: Adjustment,
  o: { changing: RotationRange[]; frozen: ChangingPeriod[]; retain: boolean; actorId: number },
): Promise<{ retained: number; deletedEntries: number }> {
  const { tx, officeIds } = adj;
  const after = await tx
    .select()
    .from(divisionRotations)
    .where(eq(divisionRotations.DivisionProfileID, adj.profile.DivisionProfileID));
  const covered = new Set(after.flatMap(daysOf));
  const leaving = [...new Set(o.changing.flatMap(daysOf))].filter((d) => !covered.has(d));
  if (!leaving.length || !officeIds.length) return { retained: 0, deletedEntries: 0 };
  const people = await divisionPeople(tx, adj.profile.DivisionID, officeIds);
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
    o.frozen.some(
      (f) =>
        f.period.EmployeeID === e.EmployeeID &&
        f.period.IcdOfficeID === e.IcdOfficeID &&
        f.period.StartDate <= e.Date &&
        e.Date <= f.period.EndDate,
    );
  const affected = candidates.filter((e) => pairs.has(`${e.EmployeeID}/${e.IcdOfficeID}`) && !inFrozen(e));
  if (o.retain || !affected.length) return { retained: affected.length, deletedEntries: 0 };
  await tx
    .update(timeEntries)
    .set({
      DeletedAt: new Date(),
      UpdatedAt: new Date(),
      UpdatedByEmployeeID: o.actorId,
      Version: sql`${timeEntries.Version} + 1`,
    })
    .where(
      inArray(
        timeEntries.Id,
        affected.map((e) => e.Id),
      ),
    );
  return { retained: 0, deletedEntries: affected.length };
}
