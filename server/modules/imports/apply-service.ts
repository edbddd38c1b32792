// Applying a stored preview: ADP employee numbers onto employees, and terminations onto employment
// records. All or nothing, in one transaction:
// - a preview with a bad row is refused (422, each bad row named by its line);
// - when Apex changed since the file was read (an ADP number or an employment moved), 409 naming the
//   lines, nothing written;
// - applying an import again changes nothing and says so (200, AlreadyApplied); a file read again after
//   it was applied previews every row as Unchanged and applies nothing.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { EmployeeStatus } from '../../../src/contract/common';
import {
  IMPORT_KIND_SPECS,
  IMPORT_MESSAGES,
  IMPORTS_RUN,
  type ImportApplyResult,
  type ImportKind,
} from '../../../src/contract/imports';
import type { Db } from '../../db/client';
import type { StoredImportRow } from '../../db/schema/imports';
import { employees, employmentRecords, payrollImports } from '../../db/tables';
import { AppError, badRequest } from '../../errors';
import type { Actor } from '../access/service';
import { endSessions } from '../employees/save-service';
import { recordEmploymentRecordChange } from '../employments/record';
import { importFor } from './preview-service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const MAX_MESSAGES = 100;

function linesError(status: number, message: string, lines: string[]): AppError {
  return new AppError(status, message, {
    Messages: lines.slice(0, MAX_MESSAGES),
    Errors: { ImportID: [message] },
  });
}

export async function applyImport(p: {
  db: Db;
  actor: Actor;
  kind: ImportKind;
  importId: number;
  now?: Date;
}): Promise<ImportApplyResult> {
  const { db, actor, kind, importId } = p;
  return db.transaction(async (tx) => {
    const imp = await importFor(tx, actor, importId, true);
    if (imp.ImportKind !== kind)
      throw badRequest(IMPORT_MESSAGES.wrongKind, {
        ImportID: [
          `This import is of ${imp.ImportKind}; it is applied by ${IMPORT_KIND_SPECS[imp.ImportKind as ImportKind].apply ?? 'nothing (preview only)'}`,
        ],
      });
    if (imp.AppliedAt)
      return {
        ImportID: imp.ImportID,
        Changed: 0,
        Unchanged: imp.RowCount,
        AlreadyApplied: true,
        Message: `${IMPORT_MESSAGES.alreadyApplied} It was applied on ${imp.AppliedAt.toISOString().slice(0, 10)}.`,
        AppliedAt: imp.AppliedAt.toISOString(),
      };
    if (imp.BadCount > 0)
      throw linesError(
        422,
        `${IMPORT_MESSAGES.hasBadRows} (${imp.BadCount} bad ${imp.BadCount === 1 ? 'row' : 'rows'})`,
        imp.Rows.filter((r) => r.Status === 'Bad').map((r) => `Line ${r.Line}: ${r.Reason}`),
      );
    const changes = imp.Rows.filter((r) => r.Status === 'Change');
    if (kind === 'AdpEmployeeNumbers') await applyAdpNumbers(tx, changes);
    else if (kind === 'Terminations') await applyTerminations(tx, actor, changes);
    const at = p.now ?? new Date();
    await tx
      .update(payrollImports)
      .set({ AppliedAt: at, AppliedByEmployeeID: actor.EmployeeID, AppliedChangeCount: changes.length })
      .where(eq(payrollImports.ImportID, imp.ImportID));
    return {
      ImportID: imp.ImportID,
      Changed: changes.length,
      Unchanged: imp.UnchangedCount,
      AlreadyApplied: false,
      Message: changes.length
        ? `${changes.length} ${changes.length === 1 ? 'employee was' : 'employees were'} changed.`
        : IMPORT_MESSAGES.nothingToChange,
      AppliedAt: at.toISOString(),
    };
  });
}

async function chunked<T, R>(items: T[], size: number, run: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await run(items.slice(i, i + size))));
  return out;
}

