// Roles (administrators, online only): the roles with their scope, grant type and holders; create and
// edit (scope with its division or corporation, grant type, the permissions as a searchable checklist
// by module), delete with confirmation. A description beginning with '|' is a translation key.
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isResponseError } from '../../api/errors';
import { serverFieldErrors, zodFieldErrors } from '../../api/field-errors';
import { GrantType, RoleScope } from '../../contract/common';
import { type Role, type RoleDetail, RoleSave } from '../../contract/roles';
import { ConfirmDeleteModal } from '../../ui/confirm-delete-modal';
import { QueryView } from '../../ui/query-view';
import { ResponsiveTable } from '../../ui/responsive-table';
import { useDeleteRole, usePermissionCatalogue, useRole, useRoles, useSaveRole } from './api';
import { CorporationSelect } from './corporation-select';
import { PermissionChecklist } from './permission-checklist';
import { roleDescription, useDivisions } from './shared';

const PAGE_SIZE = 20;
type SortKey = 'Name' | 'ScopeID' | 'GrantTypeID' | 'AssignmentCount';
const SCOPES = Object.entries(RoleScope) as Array<[string, number]>;
const GRANTS = Object.entries(GrantType) as Array<[string, number]>;

export default function RolesPage() {
  const { t } = useTranslation();
  const roles = useRoles();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'Name', desc: false });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('access.roles.title')}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('access.roles.new')}
        </Button>
      </Group>
      <TextInput
        label={t('access.roles.search')}
        leftSection={<IconSearch size={14} />}
        value={filter}
        onChange={(e) => {
          setFilter(e.currentTarget.value);
          setPage(1);
        }}
        w={{ base: '100%', sm: 320 }}
      />
      <QueryView
        query={roles}
        errorTitle={t('access.roles.loadFailed')}
        empty={t('access.roles.empty')}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => {
          const needle = filter.trim().toLowerCase();
          const shown = rows
            .filter(
              (r) =>
                needle === '' ||
                r.Name.toLowerCase().includes(needle) ||
                roleDescription(t, r.Description).toLowerCase().includes(needle),
            )
            .sort((a, b) => {
              const d =
                sort.key === 'Name'
                  ? a.Name.localeCompare(b.Name, undefined, { sensitivity: 'base' })
                  : a[sort.key] - b[sort.key];
              return sort.desc ? -d : d;
            });
          const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
          const slice = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
          return (
            <Stack gap="sm">
              {slice.length === 0 ? (
                <Text c="dimmed">{t('access.roles.noMatch')}</Text>
              ) : (
                <ResponsiveTable
                  label={t('access.roles.title')}
                  testId="roles-table"
                  minWidth={760}
                  tableProps={{ striped: true, highlightOnHover: true }}
                  rows={slice}
                  rowKey={(r) => r.RoleID}
                  rowProps={(r) => ({ 'data-role': r.Name })}
                  sort={{ column: sort.key, descending: sort.desc }}
                  onSortChange={(next) => setSort({ key: next.column as SortKey, desc: next.descending })}
                  title={(r) => r.Name}
                  subtitle={(r) => (r.Description ? roleDescription(t, r.Description) : undefined)}
                  columns={[
                    {
                      key: 'Name',
                      label: t('access.roles.name'),
                      sortable: true,
                      hideInCard: true,
                      cell: (r) => (
                        <>
                          <Text fw={500}>{r.Name}</Text>
                          {r.Description && (
                            <Text size="xs" c="dimmed">
                              {roleDescription(t, r.Description)}
                            </Text>
                          )}
                        </>
                      ),
                    },
                    {
                      key: 'ScopeID',
                      label: t('access.roles.scope'),
                      sortable: true,
                      cell: (r) => (
                        <Badge variant="light" color={r.ScopeID === RoleScope.Hidden ? 'gray' : 'blue'}>
                          {t(`access.scopes.${r.ScopeID}`)}
                        </Badge>
                      ),
                    },
                    {
                      key: 'GrantTypeID',
                      label: t('access.roles.grantType'),
                      sortable: true,
                      cell: (r) => t(`access.grantTypes.${r.GrantTypeID}`),
                    },
                    {
                      key: 'AssignmentCount',
                      label: t('access.roles.holders'),
                      sortable: true,
                      cell: (r) => r.AssignmentCount,
                    },
                    {
                      key: 'permissions',
                      label: t('access.roles.permissionCount'),
                      cell: (r) =>
                        r.GrantTypeID === GrantType.GrantRole
                          ? r.PermissionCount
                          : t('access.roles.notListed'),
                    },
                  ]}
                  actionsLabel={t('access.actions')}
                  actions={(r, layout) =>
                    layout === 'cards' ? (
                      <>
                        <Button
                          variant="light"
                          leftSection={<IconPencil size={16} aria-hidden />}
                          aria-label={t('access.roles.edit', { name: r.Name })}
                          onClick={() => setEditing(r.RoleID)}
                        >
                          {t('access.roles.editShort')}
                        </Button>
                        <Button
                          variant="light"
                          color="red"
                          leftSection={<IconTrash size={16} aria-hidden />}
                          aria-label={t('access.roles.delete', { name: r.Name })}
                          onClick={() => setDeleting(r)}
                        >
                          {t('access.roles.deleteShort')}
                        </Button>
                      </>
                    ) : (
                      <>
                        <Tooltip label={t('access.roles.edit', { name: r.Name })}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('access.roles.edit', { name: r.Name })}
                            onClick={() => setEditing(r.RoleID)}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('access.roles.delete', { name: r.Name })}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('access.roles.delete', { name: r.Name })}
                            onClick={() => setDeleting(r)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </>
                    )
                  }
                />
              )}
              {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
            </Stack>
          );
        }}
      </QueryView>
      {editing !== null && (
        <RoleEditor roleId={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && <DeleteRole role={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}

function RoleEditor({ roleId, onClose }: { roleId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const role = useRole(roleId);
  const title =
    roleId === null
      ? t('access.roles.newTitle')
      : t('access.roles.editTitle', { name: role.data?.Name ?? '' });
  return (
    <Modal opened onClose={onClose} title={title} size="xl" centered>
      {roleId === null ? (
        <RoleForm initial={null} onDone={onClose} />
      ) : (
        <QueryView query={role} errorTitle={t('access.roles.loadOneFailed')}>
          {(data) => <RoleForm key={data.Version} initial={data} onDone={onClose} />}
        </QueryView>
      )}
    </Modal>
  );
}

function RoleForm({ initial: role, onDone }: { initial: RoleDetail | null; onDone: () => void }) {
  const { t } = useTranslation();
  const catalogue = usePermissionCatalogue();
  const divisions = useDivisions();
  const save = useSaveRole();
  const [current, setCurrent] = useState<RoleDetail | null>(role);
  const [name, setName] = useState(role?.Name ?? '');
  const [description, setDescription] = useState(role?.Description ?? '');
  const [scope, setScope] = useState<number>(role?.ScopeID ?? RoleScope.Global);
  const [grant, setGrant] = useState<number>(role?.GrantTypeID ?? GrantType.GrantRole);
  const [division, setDivision] = useState<number | null>(role?.DivisionID ?? null);
  const [corporation, setCorporation] = useState<number | null>(role?.IcdCorporationID ?? null);
  const [assignable, setAssignable] = useState(role?.IsAssignable ?? true);
  const [keys, setKeys] = useState<Set<string>>(
    new Set((role?.Permissions ?? []).filter((p) => p.Value === 'true').map((p) => p.PermissionKey)),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);

  function load(from: RoleDetail) {
    setCurrent(from);
    setName(from.Name);
    setDescription(from.Description ?? '');
    setScope(from.ScopeID);
    setGrant(from.GrantTypeID);
    setDivision(from.DivisionID);
    setCorporation(from.IcdCorporationID);
    setAssignable(from.IsAssignable);
    setKeys(new Set(from.Permissions.filter((p) => p.Value === 'true').map((p) => p.PermissionKey)));
    setConflict(null);
  }

  async function submit() {
    setErrors({});
    setConflict(null);
    // Denials stored on the role ('false') are kept unless the key is now granted.
    const denied = (current?.Permissions ?? []).filter(
      (p) => p.Value !== 'true' && !keys.has(p.PermissionKey),
    );
    const body = {
      Name: name,
      Description: description.trim() === '' ? null : description,
      ScopeID: scope,
      GrantTypeID: grant,
      DivisionID: scope === RoleScope.Divisional ? division : null,
      IcdCorporationID: scope === RoleScope.Organizational ? corporation : null,
      IsAssignable: assignable,
      Permissions: [...[...keys].map((k) => ({ PermissionKey: k, Value: 'true' })), ...denied],
    };
    const parsed = RoleSave.safeParse(body);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error.issues));
    try {
      await save.mutateAsync({
        roleId: current?.RoleID ?? null,
        body: current ? { ...body, Version: current.Version } : body,
      });
      onDone();
    } catch (err) {
      if (isResponseError(err) && err.status === 409) {
        const latest = (err.data as { Current?: RoleDetail } | undefined)?.Current;
        setConflict(errorMessage(err));
        if (latest) setCurrent({ ...(current as RoleDetail), ...latest });
        return;
      }
      const fields = serverFieldErrors(err);
      if (Object.keys(fields).length) setErrors(fields);
      else setErrors({ form: errorMessage(err) });
    }
  }

  const key = description.startsWith('|') ? description.slice(1) : null;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        {conflict && (
          <Alert color="orange" title={t('access.roles.conflictTitle')}>
            {conflict}
            {current && (
              <Button size="xs" variant="light" mt="xs" display="block" onClick={() => load(current)}>
                {t('access.roles.loadCurrent')}
              </Button>
            )}
          </Alert>
        )}
        {errors.form && <Alert color="red">{errors.form}</Alert>}
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('access.roles.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.Name}
            required
            data-autofocus
          />
          <Select
            label={t('access.roles.scope')}
            data={SCOPES.map(([, id]) => ({ value: String(id), label: t(`access.scopes.${id}`) }))}
            value={String(scope)}
            onChange={(v) => v && setScope(Number(v))}
            allowDeselect={false}
            error={errors.ScopeID}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('access.roles.grantType')}
            data={GRANTS.map(([, id]) => ({ value: String(id), label: t(`access.grantTypes.${id}`) }))}
            value={String(grant)}
            onChange={(v) => v && setGrant(Number(v))}
            allowDeselect={false}
            error={errors.GrantTypeID}
            description={t(`access.grantHelp.${grant}`)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        {scope === RoleScope.Divisional && (
          <Select
            label={t('access.roles.division')}
            data={(divisions.data ?? []).map((d) => ({ value: String(d.DivisionID), label: d.Name }))}
            value={division === null ? null : String(division)}
            onChange={(v) => setDivision(v ? Number(v) : null)}
            error={errors.DivisionID ?? (divisions.isError ? errorMessage(divisions.error) : undefined)}
            placeholder={divisions.isPending ? t('common.loading') : undefined}
            required
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {scope === RoleScope.Organizational && (
          <CorporationSelect
            label={t('access.roles.corporation')}
            value={corporation === null ? null : String(corporation)}
            onChange={(v) => setCorporation(v ? Number(v) : null)}
            error={errors.IcdCorporationID}
            showLoadError
            required
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Textarea
          label={t('access.roles.description')}
          description={
            key
              ? t('access.roles.shownAs', { text: t(key, { defaultValue: '-' }) })
              : t('access.roles.descriptionHelp')
          }
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={errors.Description}
          autosize
          minRows={2}
        />
        <Switch
          label={t('access.roles.assignable')}
          checked={assignable}
          onChange={(e) => setAssignable(e.currentTarget.checked)}
        />
        {grant === GrantType.GrantRole ? (
          <QueryView query={catalogue} errorTitle={t('access.catalogueFailed')}>
            {(list) => <PermissionChecklist catalogue={list} selected={keys} onChange={setKeys} />}
          </QueryView>
        ) : (
          <Text size="sm" c="dimmed">
            {t(`access.grantHelp.${grant}`)}
          </Text>
        )}
        {Object.entries(errors)
          .filter(([k]) => k.startsWith('Permissions'))
          .map(([k, m]) => (
            <Text key={k} c="red" size="sm">
              {m}
            </Text>
          ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('access.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('access.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteRole({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteRole();
  return (
    <ConfirmDeleteModal
      opened
      centered
      onClose={onClose}
      title={t('access.roles.deleteTitle', { name: role.Name })}
      message={
        role.AssignmentCount > 0
          ? t('access.roles.deleteHeld', { count: role.AssignmentCount })
          : t('access.roles.deleteBody', { name: role.Name })
      }
      error={remove.isError ? remove.error : null}
      pending={remove.isPending}
      confirmDisabled={role.AssignmentCount > 0}
      onConfirm={() => remove.mutate({ roleId: role.RoleID, version: role.Version }, { onSuccess: onClose })}
      confirmLabel={t('access.roles.confirmDelete')}
    />
  );
}
