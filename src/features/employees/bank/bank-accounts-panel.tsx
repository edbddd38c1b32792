// An employee's bank accounts (the "Bank accounts" tab of the employee page): bank info, the accounts
// with masked numbers (full numbers only for holders of bank:viewSensitive), add and edit with the
// country rules, direct deposit on (amount and files) and off, delete. Online only, like the page.
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errors';
import { hasGrant } from '../../../api/permissions';
import { useSessionData } from '../../../app/app-context';
import { BANK_WRITE, type BankAccount, DepositAmountType } from '../../../contract/bank';
import { Country } from '../../../contract/common';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { QueryView } from '../../../ui/query-view';
import { ScrollTable } from '../../../ui/scroll-table';
import { AccountFormModal } from './account-form';
import { useBankAccounts, useBankInfo, useDeleteBankAccount, useDirectDepositOff } from './api/bank-queries';
import { BankInfoCard } from './bank-info-card';
import { DirectDepositModal } from './direct-deposit-form';

type Editing =
  | { kind: 'form'; account: BankAccount | null }
  | { kind: 'deposit'; account: BankAccount }
  | null;

function DepositCell({ a }: { a: BankAccount }) {
  const { t, i18n } = useTranslation();
  if (!a.IsDirectDeposit)
    return (
      <Badge color="gray" variant="light">
        {t('bank.off')}
      </Badge>
    );
  const money = (n: number) =>
    new Intl.NumberFormat(i18n.language.replace('_', '-'), {
      style: 'currency',
      currency: a.CountryID === Country.Canada ? 'CAD' : 'USD',
    }).format(n);
  const detail =
    a.DepositAmountTypeID === DepositAmountType.FixedAmount && a.DepositAmount !== null
      ? money(a.DepositAmount)
      : a.DepositAmountTypeID === DepositAmountType.Percentage && a.DepositAmount !== null
        ? `${a.DepositAmount} %`
        : t('bank.remainder');
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color="green">{t('bank.on')}</Badge>
      <Text size="sm">{detail}</Text>
    </Group>
  );
}

export default function BankAccountsPanel({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const session = useSessionData();
  const canWrite = hasGrant(session?.grants ?? [], BANK_WRITE);
  const accounts = useBankAccounts(employeeId);
  const info = useBankInfo(employeeId);
  const off = useDirectDepositOff(employeeId);
  const remove = useDeleteBankAccount(employeeId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<BankAccount | null>(null);
  const defaultCountry = info.data?.CountryID ?? Country.Canada;

  return (
    <Stack gap="md" data-testid="bank-accounts-panel">
      {info.data && <BankInfoCard info={info.data} canWrite={canWrite} />}
      <Group justify="space-between">
        <Title order={4}>{t('bank.accountsTitle')}</Title>
        {canWrite && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing({ kind: 'form', account: null })}
            data-testid="bank-add"
          >
            {t('bank.add')}
          </Button>
        )}
      </Group>
      {(off.isError || remove.isError) && (
        <Alert
          color="red"
          title={t('bank.saveFailed')}
          withCloseButton
          onClose={() => {
            off.reset();
            remove.reset();
          }}
        >
          {errorMessage(off.error ?? remove.error)}
        </Alert>
      )}
      <QueryView
        query={accounts}
        errorTitle={t('bank.loadFailed')}
        empty={<Text c="dimmed">{t('bank.empty')}</Text>}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <ScrollTable label={t('bank.accountsTitle')} minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('bank.bankName')}</Table.Th>
                  <Table.Th>{t('bank.country')}</Table.Th>
                  <Table.Th>{t('bank.routing')}</Table.Th>
                  <Table.Th>{t('bank.accountNumber')}</Table.Th>
                  <Table.Th>{t('bank.directDeposit')}</Table.Th>
                  <Table.Th>{t('bank.files')}</Table.Th>
                  {canWrite && (
                    <Table.Th>
                      <VisuallyHidden>{t('bank.actions')}</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((a) => (
                  <Table.Tr key={a.BankAccountID} data-testid="bank-account-row">
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {a.BankName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`bank.accountTypes.${a.AccountTypeID}`)}
                        {a.AccountHolderName ? ` · ${a.AccountHolderName}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t(`bank.countries.${a.CountryID}`)}</Table.Td>
                    <Table.Td ff="monospace">
                      {a.InstitutionNumber ? `${a.RoutingNumber}-${a.InstitutionNumber}` : a.RoutingNumber}
                    </Table.Td>
                    <Table.Td ff="monospace">
                      <Tooltip label={t('bank.masked')} disabled={!a.AccountNumberMasked}>
                        <span>{a.AccountNumber}</span>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>
                      <DepositCell a={a} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">
                        {[a.VoidCheckFileName, a.AdpDirectDepositFileName].filter(Boolean).join(', ') || '—'}
                      </Text>
                    </Table.Td>
                    {canWrite && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('bank.editNamed', { bank: a.BankName })}
                            onClick={() => setEditing({ kind: 'form', account: a })}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                          <Menu position="bottom-end">
                            <Menu.Target>
                              <ActionIcon
                                variant="subtle"
                                aria-label={t('bank.moreNamed', { bank: a.BankName })}
                              >
                                <IconDots size={16} />
                              </ActionIcon>
                            </Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item onClick={() => setEditing({ kind: 'deposit', account: a })}>
                                {a.IsDirectDeposit ? t('bank.changeDeposit') : t('bank.turnOn')}
                              </Menu.Item>
                              {a.IsDirectDeposit && (
                                <Menu.Item onClick={() => off.mutate(a.BankAccountID)}>
                                  {t('bank.turnOff')}
                                </Menu.Item>
                              )}
                              <Menu.Item
                                color="red"
                                leftSection={<IconTrash size={14} />}
                                onClick={() => setDeleting(a)}
                              >
                                {t('bank.delete')}
                              </Menu.Item>
                            </Menu.Dropdown>
                          </Menu>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </QueryView>
      {editing?.kind === 'form' && (
        <AccountFormModal
          employeeId={employeeId}
          account={editing.account}
          defaultCountryId={defaultCountry}
          opened
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'deposit' && (
        <DirectDepositModal
          employeeId={employeeId}
          account={editing.account}
          opened
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('bank.deleteTitle')}
        message={t('bank.deleteConfirm', {
          bank: deleting?.BankName ?? '',
          number: deleting?.AccountNumber ?? '',
        })}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { BankAccountID: deleting.BankAccountID, Version: deleting.Version },
            { onSettled: () => setDeleting(null) },
          )
        }
      />
    </Stack>
  );
}
