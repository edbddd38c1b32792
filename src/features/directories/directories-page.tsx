// People directories (back office, online only): auditors, hubs, national consultants, promoting
// owners and regional consultants, one tab each (?kind=). Each list is searchable and sortable by
// column; a row opens its details in a drawer (click or Enter); holders of people:manage create, edit
// and delete (with confirmation; the server says why a referenced record cannot go).
import {
  ActionIcon,
  Badge,
  Button,
  Drawer,
  Group,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { hasGrant } from '../../api/permissions';
import { useSessionData } from '../../app/app-context';
import { DIRECTORY_KINDS, type DirectoryKind } from '../../contract/directories';
import { textFilter } from '../../lib/text-filter';
import { ConfirmDeleteModal } from '../../ui/confirm-delete-modal';
import { QueryView } from '../../ui/query-view';
import { ScrollTable } from '../../ui/scroll-table';
import { SortHeader } from '../../ui/sort-header';
import { type AnyItem, useDeleteRecord, useDirectory } from './api';
import { KINDS, type KindDef, sortName } from './kinds';
import { RecordForm } from './record-form';

const MANAGE = 'people:manage';

function isKind(value: string | null): value is DirectoryKind {
  return (DIRECTORY_KINDS as readonly string[]).includes(value ?? '');
}

export default function DirectoriesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind: DirectoryKind = isKind(kindParam) ? kindParam : 'auditors';
  const session = useSessionData();
  const canManage = hasGrant(session?.grants ?? [], MANAGE);

  return (
    <Stack gap="md" maw={1280}>
      <Title order={1} size="h2">
        {t('directories.title')}
      </Title>
      <Tabs
        value={kind}
        onChange={(v) => {
          if (isKind(v)) setParams({ kind: v }, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {DIRECTORY_KINDS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {t(`directories.kinds.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {DIRECTORY_KINDS.map((k) => (
          <Tabs.Panel key={k} value={k} pt="md">
            <DirectoryList def={KINDS[k]} canManage={canManage} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

type Sort = { key: string; descending: boolean };

function DirectoryList({ def, canManage }: { def: KindDef; canManage: boolean }) {
  const { t } = useTranslation();
  const query = useDirectory(def.kind);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>({ key: def.columns[0].key, descending: false });
  const [openId, setOpenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ record: AnyItem | null } | null>(null);
  const [deleting, setDeleting] = useState<AnyItem | null>(null);
  const tr = (key: string) => t(key);

  const rows = useMemo(() => {
    const tr = (key: string) => t(key);
    const all = query.data ?? [];
    const searchable = all.map((row) => ({ row, text: def.columns.map((c) => c.text(row, tr)).join(' ') }));
    const filtered = textFilter(searchable, search, ['text']).map((r) => r.row);
    const column = def.columns.find((c) => c.key === sort.key) ?? def.columns[0];
    const textOf = (row: AnyItem) =>
      column.key === 'Name' && 'LastName' in row ? sortName(row) : column.text(row, tr);
    const numeric = column.key.endsWith('Count');
    const sorted = [...filtered].sort((a, b) => {
      const cmp = numeric
        ? Number(textOf(a)) - Number(textOf(b))
        : textOf(a).localeCompare(textOf(b), undefined, { sensitivity: 'base' });
      return sort.descending ? -cmp : cmp;
    });
    return sorted;
  }, [query.data, search, sort, def, t]);

  const open = (query.data ?? []).find((r) => r.Id === openId) ?? null;
  const kindLabel = t(`directories.kinds.${def.kind}`);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label={t('directories.search')}
          placeholder={t('directories.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', xs: 320 }}
        />
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ record: null })}>
            {t(`directories.new.${def.kind}`)}
          </Button>
        )}
      </Group>
      <QueryView
        query={query}
        errorTitle={t('directories.loadFailed', { kind: kindLabel })}
        empty={t('directories.empty', { kind: kindLabel.toLowerCase() })}
        isEmpty={(data) => data.length === 0}
        emptyTestId="directories-empty"
      >
        {() =>
          rows.length === 0 ? (
            <Text c="dimmed" py="lg">
              {t('directories.noMatch', { search })}
            </Text>
          ) : (
            <Stack gap="xs">
              <ScrollTable label={kindLabel} minWidth={720}>
                <Table highlightOnHover verticalSpacing="sm" aria-label={kindLabel}>
                  <Table.Thead>
                    <Table.Tr>
                      {def.columns.map((c) => (
                        <SortHeader
                          key={c.key}
                          active={sort.key === c.key}
                          descending={sort.descending}
                          onSort={() =>
                            setSort((s) => ({
                              key: c.key,
                              descending: s.key === c.key ? !s.descending : false,
                            }))
                          }
                        >
                          {t(`directories.columns.${c.key}`)}
                        </SortHeader>
                      ))}
                      {canManage && (
                        <Table.Th>
                          <Text component="span" size="sm" fw={700}>
                            {t('directories.actions')}
                          </Text>
                        </Table.Th>
                      )}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row) => (
                      <Table.Tr
                        key={row.Id}
                        tabIndex={0}
                        style={{ cursor: 'pointer' }}
                        aria-label={t('directories.openRecord', { name: def.name(row) })}
                        onClick={() => setOpenId(row.Id)}
                        onKeyDown={(e) => {
                          if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
                            e.preventDefault();
                            setOpenId(row.Id);
                          }
                        }}
                      >
                        {def.columns.map((c, i) => (
                          <Table.Td key={c.key} fw={i === 0 ? 600 : undefined}>
                            {c.text(row, tr) || (
                              <Text span c="dimmed">
                                —
                              </Text>
                            )}
                          </Table.Td>
                        ))}
                        {canManage && (
                          <Table.Td>
                            <Group gap={4} wrap="nowrap">
                              <Tooltip label={t('directories.edit')}>
                                <ActionIcon
                                  variant="subtle"
                                  aria-label={t('directories.editNamed', { name: def.name(row) })}
                                  onClick={(e) => {
                                    e.stopPropagation();
                                    setEditing({ record: row });
                                  }}
                                >
                                  <IconEdit size={18} />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label={t('directories.delete')}>
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  aria-label={t('directories.deleteNamed', { name: def.name(row) })}
                                  onClick={(e) => {
                                    e.stopPropagation();
                                    setDeleting(row);
                                  }}
                                >
                                  <IconTrash size={18} />
                                </ActionIcon>
                              </Tooltip>
                            </Group>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
              <Text size="sm" c="dimmed">
                {t('directories.count', { count: rows.length })}
              </Text>
            </Stack>
          )
        }
      </QueryView>

      <DetailDrawer
        def={def}
        record={open}
        canManage={canManage}
        onClose={() => setOpenId(null)}
        onEdit={(record) => setEditing({ record })}
        onDelete={(record) => setDeleting(record)}
      />
      <RecordForm
        kind={def.kind}
        record={editing?.record ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          setOpenId(saved.Id);
        }}
      />
      <DeleteModal
        def={def}
        record={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setOpenId(null);
        }}
      />
    </Stack>
  );
}

function DetailDrawer({
  def,
  record,
  canManage,
  onClose,
  onEdit,
  onDelete,
}: {
  def: KindDef;
  record: AnyItem | null;
  canManage: boolean;
  onClose: () => void;
  onEdit: (record: AnyItem) => void;
  onDelete: (record: AnyItem) => void;
}) {
  const { t } = useTranslation();
  const tr = (key: string) => t(key);
  const fields = record as unknown as Record<string, unknown> | null;
  const notes = (fields?.Notes as string | null) ?? null;
  const list = (key: string) =>
    (fields?.[key] as { ClientName?: string; StateName?: string }[] | undefined) ?? [];
  return (
    <Drawer
      opened={record !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={record ? def.name(record) : ''}
      closeButtonProps={{ 'aria-label': t('directories.close') }}
    >
      {record && (
        <Stack gap="md">
          <Badge variant="light" w="fit-content">
            {t(`directories.one.${def.kind}`)}
          </Badge>
          <Stack gap="xs" component="dl" m={0}>
            {def.columns
              .filter((c) => c.key !== 'Corporations' && c.key !== 'StateProvinceIDs')
              .map((c) => (
                <Group key={c.key} gap="xs" align="baseline" wrap="nowrap">
                  <Text component="dt" size="sm" c="dimmed" w={170} style={{ flexShrink: 0 }}>
                    {t(`directories.columns.${c.key}`)}
                  </Text>
                  <Text component="dd" m={0} size="sm">
                    {c.text(record, tr) || '—'}
                  </Text>
                </Group>
              ))}
          </Stack>
          {'Corporations' in record && (
            <Stack gap={4}>
              <Text size="sm" fw={700}>
                {t('directories.columns.Corporations')}
              </Text>
              {list('Corporations').length ? (
                list('Corporations').map((c) => (
                  <Text key={c.ClientName} size="sm">
                    {c.ClientName}
                  </Text>
                ))
              ) : (
                <Text size="sm" c="dimmed">
                  {t('directories.noCorporations')}
                </Text>
              )}
            </Stack>
          )}
          {'StateProvinces' in record && (
            <Stack gap={4}>
              <Text size="sm" fw={700}>
                {t('directories.columns.StateProvinceIDs')}
              </Text>
              <Text size="sm">
                {list('StateProvinces')
                  .map((s) => s.StateName)
                  .join(', ') || '—'}
              </Text>
            </Stack>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={700}>
              {t('directories.fields.Notes')}
            </Text>
            <Text size="sm" c={notes ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
              {notes ?? t('directories.noNotes')}
            </Text>
          </Stack>
          {canManage && (
            <Group>
              <Button leftSection={<IconEdit size={16} />} onClick={() => onEdit(record)}>
                {t('directories.edit')}
              </Button>
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => onDelete(record)}
              >
                {t('directories.delete')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

function DeleteModal({
  def,
  record,
  onClose,
  onDeleted,
}: {
  def: KindDef;
  record: AnyItem | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteRecord(def.kind);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDeleteModal
      opened={record !== null}
      onClose={close}
      title={t('directories.deleteTitle')}
      message={record ? t('directories.deleteBody', { name: def.name(record) }) : ''}
      error={remove.error}
      pending={remove.isPending}
      confirmLabel={t('directories.delete')}
      onConfirm={() =>
        record &&
        remove.mutate(
          { id: record.Id, version: record.Version },
          {
            onSuccess: () => {
              remove.reset();
              onDeleted();
            },
          },
        )
      }
    />
  );
}
