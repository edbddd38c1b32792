// Payroll lookups: payroll types, pay frequencies, pay windows (rotations), pay weeks, divisions and
// office divisions, and the corporations a payroll screen offers — each limited to the caller's scope.
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { CorporationStatus } from '../../../src/contract/common';
import {
  type IcdOfficeDivision,
  PAY_FREQUENCY_NAMES,
  PAYROLL_TYPE_NAMES,
  type PayFrequencyItem,
  type PayrollCorporation,
  type PayrollDivision,
  type PayrollTypeItem,
  type PayWeek,
  type Rotation,
} from '../../../src/contract/payroll';
import {
  corporations,
  divisionProfiles,
  divisionRotations,
  divisions,
  icdOffices,
  officeDivisions,
  payrolls,
} from '../../db/tables';
import { addDays } from '../../domain/time/clock-time';
import { periodContaining } from '../../domain/time-management/pay-periods';
import { badRequest } from '../../errors';
import type { Actor } from '../access/service';
import { ensurePayrolls } from './ensure';
import { type Conn, corporationsOf, payrollNotFound, READ, readablePayroll } from './scope';

export function payrollTypes(): PayrollTypeItem[] {
  return Object.entries(PAYROLL_TYPE_NAMES).map(([id, Name]) => ({ PayrollTypeID: Number(id), Name }));
}

export function payFrequencies(): PayFrequencyItem[] {
  return Object.entries(PAY_FREQUENCY_NAMES).map(([id, Name]) => ({ PayFrequencyID: Number(id), Name }));
}

async function corpCondition(db: Conn, actor: Actor): Promise<SQL | undefined | false> {
  const corps = await corporationsOf(db, actor.offices(READ));
  if (corps === 'all') return undefined;
  if (!corps.size) return false;
  return inArray(payrolls.IcdCorporationID, [...corps]);
}

/** GET rotations: the pay windows of the payrolls the caller sees, newest first. */
export async function rotations(db: Conn, actor: Actor): Promise<Rotation[]> {
  const cond = await corpCondition(db, actor);
  if (cond === false) return [];
  await ensurePayrolls(db);
  const rows = await db
    .selectDistinct({ StartDate: payrolls.StartDate, EndDate: payrolls.EndDate })
    .from(payrolls)
    .where(cond)
    .orderBy(desc(payrolls.StartDate), desc(payrolls.EndDate));
  return rows;
}

/** GET payrolls/rotation: the bi-weekly pay window holding `today` (UTC day of the server's clock). */
export function currentRotation(now: Date = new Date()): Rotation {
  const range = periodContaining(now.toISOString().slice(0, 10), 2);
  return { StartDate: range.start, EndDate: range.end };
}

/**
 * GET payrolls/rotationV2?divisionID&icdCorporationID: the rotations of the division's profiles for
 * the corporation's country (both optional; a corporation out of scope is 404).
 */
export async function rotationsV2(
  db: Conn,
  actor: Actor,
  query: { divisionID?: number; icdCorporationID?: number },
): Promise<Rotation[]> {
  const conditions: SQL[] = [];
  if (query.divisionID) conditions.push(eq(divisionProfiles.DivisionID, query.divisionID));
  if (query.icdCorporationID) {
    const corps = await corporationsOf(db, actor.offices(READ));
    if (corps !== 'all' && !corps.has(query.icdCorporationID)) throw payrollNotFound();
    const [corp] = await db
      .select({ CountryID: corporations.CountryID })
      .from(corporations)
      .where(eq(corporations.IcdCorporationID, query.icdCorporationID));
    if (!corp) throw payrollNotFound();
    conditions.push(eq(divisionProfiles.CountryID, corp.CountryID));
  }
  return db
    .select({
      StartDate: divisionRotations.StartDate,
      EndDate: divisionRotations.EndDate,
      DivisionProfileID: divisionRotations.DivisionProfileID,
      DivisionRotationID: divisionRotations.DivisionRotationID,
    })
    .from(divisionRotations)
    .innerJoin(divisionProfiles, eq(divisionProfiles.DivisionProfileID, divisionRotations.DivisionProfileID))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(divisionRotations.StartDate), asc(divisionRotations.DivisionProfileID));
}

