// An event opened from the board: its details, slots, the activity timeline, Edit, and — when a draft
// of it conflicts with a change made meanwhile on the server — both versions and an explicit choice.
import { Alert, Badge, Button, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBan, IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/errors';
import { ScheduleEventActivityType } from '../../../contract/scheduling';
import type { OutboxRow } from '../../../offline/db';
import { type ActivityStep, ActivityStepper } from '../../../ui/activity-stepper';
import { AddressSnippet } from '../../../ui/address-snippet';
import { useCancelEvent } from '../api/cancel-event';
import { useEventActivity } from '../api/get-event-activity';
import type { EventLookups } from '../api/get-event-lookups';
import { type BoardEvent, openPlaces, placesTaken, visibleAssignments } from '../board';
import { conflictRows, readConflict } from '../conflict';
import { formatDay, formatLongDay, formatRange } from '../format';
import { AdditionalHoursSection } from './additional-hours-section';
import { DraftBadge, StatusBadge } from './status-badge';

const ACTIVITY_COLOR: Record<number, string> = {
  [ScheduleEventActivityType.Created]: 'blue',
  [ScheduleEventActivityType.Updated]: 'blue',
  [ScheduleEventActivityType.Assigned]: 'yellow',
  [ScheduleEventActivityType.Accepted]: 'green',
  [ScheduleEventActivityType.Rejected]: 'red',
  [ScheduleEventActivityType.Unassigned]: 'gray',
  [ScheduleEventActivityType.Cancelled]: 'gray',
  [ScheduleEventActivityType.AdditionalHoursChanged]: 'grape',
};

export interface EventDrawerProps {
  event: BoardEvent | null;
  lookups: EventLookups | undefined;
  online: boolean;
  /** The outbox row of this event's draft that needs the user (conflict or refused), if any. */
  problem: OutboxRow | undefined;
  onClose(): void;
  onEdit(event: BoardEvent): void;
  /** Send the draft's changed fields over the server's current event. */
  onMerge(row: OutboxRow): void;
  /** Whether the draft can be merged (the 409 carried the current event). */
  canMerge(row: OutboxRow): boolean;
  onDiscardMine(row: OutboxRow): void;
}

export function EventDrawer({
  event,
  lookups,
  online,
  problem,
  onClose,
  onEdit,
  onMerge,
  canMerge,
  onDiscardMine,
}: EventDrawerProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const activity = useEventActivity(event && online ? event.ScheduleEventID : null);
  const conflict = readConflict(problem);
  const cancel = useCancelEvent();
  const cancelled = event?.Status === 2;
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [openedFor, setOpenedFor] = useState<number | null>(null);
  if ((event?.ScheduleEventID ?? null) !== openedFor) {
    setOpenedFor(event?.ScheduleEventID ?? null);
    setCancelling(false);
    setCancelError(null);
  }

  /** The time slot an activity row is about (its assignment's slot), when the event still has it. */
  const slotOf = (assignmentId: number | null) =>
    assignmentId === null
      ? undefined
      : event?.TimeSlots.find((s) => s.Assignments.some((a) => a.AssignmentID === assignmentId));
  const steps: ActivityStep[] = (activity.data ?? []).map((a) => {
    const slot = slotOf(a.AssignmentID);
    const name = a.SubjectEmployeeName ?? '';
    return {
      id: a.ActivityID,
      title: slot
        ? t(`scheduling.activitySlot.${a.ActivityTypeID}`, {
            name,
            time: formatRange(slot.StartTime, slot.EndTime),
            defaultValue: a.Description,
          })
        : t(`scheduling.activity.${a.ActivityTypeID}`, { name, defaultValue: a.Description }),
      date: a.CreatedAt,
      color: ACTIVITY_COLOR[a.ActivityTypeID],
      creatorName: a.EmployeeName,
      // A rejection's reason or a withdrawal's comment; nothing else ('No comments').
      description: a.Comment,
      expanded: !!a.Comment,
    };
  });

  const programName = (id: number | null) => lookups?.Programs.find((p) => p.Id === id)?.Name ?? null;
  const storeName = (id: number | null) => lookups?.Stores.find((s) => s.Id === id)?.Name ?? null;
  const program = event ? programName(event.ProgramID) : null;
  const store = event ? storeName(event.StoreID) : null;
  const changed = (problem?.args as { Changed?: string[] } | undefined)?.Changed;
  const differences =
    event && conflict?.current
      ? conflictRows(
          conflict.current,
          event,
          {
            day: formatDay,
            range: formatRange,
            program: programName,
            store: storeName,
            slot: (start, end, capacity) => `${formatRange(start, end)} (${capacity})`,
          },
          changed,
        )
      : [];

  async function doCancel() {
    if (!event) return;
    setCancelError(null);
    try {
      await cancel.mutateAsync({ eventId: event.ScheduleEventID, version: event.Version });
      setCancelling(false);
    } catch (err) {
      setCancelError(errorMessage(err));
    }
  }

  return (
    <Drawer
      opened={!!event}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={event ? <Text fw={700}>{event.Title}</Text> : null}
      data-testid="event-drawer"
    >
      {event && (
        <Stack gap="md">
          <Group gap="xs">
            <DraftBadge state={event.draft} />
            {event.Status === 2 && <Badge color="gray">{t('scheduling.cancelled')}</Badge>}
          </Group>

          {conflict && (
            <Alert color="orange" title={t('scheduling.conflict.title')} data-testid="event-conflict">
              <Stack gap="xs">
                <Text size="sm">{conflict.message}</Text>
                {conflict.current && differences.length > 0 && (
                  <Table withTableBorder fz="sm" data-testid="conflict-table">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th />
                        <Table.Th>{t('scheduling.conflict.theirs')}</Table.Th>
                        <Table.Th>{t('scheduling.conflict.mine')}</Table.Th>
                        <Table.Th>{t('scheduling.conflict.merged')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {differences.map((r) => (
                        <Table.Tr key={r.field} data-field={r.field} data-kept={r.kept}>
                          <Table.Th scope="row" fw={600}>
                            {t(`scheduling.conflict.fields.${r.field}`)}
                          </Table.Th>
                          <Table.Td>{r.theirs || '—'}</Table.Td>
                          <Table.Td>{r.mine || '—'}</Table.Td>
                          <Table.Td fw={600}>
                            {(r.kept === 'mine' ? r.mine : r.theirs) || '—'}
                            <Text size="xs" c="dimmed" fw={400}>
                              {t(`scheduling.conflict.kept.${r.kept}`)}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
                {conflict.current && differences.length === 0 && (
                  <Text size="sm">{t('scheduling.conflict.sameFields')}</Text>
                )}
                <Group gap="xs">
                  {problem && canMerge(problem) && (
                    <Button
                      size="xs"
                      color="orange"
                      onClick={() => onMerge(problem)}
                      disabled={!online}
                      data-testid="merge-draft"
                    >
                      {t('scheduling.conflict.merge')}
                    </Button>
                  )}
                  {problem && (
                    <Button size="xs" variant="default" onClick={() => onDiscardMine(problem)}>
                      {t('scheduling.conflict.useTheirs')}
                    </Button>
                  )}
                  <Button size="xs" variant="subtle" component={Link} to="/sync">
                    {t('scheduling.conflict.pendingChanges')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          {problem && !conflict && (
            <Alert color="red" title={t('scheduling.conflict.refused')}>
              <Stack gap="xs">
                <Text size="sm">{problem.lastError}</Text>
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => onDiscardMine(problem)}>
                    {t('scheduling.conflict.discard')}
                  </Button>
                  <Button size="xs" variant="subtle" component={Link} to="/sync">
                    {t('scheduling.conflict.pendingChanges')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}

          <Stack gap={4}>
            <Text fw={600}>{formatLongDay(event.Date)}</Text>
            <Text size="sm">{formatRange(event.StartTime, event.EndTime)}</Text>
            {event.EventHostName && (
              <Text size="sm">
                {event.EventHostName}
                {event.HostTypeID ? ` · ${t(`scheduling.hostTypes.${event.HostTypeID}`)}` : ''}
              </Text>
            )}
            {program && (
              <Text size="sm">
                <Text span c="dimmed" size="sm">
                  {t('scheduling.form.program')}:
                </Text>{' '}
                {program}
              </Text>
            )}
            {store && (
              <Text size="sm">
                <Text span c="dimmed" size="sm">
                  {t('scheduling.form.store')}:
                </Text>{' '}
                {store}
              </Text>
            )}
            <AddressSnippet
              address={{
                StreetLine1: event.StreetLine1,
                StreetLine2: event.StreetLine2,
                City: event.City,
                StateName: event.StateProvince,
                PostalCode: event.PostalCode,
                CountryID: event.CountryID,
                CountryName: event.CountryID ? t(`scheduling.countries.${event.CountryID}`) : null,
              }}
            />
            {event.Notes && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                {event.Notes}
              </Text>
            )}
          </Stack>

          {event.Status !== 2 && (
            <Group>
              <Button
                leftSection={<IconEdit size={16} />}
                variant="light"
                onClick={() => onEdit(event)}
                disabled={event.draft === 'conflict' || event.draft === 'failed'}
                data-testid="edit-event"
              >
                {t('scheduling.board.editEvent')}
              </Button>
              {event.ScheduleEventID > 0 && !event.draft && !cancelling && (
                <Button
                  leftSection={<IconBan size={16} />}
                  variant="subtle"
                  color="red"
                  onClick={() => setCancelling(true)}
                  disabled={!online}
                  title={online ? undefined : t('scheduling.board.cancelNeedsConnection')}
                  data-testid="cancel-event"
                >
                  {t('scheduling.board.cancelEvent')}
                </Button>
              )}
            </Group>
          )}
          {cancelling && event.Status !== 2 && (
            <Alert
              color="red"
              variant="light"
              title={t('scheduling.board.cancelTitle')}
              data-testid="cancel-confirm"
            >
              <Stack gap="xs">
                <Text size="sm">
                  {t('scheduling.board.cancelBody', {
                    count: event.TimeSlots.reduce((n, s) => n + placesTaken(s), 0),
                  })}
                </Text>
                {cancelError && (
                  <Text size="sm" c="red" role="alert">
                    {cancelError}
                  </Text>
                )}
                <Group gap="xs" justify="flex-end">
                  <Button size="xs" variant="default" onClick={() => setCancelling(false)}>
                    {t('scheduling.board.keepEvent')}
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    loading={cancel.isPending}
                    disabled={!online}
                    onClick={() => void doCancel()}
                    data-testid="confirm-cancel-event"
                  >
                    {t('scheduling.board.cancelEvent')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}

          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('scheduling.board.slots')}
            </Title>
            {event.TimeSlots.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('scheduling.board.noSlots')}
              </Text>
            )}
            {event.TimeSlots.map((s, i) => (
              <Stack key={s.TimeSlotID || `new-${i}`} gap={2} data-testid="drawer-slot">
                <Group justify="space-between">
                  <Text
                    size="sm"
                    fw={600}
                    td={cancelled ? 'line-through' : undefined}
                    c={cancelled ? 'dimmed' : undefined}
                  >
                    {formatRange(s.StartTime, s.EndTime)}
                  </Text>
                  <Text
                    size="sm"
                    c={!cancelled && openPlaces(s) > 0 ? 'orange.8' : 'dimmed'}
                    td={cancelled ? 'line-through' : undefined}
                  >
                    {t('scheduling.slot.places', { taken: placesTaken(s), capacity: s.Capacity })}
                  </Text>
                </Group>
                {visibleAssignments(s.Assignments).map((a) => (
                  <Group key={a.AssignmentID} gap="xs" pl="sm">
                    <Text size="sm">{a.EmployeeName}</Text>
                    <StatusBadge status={a.Status} size="xs" />
                  </Group>
                ))}
              </Stack>
            ))}
          </Stack>

          <AdditionalHoursSection key={event.ScheduleEventID} event={event} online={online} />

          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('scheduling.board.activity')}
            </Title>
            {event.ScheduleEventID < 0 ? (
              <Text size="sm" c="dimmed">
                {t('scheduling.board.activityAfterSync')}
              </Text>
            ) : !online ? (
              <Text size="sm" c="dimmed">
                {t('scheduling.board.activityOffline')}
              </Text>
            ) : activity.isPending ? (
              <Text size="sm" c="dimmed">
                {t('common.loading')}
              </Text>
            ) : activity.isError ? (
              <Text size="sm" c="red">
                {errorMessage(activity.error)}
              </Text>
            ) : (
              <div data-testid="event-activity">
                <ActivityStepper steps={steps} />
              </div>
            )}
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
