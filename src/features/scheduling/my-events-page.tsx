// My events (staff, phone-first): the upcoming events the user is assigned to, with host, address,
// time slot and answer. Accepting or rejecting is an offline command: it shows at once (with a
// "waiting to send" badge) and reaches the server once, whenever the connection allows.
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconClockPlay, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useConnection } from '../../api/connection';
import { errorMessage } from '../../api/errors';
import { useSessionData, useSyncEngine } from '../../app/app-context';
import { dayInZone } from '../../contract/organisation';
import { AssignmentStatus } from '../../contract/scheduling';
import { listDrafts } from '../../offline/db';
import { useSyncEngineStatus, useSyncStatus } from '../../offline/use-sync-status';
import { AddressSnippet } from '../../ui/address-snippet';
import { RelativeTime } from '../../ui/relative-time';
import { useClockLookups } from '../time/api/get-clock-lookups';
import { useMyEvents } from './api/get-my-events';
import { accept, reject } from './api/respond-actions';
import {
  clockWhere,
  clockWhereKey,
  localDay,
  type MyAssignment,
  type MyEvent,
  mergeAnswerDrafts,
  sortMyEvents,
} from './board';
import { ASSIGNMENT_ENTITY } from './commands';
import { DraftBadge, StatusBadge } from './components/status-badge';
import { formatDay, formatRange } from './format';

interface Rejecting {
  event: MyEvent;
  assignment: MyAssignment;
}

