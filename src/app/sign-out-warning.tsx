// "You have unsent changes" before signing out: a chunk of its own, loaded only when it is shown.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function SignOutWarning({
  unsent,
  onStay,
  onSignOut,
}: {
  unsent: number;
  onStay: () => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onStay} title={t('sync.signOut.title')} centered>
      <Stack>
        <Text>{t('sync.signOut.body', { count: unsent })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onStay}>
            {t('sync.signOut.stay')}
          </Button>
          <Button color="red" onClick={onSignOut} data-testid="confirm-sign-out">
            {t('sync.signOut.signOut')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
