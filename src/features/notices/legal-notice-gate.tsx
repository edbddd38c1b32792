// The legal notices the user must acknowledge, shown full screen over everything else after sign-in
// until each is acknowledged. The acknowledgement is an offline command: once queued on this device
// the notice is not shown again here, and the sync engine delivers it when the device is online.
import { Badge, Button, Group, Modal, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncEngine } from '../../app/app-context';
import { listDrafts } from '../../offline/db';
import { usePendingNotices } from './api';
import { acknowledgeNotice, NOTICE_ACK_ENTITY } from './commands';

export default function LegalNoticeGate({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const pending = usePendingNotices(userId);
  const drafts = useLiveQuery(() => listDrafts(userId, NOTICE_ACK_ENTITY), [userId]);
  const engine = useSyncEngine();
  const [busy, setBusy] = useState(false);

  if (!pending.data || drafts === undefined) return null;
  const acknowledgedHere = new Set(drafts.map((d) => Number(d.localId)));
  const open = pending.data.data.filter((n) => !acknowledgedHere.has(n.CurrentContentID));
  const notice = open[0];
  if (!notice) return null;

  async function acknowledge() {
    if (!notice) return;
    setBusy(true);
    try {
      await acknowledgeNotice.enqueue(userId, {
        LegalNoticeID: notice.LegalNoticeID,
        LegalNoticeContentID: notice.CurrentContentID,
      });
      void engine?.syncNow();
    } catch (err) {
      notifications.show({
        color: 'red',
        title: t('notices.gate.failed'),
        message: err instanceof Error ? err.message : String(err),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened
      fullScreen
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      trapFocus
      zIndex={1000}
      aria-labelledby="legal-notice-title"
      data-testid="legal-notice-gate"
    >
      <Stack maw={760} mx="auto" py="xl" gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t('notices.gate.kicker')}
            </Text>
            <Title order={1} size="h2" id="legal-notice-title">
              {notice.Title}
            </Title>
          </Stack>
          {open.length > 1 && (
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {t('notices.gate.count', { current: 1, total: open.length })}
            </Badge>
          )}
        </Group>
        {notice.ContentVersions > 1 && <Text size="sm">{t('notices.gate.changed')}</Text>}
        <Paper withBorder p="md" radius="md">
          <ScrollArea.Autosize mah="55vh">
            <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="legal-notice-body">
              {notice.Body}
            </Text>
          </ScrollArea.Autosize>
        </Paper>
        <Text size="sm" c="dimmed">
          {t('notices.gate.explain')}
        </Text>
        <Group justify="flex-end">
          <Button size="md" onClick={() => void acknowledge()} loading={busy} data-autofocus>
            {t('notices.gate.acknowledge')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
