// "Ready for offline" (the sync chip's menu): per field screen the user may open, ready ✓ with when it
// was saved, or what is missing and why; whether the app itself opens offline; "Prepare for offline"
// (warms now, with progress); the storage used and whether the browser keeps it; a full disk explained.
import { Alert, Button, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCloudDownload, IconX } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnection } from '../../api/connection';
import { useSessionData } from '../../app/app-context';
import { offlineStatesAllowed } from '../../app/offline-ready';
import { toBcp47 } from '../../lib/relative-time';
import { requestPersistence } from '../../offline/db';
import {
  getWarmUpRunner,
  type ReadinessRecord,
  readReadiness,
  type ScreenReadiness,
  subscribeWarmUpRunner,
  type WarmUpRunner,
  type WarmUpState,
} from '../../offline/warm-up';
import { RelativeTime } from '../../ui/relative-time';

const IDLE: WarmUpState = {
  userId: null,
  running: false,
  progress: { done: 0, total: 0, state: null },
  record: null,
};
const noop = () => () => {};

function useRunnerState(runner: WarmUpRunner | null): WarmUpState {
  return useSyncExternalStore(
    (l) => (runner ? runner.subscribe(l) : noop()),
    () => runner?.state ?? IDLE,
  );
}

/** The screens this user may open, in the order the features list them. */
function useAllowedStates(): string[] | null {
  const session = useSessionData();
  return useMemo(() => (session ? offlineStatesAllowed(session) : null), [session]);
}

/** Whether a service worker controls the page (the app's code is kept and it opens offline). */
function useAppKept(): boolean {
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  return useSyncExternalStore(
    (l) => {
      sw?.addEventListener('controllerchange', l);
      return () => sw?.removeEventListener('controllerchange', l);
    },
    () => !!sw?.controller,
  );
}

interface StorageInfo {
  usage: number | null;
  quota: number | null;
  persisted: boolean | null;
}

function useStorage(refresh: unknown): StorageInfo {
  const [info, setInfo] = useState<StorageInfo>({ usage: null, quota: null, persisted: null });
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when a run ends
  useEffect(() => {
    const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
    let live = true;
    void (async () => {
      const estimate = await storage?.estimate?.().catch(() => undefined);
      const persisted = await storage?.persisted?.().catch(() => null);
      if (live)
        setInfo({
          usage: estimate?.usage ?? null,
          quota: estimate?.quota ?? null,
          persisted: persisted ?? null,
        });
    })();
    return () => {
      live = false;
    };
  }, [refresh]);
  return info;
}

