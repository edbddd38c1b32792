// The "Access" tab of an employee's page: the permission simulation per office ("what can this
// employee see and do"), the employee's own permissions (grant, deny, remove), their claims with the
// claim permissions that reach them, and — for holders of admin:proxy — "Sign in as this person"
// (the proxy sign-in form, spec 000 §7).
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconLogin2, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { serverFieldErrors } from '../../api/field-errors';
import { hasGrant } from '../../api/permissions';
import { useAppServices, useSessionData } from '../../app/app-context';
import type { SimulationResult } from '../../contract/access';
import { QueryView } from '../../ui/query-view';
import { ScrollTable } from '../../ui/scroll-table';
import {
  useEmployeeClaims,
  useEmployeePermissions,
  usePermissionCatalogue,
  useRemoveEmployeePermission,
  useSetEmployeePermission,
  useSimulation,
} from './api';
import { PROXY_LOGIN_FORM_ID, submitProxyLogin } from './proxy';
import { GrantBadge, moduleName, useOffices } from './shared';

export default function EmployeeAccessPanel({ employeeId }: { employeeId: number }) {
  const data = useSessionData();
  const me = data?.identity;
  const canProxy =
    !!data && hasGrant(data.grants, 'admin:proxy') && !me?.IsProxy && me?.EmployeeID !== employeeId;
  const canManage = !!data && hasGrant(data.grants, 'admin:permissions');
  return (
    <Stack gap="lg" data-testid="employee-access-panel">
      {canProxy && <ProxySignIn employeeId={employeeId} />}
      {!canManage && <NoAccess />}
      {canManage && <Managed employeeId={employeeId} />}
    </Stack>
  );
}

function NoAccess() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" title={t('access.employee.noAccessTitle')}>
      {t('access.employee.noAccess')}
    </Alert>
  );
}

function Managed({ employeeId }: { employeeId: number }) {
  return (
    <Stack gap="lg">
      <Simulation employeeId={employeeId} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <OwnPermissions employeeId={employeeId} />
        <Claims employeeId={employeeId} />
      </SimpleGrid>
    </Stack>
  );
}

function ProxySignIn({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const { session } = useAppServices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      id={PROXY_LOGIN_FORM_ID}
      method="post"
      action="/account/proxy/login"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setError(null);
        const result = await submitProxyLogin();
        if (!result.ok) {
          setBusy(false);
          setError(result.message);
          return;
        }
        // The page now belongs to another user: start again from their first screen.
        session.expire();
        window.location.assign(result.returnUrl);
      }}
    >
      <input type="hidden" name="EmployeeID" value={employeeId} />
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed" maw={640}>
          {t('access.proxy.explain')}
        </Text>
        <Button
          type="submit"
          variant="light"
          color="orange"
          leftSection={<IconLogin2 size={16} />}
          loading={busy}
          data-testid="proxy-sign-in"
        >
          {t('access.proxy.signIn')}
        </Button>
      </Group>
      {error && (
        <Alert color="red" mt="xs">
          {error}
        </Alert>
      )}
    </form>
  );
}

