// Time approvals, first tab: the team's pay periods around a day (or one employee's, from a compliance
// report's link) — the state the tab holds, its queries, and Approve / Withdraw approval.
import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/errors';
import { hasGrant } from '../../api/permissions';
import { useSessionData } from '../../app/app-context';
import { type PayPeriod, type PayPeriodSort, wireDay } from '../../contract/time-management';
import { ListFooter } from '../../ui/list-footer';
import { noItems, QueryView } from '../../ui/query-view';
import { useComplianceFlags } from '../reports/jobs/compliance-flags';
import { countsQuery, payPeriodsQuery } from './api/queries';
import { ApproveConfirm } from './approvals-confirm';
import { PayPeriodsTable } from './approvals-periods-table';
import { PeriodsToolbar } from './approvals-periods-toolbar';
import { PAGE_SIZE, type StateFilter, useInvalidate } from './approvals-shared';
import { dayLabel, rangeLabel, shiftDay, toWire } from './format';

export function PeriodsPanel() {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useSessionData();
  const invalidate = useInvalidate();
  const canApprove = hasGrant(session?.grants ?? [], 'time:approve');
  // A link from a compliance report (?date=YYYY-MM-DD&employeeId=N) opens that employee's period.
  const [params] = useSearchParams();
  const linkedDate = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '')
    ? (params.get('date') as string)
    : null;
  const linkedEmployee = Number(params.get('employeeId')) || null;
  const [anchor, setAnchor] = useState(() => linkedDate ?? toWire(new Date()));
  const [onlyEmployee, setOnlyEmployee] = useState<number | null>(linkedEmployee);
  const [state, setState] = useState<StateFilter>('all');
  const [sort, setSort] = useState<PayPeriodSort>('EmployeeName');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  /** The period whose approval waits for the user's confirmation. */
  const [confirming, setConfirming] = useState<PayPeriod | null>(null);
  const query = useQuery(
    payPeriodsQuery(api, {
      startDate: anchor,
      endDate: anchor,
      state: state === 'all' ? undefined : state,
      employeeId: onlyEmployee ?? undefined,
      sort,
      pageIndex: page - 1,
      pageSize: PAGE_SIZE,
    }),
  );
  const counts = useQuery(countsQuery(api));
  const flags = useComplianceFlags(query.data?.Items.map((p) => p.PayPeriodID) ?? []);
  const linkedPeriod = onlyEmployee
    ? query.data?.Items.find((p) => p.EmployeeID === onlyEmployee)?.PayPeriodID
    : undefined;
  useEffect(() => {
    if (linkedPeriod !== undefined) setOpen(linkedPeriod);
  }, [linkedPeriod]);
  const first = query.data?.Items[0];
  const length = first
    ? Math.round((Date.parse(wireDay(first.EndDate)) - Date.parse(wireDay(first.StartDate))) / 86_400_000) + 1
    : 14;
  const move = (days: number) => {
    setAnchor(shiftDay(anchor, days));
    setPage(1);
    setOpen(null);
  };

  async function approve(p: PayPeriod, approveIt: boolean) {
    setBusy(p.PayPeriodID);
    try {
      if (approveIt) await api.put(`pay-periods/${p.PayPeriodID}/approved`, { Version: p.Version });
      else await api.delete(`pay-periods/${p.PayPeriodID}/approved`);
      notifications.show({
        color: 'teal',
        message: approveIt
          ? t('time-management.approvals.approved', { name: p.EmployeeName })
          : t('time-management.approvals.withdrawn', { name: p.EmployeeName }),
      });
    } catch (err) {
      notifications.show({
        color: 'red',
        title: approveIt
          ? t('time-management.approvals.approveFailed')
          : t('time-management.approvals.withdrawFailed'),
        message: errorMessage(err),
      });
    } finally {
      setBusy(null);
      void invalidate();
    }
  }

  return (
    <Stack gap="sm">
      <PeriodsToolbar
        periodLabel={first ? rangeLabel(first.StartDate, first.EndDate) : dayLabel(anchor)}
        onPrevious={() => move(-length)}
        onNext={() => move(length)}
        onCurrent={() => {
          setAnchor(toWire(new Date()));
          setPage(1);
          setOpen(null);
        }}
        onlyEmployee={onlyEmployee !== null}
        onShowEveryone={() => setOnlyEmployee(null)}
        state={state}
        onStateChange={(s) => {
          setState(s);
          setPage(1);
        }}
      />

      <QueryView
        query={query}
        errorTitle={t('time-management.approvals.loadFailed')}
        empty={t('time-management.approvals.empty')}
        isEmpty={noItems}
        emptyTestId="approvals-empty"
      >
        {(data) => (
          <>
            <PayPeriodsTable
              periods={data.Items}
              sort={sort}
              onSortChange={(s) => {
                setSort(s);
                setPage(1);
              }}
              ownEmployeeId={session?.identity.EmployeeID}
              counts={counts.data}
              flags={flags.data}
              open={open}
              onOpenChange={setOpen}
              busy={busy}
              canApprove={canApprove}
              onApprove={setConfirming}
              onWithdraw={(p) => void approve(p, false)}
            />
            <ListFooter
              label={t('time-management.approvals.count', { count: data.TotalCount })}
              totalCount={data.TotalCount}
              pageSize={PAGE_SIZE}
              page={page}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryView>
      <ApproveConfirm
        period={confirming}
        onCancel={() => setConfirming(null)}
        onConfirm={(p) => {
          setConfirming(null);
          void approve(p, true);
        }}
      />
    </Stack>
  );
}