function ScreenRow({ state, screen }: { state: string; screen: ScreenReadiness | undefined }) {
  const { t } = useTranslation();
  const complete = !!screen && screen.missing.length === 0;
  // An older complete copy is still there when only the refresh failed for want of a connection.
  const usable = complete || (!!screen?.savedAt && screen.reason === 'offline');
  const missing = screen?.missing.map((p) => t(`ready.parts.${p}`)).join(', ');
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      data-testid={`ready-${state}`}
      data-ready={usable ? 'true' : 'false'}
    >
      <ThemeIcon
        size={20}
        radius="xl"
        color={usable ? 'green' : 'gray'}
        variant={usable ? 'filled' : 'light'}
      >
        {usable ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {t(`nav.${state}`)}
        </Text>
        {complete && screen.savedAt !== null ? (
          <Text size="xs" c="gray.7">
            {t('ready.saved')} <RelativeTime date={new Date(screen.savedAt)} />
          </Text>
        ) : usable && screen?.savedAt ? (
          <Text size="xs" c="gray.7">
            {t('ready.olderCopy')} <RelativeTime date={new Date(screen.savedAt)} /> ·{' '}
            {t('ready.notRefreshed')}
          </Text>
        ) : !screen ? (
          <Text size="xs" c="gray.7">
            {t('ready.notSaved')}
          </Text>
        ) : (
          <Text size="xs" c="red.8">
            {t('ready.missing', { parts: missing })}
            {screen.reason ? ` — ${t(`ready.reasons.${screen.reason}`)}` : ''}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

function formatBytes(bytes: number, locale: string): string {
  const mb = bytes / (1024 * 1024);
  const [value, unit] = mb >= 1024 ? [mb / 1024, 'gigabyte'] : [mb, 'megabyte'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

export function OfflineReadiness() {
  const { t, i18n } = useTranslation();
  const session = useSessionData();
  const userId = session ? String(session.identity.EmployeeID) : null;
  const runner = useSyncExternalStore(subscribeWarmUpRunner, getWarmUpRunner);
  const state = useRunnerState(runner);
  const kept = useLiveQuery(
    async (): Promise<ReadinessRecord | null> => (userId ? ((await readReadiness(userId)) ?? null) : null),
    [userId],
  );
  const record = (state.userId === userId ? state.record : null) ?? kept ?? null;
  const states = useAllowedStates();
  const appKept = useAppKept();
  const network = useConnection();
  const storage = useStorage(state.running);
  const locale = toBcp47(i18n.language);
  const { done, total } = state.progress;

  const prepare = () => {
    if (!runner || !userId) return;
    void requestPersistence();
    void runner.run(userId, { force: true });
  };
  const allReady =
    !state.running &&
    appKept &&
    !!states?.every((s) => {
      const screen = record?.screens[s];
      return !!screen && screen.missing.length === 0;
    });

  return (
    <Stack gap="sm" data-testid="offline-readiness" data-ready={allReady ? 'true' : 'false'}>
      <div>
        <Text fw={700} size="sm">
          {t('ready.title')}
        </Text>
        <Text size="xs" c="gray.7">
          {t('ready.intro')}
        </Text>
      </div>
      {record?.storageFull && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={t('ready.storageFull.title')}
          p="xs"
          data-testid="storage-full"
        >
          <Text size="xs">{t('ready.storageFull.body')}</Text>
        </Alert>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="ready-app" data-ready={String(appKept)}>
        <ThemeIcon
          size={20}
          radius="xl"
          color={appKept ? 'green' : 'gray'}
          variant={appKept ? 'filled' : 'light'}
        >
          {appKept ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
        </ThemeIcon>
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {t('ready.app.label')}
          </Text>
          <Text size="xs" c="gray.7">
            {appKept ? t('ready.app.ready') : t('ready.app.notYet')}
          </Text>
        </Stack>
      </Group>
      {(states ?? []).map((s) => (
        <ScreenRow key={s} state={s} screen={record?.screens[s]} />
      ))}
      {state.running ? (
        <Stack gap={4} data-testid="ready-progress">
          <Group justify="space-between" gap="xs">
            <Text size="xs">{t('ready.preparing')}</Text>
            {total > 0 && <Text size="xs">{t('ready.progress', { done, total })}</Text>}
          </Group>
          <Progress value={total > 0 ? (done / total) * 100 : 5} animated aria-label={t('ready.preparing')} />
        </Stack>
      ) : (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCloudDownload size={16} />}
          onClick={prepare}
          disabled={!runner || !userId || !network.online}
          data-testid="prepare-offline"
        >
          {t('ready.prepare')}
        </Button>
      )}
      {!network.online && !state.running && (
        <Text size="xs" c="gray.7">
          {t('ready.offlineNow')}
        </Text>
      )}
      {storage.usage !== null && (
        <Text size="xs" c="gray.7" data-testid="storage-used">
          {storage.quota
            ? t('ready.storage.used', {
                used: formatBytes(storage.usage, locale),
                quota: formatBytes(storage.quota, locale),
              })
            : t('ready.storage.usedOnly', { used: formatBytes(storage.usage, locale) })}
        </Text>
      )}
      {storage.persisted !== null && (
        <Text size="xs" c="gray.7">
          {storage.persisted ? t('ready.storage.persistent') : t('ready.storage.notPersistent')}
        </Text>
      )}
    </Stack>
  );
}