function Simulation({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const offices = useOffices();
  const [office, setOffice] = useState<number | null>(null);
  const simulation = useSimulation(employeeId, office);
  const [showAll, setShowAll] = useState(false);
  const [filter, setFilter] = useState('');
  return (
    <Card withBorder padding="md" data-testid="permission-simulation">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={3} size="h4">
              {t('access.simulation.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('access.simulation.intro')}
            </Text>
          </div>
          <Select
            label={t('access.simulation.office')}
            data={(offices.data ?? []).map((o) => ({ value: String(o.IcdOfficeID), label: o.OfficeName }))}
            value={office === null ? null : String(office)}
            onChange={(v) => setOffice(v ? Number(v) : null)}
            clearable
            placeholder={t('access.simulation.everyOffice')}
            w={260}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        <QueryView query={simulation} errorTitle={t('access.simulation.loadFailed')}>
          {(sim) => (
            <SimulationView
              sim={sim}
              showAll={showAll}
              setShowAll={setShowAll}
              filter={filter}
              setFilter={setFilter}
            />
          )}
        </QueryView>
      </Stack>
    </Card>
  );
}

function SimulationView({
  sim,
  showAll,
  setShowAll,
  filter,
  setFilter,
}: {
  sim: SimulationResult;
  showAll: boolean;
  setShowAll: (v: boolean) => void;
  filter: string;
  setFilter: (v: string) => void;
}) {
  const { t } = useTranslation();
  const officeName = new Map(sim.Offices.map((o) => [o.IcdOfficeID, o.OfficeName]));
  const screens = sim.Screens.filter((s) => s.CanRead);
  const needle = filter.trim().toLowerCase();
  const perms = sim.Permissions.filter((p) => showAll || p.Granted).filter(
    (p) =>
      needle === '' ||
      p.PermissionKey.toLowerCase().includes(needle) ||
      (p.Name ?? '').toLowerCase().includes(needle),
  );
  return (
    <Stack gap="sm">
      {sim.Inactive && <Alert color="gray">{t('access.simulation.inactive')}</Alert>}
      {sim.IsApplicant && <Alert color="yellow">{t('access.simulation.applicant')}</Alert>}
      <div>
        <Text fw={600} size="sm" mb={4}>
          {t('access.simulation.screens', { count: screens.length })}
        </Text>
        <Group gap={6} data-testid="simulation-screens">
          {screens.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('access.simulation.noScreens')}
            </Text>
          )}
          {screens.map((s) => (
            <Badge key={s.Name} variant="light" data-state={s.Name}>
              {t(`nav.${s.Name}`, { defaultValue: s.Name })}
            </Badge>
          ))}
        </Group>
      </div>
      {sim.Offices.length > 0 && (
        <div>
          <Text fw={600} size="sm" mb={4}>
            {t('access.simulation.offices')}
          </Text>
          <Group gap={6}>
            {sim.Offices.map((o) => (
              <Badge key={o.IcdOfficeID} color="gray" variant="outline">
                {t('access.simulation.officeKeys', { office: o.OfficeName, count: o.Keys.length })}
              </Badge>
            ))}
          </Group>
        </div>
      )}
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('access.simulation.search')}
          leftSection={<IconSearch size={14} />}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        <Switch
          label={t('access.simulation.showAll')}
          checked={showAll}
          onChange={(e) => setShowAll(e.currentTarget.checked)}
        />
      </Group>
      <ScrollTable label={t('access.simulation.permissions')} minWidth={700} mah={420}>
        <Table striped stickyHeader data-testid="simulation-permissions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('access.permission')}</Table.Th>
              <Table.Th>{t('access.simulation.module')}</Table.Th>
              <Table.Th>{t('access.simulation.result')}</Table.Th>
              <Table.Th>{t('access.simulation.where')}</Table.Th>
              <Table.Th>{t('access.simulation.from')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {perms.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed" size="sm">
                    {t('access.simulation.nothing')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {perms.map((p) => {
              const last = p.Grants[p.Grants.length - 1];
              return (
                <Table.Tr key={p.PermissionKey} data-key={p.PermissionKey}>
                  <Table.Td>
                    <Text size="sm">{p.Name ?? p.PermissionKey}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {p.PermissionKey}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{moduleName(t, p.ModuleID)}</Text>
                  </Table.Td>
                  <Table.Td>
                    {p.Granted ? (
                      <Badge color="green" variant="light">
                        {t('access.simulation.can')}
                      </Badge>
                    ) : (
                      <Badge color="gray" variant="light">
                        {t('access.simulation.cannot')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {!p.Granted
                        ? '—'
                        : p.OfficeIDs === null
                          ? t('access.simulation.everywhere')
                          : p.OfficeIDs.map((id) => officeName.get(id) ?? `#${id}`).join(', ') || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {last
                        ? t(`access.simulation.kinds.${last.Kind}`, { source: last.Source ?? '' })
                        : t('access.simulation.noGrant')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}

function OwnPermissions({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const permissions = useEmployeePermissions(employeeId);
  const catalogue = usePermissionCatalogue();
  const set = useSetEmployeePermission(employeeId);
  const remove = useRemoveEmployeePermission(employeeId);
  const [key, setKey] = useState<string | null>(null);
  const [grant, setGrant] = useState<'true' | 'false'>('true');
  const [error, setError] = useState<string | null>(null);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            {t('access.employee.ownTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('access.employee.ownIntro')}
          </Text>
        </div>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            if (!key) return setError(t('access.claims.chooseKey'));
            set.mutate(
              { key, value: grant },
              {
                onSuccess: () => setKey(null),
                onError: (err) => setError(serverFieldErrors(err).PermissionKey ?? errorMessage(err)),
              },
            );
          }}
        >
          <Group align="flex-end" gap="xs" wrap="wrap">
            <Select
              label={t('access.permission')}
              data={(catalogue.data ?? []).map((p) => ({ value: p.Key, label: `${p.Name} (${p.Key})` }))}
              value={key}
              onChange={setKey}
              searchable
              error={error}
              style={{ flex: 1, minWidth: 220 }}
              comboboxProps={{ withinPortal: true }}
            />
            <SegmentedControl
              value={grant}
              onChange={(v) => setGrant(v as 'true' | 'false')}
              data={[
                { value: 'true', label: t('access.grant') },
                { value: 'false', label: t('access.deny') },
              ]}
              aria-label={t('access.value')}
            />
            <Button type="submit" loading={set.isPending}>
              {t('access.employee.set')}
            </Button>
          </Group>
        </form>
        <QueryView
          query={permissions}
          errorTitle={t('access.employee.loadFailed')}
          empty={t('access.employee.noOwn')}
          isEmpty={(rows) => rows.length === 0}
        >
          {(rows) => (
            <Table striped data-testid="own-permissions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('access.permission')}</Table.Th>
                  <Table.Th>{t('access.value')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('access.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Table.Tr key={p.PermissionKey}>
                    <Table.Td>
                      <Text size="sm">{p.Name ?? p.PermissionKey}</Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {p.PermissionKey}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <GrantBadge value={p.Value} />
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={t('access.employee.remove', { key: p.PermissionKey })}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('access.employee.remove', { key: p.PermissionKey })}
                          onClick={() =>
                            remove.mutate(p.PermissionKey, { onError: (err) => setError(errorMessage(err)) })
                          }
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </QueryView>
      </Stack>
    </Card>
  );
}

function Claims({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const claims = useEmployeeClaims(employeeId);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            {t('access.employee.claimsTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('access.employee.claimsIntro')}
          </Text>
        </div>
        <QueryView
          query={claims}
          errorTitle={t('access.employee.claimsFailed')}
          empty={t('access.employee.noClaims')}
          isEmpty={(rows) => rows.length === 0}
        >
          {(rows) => (
            <Table data-testid="employee-claims">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('access.claims.type')}</Table.Th>
                  <Table.Th>{t('access.claims.value')}</Table.Th>
                  <Table.Th>{t('access.employee.claimPermissions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c) => (
                  <Table.Tr key={`${c.ClaimType}|${c.ClaimValue}`}>
                    <Table.Td>
                      {t(`access.claimTypes.${c.ClaimType}`, { defaultValue: c.ClaimType })}
                    </Table.Td>
                    <Table.Td>{c.Label}</Table.Td>
                    <Table.Td>
                      {c.Permissions.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      ) : (
                        <Group gap={4}>
                          {c.Permissions.map((p) => (
                            <Badge
                              key={`${p.ClaimValue}|${p.PermissionKey}`}
                              color={p.Value === 'true' ? 'green' : 'red'}
                              variant="light"
                            >
                              {p.PermissionKey}
                            </Badge>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </QueryView>
      </Stack>
    </Card>
  );
}
