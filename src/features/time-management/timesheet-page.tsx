// The staff timesheet (state 'time.week'): one's own week, day by day, with totals per day and week,
// entries to add, change or delete, the changes others made to one's time ("your time was changed",
// with the history and an Acknowledge), and what became of late changes sent to payroll. Works
// offline: the week and the changes are kept on the device, every edit and acknowledgement is a
// queued command (commands.ts) shown as waiting until the server has it.
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import { useSessionData, useSyncEngine } from '../../app/app-context';
import type { TimeEntrySave } from '../../contract/time';
import {
  type LateAdjustment,
  type LateAdjustmentNotice,
  LateAdjustmentStatus,
  type PayPeriod,
  wireDay,
} from '../../contract/time-management';
import { allocateTempId, listDrafts } from '../../offline/db';
import { useSyncEngineStatus } from '../../offline/use-sync-status';
import { RelativeTime } from '../../ui/relative-time';
import { type LocalEntry, mergeEntries } from '../time/punch';
import {
  entryLookupsQuery,
  myLateAdjustmentsQuery,
  myModifiedQuery,
  myPayPeriodsQuery,
  myWeekQuery,
} from './api/queries';
import {
  acknowledgeModification,
  createEntry,
  deleteEntry,
  TIME_ENTRY,
  TIME_MODIFICATION,
  updateEntry,
} from './commands';
import { EntryForm, type EntryFormMode, type EntryFormValues } from './components/entry-form';
import { ModificationCard } from './components/modification-card';
import {
  dayLabel,
  hoursLabel,
  mondayOf,
  rangeLabel,
  shiftDay,
  spanMinutes,
  timeLabel,
  toWire,
} from './format';

/** An entry as the timesheet keeps it (server copy or local draft). */
type SheetEntry = LocalEntry & {
  TimeZoneOffset?: number;
  Comments?: string | null;
  IsRealTime?: boolean;
  EmployeeID?: number;
  LateAdjustment?: LateAdjustmentNotice;
};

interface Editing {
  mode: EntryFormMode;
  entry: SheetEntry | null;
  /** For a new break: its work entry. */
  parent?: SheetEntry;
}

function periodOn(periods: readonly PayPeriod[] | undefined, day: string): PayPeriod | undefined {
  return periods?.find((p) => wireDay(p.StartDate) <= day && day <= wireDay(p.EndDate));
}

function dayTotals(entries: readonly SheetEntry[]) {
  const work = entries.filter((e) => !e.IsBreak).reduce((s, e) => s + spanMinutes(e.StartTime, e.EndTime), 0);
  const breaks = entries
    .filter((e) => e.IsBreak)
    .reduce((s, e) => s + spanMinutes(e.StartTime, e.EndTime), 0);
  return { work, breaks, worked: Math.max(0, work - breaks) };
}

