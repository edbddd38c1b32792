// Teams: the team dialogs — a new team's or a renamed team's name, and the confirmation of deleting
// a team.
import { Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Team, TeamSave, TeamUpdate } from '../../contract/teams';
import { ConfirmDeleteModal } from '../../ui/confirm-delete-modal';
import { FormActions } from '../../ui/form-actions';
import { useCreateTeam, useDeleteTeam, useRenameTeam } from './api/team-actions';
import { fieldErrors, saveErrorMessage } from './team-form-errors';

/** A new team of the office, or a team renamed (PUT with its Version; a stale one says so). */
export function TeamNameModal({
  opened,
  team,
  officeId,
  officeName,
  onClose,
}: {
  opened: boolean;
  /** null: a new team. */
  team: Team | null;
  officeId: number;
  officeName: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const create = useCreateTeam();
  const rename = useRenameTeam();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [openedFor, setOpenedFor] = useState<{ opened: boolean; team: Team | null }>({
    opened: false,
    team: null,
  });
  if (openedFor.opened !== opened || openedFor.team !== team) {
    setOpenedFor({ opened, team });
    setName(team?.Name ?? '');
    setError(null);
  }

  async function submit() {
    const parsed = team
      ? TeamUpdate.safeParse({ Name: name, IcdOfficeID: team.IcdOfficeID, Version: team.Version })
      : TeamSave.safeParse({ Name: name, IcdOfficeID: officeId, Members: [] });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error.issues).Name ?? parsed.error.issues[0].message);
      return;
    }
    try {
      if (team) await rename.mutateAsync({ teamId: team.TeamID, body: parsed.data as TeamUpdate });
      else await create.mutateAsync(parsed.data as TeamSave);
      onClose();
    } catch (err) {
      setError(saveErrorMessage(err, t));
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={team ? t('teams.renameTitle', { name: team.Name }) : t('teams.newTitle', { office: officeName })}
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack>
          <TextInput
            label={t('teams.teamName')}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            required
            maxLength={100}
            data-autofocus
          />
          <FormActions onCancel={onClose} saving={create.isPending || rename.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Deleting a team (its members stay employees; only the team goes). */
export function DeleteTeamModal({ team, onClose }: { team: Team | null; onClose(): void }) {
  const { t } = useTranslation();
  const remove = useDeleteTeam();
  /** The refused delete's error (shown by the refusal banner), null before one. */
  const [error, setError] = useState<unknown>(null);
  const [openedFor, setOpenedFor] = useState<Team | null>(null);
  if (openedFor !== team) {
    setOpenedFor(team);
    setError(null);
  }

  async function confirm() {
    if (!team) return;
    try {
      await remove.mutateAsync({ teamId: team.TeamID, version: team.Version });
      onClose();
    } catch (err) {
      setError(err);
    }
  }

  return (
    <ConfirmDeleteModal
      opened={!!team}
      centered
      onClose={onClose}
      title={t('teams.deleteTitle')}
      message={team && t('teams.deleteBody', { name: team.Name, count: team.MemberCount })}
      error={error}
      pending={remove.isPending}
      onConfirm={() => void confirm()}
      confirmLabel={t('teams.deleteTeam')}
      confirmTestId="confirm-delete-team"
    />
  );
}
