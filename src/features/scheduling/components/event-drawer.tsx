// An event opened from the board: its details, slots, the activity timeline, Edit, and — when a draft
// of it conflicts with a change made meanwhile on the server — both versions and an explicit choice.
import { Alert, Badge, Button, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/errors';
import { ScheduleEventActivityType } from '../../../contract/scheduling';
import type { OutboxRow } from '../../../offline/db';
import { type ActivityStep, ActivityStepper } from '../../../ui/activity-stepper';
import { AddressSnippet } from '../../../ui/address-snippet';
import { useEventActivity } from '../api/get-event-activity';
import type { EventLookups } from '../api/get-event-lookups';
import { wireDay } from '../api/wire';
import { type BoardEvent, openPlaces, placesTaken, visibleAssignments } from '../board';
import { formatDay, formatLongDay, formatRange } from '../format';
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

/** The server's event in a 409 answer, read leniently (it went through IndexedDB). */
export interface ConflictView {
  message: string;
  current: { Title: string; Date: string; StartTime: string; EndTime: string; Version: number } | null;
}

export function readConflict(row: OutboxRow | undefined): ConflictView | null {
  if (row?.status !== 'conflict') return null;
  const body = (row.conflict ?? {}) as { Message?: unknown; Current?: Record<string, unknown> };
  const c = body.Current;
  const current =
    c && typeof c.Version === 'number'
      ? {
          Title: String(c.Title ?? ''),
          Date: wireDay(c.Date),
          StartTime: String(c.StartTime ?? ''),
          EndTime: String(c.EndTime ?? ''),
          Version: c.Version,
        }
      : null;
  return { message: typeof body.Message === 'string' ? body.Message : (row.lastError ?? ''), current };
}

export interface EventDrawerProps {
  event: BoardEvent | null;
  lookups: EventLookups | undefined;
  online: boolean;
  /** The outbox row of this event's draft that needs the user (conflict or refused), if any. */
  problem: OutboxRow | undefined;
  onClose(): void;
  onEdit(event: BoardEvent): void;
  onKeepMine(row: OutboxRow, version: number): void;
  onDiscardMine(row: OutboxRow): void;
}

export function EventDrawer({
  event,
  lookups,
  online,
  problem,
  onClose,
  onEdit,
  onKeepMine,
  onDiscardMine,
}: EventDrawerProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const activity = useEventActivity(event && online ? event.ScheduleEventID : null);
  const conflict = readConflict(problem);

  const steps: ActivityStep[] = (activity.data ?? []).map((a) => ({
    id: a.ActivityID,
    title: t(`scheduling.activity.${a.ActivityTypeID}`, {
      name: a.SubjectEmployeeName ?? '',
      defaultValue: a.Description,
    }),
    date: a.CreatedAt,
    color: ACTIVITY_COLOR[a.ActivityTypeID],
    creatorName: a.EmployeeName,
    description: [a.Description, a.Comment].filter(Boolean).join(' — '),
  }));

  const program = lookups?.Programs.find((p) => p.Id === event?.ProgramID)?.Name;
  const store = lookups?.Stores.find((s) => s.Id === event?.StoreID)?.Name;

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
                {conflict.current && (
                  <Table withTableBorder fz="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th />
                        <Table.Th>{t('scheduling.conflict.theirs')}</Table.Th>
                        <Table.Th>{t('scheduling.conflict.mine')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      <Table.Tr>
                        <Table.Td>{t('scheduling.form.title')}</Table.Td>
                        <Table.Td>{conflict.current.Title}</Table.Td>
                        <Table.Td>{event.Title}</Table.Td>
                      </Table.Tr>
                      <Table.Tr>
                        <Table.Td>{t('scheduling.form.date')}</Table.Td>
                        <Table.Td>{formatDay(conflict.current.Date)}</Table.Td>
                        <Table.Td>{formatDay(event.Date)}</Table.Td>
                      </Table.Tr>
                      <Table.Tr>
                        <Table.Td>{t('scheduling.conflict.time')}</Table.Td>
                        <Table.Td>
                          {formatRange(conflict.current.StartTime, conflict.current.EndTime)}
                        </Table.Td>
                        <Table.Td>{formatRange(event.StartTime, event.EndTime)}</Table.Td>
                      </Table.Tr>
                    </Table.Tbody>
                  </Table>
                )}
                <Group gap="xs">
                  {conflict.current && problem && (
                    <Button
                      size="xs"
                      color="orange"
                      onClick={() => onKeepMine(problem, conflict.current!.Version)}
                      disabled={!online}
                    >
                      {t('scheduling.conflict.keepMine')}
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
            {(program || store) && (
              <Text size="sm" c="dimmed">
                {[program, store].filter(Boolean).join(' · ')}
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
            </Group>
          )}

          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('scheduling.board.slots')}
            </Title>
            {event.TimeSlots.map((s, i) => (
              <Stack key={s.TimeSlotID || `new-${i}`} gap={2}>
                <Group justify="space-between">
                  <Text size="sm" fw={600}>
                    {formatRange(s.StartTime, s.EndTime)}
                  </Text>
                  <Text size="sm" c={openPlaces(s) > 0 ? 'orange.8' : 'dimmed'}>
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
