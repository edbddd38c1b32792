// The foot of the office's edit dialogs (catalogue items, adjustments): the banner of the last save's
// refusal, if the form needs one (RefusalBanner), Cancel and Save.
import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function SaveActions({
  banner,
  pending,
  onCancel,
  onSave,
}: {
  /** The refusal banner (a RefusalBanner, which renders nothing when the fields say it all). */
  banner: ReactNode;
  pending: boolean;
  onCancel: () => void;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {banner}
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
