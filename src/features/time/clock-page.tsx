// The phone-first Clock for event staff: clock in, breaks, clock out, today's entries and the week's
// total. Every punch is queued offline first, so it works with no connection and is sent once later.
import { useLocalStorage } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionData, useSyncEngine } from '../../app/app-context';
import { formatTimeOfDay } from '../../lib/dates';
import { whenSettled } from '../../lib/idle';
import { yieldToMain } from '../../lib/yield';
import { offlineStoreNow } from '../../offline/store';
import { useDrafts } from '../../offline/use-drafts';
import { useSyncEngineStatus } from '../../offline/use-sync-status';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  rem,
  Stack,
  Switch,
  Text,
  Title,
} from '../../ui/lite';
import { notify } from '../../ui/notify';
import { RelativeTime } from '../../ui/relative-time';
import { useClockLookups } from './api/get-clock-lookups';
import { useWeek } from './api/get-week';
import { currentPosition } from './api/position';
import type { Where } from './api/punch-actions';
import { TIME_ENTRY } from './entity';
import {
  clockState,
  elapsedSeconds,
  entryMinutes,
  formatClock,
  formatDuration,
  type LocalEntry,
  mergeEntries,
  wireDate,
  workedMinutes,
} from './punch';

/** Two punch buttons side by side while both labels fit, else one per row (never clipped on a phone). */
const PUNCH_PAIR = { flex: '1 1 10rem' } as const;

function toWireDate(value: unknown): string {
  return value instanceof Date ? wireDate(value) : String(value);
}

/**
 * The punches (they queue offline commands: the offline store, its commands and their schemas) are
 * not on the first screen: they load once it is up, or on the first press (which waits for them).
 */
function punchActions() {
  return Promise.all([offlineStoreNow(), import('./api/punch-actions')]).then(([, actions]) => actions);
}

/**
 * The punches' code, loaded once the screen is up one part per task: the contract's schemas (with
 * zod), the offline store, the punches. Evaluated at once they would hold a phone's main thread for
 * one long task just as the user reaches for "Clock in". A press meanwhile loads what is still missing.
 */
async function preloadPunchActions(): Promise<void> {
  const parts = [
    () => import('../../contract/common'),
    () => import('../../contract/time'),
    offlineStoreNow,
    punchActions,
  ];
  for (const part of parts) {
    await part();
    await yieldToMain();
  }
}

