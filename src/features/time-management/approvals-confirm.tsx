// Time approvals: the confirmation asked before a pay period is approved (whose time, which days,
// the hours and what still waits).
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PayPeriod } from '../../contract/time-management';
import { hoursLabel, rangeLabel } from './format';

/**
 * Approving a pay period asks first, with what is being approved: whose time, which days, the hours
 * (and a warning when there are none), entries and what still waits. Escape or Cancel leaves it open.
 */
export function ApproveConfirm({
  period,
  onCancel,
  onConfirm,
}: {
  period: PayPeriod | null;
  onCancel: () => void;
  onConfirm: (period: PayPeriod) => void;
}) {
  const { t } = useTranslation();
  const p = period;
  return (
    <Modal opened={!!p} onClose={onCancel} title={t('time-management.approvals.confirm.title')}>
      {p && (
        <Stack gap="sm" data-testid="approve-confirm">
          <Text size="sm">
            {t('time-management.approvals.confirm.body', {
              name: p.EmployeeName,
              office: p.OfficeName,
              period: rangeLabel(p.StartDate, p.EndDate),
            })}
          </Text>
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{t('time-management.approvals.confirm.worked')}</Table.Th>
                <Table.Td data-testid="confirm-worked">{hoursLabel(p.WorkedMinutes)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('time-management.approvals.confirm.breaks')}</Table.Th>
                <Table.Td>{hoursLabel(p.BreakMinutes)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('time-management.approvals.confirm.weeks')}</Table.Th>
                <Table.Td>{p.Weeks.map((w) => hoursLabel(w.WorkedMinutes)).join(' + ')}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('time-management.approvals.confirm.entries')}</Table.Th>
                <Table.Td>{p.EntryCount}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {p.WorkedMinutes === 0 && (
            <Alert color="yellow" data-testid="confirm-no-hours">
              {t('time-management.approvals.confirm.noHours')}
            </Alert>
          )}
          {p.PendingModificationCount > 0 && (
            <Text size="sm">
              {t('time-management.approvals.confirm.awaiting', { count: p.PendingModificationCount })}
            </Text>
          )}
          <Group justify="flex-end">
            {/* Enter confirms, except for a period with no hours: then Enter cancels. */}
            <Button variant="default" onClick={onCancel} data-autofocus={p.WorkedMinutes === 0 || undefined}>
              {t('common.cancel')}
            </Button>
            <Button
              color="teal"
              data-autofocus={p.WorkedMinutes !== 0 || undefined}
              onClick={() => onConfirm(p)}
            >
              {t('time-management.approvals.confirm.approve')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
