// The leads map (phone first): the rep's leads around them, clustered, in their marker style, with
// the territories and their lead counts (where a viewport holds more leads than one answer carries,
// the server groups them by area and the map draws those groups as its clusters); tap a lead for its card and record the knock; add a new lead
// where they stand (or where they long-press). Works offline: markers of the viewports last seen come
// from the device, and knocks and new leads are queued for the sync engine.
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Drawer,
  Group,
  Loader,
  Popover,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDebouncedCallback, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAdjustmentsHorizontal, IconCurrentLocation, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnection } from '../../api/connection';
import { hasGrant } from '../../api/permissions';
import { useSessionData, useSyncEngine } from '../../app/app-context';
import { listDrafts } from '../../offline/db';
import { useSyncEngineStatus } from '../../offline/use-sync-status';
import { RelativeTime } from '../../ui/relative-time';
import { CONTINENT, useGroupHome } from './api/get-group-home';
import { useGroupTerritories } from './api/get-group-territories';
import { useDivisionPolicy, useLeadGroups, useLeadStatuses } from './api/get-lead-lookups';
import { useViewportMarkers } from './api/get-viewport-markers';
import { LEAD } from './commands';
import { LeadCard } from './components/lead-card';
import { NewLeadForm } from './components/new-lead-form';
import { SaveStreets } from './components/save-streets';
import { currentFix, type Fix } from './lead-actions';
import type { MapViewState } from './map-view';
import { MARKER_STYLES, markerFeatures, markerStyleStorageKey, resolveMarkerStyle } from './marker-style';
import {
  filterClusters,
  filterMarkers,
  type MapLead,
  mergeLeadDrafts,
  NO_STATUS,
  placeInClusters,
} from './merge-markers';
import { territoriesBox } from './territory-box';
import { type SnappedViewport, snapViewport } from './viewport';

const MapView = lazy(() => import('./map-view'));

const MAP_HEIGHT = 'calc(100dvh - 56px - 2 * var(--mantine-spacing-md) - 48px)';

interface SavedView {
  longitude: number;
  latitude: number;
  zoom: number;
}

function MapFallback() {
  const { t } = useTranslation();
  return (
    <Stack align="center" justify="center" h={MAP_HEIGHT} bg="gray.1" style={{ borderRadius: 8 }}>
      <Loader aria-label={t('leads.map.loadingMap')} />
      <Text size="sm" c="dimmed">
        {t('leads.map.loadingMap')}
      </Text>
    </Stack>
  );
}

