// Payroll imports from spreadsheets (spec 001 §7 "Payroll imports", spec 002 §7 "Payroll import
// definitions"). Permission: `imports:run`; employees are matched only within the offices the key
// reaches (admin and payroll: all).
//
//   POST payrolls/read-adp-emp-numbers-from-excel          multipart (File, ImportDefinitionID?) → ImportPreview
//   POST payrolls/read-termination-emp-numbers-from-excel  multipart → ImportPreview
//   POST payrolls/read-direct-deposit-from-excel           multipart → ImportPreview (preview only)
//   POST payrolls/read-req-numbers-from-excel              multipart → ImportPreview (preview only)
//   POST payrolls/import-adp-emp-numbers-to-apex           ImportApply → ImportApplyResult
//   POST payrolls/process-terminated-employees             ImportApply → ImportApplyResult
//   GET  payrolls/imports/{id}                             → ImportPreview (beyond the spec)
//   GET  payrolls/imports/{id}/rows                        ImportRowsQuery → paged ImportRow (beyond the spec)
//   GET  payrolls/adp-config/definitions                   ?kind → ImportDefinition[]
//   POST payrolls/adp-config/definitions                   ImportDefinitionSave → 201 ImportDefinition
//   GET  payrolls/adp-config/definitions/default/{x}       x = ImportKind → ImportDefinition (stored default or built in)
//   GET  payrolls/adp-config/definitions/{id}              → ImportDefinition
//   PUT  payrolls/adp-config/definitions/{id}              ImportDefinitionUpdate → ImportDefinition (409 + Current)
//   PUT  payrolls/adp-config/definitions/{id}/name/{name}  ?version → ImportDefinition (duplicate name 409)
//   DELETE payrolls/adp-config/definitions/{id}            ?version → 204
//
// Design choices where the spec is silent (see README "Payroll imports"):
// - An import definition names, for each field of its kind, the header text of the column that
//   holds it (matched trimmed and without regard to case) on its header row (1 by default), on the
//   named sheet (the first sheet by default).
// - Employees are matched by Apex employee id, then e-mail, then ADP employee number (terminations
//   and direct deposit), then first + last name (narrowed by the SSN's last four digits when given).
// - A read stores the preview; the apply calls take its ImportID and apply every change or none.
import { z } from 'zod';
import { Instant, Int32, pagedResult, QueryInt32 } from './common';

export const IMPORTS_RUN = 'imports:run';
/** Largest spreadsheet accepted, in bytes. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Most data rows read from one file. */
export const IMPORT_MAX_ROWS = 100_000;
/** Rows sent with a preview; the rest are read page by page (GET payrolls/imports/{id}/rows). */
export const PREVIEW_ROWS = 200;
/** Multipart field names of a read. */
export const IMPORT_FILE_FIELD = 'File';
export const IMPORT_DEFINITION_FIELD = 'ImportDefinitionID';

export const IMPORT_KINDS = [
  'AdpEmployeeNumbers',
  'Terminations',
  'DirectDeposit',
  'RequestNumbers',
] as const;
export const ImportKind = z.enum(IMPORT_KINDS);
export type ImportKind = z.infer<typeof ImportKind>;

/** The fields a column can hold. */
export const IMPORT_FIELDS = [
  'EmployeeID',
  'EmailAddress',
  'FirstName',
  'LastName',
  'SSNLast4',
  'AdpEmployeeID',
  'TerminationDate',
  'TerminationReason',
  'TerminationComments',
  'RoutingNumber',
  'InstitutionNumber',
  'AccountNumber',
  'DepositAmount',
  'RequestNumber',
] as const;
export const ImportField = z.enum(IMPORT_FIELDS);
export type ImportField = z.infer<typeof ImportField>;

export interface KindSpec {
  /** Fields a definition of this kind may map, with the built-in header of each. */
  fields: Partial<Record<ImportField, string>>;
  /** Fields whose column must be in every file. */
  required: ImportField[];
  /** Whether the file must identify employees (at least one identity column). */
  identifies: boolean;
  /** The call that applies the preview, or null: preview only. */
  apply: string | null;
}

const IDENTITY = {
  EmployeeID: 'Apex ID',
  EmailAddress: 'Email',
  FirstName: 'First Name',
  LastName: 'Last Name',
  SSNLast4: 'SSN Last 4',
} as const;