async function applyAdpNumbers(tx: Tx, changes: StoredImportRow[]): Promise<void> {
  if (!changes.length) return;
  const ids = changes.map((r) => r.EmployeeID as number);
  const now = await chunked(ids, 5000, (chunk) =>
    tx
      .select({ id: employees.EmployeeID, adp: employees.ADPEmployeeID })
      .from(employees)
      .where(inArray(employees.EmployeeID, chunk))
      .for('update'),
  );
  const current = new Map(now.map((r) => [r.id, r.adp]));
  const moved = changes.filter(
    (r) => !current.has(r.EmployeeID as number) || current.get(r.EmployeeID as number) !== r.CurrentValue,
  );
  // Numbers another employee took since the preview (outside the employees this file changes).
  const wanted = changes.map((r) => (r.NewValue as string).toLowerCase());
  const holders = await chunked(wanted, 5000, (chunk) =>
    tx
      .select({ id: employees.EmployeeID, adp: employees.ADPEmployeeID })
      .from(employees)
      .where(inArray(sql`lower(${employees.ADPEmployeeID})`, chunk)),
  );
  const changing = new Set(ids);
  const taken = new Map(
    holders.filter((h) => !changing.has(h.id)).map((h) => [(h.adp ?? '').toLowerCase(), h.id]),
  );
  const lines = [
    ...moved.map(
      (r) =>
        `Line ${r.Line}: ${r.EmployeeName}'s ADP number is now ${current.get(r.EmployeeID as number) ?? 'empty'}`,
    ),
    ...changes
      .filter((r) => taken.has((r.NewValue as string).toLowerCase()))
      .map((r) => `Line ${r.Line}: the ADP number ${r.NewValue} now belongs to another employee`),
  ];
  if (lines.length) throw linesError(409, IMPORT_MESSAGES.changedSince, lines);
  for (const r of changes)
    await tx
      .update(employees)
      .set({ ADPEmployeeID: r.NewValue, Version: sql`${employees.Version} + 1` })
      .where(eq(employees.EmployeeID, r.EmployeeID as number));
}

async function applyTerminations(tx: Tx, actor: Actor, changes: StoredImportRow[]): Promise<void> {
  const scope = actor.offices(IMPORTS_RUN);
  const lines: string[] = [];
  const work: { row: StoredImportRow; records: (typeof employmentRecords.$inferSelect)[] }[] = [];
  for (const row of changes) {
    const records = (
      await tx
        .select()
        .from(employmentRecords)
        .where(eq(employmentRecords.EmployeeID, row.EmployeeID as number))
        .for('update')
    ).filter((r) => scope === 'all' || scope.has(r.IcdOfficeID));
    const active = records.filter((r) => r.EmployeeStatusID === EmployeeStatus.Active);
    if (!active.length) lines.push(`Line ${row.Line}: ${row.EmployeeName} is no longer active`);
    else work.push({ row, records: active });
  }
  if (lines.length) throw linesError(409, IMPORT_MESSAGES.changedSince, lines);
  for (const { row, records } of work) {
    const a = row.Apply ?? {};
    const date = a.TerminationDate as string;
    for (const before of records) {
      const [after] = await tx
        .update(employmentRecords)
        .set({
          EmployeeStatusID: EmployeeStatus.Terminated,
          TerminationDate: date,
          TerminationReasonID: a.TerminationReasonID ?? null,
          TerminationReasonExtra: a.TerminationComments ?? null,
          Version: before.Version + 1,
        })
        .where(eq(employmentRecords.EmploymentRecordID, before.EmploymentRecordID))
        .returning();
      await recordEmploymentRecordChange(tx, { before, after, by: actor.EmployeeID });
    }
    const id = row.EmployeeID as number;
    const [stillActive] = await tx
      .select({ id: employmentRecords.EmploymentRecordID })
      .from(employmentRecords)
      .where(
        and(
          eq(employmentRecords.EmployeeID, id),
          eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active),
        ),
      )
      .limit(1);
    if (!stillActive) {
      await tx
        .update(employees)
        .set({ Inactive: true, InactiveDate: date, Version: sql`${employees.Version} + 1` })
        .where(eq(employees.EmployeeID, id));
      await endSessions(tx, id, actor);
    }
  }
}
