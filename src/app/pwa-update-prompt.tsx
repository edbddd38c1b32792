// The "new version" prompt (see pwa-update.tsx): Update, or a warning first when changes are unsent.
import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export default function UpdatePrompt({
  countUnsent,
  activate,
}: {
  countUnsent: () => Promise<number>;
  activate: () => void;
}) {
  const { t } = useTranslation();
  const [unsent, setUnsent] = useState<number | null>(null);

  async function onUpdate() {
    const n = await countUnsent();
    if (n > 0) setUnsent(n);
    else activate();
  }

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
