// Payroll imports from spreadsheets: import definitions (which column holds what) and the previews
// read from uploaded files (spec 001 §7 "Payroll imports", spec 002 §7 "Payroll import
// definitions"); wire shapes in src/contract/imports.ts.
//
// A preview keeps its rows as one gzip-compressed JSON array (a 50 000-row file is one small value,
// not 50 000 inserts or 9 MB of jsonb to parse) and the file's SHA-256. The file itself is not kept.
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ImportColumns, ImportRow } from '../../../src/contract/imports';
import { employees } from './people';

export const payrollImportDefinitions = pgTable(
  'payroll_import_definitions',
  {
    ImportDefinitionID: serial('import_definition_id').primaryKey(),
    Name: text('name').notNull(),
    ImportKind: text('import_kind').notNull(),
    IsDefault: boolean('is_default').notNull().default(false),
    HeaderRow: integer('header_row').notNull().default(1),
    SheetName: text('sheet_name'),
    Columns: jsonb('columns').$type<ImportColumns>().notNull(),
    Version: integer('version').notNull().default(1),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedByEmployeeID: integer('updated_by_employee_id').references(() => employees.EmployeeID, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('payroll_import_definitions_name').on(sql`lower(${t.Name})`),
    // One default per kind.
    uniqueIndex('payroll_import_definitions_default').on(t.ImportKind).where(sql`${t.IsDefault}`),
  ],
);

/** What a preview row carries beyond its wire shape: the values the apply needs. */
export interface StoredImportRow extends ImportRow {
  /** Terminations: the date, the reason id and the comments to write. */
  Apply?: { TerminationDate?: string; TerminationReasonID?: number; TerminationComments?: string | null };
}

/** JSON rows, gzip-compressed in a bytea. */
const gzippedRows = customType<{ data: StoredImportRow[]; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => gzipSync(JSON.stringify(value), { level: 1 }),
  fromDriver: (value) =>
    JSON.parse(gunzipSync(Buffer.isBuffer(value) ? value : Buffer.from(value)).toString('utf8')),
});

export const payrollImports = pgTable(
  'payroll_imports',
  {
    ImportID: serial('import_id').primaryKey(),
    ImportKind: text('import_kind').notNull(),
    ImportDefinitionID: integer('import_definition_id').references(
      () => payrollImportDefinitions.ImportDefinitionID,
      { onDelete: 'set null' },
    ),
    DefinitionName: text('definition_name').notNull(),
    FileName: text('file_name').notNull(),
    FileSize: integer('file_size').notNull(),
    FileSha256: text('file_sha256').notNull(),
    RowCount: integer('row_count').notNull(),
    ChangeCount: integer('change_count').notNull(),
    UnchangedCount: integer('unchanged_count').notNull(),
    BadCount: integer('bad_count').notNull(),
    Rows: gzippedRows('rows').notNull(),
    CreatedByEmployeeID: integer('created_by_employee_id').references(() => employees.EmployeeID, {
      onDelete: 'set null',
    }),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    AppliedAt: timestamp('applied_at', { withTimezone: true }),
    AppliedByEmployeeID: integer('applied_by_employee_id').references(() => employees.EmployeeID, {
      onDelete: 'set null',
    }),
    AppliedChangeCount: integer('applied_change_count'),
  },
  (t) => [index('payroll_imports_created').on(t.CreatedAt)],
);
