// What the role dashboards share: the offices a key reaches, with their time zones and "today".
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { icdOffices } from '../../db/tables';
import { officeToday } from '../../domain/time-management/office-day';
import type { Actor, OfficeScope } from '../access/service';

export interface ScopedOffice {
  IcdOfficeID: number;
  OfficeName: string;
  TimeZone: string;
  IcdCorporationID: number;
  CountryID: number;
  /** 'YYYY-MM-DD' of `now` in the office's time zone. */
  Today: string;
}

/** The offices `key` reaches for the actor (every office for 'all'), by id, each with its today. */
export async function scopedOffices(db: Db, actor: Actor, key: string, now: Date): Promise<ScopedOffice[]> {
  const scope: OfficeScope = actor.offices(key);
  if (scope !== 'all' && scope.size === 0) return [];
  const rows = await db
    .select({
      IcdOfficeID: icdOffices.IcdOfficeID,
      OfficeName: icdOffices.OfficeName,
      TimeZone: icdOffices.TimeZone,
      IcdCorporationID: icdOffices.IcdCorporationID,
      CountryID: icdOffices.CountryID,
    })
    .from(icdOffices)
    .where(scope === 'all' ? undefined : inArray(icdOffices.IcdOfficeID, [...scope]))
    .orderBy(asc(icdOffices.IcdOfficeID));
  return rows.map((o) => ({ ...o, Today: officeToday(o.TimeZone, now) }));
}

export const ids = (offices: readonly ScopedOffice[]) => offices.map((o) => o.IcdOfficeID);

/** Smallest and largest of some 'YYYY-MM-DD' days. */
export function dayBounds(days: readonly string[]): { first: string; last: string } {
  const sorted = [...days].sort();
  return { first: sorted[0], last: sorted[sorted.length - 1] };
}
