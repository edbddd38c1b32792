// The employee's bank info: the country whose bank rules apply and how they are paid (direct deposit
// or cheque), saved with its Version.
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../../api/field-errors';
import { formFields } from '../../../api/save-problems';
import { type BankInfo, PaymentMethod } from '../../../contract/bank';
import { Country } from '../../../contract/common';
import { RefusalBanner } from '../../../ui/refusal-banner';
import { useSaveBankInfo } from './api/bank-queries';

export function BankInfoCard({ info, canWrite }: { info: BankInfo; canWrite: boolean }) {
  const { t } = useTranslation();
  const save = useSaveBankInfo(info.EmployeeID);
  const [country, setCountry] = useState(String(info.CountryID));
  const [method, setMethod] = useState(String(info.PaymentMethodID));
  useEffect(() => {
    setCountry(String(info.CountryID));
    setMethod(String(info.PaymentMethodID));
  }, [info.CountryID, info.PaymentMethodID]);
  const fieldErrors = serverFieldErrors(save.error);
  const changed = country !== String(info.CountryID) || method !== String(info.PaymentMethodID);
  const policy = info.Policy;

  return (
    <Card withBorder padding="md" data-testid="bank-info">
      <Stack gap="sm">
        <Title order={4}>{t('bank.infoTitle')}</Title>
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('bank.country')}
            w={200}
            disabled={!canWrite}
            value={country}
            onChange={(v) => v && setCountry(v)}
            allowDeselect={false}
            data={[
              { value: String(Country.Canada), label: t('bank.countries.2') },
              { value: String(Country.US), label: t('bank.countries.1') },
            ]}
            error={fieldErrors.CountryID}
          />
          <Select
            label={t('bank.paymentMethod')}
            w={220}
            disabled={!canWrite}
            value={method}
            onChange={(v) => v && setMethod(v)}
            allowDeselect={false}
            data={[
              { value: String(PaymentMethod.DirectDeposit), label: t('bank.paymentMethods.1') },
              { value: String(PaymentMethod.Cheque), label: t('bank.paymentMethods.2') },
            ]}
            error={fieldErrors.PaymentMethodID}
          />
          {canWrite && (
            <Button
              disabled={!changed}
              loading={save.isPending}
              onClick={() =>
                save.mutate({
                  CountryID: Number(country) as 1 | 2,
                  PaymentMethodID: Number(method) as 1 | 2,
                  Version: info.Version,
                })
              }
            >
              {t('bank.saveInfo')}
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {policy.requireInstitutionNumber
            ? t('bank.policyCanada', {
                routing: policy.routingNumberLength,
                institution: policy.institutionNumberLength,
              })
            : t('bank.policyUs', { routing: policy.routingNumberLength })}{' '}
          {t('bank.accountsOnDeposit', { count: info.DirectDepositCount, total: info.AccountCount })}
        </Text>
        <RefusalBanner
          error={save.isError ? save.error : null}
          isField={formFields('CountryID', 'PaymentMethodID')}
        />
      </Stack>
    </Card>
  );
}
