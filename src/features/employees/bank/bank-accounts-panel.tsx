// An employee's bank accounts (the "Bank accounts" tab of the employee page): the list with masked
// account numbers, from GET employees/{id}/bank-accounts.
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../ui/query-view';
import { useBankAccounts } from './api/bank-queries';

export default function BankAccountsPanel({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const accounts = useBankAccounts(employeeId);
  return (
    <Stack gap="md" data-testid="bank-accounts-panel">
      <QueryView
        query={accounts}
        errorTitle={t('bank.loadFailed')}
        empty={<Text c="dimmed">{t('bank.empty')}</Text>}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bank.bankName')}</Table.Th>
                <Table.Th>{t('bank.routing')}</Table.Th>
                <Table.Th>{t('bank.accountNumber')}</Table.Th>
                <Table.Th>{t('bank.directDeposit')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((a) => (
                <Table.Tr key={a.BankAccountID}>
                  <Table.Td>{a.BankName}</Table.Td>
                  <Table.Td>
                    {a.InstitutionNumber ? `${a.RoutingNumber}-${a.InstitutionNumber}` : a.RoutingNumber}
                  </Table.Td>
                  <Table.Td>{a.AccountNumber}</Table.Td>
                  <Table.Td>
                    {a.IsDirectDeposit ? (
                      <Badge color="green">{t('bank.on')}</Badge>
                    ) : (
                      <Badge color="gray">{t('bank.off')}</Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryView>
    </Stack>
  );
}