export default function MyEventsPage() {
  const { t } = useTranslation();
  const session = useSessionData();
  const userId = session ? String(session.identity.EmployeeID) : '';
  // "Today" at each event's office, in its time zone (the offices of the user's employment records,
  // as the clock knows them; the browser's day for an office whose zone is not known).
  const clock = useClockLookups(userId);
  const zones = useMemo(
    () => new Map((clock.data?.data.Offices ?? []).map((o) => [o.IcdOfficeID, o.TimeZone])),
    [clock.data],
  );
  const todayAt = (officeId: number) => {
    const zone = zones.get(officeId);
    return (zone && dayInZone(zone, new Date())) || localDay(new Date());
  };
  const firstZone = clock.data?.data.Offices[0]?.TimeZone;
  const today = (firstZone && dayInZone(firstZone, new Date())) || localDay(new Date());
  const query = useMyEvents(userId, today);
  const drafts = useLiveQuery(() => (userId ? listDrafts(userId, ASSIGNMENT_ENTITY) : []), [userId]);
  const outbox = useSyncStatus(userId);
  const engine = useSyncEngine();
  const status = useSyncEngineStatus(engine);
  const network = useConnection();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  // After the engine delivers answers, the server's copy is the freshest.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch on each completed sync only
  useEffect(() => {
    if (status.lastSyncAt)
      void queryClient.invalidateQueries({ queryKey: ['scheduling', 'my-events', userId] });
  }, [status.lastSyncAt]);

  const events = useMemo(() => {
    if (!query.data) return [];
    return sortMyEvents(mergeAnswerDrafts(query.data.data, drafts ?? [], query.data.fetchedAt));
  }, [query.data, drafts]);

  /** The server's message for an answer it refused (kept in the outbox until the user decides). */
  const refusal = (assignmentId: number) =>
    outbox.rows.find((r) => r.entityKey === `${ASSIGNMENT_ENTITY}:${assignmentId}` && r.lastError)?.lastError;

  async function answer(action: () => Promise<void>, assignmentId: number) {
    setBusy(assignmentId);
    try {
      await action();
      void engine?.syncNow();
    } catch (err) {
      notifications.show({
        color: 'red',
        title: t('scheduling.my.answerFailed'),
        message: errorMessage(err),
      });
    } finally {
      setBusy(null);
    }
  }

  function startReject(target: Rejecting) {
    setRejecting(target);
    setReason('');
    setReasonError(null);
  }

  async function confirmReject() {
    if (!rejecting) return;
    if (!reason.trim()) {
      setReasonError(t('scheduling.my.reasonRequired'));
      return;
    }
    const { event, assignment } = rejecting;
    setRejecting(null);
    await answer(
      () =>
        reject(
          userId,
          {
            ScheduleEventID: event.ScheduleEventID,
            AssignmentID: assignment.AssignmentID,
            local: plain(assignment),
          },
          reason,
        ),
      assignment.AssignmentID,
    );
  }

  function clockIn(event: MyEvent) {
    localStorage.setItem(clockWhereKey(userId), JSON.stringify(clockWhere(event)));
    void navigate('/time/clock');
  }

  if (!userId) return null;

  return (
    <Stack maw={640} mx="auto" gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          {t('scheduling.my.title')}
        </Title>
        {query.data?.fromCache && (
          <Text size="xs" c="dimmed" data-testid="saved-copy">
            {t('scheduling.savedCopy')} <RelativeTime date={new Date(query.data.fetchedAt)} />
          </Text>
        )}
      </Group>
      {!network.online && (
        <Alert color="gray" data-testid="offline-note">
          {t('scheduling.my.offline')}
        </Alert>
      )}

      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : query.isError ? (
        <Alert color="red" title={t('scheduling.my.loadFailed')}>
          {errorMessage(query.error)}
          <Button mt="sm" size="xs" variant="light" onClick={() => void query.refetch()} display="block">
            {t('common.retry')}
          </Button>
        </Alert>
      ) : events.length === 0 ? (
        <Card withBorder radius="lg" padding="lg" data-testid="my-events-empty">
          <Text>{t('scheduling.my.empty')}</Text>
        </Card>
      ) : (
        <Stack gap="sm" data-testid="my-events">
          {events.map((event) => {
            const allWithdrawn = event.Assignments.every((a) => a.Status === AssignmentStatus.Unassigned);
            const accepted = event.Assignments.some((a) => a.Status === AssignmentStatus.Accepted);
            const inactive = allWithdrawn || event.Status === 2;
            return (
              <Card
                key={event.ScheduleEventID}
                withBorder
                radius="lg"
                padding="md"
                data-testid="my-event"
                data-event-id={event.ScheduleEventID}
                // Cancelled or withdrawn: a dashed border and its badge, not faded (faded text and
                // badges fall below the contrast a phone in daylight needs).
                style={inactive ? { borderStyle: 'dashed' } : undefined}
              >
                <Stack gap="xs">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Stack gap={0}>
                      <Text size="xs" fw={700} c="blue.7" tt="uppercase">
                        {event.Date === todayAt(event.IcdOfficeID)
                          ? t('scheduling.today')
                          : formatDay(event.Date)}
                      </Text>
                      <Title order={2} size="h4">
                        {event.Title}
                      </Title>
                      {event.EventHostName && (
                        <Text size="sm" c="dimmed">
                          {event.EventHostName}
                          {event.HostTypeID ? ` · ${t(`scheduling.hostTypes.${event.HostTypeID}`)}` : ''}
                        </Text>
                      )}
                    </Stack>
                    {event.Status === 2 && <Badge color="gray">{t('scheduling.cancelled')}</Badge>}
                  </Group>
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
                  <Stack gap={6}>
                    {event.Assignments.map((a) => {
                      const open = a.Status === AssignmentStatus.Pending && !a.draft;
                      const refused =
                        a.draft === 'failed' || a.draft === 'conflict' ? refusal(a.AssignmentID) : null;
                      return (
                        <Card
                          key={a.AssignmentID}
                          withBorder
                          padding="sm"
                          radius="md"
                          bg="gray.0"
                          data-testid="my-assignment"
                          data-assignment-id={a.AssignmentID}
                          data-status={a.Status}
                          data-draft={a.draft ?? 'none'}
                        >
                          <Stack gap={6}>
                            <Group justify="space-between" gap={6}>
                              <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                                {formatRange(a.StartTime, a.EndTime)}
                              </Text>
                              <Group gap={6} wrap="nowrap" ml="auto">
                                <DraftBadge state={a.draft} />
                                <StatusBadge status={a.Status} />
                              </Group>
                            </Group>
                            {a.Status === AssignmentStatus.Rejected && a.Reason && (
                              <Text size="sm" c="dimmed">
                                {t('scheduling.my.yourReason', { reason: a.Reason })}
                              </Text>
                            )}
                            {a.Status === AssignmentStatus.Unassigned && (
                              <Text size="sm" c="dimmed">
                                {t('scheduling.my.withdrawn')}
                              </Text>
                            )}
                            {refused && (
                              <Text size="sm" c="red">
                                {refused}{' '}
                                <Text component={Link} to="/sync" size="sm" c="red" td="underline">
                                  {t('scheduling.my.review')}
                                </Text>
                              </Text>
                            )}
                            {open && event.Status !== 2 && (
                              <Group grow>
                                <Button
                                  color="green"
                                  leftSection={<IconCheck size={16} />}
                                  loading={busy === a.AssignmentID}
                                  onClick={() =>
                                    void answer(
                                      () =>
                                        accept(userId, {
                                          ScheduleEventID: event.ScheduleEventID,
                                          AssignmentID: a.AssignmentID,
                                          local: plain(a),
                                        }),
                                      a.AssignmentID,
                                    )
                                  }
                                >
                                  {t('scheduling.my.accept')}
                                </Button>
                                <Button
                                  color="red"
                                  variant="light"
                                  leftSection={<IconX size={16} />}
                                  disabled={busy === a.AssignmentID}
                                  onClick={() => startReject({ event, assignment: a })}
                                >
                                  {t('scheduling.my.reject')}
                                </Button>
                              </Group>
                            )}
                          </Stack>
                        </Card>
                      );
                    })}
                  </Stack>
                  {event.Date === todayAt(event.IcdOfficeID) && accepted && event.Status !== 2 && (
                    <Button
                      variant="light"
                      leftSection={<IconClockPlay size={18} />}
                      onClick={() => clockIn(event)}
                      data-testid="clock-in-from-event"
                    >
                      {t('scheduling.my.clockIn')}
                    </Button>
                  )}
                </Stack>
              </Card>
            );
          })}
        </Stack>
      )}

      <Modal
        opened={!!rejecting}
        onClose={() => setRejecting(null)}
        title={t('scheduling.my.rejectTitle')}
        centered
      >
        {rejecting && (
          <Stack>
            <Text size="sm">
              {rejecting.event.Title} · {formatDay(rejecting.event.Date)} ·{' '}
              {formatRange(rejecting.assignment.StartTime, rejecting.assignment.EndTime)}
            </Text>
            <Textarea
              label={t('scheduling.my.reason')}
              description={t('scheduling.my.reasonHelp')}
              value={reason}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                if (e.currentTarget.value.trim()) setReasonError(null);
              }}
              error={reasonError}
              required
              autosize
              minRows={3}
              maxLength={1000}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRejecting(null)}>
                {t('common.cancel')}
              </Button>
              <Button color="red" onClick={() => void confirmReject()}>
                {t('scheduling.my.confirmReject')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

/** The assignment as stored in the draft (without the screen's own fields). */
function plain(a: MyAssignment): Record<string, unknown> {
  const { draft: _draft, ...rest } = a;
  return rest;
}
