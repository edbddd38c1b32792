// Writing employment events (src/contract/employments.ts): what the payroll provider must learn about
// a hire, a termination, a change of pay terms or of the person, and a direct-deposit change. Called
// inside the transaction of the change it records (employees save, onboarding approval and
// termination, bank accounts, imports), so a change and its event commit together.
//
// - recordEmploymentEvent: one event as given (a direct-deposit event merges into the awaiting item of
//   the same employee and account).
// - recordEmploymentRecordChange: from an employment record before → after, the hire (not Active →
//   Active), termination (Active → Terminated) or change of terms (Active → Active, fields differ).
// - recordPersonChange: name, address and birth date of someone the provider knows (an Active or
//   Terminated record).
// - recordBankAccountChange: an account on direct deposit (before or after) whose banking changed.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { maskAccountNumber } from '../../../src/contract/bank';
import { EmployeeStatus } from '../../../src/contract/common';
import {
  type EmploymentChange,
  EmploymentEventType,
  type EmploymentEventType as EventType,
} from '../../../src/contract/employments';
import { LookupKind } from '../../../src/contract/lookups';
import type { Db } from '../../db/client';
import { employmentEvents, employmentRecords, lookups } from '../../db/tables';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;

export interface EmploymentEventInput {
  type: EventType;
  employeeId: number;
  employmentRecordId?: number | null;
  /** Undefined: the employee's primary office (primaryOffice). */
  officeId?: number | null;
  bankAccountId?: number | null;
  /** YYYY-MM-DD: hire or termination date. */
  effectiveDate?: string | null;
  terminationReasonId?: number | null;
  terminationReasonExtra?: string | null;
  changes?: EmploymentChange[];
  /** EmployeeID of who made the change (null: the system, e.g. a job). */
  by: number | null;
  at?: Date;
}

/** Writes one event and answers its id. */
export async function recordEmploymentEvent(db: Conn, input: EmploymentEventInput): Promise<number> {
  const at = input.at ?? new Date();
  const changes = input.changes ?? [];
  if (input.type === EmploymentEventType.DirectDeposit && input.bankAccountId) {
    const [awaiting] = await db
      .select()
      .from(employmentEvents)
      .where(
        and(
          eq(employmentEvents.EventTypeID, EmploymentEventType.DirectDeposit),
          eq(employmentEvents.EmployeeID, input.employeeId),
          eq(employmentEvents.BankAccountID, input.bankAccountId),
          isNull(employmentEvents.ProcessedAt),
        ),
      )
      .for('update');
    if (awaiting) {
      await db
        .update(employmentEvents)
        .set({
          Changes: mergeChanges(awaiting.Changes, changes),
          OccurredAt: at,
          RecordedByEmployeeID: input.by,
          Version: awaiting.Version + 1,
        })
        .where(eq(employmentEvents.EmploymentEventID, awaiting.EmploymentEventID));
      return awaiting.EmploymentEventID;
    }
  }
  const officeId = input.officeId === undefined ? await primaryOffice(db, input.employeeId) : input.officeId;
  const [row] = await db
    .insert(employmentEvents)
    .values({
      EventTypeID: input.type,
      EmployeeID: input.employeeId,
      EmploymentRecordID: input.employmentRecordId ?? null,
      IcdOfficeID: officeId,
      BankAccountID: input.bankAccountId ?? null,
      EffectiveDate: input.effectiveDate ?? null,
      TerminationReasonID: input.terminationReasonId ?? null,
      TerminationReasonExtra: input.terminationReasonExtra ?? null,
      Changes: changes,
      OccurredAt: at,
      RecordedByEmployeeID: input.by,
    })
    .returning({ id: employmentEvents.EmploymentEventID });
  return row.id;
}

/**
 * The office an event of the person or of a bank account is filed under (its scope and the office
 * shown): the employee's first active record, else their first record; null without any.
 */
export async function primaryOffice(db: Conn, employeeId: number): Promise<number | null> {
  const [row] = await db
    .select({ IcdOfficeID: employmentRecords.IcdOfficeID })
    .from(employmentRecords)
    .where(eq(employmentRecords.EmployeeID, employeeId))
    .orderBy(
      sql`${employmentRecords.EmployeeStatusID} = ${EmployeeStatus.Active} desc`,
      asc(employmentRecords.EmploymentRecordID),
    )
    .limit(1);
  return row?.IcdOfficeID ?? null;
}

/** Later changes over earlier ones: each field keeps its first Before and takes the last After. */
export function mergeChanges(earlier: EmploymentChange[], later: EmploymentChange[]): EmploymentChange[] {
  const merged = new Map(earlier.map((c) => [c.Field, { ...c }]));
  for (const c of later) {
    const prior = merged.get(c.Field);
    merged.set(c.Field, prior ? { ...prior, After: c.After } : { ...c });
  }
  // An account number whose masked text is the same changed in the digits it hides: kept.
  return [...merged.values()].filter((c) => c.Before !== c.After || c.Field === 'AccountNumber');
}

