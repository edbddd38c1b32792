// Employee bank accounts, direct deposit and bank info (spec 000 §3 "Bank account", §7 "Bank accounts";
// spec 001 §3 "Bank policy per country", §5 "Bank rules", §7 employees/bankinfo).
//
//   GET    employees/{id}/bank-accounts                               → BankAccount[]
//   GET    employees/{id}/bank-accounts/{accountId}                   → BankAccount
//   POST   employees/{id}/bank-accounts                               BankAccountSave → 201 BankAccount
//          (with BankAccountID + Version: saves that account, 200; 409 + Current when stale)
//   PUT    employees/{id}/bank-accounts/{accountId}/direct-deposit    multipart: DepositAmount,
//          DepositAmountTypeID, Version, files VoidCheck and AdpDirectDeposit → BankAccount
//   DELETE employees/{id}/bank-accounts/{accountId}/direct-deposit    → BankAccount (direct deposit off)
//   DELETE employees/{id}/bank-accounts/{accountId}                   ?version → 204
//   GET    employees/{id}/deposit-amount-types                        → DepositAmountType[]
//   GET    employees/bankinfo/{id}                                    → BankInfo
//   PUT    employees/bankinfo/{id}                                    BankInfoSave → BankInfo (409)
//
// Country rules: country 1 (US) a 9-digit routing number and no institution number; country 2
// (Canada) a 5-digit routing (transit) number and a required 3-digit institution number.
// Account numbers are masked ('*****6789') unless the caller holds bank:viewSensitive.
import { z } from 'zod';
import { Country, Instant, Int32 } from './common';

const Id = Int32.positive();

export const BANK_READ = 'bank:read';
export const BANK_WRITE = 'bank:write';
export const BANK_VIEW_SENSITIVE = 'bank:viewSensitive';

export const BankCountry = z.union([z.literal(Country.US), z.literal(Country.Canada)], {
  error: 'Choose the country of the bank',
});
export type BankCountry = z.infer<typeof BankCountry>;

/** Bank policy per country (spec 001 §3). */
export const BankPolicy = z.object({
  CountryID: Int32,
  routingNumberLength: Int32,
  institutionNumberLength: Int32,
  requireInstitutionNumber: z.boolean(),
  supportAdpDirectDepositForm: z.boolean(),
  labels: z.object({ RoutingNumber: z.string(), InstitutionNumber: z.string().nullable() }),
});
export type BankPolicy = z.infer<typeof BankPolicy>;

export const BANK_POLICIES: Record<BankCountry, BankPolicy> = {
  [Country.US]: {
    CountryID: Country.US,
    routingNumberLength: 9,
    institutionNumberLength: 0,
    requireInstitutionNumber: false,
    supportAdpDirectDepositForm: true,
    labels: { RoutingNumber: 'Routing number', InstitutionNumber: null },
  },
  [Country.Canada]: {
    CountryID: Country.Canada,
    routingNumberLength: 5,
    institutionNumberLength: 3,
    requireInstitutionNumber: true,
    supportAdpDirectDepositForm: false,
    labels: { RoutingNumber: 'Transit number', InstitutionNumber: 'Institution number' },
  },
};

export const bankPolicyOf = (countryId: number): BankPolicy =>
  BANK_POLICIES[countryId as BankCountry] ?? BANK_POLICIES[Country.US];

/** The field messages of the country rules (spec 001 §5 "Bank rules"). */
export const BANK_MESSAGES = {
  routingDigits: (n: number) => `The routing number must be ${n} digits.`,
  institutionNotUsed: 'No institution number for this country.',
  institutionRequired: 'An institution number is required.',
  institutionDigits: (n: number) => `The institution number must be ${n} digits.`,
  accountDigits: 'The account number must be 4 to 17 digits.',
  accountRequired: 'Enter the account number.',
  bankName: 'Enter the name of the bank.',
  depositAmount: 'Enter an amount above 0.',
  depositPercent: 'Enter a percentage above 0 and at most 100.',
  depositAmountType: 'Choose how much is deposited.',
  adpNotUsed: 'The ADP direct deposit form is not used for this country.',
  paymentNeedsDeposit: 'Turn on direct deposit on an account first.',
} as const;

