// Teams (managers, online only): the teams of an office, their members with roles and the leader
// flag; add, edit and remove members, and start a new team.
// Its parts: team-card (a team and its members), team-member-dialogs (add, edit, remove a member)
// and team-dialogs (new team, rename, delete).
import { Alert, Button, Card, Center, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import type { Team, TeamMember } from '../../contract/teams';
import { type TeamOffice, useTeamOffices, useTeams } from './api/get-teams';
import { TeamCard } from './team-card';
import { DeleteTeamModal, TeamNameModal } from './team-dialogs';
import { type MemberEditing, MemberModal, RemoveModal } from './team-member-dialogs';

const OFFICE_KEY = 'apex.scheduling.office';

function day(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
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
