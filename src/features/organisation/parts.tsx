// Small pieces shared by the organisation detail pages: the back link, the page's heading with its
// Delete button, the read-only note, the "Saved" note beside a form's submit button, the save problem
// box (a 409 says someone else changed the record and offers to reload), the delete confirmation.
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { saidBesideFields } from '../../api/save-problems';
import { ConfirmDeleteModal } from '../../ui/confirm-delete-modal';
import { type SaveProblem, saveProblem } from './api';

export function BackToTree() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/organisation" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {t('organisation.back')}
      </Group>
    </Anchor>
  );
}

/** The page's heading and, when the record may be deleted, its Delete button. */
export function DetailHeader({ heading, onDelete }: { heading: ReactNode; onDelete?: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-end">
      {heading}
      {onDelete ? (
        <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={onDelete}>
          {t('organisation.delete')}
        </Button>
      ) : null}
    </Group>
  );
}

/** Says the record is shown read only (the caller may not change it). */
export function ReadOnlyNote() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" variant="light">
      {t('organisation.readOnly')}
    </Alert>
  );
}

/** A form's submit button, with "Saved" beside it after a save until the next change. */
export function SubmitWithSaved({
  saved,
  pending,
  label,
  variant,
  icon = true,
}: {
  saved: boolean;
  pending: boolean;
  label: string;
  variant?: 'light';
  icon?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {saved ? (
        <Text size="sm" c="green" role="status">
          {t('organisation.saved')}
        </Text>
      ) : null}
      <Button
        type="submit"
        variant={variant}
        loading={pending}
        leftSection={icon ? <IconDeviceFloppy size={16} /> : undefined}
      >
        {label}
      </Button>
    </>
  );
}

/**
 * What went wrong with the last save or delete: someone else's change (with Reload), or the refusal —
 * left out when each of its reasons is said beside its field (`fields`: the keys the form shows).
 */
export function ProblemAlert({
  problem,
  onReload,
  fields,
}: {
  problem: SaveProblem | null;
  onReload: () => void;
  fields?: (key: string) => boolean;
}) {
  const { t } = useTranslation();
  if (!problem) return null;
  if (!problem.conflict && !problem.deleting && fields && saidBesideFields(problem.fields, fields))
    return null;
  if (problem.conflict)
    return (
      <Alert color="yellow" title={t('organisation.conflictTitle')} role="alert" data-testid="conflict">
        <Stack gap="xs">
          <Text size="sm">{t('organisation.conflictBody')}</Text>
          {problem.message ? (
            <Text size="sm" c="dimmed">
              {problem.message}
            </Text>
          ) : null}
          <Group>
            <Button size="xs" onClick={onReload}>
              {t('organisation.reload')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  return (
    <Alert
      color="red"
      title={t(problem.deleting ? 'organisation.deleteFailed' : 'organisation.saveFailed')}
      role="alert"
      data-testid="problem"
    >
      {problem.message}
    </Alert>
  );
}

/**
 * Asks before deleting a record; on yes runs `onDelete` and returns to the tree. A refusal closes the
 * dialog and is handed to `onFailed` (shown in the page's problem box).
 */
export function ConfirmDelete({
  opened,
  title,
  body,
  busy,
  onClose,
  onDelete,
  onFailed,
}: {
  opened: boolean;
  title: string;
  body: string;
  busy: boolean;
  onClose: () => void;
  onDelete: () => Promise<unknown>;
  onFailed: (problem: SaveProblem) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = async () => {
    try {
      await onDelete();
      navigate('/organisation');
    } catch (err) {
      onClose();
      onFailed({ ...saveProblem(err, t('organisation.deleteFailed')), deleting: true });
    }
  };
  return (
    <ConfirmDeleteModal
      opened={opened}
      centered
      onClose={onClose}
      title={title}
      message={body}
      pending={busy}
      onConfirm={() => void confirm()}
    />
  );
}

/**
 * The id of a detail page's path: null for 'new'. The route has already refused any other address
 * (`withRecordId` in src/app/routes.tsx draws the not-found page), so the rest is a record's id.
 */
export function pathId(raw: string | undefined): number | null {
  return !raw || raw === 'new' ? null : Number(raw);
}