// ---- employment records -------------------------------------------------------------------------------

/** The fields of an employment record this module reads (a drizzle row of employment_records fits). */
export interface RecordState {
  EmploymentRecordID: number;
  EmployeeID: number;
  IcdOfficeID: number;
  EmployeeStatusID: number;
  PayFrequencyID: number | null;
  BasisOfPayID: number | null;
  JobTitleID: number | null;
  PayRate: string | number | null;
  CommissionThreshold: string | number | null;
  CompensationProfileID: number | null;
  DefaultHours: string | number | null;
  Salary: string | number | null;
  Garnishment: string | number | null;
  HireDate: string | null;
  TerminationDate: string | null;
  TerminationReasonID: number | null;
  TerminationReasonExtra: string | null;
  IsOnPayroll: boolean;
}

const money = (v: string | number | null | undefined): string | null =>
  v === null || v === undefined || v === '' ? null : Number(v).toFixed(2);

/** Terms of pay the provider keeps, with the lookup kind that names an id field. */
const RECORD_FIELDS: ReadonlyArray<{
  field: string;
  read: (r: RecordState) => string | number | null;
  kind?: string;
  format?: (v: string | number | null) => string | null;
}> = [
  { field: 'PayRate', read: (r) => r.PayRate, format: money },
  { field: 'Salary', read: (r) => r.Salary, format: money },
  { field: 'BasisOfPay', read: (r) => r.BasisOfPayID, kind: LookupKind.BasisOfPay },
  { field: 'PayFrequency', read: (r) => r.PayFrequencyID, kind: LookupKind.PayFrequencies },
  { field: 'JobTitle', read: (r) => r.JobTitleID, kind: LookupKind.JobTitles },
  {
    field: 'CompensationProfile',
    read: (r) => r.CompensationProfileID,
    kind: LookupKind.CompensationProfiles,
  },
  { field: 'CommissionThreshold', read: (r) => r.CommissionThreshold, format: money },
  { field: 'DefaultHours', read: (r) => r.DefaultHours, format: money },
  { field: 'Garnishment', read: (r) => r.Garnishment, format: money },
  { field: 'HireDate', read: (r) => r.HireDate },
  { field: 'IsOnPayroll', read: (r) => (r.IsOnPayroll ? 'Yes' : 'No') },
];

async function lookupNames(db: Conn, kinds: string[]): Promise<Map<string, string>> {
  if (!kinds.length) return new Map();
  const rows = await db
    .select({ Kind: lookups.Kind, Id: lookups.Id, Name: lookups.Name })
    .from(lookups)
    .where(inArray(lookups.Kind, [...new Set(kinds)]));
  return new Map(rows.map((r) => [`${r.Kind}:${r.Id}`, r.Name]));
}

/** What each record's fields read as (the lookups' names read once for all of them). */
async function describe(db: Conn, ...records: RecordState[]): Promise<Map<string, string | null>[]> {
  const names = await lookupNames(
    db,
    RECORD_FIELDS.flatMap((f) => (f.kind ? [f.kind] : [])),
  );
  return records.map((r) => {
    const out = new Map<string, string | null>();
    for (const f of RECORD_FIELDS) {
      const raw = f.read(r);
      let text: string | null;
      if (raw === null || raw === undefined || raw === '') text = null;
      else if (f.kind) text = names.get(`${f.kind}:${raw}`) ?? String(raw);
      else if (f.format) text = f.format(raw);
      else text = String(raw);
      out.set(f.field, text);
    }
    return out;
  });
}

/** The hire, termination or change an employment record's save means (nothing when none). */
export async function recordEmploymentRecordChange(
  db: Conn,
  p: { before: RecordState | null; after: RecordState; by: number | null; at?: Date },
): Promise<number | null> {
  const { before, after } = p;
  const was = before?.EmployeeStatusID ?? null;
  const is = after.EmployeeStatusID;
  const base = {
    employeeId: after.EmployeeID,
    employmentRecordId: after.EmploymentRecordID,
    officeId: after.IcdOfficeID,
    by: p.by,
    at: p.at,
  };
  if (is === EmployeeStatus.Active && was !== EmployeeStatus.Active) {
    const [terms] = await describe(db, after);
    return recordEmploymentEvent(db, {
      ...base,
      type: EmploymentEventType.NewHire,
      effectiveDate: after.HireDate,
      changes: [...terms]
        .filter(([field, value]) => value !== null && field !== 'HireDate')
        .map(([Field, After]) => ({ Field, Before: null, After })),
    });
  }
  if (is === EmployeeStatus.Terminated && was === EmployeeStatus.Active) {
    return recordEmploymentEvent(db, {
      ...base,
      type: EmploymentEventType.Termination,
      effectiveDate: after.TerminationDate,
      terminationReasonId: after.TerminationReasonID,
      terminationReasonExtra: after.TerminationReasonExtra,
    });
  }
  if (is === EmployeeStatus.Active && was === EmployeeStatus.Active && before) {
    const [old, now] = await describe(db, before, after);
    const changes = RECORD_FIELDS.map((f) => ({
      Field: f.field,
      Before: old.get(f.field) ?? null,
      After: now.get(f.field) ?? null,
    })).filter((c) => c.Before !== c.After);
    if (!changes.length) return null;
    return recordEmploymentEvent(db, { ...base, type: EmploymentEventType.Change, changes });
  }
  return null;
}