/** Which rule an account broke (for a translated message: `bank.rules.<rule>` with { n }). */
export type BankRule = 'routingDigits' | 'institutionNotUsed' | 'institutionRequired' | 'institutionDigits';

/** The country rules of one account; `add` receives the field, the message and the rule with its number. */
export function checkBankRules(
  v: { CountryID: number; RoutingNumber: string; InstitutionNumber?: string | null },
  add: (field: 'RoutingNumber' | 'InstitutionNumber', message: string, rule: BankRule, n: number) => void,
): void {
  const policy = bankPolicyOf(v.CountryID);
  const digits = (s: string, n: number) => new RegExp(`^\\d{${n}}$`).test(s);
  const routing = policy.routingNumberLength;
  const inst = policy.institutionNumberLength;
  if (!digits(v.RoutingNumber, routing))
    add('RoutingNumber', BANK_MESSAGES.routingDigits(routing), 'routingDigits', routing);
  const institution = v.InstitutionNumber ?? '';
  if (!inst) {
    if (institution !== '')
      add('InstitutionNumber', BANK_MESSAGES.institutionNotUsed, 'institutionNotUsed', 0);
  } else if (institution === '') {
    if (policy.requireInstitutionNumber)
      add('InstitutionNumber', BANK_MESSAGES.institutionRequired, 'institutionRequired', inst);
  } else if (!digits(institution, inst)) {
    add('InstitutionNumber', BANK_MESSAGES.institutionDigits(inst), 'institutionDigits', inst);
  }
}

export const AccountType = { Checking: 1, Savings: 2 } as const;
export const DepositAmountType = { NetPay: 1, FixedAmount: 2, Percentage: 3 } as const;
export const DEPOSIT_AMOUNT_TYPE_NAMES: Record<number, string> = {
  [DepositAmountType.NetPay]: 'Entire net pay (remainder)',
  [DepositAmountType.FixedAmount]: 'Fixed amount',
  [DepositAmountType.Percentage]: 'Percentage of net pay',
};

/** VoidCheck: a scan or photo (pdf, png, jpeg, gif); AdpDirectDeposit: the signed ADP form (pdf). */
export const MAX_BANK_FILE_BYTES = 5 * 1024 * 1024;
export const VOID_CHECK_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif'] as const;
export const ADP_FORM_TYPES = ['application/pdf'] as const;
export const BANK_FILE_MESSAGES = {
  voidCheckType: 'The void cheque must be a PDF, PNG, JPEG or GIF file.',
  adpType: 'The ADP direct deposit form must be a PDF file.',
  tooLarge: 'The file is larger than 5 MB.',
} as const;

const Trimmed = z.string().trim();
const Digits = z.string().trim().regex(/^\d*$/, 'Use digits only.');

export const BankAccountSave = z
  .object({
    /** Set to save an existing account (with its Version). */
    BankAccountID: Id.optional(),
    Version: Int32.optional(),
    CountryID: BankCountry,
    BankName: Trimmed.min(1, BANK_MESSAGES.bankName).max(100, '100 characters at most'),
    AccountHolderName: Trimmed.max(100, '100 characters at most').nullish(),
    AccountTypeID: z.union([z.literal(AccountType.Checking), z.literal(AccountType.Savings)]).default(1),
    RoutingNumber: Digits,
    InstitutionNumber: Digits.nullish(),
    /** Required for a new account; left out (or empty) when saving an existing one keeps the number. */
    AccountNumber: Digits.nullish(),
  })
  .superRefine((v, ctx) => {
    checkBankRules(v, (field, message) => ctx.addIssue({ code: 'custom', path: [field], message }));
    const account = v.AccountNumber ?? '';
    if (account === '') {
      if (!v.BankAccountID)
        ctx.addIssue({ code: 'custom', path: ['AccountNumber'], message: BANK_MESSAGES.accountRequired });
    } else if (!/^\d{4,17}$/.test(account)) {
      ctx.addIssue({ code: 'custom', path: ['AccountNumber'], message: BANK_MESSAGES.accountDigits });
    }
  });
