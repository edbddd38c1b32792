// Reading an uploaded workbook into a stored preview (every row with what would change or why it is
// bad), and reading stored previews back. Nothing outside payroll_imports changes here.
import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { BANK_VIEW_SENSITIVE } from '../../../src/contract/bank';
import {
  IMPORT_KIND_SPECS,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORTS_RUN,
  type ImportField,
  type ImportKind,
  type ImportPreview,
  type ImportRowStatus,
  type ImportRowsPage,
  PREVIEW_ROWS,
} from '../../../src/contract/imports';
import { LookupKind } from '../../../src/contract/lookups';
import type { Db } from '../../db/client';
import type { StoredImportRow } from '../../db/schema/imports';
import {
  bankAccounts,
  employees,
  lookups,
  payPeriods,
  payrollEntries,
  payrollImports,
  payrollManualSubmissions,
} from '../../db/tables';
import { AppError, badRequest, notFound } from '../../errors';
import { cleanFileName } from '../../uploads';
import type { Actor } from '../access/service';
import { defaultDefinition, getDefinition } from './definitions-service';
import {
  type AccountState,
  FIELD_LABELS,
  previewAdpNumbers,
  previewDirectDeposit,
  previewRequestNumbers,
  previewTerminations,
  type RequestState,
} from './kinds';
import { type Directory, loadDirectory } from './match';
import { readRows, requireWorkbook } from './sheet';

export interface Upload {
  fileName: string;
  data: Buffer;
  /** The stream went past the size limit. */
  truncated: boolean;
}

type ImportRowDb = typeof payrollImports.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const tooLarge = () =>
  new AppError(413, IMPORT_MESSAGES.tooLarge, { Errors: { File: [IMPORT_MESSAGES.tooLarge] } });

/** Identity column sets: at least one must be in the file for kinds that identify employees. */
function identitySets(kind: ImportKind): ImportField[][] | null {
  if (!IMPORT_KIND_SPECS[kind].identifies) return null;
  const sets: ImportField[][] = [['EmployeeID'], ['EmailAddress']];
  if (kind !== 'AdpEmployeeNumbers') sets.push(['AdpEmployeeID']);
  sets.push(['FirstName', 'LastName']);
  return sets;
}

async function terminationReasons(db: Db) {
  return db
    .select({ Id: lookups.Id, Name: lookups.Name })
    .from(lookups)
    .where(eq(lookups.Kind, LookupKind.TerminationReasons))
    .orderBy(lookups.SortIndex);
}

async function accountsOf(db: Db, dir: Directory): Promise<Map<number, AccountState[]>> {
  const ids = [...dir.byId.keys()];
  const out = new Map<number, AccountState[]>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .select({
        EmployeeID: bankAccounts.EmployeeID,
        CountryID: bankAccounts.CountryID,
        RoutingNumber: bankAccounts.RoutingNumber,
        InstitutionNumber: bankAccounts.InstitutionNumber,
        AccountNumber: bankAccounts.AccountNumber,
        IsDirectDeposit: bankAccounts.IsDirectDeposit,
      })
      .from(bankAccounts)
      .where(inArray(bankAccounts.EmployeeID, ids.slice(i, i + 5000)));
    for (const r of rows) out.set(r.EmployeeID, [...(out.get(r.EmployeeID) ?? []), r]);
  }
  return out;
}

