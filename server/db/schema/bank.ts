// Employee bank accounts with their direct-deposit setting and files, and each employee's bank info
// (the country whose bank rules apply, how they are paid). See src/contract/bank.ts.
import {
  boolean,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { employees } from './people';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    BankAccountID: serial('bank_account_id').primaryKey(),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID, { onDelete: 'cascade' }),
    CountryID: integer('country_id').notNull(),
    BankName: text('bank_name').notNull(),
    AccountHolderName: text('account_holder_name'),
    AccountTypeID: integer('account_type_id').notNull().default(1),
    RoutingNumber: text('routing_number').notNull(),
    InstitutionNumber: text('institution_number'),
    /** Sensitive: answered masked unless the caller holds bank:viewSensitive. */
    AccountNumber: text('account_number').notNull(),
    IsDirectDeposit: boolean('is_direct_deposit').notNull().default(false),
    DepositAmount: numeric('deposit_amount', { precision: 12, scale: 2 }),
    DepositAmountTypeID: integer('deposit_amount_type_id'),
    VoidCheckFileName: text('void_check_file_name'),
    VoidCheckContentType: text('void_check_content_type'),
    VoidCheck: bytea('void_check'),
    AdpDirectDepositFileName: text('adp_direct_deposit_file_name'),
    AdpDirectDepositContentType: text('adp_direct_deposit_content_type'),
    AdpDirectDeposit: bytea('adp_direct_deposit'),
    Version: integer('version').notNull().default(1),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bank_accounts_employee').on(t.EmployeeID)],
);

export const bankInfos = pgTable('bank_infos', {
  EmployeeID: integer('employee_id')
    .primaryKey()
    .references(() => employees.EmployeeID, { onDelete: 'cascade' }),
  CountryID: integer('country_id').notNull(),
  /** PaymentMethod: 1 direct deposit, 2 cheque. */
  PaymentMethodID: integer('payment_method_id').notNull().default(2),
  Version: integer('version').notNull().default(1),
  UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