export const IMPORT_KIND_SPECS: Record<ImportKind, KindSpec> = {
  AdpEmployeeNumbers: {
    fields: { ...IDENTITY, AdpEmployeeID: 'Associate ID' },
    required: ['AdpEmployeeID'],
    identifies: true,
    apply: 'payrolls/import-adp-emp-numbers-to-apex',
  },
  Terminations: {
    fields: {
      AdpEmployeeID: 'Associate ID',
      ...IDENTITY,
      TerminationDate: 'Termination Date',
      TerminationReason: 'Termination Reason',
      TerminationComments: 'Comments',
    },
    required: ['TerminationDate'],
    identifies: true,
    apply: 'payrolls/process-terminated-employees',
  },
  DirectDeposit: {
    fields: {
      AdpEmployeeID: 'Associate ID',
      ...IDENTITY,
      RoutingNumber: 'Routing Number',
      InstitutionNumber: 'Institution Number',
      AccountNumber: 'Account Number',
      DepositAmount: 'Deposit Amount',
    },
    required: ['RoutingNumber', 'AccountNumber'],
    identifies: true,
    apply: null,
  },
  RequestNumbers: {
    fields: { RequestNumber: 'Request Number', AdpEmployeeID: 'Associate ID' },
    required: ['RequestNumber'],
    identifies: false,
    apply: null,
  },
};

/** Fields that identify an employee, in the order they are tried. */
export const IDENTITY_FIELDS: readonly ImportField[] = [
  'EmployeeID',
  'EmailAddress',
  'AdpEmployeeID',
  'FirstName',
  'LastName',
];

export const IMPORT_MESSAGES = {
  nameTaken: 'An import definition with this name already exists.',
  notSpreadsheet:
    'This file is not an Excel workbook (.xlsx). Save it from Excel as .xlsx and upload it again.',
  unreadable: 'The workbook could not be read; it may be damaged. Save it again from Excel as .xlsx.',
  tooLarge: 'The file is larger than 10 MB. Split it into smaller files.',
  noFile: 'Choose an Excel file (.xlsx) to upload.',
  noRows: 'The sheet has no data rows under its header row.',
  tooManyRows: `The sheet has more than ${IMPORT_MAX_ROWS.toLocaleString('en-CA')} rows. Split it into smaller files.`,
  hasBadRows:
    'The file has rows that cannot be imported. Correct them and read the file again; nothing was changed.',
  changedSince: 'Employees changed since the file was read. Read the file again; nothing was changed.',
  alreadyApplied: 'This file was already applied; nothing changed.',
  nothingToChange: 'Every row already matches Apex; nothing changed.',
  previewOnly: 'This kind of import is a preview only; nothing is applied from it.',
  wrongKind: 'This import is of another kind.',
} as const;

const HeaderText = z.string().trim().min(1, 'Enter the column header').max(100, '100 characters at most');

export const ImportColumns = z.partialRecord(ImportField, HeaderText);
export type ImportColumns = z.infer<typeof ImportColumns>;

export const ImportDefinition = z.object({
  /** null: the built-in definition of its kind (nothing stored). */
  ImportDefinitionID: Int32.nullable(),
  Name: z.string(),
  ImportKind,
  IsDefault: z.boolean(),
  /** Row of the column headers (1-based); data starts on the next row. */
  HeaderRow: Int32,
  /** Worksheet to read; null: the first. */
  SheetName: z.string().nullable(),
  Columns: ImportColumns,
  Version: Int32,
  UpdatedAt: Instant.nullable(),
  UpdatedByName: z.string().nullable(),
});
export type ImportDefinition = z.infer<typeof ImportDefinition>;

