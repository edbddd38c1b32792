// Time approvals, pay periods tab: the list of the team's pay periods (a table, cards on a phone) —
// worked time, state and what still waits, with Review (the period's entries), Approve and Withdraw.
import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Identity } from '../../contract/auth';
import type { ComplianceFlag } from '../../contract/report-jobs';
import type { ModificationCount, PayPeriod, PayPeriodSort } from '../../contract/time-management';
import { ResponsiveTable } from '../../ui/responsive-table';
import { ComplianceBadges } from '../reports/jobs/compliance-flags';
import { PeriodDetail } from './approvals-period-detail';
import { hoursLabel } from './format';

function stateColour(state: PayPeriod['State']) {
  return state === 'Locked' ? 'gray' : state === 'Approved' ? 'teal' : 'blue';
}

export interface PayPeriodsTableProps {
  periods: readonly PayPeriod[];
  sort: PayPeriodSort;
  onSortChange: (sort: PayPeriodSort) => void;
  /** The signed-in user's employee: their own period is marked and cannot be approved by them. */
  ownEmployeeId: Identity['EmployeeID'] | undefined;
  /** Changes awaiting acknowledgement per employee (newer than the period's own count). */
  counts: readonly ModificationCount[] | undefined;
  flags: readonly ComplianceFlag[] | undefined;
  /** The period whose entries are open under its row. */
  open: number | null;
  onOpenChange: (payPeriodId: number | null) => void;
  /** The period being approved or withdrawn. */
  busy: number | null;
  canApprove: boolean;
  onApprove: (period: PayPeriod) => void;
  onWithdraw: (period: PayPeriod) => void;
}

export function PayPeriodsTable({
  periods,
  sort,
  onSortChange,
  ownEmployeeId,
  counts,
  flags,
  open,
  onOpenChange,
  busy,
  canApprove,
  onApprove,
  onWithdraw,
}: PayPeriodsTableProps) {
  const { t } = useTranslation();
  return (
    <ResponsiveTable
      label={t('time-management.approvals.periodsTab')}
      testId="pay-periods"
      tableProps={{ highlightOnHover: true, verticalSpacing: 'sm' }}
      minWidth={540}
      rows={periods}
      rowKey={(p) => p.PayPeriodID}
      rowProps={(p) => ({ 'data-period-id': p.PayPeriodID, 'data-employee-id': p.EmployeeID })}
      sort={{ column: sort.replace(/Desc$/, ''), descending: sort.endsWith('Desc') }}
      onSortChange={(s) =>
        onSortChange((s.descending && s.column !== 'State' ? `${s.column}Desc` : s.column) as PayPeriodSort)
      }
      title={(p) => p.EmployeeName}
      subtitle={(p) => (
        <>
          {p.OfficeName}
          {p.EmployeeID === ownEmployeeId && ` · ${t('time-management.approvals.ownPeriod')}`}
        </>
      )}
      columns={[
        {
          key: 'EmployeeName',
          label: t('time-management.approvals.employee'),
          sortable: true,
          hideInCard: true,
          cell: (p) => (
            <>
              <Text fw={600}>{p.EmployeeName}</Text>
              <Text size="xs" c="dimmed">
                {p.OfficeName}
              </Text>
              {p.EmployeeID === ownEmployeeId && (
                <Text size="xs" c="dimmed">
                  {t('time-management.approvals.ownPeriod')}
                </Text>
              )}
            </>
          ),
        },
        {
          key: 'WorkedMinutes',
          label: t('time-management.approvals.worked'),
          sortable: true,
          cell: (p) => (
            <>
              <Text fw={600} size="sm">
                {hoursLabel(p.WorkedMinutes)}
              </Text>
              <Text size="xs" c="dimmed">
                {p.Weeks.map((w) => hoursLabel(w.WorkedMinutes)).join(' + ')}
                {p.LateAdjustmentMinutes !== 0 &&
                  ` · ${t('time-management.approvals.lateMinutes', { duration: hoursLabel(p.LateAdjustmentMinutes) })}`}
              </Text>
            </>
          ),
        },
        {
          key: 'State',
          label: t('time-management.approvals.status'),
          sortable: 'ascending',
          cell: (p) => {
            const awaiting =
              counts?.find((c) => c.EmployeeID === p.EmployeeID)?.PendingCount ?? p.PendingModificationCount;
            return (
              <>
                <Group gap={4}>
                  <Badge color={stateColour(p.State)} data-testid="period-state">
                    {t(`time-management.periodState.${p.State}`)}
                  </Badge>
                </Group>
                <ComplianceBadges flags={(flags ?? []).filter((f) => f.PayPeriodID === p.PayPeriodID)} />
                {p.OpenEntryCount > 0 && (
                  <Text size="xs" fw={600} c="red.8">
                    {t('time-management.approvals.openEntries', { count: p.OpenEntryCount })}
                  </Text>
                )}
                {awaiting > 0 && (
                  <Text size="xs" fw={600} c="orange.8" data-testid="awaiting-count">
                    {t('time-management.approvals.awaiting', { count: awaiting })}
                  </Text>
                )}
                {p.PendingLateAdjustmentCount > 0 && (
                  <Text size="xs" fw={600} c="yellow.9">
                    {t('time-management.approvals.late', {
                      count: p.PendingLateAdjustmentCount,
                    })}
                  </Text>
                )}
                {p.ApprovedByName && (
                  <Text size="xs" c="dimmed">
                    {t('time-management.approvals.by', { name: p.ApprovedByName })}
                  </Text>
                )}
              </>
            );
          },
        },
      ]}
      actionsLabel={t('time-management.approvals.actions')}
      actions={(p, layout) => {
        const expanded = open === p.PayPeriodID;
        const mine = p.EmployeeID === ownEmployeeId;
        const size = layout === 'cards' ? 'sm' : 'xs';
        return (
          <>
            <Button
              size={size}
              variant={expanded ? 'filled' : 'light'}
              onClick={() => onOpenChange(expanded ? null : p.PayPeriodID)}
              aria-expanded={expanded}
            >
              {t('time-management.approvals.review')}
            </Button>
            {canApprove && p.State === 'Open' && !mine && (
              <Button size={size} color="teal" loading={busy === p.PayPeriodID} onClick={() => onApprove(p)}>
                {t('time-management.approvals.approve')}
              </Button>
            )}
            {canApprove && p.State === 'Approved' && !mine && (
              <Button
                size={size}
                variant="default"
                loading={busy === p.PayPeriodID}
                onClick={() => onWithdraw(p)}
              >
                {t('time-management.approvals.withdraw')}
              </Button>
            )}
          </>
        );
      }}
      detail={(p) => (open === p.PayPeriodID ? <PeriodDetail period={p} /> : null)}
    />
  );
}
