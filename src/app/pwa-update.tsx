// Service worker registration and the update flow (workbox-window): a new version waits until the
// user presses "Update"; the page never reloads over unsynced changes without saying so.
import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Workbox } from 'workbox-window';

let workbox: Workbox | null = null;
const listeners = new Set<() => void>();
let waiting = false;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    waiting = true;
    for (const l of listeners) l();
  });
  void workbox.register();
}

export function PwaUpdate({ countUnsent }: { countUnsent: () => Promise<number> }) {
  const { t } = useTranslation();
  const [available, setAvailable] = useState(waiting);
  const [unsent, setUnsent] = useState<number | null>(null);

  useEffect(() => {
    const l = () => setAvailable(true);
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  }, []);

  function activate() {
    if (!workbox) return;
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  }

  async function onUpdate() {
    const n = await countUnsent();
    if (n > 0) setUnsent(n);
    else activate();
  }

  if (!available) return null;
  return (
    <>
      <Paper
        withBorder
        shadow="md"
        p="sm"
        radius="md"
        pos="fixed"
        bottom={16}
        right={16}
        style={{ zIndex: 400, maxWidth: 360 }}
        role="status"
      >
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{t('shell.update.available')}</Text>
          <Button size="xs" onClick={() => void onUpdate()}>
            {t('shell.update.update')}
          </Button>
        </Group>
      </Paper>
      <Modal
        opened={unsent !== null}
        onClose={() => setUnsent(null)}
        title={t('shell.update.title')}
        centered
      >
        <Stack>
          <Text>{t('shell.update.unsent', { count: unsent ?? 0 })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setUnsent(null)}>
              {t('shell.update.later')}
            </Button>
            <Button onClick={activate}>{t('shell.update.updateNow')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
