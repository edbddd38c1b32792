// ICD commission policies of a corporation (spec 001 §3 commission type, §5, §7 "Commission
// policies"): a program (and optionally one retailer), commission type 1–4, threshold, guaranteed
// and commission flags, tiers, a period. Same corporation + program + retailer in an overlapping
// period is a duplicate, refused with a message naming the existing policy.
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import {
  COMMISSION_POLICY_NOT_FOUND,
  COMMISSION_TYPES,
  type CommissionPermissions,
  type CommissionPolicy,
  type CommissionPolicySave,
  duplicateCommissionPolicy,
  PROGRAM_NOT_OF_DIVISION,
} from '../../../src/contract/commission';
import { fromCents, toCents } from '../../../src/contract/payroll';
import type { Db } from '../../db/client';
import { commissionPolicies, icdOffices, officeDivisions, programs } from '../../db/tables';
import { AppError, badRequest } from '../../errors';
import type { Actor } from '../access/service';
import { conflict, type DbOrTx } from '../scheduling/scope';
import {
  COMMISSION_READ,
  COMMISSION_WRITE,
  catalogueErrors,
  corporationNames,
  corporationReach,
  duplicateError,
  eqOrNull,
  fieldErrors,
  INVALID,
  lockPolicies,
  overlapsPeriod,
  programRow,
  reachCondition,
  reaches,
  requireCorporation,
  requireCorporationExists,
  tiersIn,
  tiersOut,
} from './common';

type Row = typeof commissionPolicies.$inferSelect;
type Save = Omit<CommissionPolicySave, 'CommissionThreshold' | 'IsPaidGuaranteed' | 'IsPaidCommission'> & {
  CommissionThreshold: number;
  IsPaidGuaranteed: boolean;
  IsPaidCommission: boolean;
};

const notFound = () => new AppError(404, COMMISSION_POLICY_NOT_FOUND);
const typeName = (id: number) => COMMISSION_TYPES.find((t) => t.Id === id)?.Name ?? String(id);

async function toWire(db: DbOrTx, rows: readonly Row[]): Promise<CommissionPolicy[]> {
  const progs = rows.length
    ? await db
        .select({ id: programs.ProgramID, name: programs.Name, division: programs.DivisionID })
        .from(programs)
        .where(inArray(programs.ProgramID, [...new Set(rows.map((r) => r.ProgramID))]))
    : [];
  const byProgram = new Map(progs.map((p) => [p.id, p]));
  const corps = await corporationNames(
    db,
    rows.map((r) => r.IcdCorporationID),
  );
  return rows.map((r) => ({
    CommissionPolicyID: r.CommissionPolicyID,
    IcdCorporationID: r.IcdCorporationID,
    CorporationName: corps.get(r.IcdCorporationID) ?? '',
    Name: r.Name,
    ProgramID: r.ProgramID,
    ProgramName: byProgram.get(r.ProgramID)?.name ?? '',
    DivisionID: byProgram.get(r.ProgramID)?.division ?? 0,
    RetailerID: r.RetailerID,
    CommissionTypeID: r.CommissionTypeID,
    CommissionTypeName: typeName(r.CommissionTypeID),
    CommissionThreshold: fromCents(r.CommissionThresholdCents),
    IsPaidGuaranteed: r.IsPaidGuaranteed,
    IsPaidCommission: r.IsPaidCommission,
    StartDate: r.StartDate,
    EndDate: r.EndDate,
    Tiers: tiersOut(r.Tiers),
    Version: r.Version,
  }));
}

export async function listCommissionPolicies(
  db: Db,
  actor: Actor,
  query: { icdCorporationID?: number; programID?: number },
): Promise<CommissionPolicy[]> {
  const reach = await corporationReach(db, actor, COMMISSION_READ);
  const c = commissionPolicies;
  const rows = await db
    .select()
    .from(c)
    .where(
      and(
        reachCondition(reach, c.IcdCorporationID),
        query.icdCorporationID ? eq(c.IcdCorporationID, query.icdCorporationID) : undefined,
        query.programID ? eq(c.ProgramID, query.programID) : undefined,
      ),
    )
    .orderBy(asc(c.IcdCorporationID), asc(c.Name), asc(c.StartDate), asc(c.CommissionPolicyID));
  return toWire(db, rows);
}

/** GET corporations/{id}/commission-policies: 404 when the corporation is out of the caller's scope. */
export async function corporationCommissionPolicies(
  db: Db,
  actor: Actor,
  id: number,
): Promise<CommissionPolicy[]> {
  if (!reaches(await corporationReach(db, actor, COMMISSION_READ), id))
    throw new AppError(404, 'The corporation was not found.');
  return listCommissionPolicies(db, actor, { icdCorporationID: id });
}