export default function TimesheetPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useSessionData();
  const userId = session ? String(session.identity.EmployeeID) : '';
  const today = toWire(new Date());
  const [weekStart, setWeekStart] = useState(() => mondayOf(today));
  const weekEnd = shiftDay(weekStart, 6);
  const queryClient = useQueryClient();
  const engine = useSyncEngine();
  const status = useSyncEngineStatus(engine);

  const week = useQuery({ ...myWeekQuery(api, userId, weekStart), enabled: !!userId });
  const modified = useQuery({ ...myModifiedQuery(api, userId), enabled: !!userId });
  const periods = useQuery({ ...myPayPeriodsQuery(api, userId), enabled: !!userId });
  const late = useQuery({ ...myLateAdjustmentsQuery(api, userId), enabled: !!userId });
  const lookups = useQuery({ ...entryLookupsQuery(api, userId), enabled: !!userId });
  const drafts = useLiveQuery(() => (userId ? listDrafts(userId, TIME_ENTRY) : []), [userId]);
  const acks = useLiveQuery(() => (userId ? listDrafts(userId, TIME_MODIFICATION) : []), [userId]);
  const [editing, setEditing] = useState<Editing | null>(null);

  // Once the engine has delivered something, the server's copies are the freshest.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch on each completed sync only
  useEffect(() => {
    if (status.lastSyncAt) void queryClient.invalidateQueries({ queryKey: ['time-management'] });
  }, [status.lastSyncAt]);

  const serverEntries = useMemo(
    () => (week.data?.data.Entries ?? []).map((e) => ({ ...e, Date: wireDay(e.Date) })) as SheetEntry[],
    [week.data],
  );
  const entries = useMemo(
    () =>
      (mergeEntries(serverEntries, drafts ?? []) as SheetEntry[]).filter(
        (e) => e.Date >= weekStart && e.Date <= weekEnd,
      ),
    [serverEntries, drafts, weekStart, weekEnd],
  );
  const serverIds = new Set(serverEntries.map((e) => e.Id));
  const hasLocal = entries.some((e) => e.pending || e.failed || !serverIds.has(e.Id));
  const typeNames = new Map(
    (lookups.data?.data.TimeEntryTypes ?? []).map((ty) => [ty.TimeEntryTypeID, ty.Name]),
  );
  const periodList = periods.data?.data;
  const days = Array.from({ length: 7 }, (_, i) => shiftDay(weekStart, i));
  const weekTotals = hasLocal || !week.data ? dayTotals(entries) : null;

  const ackState = (id: number): 'no' | 'pending' | 'sent' => {
    const draft = acks?.find((d) => Number(d.localId) === id);
    if (!draft) return 'no';
    return draft.status === 'synced' ? 'sent' : 'pending';
  };

  async function acknowledge(id: number, version: number) {
    await acknowledgeModification.enqueue(userId, { TimeEntryModificationID: id, Version: version });
    void engine?.syncNow();
  }

  function bodyOf(values: EntryFormValues, base: SheetEntry | null, parent?: SheetEntry): TimeEntrySave {
    const isBreak = editing?.mode === 'break' || !!base?.IsBreak;
    const source = parent ?? base;
    return {
      Date: isBreak ? (source?.Date ?? values.Date) : values.Date,
      TimeEntryTypeID: isBreak ? (source?.TimeEntryTypeID ?? 1) : values.TimeEntryTypeID,
      IcdOfficeID: source?.IcdOfficeID ?? values.IcdOfficeID,
      ProgramID: source ? source.ProgramID : values.ProgramID,
      StoreID: source ? source.StoreID : values.StoreID,
      Comments: isBreak ? (base?.Comments ?? null) : values.Comments,
      IsRealTime: base?.IsRealTime ?? false,
      TimeZoneOffset:
        base?.TimeZoneOffset ?? -new Date(`${values.Date || today}T12:00:00`).getTimezoneOffset(),
      StartTime: values.StartTime,
      EndTime: values.EndTime,
      IsBreak: isBreak,
      ParentTimeEntryID: isBreak ? (parent?.Id ?? base?.ParentTimeEntryID ?? null) : null,
    };
  }

  async function save(values: EntryFormValues): Promise<string | null> {
    if (!editing) return null;
    const { entry, parent } = editing;
    const body = bodyOf(values, entry, parent);
    try {
      if (entry) {
        const { pending: _p, failed: _f, ...plain } = entry;
        await updateEntry.enqueue(userId, {
          Id: entry.Id,
          entry: { ...body, Version: entry.Version },
          local: { ...plain, ...body, Version: entry.Version + 1 },
        });
      } else {
        const id = await allocateTempId(userId);
        await createEntry.enqueue(userId, {
          Id: id,
          entry: body,
          local: { ...body, Id: id, Version: 1 },
        });
      }
      void engine?.syncNow();
      return null;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }

  async function remove(): Promise<string | null> {
    const entry = editing?.entry;
    if (!entry) return null;
    const { pending: _p, failed: _f, ...plain } = entry;
    await deleteEntry.enqueue(userId, {
      Id: entry.Id,
      ...(typeof entry.Version === 'number' ? { Version: entry.Version } : {}),
      local: plain,
    });
    void engine?.syncNow();
    return null;
  }

  if (!userId) return null;

  const pendingMods = modified.data?.data.Items ?? [];
  const editPeriod = editing
    ? periodOn(periodList, editing.entry?.Date ?? editing.parent?.Date ?? today)
    : undefined;
  const lateItems = (late.data?.data.Items ?? []).slice(0, 5);

  return (
    <Stack maw={760} mx="auto" gap="md" data-testid="timesheet">
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          {t('time-management.timesheet.title')}
        </Title>
        {week.data?.fromCache && (
          <Text size="xs" c="dimmed">
            {t('time-management.timesheet.savedCopy')} <RelativeTime date={new Date(week.data.fetchedAt)} />
          </Text>
        )}
      </Group>

      {pendingMods.length > 0 && (
        <Stack gap="xs" data-testid="your-time-changed">
          <Alert color="orange" title={t('time-management.modified.title')}>
            {t('time-management.modified.body', { count: pendingMods.length })}
          </Alert>
          {pendingMods.map((mod) => (
            <ModificationCard
              key={mod.TimeEntryModificationID}
              mod={mod}
              userId={userId}
              acknowledged={ackState(mod.TimeEntryModificationID)}
              onAcknowledge={() => void acknowledge(mod.TimeEntryModificationID, mod.Version)}
            />
          ))}
        </Stack>
      )}

      <Card withBorder radius="md" padding="sm">
        <Group justify="space-between" wrap="nowrap">
          <Button
            variant="subtle"
            leftSection={<IconChevronLeft size={16} />}
            onClick={() => setWeekStart(shiftDay(weekStart, -7))}
            aria-label={t('time-management.timesheet.previousWeek')}
            px="xs"
          >
            <Text span visibleFrom="sm">
              {t('time-management.timesheet.previous')}
            </Text>
          </Button>
          <Stack gap={0} align="center">
            <Text fw={600} data-testid="week-label">
              {rangeLabel(weekStart, weekEnd)}
            </Text>
            {weekStart !== mondayOf(today) && (
              <Button variant="transparent" size="compact-xs" onClick={() => setWeekStart(mondayOf(today))}>
                {t('time-management.timesheet.thisWeek')}
              </Button>
            )}
          </Stack>
          <Button
            variant="subtle"
            rightSection={<IconChevronRight size={16} />}
            onClick={() => setWeekStart(shiftDay(weekStart, 7))}
            aria-label={t('time-management.timesheet.nextWeek')}
            px="xs"
          >
            <Text span visibleFrom="sm">
              {t('time-management.timesheet.next')}
            </Text>
          </Button>
        </Group>
      </Card>

      {week.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : week.isError ? (
        <Alert color="red" title={t('time-management.timesheet.loadFailed')}>
          {t('time-management.timesheet.loadFailedBody')}
          <Button mt="sm" size="xs" variant="light" onClick={() => void week.refetch()} display="block">
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <Card withBorder radius="md" padding="md" data-testid="week-total">
            <Group justify="space-between">
              <div>
                <Text size="sm" c="dimmed">
                  {t('time-management.timesheet.weekWorked')}
                </Text>
                <Text fz={28} fw={700} data-testid="week-worked">
                  {t('time-management.timesheet.hours', {
                    duration: hoursLabel(weekTotals ? weekTotals.worked : week.data.data.WorkedMinutes),
                  })}
                </Text>
              </div>
              <Stack gap={2} align="flex-end">
                <Text size="sm">
                  {t('time-management.timesheet.breaks', {
                    duration: hoursLabel(weekTotals ? weekTotals.breaks : week.data.data.BreakMinutes),
                  })}
                </Text>
                {hasLocal && (
                  <Badge color="yellow" variant="light">
                    {t('time-management.timesheet.includesUnsent')}
                  </Badge>
                )}
              </Stack>
            </Group>
          </Card>

          <Group justify="flex-end">
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing({ mode: 'new', entry: null })}
              disabled={!lookups.data}
            >
              {t('time-management.timesheet.addEntry')}
            </Button>
          </Group>

          {days.map((day) => {
            const list = entries.filter((e) => e.Date === day);
            const server = week.data.data.Days.find((d) => wireDay(d.Date) === day);
            const totals = hasLocal || !server ? dayTotals(list).worked : server.WorkedMinutes;
            const period = periodOn(periodList, day);
            const works = list.filter((e) => !e.IsBreak);
            return (
              <Card key={day} withBorder radius="md" padding="sm" data-day={day}>
                <Group justify="space-between" mb={list.length ? 'xs' : 0}>
                  <Group gap="xs">
                    <Text fw={600}>{dayLabel(day)}</Text>
                    {day === today && (
                      <Badge size="xs" variant="light">
                        {t('time-management.timesheet.today')}
                      </Badge>
                    )}
                    {period && period.State !== 'Open' && (
                      <Badge size="xs" color={period.State === 'Locked' ? 'gray' : 'teal'} variant="light">
                        {t(`time-management.periodState.${period.State}`)}
                      </Badge>
                    )}
                  </Group>
                  <Text fw={600} data-testid="day-total">
                    {hoursLabel(totals)}
                  </Text>
                </Group>
                {list.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('time-management.timesheet.noEntries')}
                  </Text>
                ) : (
                  <Stack gap={0}>
                    {works.map((work) => {
                      const breaks = list.filter((b) => b.IsBreak && b.ParentTimeEntryID === work.Id);
                      return [work, ...breaks].map((e) => (
                        <Group
                          key={e.Id}
                          data-entry-id={e.Id}
                          justify="space-between"
                          gap="xs"
                          py={6}
                          pl={e.IsBreak ? 'lg' : 0}
                          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                        >
                          <div style={{ flex: '1 1 180px', minWidth: 0 }}>
                            <Group gap={6} wrap="nowrap">
                              <Text size="sm" fw={e.IsBreak ? 400 : 600}>
                                {e.IsBreak
                                  ? t('time-management.timesheet.break')
                                  : (typeNames.get(e.TimeEntryTypeID) ?? t('time-management.timesheet.work'))}
                              </Text>
                              <Text size="sm" c="dimmed">
                                {hoursLabel(spanMinutes(e.StartTime, e.EndTime))}
                              </Text>
                            </Group>
                            <Text size="sm">
                              {timeLabel(e.StartTime)} –{' '}
                              {e.EndTime ? timeLabel(e.EndTime) : t('time-management.timesheet.open')}
                            </Text>
                            {e.Comments && !e.IsBreak && (
                              <Text size="xs" c="dimmed" lineClamp={1}>
                                {e.Comments}
                              </Text>
                            )}
                          </div>
                          <Group gap={4} justify="flex-end">
                            {e.pending && (
                              <Badge size="xs" color="yellow" variant="light">
                                {t('time-management.timesheet.waiting')}
                              </Badge>
                            )}
                            {e.failed && (
                              <Badge size="xs" color="red" variant="light">
                                {t('time-management.timesheet.refused')}
                              </Badge>
                            )}
                            {e.LateAdjustment && !e.pending && (
                              <Badge size="xs" color="orange" variant="light">
                                {t('time-management.timesheet.sentToPayroll')}
                              </Badge>
                            )}
                            {!e.IsBreak && (
                              <Button
                                size="compact-sm"
                                variant="subtle"
                                onClick={() => setEditing({ mode: 'break', entry: null, parent: e })}
                                aria-label={t('time-management.timesheet.addBreakTo', {
                                  time: timeLabel(e.StartTime),
                                })}
                              >
                                {t('time-management.timesheet.addBreak')}
                              </Button>
                            )}
                            <Button
                              size="compact-sm"
                              variant="light"
                              onClick={() => setEditing({ mode: e.IsBreak ? 'break' : 'edit', entry: e })}
                              aria-label={t('time-management.timesheet.editEntry', {
                                time: timeLabel(e.StartTime),
                              })}
                            >
                              {t('time-management.timesheet.edit')}
                            </Button>
                          </Group>
                        </Group>
                      ));
                    })}
                  </Stack>
                )}
              </Card>
            );
          })}
        </>
      )}

      {lateItems.length > 0 && (
        <Card withBorder radius="md" padding="md" data-testid="my-late-adjustments">
          <Title order={2} size="h4" mb="xs">
            {t('time-management.timesheet.lateTitle')}
          </Title>
          <Stack gap="xs">
            {lateItems.map((a) => (
              <LateLine key={a.LateAdjustmentID} item={a} />
            ))}
          </Stack>
        </Card>
      )}

      <EntryForm
        opened={!!editing}
        mode={editing?.mode ?? 'edit'}
        title={
          editing?.mode === 'new'
            ? t('time-management.form.newTitle')
            : editing?.mode === 'break' && !editing.entry
              ? t('time-management.form.newBreakTitle')
              : t('time-management.form.editTitle')
        }
        initial={
          editing?.entry
            ? {
                ...editing.entry,
                Comments: editing.entry.Comments ?? null,
              }
            : { Date: editing?.parent?.Date ?? today }
        }
        lookups={lookups.data?.data}
        notice={
          editPeriod && editPeriod.State !== 'Open' ? (
            <Alert color="orange" variant="light">
              {t('time-management.form.closedNotice', {
                range: rangeLabel(editPeriod.StartDate, editPeriod.EndDate),
                state: t(`time-management.periodState.${editPeriod.State}`).toLowerCase(),
              })}
            </Alert>
          ) : undefined
        }
        onClose={() => setEditing(null)}
        onSubmit={save}
        onDelete={editing?.entry ? remove : undefined}
      />
    </Stack>
  );
}

