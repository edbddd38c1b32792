// Finding the employee a spreadsheet row names. The employees the caller's imports:run reaches are
// read once per file into maps, so a 50 000-row file is matched in memory.
//
// Order (the first key the row fills decides; later ones must agree):
//   1. Apex ID (EmployeeID)      2. e-mail (without regard to case)
//   3. ADP employee number (terminations and direct deposit; not when the ADP number is what is imported)
//   4. first + last name (without regard to case or extra spaces), narrowed by the SSN's last 4 digits.
// A row whose first/last name or SSN's last 4 disagree with the employee found by id, e-mail or ADP
// number is bad (a shifted column is caught before anything changes). Employees outside the caller's
// scope are "not found", as if they did not exist.
import { eq, inArray, sql } from 'drizzle-orm';
import { IMPORTS_RUN, type ImportField, type MatchedBy } from '../../../src/contract/imports';
import type { Db } from '../../db/client';
import { employees, employmentRecords } from '../../db/tables';
import type { Actor } from '../access/service';

export interface DirectoryRecord {
  EmploymentRecordID: number;
  IcdOfficeID: number;
  EmployeeStatusID: number;
  HireDate: string | null;
  TerminationDate: string | null;
}

export interface DirectoryEmployee {
  EmployeeID: number;
  FirstName: string;
  LastName: string;
  Name: string;
  EmailAddress: string | null;
  ADPEmployeeID: string | null;
  SSNLast4: string | null;
  CountryID: number | null;
  records: DirectoryRecord[];
}

const normal = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

export class Directory {
  readonly byId = new Map<number, DirectoryEmployee>();
  private readonly byEmail = new Map<string, DirectoryEmployee>();
  private readonly byAdp = new Map<string, DirectoryEmployee>();
  private readonly byName = new Map<string, DirectoryEmployee[]>();
  /** Every ADP number in Apex (any scope) → its employee's id: numbers are unique company-wide. */
  readonly adpHolders = new Map<string, number>();

  add(e: DirectoryEmployee): void {
    this.byId.set(e.EmployeeID, e);
    if (e.EmailAddress) this.byEmail.set(normal(e.EmailAddress), e);
    if (e.ADPEmployeeID) this.byAdp.set(normal(e.ADPEmployeeID), e);
    const key = `${normal(e.FirstName)}|${normal(e.LastName)}`;
    const list = this.byName.get(key);
    if (list) list.push(e);
    else this.byName.set(key, [e]);
  }

  holderOf(adp: string): number | undefined {
    return this.adpHolders.get(normal(adp));
  }

  /** The employee a row names, or why none. `useAdp`: the ADP number identifies (it is not the value imported). */
  match(
    v: Partial<Record<ImportField, string>>,
    useAdp: boolean,
  ): { employee: DirectoryEmployee; by: MatchedBy } | { error: string } {
    const ssn = v.SSNLast4 ? v.SSNLast4.replace(/\D/g, '').padStart(4, '0') : undefined;
    if (v.SSNLast4 && (!/^\d{1,4}$/.test(v.SSNLast4.replace(/[\s-]/g, '')) || !ssn))
      return { error: `The SSN's last 4 digits “${v.SSNLast4}” are not 4 digits` };
    let found: { employee: DirectoryEmployee; by: MatchedBy } | undefined;
    if (v.EmployeeID) {
      if (!/^\d{1,9}$/.test(v.EmployeeID)) return { error: `The Apex ID “${v.EmployeeID}” is not a number` };
      const e = this.byId.get(Number(v.EmployeeID));
      if (!e) return { error: `No employee has the Apex ID ${v.EmployeeID}` };
      found = { employee: e, by: 'EmployeeID' };
    } else if (v.EmailAddress) {
      const e = this.byEmail.get(normal(v.EmailAddress));
      if (!e) return { error: `No employee has the e-mail ${v.EmailAddress}` };
      found = { employee: e, by: 'EmailAddress' };
    } else if (useAdp && v.AdpEmployeeID) {
      const e = this.byAdp.get(normal(v.AdpEmployeeID));
      if (!e) return { error: `No employee has the ADP number ${v.AdpEmployeeID}` };
      found = { employee: e, by: 'AdpEmployeeID' };
    } else if (v.FirstName && v.LastName) {
      const named = this.byName.get(`${normal(v.FirstName)}|${normal(v.LastName)}`) ?? [];
      const who = `${v.FirstName} ${v.LastName}`;
      if (!named.length) return { error: `No employee is named ${who}` };
      const narrowed = ssn ? named.filter((e) => e.SSNLast4 === ssn) : named;
      if (!narrowed.length) return { error: `No employee named ${who} has an SSN ending in ${ssn}` };
      if (narrowed.length > 1)
        return {
          error: `${narrowed.length} employees are named ${who}; add their Apex ID, e-mail or the SSN's last 4 digits`,
        };
      return { employee: narrowed[0], by: ssn ? 'NameAndSSN' : 'Name' };
    } else {
      return {
        error: 'The row does not say which employee (no Apex ID, e-mail, ADP number or first and last name)',
      };
    }
    const e = found.employee;
    if (
      (v.FirstName && normal(v.FirstName) !== normal(e.FirstName)) ||
      (v.LastName && normal(v.LastName) !== normal(e.LastName))
    )
      return {
        error: `The name ${[v.FirstName, v.LastName].filter(Boolean).join(' ')} does not match ${e.Name} (Apex ID ${e.EmployeeID})`,
      };
    if (ssn && e.SSNLast4 !== ssn)
      return { error: `The SSN's last 4 digits do not match ${e.Name} (Apex ID ${e.EmployeeID})` };
    return found;
  }
}

