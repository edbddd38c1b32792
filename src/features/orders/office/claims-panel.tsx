// Claims: credit a rep with orders by their order numbers (employee claims, all or nothing), and the
// manual claims reps filed for orders the office did not find, to approve or reject.
import { Alert, Badge, Button, Card, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errors';
import { serverMessages } from '../../../api/field-errors';
import { hasGrant } from '../../../api/permissions';
import { useSessionData } from '../../../app/app-context';
import { type ManualClaim, ORDERS_WRITE } from '../../../contract/orders';
import { ListFooter } from '../../../ui/list-footer';
import { notify } from '../../../ui/notify';
import { noItems, QueryView } from '../../../ui/query-view';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { useDivisions } from '../../employees/api';
import { useEmployeeClaims, useManualClaims, useResolveManualClaim, useRoster } from '../api/office';
import { formatDay } from './helpers';
import { ManualClaimModal, WithdrawClaimModal } from './manual-claim-modal';

const PAGE_SIZE = 20;
const CLAIM_COLOURS: Record<number, string> = { 1: 'yellow', 2: 'green', 3: 'gray' };

export function ClaimsPanel() {
  return (
    <Stack gap="lg">
      <ClaimOrders />
      <ManualClaims />
    </Stack>
  );
}

function ClaimOrders() {
  const { t } = useTranslation();
  const roster = useRoster();
  const divisions = useDivisions();
  const [employee, setEmployee] = useState<string | null>(null);
  const [division, setDivision] = useState<string | null>(null);
  const [numbers, setNumbers] = useState('');
  const claim = useEmployeeClaims();
  const list = numbers
    .split(/[\s,;]+/)
    .map((n) => n.trim())
    .filter(Boolean);
  const employees = [...new Map((roster.data ?? []).map((r) => [r.EmployeeID, r.FullName] as const))];
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('orders.claims.title')}
        </Title>
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('orders.office.employee')}
            data={employees.map(([id, name]) => ({ value: String(id), label: name }))}
            value={employee}
            onChange={setEmployee}
            searchable
            required
            w={{ base: '100%', xs: 240 }}
          />
          <Select
            label={t('orders.office.division')}
            data={(divisions.data ?? []).map((d) => ({ value: String(d.DivisionID), label: d.Name }))}
            value={division}
            onChange={setDivision}
            required
            w={{ base: '100%', xs: 180 }}
          />
        </Group>
        <Textarea
          label={t('orders.claims.numbers')}
          description={t('orders.claims.numbersHint')}
          value={numbers}
          onChange={(e) => setNumbers(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        {claim.isError && (
          <Alert color="red" title={errorMessage(claim.error)}>
            {serverMessages(claim.error).map((m) => (
              <Text size="sm" key={m}>
                {m}
              </Text>
            ))}
          </Alert>
        )}
        <Group>
          <Button
            disabled={!employee || !division || list.length === 0}
            loading={claim.isPending}
            onClick={() =>
              claim.mutate(
                { EmployeeID: Number(employee), DivisionID: Number(division), OrderNumbers: list },
                {
                  onSuccess: (orders) => {
                    void notify({
                      message: t('orders.claims.done', { count: orders.length }),
                      color: 'green',
                    });
                    setNumbers('');
                  },
                },
              )
            }
          >
            {t('orders.claims.claim', { count: list.length })}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ManualClaims() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<string | null>('1');
  const [page, setPage] = useState(1);
  const claims = useManualClaims({
    statusID: status ? Number(status) : undefined,
    pageIndex: page - 1,
    pageSize: PAGE_SIZE,
  });
  const resolve = useResolveManualClaim();
  const [editing, setEditing] = useState<ManualClaim | 'new' | null>(null);
  const [withdrawing, setWithdrawing] = useState<ManualClaim | null>(null);
  const canWrite = hasGrant(useSessionData()?.grants ?? [], ORDERS_WRITE);
  return (
    <Stack gap="sm">
      <ManualClaimModal editing={editing} onClose={() => setEditing(null)} />
      <WithdrawClaimModal claim={withdrawing} onClose={() => setWithdrawing(null)} />
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <Title order={2} size="h4">
            {t('orders.claims.manualTitle')}
          </Title>
          {canWrite && (
            <Button
              size="xs"
              variant="light"
              onClick={() => setEditing('new')}
              data-testid="new-manual-claim"
            >
              {t('orders.manualClaim.new')}
            </Button>
          )}
        </Group>
        <Select
          label={t('orders.office.status')}
          placeholder={t('orders.office.any')}
          data={[1, 2, 3].map((s) => ({ value: String(s), label: t(`orders.claims.status.${s}`) }))}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          clearable
          w={180}
        />
      </Group>
      {resolve.isError && <Alert color="red">{errorMessage(resolve.error)}</Alert>}
      <QueryView
        query={claims}
        errorTitle={t('orders.claims.loadFailed')}
        empty={t('orders.claims.empty')}
        isEmpty={noItems}
      >
        {(data) => (
          <Stack gap="sm">
            <ResponsiveTable
              label={t('orders.claims.manualTitle')}
              testId="manual-claims"
              minWidth={820}
              tableProps={{ striped: true, verticalSpacing: 'xs' }}
              rows={data.Items}
              rowKey={(c) => c.WorkOrderManualClaimID}
              title={(c) => c.OrderNumber}
              subtitle={(c) => c.EmployeeName}
              columns={[
                {
                  key: 'order',
                  label: t('orders.office.orderNumber'),
                  hideInCard: true,
                  cell: (c) => c.OrderNumber,
                },
                {
                  key: 'employee',
                  label: t('orders.office.employee'),
                  hideInCard: true,
                  cell: (c) => c.EmployeeName,
                },
                { key: 'office', label: t('orders.office.office'), cell: (c) => c.OfficeName },
                {
                  key: 'saleDate',
                  label: t('orders.office.saleDate'),
                  cell: (c) => formatDay(c.SaleDate, i18n.language),
                },
                {
                  key: 'customer',
                  label: t('orders.office.customer'),
                  cell: (c) => (
                    <>
                      <Text size="sm">{c.CustomerName ?? '—'}</Text>
                      {c.Comments && (
                        <Text size="xs" c="dimmed">
                          {c.Comments}
                        </Text>
                      )}
                    </>
                  ),
                },
                {
                  key: 'status',
                  label: t('orders.office.status'),
                  cell: (c) => (
                    <Badge variant="light" color={CLAIM_COLOURS[c.StatusID] ?? 'gray'}>
                      {t(`orders.claims.status.${c.StatusID}`)}
                    </Badge>
                  ),
                },
              ]}
              actions={(c, layout) =>
                c.StatusID === 1 &&
                canWrite && (
                  <>
                    {([2, 3] as const).map((to) => (
                      <Button
                        key={to}
                        size={layout === 'cards' ? 'sm' : 'compact-xs'}
                        variant={to === 2 ? 'light' : 'subtle'}
                        color={to === 2 ? 'green' : 'red'}
                        loading={resolve.isPending && resolve.variables?.id === c.WorkOrderManualClaimID}
                        onClick={() =>
                          resolve.mutate({
                            id: c.WorkOrderManualClaimID,
                            body: { StatusID: to, ResolutionComments: null, Version: c.Version },
                          })
                        }
                      >
                        {t(to === 2 ? 'orders.claims.approve' : 'orders.claims.reject')}
                      </Button>
                    ))}
                    <Button
                      size={layout === 'cards' ? 'sm' : 'compact-xs'}
                      variant="subtle"
                      onClick={() => setEditing(c)}
                      aria-label={t('orders.manualClaim.editOf', { number: c.OrderNumber })}
                    >
                      {t('orders.adjustments.edit')}
                    </Button>
                    <Button
                      size={layout === 'cards' ? 'sm' : 'compact-xs'}
                      variant="subtle"
                      color="red"
                      onClick={() => setWithdrawing(c)}
                      aria-label={t('orders.manualClaim.withdrawOf', { number: c.OrderNumber })}
                    >
                      {t('orders.manualClaim.withdraw')}
                    </Button>
                  </>
                )
              }
            />
            <ListFooter
              label={t('orders.claims.count', { count: data.TotalCount })}
              totalCount={data.TotalCount}
              pageSize={PAGE_SIZE}
              page={page}
              onPageChange={setPage}
            />
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
