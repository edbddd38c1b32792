// Posted payouts: read, history, create, patch, delete (spec 002 §7 "Posted payouts").
//
// Scope: payouts:read / payouts:write held at an office reach the office's corporation (admin and
// payroll: every corporation; owner: her corporation). Reading out of scope answers 404; creating
// for a corporation out of scope 403; patching or deleting one the caller reads but may not write
// 403. Every create, patch and delete writes a history entry with the caller and the field changes.
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  comparisonOf,
  type IcdPostedPayouts,
  PAYOUT_MESSAGES,
  PayoutComparison,
  POSTED_PAYOUT_NOT_FOUND,
  type PostedPayout,
  type PostedPayoutHistoryEntry,
  type PostedPayoutPatch,
  type PostedPayoutSave,
} from '../../../src/contract/payouts';
import { fromCents, toCents } from '../../../src/contract/payroll';
import type { Db } from '../../db/client';
import type { PostedPayoutChangeRow, PostedPayoutLineRow } from '../../db/schema/payouts';
import {
  employees,
  icdOffices,
  officeDivisions,
  postedPayoutHistory,
  postedPayouts as postedPayoutsTable,
  programs,
} from '../../db/tables';
import { AppError, forbidden } from '../../errors';
import type { Actor } from '../access/service';
import {
  corporationReach,
  fieldErrors,
  programNames,
  reaches,
  requireCorporationExists,
  requireDivisionExists,
} from '../commission/common';
import { conflict, type DbOrTx } from '../scheduling/scope';
import { type PostedPayoutRow, postedPayouts, postedPayoutsToWire } from './query';

export const PAYOUTS_READ = 'payouts:read';
export const PAYOUTS_WRITE = 'payouts:write';

const notFound = () => new AppError(404, POSTED_PAYOUT_NOT_FOUND);
const p = postedPayoutsTable;

interface ListQuery {
  startDate?: string;
  endDate?: string;
  divisionID?: number;
  icdCorporationID?: number;
}

/** GET posted-payouts: the caller's corporations' posted payouts, filtered. */
export async function listPostedPayouts(db: Db, actor: Actor, q: ListQuery): Promise<PostedPayout[]> {
  return postedPayouts(db, {
    startDate: q.startDate,
    endDate: q.endDate,
    divisionId: q.divisionID,
    icdCorporationId: q.icdCorporationID,
    corporations: await corporationReach(db, actor, PAYOUTS_READ),
  });
}

/** GET posted-payouts/icd: the same, grouped per ICD corporation with totals (by name). */
export async function listIcdPostedPayouts(db: Db, actor: Actor, q: ListQuery): Promise<IcdPostedPayouts[]> {
  const rows = await listPostedPayouts(db, actor, q);
  const groups = new Map<number, PostedPayout[]>();
  for (const r of rows) groups.set(r.IcdCorporationID, [...(groups.get(r.IcdCorporationID) ?? []), r]);
  return [...groups.values()]
    .map((payouts) => {
      const posted = payouts.reduce((s, x) => s + toCents(x.PostedAmount), 0);
      const expected = payouts.reduce((s, x) => s + toCents(x.ExpectedAmount), 0);
      const diff = posted - expected;
      return {
        IcdCorporationID: payouts[0].IcdCorporationID,
        CorporationName: payouts[0].CorporationName,
        Count: payouts.length,
        PostedAmount: fromCents(posted),
        ExpectedAmount: fromCents(expected),
        Difference: fromCents(diff),
        PayoutComparison: comparisonOf(diff),
        PayoutComparisonID: PayoutComparison[comparisonOf(diff)],
        Payouts: payouts,
      };
    })
    .sort((a, b) => a.CorporationName.localeCompare(b.CorporationName, 'en', { sensitivity: 'base' }));
}

async function rowOf(db: DbOrTx, id: number, withDeleted = false): Promise<PostedPayoutRow | null> {
  const [row] = await db.select().from(p).where(eq(p.PostedPayoutID, id));
  if (!row || (!withDeleted && row.DeletedAt !== null)) return null;
  return row;
}

async function readable(db: DbOrTx, actor: Actor, id: number, withDeleted = false): Promise<PostedPayoutRow> {
  const row = await rowOf(db, id, withDeleted);
  if (!row || !reaches(await corporationReach(db, actor, PAYOUTS_READ), row.IcdCorporationID))
    throw notFound();
  return row;
}

async function requireWritable(db: DbOrTx, actor: Actor, corporationId: number): Promise<void> {
  if (!reaches(await corporationReach(db, actor, PAYOUTS_WRITE), corporationId)) throw forbidden();
}

export async function getPostedPayout(db: DbOrTx, actor: Actor, id: number): Promise<PostedPayout> {
  return (await postedPayoutsToWire(db, [await readable(db, actor, id)]))[0];
}

