// Employees (back office, online only): the paged list of the employees in the caller's scope, with a
// search box, filters (office, division, status, role, module), sortable columns; a row opens the
// employee's page.
import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { useApiClient } from '../../api/api-context';
import { hasGrant } from '../../api/permissions';
import { useSessionData } from '../../app/app-context';
import { EMPLOYEES_WRITE, type EmployeeListItem, type EmployeeSort } from '../../contract/employees';
import { IcdModule } from '../../contract/modules';
import { countSet, FilterPanel } from '../../ui/filter-panel';
import { PagedTable, SearchInput, useListControls } from '../../ui/list-controls';
import { useAllAssignableRoles, useDivisions, useEmployeeList, useLookup, useOffices } from './api';

function useModules() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['lookups', 'icd-modules'],
    queryFn: ({ signal }) => api.get('icd-modules', { signal, schema: z.array(IcdModule) }),
    staleTime: 10 * 60_000,
  });
}

const toOptions = <T,>(rows: readonly T[] | undefined, id: (r: T) => number, name: (r: T) => string) =>
  (rows ?? []).map((r) => ({ value: String(id(r)), label: name(r) }));

export default function EmployeesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSessionData();
  const canCreate = hasGrant(session?.grants ?? [], EMPLOYEES_WRITE);
  const controls = useListControls<EmployeeSort>({ sort: 'LastName' });
  const { filter } = controls;
  const [office, setOffice] = useState<string | null>(null);
  const [division, setDivision] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [role, setRole] = useState<string | null>(null);
  const [moduleId, setModuleId] = useState<string | null>(null);

  const offices = useOffices();
  const divisions = useDivisions();
  const statuses = useLookup('statuses');
  const roles = useAllAssignableRoles(
    office ? [Number(office)] : (offices.data ?? []).map((o) => o.IcdOfficeID),
  );
  const modules = useModules();
  const list = useEmployeeList({
    search: controls.searchQuery,
    icdOfficeId: office ? Number(office) : undefined,
    divisionId: division ? Number(division) : undefined,
    employeeStatusId: status ? Number(status) : undefined,
    roleId: role ? Number(role) : undefined,
    moduleId: moduleId ? Number(moduleId) : undefined,
    sort: controls.sort,
    desc: controls.descending ? 'true' : undefined,
    pageIndex: controls.pageIndex,
    pageSize: controls.pageSize,
  });

  const statusName = (id: number) =>
    statuses.data?.find((s) => s.EmployeeStatusID === id)?.Name ?? String(id);

  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('employees.title')}
        </Title>
        {canCreate && (
          <Button component={Link} to="/employees/new" leftSection={<IconPlus size={16} />}>
            {t('employees.new')}
          </Button>
        )}
      </Group>
      <FilterPanel
        search={
          <SearchInput
            label={t('employees.search')}
            placeholder={t('employees.searchPlaceholder')}
            value={controls.search}
            onChange={controls.setSearch}
            w={{ base: '100%', sm: 260 }}
          />
        }
        count={countSet([office, division, status, role, moduleId])}
        onClear={() => {
          setOffice(null);
          setDivision(null);
          setStatus(null);
          setRole(null);
          setModuleId(null);
          controls.firstPage();
        }}
        testId="employees-filters"
      >
        <Select
          label={t('employees.office')}
          placeholder={t('employees.any')}
          data={toOptions(
            offices.data,
            (o) => o.IcdOfficeID,
            (o) => o.OfficeName,
          )}
          value={office}
          onChange={(v) => {
            filter(setOffice)(v);
            setRole(null);
          }}
          clearable
          searchable
          w={{ base: '100%', xs: 200 }}
        />
        <Select
          label={t('employees.division')}
          placeholder={t('employees.any')}
          data={toOptions(
            divisions.data,
            (d) => d.DivisionID,
            (d) => d.Name,
          )}
          value={division}
          onChange={filter(setDivision)}
          clearable
          w={{ base: '100%', xs: 160 }}
        />
        <Select
          label={t('employees.status')}
          placeholder={t('employees.any')}
          data={toOptions(
            statuses.data,
            (s) => s.EmployeeStatusID,
            (s) => s.Name,
          )}
          value={status}
          onChange={filter(setStatus)}
          clearable
          w={{ base: '100%', xs: 150 }}
        />
        <Select
          label={t('employees.role')}
          placeholder={t('employees.any')}
          data={toOptions(
            roles,
            (r) => r.RoleID,
            (r) => r.Name,
          )}
          value={role}
          onChange={filter(setRole)}
          clearable
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label={t('employees.module')}
          placeholder={t('employees.any')}
          data={toOptions(
            modules.data,
            (m) => m.ModuleID,
            (m) => m.Name,
          )}
          value={moduleId}
          onChange={filter(setModuleId)}
          clearable
          searchable
          w={{ base: '100%', xs: 200 }}
        />
      </FilterPanel>
      <PagedTable
        query={list}
        errorTitle={t('employees.loadFailed')}
        empty={t('employees.empty')}
        emptyTestId="employees-empty"
        minWidth={760}
        testId="employees-table"
        label={t('employees.title')}
        rowKey={(e) => e.EmployeeID}
        sort={controls.tableSort}
        onSortChange={controls.onSortChange}
        columns={[
          {
            key: 'LastName',
            label: t('employees.name'),
            sortable: true,
            hideInCard: true,
            cell: (e) => <EmployeeName employee={e} />,
          },
          { key: 'UserName', label: t('employees.userName'), sortable: true, cell: (e) => e.UserName },
          {
            key: 'EmailAddress',
            label: t('employees.email'),
            sortable: true,
            cell: (e) => e.EmailAddress ?? '—',
          },
          {
            key: 'offices',
            label: t('employees.offices'),
            cell: (e) => (
              <Stack gap={2}>
                {e.Offices.map((o) => (
                  <Text size="xs" key={o.IcdOfficeID}>
                    {o.OfficeName} · {statusName(o.EmployeeStatusID)}
                  </Text>
                ))}
              </Stack>
            ),
          },
          {
            key: 'roles',
            label: t('employees.roles'),
            cell: (e) => <Text size="xs">{e.Roles.join(', ') || '—'}</Text>,
          },
          {
            key: 'ssn',
            label: t('employees.ssn'),
            cell: (e) => (
              <Text size="xs" ff="monospace">
                {e.SSN ?? '—'}
              </Text>
            ),
          },
        ]}
        title={(e) => <EmployeeName employee={e} />}
        onRowClick={(e) => navigate(`/employees/${e.EmployeeID}`)}
        rowProps={(e) => ({ 'aria-label': t('employees.open', { name: e.FullName }) })}
        count={(count) => t('employees.count', { count })}
        footer={controls.footer}
      />
    </Stack>
  );
}

function EmployeeName({ employee: e }: { employee: EmployeeListItem }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Text
        size="sm"
        fw={500}
        component={Link}
        to={`/employees/${e.EmployeeID}`}
        onClick={(ev) => ev.stopPropagation()}
      >
        {`${e.LastName}, ${e.FirstName}`}
      </Text>
      {e.Inactive && (
        <Badge size="xs" color="gray">
          {t('employees.inactive')}
        </Badge>
      )}
    </Group>
  );
}
