// Territories of a lead group on the map: pick one to see who works it and its history, assign it to
// an office (and team) from a date, draw a new one or redraw one (click to add corners), or delete it.
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Center,
  ColorInput,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/errors';
import {
  type GeoPolygon,
  HexColor,
  type LeadGroup,
  MarkerStyle,
  type Territory,
  TerritoryOffice,
  Territory as TerritorySchema,
} from '../../../contract/leads';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { CONTINENT, homeOfTerritories } from '../api/get-group-home';
import { sendWire } from '../api/wire-dates';
import {
  groupHistoryQuery,
  manageKeys,
  officesFrom,
  teamsQuery,
  territoriesQuery,
  territoryHistoryQuery,
} from './manage-api';

const MapView = lazy(() => import('../map-view'));

type Mode = { kind: 'view' } | { kind: 'new' } | { kind: 'edit'; territory: Territory };

const today = () => format(new Date(), 'yyyy-MM-dd');
const dateText = (d: unknown) => (d instanceof Date ? format(d, 'yyyy-MM-dd') : d ? String(d) : '');

function ringOf(t: Territory): [number, number][] {
  const ring = t.Polygon.type === 'Polygon' ? t.Polygon.coordinates[0] : t.Polygon.coordinates[0][0];
  const open = ring.slice(0, -1);
  return open.map(([lng, lat]) => [lng, lat]);
}

function polygonOf(points: readonly [number, number][]): GeoPolygon {
  return {
    type: 'Polygon',
    coordinates: [[...points.map((p) => [p[0], p[1]] as [number, number]), [points[0][0], points[0][1]]]],
  };
}

