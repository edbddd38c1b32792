// Add or edit a bank account (modal). The routing field is named as the country's bank policy names
// it (US: routing number, 9 digits; Canada: transit number, 5 digits, and a 3-digit institution
// number); the country rules show as field messages before anything is sent, and the server's own
// field messages show the same way.
import { Button, Group, Modal, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../../api/field-errors';
import { formFields } from '../../../api/save-problems';
import { AccountType, type BankAccount, bankPolicyOf } from '../../../contract/bank';
import { Country } from '../../../contract/common';
import { RefusalBanner } from '../../../ui/refusal-banner';
import { useSaveBankAccount } from './api/bank-queries';
import { type AccountFormValues, type FieldErrors, validateAccount } from './validation';

function initial(account: BankAccount | null, countryId: number): AccountFormValues {
  return account
    ? {
        BankAccountID: account.BankAccountID,
        Version: account.Version,
        CountryID: account.CountryID,
        BankName: account.BankName,
        AccountHolderName: account.AccountHolderName ?? '',
        AccountTypeID: account.AccountTypeID,
        RoutingNumber: account.RoutingNumber,
        InstitutionNumber: account.InstitutionNumber ?? '',
        AccountNumber: '',
      }
    : {
        CountryID: countryId,
        BankName: '',
        AccountHolderName: '',
        AccountTypeID: AccountType.Checking,
        RoutingNumber: '',
        InstitutionNumber: '',
        AccountNumber: '',
      };
}

/** The fields the form says a server refusal beside; a reason of another (the country) goes in the banner. */
function shownFields(canada: boolean): (key: string) => boolean {
  const fields = ['BankName', 'AccountHolderName', 'AccountTypeID', 'RoutingNumber', 'AccountNumber'];
  return formFields(...fields, ...(canada ? ['InstitutionNumber'] : []));
}

export function AccountFormModal(props: {
  employeeId: number;
  /** null: a new account. */
  account: BankAccount | null;
  defaultCountryId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => initial(props.account, props.defaultCountryId));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveBankAccount(props.employeeId);
  const policy = bankPolicyOf(values.CountryID);
  const canada = values.CountryID === Country.Canada;
  const set = <K extends keyof AccountFormValues>(key: K, value: AccountFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function submit() {
    const found = validateAccount(values, t);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await save.mutateAsync({
        ...values,
        CountryID: values.CountryID as 1 | 2,
        AccountTypeID: values.AccountTypeID as 1 | 2,
        BankName: values.BankName.trim(),
        AccountHolderName: values.AccountHolderName.trim() || null,
        RoutingNumber: values.RoutingNumber.trim(),
        InstitutionNumber: canada ? values.InstitutionNumber.trim() : null,
        AccountNumber: values.AccountNumber.trim() || null,
      });
      props.onClose();
    } catch (err) {
      setErrors(serverFieldErrors(err));
    }
  }

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.account ? t('bank.editTitle') : t('bank.addTitle')}
      size="lg"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <SegmentedControl
            aria-label={t('bank.country')}
            value={String(values.CountryID)}
            onChange={(v) => set('CountryID', Number(v))}
            data={[
              { value: String(Country.Canada), label: t('bank.countries.2') },
              { value: String(Country.US), label: t('bank.countries.1') },
            ]}
          />
          <TextInput
            label={t('bank.bankName')}
            required
            value={values.BankName}
            onChange={(e) => set('BankName', e.currentTarget.value)}
            error={errors.BankName}
            data-autofocus
          />
          <TextInput
            label={t('bank.holder')}
            value={values.AccountHolderName}
            onChange={(e) => set('AccountHolderName', e.currentTarget.value)}
            error={errors.AccountHolderName}
          />
          <Select
            label={t('bank.accountType')}
            value={String(values.AccountTypeID)}
            onChange={(v) => set('AccountTypeID', Number(v ?? AccountType.Checking))}
            allowDeselect={false}
            error={errors.AccountTypeID}
            data={[
              { value: String(AccountType.Checking), label: t('bank.accountTypes.1') },
              { value: String(AccountType.Savings), label: t('bank.accountTypes.2') },
            ]}
          />
          <Group grow align="flex-start">
            <TextInput
              label={canada ? t('bank.transitNumber') : t('bank.routingNumber')}
              description={t('bank.digits', { n: policy.routingNumberLength })}
              required
              inputMode="numeric"
              value={values.RoutingNumber}
              onChange={(e) => set('RoutingNumber', e.currentTarget.value)}
              error={errors.RoutingNumber}
              data-testid="bank-routing"
            />
            {canada && (
              <TextInput
                label={t('bank.institutionNumber')}
                description={t('bank.digits', { n: policy.institutionNumberLength })}
                required={policy.requireInstitutionNumber}
                inputMode="numeric"
                value={values.InstitutionNumber}
                onChange={(e) => set('InstitutionNumber', e.currentTarget.value)}
                error={errors.InstitutionNumber}
                data-testid="bank-institution"
              />
            )}
          </Group>
          <TextInput
            label={t('bank.accountNumber')}
            description={
              props.account ? t('bank.keepNumber', { masked: props.account.AccountNumber }) : undefined
            }
            required={!props.account}
            inputMode="numeric"
            autoComplete="off"
            value={values.AccountNumber}
            onChange={(e) => set('AccountNumber', e.currentTarget.value)}
            error={errors.AccountNumber}
            data-testid="bank-account-number"
          />
          <RefusalBanner
            error={save.isError ? save.error : null}
            isField={shownFields(canada)}
            stale={t('bank.conflict')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('bank.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="bank-save">
              {t('bank.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