/**
 * The employees the caller may import for: those with an employment record where imports:run reaches.
 * Each table is read as one JSON text (50 000 employees cost one value, not 50 000 rows through the driver).
 */
export async function loadDirectory(db: Db, actor: Actor): Promise<Directory> {
  const scope = actor.offices(IMPORTS_RUN);
  const r = employmentRecords;
  const [{ j: recordJson }] = await db
    .select({
      j: sql<string>`coalesce(json_agg(json_build_array(${r.EmployeeID}, ${r.EmploymentRecordID}, ${r.IcdOfficeID}, ${r.EmployeeStatusID}, ${r.HireDate}, ${r.TerminationDate})), '[]')::text`,
    })
    .from(r)
    .where(scope === 'all' ? undefined : inArray(r.IcdOfficeID, [...scope, -1]));
  const byEmployee = new Map<number, DirectoryRecord[]>();
  for (const [
    EmployeeID,
    EmploymentRecordID,
    IcdOfficeID,
    EmployeeStatusID,
    HireDate,
    TerminationDate,
  ] of JSON.parse(recordJson) as [number, number, number, number, string | null, string | null][]) {
    const rec = { EmploymentRecordID, IcdOfficeID, EmployeeStatusID, HireDate, TerminationDate };
    const list = byEmployee.get(EmployeeID);
    if (list) list.push(rec);
    else byEmployee.set(EmployeeID, [rec]);
  }
  const e = employees;
  const [{ j: peopleJson }] = await db
    .select({
      j: sql<string>`coalesce(json_agg(json_build_array(${e.EmployeeID}, ${e.FirstName}, ${e.LastName}, ${e.EmailAddress}, ${e.ADPEmployeeID}, right(${e.SSN}, 4), ${e.CountryID}, ${e.IsServiceAccount})), '[]')::text`,
    })
    .from(e);
  const directory = new Directory();
  type PersonRow = [
    number,
    string,
    string,
    string | null,
    string | null,
    string | null,
    number | null,
    boolean,
  ];
  for (const [
    EmployeeID,
    FirstName,
    LastName,
    EmailAddress,
    ADPEmployeeID,
    ssn,
    CountryID,
    service,
  ] of JSON.parse(peopleJson) as PersonRow[]) {
    if (ADPEmployeeID) directory.adpHolders.set(normal(ADPEmployeeID), EmployeeID);
    if (service) continue;
    const records = byEmployee.get(EmployeeID);
    if (scope !== 'all' && !records) continue;
    directory.add({
      EmployeeID,
      FirstName,
      LastName,
      Name: `${FirstName} ${LastName}`,
      EmailAddress,
      ADPEmployeeID,
      SSNLast4: ssn && ssn.length === 4 ? ssn : null,
      CountryID,
      records: records ?? [],
    });
  }
  return directory;
}

/** Reads one employee's current ADP number (for the apply's check that nothing moved). */
export async function currentAdpNumbers(db: Db, ids: number[]): Promise<Map<number, string | null>> {
  const out = new Map<number, string | null>();
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = ids.slice(i, i + 5000);
    const rows = await db
      .select({ EmployeeID: employees.EmployeeID, ADPEmployeeID: employees.ADPEmployeeID })
      .from(employees)
      .where(chunk.length === 1 ? eq(employees.EmployeeID, chunk[0]) : inArray(employees.EmployeeID, chunk));
    for (const r of rows) out.set(r.EmployeeID, r.ADPEmployeeID);
  }
  return out;
}
