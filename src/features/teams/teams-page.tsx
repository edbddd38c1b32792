// Teams (managers, online only): the teams of an office, their members with roles and the leader
// flag; add, edit and remove members, and start a new team.
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconEdit, IconPencil, IconPlus, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isResponseError } from '../../api/errors';
import {
  type Team,
  type TeamMember,
  TeamMemberSave,
  TeamMemberUpdate,
  TeamSave,
  TeamUpdate,
} from '../../contract/teams';
import { ConfirmDeleteModal } from '../../ui/confirm-delete-modal';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { type TeamOffice, useTeam, useTeamCandidates, useTeamOffices, useTeams } from './api/get-teams';
import {
  useAddMember,
  useCreateTeam,
  useDeleteTeam,
  useRemoveMember,
  useRenameTeam,
  useUpdateMember,
} from './api/team-actions';

const OFFICE_KEY = 'apex.scheduling.office';

function day(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The first message of each field of a zod error. */
function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0] ?? '')] ??= i.message;
  return out;
}

/**
 * The office Teams opens on: the one last chosen (on Teams or the schedule board) when it has a team,
 * else the first office that has one, else the last chosen or the first office (to start its first team).
 */
export function openingOffice(
  offices: readonly TeamOffice[],
  teams: readonly Pick<Team, 'IcdOfficeID'>[],
  saved: number | null,
): TeamOffice | null {
  const withTeam = new Set(teams.map((tm) => tm.IcdOfficeID));
  const last = offices.find((o) => o.IcdOfficeID === saved);
  if (last && withTeam.has(last.IcdOfficeID)) return last;
  return offices.find((o) => withTeam.has(o.IcdOfficeID)) ?? last ?? offices[0] ?? null;
}

interface MemberEditing {
  team: Team;
  /** null: adding a member. */
  member: TeamMember | null;
}

