// Pending changes: every queued change of this device's user, with its state and the server's
// message; retry, edit (fields of the change, validated by its command) and discard.
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnection } from '../../api/connection';
import { useSessionData, useSyncEngine } from '../../app/app-context';
import type { OutboxRow } from '../../offline/db';
import { MISSING_SERVER_ID_KEY, OutboxActionError } from '../../offline/outbox';
import { useSyncEngineStatus, useSyncStatus } from '../../offline/use-sync-status';
import { RelativeTime } from '../../ui/relative-time';

const STATE_COLOR: Record<string, string> = {
  pending: 'yellow',
  sending: 'blue',
  failed: 'red',
  conflict: 'orange',
};

/** The editable scalar fields of a change, flattened one level (e.g. patch.EndTime). */
function editableFields(args: unknown): [string, string][] {
  const out: [string, string][] = [];
  const walk = (value: unknown, path: string) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (path === '' && k === 'local') continue;
        walk(v, path ? `${path}.${k}` : k);
      }
    } else if (typeof value === 'string' || typeof value === 'number') {
      if (!/(^|\.)(Id|Version|.*ID)$/.test(path)) out.push([path, String(value)]);
    }
  };
  walk(args, '');
  return out;
}

function setPath(target: Record<string, unknown>, path: string, raw: string, original: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const k of keys.slice(0, -1)) node = node[k] as Record<string, unknown>;
  node[keys[keys.length - 1]] =
    typeof original === 'number' && raw.trim() !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
}

function getPath(source: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k], source);
}

export default function PendingChangesPage() {
  const { t } = useTranslation();
  const session = useSessionData();
  const userId = session ? String(session.identity.EmployeeID) : null;
  const engine = useSyncEngine();
  const status = useSyncEngineStatus(engine);
  const connection = useConnection();
  const summary = useSyncStatus(userId);
  const [editing, setEditing] = useState<OutboxRow | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [editError, setEditError] = useState<string | null>(null);

  async function act(action: () => Promise<unknown>, kind: 'retry' | 'discard' = 'retry') {
    try {
      await action();
    } catch (err) {
      notifications.show({ color: 'red', message: actionErrorText(err, kind) });
    }
  }

  function actionErrorText(err: unknown, kind: 'retry' | 'discard'): string {
    if (err instanceof OutboxActionError) {
      if (err.reason === 'sending') return t('sync.page.sendingBusy');
      if (err.reason === 'already-sent')
        return kind === 'discard' ? t('sync.page.discardAlreadySent') : t('sync.page.alreadySent');
      if (err.reason === 'missing-server-id') return t(MISSING_SERVER_ID_KEY);
    }
    return err instanceof Error ? err.message : String(err);
  }

  function openEdit(row: OutboxRow) {
    setEditing(row);
    setEditError(null);
    setValues(Object.fromEntries(editableFields(row.args)));
  }

  async function saveEdit() {
    if (!editing || !engine) return;
    const next = structuredClone(editing.args) as Record<string, unknown>;
    for (const [path, raw] of Object.entries(values)) setPath(next, path, raw, getPath(editing.args, path));
    const local = next.local as Record<string, unknown> | undefined;
    const patch = (next.patch ?? next.entry) as Record<string, unknown> | undefined;
    if (local && patch)
      Object.assign(local, Object.fromEntries(Object.entries(patch).filter(([k]) => k !== 'Version')));
    try {
      await engine.edit(editing.id, next);
      setEditing(null);
    } catch (err) {
      setEditError(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <Stack maw={760} gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('sync.page.title')}
        </Title>
        <Button
          variant="light"
          onClick={() => void engine?.syncNow()}
          // Also with no connection known: a try is how the user finds out it is back (not while the
          // device has no network at all).
          disabled={!engine || connection.browserOffline}
          loading={status.sending}
        >
          {t('sync.page.syncNow')}
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        {status.online ? t('sync.chip.online') : t('sync.page.offlineNote')}
        {status.lastSyncAt ? (
          <>
            {' · '}
            {t('sync.chip.lastSync')} <RelativeTime date={new Date(status.lastSyncAt)} />
          </>
        ) : null}
      </Text>
      {status.paused && <Alert color="orange">{t('sync.page.paused')}</Alert>}
      {!summary.loaded ? null : summary.rows.length === 0 ? (
        <Card withBorder padding="lg" data-testid="sync-empty">
          <Text>{t('sync.page.empty')}</Text>
        </Card>
      ) : (
        <Stack gap="sm" data-testid="sync-rows">
          {summary.rows.map((row) => (
            <Card key={row.id} withBorder padding="md" data-status={row.status}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={600}>{t(`sync.commands.${row.command}`)}</Text>
                    <Badge color={STATE_COLOR[row.status] ?? 'gray'} variant="light">
                      {t(`sync.states.${row.status}`)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('sync.page.queued')} <RelativeTime date={new Date(row.createdAt)} />
                    {row.attempts > 0 && ` · ${t('sync.page.attempts', { count: row.attempts })}`}
                  </Text>
                  {(row.lastErrorKey || row.lastError) && (
                    <Text size="sm" c={row.status === 'pending' ? 'dimmed' : 'red'}>
                      {row.lastErrorKey ? t(row.lastErrorKey) : row.lastError}
                    </Text>
                  )}
                </Stack>
                {(row.status === 'failed' || row.status === 'conflict') && (
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => void act(() => engine!.retry(row.id))}>
                      {t('sync.page.retry')}
                    </Button>
                    <Button size="xs" variant="default" onClick={() => openEdit(row)}>
                      {t('sync.page.edit')}
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="subtle"
                      onClick={() => void act(() => engine!.discard(row.id), 'discard')}
                    >
                      {t('sync.page.discard')}
                    </Button>
                  </Group>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <Modal opened={!!editing} onClose={() => setEditing(null)} title={t('sync.page.editTitle')}>
        <Stack>
          {editError && <Alert color="red">{editError}</Alert>}
          {Object.entries(values).map(([path, value]) => (
            <TextInput
              key={path}
              label={path}
              value={value}
              onChange={(e) => setValues({ ...values, [path]: e.currentTarget.value })}
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(null)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void saveEdit()}>{t('sync.page.saveAndRetry')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
