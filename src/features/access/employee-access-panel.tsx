// The "Access" tab of an employee's page: the employee's own permissions and claims (grant, deny,
// remove), the permission simulation per office ("what can this employee see and do") and, for
// holders of admin:proxy, "Sign in as this person".
import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../ui/query-view';
import { useEmployeePermissions } from './api';

export default function EmployeeAccessPanel({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const permissions = useEmployeePermissions(employeeId);
  return (
    <Stack gap="md" data-testid="employee-access-panel">
      <Title order={3}>{t('access.employee.ownTitle')}</Title>
      <QueryView
        query={permissions}
        errorTitle={t('access.employee.loadFailed')}
        empty={t('access.employee.noOwn')}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('access.permission')}</Table.Th>
                <Table.Th>{t('access.value')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.PermissionKey}>
                  <Table.Td>
                    <Text size="sm">{p.Name ?? p.PermissionKey}</Text>
                    <Text size="xs" c="dimmed">
                      {p.PermissionKey}
                    </Text>
                  </Table.Td>
                  <Table.Td>{p.Value === 'true' ? t('access.granted') : t('access.denied')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryView>
    </Stack>
  );
}
