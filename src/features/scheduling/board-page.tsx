// The schedule board (managers, tablet-first): one office, one week (Monday to Sunday); days as
// columns (stacked on a phone), events with their time slots, who is assigned and their answer, and
// gaps highlighted. Tap a slot to assign or unassign; tap an event for its details, timeline and edit.
// Offline it shows the week last read (with a notice) and events can still be drafted: drafts go
// through the sync engine and a conflict with a change made meanwhile is shown, never overwritten.
import { Alert, Badge, Box, Button, Center, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useElementSize, useHotkeys, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconChevronLeft,
  IconChevronRight,
  IconPlus,
  IconReportAnalytics,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useConnection } from '../../api/connection';
import { errorMessage } from '../../api/errors';
import { useSessionData, useSyncEngine } from '../../app/app-context';
import { dayInZone } from '../../contract/organisation';
import type { QualifyingEmployee, ScheduleEventSave, TimeSlot } from '../../contract/scheduling';
import { listDrafts, type OutboxRow } from '../../offline/db';
import { makeEntityKey } from '../../offline/temp-ids';
import { useSyncEngineStatus, useSyncStatus } from '../../offline/use-sync-status';
import { RelativeTime } from '../../ui/relative-time';
import { useAssign } from './api/assignment-actions';
import { BOARD_KEY, useBoardWeek } from './api/get-board-week';
import { ACTIVITY_KEY } from './api/get-event-activity';
import { useEventLookups } from './api/get-event-lookups';
import { useManagedOffices } from './api/get-offices';
import { useQualifyingEmployees } from './api/get-qualifying-employees';
import { createEventDraft, mergeOverCurrent, updateEventDraft } from './api/save-event-actions';
import {
  addDays,
  type BoardEvent,
  boardLayout,
  COLUMN_MIN,
  dayAsDate,
  gapSummary,
  localDay,
  mergeEventDrafts,
  weekColumns,
  weekLoad,
  weekStart,
} from './board';
import { EVENT_ENTITY, type SaveEventArgs } from './commands';
import { EventCard, StatusIcon } from './components/event-card';
import { EventDrawer } from './components/event-drawer';
import { EventForm } from './components/event-form';
import { PeoplePanel } from './components/people-panel';
import { SlotModal } from './components/slot-modal';
import { formatRange, formatWeek } from './format';