/** GET posted-payouts/icd/{id}/history: oldest first; still readable after a delete. */
export async function postedPayoutHistoryOf(
  db: Db,
  actor: Actor,
  id: number,
): Promise<PostedPayoutHistoryEntry[]> {
  await readable(db, actor, id, true);
  const h = postedPayoutHistory;
  const rows = await db
    .select({
      PostedPayoutHistoryID: h.PostedPayoutHistoryID,
      PostedPayoutID: h.PostedPayoutID,
      Action: h.Action,
      ChangedAt: h.ChangedAt,
      ChangedByEmployeeID: h.ChangedByEmployeeID,
      First: employees.FirstName,
      Last: employees.LastName,
      Changes: h.Changes,
    })
    .from(h)
    .innerJoin(employees, eq(employees.EmployeeID, h.ChangedByEmployeeID))
    .where(eq(h.PostedPayoutID, id))
    .orderBy(asc(h.ChangedAt), asc(h.PostedPayoutHistoryID));
  return rows.map((r) => ({
    PostedPayoutHistoryID: r.PostedPayoutHistoryID,
    PostedPayoutID: r.PostedPayoutID,
    Action: r.Action,
    ChangedAt: r.ChangedAt.toISOString(),
    ChangedByEmployeeID: r.ChangedByEmployeeID,
    ChangedByName: `${r.First} ${r.Last}`.trim(),
    Changes: r.Changes,
  }));
}

// ---------------------------------------------------------------------------------------------
// Writes

async function checkDivisionAndCorporation(db: DbOrTx, divisionId: number, corporationId: number) {
  await requireDivisionExists(db, divisionId);
  await requireCorporationExists(db, corporationId);
  const [works] = await db
    .select({ id: officeDivisions.IcdOfficeID })
    .from(officeDivisions)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, officeDivisions.IcdOfficeID))
    .where(and(eq(icdOffices.IcdCorporationID, corporationId), eq(officeDivisions.DivisionID, divisionId)))
    .limit(1);
  if (!works) throw fieldErrors({ DivisionID: [PAYOUT_MESSAGES.corporationDivision] });
}

/** Wire lines → stored lines; 400 naming `Lines.<i>.ProgramID` for an unknown or foreign program. */
async function linesIn(
  db: DbOrTx,
  divisionId: number,
  lines: NonNullable<PostedPayoutSave['Lines']>,
): Promise<PostedPayoutLineRow[]> {
  const ids = [...new Set(lines.flatMap((l) => (l.ProgramID ? [l.ProgramID] : [])))];
  const found = ids.length
    ? await db
        .select({ id: programs.ProgramID, division: programs.DivisionID })
        .from(programs)
        .where(inArray(programs.ProgramID, ids))
    : [];
  const divisionOf = new Map(found.map((r) => [r.id, r.division]));
  const Errors: Record<string, string[]> = {};
  lines.forEach((l, i) => {
    if (!l.ProgramID) return;
    const division = divisionOf.get(l.ProgramID);
    if (division === undefined) Errors[`Lines.${i}.ProgramID`] = [PAYOUT_MESSAGES.unknownProgram];
    else if (division !== divisionId) Errors[`Lines.${i}.ProgramID`] = [PAYOUT_MESSAGES.programDivision];
  });
  if (Object.keys(Errors).length) throw fieldErrors(Errors);
  return lines.map((l) => ({
    ProgramID: l.ProgramID ?? null,
    Quantity: l.Quantity,
    PostedCents: toCents(l.PostedAmount),
  }));
}

type Snapshot = Pick<PostedPayoutRow, 'PostedDate' | 'Reference' | 'Comments' | 'Lines'>;

const money = (cents: number) =>
  fromCents(cents).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The field changes between two states of a posted payout (null: it did not exist / was deleted). */
async function changesOf(
  db: DbOrTx,
  before: Snapshot | null,
  after: Snapshot | null,
): Promise<PostedPayoutChangeRow[]> {
  const changes: PostedPayoutChangeRow[] = [];
  const field = (Field: string, From: string | null, To: string | null) => {
    if (From !== To) changes.push({ Field, From, To });
  };
  field('PostedDate', before?.PostedDate ?? null, after?.PostedDate ?? null);
  field('Reference', before?.Reference ?? null, after?.Reference ?? null);
  field('Comments', before?.Comments ?? null, after?.Comments ?? null);
  const names = await programNames(
    db,
    [...(before?.Lines ?? []), ...(after?.Lines ?? [])].flatMap((l) => (l.ProgramID ? [l.ProgramID] : [])),
  );
  const key = (l: PostedPayoutLineRow) => l.ProgramID ?? 0;
  const text = (l: PostedPayoutLineRow | undefined) =>
    l ? `${l.Quantity} units, ${money(l.PostedCents)}` : null;
  const beforeLines = new Map((before?.Lines ?? []).map((l) => [key(l), l]));
  const afterLines = new Map((after?.Lines ?? []).map((l) => [key(l), l]));
  for (const k of new Set([...beforeLines.keys(), ...afterLines.keys()])) {
    const label = k === 0 ? 'All programs' : (names.get(k) ?? `Program ${k}`);
    field(`Lines: ${label}`, text(beforeLines.get(k)), text(afterLines.get(k)));
  }
  return changes;
}

