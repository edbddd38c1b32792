// The sync status chip of the shell header: online/offline, changes waiting, failed and conflicting
// changes, and when the device last synced. It opens its menu: Pending changes and Ready for offline.
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconCloudUp } from '@tabler/icons-react';
import { type MouseEvent, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionData } from '../../app/app-context';
import { useSettled } from '../../lib/idle';
import type { SyncEngine } from '../../offline/sync-engine';
import { useSyncEngineStatus, useSyncStatus } from '../../offline/use-sync-status';
import { Hint } from '../../ui/hint';
import { Badge, Group, UnstyledButton } from '../../ui/lite';
import { lazyWithTheme } from '../../ui/mantine-provider';
import { RelativeTime } from '../../ui/relative-time';

const SyncMenu = lazyWithTheme(() => import('./sync-menu'));

export function SyncChip({ engine }: { engine: SyncEngine | null }) {
  const { t } = useTranslation();
  const session = useSessionData();
  const settled = useSettled();
  const [menuWanted, setMenuWanted] = useState(false);
  const engineStatus = useSyncEngineStatus(engine);
  // Until the engine runs (it starts once the first screen is up) and has counted its outbox, the
  // counts come from the outbox itself: an engine that has not counted yet would say 0 waiting.
  const engineCounted = engine !== null && engineStatus.counted;
  const outbox = useSyncStatus(engineCounted || !session ? null : String(session.identity.EmployeeID));
  const status = engineCounted
    ? engineStatus
    : { ...engineStatus, pending: outbox.pending, failed: outbox.failed, conflict: outbox.conflict };
  const problems = status.failed + status.conflict;
  const color = problems ? 'red' : !status.online ? 'gray' : status.pending ? 'yellow' : 'green';
  const Icon = problems
    ? IconAlertTriangle
    : !status.online
      ? IconCloudOff
      : status.pending
        ? IconCloudUp
        : IconCloudCheck;
  const label = !status.online ? t('sync.chip.offline') : t('sync.chip.online');
  const parts = [
    label,
    status.pending ? t('sync.chip.pending', { count: status.pending }) : null,
    status.failed ? t('sync.chip.failed', { count: status.failed }) : null,
    status.conflict ? t('sync.chip.conflict', { count: status.conflict }) : null,
  ].filter(Boolean);
  const summary = (
    <span>
      {parts.join(' · ')}
      {status.lastSyncAt ? (
        <>
          {' · '}
          {t('sync.chip.lastSync')} <RelativeTime date={new Date(status.lastSyncAt)} />
        </>
      ) : null}
    </span>
  );
  // The chip opens its menu (connection, pending changes, "Ready for offline"); the menu's chunk
  // loads once the app has settled, or on the first press (then it opens at once).
  const chip = (
    <UnstyledButton
      component={Link}
      to="/sync"
      aria-haspopup="dialog"
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        setMenuWanted(true);
      }}
      aria-label={parts.join(', ')}
      data-testid="sync-chip"
      data-online={status.online}
      data-pending={status.pending}
      data-problems={problems}
    >
      <Badge
        color={color}
        variant="light"
        size="lg"
        // On a phone, smaller words and no icon: "No connection · 1" fits a 390 px header.
        className="apex-sync-badge"
        style={{ cursor: 'pointer', textTransform: 'none' }}
      >
        <Group gap={4} wrap="nowrap">
          <span className="mantine-visible-from-xs" style={{ display: 'flex' }}>
            <Icon size={14} />
          </span>
          <span>{label}</span>
          {status.pending + problems > 0 && <span>· {status.pending + problems}</span>}
        </Group>
      </Badge>
    </UnstyledButton>
  );
  if (settled || menuWanted) {
    return (
      <Suspense fallback={chip}>
        <SyncMenu chip={chip} summary={summary} defaultOpened={menuWanted} />
      </Suspense>
    );
  }
  return (
    <Hint title={parts.join(' · ')} label={summary}>
      {chip}
    </Hint>
  );
}