export type BankAccountSave = z.input<typeof BankAccountSave>;

export const BankAccount = z.object({
  BankAccountID: Id,
  EmployeeID: Id,
  CountryID: Int32,
  BankName: z.string(),
  AccountHolderName: z.string().nullable(),
  AccountTypeID: Int32,
  RoutingNumber: z.string(),
  InstitutionNumber: z.string().nullable(),
  /** Masked ('*****6789') unless the caller holds bank:viewSensitive. */
  AccountNumber: z.string(),
  AccountNumberMasked: z.boolean(),
  IsDirectDeposit: z.boolean(),
  DepositAmount: z.number().nullable(),
  DepositAmountTypeID: Int32.nullable(),
  VoidCheckFileName: z.string().nullable(),
  AdpDirectDepositFileName: z.string().nullable(),
  Version: Int32,
  UpdatedAt: Instant,
});
export type BankAccount = z.infer<typeof BankAccount>;

/** The non-file fields of the direct-deposit form (multipart). */
export const DirectDepositFields = z
  .object({
    DepositAmountTypeID: z.coerce
      .number({ error: BANK_MESSAGES.depositAmountType })
      .int(BANK_MESSAGES.depositAmountType)
      .refine((n) => n in DEPOSIT_AMOUNT_TYPE_NAMES, BANK_MESSAGES.depositAmountType),
    DepositAmount: z
      .union([z.literal(''), z.coerce.number({ error: BANK_MESSAGES.depositAmount })])
      .optional()
      .transform((v) => (v === '' || v === undefined ? null : v)),
    Version: z.coerce.number().int().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.DepositAmountTypeID === DepositAmountType.FixedAmount) {
      if (v.DepositAmount === null || !(v.DepositAmount > 0) || v.DepositAmount > 1_000_000)
        ctx.addIssue({ code: 'custom', path: ['DepositAmount'], message: BANK_MESSAGES.depositAmount });
    }
    if (v.DepositAmountTypeID === DepositAmountType.Percentage) {
      if (v.DepositAmount === null || !(v.DepositAmount > 0) || v.DepositAmount > 100)
        ctx.addIssue({ code: 'custom', path: ['DepositAmount'], message: BANK_MESSAGES.depositPercent });
    }
  });
export type DirectDepositFields = z.output<typeof DirectDepositFields>;

/** The multipart body as the OpenAPI describes it (files as binary strings). */
export const DirectDepositMultipart = z.object({
  DepositAmountTypeID: z.string(),
  DepositAmount: z.string().optional(),
  Version: z.string().optional(),
  VoidCheck: z.string().optional().describe('file (pdf, png, jpeg, gif; at most 5 MB)'),
  AdpDirectDeposit: z.string().optional().describe('file (pdf; at most 5 MB; US accounts)'),
});

export const DepositAmountTypeItem = z.object({ DepositAmountTypeID: Id, Name: z.string() });
export type DepositAmountTypeItem = z.infer<typeof DepositAmountTypeItem>;

export const PaymentMethod = { DirectDeposit: 1, Cheque: 2 } as const;

export const BankInfo = z.object({
  EmployeeID: Id,
  EmployeeName: z.string(),
  CountryID: Int32,
  PaymentMethodID: Int32,
  Policy: BankPolicy,
  AccountCount: Int32,
  DirectDepositCount: Int32,
  Version: Int32,
});
export type BankInfo = z.infer<typeof BankInfo>;

export const BankInfoSave = z.object({
  CountryID: BankCountry,
  PaymentMethodID: z.union([z.literal(PaymentMethod.DirectDeposit), z.literal(PaymentMethod.Cheque)], {
    error: 'Choose how the employee is paid',
  }),
  Version: Int32.optional(),
});
export type BankInfoSave = z.infer<typeof BankInfoSave>;

export function maskAccountNumber(n: string): string {
  return `*****${n.slice(-4)}`;
}
