// The user's bulletins (every device): unread first; opening one marks it read; acknowledging it can
// also send a copy by e-mail. Readable offline from the copy kept on the device; acknowledging needs a
// connection.
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import { useConnection } from '../../api/connection';
import { errorMessage } from '../../api/errors';
import { useSessionData } from '../../app/app-context';
import { type InboxItem, useInbox } from './api';
import { formatInstant } from './format';

export default function BulletinsInboxPage() {
  const { t, i18n } = useTranslation();
  const data = useSessionData();
  const userId = data ? String(data.identity.EmployeeID) : null;
  const query = useInbox(userId);
  const api = useApiClient();
  const queryClient = useQueryClient();
  const network = useConnection();
  const [open, setOpen] = useState<InboxItem | null>(null);
  const [copy, setCopy] = useState(false);
  const [busy, setBusy] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['bulletins', 'inbox'] });

  function openItem(item: InboxItem) {
    setOpen(item);
    setCopy(false);
    if (!item.ReadAt && network.online)
      void api
        .get(`bulletins/${item.BulletinID}`)
        .then(refresh)
        .catch(() => undefined);
  }

  async function acknowledge(item: InboxItem) {
    setBusy(true);
    try {
      const res = await api.post<{ EmailCopyQueued: boolean }>(
        `bulletins/inbox/${item.BulletinID}/acknowledge`,
        undefined,
        { query: { sendEmailCopy: copy ? 'true' : 'false' } },
      );
      notifications.show({
        color: 'green',
        message: res.EmailCopyQueued ? t('notices.inbox.acknowledgedCopy') : t('notices.inbox.acknowledged'),
      });
      setOpen(null);
      await refresh();
    } catch (err) {
      notifications.show({ color: 'red', title: t('notices.inbox.ackFailed'), message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  const items = query.data?.data ?? [];
  return (
    <Stack maw={820}>
      <Title order={1} size="h2">
        {t('notices.inbox.title')}
      </Title>
      {query.data?.fromCache && (
        <Alert color="gray" data-testid="inbox-offline">
          {t('notices.inbox.fromCache', {
            when: formatInstant(new Date(query.data.fetchedAt), i18n.language),
          })}
        </Alert>
      )}
      {query.isPending ? (
        <Loader aria-label={t('common.loading')} />
      ) : query.isError ? (
        <Alert color="red" title={t('notices.inbox.loadFailed')}>
          {errorMessage(query.error)}
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('notices.inbox.empty')}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((b) => (
            <li key={b.BulletinID}>
              <Card
                withBorder
                padding="md"
                component="button"
                type="button"
                onClick={() => openItem(b)}
                style={{ width: '100%', textAlign: 'left', cursor: 'pointer' }}
                data-testid="bulletin-item"
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={b.ReadAt ? 400 : 700} truncate>
                      {b.Subject}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {formatInstant(b.DeliveredAt, i18n.language)}
                    </Text>
                  </Stack>
                  {b.AcknowledgedAt ? (
                    <Badge color="green" variant="light">
                      {t('notices.inbox.acknowledgedBadge')}
                    </Badge>
                  ) : !b.ReadAt ? (
                    <Badge color="blue">{t('notices.inbox.unread')}</Badge>
                  ) : null}
                </Group>
              </Card>
            </li>
          ))}
        </Stack>
      )}
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.Subject} size="lg">
        {open && (
          <Stack>
            <Text size="sm" c="dimmed">
              {formatInstant(open.DeliveredAt, i18n.language)}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{open.Body}</Text>
            {open.AcknowledgedAt ? (
              <Text size="sm" c="green">
                {t('notices.inbox.acknowledgedOn', {
                  when: formatInstant(open.AcknowledgedAt, i18n.language),
                })}
              </Text>
            ) : (
              <>
                <Checkbox
                  label={t('notices.inbox.sendCopy')}
                  checked={copy}
                  onChange={(e) => setCopy(e.currentTarget.checked)}
                />
                {!network.online && <Text size="sm">{t('notices.inbox.offline')}</Text>}
                <Group justify="flex-end">
                  <Button onClick={() => void acknowledge(open)} loading={busy} disabled={!network.online}>
                    {t('notices.inbox.acknowledge')}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
