// Late adjustments (state 'time.lateAdjustments', online only, for payroll): changes of time that
// reached the server for an approved or locked pay period. Accept (the change is applied and paid in
// an open pay period, the next by default) or reject with a reason the employee sees.

import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/errors';
import {
  type LateAdjustment,
  LateAdjustmentStatus,
  type LateAdjustmentsQuery,
  REJECTION_REASON_MAX,
} from '../../contract/time-management';
import { ListFooter } from '../../ui/list-footer';
import { noItems, QueryView } from '../../ui/query-view';
import { RelativeTime } from '../../ui/relative-time';
import { lateAdjustmentsQuery, lateTargetsQuery } from './api/queries';
import { ChangeList } from './components/change-list';
import { dayLabel, hoursLabel, rangeLabel } from './format';

const PAGE_SIZE = 10;
type Status = LateAdjustmentsQuery['status'];
type Sort = LateAdjustmentsQuery['sort'];
const STATUS_NAMES = ['', 'Pending', 'Accepted', 'Rejected', 'Withdrawn'];

export default function LateAdjustmentsPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('pending');
  const [sort, setSort] = useState<Sort>('RequestedAt');
  const [page, setPage] = useState(1);
  const [accepting, setAccepting] = useState<LateAdjustment | null>(null);
  const [rejecting, setRejecting] = useState<LateAdjustment | null>(null);
  const query = useQuery(
    lateAdjustmentsQuery(api, { status, sort, pageIndex: page - 1, pageSize: PAGE_SIZE }),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['time-management'] });

  return (
    <Stack maw={1100} gap="md">
      <div>
        <Title order={1} size="h2">
          {t('time-management.late.title')}
        </Title>
        <Text c="dimmed">{t('time-management.late.subtitle')}</Text>
      </div>
      <Group justify="space-between">
        <SegmentedControl
          value={status}
          onChange={(v) => {
            setStatus(v as Status);
            setPage(1);
          }}
          data={(['pending', 'accepted', 'rejected', 'all'] as const).map((s) => ({
            value: s,
            label: t(`time-management.late.filter.${s}`),
          }))}
        />
        <Select
          aria-label={t('time-management.late.sort')}
          value={sort}
          onChange={(v) => v && setSort(v as Sort)}
          allowDeselect={false}
          w={220}
          data={(['RequestedAt', 'RequestedAtDesc', 'EmployeeName', 'EntryDate'] as const).map((s) => ({
            value: s,
            label: t(`time-management.late.sortBy.${s}`),
          }))}
        />
      </Group>
      <QueryView
        query={query}
        errorTitle={t('time-management.late.loadFailed')}
        empty={
          status === 'pending' ? t('time-management.late.emptyPending') : t('time-management.late.empty')
        }
        isEmpty={noItems}
        emptyTestId="late-empty"
      >
        {(data) => (
          <>
            <Stack gap="sm" data-testid="late-list">
              {data.Items.map((a) => (
                <Card
                  key={a.LateAdjustmentID}
                  withBorder
                  radius="md"
                  padding="md"
                  data-late-id={a.LateAdjustmentID}
                  data-entry-id={a.TimeEntryID}
                >
                  <Group justify="space-between" align="flex-start" gap="sm">
                    <div>
                      <Group gap="xs">
                        <Text fw={700}>{a.EmployeeName}</Text>
                        <Badge variant="light">{t(`time-management.lateAction.${a.ActionID}`)}</Badge>
                        {a.IsBreak && (
                          <Badge variant="outline" color="gray">
                            {t('time-management.timesheet.break')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm">
                        {dayLabel(a.EntryDate)} · {a.OfficeName} ·{' '}
                        <Text span fw={600} c={a.MinutesDelta < 0 ? 'red.8' : 'teal.8'}>
                          {a.MinutesDelta > 0 ? '+' : ''}
                          {hoursLabel(a.MinutesDelta)}
                        </Text>
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('time-management.late.period', {
                          range: rangeLabel(a.PayPeriodStartDate, a.PayPeriodEndDate),
                          state: t(`time-management.periodState.${a.PayPeriodState}`).toLowerCase(),
                        })}{' '}
                        · {t('time-management.late.requested', { name: a.RequestedByName })}{' '}
                        <RelativeTime date={new Date(a.RequestedAt)} />
                      </Text>
                    </div>
                    {a.StatusID === LateAdjustmentStatus.Pending ? (
                      <Group gap="xs">
                        <Button size="sm" color="teal" onClick={() => setAccepting(a)}>
                          {t('time-management.late.accept')}
                        </Button>
                        <Button size="sm" variant="default" color="red" onClick={() => setRejecting(a)}>
                          {t('time-management.late.reject')}
                        </Button>
                      </Group>
                    ) : (
                      <Stack gap={2} align="flex-end">
                        <Badge
                          color={
                            a.StatusID === LateAdjustmentStatus.Accepted
                              ? 'green'
                              : a.StatusID === LateAdjustmentStatus.Rejected
                                ? 'red'
                                : 'gray'
                          }
                        >
                          {t(`time-management.lateStatus.${STATUS_NAMES[a.StatusID]}`)}
                        </Badge>
                        {a.ResolvedByName && (
                          <Text size="xs" c="dimmed">
                            {t('time-management.approvals.by', { name: a.ResolvedByName })}
                          </Text>
                        )}
                      </Stack>
                    )}
                  </Group>
                  <ChangeList changes={a.Changes} />
                  {a.RejectionReason && (
                    <Text size="sm" c="red.8" mt={4}>
                      {t('time-management.timesheet.rejectedBecause', { reason: a.RejectionReason })}
                    </Text>
                  )}
                  {a.AppliedPayPeriodStartDate && a.AppliedPayPeriodEndDate && (
                    <Text size="sm" c="dimmed" mt={4}>
                      {t('time-management.timesheet.paidIn', {
                        range: rangeLabel(a.AppliedPayPeriodStartDate, a.AppliedPayPeriodEndDate),
                      })}
                    </Text>
                  )}
                </Card>
              ))}
            </Stack>
            <ListFooter
              label={t('time-management.late.count', { count: data.TotalCount })}
              totalCount={data.TotalCount}
              pageSize={PAGE_SIZE}
              page={page}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryView>
      <AcceptDialog item={accepting} onClose={() => setAccepting(null)} onDone={() => void refresh()} />
      <RejectDialog item={rejecting} onClose={() => setRejecting(null)} onDone={() => void refresh()} />
    </Stack>
  );
}

function AcceptDialog({
  item,
  onClose,
  onDone,
}: {
  item: LateAdjustment | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const targets = useQuery({ ...lateTargetsQuery(api, item?.LateAdjustmentID ?? 0), enabled: !!item });
  const [target, setTarget] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset for each request
  useEffect(() => {
    setFailure(null);
    setTarget(null);
  }, [item?.LateAdjustmentID]);
  const chosen =
    target ??
    String(targets.data?.find((p) => p.IsNext)?.PayPeriodID ?? targets.data?.[0]?.PayPeriodID ?? '');

  async function accept() {
    if (!item) return;
    setBusy(true);
    setFailure(null);
    try {
      await api.put(`late-adjustments/${item.LateAdjustmentID}/accept`, {
        Version: item.Version,
        ...(chosen ? { PayPeriodID: Number(chosen) } : {}),
      });
      notifications.show({
        color: 'teal',
        message: t('time-management.late.accepted', { name: item.EmployeeName }),
      });
      onDone();
      onClose();
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={!!item} onClose={onClose} title={t('time-management.late.acceptTitle')}>
      <Stack gap="sm">
        <Text size="sm">{t('time-management.late.acceptBody', { name: item?.EmployeeName ?? '' })}</Text>
        {failure && (
          <Alert color="red" role="alert" title={t('time-management.late.acceptFailed')}>
            {failure}
          </Alert>
        )}
        {targets.isPending ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : targets.isError ? (
          <Alert color="red">{errorMessage(targets.error)}</Alert>
        ) : (
          <Radio.Group value={chosen} onChange={setTarget} label={t('time-management.late.payIn')}>
            <Stack gap={6} mt={6}>
              {targets.data.map((p) => (
                <Radio
                  key={p.PayPeriodID}
                  value={String(p.PayPeriodID)}
                  label={`${rangeLabel(p.StartDate, p.EndDate)}${p.IsNext ? ` (${t('time-management.late.next')})` : ''}`}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="teal" loading={busy} onClick={() => void accept()} data-testid="confirm-accept">
            {t('time-management.late.accept')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RejectDialog({
  item,
  onClose,
  onDone,
}: {
  item: LateAdjustment | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset for each request
  useEffect(() => {
    setReason('');
    setError(null);
    setFailure(null);
  }, [item?.LateAdjustmentID]);

  async function reject() {
    if (!item) return;
    const text = reason.trim();
    if (!text) return setError(t('time-management.late.reasonRequired'));
    if (text.length > REJECTION_REASON_MAX)
      return setError(t('time-management.late.reasonTooLong', { max: REJECTION_REASON_MAX }));
    setBusy(true);
    setFailure(null);
    try {
      await api.put(`late-adjustments/${item.LateAdjustmentID}/reject`, {
        Version: item.Version,
        Reason: text,
      });
      notifications.show({ message: t('time-management.late.rejected', { name: item.EmployeeName }) });
      onDone();
      onClose();
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={!!item} onClose={onClose} title={t('time-management.late.rejectTitle')}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert" title={t('time-management.late.rejectFailed')}>
            {failure}
          </Alert>
        )}
        <Textarea
          label={t('time-management.late.reason')}
          description={t('time-management.late.reasonHelp', { name: item?.EmployeeName ?? '' })}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          required
          autosize
          minRows={3}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void reject()}>
            {t('time-management.late.reject')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