async function requestsOf(db: Db, numbers: number[]): Promise<Map<number, RequestState>> {
  const out = new Map<number, RequestState>();
  for (let i = 0; i < numbers.length; i += 5000) {
    const rows = await db
      .select({
        ManualSubmissionID: payrollManualSubmissions.ManualSubmissionID,
        EmployeeID: payrollEntries.EmployeeID,
        IsProcessedByAdp: payrollEntries.IsProcessedByAdp,
        StartDate: payPeriods.StartDate,
        EndDate: payPeriods.EndDate,
      })
      .from(payrollManualSubmissions)
      .innerJoin(payrollEntries, eq(payrollEntries.PayrollEntryID, payrollManualSubmissions.PayrollEntryID))
      .innerJoin(payPeriods, eq(payPeriods.PayPeriodID, payrollEntries.PayPeriodID))
      .where(inArray(payrollManualSubmissions.ManualSubmissionID, numbers.slice(i, i + 5000)));
    for (const r of rows)
      out.set(r.ManualSubmissionID, {
        ManualSubmissionID: r.ManualSubmissionID,
        EmployeeID: r.EmployeeID,
        IsProcessedByAdp: r.IsProcessedByAdp,
        Period: `${r.StartDate} – ${r.EndDate}`,
      });
  }
  return out;
}

/** Reads the file with the chosen (or default) definition and stores its preview. */
export async function readImport(p: {
  db: Db;
  actor: Actor;
  kind: ImportKind;
  file: Upload | null;
  definitionId?: number;
}): Promise<ImportPreview> {
  const { db, actor, kind, file } = p;
  if (!file || file.data.length === 0)
    throw badRequest(IMPORT_MESSAGES.noFile, { File: [IMPORT_MESSAGES.noFile] });
  if (file.truncated || file.data.length > IMPORT_MAX_BYTES) throw tooLarge();
  const zip = requireWorkbook(file.data);
  const definition =
    p.definitionId === undefined
      ? await defaultDefinition({ db, kind })
      : await getDefinition({ db, id: p.definitionId });
  if (definition.ImportKind !== kind)
    throw badRequest('This import definition is for another kind of import.', {
      ImportDefinitionID: [`This definition is for ${definition.ImportKind}, not ${kind}`],
    });
  const spec = IMPORT_KIND_SPECS[kind];
  const sheet = await readRows(file.data, zip, {
    headerRow: definition.HeaderRow,
    sheetName: definition.SheetName,
    columns: definition.Columns,
    required: spec.required,
    anyOf: identitySets(kind),
    label: (f) => FIELD_LABELS[f],
  });
  const dir = await loadDirectory(db, actor);
  let rows: StoredImportRow[];
  switch (kind) {
    case 'AdpEmployeeNumbers':
      rows = previewAdpNumbers(sheet, dir);
      break;
    case 'Terminations':
      rows = previewTerminations(sheet, dir, await terminationReasons(db));
      break;
    case 'DirectDeposit':
      rows = previewDirectDeposit(sheet, dir, await accountsOf(db, dir), actor.has(BANK_VIEW_SENSITIVE));
      break;
    case 'RequestNumbers': {
      const numbers = sheet
        .map((r) => Number(r.values.RequestNumber))
        .filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31);
      rows = previewRequestNumbers(sheet, dir, await requestsOf(db, numbers));
      break;
    }
  }
  const counts = { Change: 0, Unchanged: 0, Bad: 0 };
  for (const r of rows) counts[r.Status] += 1;
  const [stored] = await db
    .insert(payrollImports)
    .values({
      ImportKind: kind,
      ImportDefinitionID: definition.ImportDefinitionID,
      DefinitionName: definition.Name,
      FileName: cleanFileName(file.fileName || 'import.xlsx'),
      FileSize: file.data.length,
      FileSha256: createHash('sha256').update(file.data).digest('hex'),
      RowCount: rows.length,
      ChangeCount: counts.Change,
      UnchangedCount: counts.Unchanged,
      BadCount: counts.Bad,
      Rows: rows,
      CreatedByEmployeeID: actor.EmployeeID,
    })
    .returning({
      ImportID: payrollImports.ImportID,
      ImportKind: payrollImports.ImportKind,
      ImportDefinitionID: payrollImports.ImportDefinitionID,
      DefinitionName: payrollImports.DefinitionName,
      FileName: payrollImports.FileName,
      RowCount: payrollImports.RowCount,
      ChangeCount: payrollImports.ChangeCount,
      UnchangedCount: payrollImports.UnchangedCount,
      BadCount: payrollImports.BadCount,
      CreatedAt: payrollImports.CreatedAt,
      AppliedAt: payrollImports.AppliedAt,
    });
  return toPreview(
    stored,
    rows.slice(0, PREVIEW_ROWS),
    actor.FirstName ? `${actor.FirstName} ${actor.LastName}` : null,
    null,
  );
}