export default function LeadsMapPage() {
  const { t } = useTranslation();
  const session = useSessionData();
  const userId = session ? String(session.identity.EmployeeID) : '';
  const canManage = session ? hasGrant(session.grants, 'leads:manage') : false;
  // Administrators are told how to add streets when the server has no street map.
  const isAdmin = session ? hasGrant(session.grants, 'navigation:admin') : false;
  const [noStreets, setNoStreets] = useState(false);
  const [streets, setStreets] = useState(false);
  const onBasemap = useCallback((b: { kind: string; missing: string | null }) => {
    setNoStreets(b.missing !== null);
    setStreets(b.kind === 'streets');
  }, []);
  const wide = useMediaQuery('(min-width: 48em)');
  const network = useConnection();
  const queryClient = useQueryClient();
  const engine = useSyncEngine();
  const sync = useSyncEngineStatus(engine);

  const groups = useLeadGroups(userId);
  const [storedGroup, setStoredGroup] = useLocalStorage<number | null>({
    key: `apex.leads.group:${userId}`,
    defaultValue: null,
  });
  const groupList = groups.data?.data ?? [];
  const group = groupList.find((g) => g.LeadGroupID === storedGroup) ?? groupList[0] ?? null;
  const groupId = group?.LeadGroupID ?? null;
  const divisionId = group?.DivisionID ?? null;
  const statuses = useLeadStatuses(userId, divisionId);
  const policy = useDivisionPolicy(userId, divisionId);
  const home = useGroupHome(userId, groupId);
  // The area "Save map for offline" keeps: the group's territories, whatever the map shows now.
  const groupTerritories = useGroupTerritories(userId, groupId);

  const [storedStyle, setStoredStyle] = useLocalStorage<string | null>({
    key: markerStyleStorageKey(userId),
    defaultValue: null,
  });
  const markerStyle = resolveMarkerStyle(storedStyle, policy.data?.data.MarkerStyle);
  const [savedViews, setSavedViews] = useLocalStorage<Record<string, SavedView>>({
    key: `apex.leads.views:${userId}`,
    defaultValue: {},
  });
  const [statusFilter, setStatusFilter] = useState<string[]>([]);

  const [viewport, setViewport] = useState<SnappedViewport | null>(null);
  const [center, setCenter] = useState<SavedView | null>(null);
  const onViewChange = useDebouncedCallback((view: MapViewState) => {
    setViewport(snapViewport(view.bbox, view.zoom));
    const saved = { longitude: view.longitude, latitude: view.latitude, zoom: view.zoom };
    setCenter(saved);
    if (groupId !== null) setSavedViews((all) => ({ ...all, [groupId]: saved }));
  }, 350);
  const markers = useViewportMarkers(userId, groupId, viewport);
  const drafts = useLiveQuery(() => (userId ? listDrafts(userId, LEAD) : []), [userId]);

  // After the engine delivers, the server's copies are the freshest.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch on each completed sync only
  useEffect(() => {
    if (!sync.lastSyncAt) return;
    void queryClient.invalidateQueries({ queryKey: ['leads', 'markers', userId] });
    void queryClient.invalidateQueries({ queryKey: ['leads', 'lead', userId] });
  }, [sync.lastSyncAt]);

  const serverData = markers.data?.data;
  const merged: MapLead[] = useMemo(
    () =>
      groupId === null
        ? []
        : mergeLeadDrafts(serverData?.Leads ?? [], drafts ?? [], {
            groupId,
            fetchedAt: markers.data?.fetchedAt ?? 0,
          }),
    [serverData, drafts, groupId, markers.data?.fetchedAt],
  );
  // Leads the server counted in a cluster are drawn in it; the status filter narrows both.
  const placed = useMemo(() => placeInClusters(merged, serverData?.Clusters ?? []), [merged, serverData]);
  const visible = useMemo(
    () => filterMarkers(placed.leads, { statusIds: statusFilter.map(Number) }),
    [placed, statusFilter],
  );
  const visibleClusters = useMemo(
    () => filterClusters(placed.clusters, { statusIds: statusFilter.map(Number) }),
    [placed, statusFilter],
  );
  const collection = useMemo(
    () => markerFeatures(visible, markerStyle, visibleClusters),
    [visible, markerStyle, visibleClusters],
  );
  const pendingCount = merged.filter((m) => m.pending || m.failed).length;

  const territories = serverData?.Territories ?? [];
  const territoryLabels = useMemo(() => {
    const counts = new Map(
      (serverData?.TerritoriesLeadsCounts ?? []).map((c) => [c.TerritoryID, c.LeadsCount]),
    );
    return new Map(
      (serverData?.Territories ?? []).map((tr) => [
        tr.TerritoryID,
        t('leads.map.territoryLabel', { name: tr.Name, count: counts.get(tr.TerritoryID) ?? 0 }),
      ]),
    );
  }, [serverData, t]);

  const [selected, setSelected] = useState<number | null>(null);
  const selectedLead =
    selected === null ? null : (merged.find((m) => m.LeadID === selected || m.tempId === selected) ?? null);
  // A lead created here got its server id: follow it.
  useEffect(() => {
    if (selectedLead && selected !== null && selectedLead.LeadID !== selected)
      setSelected(selectedLead.LeadID);
  }, [selectedLead, selected]);
  const [me, setMe] = useState<Fix | null>(null);
  const [locating, setLocating] = useState(false);
  const [focus, setFocus] = useState<{ longitude: number; latitude: number; zoom?: number } | null>(null);
  const [newLeadAt, setNewLeadAt] = useState<{ Latitude: number; Longitude: number; source: string } | null>(
    null,
  );
  const [newLeadOpen, setNewLeadOpen] = useState(false);

  // Where the map opens: the last view of this group on this device, else the group's home. Only the
  // first answer matters: the map keeps its own camera afterwards.
  const initialView: SavedView | null =
    groupId === null ? null : (savedViews[groupId] ?? home.data?.data ?? (home.isError ? CONTINENT : null));
  const [mapStart, setMapStart] = useState<SavedView | null>(null);
  useEffect(() => {
    if (!mapStart && initialView) setMapStart(initialView);
  }, [initialView, mapStart]);

  const changeGroup = (value: string | null) => {
    if (!value) return;
    const id = Number(value);
    setStoredGroup(id);
    setSelected(null);
    const target = savedViews[id];
    if (target) setFocus({ ...target });
  };
  // A group seen for the first time on this device: go to its home once it is known.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the home answer arrives
  useEffect(() => {
    if (groupId !== null && !savedViews[groupId] && home.data && mapStart) setFocus({ ...home.data.data });
  }, [home.data]);

  async function locate() {
    setLocating(true);
    const fix = await currentFix();
    setLocating(false);
    if (!fix) {
      notifications.show({ color: 'yellow', message: t('leads.map.noPosition') });
      return;
    }
    setMe(fix);
    setFocus({ longitude: fix.Longitude, latitude: fix.Latitude, zoom: Math.max(center?.zoom ?? 16, 16) });
  }

  async function startNewLead() {
    setNewLeadOpen(true);
    setNewLeadAt(null);
    const fix = await currentFix();
    if (fix) {
      setMe(fix);
      setNewLeadAt({ Latitude: fix.Latitude, Longitude: fix.Longitude, source: 'position' });
    } else if (center) {
      setNewLeadAt({ Latitude: center.latitude, Longitude: center.longitude, source: 'center' });
    }
  }

  const onLongPress = useCallback((p: { Latitude: number; Longitude: number }) => {
    setNewLeadAt({ ...p, source: 'picked' });
    setNewLeadOpen(true);
  }, []);

  const repsMayCreate = canManage || (policy.data?.data.RepsCanCreateLeads ?? true);
  const statusList = statuses.data?.data ?? [];

  if (!userId) return null;
  if (groups.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={t('common.loading')} />
      </Group>
    );
  }
  if (groups.isError) {
    return (
      <Alert color="red" title={t('leads.map.groupsFailed')}>
        {t('leads.map.groupsFailedBody')}
        <Button mt="sm" size="xs" variant="light" onClick={() => void groups.refetch()} display="block">
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  if (groupList.length === 0) {
    return (
      <Alert color="gray" title={t('leads.map.noGroups')} maw={560}>
        {t('leads.map.noGroupsBody')}
      </Alert>
    );
  }

  const drawerPosition = wide ? 'right' : 'bottom';
  const drawerSize = wide ? 440 : '88%';

  return (
    <Stack gap={8} data-testid="leads-map-page">
      <Group gap={6} wrap="nowrap" h={40}>
        <Select
          aria-label={t('leads.map.group')}
          data={groupList.map((g) => ({ value: String(g.LeadGroupID), label: g.Name }))}
          value={groupId === null ? null : String(groupId)}
          onChange={changeGroup}
          allowDeselect={false}
          size="sm"
          style={{ flex: 1, minWidth: 0 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Popover position="bottom-end" withinPortal shadow="md" trapFocus>
          <Popover.Target>
            <Tooltip label={t('leads.map.filtersAndStyle')}>
              <ActionIcon
                variant={statusFilter.length ? 'filled' : 'default'}
                size="lg"
                aria-label={t('leads.map.filtersAndStyle')}
                data-testid="map-options"
              >
                <IconAdjustmentsHorizontal size={18} />
              </ActionIcon>
            </Tooltip>
          </Popover.Target>
          <Popover.Dropdown maw={320}>
            <Stack gap="sm">
              <Text size="sm" fw={600}>
                {t('leads.map.markerStyle')}
              </Text>
              <SegmentedControl
                fullWidth
                size="xs"
                data-testid="marker-style"
                value={String(markerStyle)}
                onChange={(v) => setStoredStyle(v)}
                data={MARKER_STYLES.map((s) => ({ value: String(s), label: t(`leads.markerStyles.${s}`) }))}
              />
              <Checkbox.Group
                label={t('leads.map.statusFilter')}
                description={t('leads.map.statusFilterHint')}
                value={statusFilter}
                onChange={setStatusFilter}
              >
                <Stack gap={6} mt={6}>
                  <Checkbox value={String(NO_STATUS)} label={t('leads.map.noStatus')} />
                  {statusList.map((s) => (
                    <Checkbox
                      key={s.LeadStatusID}
                      value={String(s.LeadStatusID)}
                      label={
                        <Group gap={6} wrap="nowrap">
                          <Box w={10} h={10} bg={s.Color} style={{ borderRadius: '50%' }} />
                          {s.Name}
                        </Group>
                      }
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
              {statusFilter.length > 0 && (
                <Button variant="subtle" size="xs" onClick={() => setStatusFilter([])}>
                  {t('leads.map.clearFilter')}
                </Button>
              )}
              {streets && group && (
                <SaveStreets
                  key={group.LeadGroupID}
                  userId={userId}
                  label={group.Name}
                  box={
                    // Not the view's box while the group's territories are on their way.
                    groupTerritories.isLoading
                      ? null
                      : (territoriesBox(groupTerritories.data?.data ?? []) ??
                        territoriesBox(territories) ??
                        viewport?.bbox ??
                        null)
                  }
                  online={network.online}
                />
              )}
            </Stack>
          </Popover.Dropdown>
        </Popover>
        <Tooltip label={t('leads.map.locate')}>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => void locate()}
            loading={locating}
            aria-label={t('leads.map.locate')}
          >
            <IconCurrentLocation size={18} />
          </ActionIcon>
        </Tooltip>
        {repsMayCreate && (
          <Button
            size="sm"
            leftSection={<IconPlus size={16} />}
            onClick={() => void startNewLead()}
            data-testid="new-lead"
            px={wide ? undefined : 10}
          >
            {wide ? t('leads.map.newLead') : t('leads.map.newLeadShort')}
          </Button>
        )}
      </Group>

      <Box pos="relative">
        {mapStart ? (
          <Suspense fallback={<MapFallback />}>
            <MapView
              initialView={mapStart}
              markers={collection}
              markerStyle={markerStyle}
              territories={territories}
              territoryLabels={territoryLabels}
              me={me}
              pick={newLeadOpen ? newLeadAt : null}
              focus={focus}
              onViewChange={onViewChange}
              onLeadClick={setSelected}
              onLongPress={repsMayCreate ? onLongPress : undefined}
              ariaLabel={t('leads.map.mapLabel')}
              height={MAP_HEIGHT}
              onBasemap={onBasemap}
            />
          </Suspense>
        ) : (
          <MapFallback />
        )}
        <Stack
          gap={4}
          pos="absolute"
          top={8}
          left={8}
          align="flex-start"
          maw="calc(100% - 64px)"
          style={{ zIndex: 2, pointerEvents: 'none' }}
        >
          {markers.data?.fromCache && (
            <Badge
              color="gray"
              variant="white"
              data-testid="markers-offline"
              style={{ pointerEvents: 'auto' }}
            >
              {t('leads.map.savedCopy', { count: markers.data.viewports })}{' '}
              <RelativeTime date={new Date(markers.data.fetchedAt)} />
            </Badge>
          )}
          {!network.online && !markers.data?.fromCache && (
            <Badge color="gray" variant="white">
              {t('leads.map.offline')}
            </Badge>
          )}
          {placed.clusters.length > 0 && (
            <Badge color="blue" variant="white" data-testid="markers-grouped">
              {t('leads.map.grouped')}
            </Badge>
          )}
          {markers.isError && !markers.data && (
            <Badge color="red" variant="white">
              {t('leads.map.markersFailed')}
            </Badge>
          )}
          {pendingCount > 0 && (
            <Badge color="yellow" variant="filled" data-testid="map-pending">
              {t('leads.map.pending', { count: pendingCount })}
            </Badge>
          )}
          {markers.isFetching && <Loader size="xs" aria-label={t('common.loading')} />}
          {isAdmin && noStreets && (
            <Alert
              color="gray"
              variant="white"
              p="xs"
              title={t('leads.map.noStreets')}
              withCloseButton
              onClose={() => setNoStreets(false)}
              data-testid="no-streets"
              style={{ pointerEvents: 'auto', boxShadow: 'var(--mantine-shadow-sm)' }}
            >
              <Text size="xs">{t('leads.map.noStreetsHow')}</Text>
            </Alert>
          )}
        </Stack>
        {!markers.isPending && merged.length === 0 && placed.clusters.length === 0 && markers.data && (
          <Text
            size="sm"
            c="dimmed"
            pos="absolute"
            bottom={32}
            left={0}
            right={0}
            ta="center"
            style={{ zIndex: 2, pointerEvents: 'none' }}
          >
            {t('leads.map.emptyHere')}
          </Text>
        )}
      </Box>

      <Drawer
        opened={selectedLead !== null}
        onClose={() => setSelected(null)}
        position={drawerPosition}
        size={drawerSize}
        title={t('leads.card.title')}
        data-testid="lead-card-drawer"
      >
        {selectedLead && group && (
          <LeadCard
            key={selectedLead.LeadID}
            userId={userId}
            lead={selectedLead}
            group={group}
            statuses={statusList}
            noteRequired={policy.data?.data.NoteRequiredStatusIDs ?? []}
            myName={session?.identity.FullName ?? ''}
            onDone={() => void engine?.syncNow()}
          />
        )}
      </Drawer>

      <Drawer
        opened={newLeadOpen}
        onClose={() => setNewLeadOpen(false)}
        position={drawerPosition}
        size={drawerSize}
        title={t('leads.newLead.title')}
      >
        {group && (
          <NewLeadForm
            userId={userId}
            group={group}
            statuses={statusList}
            noteRequired={policy.data?.data.NoteRequiredStatusIDs ?? []}
            dataKeys={policy.data?.data.LeadDataKeys ?? []}
            at={newLeadAt}
            onCreated={(id) => {
              setNewLeadOpen(false);
              setSelected(id);
              void engine?.syncNow();
            }}
          />
        )}
      </Drawer>
    </Stack>
  );
}
