// "Your time was changed": one change made to the employee's entry by someone else, with what
// changed, its history (activity stepper) and the Acknowledge button (queued offline).
import { Badge, Button, Card, Collapse, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context';
import { type TimeEntryModification, wireDay } from '../../../contract/time-management';
import { ActivityStepper } from '../../../ui/activity-stepper';
import { RelativeTime } from '../../../ui/relative-time';
import { historyQuery } from '../api/queries';
import { dayLabel } from '../format';
import { ChangeList, useChangeSummary } from './change-list';

const STEP_COLOURS: Record<string, string> = {
  TimeEntryCreated: 'teal',
  TimeEntryUpdated: 'orange',
  TimeEntryDeleted: 'red',
  ModificationAcknowledged: 'blue',
  ModificationDismissed: 'gray',
  LateAdjustmentRequested: 'yellow',
  LateAdjustmentAccepted: 'green',
  LateAdjustmentRejected: 'red',
  LateAdjustmentWithdrawn: 'gray',
};

export function History({ userId, modificationId }: { userId: string; modificationId: number }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const summary = useChangeSummary();
  const history = useQuery(historyQuery(api, userId, modificationId));
  if (history.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (history.isError)
    return (
      <Text size="sm" c="red">
        {t('time-management.modified.historyFailed')}
      </Text>
    );
  const steps = history.data.data.Steps.map((s) => ({
    id: s.AuditLogID,
    title: t(`time-management.actions.${s.Action}`, { defaultValue: s.Action }),
    date: s.At,
    color: STEP_COLOURS[s.Action],
    creatorName: s.ByName,
    description: [s.Changes.length && s.Action !== 'TimeEntryCreated' ? summary(s.Changes) : '', s.Note ?? '']
      .filter(Boolean)
      .join(' — '),
    expanded: s.TimeEntryModificationID === modificationId,
  }));
  return <ActivityStepper steps={steps} headingOrder={4} />;
}

export function ModificationCard({
  mod,
  userId,
  acknowledged,
  onAcknowledge,
}: {
  mod: TimeEntryModification;
  userId: string;
  /** Acknowledged on this device (the acknowledgement may still be waiting to be sent). */
  acknowledged: 'no' | 'pending' | 'sent';
  onAcknowledge: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const kind = ['', 'created', 'updated', 'deleted'][mod.ModificationTypeID] ?? 'updated';
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="modification"
      data-modification-id={mod.TimeEntryModificationID}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={600}>
              {t(`time-management.modified.${kind}`, {
                name: mod.ModifiedByName,
                date: dayLabel(wireDay(mod.EntryDate)),
              })}
            </Text>
            <Text size="xs" c="dimmed">
              <RelativeTime date={new Date(mod.ModifiedAt)} />
            </Text>
          </div>
          {acknowledged !== 'no' && (
            <Badge color={acknowledged === 'pending' ? 'yellow' : 'green'} variant="light">
              {acknowledged === 'pending'
                ? t('time-management.modified.ackPending')
                : t('time-management.modified.acked')}
            </Badge>
          )}
        </Group>
        <ChangeList changes={mod.Changes} />
        <Group gap="xs">
          <Button
            size="xs"
            variant="subtle"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={`history-${mod.TimeEntryModificationID}`}
          >
            {open ? t('time-management.modified.hideHistory') : t('time-management.modified.showHistory')}
          </Button>
          {acknowledged === 'no' && (
            <Button size="xs" onClick={onAcknowledge}>
              {t('time-management.modified.acknowledge')}
            </Button>
          )}
        </Group>
        <Collapse expanded={open} id={`history-${mod.TimeEntryModificationID}`}>
          {open && <History userId={userId} modificationId={mod.TimeEntryModificationID} />}
        </Collapse>
      </Stack>
    </Card>
  );
}