export default function TeamsPage() {
  const { t } = useTranslation();
  const today = day(0);
  const offices = useTeamOffices(day(-60), day(120));
  const teams = useTeams();
  const [savedOffice, setSavedOffice] = useLocalStorage<number | null>({
    key: OFFICE_KEY,
    defaultValue: null,
  });
  // The office picked on this page now (even one with no team yet, to start its first team).
  const [picked, setPicked] = useState<number | null>(null);
  const officeList = offices.data ?? [];
  const office =
    officeList.find((o) => o.IcdOfficeID === picked) ??
    openingOffice(officeList, teams.data ?? [], savedOffice);
  const officeTeams = (teams.data ?? []).filter((tm) => tm.IcdOfficeID === office?.IcdOfficeID);
  const [editing, setEditing] = useState<MemberEditing | null>(null);
  const [removing, setRemoving] = useState<{ team: Team; member: TeamMember } | null>(null);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Team | null>(null);
  const [deleting, setDeleting] = useState<Team | null>(null);

  const loading = offices.isPending || teams.isPending;
  const error = offices.error ?? teams.error;

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('teams.title')}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} disabled={!office}>
          {t('teams.newTeam')}
        </Button>
      </Group>
      <Select
        label={t('teams.office')}
        data={officeList.map((o) => ({ value: String(o.IcdOfficeID), label: o.OfficeName }))}
        value={office ? String(office.IcdOfficeID) : null}
        onChange={(v) => {
          if (!v) return;
          setPicked(Number(v));
          setSavedOffice(Number(v));
        }}
        allowDeselect={false}
        w={{ base: '100%', xs: 260 }}
        comboboxProps={{ withinPortal: true }}
      />
      {loading ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : error ? (
        <Alert color="red" title={t('teams.loadFailed')}>
          {errorMessage(error)}
          <Button
            mt="sm"
            size="xs"
            variant="light"
            display="block"
            onClick={() => {
              void offices.refetch();
              void teams.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        </Alert>
      ) : !office ? (
        <Text c="dimmed">{t('teams.noOffices')}</Text>
      ) : officeTeams.length === 0 ? (
        <Card withBorder padding="lg">
          <Text>{t('teams.empty')}</Text>
        </Card>
      ) : (
        <Stack gap="md">
          {officeTeams.map((team) => (
            <TeamCard
              key={team.TeamID}
              team={team}
              onAdd={() => setEditing({ team, member: null })}
              onEdit={(member) => setEditing({ team, member })}
              onRemove={(member) => setRemoving({ team, member })}
              onRename={() => setRenaming(team)}
              onDelete={() => setDeleting(team)}
            />
          ))}
        </Stack>
      )}

      <MemberModal editing={editing} today={today} onClose={() => setEditing(null)} />
      <RemoveModal removing={removing} onClose={() => setRemoving(null)} />
      {office && (
        <TeamNameModal
          opened={creating || !!renaming}
          team={renaming}
          officeId={office.IcdOfficeID}
          officeName={office.OfficeName}
          onClose={() => {
            setCreating(false);
            setRenaming(null);
          }}
        />
      )}
      <DeleteTeamModal team={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function TeamCard({
  team,
  onAdd,
  onEdit,
  onRemove,
  onRename,
  onDelete,
}: {
  team: Team;
  onAdd(): void;
  onEdit(member: TeamMember): void;
  onRemove(member: TeamMember): void;
  onRename(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  const detail = useTeam(team.TeamID);
  const members = [...(detail.data?.Members ?? [])].sort(
    (a, b) => Number(b.IsLeader) - Number(a.IsLeader) || a.EmployeeName.localeCompare(b.EmployeeName),
  );
  const leaderBadge = (m: TeamMember) =>
    m.IsLeader ? (
      <Badge
        color="yellow"
        variant="light"
        leftSection={<IconStarFilled size={12} />}
        tt="none"
        // Never cut to "Lea…" when a member's roles take the row's width.
        styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
      >
        {t('teams.leader')}
      </Badge>
    ) : null;
  const memberColumns: ResponsiveColumn<TeamMember>[] = [
    { key: 'name', label: t('teams.name'), cell: (m) => m.EmployeeName, hideInCard: true },
    {
      key: 'roles',
      label: t('teams.roles'),
      cell: (m) => (
        <Group gap={4}>
          {m.Roles.length === 0 ? (
            <Text size="sm" c="dimmed">
              —
            </Text>
          ) : (
            m.Roles.map((r) => (
              <Badge key={r} variant="light" color="gray" tt="none">
                {r}
              </Badge>
            ))
          )}
        </Group>
      ),
    },
    {
      key: 'leader',
      label: t('teams.leader'),
      // A card says it under the name (an empty "Leader" line on every other card says nothing).
      hideInCard: true,
      cell: leaderBadge,
    },
  ];
  return (
    <Card withBorder radius="md" padding="md" data-testid="team" data-team-id={team.TeamID}>
      <Group justify="space-between" mb="sm">
        <Stack gap={0}>
          <Title order={2} size="h4">
            {team.Name}
          </Title>
          <Text size="sm" c="dimmed">
            {t('teams.members', { count: team.MemberCount })}
          </Text>
        </Stack>
        <Group gap={4}>
          <Tooltip label={t('teams.rename')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('teams.renameTeam', { name: team.Name })}
              onClick={onRename}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('teams.deleteTeam')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('teams.deleteTeamNamed', { name: team.Name })}
              onClick={onDelete}
              data-testid="delete-team"
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onAdd} ml={4}>
            {t('teams.addMember')}
          </Button>
        </Group>
      </Group>
      {detail.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : detail.isError ? (
        <Text c="red" size="sm">
          {errorMessage(detail.error)}
        </Text>
      ) : members.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('teams.noMembers')}
        </Text>
      ) : (
        <ResponsiveTable
          label={t('teams.membersOf', { name: team.Name })}
          rows={members}
          rowKey={(m) => m.EmployeeID}
          title={(m) => m.EmployeeName}
          subtitle={leaderBadge}
          columns={memberColumns}
          actionsLabel={t('teams.actions')}
          actions={(m, layout) =>
            layout === 'cards' ? (
              <>
                <Button
                  variant="light"
                  leftSection={<IconEdit size={16} />}
                  aria-label={t('teams.editMember', { name: m.EmployeeName })}
                  onClick={() => onEdit(m)}
                >
                  {t('teams.edit')}
                </Button>
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  aria-label={t('teams.removeMember', { name: m.EmployeeName })}
                  onClick={() => onRemove(m)}
                >
                  {t('teams.remove')}
                </Button>
              </>
            ) : (
              <>
                <Tooltip label={t('teams.edit')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('teams.editMember', { name: m.EmployeeName })}
                    onClick={() => onEdit(m)}
                  >
                    <IconEdit size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('teams.remove')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('teams.removeMember', { name: m.EmployeeName })}
                    onClick={() => onRemove(m)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </>
            )
          }
          rowProps={(m) => ({ 'data-testid': 'team-member', 'data-employee-id': m.EmployeeID })}
          tableProps={{ verticalSpacing: 'xs' }}
        />
      )}
    </Card>
  );
}

function MemberModal({
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
      setMessage(
        isResponseError(err) && err.status === 409
          ? `${errorMessage(err)} ${t('teams.reloaded')}`
          : errorMessage(err),
      );
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending || update.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RemoveModal({
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

/** A new team of the office, or a team renamed (PUT with its Version; a stale one says so). */
function TeamNameModal({
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
      setError(
        isResponseError(err) && err.status === 409
          ? `${errorMessage(err)} ${t('teams.reloaded')}`
          : errorMessage(err),
      );
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || rename.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Deleting a team (its members stay employees; only the team goes). */
function DeleteTeamModal({ team, onClose }: { team: Team | null; onClose(): void }) {
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
