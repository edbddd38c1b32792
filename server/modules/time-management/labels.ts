// Names for the ids in time-entry copies (type, office, program, store), so the changes the audit
// and the employee see read 'Office: Toronto Central' rather than 'Office: 1'.
import { inArray } from 'drizzle-orm';
import { icdOffices, programs, stores, timeEntryTypes } from '../../db/tables';
import { allOrFirstError } from '../../db/together';
import type { Labeler } from '../../domain/time-management/changes';
import type { Conn } from './record';

type Copy = Readonly<Record<string, unknown>> | null | undefined;

function idsOf(copies: readonly Copy[], field: string): number[] {
  const out = new Set<number>();
  for (const c of copies) {
    const v = c?.[field];
    if (typeof v === 'number') out.add(v);
  }
  return [...out];
}

/** A labeler knowing every id that appears in the copies. */
export async function entryLabeler(db: Conn, copies: readonly Copy[]): Promise<Labeler> {
  const [types, offices, programRows, storeRows] = await allOrFirstError(db, [
    () => db.select({ id: timeEntryTypes.TimeEntryTypeID, name: timeEntryTypes.Name }).from(timeEntryTypes),
    () =>
      idsOf(copies, 'IcdOfficeID').length
        ? db
            .select({ id: icdOffices.IcdOfficeID, name: icdOffices.OfficeName })
            .from(icdOffices)
            .where(inArray(icdOffices.IcdOfficeID, idsOf(copies, 'IcdOfficeID')))
        : [],
    () =>
      idsOf(copies, 'ProgramID').length
        ? db
            .select({ id: programs.ProgramID, name: programs.Name })
            .from(programs)
            .where(inArray(programs.ProgramID, idsOf(copies, 'ProgramID')))
        : [],
    () =>
      idsOf(copies, 'StoreID').length
        ? db
            .select({ id: stores.StoreID, name: stores.Name })
            .from(stores)
            .where(inArray(stores.StoreID, idsOf(copies, 'StoreID')))
        : [],
  ] as const);
  const maps: Record<string, Map<number, string>> = {
    TimeEntryTypeID: new Map(types.map((r) => [r.id, r.name])),
    IcdOfficeID: new Map(offices.map((r) => [r.id, r.name])),
    ProgramID: new Map(programRows.map((r) => [r.id, r.name])),
    StoreID: new Map(storeRows.map((r) => [r.id, r.name])),
  };
  return (field, value) => maps[field]?.get(Number(value));
}