/** What the caller may do with a corporation's commission policies, and what a policy may name. */
export async function commissionPermissions(
  db: Db,
  actor: Actor,
  id: number,
): Promise<CommissionPermissions> {
  if (!reaches(await corporationReach(db, actor, COMMISSION_READ), id))
    throw new AppError(404, 'The corporation was not found.');
  const canWrite =
    actor.has(COMMISSION_WRITE) && reaches(await corporationReach(db, actor, COMMISSION_WRITE), id);
  const progs = await db
    .selectDistinct({ ProgramID: programs.ProgramID, Name: programs.Name, DivisionID: programs.DivisionID })
    .from(programs)
    .innerJoin(officeDivisions, eq(officeDivisions.DivisionID, programs.DivisionID))
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, officeDivisions.IcdOfficeID))
    .where(eq(icdOffices.IcdCorporationID, id))
    .orderBy(asc(programs.Name), asc(programs.ProgramID));
  return {
    IcdCorporationID: id,
    CanRead: true,
    CanWrite: canWrite,
    CommissionTypes: COMMISSION_TYPES.map((t) => ({ Id: t.Id, Name: t.Name })),
    Programs: progs,
  };
}

async function readable(db: DbOrTx, actor: Actor, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(commissionPolicies)
    .where(eq(commissionPolicies.CommissionPolicyID, id));
  if (!row || !reaches(await corporationReach(db, actor, COMMISSION_READ), row.IcdCorporationID))
    throw notFound();
  return row;
}

export async function getCommissionPolicy(db: DbOrTx, actor: Actor, id: number): Promise<CommissionPolicy> {
  return (await toWire(db, [await readable(db, actor, id)]))[0];
}

async function check(db: DbOrTx, actor: Actor, body: Save, exceptId?: number) {
  await lockPolicies(db, 'commission');
  await requireCorporationExists(db, body.IcdCorporationID);
  await requireCorporation(db, actor, COMMISSION_WRITE, body.IcdCorporationID);
  const program = await programRow(db, body.ProgramID);
  // The program must be of a division one of the corporation's offices works.
  const [works] = await db
    .select({ id: officeDivisions.IcdOfficeID })
    .from(officeDivisions)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, officeDivisions.IcdOfficeID))
    .where(
      and(
        eq(icdOffices.IcdCorporationID, body.IcdCorporationID),
        eq(officeDivisions.DivisionID, program.DivisionID),
      ),
    )
    .limit(1);
  if (!works) throw badRequest(INVALID, { ProgramID: [PROGRAM_NOT_OF_DIVISION] });
  const refs = await catalogueErrors(db, { DivisionID: program.DivisionID, RetailerID: body.RetailerID });
  if (Object.keys(refs).length) throw fieldErrors(refs);
  const tiers = tiersIn(body.Tiers);
  const c = commissionPolicies;
  const [dup] = await db
    .select({ id: c.CommissionPolicyID, name: c.Name })
    .from(c)
    .where(
      and(
        eq(c.IcdCorporationID, body.IcdCorporationID),
        eq(c.ProgramID, body.ProgramID),
        eqOrNull(c.RetailerID, body.RetailerID ?? null),
        overlapsPeriod(c.StartDate, c.EndDate, body.StartDate, body.EndDate ?? null),
        exceptId ? ne(c.CommissionPolicyID, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (dup) throw duplicateError(['ProgramID', 'RetailerID'], duplicateCommissionPolicy(dup.name, dup.id));
  return tiers;
}

function values(body: Save, tiers: ReturnType<typeof tiersIn>) {
  return {
    IcdCorporationID: body.IcdCorporationID,
    Name: body.Name,
    ProgramID: body.ProgramID,
    RetailerID: body.RetailerID ?? null,
    CommissionTypeID: body.CommissionTypeID,
    CommissionThresholdCents: toCents(body.CommissionThreshold),
    IsPaidGuaranteed: body.IsPaidGuaranteed,
    IsPaidCommission: body.IsPaidCommission,
    StartDate: body.StartDate,
    EndDate: body.EndDate ?? null,
    Tiers: tiers,
  };
}

export async function createCommissionPolicy(db: Db, actor: Actor, body: Save, now = new Date()) {
  return db.transaction(async (tx) => {
    const tiers = await check(tx, actor, body);
    const [row] = await tx
      .insert(commissionPolicies)
      .values({ ...values(body, tiers), CreatedAt: now, UpdatedAt: now })
      .returning();
    return (await toWire(tx, [row]))[0];
  });
}

export async function updateCommissionPolicy(
  db: Db,
  actor: Actor,
  id: number,
  body: Save & { Version: number },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const row = await readable(tx, actor, id);
    await requireCorporation(tx, actor, COMMISSION_WRITE, row.IcdCorporationID);
    if (row.Version !== body.Version) throw conflict((await toWire(tx, [row]))[0]);
    const tiers = await check(tx, actor, body, id);
    const [saved] = await tx
      .update(commissionPolicies)
      .set({ ...values(body, tiers), Version: row.Version + 1, UpdatedAt: now })
      .where(and(eq(commissionPolicies.CommissionPolicyID, id), eq(commissionPolicies.Version, body.Version)))
      .returning();
    if (!saved) throw conflict(await getCommissionPolicy(tx, actor, id));
    return (await toWire(tx, [saved]))[0];
  });
}

export async function deleteCommissionPolicy(
  db: Db,
  actor: Actor,
  id: number,
  version?: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await readable(tx, actor, id);
    await requireCorporation(tx, actor, COMMISSION_WRITE, row.IcdCorporationID);
    if (version !== undefined && version !== row.Version) throw conflict((await toWire(tx, [row]))[0]);
    await tx.delete(commissionPolicies).where(eq(commissionPolicies.CommissionPolicyID, id));
  });
}
