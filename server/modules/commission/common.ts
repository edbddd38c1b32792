// Shared pieces of the commission and payout policy services: permission keys, the caller's
// corporation and division scope, programs, tier tables on the wire, periods.
//
// Scope: a key held at an office reaches the office's corporation and the divisions the office
// works (admin and payroll: everything; owner: her corporation and its offices' divisions). Reading
// out of scope answers 404; a body naming a corporation or division out of scope answers 403.
import { and, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type TierRow, UNKNOWN_PROGRAM } from '../../../src/contract/commission';
import { fromCents, toCents } from '../../../src/contract/payroll';
import { LockClass, xactLockName } from '../../db/locks';
import {
  corporations,
  divisions,
  icdOffices,
  officeDivisions,
  productLines,
  products,
  programs,
  retailers,
} from '../../db/tables';
import { type Tier, tierProblems } from '../../domain/commission/tiers';
import { AppError, badRequest, forbidden } from '../../errors';
import type { Actor } from '../access/service';
import type { DbOrTx } from '../scheduling/scope';

export const COMMISSION_READ = 'commission:read';
export const COMMISSION_WRITE = 'commission:write';
export const PAYOUT_READ = 'payout:read';
export const PAYOUT_WRITE = 'payout:write';

export const INVALID = 'The request is not valid.';

export type Reach = 'all' | ReadonlySet<number>;

export const reaches = (reach: Reach, id: number) => reach === 'all' || reach.has(id);

/** Corporations reached by the caller's offices holding `key`. */
export async function corporationReach(db: DbOrTx, actor: Actor, key: string): Promise<Reach> {
  const scope = actor.offices(key);
  if (scope === 'all') return 'all';
  if (!scope.size) return new Set();
  const rows = await db
    .selectDistinct({ id: icdOffices.IcdCorporationID })
    .from(icdOffices)
    .where(inArray(icdOffices.IcdOfficeID, [...scope]));
  return new Set(rows.map((r) => r.id));
}

/** Divisions worked by the caller's offices holding `key`. */
export async function divisionReach(db: DbOrTx, actor: Actor, key: string): Promise<Reach> {
  const scope = actor.offices(key);
  if (scope === 'all') return 'all';
  if (!scope.size) return new Set();
  const rows = await db
    .selectDistinct({ id: officeDivisions.DivisionID })
    .from(officeDivisions)
    .where(inArray(officeDivisions.IcdOfficeID, [...scope]));
  return new Set(rows.map((r) => r.id));
}

/** A filter of a column to a reach (undefined for 'all', false for nothing). */
export function reachCondition(reach: Reach, column: PgColumn): SQL | undefined {
  if (reach === 'all') return undefined;
  if (!reach.size) return eq(column, -1);
  return inArray(column, [...reach]);
}

/** 403 unless the caller's `key` reaches the corporation. */
export async function requireCorporation(db: DbOrTx, actor: Actor, key: string, id: number): Promise<void> {
  if (!reaches(await corporationReach(db, actor, key), id)) throw forbidden();
}

/** 403 unless the caller's `key` reaches the division. */
export async function requireDivision(db: DbOrTx, actor: Actor, key: string, id: number): Promise<void> {
  if (!reaches(await divisionReach(db, actor, key), id)) throw forbidden();
}

export async function programRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(programs).where(eq(programs.ProgramID, id));
  if (!row) throw badRequest(INVALID, { ProgramID: [UNKNOWN_PROGRAM] });
  return row;
}