function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export default function ClockPage() {
  const { t } = useTranslation();
  const session = useSessionData();
  const userId = session ? String(session.identity.EmployeeID) : '';
  const now = useNow(1000);
  const today = wireDate(now);
  const lookups = useClockLookups(userId);
  const week = useWeek(userId, today);
  // Read straight from IndexedDB at first, so the state is right before the offline store loads.
  const drafts = useDrafts(userId, TIME_ENTRY);
  const engine = useSyncEngine();
  const status = useSyncEngineStatus(engine);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [useLocation, setUseLocation] = useLocalStorage({ key: 'apex.clock.location', defaultValue: true });
  const [where, setWhere] = useLocalStorage<Partial<Where>>({
    key: `apex.clock.where.${userId}`,
    defaultValue: {},
  });

  // The punches' code arrives once the screen is up, so a press does not wait for it.
  useEffect(() => {
    void whenSettled()
      .then(preloadPunchActions)
      .catch(() => undefined); // a press loads them again (and says so if that fails)
  }, []);

  // After the engine delivers something, the server's copy of the week is the freshest.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch on each completed sync only
  useEffect(() => {
    if (status.lastSyncAt) void queryClient.invalidateQueries({ queryKey: ['time', 'week', userId] });
  }, [status.lastSyncAt]);

  const entries = useMemo(() => {
    const server: LocalEntry[] = (week.data?.data.Entries ?? []).map((e) => ({
      ...e,
      Date: toWireDate(e.Date),
    }));
    return mergeEntries(server, drafts ?? []);
  }, [week.data, drafts]);
  const state = clockState(entries);
  const todays = entries.filter((e) => e.Date === today || (state.kind !== 'off' && e.Id === state.work.Id));
  const weekStart = week.data ? toWireDate(week.data.data.StartDate) : null;
  const weekEntries = weekStart ? entries.filter((e) => e.Date >= weekStart) : entries;

  const offices = lookups.data?.data.Offices ?? [];
  const office =
    offices.find((o) => o.IcdOfficeID === where.IcdOfficeID) ??
    (offices.length === 1 ? offices[0] : undefined);
  const program =
    office?.Programs.find((p) => p.ProgramID === where.ProgramID) ??
    (office?.Programs.length === 1 ? office.Programs[0] : undefined);
  const store = program?.Stores.find((s) => s.StoreID === where.StoreID);
  const canClockIn = !!office && (office.Programs.length === 0 || !!program);

  async function punch(action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await action();
      void engine?.syncNow();
    } catch (err) {
      void notify({
        color: 'red',
        title: t('time.clock.punchFailed'),
        message: err instanceof Error ? err.message : String(err),
      });
    } finally {
      setBusy(false);
    }
  }
  const fix = () => (useLocation ? currentPosition() : Promise.resolve(null));

  if (!userId) return null;
  // Until the drafts are known the state could be wrong (a clock-in queued offline is "working").
  if (lookups.isPending || drafts === undefined) {
    return (
      <Group justify="center" style={{ paddingBlock: 'var(--mantine-spacing-xl)' }}>
        <Loader aria-label={t('common.loading')} />
      </Group>
    );
  }
  if (lookups.isError) {
    return (
      <Alert color="red" title={t('time.clock.lookupsFailed')}>
        {t('time.clock.lookupsFailedBody')}
        <Button
          size="xs"
          variant="light"
          onClick={() => void lookups.refetch()}
          style={{ marginTop: 'var(--mantine-spacing-sm)', display: 'block' }}
        >
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }

  return (
    <Stack gap="md" style={{ maxWidth: rem(560), marginInline: 'auto' }}>
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          {t('time.clock.title')}
        </Title>
        {lookups.data.fromCache && (
          <Text size="xs" c="dimmed">
            {t('time.clock.savedCopy')} <RelativeTime date={new Date(lookups.data.fetchedAt)} />
          </Text>
        )}
      </Group>

      <Card withBorder radius="lg" padding="lg" data-testid="clock-card" data-state={state.kind}>
        <Stack gap="sm" align="stretch">
          <Text size="sm" c="dimmed" data-testid="clock-status">
            {state.kind === 'off'
              ? t('time.clock.off')
              : state.kind === 'working'
                ? t('time.clock.workingSince', { time: formatTimeOfDay(state.work.StartTime) })
                : t('time.clock.onBreakSince', { time: formatTimeOfDay(state.brk.StartTime) })}
          </Text>
          <Text
            fw={700}
            style={{ fontSize: rem(44), fontFamily: 'var(--mantine-font-family-monospace)', lineHeight: 1 }}
            aria-live="off"
          >
            {formatClock(
              state.kind === 'off'
                ? 0
                : elapsedSeconds(state.kind === 'onBreak' ? state.brk : state.work, now),
            )}
          </Text>

          {state.kind === 'off' && (
            <Stack gap="xs">
              {/* Native pickers: the phone's own list, and no dropdown engine on the first screen. */}
              <NativeSelect
                label={t('time.clock.office')}
                data={[
                  ...(office ? [] : [{ value: '', label: t('time.clock.choose'), disabled: true }]),
                  ...offices.map((o) => ({ value: String(o.IcdOfficeID), label: o.OfficeName })),
                ]}
                value={office ? String(office.IcdOfficeID) : ''}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setWhere({ IcdOfficeID: v ? Number(v) : undefined });
                }}
              />
              {office && office.Programs.length > 0 && (
                <NativeSelect
                  label={t('time.clock.program')}
                  data={[
                    ...(program ? [] : [{ value: '', label: t('time.clock.choose'), disabled: true }]),
                    ...office.Programs.map((p) => ({ value: String(p.ProgramID), label: p.Name })),
                  ]}
                  value={program ? String(program.ProgramID) : ''}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setWhere({
                      ...where,
                      IcdOfficeID: office.IcdOfficeID,
                      ProgramID: v ? Number(v) : undefined,
                      StoreID: undefined,
                    });
                  }}
                />
              )}
              {program && program.Stores.length > 0 && (
                <NativeSelect
                  label={t('time.clock.store')}
                  data={[
                    { value: '', label: t('time.clock.noStore') },
                    ...program.Stores.map((s) => ({
                      value: String(s.StoreID),
                      label: `${s.Name} — ${s.City}`,
                    })),
                  ]}
                  value={store ? String(store.StoreID) : ''}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setWhere({
                      ...where,
                      IcdOfficeID: office?.IcdOfficeID,
                      ProgramID: program.ProgramID,
                      StoreID: v ? Number(v) : undefined,
                    });
                  }}
                />
              )}
              <Switch
                label={t('time.clock.recordLocation')}
                checked={useLocation}
                onChange={(e) => setUseLocation(e.currentTarget.checked)}
              />
              <Button
                size="xl"
                radius="xl"
                color="green"
                disabled={!canClockIn}
                loading={busy}
                onClick={() =>
                  void punch(async () => {
                    if (!office) return;
                    const at = new Date();
                    const { clockIn } = await punchActions();
                    await clockIn(
                      userId,
                      {
                        IcdOfficeID: office.IcdOfficeID,
                        ProgramID: program?.ProgramID ?? null,
                        StoreID: store?.StoreID ?? null,
                        TimeEntryTypeID: lookups.data.data.DefaultTimeEntryTypeID,
                      },
                      at,
                      await fix(),
                    );
                  })
                }
              >
                {t('time.clock.clockIn')}
              </Button>
              {!canClockIn && (
                <Text size="sm" c="dimmed" style={{ textAlign: 'center' }}>
                  {office ? t('time.clock.chooseProgram') : t('time.clock.chooseOffice')}
                </Text>
              )}
            </Stack>
          )}
          {state.kind === 'working' && (
            <Group gap="sm">
              <Button
                size="lg"
                style={PUNCH_PAIR}
                radius="xl"
                variant="light"
                loading={busy}
                onClick={() =>
                  void punch(async () => {
                    const at = new Date();
                    const { startBreak } = await punchActions();
                    await startBreak(userId, state.work, at, await fix());
                  })
                }
              >
                {t('time.clock.startBreak')}
              </Button>
              <Button
                size="lg"
                style={PUNCH_PAIR}
                radius="xl"
                color="red"
                loading={busy}
                onClick={() =>
                  void punch(async () => {
                    const at = new Date();
                    const { closeEntry } = await punchActions();
                    await closeEntry(userId, state.work, at);
                  })
                }
              >
                {t('time.clock.clockOut')}
              </Button>
            </Group>
          )}
          {state.kind === 'onBreak' && (
            <Group gap="sm">
              <Button
                size="lg"
                style={PUNCH_PAIR}
                radius="xl"
                loading={busy}
                onClick={() =>
                  void punch(async () => {
                    const at = new Date();
                    const { closeEntry } = await punchActions();
                    await closeEntry(userId, state.brk, at);
                  })
                }
              >
                {t('time.clock.endBreak')}
              </Button>
              <Button
                size="lg"
                style={PUNCH_PAIR}
                radius="xl"
                color="red"
                loading={busy}
                onClick={() =>
                  void punch(async () => {
                    const at = new Date();
                    const { closeEntry } = await punchActions();
                    await closeEntry(userId, state.brk, at);
                    await closeEntry(userId, state.work, at);
                  })
                }
              >
                {t('time.clock.clockOut')}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>

      <Card withBorder radius="lg" padding="md">
        <Group justify="space-between" style={{ marginBottom: 'var(--mantine-spacing-xs)' }}>
          <Text fw={600}>{t('time.clock.today')}</Text>
          <Text size="sm" c="dimmed" data-testid="week-total">
            {t('time.clock.weekTotal', { total: formatDuration(workedMinutes(weekEntries)) })}
          </Text>
        </Group>
        {week.isError && !week.data && (
          <Text size="sm" c="red">
            {t('time.clock.weekFailed')}
          </Text>
        )}
        {todays.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('time.clock.noEntries')}
          </Text>
        ) : (
          <Stack gap={6} data-testid="today-entries">
            {todays.map((e) => (
              <Group
                key={e.Id}
                justify="space-between"
                wrap="nowrap"
                data-entry-id={e.Id}
                data-break={e.IsBreak}
              >
                <Text size="sm">
                  {e.IsBreak ? t('time.clock.break') : t('time.clock.work')} ·{' '}
                  {formatTimeOfDay(e.StartTime) || '—'} – {formatTimeOfDay(e.EndTime) || t('time.clock.now')}
                </Text>
                <Group gap={6} wrap="nowrap">
                  {e.pending && (
                    <Badge size="sm" color="yellow" variant="light">
                      {t('time.clock.pending')}
                    </Badge>
                  )}
                  {e.failed && (
                    <Badge
                      size="sm"
                      color="red"
                      variant="light"
                      component={Link}
                      to="/sync"
                      style={{ cursor: 'pointer' }}
                    >
                      {t('time.clock.needsAttention')}
                    </Badge>
                  )}
                  <Text size="sm" style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
                    {formatDuration(entryMinutes(e))}
                  </Text>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
