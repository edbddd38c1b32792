// Time approvals, second tab: the changes awaiting the employee's acknowledgement (counts per
// employee to filter by), each with Dismiss and its reason in a modal.
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/errors';
import { DISMISS_REASON_MAX, type TimeEntryModification } from '../../contract/time-management';
import { ListFooter } from '../../ui/list-footer';
import { noItems, QueryView } from '../../ui/query-view';
import { RelativeTime } from '../../ui/relative-time';
import { countsQuery, modificationsQuery } from './api/queries';
import { PAGE_SIZE, useInvalidate } from './approvals-shared';
import { ChangeList } from './components/change-list';
import { dayLabel } from './format';

export function ModificationsPanel() {
  const { t } = useTranslation();
  const api = useApiClient();
  const invalidate = useInvalidate();
  const [page, setPage] = useState(1);
  const [employeeId, setEmployeeId] = useState<number | null>(null);
  const [dismissing, setDismissing] = useState<TimeEntryModification | null>(null);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const counts = useQuery(countsQuery(api));
  const query = useQuery(
    modificationsQuery(api, {
      status: 'pending',
      employeeId: employeeId ?? undefined,
      sort: 'ModifiedAtDesc',
      pageIndex: page - 1,
      pageSize: PAGE_SIZE,
    }),
  );

  async function dismiss() {
    if (!dismissing) return;
    if (reason.length > DISMISS_REASON_MAX) {
      setFailure(t('time-management.approvals.reasonTooLong', { max: DISMISS_REASON_MAX }));
      return;
    }
    try {
      await api.put(`time-entries/modifications/${dismissing.TimeEntryModificationID}/dismiss`, {
        Version: dismissing.Version,
        Reason: reason.trim() || null,
      });
      setDismissing(null);
      void invalidate();
    } catch (err) {
      setFailure(errorMessage(err));
    }
  }

  return (
    <Stack gap="sm">
      {counts.data && counts.data.length > 0 && (
        <Group gap="xs" data-testid="counts-by-employee">
          <Button
            size="xs"
            variant={employeeId === null ? 'filled' : 'default'}
            onClick={() => {
              setEmployeeId(null);
              setPage(1);
            }}
          >
            {t('time-management.approvals.everyone')}
          </Button>
          {counts.data.map((c) => (
            <Button
              key={c.EmployeeID}
              size="xs"
              variant={employeeId === c.EmployeeID ? 'filled' : 'default'}
              onClick={() => {
                setEmployeeId(c.EmployeeID);
                setPage(1);
              }}
              rightSection={<Badge size="xs">{c.PendingCount}</Badge>}
            >
              {c.EmployeeName}
            </Button>
          ))}
        </Group>
      )}
      <QueryView
        query={query}
        errorTitle={t('time-management.approvals.loadFailed')}
        empty={t('time-management.approvals.noneAwaiting')}
        isEmpty={noItems}
      >
        {(data) => (
          <>
            <Stack gap="xs">
              {data.Items.map((m) => (
                <Card
                  key={m.TimeEntryModificationID}
                  withBorder
                  padding="sm"
                  radius="md"
                  data-modification-id={m.TimeEntryModificationID}
                >
                  <Group justify="space-between" align="flex-start">
                    <div>
                      <Text fw={600}>
                        {m.EmployeeName} · {dayLabel(m.EntryDate)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`time-management.modificationType.${m.ModificationTypeID}`)} ·{' '}
                        {t('time-management.approvals.by', { name: m.ModifiedByName })} ·{' '}
                        <RelativeTime date={new Date(m.ModifiedAt)} />
                      </Text>
                    </div>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => {
                        setDismissing(m);
                        setReason('');
                        setFailure(null);
                      }}
                    >
                      {t('time-management.approvals.dismiss')}
                    </Button>
                  </Group>
                  <ChangeList changes={m.Changes} />
                </Card>
              ))}
            </Stack>
            <ListFooter
              label={t('time-management.approvals.awaitingCount', { count: data.TotalCount })}
              totalCount={data.TotalCount}
              pageSize={PAGE_SIZE}
              page={page}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryView>
      <Modal
        opened={!!dismissing}
        onClose={() => setDismissing(null)}
        title={t('time-management.approvals.dismissTitle')}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t('time-management.approvals.dismissBody', { name: dismissing?.EmployeeName ?? '' })}
          </Text>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Textarea
            label={t('time-management.approvals.dismissReason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={
              reason.length > DISMISS_REASON_MAX
                ? t('time-management.approvals.reasonTooLong', { max: DISMISS_REASON_MAX })
                : undefined
            }
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDismissing(null)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void dismiss()}>{t('time-management.approvals.dismiss')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
