// Demo import definitions: two ways ADP's exports are laid out besides the built-in columns (which stay
// the default of each kind, so the files of docs/samples/ read with them).
import type { Db } from '../db/client';
import { payrollImportDefinitions } from '../db/tables';

export async function seedImports(db: Db, now: Date): Promise<void> {
  await db.insert(payrollImportDefinitions).values([
    {
      Name: 'ADP Workforce Now: file numbers',
      ImportKind: 'AdpEmployeeNumbers',
      HeaderRow: 1,
      SheetName: null,
      Columns: {
        AdpEmployeeID: 'File Number',
        FirstName: 'Legal First Name',
        LastName: 'Legal Last Name',
        SSNLast4: 'Tax ID Last 4',
      },
      UpdatedAt: now,
    },
    {
      Name: 'ADP terminations report',
      ImportKind: 'Terminations',
      HeaderRow: 3,
      SheetName: 'Terminations',
      Columns: {
        AdpEmployeeID: 'Associate ID',
        TerminationDate: 'Termination Date',
        TerminationReason: 'Termination Reason Description',
        TerminationComments: 'Termination Comments',
      },
      UpdatedAt: now,
    },
  ]);
}