/** Offices in the caller's payroll scope with their divisions. */
export async function officeDivisionList(db: Conn, actor: Actor): Promise<IcdOfficeDivision[]> {
  const scope = actor.offices(READ);
  if (scope !== 'all' && !scope.size) return [];
  return db
    .select({
      IcdOfficeID: icdOffices.IcdOfficeID,
      OfficeName: icdOffices.OfficeName,
      IcdCorporationID: icdOffices.IcdCorporationID,
      DivisionID: divisions.DivisionID,
      DivisionName: divisions.Name,
    })
    .from(officeDivisions)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, officeDivisions.IcdOfficeID))
    .innerJoin(divisions, eq(divisions.DivisionID, officeDivisions.DivisionID))
    .where(scope === 'all' ? undefined : inArray(icdOffices.IcdOfficeID, [...scope]))
    .orderBy(asc(icdOffices.OfficeName), asc(divisions.Name));
}

/** GET payrolls/divisions: the divisions the caller's offices run. */
export async function payrollDivisions(db: Conn, actor: Actor): Promise<PayrollDivision[]> {
  const seen = new Map<number, string>();
  for (const r of await officeDivisionList(db, actor)) seen.set(r.DivisionID, r.DivisionName);
  return [...seen]
    .map(([DivisionID, Name]) => ({ DivisionID, Name }))
    .sort((a, b) => a.Name.localeCompare(b.Name));
}

/** Seven-day weeks of a window from its start (WeekNumber 1, 2, …; the last may be shorter). */
export function weeksOf(startDate: string, endDate: string): PayWeek[] {
  const out: PayWeek[] = [];
  for (let start = startDate, n = 1; start <= endDate && n <= 60; start = addDays(start, 7), n += 1) {
    const end = addDays(start, 6);
    out.push({ WeekNumber: n, StartDate: start, EndDate: end < endDate ? end : endDate });
  }
  return out;
}

/** GET payroll/payweeks: the weeks of a payroll (payrollID), of a window, or of the current window. */
export async function payWeeks(
  db: Conn,
  actor: Actor,
  query: { payrollID?: number; startDate?: string; endDate?: string },
): Promise<PayWeek[]> {
  if (query.payrollID) {
    const p = await readablePayroll(db, actor, query.payrollID);
    return weeksOf(p.StartDate, p.EndDate);
  }
  if (query.startDate || query.endDate) {
    if (!query.startDate || !query.endDate)
      throw badRequest('Give both dates.', { [query.startDate ? 'endDate' : 'startDate']: ['Required'] });
    if (query.endDate < query.startDate)
      throw badRequest('The end date is before the start date.', {
        endDate: ['End on or after the start date.'],
      });
    if (addDays(query.startDate, 400) < query.endDate)
      throw badRequest('Ask for at most 400 days.', { endDate: ['Ask for at most 400 days.'] });
    return weeksOf(query.startDate, query.endDate);
  }
  const r = currentRotation();
  return weeksOf(r.StartDate, r.EndDate);
}

/**
 * Corporations for the payroll screens, in the caller's scope: `having` = only those with payrolls
 * (payrolls/icd-corporations), `active` = only active ones (payrolls/icd-corporation-active).
 */
export async function payrollCorporations(
  db: Conn,
  actor: Actor,
  options: { having?: boolean; active?: boolean } = {},
): Promise<PayrollCorporation[]> {
  const corps = await corporationsOf(db, actor.offices(READ));
  if (corps !== 'all' && !corps.size) return [];
  const conditions: SQL[] = [];
  if (corps !== 'all') conditions.push(inArray(corporations.IcdCorporationID, [...corps]));
  if (options.active) conditions.push(eq(corporations.CorporationStatusID, CorporationStatus.Active));
  let rows = await db
    .select()
    .from(corporations)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(corporations.ClientName));
  if (options.having) {
    await ensurePayrolls(db, corps === 'all' ? {} : { corporationIds: [...corps] });
    const having = new Set(
      (await db.selectDistinct({ id: payrolls.IcdCorporationID }).from(payrolls)).map((r) => r.id),
    );
    rows = rows.filter((r) => having.has(r.IcdCorporationID));
  }
  return rows.map((c) => ({
    IcdCorporationID: c.IcdCorporationID,
    ClientName: c.ClientName,
    Owner: c.Owner,
    CountryID: c.CountryID,
    IsActive: c.CorporationStatusID === CorporationStatus.Active,
  }));
}