export function TerritoriesPanel({ group }: { group: LeadGroup }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const territories = useQuery(territoriesQuery(api, group.LeadGroupID));
  const teams = useQuery(teamsQuery(api));
  const groupHistory = useQuery(groupHistoryQuery(api, group.LeadGroupID));
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [points, setPoints] = useState<[number, number][]>([]);
  const [name, setName] = useState('');
  const [color, setColor] = useState('#1c7ed6');
  const [formError, setFormError] = useState<string | null>(null);
  const list = territories.data ?? [];
  const selected = list.find((x) => x.TerritoryID === selectedId) ?? null;
  const start = useMemo(() => homeOfTerritories(list) ?? CONTINENT, [list]);
  const offices = officesFrom(teams.data ?? [], groupHistory.data ?? []);

  const invalidate = () => {
    void queryClient.invalidateQueries({ queryKey: manageKeys.territories(group.LeadGroupID) });
    void queryClient.invalidateQueries({ queryKey: manageKeys.groupHistory(group.LeadGroupID) });
    void queryClient.invalidateQueries({ queryKey: ['leads-manage', 'history'] });
  };

  const save = useMutation({
    mutationFn: async () => {
      const Polygon = polygonOf(points);
      if (mode.kind === 'edit')
        return sendWire(
          api,
          'put',
          `territories/${mode.territory.TerritoryID}`,
          { Name: name.trim(), Color: color, Polygon, Version: mode.territory.Version },
          TerritorySchema,
        );
      return sendWire(
        api,
        'post',
        'territories',
        { LeadGroupID: group.LeadGroupID, Name: name.trim(), Color: color, Polygon },
        TerritorySchema,
      );
    },
    onSuccess: (saved) => {
      notifications.show({ color: 'green', message: t('leads.manage.territory.saved') });
      setMode({ kind: 'view' });
      setPoints([]);
      setSelectedId(saved.TerritoryID);
      invalidate();
    },
    onError: (err) => setFormError(errorMessage(err)),
  });

  // The territory whose delete is being confirmed (a refused delete stays in the dialog).
  const [deleting, setDeleting] = useState<Territory | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`territories/${id}`),
    onSuccess: () => {
      setDeleting(null);
      setSelectedId(null);
      invalidate();
    },
  });

  function begin(next: Mode) {
    setMode(next);
    setFormError(null);
    if (next.kind === 'edit') {
      setPoints(ringOf(next.territory));
      setName(next.territory.Name);
      setColor(next.territory.Color);
    } else {
      setPoints([]);
      setName('');
      setColor('#1c7ed6');
    }
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setFormError(t('leads.manage.territory.nameRequired'));
    if (!HexColor.safeParse(color).success) return setFormError(t('leads.manage.territory.colorInvalid'));
    if (points.length < 3) return setFormError(t('leads.manage.territory.tooFewPoints'));
    setFormError(null);
    save.mutate();
  }

  const drawing = mode.kind !== 'view';

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Box>
        {territories.isPending ? (
          <Center h={420}>
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : (
          <Suspense
            fallback={
              <Center h={420}>
                <Loader aria-label={t('leads.map.loadingMap')} />
              </Center>
            }
          >
            <MapView
              key={group.LeadGroupID}
              initialView={start}
              markers={null}
              markerStyle={MarkerStyle.TwoTonedCircle}
              territories={
                mode.kind === 'edit' ? list.filter((x) => x.TerritoryID !== mode.territory.TerritoryID) : list
              }
              territoryLabels={new Map(list.map((x) => [x.TerritoryID, x.Name]))}
              selectedTerritoryId={selectedId}
              drawing={drawing ? points : null}
              onDrawPoint={(p) => setPoints((all) => [...all, p])}
              onTerritoryClick={setSelectedId}
              ariaLabel={t('leads.manage.territory.mapLabel')}
              height={480}
            />
          </Suspense>
        )}
        {drawing && (
          <Text size="xs" c="dimmed" mt={4}>
            {t('leads.manage.territory.drawHint', { count: points.length })}
          </Text>
        )}
      </Box>

      <Stack gap="sm">
        {territories.isError && (
          <Alert color="red" title={t('leads.manage.territory.loadFailed')}>
            {errorMessage(territories.error)}
          </Alert>
        )}
        {drawing ? (
          <Paper withBorder p="md" component="form" onSubmit={submit} data-testid="territory-form">
            <Stack gap="sm">
              <Title order={3} size="h5">
                {mode.kind === 'edit'
                  ? t('leads.manage.territory.editTitle')
                  : t('leads.manage.territory.newTitle')}
              </Title>
              <TextInput
                label={t('leads.manage.territory.name')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                required
                maxLength={100}
              />
              <ColorInput
                label={t('leads.manage.territory.color')}
                value={color}
                onChange={setColor}
                format="hex"
              />
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconArrowBackUp size={14} />}
                  onClick={() => setPoints((all) => all.slice(0, -1))}
                  disabled={points.length === 0}
                >
                  {t('leads.manage.territory.undo')}
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => setPoints([])}
                  disabled={points.length === 0}
                >
                  {t('leads.manage.territory.clear')}
                </Button>
              </Group>
              {formError && (
                <Text c="red" size="sm" role="alert">
                  {formError}
                </Text>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => begin({ kind: 'view' })}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={save.isPending}>
                  {t('common.save')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ) : (
          <Group justify="space-between">
            <Text fw={600}>{t('leads.manage.territory.count', { count: list.length })}</Text>
            <Button size="xs" onClick={() => begin({ kind: 'new' })} data-testid="new-territory">
              {t('leads.manage.territory.new')}
            </Button>
          </Group>
        )}

        {!drawing && list.length === 0 && !territories.isPending && (
          <Text c="dimmed" size="sm">
            {t('leads.manage.territory.none')}
          </Text>
        )}
        {!drawing && list.length > 0 && (
          <Table highlightOnHover verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('leads.manage.territory.name')}</Table.Th>
                <Table.Th>{t('leads.manage.territory.office')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((x) => (
                <Table.Tr key={x.TerritoryID} aria-selected={x.TerritoryID === selectedId}>
                  <Table.Td>
                    <Button
                      variant={x.TerritoryID === selectedId ? 'light' : 'subtle'}
                      size="compact-sm"
                      leftSection={<Box w={10} h={10} bg={x.Color} style={{ borderRadius: 2 }} />}
                      onClick={() => setSelectedId(x.TerritoryID)}
                    >
                      {x.Name}
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    {x.CurrentOffice ? (
                      <Text size="sm">
                        {x.CurrentOffice.OfficeName}
                        {x.CurrentOffice.LeadOfficeTeamName ? ` · ${x.CurrentOffice.LeadOfficeTeamName}` : ''}
                      </Text>
                    ) : (
                      <Badge variant="light" color="gray">
                        {t('leads.manage.territory.unassigned')}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}

        {!drawing && selected && (
          <TerritoryDetail
            key={selected.TerritoryID}
            group={group}
            territory={selected}
            offices={offices}
            teams={teams.data ?? []}
            onEdit={() => begin({ kind: 'edit', territory: selected })}
            onDelete={() => {
              remove.reset();
              setDeleting(selected);
            }}
            onAssigned={invalidate}
          />
        )}
      </Stack>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('leads.manage.territory.deleteTitle')}
        message={t('leads.manage.territory.confirmDelete', { name: deleting?.Name ?? '' })}
        error={remove.error}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.TerritoryID)}
        onClose={() => setDeleting(null)}
        confirmLabel={t('leads.manage.territory.delete')}
        testId="confirm-delete-territory"
      />
    </SimpleGrid>
  );
}

function TerritoryDetail(props: {
  group: LeadGroup;
  territory: Territory;
  offices: { IcdOfficeID: number; OfficeName: string }[];
  teams: { LeadOfficeTeamID: number; IcdOfficeID: number; Name: string }[];
  onEdit: () => void;
  onDelete: () => void;
  onAssigned: () => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const { group, territory, offices, teams, onEdit, onDelete, onAssigned } = props;
  const history = useQuery(territoryHistoryQuery(api, territory.TerritoryID));
  const [office, setOffice] = useState<string | null>(
    territory.CurrentOffice?.IcdOfficeID ? String(territory.CurrentOffice.IcdOfficeID) : null,
  );
  const [team, setTeam] = useState<string | null>(
    territory.CurrentOffice?.LeadOfficeTeamID ? String(territory.CurrentOffice.LeadOfficeTeamID) : null,
  );
  const [from, setFrom] = useState(today());
  const assign = useMutation({
    mutationFn: (officeId: number | null) =>
      sendWire(
        api,
        'patch',
        `lead-group/${group.LeadGroupID}/territories/offices`,
        [
          {
            TerritoryID: territory.TerritoryID,
            IcdOfficeID: officeId,
            LeadOfficeTeamID: officeId && team ? Number(team) : null,
            FromDate: from,
          },
        ],
        z.array(TerritoryOffice),
      ),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('leads.manage.territory.assigned') });
      void history.refetch();
      onAssigned();
    },
    onError: (err) =>
      notifications.show({
        color: 'red',
        title: t('leads.manage.territory.assignFailed'),
        message: errorMessage(err),
      }),
  });
  const officeTeams = teams.filter((x) => String(x.IcdOfficeID) === office);

  return (
    <Paper withBorder p="md" data-testid="territory-detail">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {territory.Name}
          </Title>
          <Group gap={6}>
            <Button size="xs" variant="default" onClick={onEdit}>
              {t('leads.manage.territory.redraw')}
            </Button>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onDelete}
              aria-label={t('leads.manage.territory.delete')}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <Select
            label={t('leads.manage.territory.office')}
            data={offices.map((o) => ({ value: String(o.IcdOfficeID), label: o.OfficeName }))}
            value={office}
            onChange={(v) => {
              setOffice(v);
              setTeam(null);
            }}
            comboboxProps={{ withinPortal: true }}
            searchable
          />
          <Select
            label={t('leads.manage.territory.team')}
            placeholder={t('leads.manage.territory.wholeOffice')}
            data={officeTeams.map((x) => ({ value: String(x.LeadOfficeTeamID), label: x.Name }))}
            value={team}
            onChange={setTeam}
            clearable
            disabled={officeTeams.length === 0}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            type="date"
            label={t('leads.manage.territory.from')}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="xs">
          {territory.CurrentOffice && (
            <Button
              variant="default"
              size="xs"
              onClick={() => assign.mutate(null)}
              loading={assign.isPending}
            >
              {t('leads.manage.territory.endAssignment')}
            </Button>
          )}
          <Button
            size="xs"
            disabled={!office || !from}
            onClick={() => assign.mutate(Number(office))}
            loading={assign.isPending}
          >
            {t('leads.manage.territory.assign')}
          </Button>
        </Group>
        <Text size="sm" fw={600}>
          {t('leads.manage.territory.history')}
        </Text>
        {history.isPending ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : history.isError ? (
          <Text c="red" size="sm">
            {errorMessage(history.error)}
          </Text>
        ) : history.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('leads.manage.territory.noHistory')}
          </Text>
        ) : (
          <Table verticalSpacing={2} fz="sm" data-testid="territory-history">
            <Table.Tbody>
              {history.data.map((h) => (
                <Table.Tr key={h.TerritoryOfficeID}>
                  <Table.Td>
                    {dateText(h.FromDate)} – {h.ToDate ? dateText(h.ToDate) : t('leads.manage.territory.now')}
                  </Table.Td>
                  <Table.Td>
                    {h.OfficeName ?? '—'}
                    {h.LeadOfficeTeamName ? ` · ${h.LeadOfficeTeamName}` : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