function LateLine({ item }: { item: LateAdjustment }) {
  const { t } = useTranslation();
  const colour =
    item.StatusID === LateAdjustmentStatus.Accepted
      ? 'green'
      : item.StatusID === LateAdjustmentStatus.Rejected
        ? 'red'
        : item.StatusID === LateAdjustmentStatus.Withdrawn
          ? 'gray'
          : 'yellow';
  const status = ['', 'Pending', 'Accepted', 'Rejected', 'Withdrawn'][item.StatusID] ?? 'Pending';
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" data-late-id={item.LateAdjustmentID}>
      <div>
        <Text size="sm" fw={500}>
          {t(`time-management.lateAction.${item.ActionID}`)} · {dayLabel(item.EntryDate)}
        </Text>
        {item.StatusID === LateAdjustmentStatus.Rejected && item.RejectionReason && (
          <Text size="sm" c="red.8">
            {t('time-management.timesheet.rejectedBecause', { reason: item.RejectionReason })}
          </Text>
        )}
        {item.StatusID === LateAdjustmentStatus.Accepted &&
          item.AppliedPayPeriodStartDate &&
          item.AppliedPayPeriodEndDate && (
            <Text size="sm" c="dimmed">
              {t('time-management.timesheet.paidIn', {
                range: rangeLabel(item.AppliedPayPeriodStartDate, item.AppliedPayPeriodEndDate),
              })}
            </Text>
          )}
      </div>
      <Badge color={colour} variant="light">
        {t(`time-management.lateStatus.${status}`)}
      </Badge>
    </Group>
  );
}
