// The foot of the office's edit dialogs (catalogue items, adjustments): the refusal of the last save
// (if any), Cancel and Save.
import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function SaveActions({
  error,
  pending,
  onCancel,
  onSave,
}: {
  /** The refusal to show, or null. */
  error: ReactNode | null;
  pending: boolean;
  onCancel: () => void;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error !== null && <Alert color="red">{error}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('orders.office.cancel')}
        </Button>
        <Button loading={pending} onClick={onSave}>
          {t('orders.detail.save')}
        </Button>
      </Group>
    </>
  );
}