export async function programNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: programs.ProgramID, name: programs.Name })
    .from(programs)
    .where(inArray(programs.ProgramID, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function corporationNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: corporations.IcdCorporationID, name: corporations.ClientName })
    .from(corporations)
    .where(inArray(corporations.IcdCorporationID, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function divisionNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: divisions.DivisionID, name: divisions.Name })
    .from(divisions)
    .where(inArray(divisions.DivisionID, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function requireCorporationExists(db: DbOrTx, id: number): Promise<void> {
  const [row] = await db
    .select({ id: corporations.IcdCorporationID })
    .from(corporations)
    .where(eq(corporations.IcdCorporationID, id));
  if (!row) throw badRequest(INVALID, { IcdCorporationID: ['This corporation does not exist'] });
}

export async function requireDivisionExists(db: DbOrTx, id: number): Promise<void> {
  const [row] = await db
    .select({ id: divisions.DivisionID })
    .from(divisions)
    .where(eq(divisions.DivisionID, id));
  if (!row) throw badRequest(INVALID, { DivisionID: ['This division does not exist'] });
}

/**
 * Wire tiers → stored tiers, or 400 with every problem by field ('<prefix>Tiers.<row>.From'),
 * overlaps and gaps naming the tier rows.
 */
export function tiersIn(rows: readonly TierRow[], prefix = ''): Tier[] {
  const tiers = rows.map((r) => ({ From: r.From, To: r.To, RateCents: toCents(r.Rate) }));
  const problems = tierProblems(tiers);
  if (problems.length) {
    const Errors: Record<string, string[]> = {};
    for (const p of problems) {
      const key = `${prefix}Tiers.${p.index}.${p.field === 'RateCents' ? 'Rate' : p.field}`;
      Errors[key] = [...(Errors[key] ?? []), p.message];
    }
    throw new AppError(400, INVALID, {
      Errors,
      Messages: Object.entries(Errors).flatMap(([k, m]) => m.map((x) => `${k}: ${x}`)),
    });
  }
  return [...tiers].sort((a, b) => a.From - b.From);
}

export function tiersOut(tiers: readonly Tier[]): TierRow[] {
  return tiers.map((t) => ({ From: t.From, To: t.To, Rate: fromCents(t.RateCents) }));
}

/**
 * Rows whose period [StartDate, EndDate] overlaps [start, end] (inclusive; null end = open).
 */
export function overlapsPeriod(
  startCol: PgColumn,
  endCol: PgColumn,
  start: string,
  end: string | null,
): SQL | undefined {
  return and(end === null ? undefined : lte(startCol, end), or(isNull(endCol), gte(endCol, start)));
}

/** Rows in force on a day. */
export function inForceOn(startCol: PgColumn, endCol: PgColumn, day: string): SQL | undefined {
  return and(lte(startCol, day), or(isNull(endCol), gte(endCol, day)));
}

/** `column = value`, or `column is null` for null. */
export function eqOrNull(column: PgColumn, value: number | null): SQL {
  return value === null ? isNull(column) : eq(column, value);
}

export function duplicateError(fields: readonly string[], message: string, prefix = ''): AppError {
  const Errors = Object.fromEntries(fields.map((f) => [`${prefix}${f}`, [message]]));
  return new AppError(400, message, { Errors, Messages: [message] });
}

/**
 * Serialises the writes of one kind of policy until the transaction ends, so two saves at once cannot
 * both pass the duplicate check.
 */
export async function lockPolicies(
  db: DbOrTx,
  kind: 'commission' | 'multiPlay' | 'product' | 'payout',
): Promise<void> {
  await db.execute(xactLockName(LockClass.CommissionPolicies, kind));
}

export const CATALOGUE_MESSAGES = {
  product: 'This product does not exist',
  productDivision: 'This product is not of the division',
  line: 'This product line does not exist',
  lineProgram: 'This product line is not of the program',
  lineDivision: 'This product line is not of a program of the division',
  retailer: 'This retailer does not exist',
  retailerDivision: 'This retailer is not of the division',
} as const;

/**
 * Field errors of the catalogue ids a policy names (products, product lines and retailers belong to
 * the orders area): each must exist and be of the division (a line: of the program when one is given).
 */
export async function catalogueErrors(
  db: DbOrTx,
  ref: {
    DivisionID: number;
    ProgramID?: number | null;
    ProductID?: number | null;
    ProductLineID?: number | null;
    RetailerID?: number | null;
  },
  prefix = '',
): Promise<Record<string, string[]>> {
  const Errors: Record<string, string[]> = {};
  if (ref.ProductID) {
    const [p] = await db.select().from(products).where(eq(products.ProductID, ref.ProductID));
    if (!p) Errors[`${prefix}ProductID`] = [CATALOGUE_MESSAGES.product];
    else if (p.DivisionID !== ref.DivisionID)
      Errors[`${prefix}ProductID`] = [CATALOGUE_MESSAGES.productDivision];
  }
  if (ref.ProductLineID) {
    const [l] = await db
      .select({ ProgramID: productLines.ProgramID, DivisionID: programs.DivisionID })
      .from(productLines)
      .innerJoin(programs, eq(programs.ProgramID, productLines.ProgramID))
      .where(eq(productLines.ProductLineID, ref.ProductLineID));
    if (!l) Errors[`${prefix}ProductLineID`] = [CATALOGUE_MESSAGES.line];
    else if (ref.ProgramID && l.ProgramID !== ref.ProgramID)
      Errors[`${prefix}ProductLineID`] = [CATALOGUE_MESSAGES.lineProgram];
    else if (l.DivisionID !== ref.DivisionID)
      Errors[`${prefix}ProductLineID`] = [CATALOGUE_MESSAGES.lineDivision];
  }
  if (ref.RetailerID) {
    const [r] = await db.select().from(retailers).where(eq(retailers.RetailerID, ref.RetailerID));
    if (!r) Errors[`${prefix}RetailerID`] = [CATALOGUE_MESSAGES.retailer];
    else if (r.DivisionID !== ref.DivisionID)
      Errors[`${prefix}RetailerID`] = [CATALOGUE_MESSAGES.retailerDivision];
  }
  return Errors;
}

export function fieldErrors(Errors: Record<string, string[]>): AppError {
  return new AppError(400, INVALID, {
    Errors,
    Messages: Object.entries(Errors).flatMap(([k, m]) => m.map((x) => `${k}: ${x}`)),
  });
}