const OFFICE_KEY = 'apex.scheduling.office';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export default function BoardPage() {
  const { t } = useTranslation();
  const session = useSessionData();
  const userId = session ? String(session.identity.EmployeeID) : '';
  const [params, setParams] = useSearchParams();
  const network = useConnection();
  const online = network.online;
  const phone = useMediaQuery('(max-width: 48em)');
  const engine = useSyncEngine();
  const status = useSyncEngineStatus(engine);
  const outbox = useSyncStatus(userId);
  const queryClient = useQueryClient();

  const offices = useManagedOffices(userId);
  const [savedOffice, setSavedOffice] = useLocalStorage<number | null>({
    key: OFFICE_KEY,
    defaultValue: null,
  });
  const officeList = offices.data?.data ?? [];
  const requested = Number(params.get('office')) || savedOffice;
  const office = officeList.find((o) => o.IcdOfficeID === requested) ?? officeList[0] ?? null;
  const officeId = office?.IcdOfficeID ?? null;
  // "Today" is the office's day in its time zone (the browser's day when the zone is not known).
  const today = (office?.TimeZone && dayInZone(office.TimeZone, new Date())) || localDay(new Date());
  const weekParam = params.get('week');
  const start = weekStart(weekParam && DAY.test(weekParam) ? weekParam : today);
  const end = addDays(start, 6);

  const week = useBoardWeek(userId, officeId, start);
  const lookups = useEventLookups(userId, officeId, today);
  const drafts = useLiveQuery(() => (userId ? listDrafts(userId, EVENT_ENTITY) : []), [userId]);

  const [slotSel, setSlotSel] = useState<{ eventId: number; slotId: number } | null>(null);
  const [eventSel, setEventSel] = useState<number | null>(null);
  const [form, setForm] = useState<{ event: BoardEvent | null; date: string } | null>(null);
  const [picked, setPicked] = useState<QualifyingEmployee | null>(null);
  const qualifying = useQualifyingEmployees(officeId, start, end, online);
  const people = (qualifying.data ?? []).filter((p) => p.CanAnswerEvents);
  const assign = useAssign();
  const { ref: boardRef, width: boardWidth } = useElementSize();
  useHotkeys([['Escape', () => setPicked(null)]]);
  // Picking someone only makes sense online and in the office they were listed for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the office or connection changes
  useEffect(() => setPicked(null), [officeId, online]);

  // After the engine delivers drafts (or answers reach the server), read the week again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch on each completed sync only
  useEffect(() => {
    if (!status.lastSyncAt) return;
    void queryClient.invalidateQueries({ queryKey: BOARD_KEY });
    void queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
  }, [status.lastSyncAt]);

  const events = useMemo(() => {
    if (!week.data || !officeId) return [];
    return mergeEventDrafts(week.data.data, drafts ?? [], week.data.fetchedAt, { officeId, start, end });
  }, [week.data, drafts, officeId, start, end]);
  const columns = weekColumns(start, events);
  const gaps = gapSummary(events);
  const load = useMemo(() => weekLoad(events), [events]);
  const layout = boardLayout(columns, boardWidth, !!phone);
  const emptyDays = columns.filter((c) => c.events.length === 0);

  const selectedEvent = events.find((e) => e.ScheduleEventID === eventSel || e.localId === eventSel) ?? null;
  const slotEvent = slotSel ? (events.find((e) => e.ScheduleEventID === slotSel.eventId) ?? null) : null;
  const selectedSlot: TimeSlot | null =
    slotEvent?.TimeSlots.find((s) => s.TimeSlotID === slotSel?.slotId) ?? null;

  /** The outbox row of an event's draft that needs the user (conflict or refused). */
  const problemOf = (e: BoardEvent | null): OutboxRow | undefined =>
    e
      ? outbox.rows.find(
          (r) =>
            (r.entityKey === makeEntityKey(EVENT_ENTITY, e.ScheduleEventID) ||
              (e.localId !== undefined && r.entityKey === makeEntityKey(EVENT_ENTITY, e.localId))) &&
            (r.status === 'conflict' || r.status === 'failed'),
        )
      : undefined;

  function go(next: { office?: number; week?: string }) {
    const p = new URLSearchParams(params);
    if (next.office !== undefined) {
      p.set('office', String(next.office));
      setSavedOffice(next.office);
    }
    if (next.week !== undefined) p.set('week', next.week);
    setParams(p, { replace: true });
  }

  async function save(
    payload: ScheduleEventSave,
    names: { EventHostName: string | null; HostTypeID: 1 | 2 | 3 | 4 | null },
  ) {
    if (!form || !office) return;
    const full = { ...names, OfficeName: office.OfficeName };
    if (form.event) await updateEventDraft(userId, form.event, payload, full);
    else await createEventDraft(userId, payload, full);
    setForm(null);
    notifications.show({
      color: online ? 'blue' : 'gray',
      message: online ? t('scheduling.form.sending') : t('scheduling.form.savedOffline'),
    });
    void engine?.syncNow();
    if (payload.Date < start || payload.Date > end) go({ week: weekStart(payload.Date) });
  }

  /** Assigns someone (dropped on a slot, or picked and then a slot tapped); the server decides. */
  async function assignTo(event: BoardEvent, slot: TimeSlot, employeeId: number) {
    const name = people.find((p) => p.EmployeeID === employeeId)?.EmployeeName ?? '';
    const where = `${event.Title}, ${formatRange(slot.StartTime, slot.EndTime)}`;
    const id = notifications.show({
      loading: true,
      autoClose: false,
      message: t('scheduling.people.assigning', { name, where }),
    });
    try {
      await assign.mutateAsync({
        eventId: event.ScheduleEventID,
        timeSlotId: slot.TimeSlotID,
        employeeId,
      });
      notifications.update({
        id,
        loading: false,
        autoClose: 4000,
        color: 'green',
        message: t('scheduling.people.assigned', { name, where }),
      });
    } catch (err) {
      notifications.update({
        id,
        loading: false,
        autoClose: 8000,
        color: 'red',
        title: t('scheduling.people.notAssigned', { name }),
        message: errorMessage(err),
      });
    }
  }

  async function act(action: () => Promise<unknown>) {
    try {
      await action();
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err) });
    }
  }

  if (!userId) return null;

  const header = (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          {t('scheduling.board.title')}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            size="sm"
            component={Link}
            to="/teams"
            leftSection={<IconUsersGroup size={16} />}
            disabled={!online}
          >
            {t('scheduling.board.teams')}
          </Button>
          <Button
            variant="default"
            size="sm"
            component={Link}
            to="/scheduling/tsu"
            leftSection={<IconReportAnalytics size={16} />}
            disabled={!online}
          >
            {t('scheduling.board.reports')}
          </Button>
          <Button
            size="sm"
            leftSection={<IconPlus size={16} />}
            onClick={() => setForm({ event: null, date: start <= today && today <= end ? today : start })}
            disabled={!officeId}
            data-testid="new-event"
          >
            {t('scheduling.board.newEvent')}
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('scheduling.office')}
          data={officeList.map((o) => ({ value: String(o.IcdOfficeID), label: o.OfficeName }))}
          value={officeId ? String(officeId) : null}
          onChange={(v) => v && go({ office: Number(v) })}
          allowDeselect={false}
          w={{ base: '100%', xs: 240 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Group gap={4} wrap="nowrap">
          <Button
            variant="default"
            px="xs"
            onClick={() => go({ week: addDays(start, -7) })}
            aria-label={t('scheduling.board.previousWeek')}
          >
            <IconChevronLeft size={18} />
          </Button>
          <Button
            variant="default"
            onClick={() => go({ week: weekStart(today) })}
            disabled={start === weekStart(today)}
          >
            {t('scheduling.board.thisWeek')}
          </Button>
          <Button
            variant="default"
            px="xs"
            onClick={() => go({ week: addDays(start, 7) })}
            aria-label={t('scheduling.board.nextWeek')}
            data-testid="next-week"
          >
            <IconChevronRight size={18} />
          </Button>
        </Group>
        <Text fw={600} data-testid="board-week" data-week={start}>
          {formatWeek(start, end)}
        </Text>
      </Group>
    </Stack>
  );

  let body: React.ReactNode;
  if (offices.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (offices.isError) {
    body = (
      <Alert color="red" title={t('scheduling.board.officesFailed')}>
        {errorMessage(offices.error)}
        <Button mt="sm" size="xs" variant="light" onClick={() => void offices.refetch()} display="block">
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else if (!officeId) {
    body = <Text c="dimmed">{t('scheduling.board.noOffices')}</Text>;
  } else if (week.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (week.isError && !week.data) {
    body = (
      <Alert color={online ? 'red' : 'gray'} title={t('scheduling.board.weekFailed')}>
        {online ? errorMessage(week.error) : t('scheduling.board.weekNotSaved')}
        <Button mt="sm" size="xs" variant="light" onClick={() => void week.refetch()} display="block">
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Group gap="md" justify="space-between">
          <Text size="sm" c={gaps.slots ? 'orange.8' : 'green.8'} fw={600} data-testid="gap-summary">
            {events.length === 0
              ? t('scheduling.board.noEvents')
              : gaps.slots
                ? t('scheduling.board.gaps', { count: gaps.slots, places: gaps.places })
                : t('scheduling.board.noGaps')}
          </Text>
          <Group gap="xs" visibleFrom="xs">
            {[2, 1, 3].map((s) => (
              <Badge
                key={s}
                variant="outline"
                color="gray"
                size="sm"
                tt="none"
                leftSection={<StatusIcon status={s} />}
              >
                {t(`scheduling.statusShort.${s}`)}
              </Badge>
            ))}
            <Badge variant="dot" color="orange" size="sm" tt="none">
              {t('scheduling.board.gapLegend')}
            </Badge>
          </Group>
        </Group>
        {online && officeId && (
          <PeoplePanel
            people={people}
            load={load}
            loading={qualifying.isPending}
            error={qualifying.isError ? errorMessage(qualifying.error) : null}
            online={online}
            picked={picked}
            onPick={setPicked}
            onRetry={() => void qualifying.refetch()}
          />
        )}
        {layout !== 'columns' && events.length > 0 && emptyDays.length > 0 && (
          <Text size="xs" c="dimmed" data-testid="empty-days">
            {t('scheduling.board.emptyDays', {
              days: emptyDays.map((c) => format(dayAsDate(c.date), 'EEE d')).join(', '),
            })}
          </Text>
        )}
        <Box
          ref={boardRef}
          data-testid="board"
          data-layout={layout}
          style={
            layout === 'list'
              ? { display: 'flex', flexDirection: 'column', gap: 12 }
              : layout === 'wrap'
                ? {
                    display: 'grid',
                    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
                    gap: 12,
                    alignItems: 'start',
                  }
                : {
                    display: 'grid',
                    // Days with events get room; empty days stay narrow so a tablet sees more of the week.
                    gridTemplateColumns: columns
                      .map((c) =>
                        c.events.length
                          ? `minmax(${COLUMN_MIN.events}px, 1fr)`
                          : `minmax(${COLUMN_MIN.empty}px, 0.35fr)`,
                      )
                      .join(' '),
                    gap: COLUMN_MIN.gap,
                  }
          }
        >
          {columns.map((col) => {
            const isToday = col.date === today;
            if (layout !== 'columns' && col.events.length === 0) return null;
            const long = layout !== 'columns';
            return (
              <Stack
                key={col.date}
                gap={6}
                data-testid="board-day"
                data-date={col.date}
                style={{ minWidth: 0 }}
              >
                <Group
                  justify="space-between"
                  px={6}
                  py={4}
                  style={{
                    borderRadius: 'var(--mantine-radius-sm)',
                    background: isToday ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-gray-1)',
                  }}
                >
                  <Text size="sm" fw={700} c={isToday ? 'blue.8' : undefined} lh={1.2}>
                    {format(dayAsDate(col.date), long ? 'EEEE, MMM d' : 'EEE d')}
                  </Text>
                  {isToday && col.events.length > 0 && (
                    <Text size="xs" c="blue.8">
                      {t('scheduling.today')}
                    </Text>
                  )}
                </Group>
                {col.events.length === 0 ? (
                  <Text size="xs" c="dimmed" px={6}>
                    {t('scheduling.board.noEventsDay')}
                  </Text>
                ) : (
                  col.events.map((e) => (
                    <EventCard
                      key={e.ScheduleEventID}
                      event={e}
                      picking={!!picked}
                      onOpenEvent={(ev) => setEventSel(ev.ScheduleEventID)}
                      onOpenSlot={(ev, slot) =>
                        picked
                          ? void assignTo(ev, slot, picked.EmployeeID)
                          : setSlotSel({ eventId: ev.ScheduleEventID, slotId: slot.TimeSlotID })
                      }
                      onDropPerson={online ? (ev, slot, id) => void assignTo(ev, slot, id) : undefined}
                    />
                  ))
                )}
              </Stack>
            );
          })}
        </Box>
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={1600}>
      {header}
      {(!online || week.data?.fromCache) && (
        <Alert color="gray" data-testid="board-offline">
          {t('scheduling.board.offline')}
          {week.data?.fromCache && (
            <>
              {' '}
              {t('scheduling.savedCopy')} <RelativeTime date={new Date(week.data.fetchedAt)} />.
            </>
          )}
        </Alert>
      )}
      {body}

      <SlotModal
        event={slotEvent}
        slot={selectedSlot}
        online={online}
        week={{ start, end }}
        onClose={() => setSlotSel(null)}
      />
      <EventDrawer
        event={selectedEvent}
        lookups={lookups.data?.data}
        online={online}
        problem={problemOf(selectedEvent)}
        onClose={() => setEventSel(null)}
        onEdit={(e) => {
          setEventSel(null);
          setForm({ event: e, date: e.Date });
        }}
        canMerge={(row) => mergeOverCurrent(row.args as SaveEventArgs, row.conflict) !== null}
        onMerge={(row) =>
          void act(async () => {
            const merged = mergeOverCurrent(row.args as SaveEventArgs, row.conflict);
            if (merged) await engine?.edit(row.id, merged);
          })
        }
        onDiscardMine={(row) =>
          void act(async () => {
            await engine?.discard(row.id);
            await queryClient.invalidateQueries({ queryKey: BOARD_KEY });
          })
        }
      />
      {officeId && (
        <EventForm
          opened={!!form}
          event={form?.event ?? null}
          officeId={officeId}
          defaultDate={form?.date ?? start}
          lookups={lookups.data?.data}
          lookupsError={lookups.isError ? errorMessage(lookups.error) : null}
          online={online}
          onClose={() => setForm(null)}
          onSave={save}
        />
      )}
    </Stack>
  );
}
