// Teams: the member dialogs — add a member (from the office's candidates) or edit one's roles and
// leader flag, and the confirmation of removing a member from a team.
import { Alert, Modal, Select, Stack, Switch, TagsInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { type Team, type TeamMember, TeamMemberSave, TeamMemberUpdate } from '../../contract/teams';
import { ConfirmDeleteModal } from '../../ui/confirm-delete-modal';
import { FormActions } from '../../ui/form-actions';
import { useTeam, useTeamCandidates } from './api/get-teams';
import { useAddMember, useRemoveMember, useUpdateMember } from './api/team-actions';
import { fieldErrors, saveErrorMessage } from './team-form-errors';

export interface MemberEditing {
  team: Team;
  /** null: adding a member. */
  member: TeamMember | null;
}

export function MemberModal({
  editing,
  today,
  onClose,
}: {
  editing: MemberEditing | null;
  today: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const adding = !!editing && !editing.member;
  const candidates = useTeamCandidates(editing?.team.IcdOfficeID ?? null, today, adding);
  const members = useTeam(editing?.team.TeamID ?? 0);
  const add = useAddMember();
  const update = useUpdateMember();
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const [roles, setRoles] = useState<string[]>([]);
  const [leader, setLeader] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [openedFor, setOpenedFor] = useState<MemberEditing | null>(null);

  if (editing !== openedFor) {
    setOpenedFor(editing);
    setEmployeeId(null);
    setRoles(editing?.member?.Roles ?? []);
    setLeader(editing?.member?.IsLeader ?? false);
    setErrors({});
    setMessage(null);
  }

  const taken = new Set((members.data?.Members ?? []).map((m) => m.EmployeeID));
  const options = (candidates.data ?? [])
    .filter((c) => !taken.has(c.EmployeeID))
    .map((c) => ({ value: String(c.EmployeeID), label: c.EmployeeName }));

  async function submit() {
    if (!editing) return;
    setMessage(null);
    try {
      if (!editing.member) {
        if (!employeeId) {
          setErrors({ EmployeeID: t('teams.chooseEmployee') });
          return;
        }
        const parsed = TeamMemberSave.safeParse({
          EmployeeID: Number(employeeId),
          Roles: roles,
          IsLeader: leader,
        });
        if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
        await add.mutateAsync({ teamId: editing.team.TeamID, body: parsed.data });
      } else {
        const parsed = TeamMemberUpdate.safeParse({
          Roles: roles,
          IsLeader: leader,
          Version: editing.member.Version,
        });
        if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
        await update.mutateAsync({
          teamId: editing.team.TeamID,
          employeeId: editing.member.EmployeeID,
          body: parsed.data,
        });
      }
      onClose();
    } catch (err) {
      setMessage(saveErrorMessage(err, t));
    }
  }

  return (
    <Modal
      opened={!!editing}
      onClose={onClose}
      fullScreen={phone}
      title={
        editing?.member
          ? t('teams.editTitle', { name: editing.member.EmployeeName })
          : t('teams.addTitle', { team: editing?.team.Name ?? '' })
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack>
          {message && (
            <Alert color="red" role="alert">
              {message}
            </Alert>
          )}
          {adding && (
            <Select
              label={t('teams.employee')}
              data={options}
              value={employeeId}
              onChange={(v) => {
                setEmployeeId(v);
                setErrors({});
              }}
              placeholder={candidates.isPending ? t('common.loading') : undefined}
              searchable
              required
              nothingFoundMessage={t('teams.noCandidates')}
              error={errors.EmployeeID ?? (candidates.isError ? errorMessage(candidates.error) : undefined)}
              comboboxProps={{ withinPortal: true }}
              data-autofocus
            />
          )}
          <TagsInput
            label={t('teams.roles')}
            description={t('teams.rolesHelp')}
            value={roles}
            onChange={(v) => {
              setRoles(v);
              setErrors({});
            }}
            maxTags={10}
            error={errors.Roles}
            clearable
          />
          <Switch
            label={t('teams.leaderLabel')}
            checked={leader}
            onChange={(e) => setLeader(e.currentTarget.checked)}
          />
          <FormActions onCancel={onClose} saving={add.isPending || update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

export function RemoveModal({
  removing,
  onClose,
}: {
  removing: { team: Team; member: TeamMember } | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const remove = useRemoveMember();
  /** The refused removal's error (shown by the refusal banner), null before one. */
  const [error, setError] = useState<unknown>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <ConfirmDeleteModal
      opened={!!removing}
      centered
      onClose={close}
      title={t('teams.removeTitle')}
      message={
        removing && t('teams.removeBody', { name: removing.member.EmployeeName, team: removing.team.Name })
      }
      error={error}
      pending={remove.isPending}
      onConfirm={() =>
        removing &&
        void remove
          .mutateAsync({ teamId: removing.team.TeamID, employeeId: removing.member.EmployeeID })
          .then(close)
          .catch((err: unknown) => setError(err))
      }
      confirmLabel={t('teams.remove')}
    />
  );
}
