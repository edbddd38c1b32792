// The one "delete this?" dialog: a sentence saying what goes, the refusal of a failed delete (the app's
// refusal banner: the server's sentence and any reasons it lists; a 409 in yellow), Cancel and a red
// confirm button that shows the call in flight. Shared by every area's delete confirmations.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RefusalBanner } from './refusal-banner';

/** A delete names no field: every reason of its refusal is said in the banner. */
const NO_FIELD = () => false;

export interface ConfirmDeleteModalProps {
  opened: boolean;
  title: ReactNode;
  /** What is deleted, in a sentence ("Delete Robot Vacuum? …"). */
  message: ReactNode;
  /** The failed delete's error (a thrown error or the message already read), or null/undefined. */
  error?: unknown;
  onConfirm: () => void;
  /** Cancel, Escape, the close button and the overlay. */
  onClose: () => void;
  /** The delete is in flight: the confirm button spins (and cannot be pressed again). */
  pending?: boolean;
  /** The confirm button's text; "Delete" when not given. */
  confirmLabel?: ReactNode;
  /** The confirm button cannot be pressed (the record may not be deleted). */
  confirmDisabled?: boolean;
  centered?: boolean;
  /** Test ids of the dialog, the confirm button and the refusal banner. */
  testId?: string;
  confirmTestId?: string;
  errorTestId?: string;
}

export function ConfirmDeleteModal({
  opened,
  title,
  message,
  error,
  onConfirm,
  onClose,
  pending = false,
  confirmLabel,
  confirmDisabled = false,
  centered,
  testId,
  confirmTestId,
  errorTestId,
}: ConfirmDeleteModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered={centered} data-testid={testId}>
      <Stack gap="sm">
        <Text size="sm">{message}</Text>
        <RefusalBanner error={error} isField={NO_FIELD} testId={errorTestId} />
        <Group justify="flex-end">
          {/* Focused on opening: Enter or Space on an opened dialog never deletes by accident. */}
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={pending}
            disabled={confirmDisabled}
            onClick={onConfirm}
            data-testid={confirmTestId}
          >
            {confirmLabel ?? t('common.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
