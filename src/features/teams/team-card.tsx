// Teams: one team's card — its name and member count, Rename / Delete / Add member, and its members
// (a table, cards on a phone) with the leader badge, roles, and Edit / Remove per member.
import { ActionIcon, Badge, Button, Card, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconPencil, IconPlus, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import type { Team, TeamMember } from '../../contract/teams';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { useTeam } from './api/get-teams';

export function TeamCard({
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
