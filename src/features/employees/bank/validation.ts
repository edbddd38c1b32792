// The account form's checks in the user's language: the country rules of src/contract/bank.ts
// (checkBankRules) and the other fields, as messages by field. The server checks the same rules.
import type { TFunction } from 'i18next';
import { checkBankRules } from '../../../contract/bank';

export interface AccountFormValues {
  BankAccountID?: number;
  Version?: number;
  CountryID: number;
  BankName: string;
  AccountHolderName: string;
  AccountTypeID: number;
  RoutingNumber: string;
  InstitutionNumber: string;
  AccountNumber: string;
}

export type FieldErrors = Partial<Record<keyof AccountFormValues | string, string>>;

export function validateAccount(v: AccountFormValues, t: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.BankName.trim()) errors.BankName = t('bank.rules.bankName');
  for (const field of ['RoutingNumber', 'InstitutionNumber', 'AccountNumber'] as const)
    if (!/^\d*$/.test(v[field].trim())) errors[field] = t('bank.rules.digitsOnly');
  checkBankRules(
    {
      CountryID: v.CountryID,
      RoutingNumber: v.RoutingNumber.trim(),
      InstitutionNumber: v.InstitutionNumber.trim(),
    },
    (field, _message, rule, n) => {
      errors[field] ??= t(`bank.rules.${rule}`, { n });
    },
  );
  const account = v.AccountNumber.trim();
  if (!account) {
    if (!v.BankAccountID) errors.AccountNumber ??= t('bank.rules.accountRequired');
  } else if (!/^\d{4,17}$/.test(account)) errors.AccountNumber ??= t('bank.rules.accountDigits');
  return errors;
}