/** Records of the employee with their current state (for callers that update several at once). */
export async function recordsOf(db: Conn, employeeId: number): Promise<RecordState[]> {
  return db.select().from(employmentRecords).where(eq(employmentRecords.EmployeeID, employeeId));
}

// ---- the person ---------------------------------------------------------------------------------------

export interface PersonState {
  FirstName: string;
  MiddleName: string | null;
  LastName: string;
  StreetLine1?: string | null;
  StreetLine2?: string | null;
  City?: string | null;
  StateProvince?: string | null;
  PostalCode?: string | null;
  CountryID?: number | null;
  BirthDate?: string | null;
}

const PERSON_FIELDS = [
  'FirstName',
  'MiddleName',
  'LastName',
  'StreetLine1',
  'StreetLine2',
  'City',
  'StateProvince',
  'PostalCode',
  'CountryID',
  'BirthDate',
] as const;

/** A change of name, address or birth date of someone the provider knows (hired once). */
export async function recordPersonChange(
  db: Conn,
  p: { employeeId: number; before: PersonState; after: PersonState; by: number | null; at?: Date },
): Promise<number | null> {
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  const changes = PERSON_FIELDS.filter((f) => f in p.after)
    .map((Field) => ({ Field, Before: text(p.before[Field]), After: text(p.after[Field]) }))
    .filter((c) => c.Before !== c.After);
  if (!changes.length) return null;
  const known = await db
    .select({ id: employmentRecords.EmploymentRecordID })
    .from(employmentRecords)
    .where(
      and(
        eq(employmentRecords.EmployeeID, p.employeeId),
        inArray(employmentRecords.EmployeeStatusID, [EmployeeStatus.Active, EmployeeStatus.Terminated]),
      ),
    )
    .limit(1);
  if (!known.length) return null;
  return recordEmploymentEvent(db, {
    type: EmploymentEventType.Change,
    employeeId: p.employeeId,
    changes,
    by: p.by,
    at: p.at,
  });
}

// ---- bank accounts ------------------------------------------------------------------------------------

export interface BankState {
  BankAccountID: number;
  EmployeeID: number;
  BankName: string;
  AccountTypeID: number;
  RoutingNumber: string;
  InstitutionNumber: string | null;
  AccountNumber: string;
  IsDirectDeposit: boolean;
  DepositAmount: string | number | null;
  DepositAmountTypeID: number | null;
}

function bankText(b: BankState | null): Map<string, string | null> {
  return new Map<string, string | null>([
    ['IsDirectDeposit', b ? (b.IsDirectDeposit ? 'Yes' : 'No') : null],
    ['BankName', b?.BankName ?? null],
    ['AccountTypeID', b ? String(b.AccountTypeID) : null],
    ['RoutingNumber', b?.RoutingNumber ?? null],
    ['InstitutionNumber', b?.InstitutionNumber ?? null],
    // Never the full number: the queue shows what changed, the bank page shows the number to whom may see it.
    ['AccountNumber', b ? maskAccountNumber(b.AccountNumber) : null],
    ['DepositAmountTypeID', b?.DepositAmountTypeID === null || !b ? null : String(b.DepositAmountTypeID)],
    ['DepositAmount', b ? money(b.DepositAmount) : null],
  ]);
}

/**
 * A direct-deposit change: an account on direct deposit before or after (created, changed, switched on
 * or off, deleted: after null) whose banking differs. Nothing for an account never on direct deposit.
 */
export async function recordBankAccountChange(
  db: Conn,
  p: { before: BankState | null; after: BankState | null; by: number | null; at?: Date },
): Promise<number | null> {
  const account = p.after ?? p.before;
  if (!account) return null;
  if (!p.before?.IsDirectDeposit && !p.after?.IsDirectDeposit) return null;
  const old = bankText(p.before);
  const now = bankText(p.after);
  const changes = [...now.keys()]
    .map((Field) => ({ Field, Before: old.get(Field) ?? null, After: now.get(Field) ?? null }))
    .filter(
      (c) =>
        c.Before !== c.After ||
        // The masked number hides a change of the digits before the last four.
        (c.Field === 'AccountNumber' &&
          p.before &&
          p.after &&
          p.before.AccountNumber !== p.after.AccountNumber),
    );
  if (!changes.length) return null;
  return recordEmploymentEvent(db, {
    type: EmploymentEventType.DirectDeposit,
    employeeId: account.EmployeeID,
    bankAccountId: account.BankAccountID,
    changes,
    by: p.by,
    at: p.at,
  });
}