export const DefinitionName = z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(100, '100 characters at most')
  .refine((s) => !/[/\\?#%]/.test(s), 'A name cannot contain / \\ ? # or %');

export const ImportDefinitionSave = z.object({
  Name: DefinitionName,
  ImportKind,
  IsDefault: z.boolean().default(false),
  HeaderRow: Int32.min(1, 'Use a row from 1').max(100, 'Use a row up to 100').default(1),
  SheetName: z.string().trim().max(31, '31 characters at most').nullish(),
  Columns: ImportColumns,
});
export type ImportDefinitionSave = z.input<typeof ImportDefinitionSave>;

export const ImportDefinitionUpdate = ImportDefinitionSave.extend({ Version: Int32 });
export type ImportDefinitionUpdate = z.input<typeof ImportDefinitionUpdate>;

/**
 * Problems of a definition's column mapping, by field path (Columns.<Field>): fields its kind does
 * not use, required fields missing, one column for two fields, no way to identify employees.
 */
export function definitionProblems(d: {
  ImportKind: ImportKind;
  Columns: ImportColumns;
}): Record<string, string[]> {
  const spec = IMPORT_KIND_SPECS[d.ImportKind];
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  const seen = new Map<string, string>();
  for (const [field, header] of Object.entries(d.Columns) as [ImportField, string][]) {
    if (!(field in spec.fields)) add(`Columns.${field}`, 'This kind of import does not use this field');
    const key = header.trim().toLowerCase();
    const other = seen.get(key);
    if (other) add(`Columns.${field}`, `The column “${header}” is already used for ${other}`);
    else seen.set(key, field);
  }
  for (const field of spec.required)
    if (!d.Columns[field]) add(`Columns.${field}`, 'Name the column that holds this field');
  if (spec.identifies) {
    const c = d.Columns;
    const identifies = c.EmployeeID || c.EmailAddress || c.AdpEmployeeID || (c.FirstName && c.LastName);
    if (!identifies)
      add(
        'Columns',
        'Name a column that identifies employees: Apex ID, e-mail, ADP number, or first and last name',
      );
  }
  return errors;
}

export const ImportRowStatus = z.enum(['Change', 'Unchanged', 'Bad']);
export type ImportRowStatus = z.infer<typeof ImportRowStatus>;

/** How a row found its employee. */
export const MatchedBy = z.enum(['EmployeeID', 'EmailAddress', 'AdpEmployeeID', 'Name', 'NameAndSSN']);
export type MatchedBy = z.infer<typeof MatchedBy>;

export const ImportRow = z.object({
  /** Row number in the sheet, as Excel shows it. */
  Line: Int32,
  Status: ImportRowStatus,
  EmployeeID: Int32.nullable(),
  EmployeeName: z.string().nullable(),
  MatchedBy: MatchedBy.nullable(),
  /** What the row is about, as read from the file (employee number, request number …). */
  Key: z.string(),
  /** The value in Apex now and the value from the file (account numbers masked without bank:viewSensitive). */
  CurrentValue: z.string().nullable(),
  NewValue: z.string().nullable(),
  /** Why a bad row cannot be imported, or a note on an unchanged one. */
  Reason: z.string().nullable(),
});
export type ImportRow = z.infer<typeof ImportRow>;

export const ImportPreview = z.object({
  ImportID: Int32,
  ImportKind,
  ImportDefinitionID: Int32.nullable(),
  DefinitionName: z.string(),
  FileName: z.string(),
  RowCount: Int32,
  ChangeCount: Int32,
  UnchangedCount: Int32,
  BadCount: Int32,
  /** False while a row is bad, after it was applied, and for preview-only kinds. */
  CanApply: z.boolean(),
  /** The call that applies it (null: preview only). */
  ApplyPath: z.string().nullable(),
  CreatedAt: Instant,
  CreatedByName: z.string().nullable(),
  AppliedAt: Instant.nullable(),
  AppliedByName: z.string().nullable(),
  /** The first PREVIEW_ROWS rows in line order. */
  Rows: z.array(ImportRow),
  MoreRows: z.boolean(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportRowsQuery = z.object({
  status: ImportRowStatus.optional(),
  pageIndex: QueryInt32.min(0).default(0),
  pageSize: QueryInt32.min(1).max(500).default(50),
});
export const ImportRowsPage = pagedResult(ImportRow);
export type ImportRowsPage = z.infer<typeof ImportRowsPage>;

export const ImportApply = z.object({ ImportID: Int32.positive() });
export type ImportApply = z.infer<typeof ImportApply>;

export const ImportApplyResult = z.object({
  ImportID: Int32,
  /** Employees changed by this call (0 when re-applied). */
  Changed: Int32,
  Unchanged: Int32,
  AlreadyApplied: z.boolean(),
  Message: z.string(),
  AppliedAt: Instant,
});
export type ImportApplyResult = z.infer<typeof ImportApplyResult>;

/** How the built-in definitions are named. */
export const KIND_NAMES: Record<ImportKind, string> = {
  AdpEmployeeNumbers: 'ADP employee numbers',
  Terminations: 'terminations',
  DirectDeposit: 'direct deposit',
  RequestNumbers: 'request numbers',
};

/** The built-in definition of a kind: its fields under their usual ADP headers. */
export function builtInDefinition(kind: ImportKind): ImportDefinition {
  const spec = IMPORT_KIND_SPECS[kind];
  return {
    ImportDefinitionID: null,
    Name: `Standard ${KIND_NAMES[kind]}`,
    ImportKind: kind,
    IsDefault: true,
    HeaderRow: 1,
    SheetName: null,
    Columns: { ...spec.fields },
    Version: 0,
    UpdatedAt: null,
    UpdatedByName: null,
  };
}
