// Employment events awaiting processing with the payroll provider: hires, terminations, changes of an
// employment record or of the person, direct-deposit changes. Written by
// server/modules/employments/record.ts inside the transaction of the change; see
// src/contract/employments.ts.
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { EmploymentChange } from '../../../src/contract/employments';
import { icdOffices } from './organisation';
import { employees, employmentRecords } from './people';

export const employmentEvents = pgTable(
  'employment_events',
  {
    EmploymentEventID: serial('employment_event_id').primaryKey(),
    /** EmploymentEventType: NewHire 1, Termination 2, Change 3, DirectDeposit 4. */
    EventTypeID: integer('event_type_id').notNull(),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID, { onDelete: 'cascade' }),
    EmploymentRecordID: integer('employment_record_id').references(
      () => employmentRecords.EmploymentRecordID,
      {
        onDelete: 'set null',
      },
    ),
    /** The office of the record (null for a change of the person or a bank account). */
    IcdOfficeID: integer('icd_office_id').references(() => icdOffices.IcdOfficeID, { onDelete: 'set null' }),
    /** Direct deposit: the account (kept after the account is deleted, hence no reference). */
    BankAccountID: integer('bank_account_id'),
    EffectiveDate: date('effective_date'),
    TerminationReasonID: integer('termination_reason_id'),
    TerminationReasonExtra: text('termination_reason_extra'),
    Changes: jsonb('changes').$type<EmploymentChange[]>().notNull().default([]),
    OccurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    RecordedByEmployeeID: integer('recorded_by_employee_id'),
    ProcessedAt: timestamp('processed_at', { withTimezone: true }),
    ProcessedByEmployeeID: integer('processed_by_employee_id'),
    Comments: text('comments'),
    Version: integer('version').notNull().default(1),
  },
  (t) => [
    index('employment_events_queue').on(t.EventTypeID, t.ProcessedAt),
    index('employment_events_employee').on(t.EmployeeID),
    index('employment_events_office').on(t.IcdOfficeID),
    // One awaiting direct-deposit item per employee and account (later changes merge into it).
    uniqueIndex('employment_events_awaiting_deposit')
      .on(t.EmployeeID, t.BankAccountID)
      .where(sql`${t.EventTypeID} = 4 and ${t.ProcessedAt} is null`),
  ],
);