const wireRow = ({ Apply: _, ...row }: StoredImportRow) => row;

type Head = Pick<
  ImportRowDb,
  | 'ImportID'
  | 'ImportKind'
  | 'ImportDefinitionID'
  | 'DefinitionName'
  | 'FileName'
  | 'RowCount'
  | 'ChangeCount'
  | 'UnchangedCount'
  | 'BadCount'
  | 'CreatedAt'
  | 'AppliedAt'
>;

function toPreview(
  r: Head,
  rows: StoredImportRow[],
  createdBy: string | null,
  appliedBy: string | null,
): ImportPreview {
  const kind = r.ImportKind as ImportKind;
  const apply = IMPORT_KIND_SPECS[kind].apply;
  return {
    ImportID: r.ImportID,
    ImportKind: kind,
    ImportDefinitionID: r.ImportDefinitionID,
    DefinitionName: r.DefinitionName,
    FileName: r.FileName,
    RowCount: r.RowCount,
    ChangeCount: r.ChangeCount,
    UnchangedCount: r.UnchangedCount,
    BadCount: r.BadCount,
    CanApply: apply !== null && r.BadCount === 0 && r.AppliedAt === null,
    ApplyPath: apply,
    CreatedAt: r.CreatedAt.toISOString(),
    CreatedByName: createdBy,
    AppliedAt: r.AppliedAt?.toISOString() ?? null,
    AppliedByName: appliedBy,
    Rows: rows.map(wireRow),
    MoreRows: r.RowCount > rows.length,
  };
}

async function namesOf(db: Db, ids: (number | null)[]): Promise<(eid: number | null) => string | null> {
  const wanted = ids.filter((i): i is number => i !== null);
  const rows = wanted.length
    ? await db
        .select({
          id: employees.EmployeeID,
          name: sql<string>`${employees.FirstName} || ' ' || ${employees.LastName}`,
        })
        .from(employees)
        .where(inArray(employees.EmployeeID, wanted))
    : [];
  return (eid) => rows.find((n) => n.id === eid)?.name ?? null;
}

/** An import the caller may see: their own, or any when their imports:run reaches every office. */
export async function importFor(db: Db | Tx, actor: Actor, id: number, lock = false): Promise<ImportRowDb> {
  const q = db.select().from(payrollImports).where(eq(payrollImports.ImportID, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row || (row.CreatedByEmployeeID !== actor.EmployeeID && actor.offices(IMPORTS_RUN) !== 'all'))
    throw notFound('The import');
  return row;
}

export async function getImport(p: { db: Db; actor: Actor; id: number }): Promise<ImportPreview> {
  const { db, actor, id } = p;
  const row = await importFor(db, actor, id);
  const name = await namesOf(db, [row.CreatedByEmployeeID, row.AppliedByEmployeeID]);
  return toPreview(
    row,
    row.Rows.slice(0, PREVIEW_ROWS),
    name(row.CreatedByEmployeeID),
    name(row.AppliedByEmployeeID),
  );
}

/** A page of a preview's rows, optionally only those of one status, in line order. */
export async function getImportRows(p: {
  db: Db;
  actor: Actor;
  id: number;
  status?: ImportRowStatus;
  pageIndex: number;
  pageSize: number;
}): Promise<ImportRowsPage> {
  const { db, actor, id, status, pageIndex, pageSize } = p;
  const row = await importFor(db, actor, id);
  const rows = status ? row.Rows.filter((r) => r.Status === status) : row.Rows;
  const start = pageIndex * pageSize;
  return {
    Items: rows.slice(start, start + pageSize).map(wireRow),
    TotalCount: rows.length,
    PageIndex: pageIndex,
    PageSize: pageSize,
  };
}
