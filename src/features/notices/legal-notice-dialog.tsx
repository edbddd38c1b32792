// The full-screen dialog of one legal notice (see legal-notice-gate.tsx): no way out but acknowledging.
import { Badge, Button, Group, Modal, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LegalNoticeItem } from './api';

export default function LegalNoticeDialog({
  notice,
  total,
  busy,
  onAcknowledge,
}: {
  notice: LegalNoticeItem;
  total: number;
  busy: boolean;
  onAcknowledge: () => void;
}) {
  const { t } = useTranslation();
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
          {total > 1 && (
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {t('notices.gate.count', { current: 1, total })}
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
          <Button size="md" onClick={onAcknowledge} loading={busy} data-autofocus>
            {t('notices.gate.acknowledge')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
