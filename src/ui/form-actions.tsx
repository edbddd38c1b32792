// The footer of a dialog's form: Cancel, then Save (the submit button), right-aligned.
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function FormActions({
  onCancel,
  saving,
}: {
  onCancel(): void;
  /** The submit button spins (and cannot be pressed again) while the save runs. */
  saving: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={saving}>
        {t('common.save')}
      </Button>
    </Group>
  );
}
