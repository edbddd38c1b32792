// Import definitions: which column of a file holds which field, per kind of import. Names are unique
// (without regard to case: 409); one definition per kind may be the default (setting one clears the
// others); a kind with no stored default answers its built-in definition (usual ADP headers).
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  builtInDefinition,
  definitionProblems,
  IMPORT_MESSAGES,
  type ImportDefinition,
  type ImportDefinitionSave,
  type ImportDefinitionUpdate,
  type ImportKind,
} from '../../../src/contract/imports';
import type { Db } from '../../db/client';
import { employees, payrollImportDefinitions } from '../../db/tables';
import { AppError, badRequest, notFound } from '../../errors';
import type { Actor } from '../access/service';

type Row = typeof payrollImportDefinitions.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

const DEFINITION = 'The import definition';

function wire(r: Row, by: string | null): ImportDefinition {
  return {
    ImportDefinitionID: r.ImportDefinitionID,
    Name: r.Name,
    ImportKind: r.ImportKind as ImportKind,
    IsDefault: r.IsDefault,
    HeaderRow: r.HeaderRow,
    SheetName: r.SheetName,
    Columns: r.Columns,
    Version: r.Version,
    UpdatedAt: r.UpdatedAt.toISOString(),
    UpdatedByName: by,
  };
}

async function withNames(db: Conn, where: ReturnType<typeof eq> | undefined): Promise<ImportDefinition[]> {
  const rows = await db
    .select({
      d: payrollImportDefinitions,
      by: sql<string | null>`${employees.FirstName} || ' ' || ${employees.LastName}`,
    })
    .from(payrollImportDefinitions)
    .leftJoin(employees, eq(employees.EmployeeID, payrollImportDefinitions.UpdatedByEmployeeID))
    .where(where)
    .orderBy(asc(payrollImportDefinitions.ImportKind), asc(sql`lower(${payrollImportDefinitions.Name})`));
  return rows.map((r) => wire(r.d, r.by));
}

export const listDefinitions = (p: { db: Db; kind?: ImportKind }) =>
  withNames(p.db, p.kind ? eq(payrollImportDefinitions.ImportKind, p.kind) : undefined);

export async function getDefinition(p: { db: Conn; id: number }): Promise<ImportDefinition> {
  const [d] = await withNames(p.db, eq(payrollImportDefinitions.ImportDefinitionID, p.id));
  if (!d) throw notFound(DEFINITION);
  return d;
}

export async function defaultDefinition(p: { db: Conn; kind: ImportKind }): Promise<ImportDefinition> {
  const [stored] = await withNames(
    p.db,
    and(eq(payrollImportDefinitions.ImportKind, p.kind), eq(payrollImportDefinitions.IsDefault, true)),
  );
  return stored ?? builtInDefinition(p.kind);
}

function check(body: { ImportKind: ImportKind; Columns: ImportDefinition['Columns'] }): void {
  const errors = definitionProblems(body);
  if (Object.keys(errors).length) throw badRequest('Check the column mapping.', errors);
}

async function requireFreeName(db: Conn, name: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: payrollImportDefinitions.ImportDefinitionID })
    .from(payrollImportDefinitions)
    .where(
      and(
        sql`lower(${payrollImportDefinitions.Name}) = lower(${name})`,
        exceptId ? ne(payrollImportDefinitions.ImportDefinitionID, exceptId) : undefined,
      ),
    );
  if (taken)
    throw new AppError(409, IMPORT_MESSAGES.nameTaken, {
      Errors: { Name: [IMPORT_MESSAGES.nameTaken] },
    });
}

async function clearDefault(db: Conn, kind: string, exceptId?: number): Promise<void> {
  await db
    .update(payrollImportDefinitions)
    .set({ IsDefault: false, Version: sql`${payrollImportDefinitions.Version} + 1` })
    .where(
      and(
        eq(payrollImportDefinitions.ImportKind, kind),
        eq(payrollImportDefinitions.IsDefault, true),
        exceptId ? ne(payrollImportDefinitions.ImportDefinitionID, exceptId) : undefined,
      ),
    );
}

type Saved = ImportDefinitionSave & { IsDefault: boolean; HeaderRow: number };

export async function createDefinition(p: { db: Db; actor: Actor; body: Saved }): Promise<ImportDefinition> {
  const { db, actor, body } = p;
  check(body);
  return db.transaction(async (tx) => {
    await requireFreeName(tx, body.Name);
    if (body.IsDefault) await clearDefault(tx, body.ImportKind);
    const [row] = await tx
      .insert(payrollImportDefinitions)
      .values({
        Name: body.Name,
        ImportKind: body.ImportKind,
        IsDefault: body.IsDefault,
        HeaderRow: body.HeaderRow,
        SheetName: body.SheetName || null,
        Columns: body.Columns,
        UpdatedByEmployeeID: actor.EmployeeID,
      })
      .returning({ id: payrollImportDefinitions.ImportDefinitionID });
    return getDefinition({ db: tx, id: row.id });
  });
}

async function lockCurrent(tx: Tx, id: number, version: number | undefined): Promise<Row> {
  const [row] = await tx
    .select()
    .from(payrollImportDefinitions)
    .where(eq(payrollImportDefinitions.ImportDefinitionID, id))
    .for('update');
  if (!row) throw notFound(DEFINITION);
  if (version !== undefined && row.Version !== version)
    throw new AppError(409, 'This item was changed by someone else. Review the current version.', {
      body: { Current: await getDefinition({ db: tx, id }) },
    });
  return row;
}

export async function updateDefinition(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: Saved & Pick<ImportDefinitionUpdate, 'Version'>;
}): Promise<ImportDefinition> {
  const { db, actor, id, body } = p;
  check(body);
  return db.transaction(async (tx) => {
    const row = await lockCurrent(tx, id, body.Version);
    await requireFreeName(tx, body.Name, id);
    if (body.IsDefault) await clearDefault(tx, body.ImportKind, id);
    await tx
      .update(payrollImportDefinitions)
      .set({
        Name: body.Name,
        ImportKind: body.ImportKind,
        IsDefault: body.IsDefault,
        HeaderRow: body.HeaderRow,
        SheetName: body.SheetName || null,
        Columns: body.Columns,
        Version: row.Version + 1,
        UpdatedAt: new Date(),
        UpdatedByEmployeeID: actor.EmployeeID,
      })
      .where(eq(payrollImportDefinitions.ImportDefinitionID, id));
    return getDefinition({ db: tx, id });
  });
}

export async function renameDefinition(p: {
  db: Db;
  actor: Actor;
  id: number;
  name: string;
  version?: number;
}): Promise<ImportDefinition> {
  const { db, actor, id, name, version } = p;
  return db.transaction(async (tx) => {
    const row = await lockCurrent(tx, id, version);
    if (row.Name === name) return getDefinition({ db: tx, id });
    await requireFreeName(tx, name, id);
    await tx
      .update(payrollImportDefinitions)
      .set({
        Name: name,
        Version: row.Version + 1,
        UpdatedAt: new Date(),
        UpdatedByEmployeeID: actor.EmployeeID,
      })
      .where(eq(payrollImportDefinitions.ImportDefinitionID, id));
    return getDefinition({ db: tx, id });
  });
}

export async function deleteDefinition(p: { db: Db; id: number; version?: number }): Promise<void> {
  const { db, id, version } = p;
  await db.transaction(async (tx) => {
    await lockCurrent(tx, id, version);
    await tx.delete(payrollImportDefinitions).where(eq(payrollImportDefinitions.ImportDefinitionID, id));
  });
}