async function record(
  db: DbOrTx,
  actor: Actor,
  id: number,
  Action: 'Created' | 'Updated' | 'Deleted',
  Changes: PostedPayoutChangeRow[],
  now: Date,
) {
  await db.insert(postedPayoutHistory).values({
    PostedPayoutID: id,
    Action,
    ChangedAt: now,
    ChangedByEmployeeID: actor.EmployeeID,
    Changes,
  });
}

/** POST posted-payouts?DivisionID=&IcdCorporationID= */
export async function createPostedPayout(
  db: Db,
  actor: Actor,
  query: { DivisionID: number; IcdCorporationID: number },
  body: PostedPayoutSave,
  now = new Date(),
): Promise<PostedPayout> {
  return db.transaction(async (tx) => {
    await checkDivisionAndCorporation(tx, query.DivisionID, query.IcdCorporationID);
    await requireWritable(tx, actor, query.IcdCorporationID);
    const lines = await linesIn(tx, query.DivisionID, body.Lines);
    const values = {
      DivisionID: query.DivisionID,
      IcdCorporationID: query.IcdCorporationID,
      PostedDate: body.PostedDate,
      Reference: body.Reference || null,
      Comments: body.Comments || null,
      Lines: lines,
    };
    const [row] = await tx
      .insert(p)
      .values({
        ...values,
        CreatedByEmployeeID: actor.EmployeeID,
        UpdatedByEmployeeID: actor.EmployeeID,
        CreatedAt: now,
        UpdatedAt: now,
      })
      .returning();
    await record(tx, actor, row.PostedPayoutID, 'Created', await changesOf(tx, null, values), now);
    return (await postedPayoutsToWire(tx, [row]))[0];
  });
}

/** PATCH posted-payouts/icd/{id}: 409 with the current record when Version is stale. */
export async function patchPostedPayout(
  db: Db,
  actor: Actor,
  id: number,
  body: PostedPayoutPatch,
  now = new Date(),
): Promise<PostedPayout> {
  return db.transaction(async (tx) => {
    const row = await readable(tx, actor, id);
    await requireWritable(tx, actor, row.IcdCorporationID);
    if (row.Version !== body.Version) throw conflict((await postedPayoutsToWire(tx, [row]))[0]);
    const next: Snapshot = {
      PostedDate: body.PostedDate ?? row.PostedDate,
      Reference: body.Reference === undefined ? row.Reference : body.Reference || null,
      Comments: body.Comments === undefined ? row.Comments : body.Comments || null,
      Lines: body.Lines ? await linesIn(tx, row.DivisionID, body.Lines) : row.Lines,
    };
    const changes = await changesOf(tx, row, next);
    if (!changes.length) return (await postedPayoutsToWire(tx, [row]))[0];
    const [saved] = await tx
      .update(p)
      .set({ ...next, Version: row.Version + 1, UpdatedAt: now, UpdatedByEmployeeID: actor.EmployeeID })
      .where(and(eq(p.PostedPayoutID, id), eq(p.Version, body.Version)))
      .returning();
    if (!saved) throw conflict(await getPostedPayout(tx, actor, id));
    await record(tx, actor, id, 'Updated', changes, now);
    return (await postedPayoutsToWire(tx, [saved]))[0];
  });
}

/** DELETE posted-payouts/icd/{id}[?version=]: kept as deleted so its history remains. */
export async function deletePostedPayout(
  db: Db,
  actor: Actor,
  id: number,
  version: number | undefined,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await readable(tx, actor, id);
    await requireWritable(tx, actor, row.IcdCorporationID);
    if (version !== undefined && row.Version !== version)
      throw conflict((await postedPayoutsToWire(tx, [row]))[0]);
    await tx
      .update(p)
      .set({
        DeletedAt: now,
        Version: row.Version + 1,
        UpdatedAt: now,
        UpdatedByEmployeeID: actor.EmployeeID,
      })
      .where(eq(p.PostedPayoutID, id));
    await record(tx, actor, id, 'Deleted', await changesOf(tx, row, null), now);
  });
}
