// Import definitions (office, online only): which column header of a file holds which field, per kind
// of import; one default per kind. Create, edit (Version: a stale save shows the current one), delete.
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isResponseError } from '../../api/errors';
import {
  IMPORT_KIND_SPECS,
  IMPORT_KINDS,
  type ImportColumns,
  type ImportDefinition,
  ImportDefinitionSave,
  type ImportField,
  type ImportKind,
} from '../../contract/imports';
import { ConfirmDeleteModal } from '../../ui/confirm-delete-modal';
import { ResponsiveTable } from '../../ui/responsive-table';
import { useDefinitions, useDeleteDefinition, useSaveDefinition } from './api';

interface Draft {
  id: number | null;
  Version: number;
  Name: string;
  ImportKind: ImportKind;
  IsDefault: boolean;
  HeaderRow: number;
  SheetName: string;
  Columns: ImportColumns;
}

const blank = (kind: ImportKind): Draft => ({
  id: null,
  Version: 0,
  Name: '',
  ImportKind: kind,
  IsDefault: false,
  HeaderRow: 1,
  SheetName: '',
  Columns: { ...IMPORT_KIND_SPECS[kind].fields },
});

const fromDefinition = (d: ImportDefinition): Draft => ({
  id: d.ImportDefinitionID,
  Version: d.Version,
  Name: d.Name,
  ImportKind: d.ImportKind,
  IsDefault: d.IsDefault,
  HeaderRow: d.HeaderRow,
  SheetName: d.SheetName ?? '',
  Columns: d.Columns,
});

export default function DefinitionsPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ImportKind | null>(null);
  const list = useDefinitions(kind ?? undefined);
  const [editing, setEditing] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<ImportDefinition | null>(null);
  const remove = useDeleteDefinition();

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Anchor component={Link} to="/imports" size="sm">
            {t('imports.backToImports')}
          </Anchor>
          <Title order={1} size="h2">
            {t('imports.definitionsTitle')}
          </Title>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing(blank(kind ?? 'AdpEmployeeNumbers'))}
          data-testid="definition-new"
        >
          {t('imports.newDefinition')}
        </Button>
      </Group>
      <Select
        label={t('imports.kind')}
        w={{ base: '100%', xs: 320 }}
        data={IMPORT_KINDS.map((k) => ({ value: k, label: t(`imports.kinds.${k}`) }))}
        value={kind}
        onChange={(v) => setKind(v as ImportKind | null)}
        placeholder={t('imports.allKinds')}
        clearable
      />
      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : list.isError ? (
        <Alert color="red" title={t('imports.loadFailed')}>
          {errorMessage(list.error)}
          <Button mt="sm" size="xs" variant="light" display="block" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : list.data.length === 0 ? (
        <Card withBorder>
          <Text c="dimmed">{t('imports.noDefinitions')}</Text>
        </Card>
      ) : (
        <ResponsiveTable
          label={t('imports.definitionsTitle')}
          testId="definitions"
          minWidth={700}
          tableProps={{ highlightOnHover: true }}
          rows={list.data}
          rowKey={(d) => d.ImportDefinitionID ?? `${d.ImportKind}:${d.Name}`}
          title={(d) => (
            <Group gap="xs" component="span">
              {d.Name}
              {d.IsDefault && <Badge size="sm">{t('imports.default')}</Badge>}
            </Group>
          )}
          columns={[
            {
              key: 'name',
              label: t('imports.name'),
              hideInCard: true,
              cell: (d) => (
                <Group gap="xs">
                  {d.Name}
                  {d.IsDefault && <Badge size="sm">{t('imports.default')}</Badge>}
                </Group>
              ),
            },
            { key: 'kind', label: t('imports.kind'), cell: (d) => t(`imports.kinds.${d.ImportKind}`) },
            {
              key: 'columns',
              label: t('imports.columns'),
              cell: (d) => <Text size="sm">{Object.values(d.Columns).join(', ')}</Text>,
            },
            { key: 'updated', label: t('imports.updated'), cell: (d) => d.UpdatedByName ?? '—' },
          ]}
          actionsLabel={t('imports.actions')}
          actions={(d, layout) =>
            layout === 'cards' ? (
              <>
                <Button
                  variant="light"
                  leftSection={<IconPencil size={16} aria-hidden />}
                  aria-label={t('imports.editNamed', { name: d.Name })}
                  onClick={() => setEditing(fromDefinition(d))}
                >
                  {t('imports.edit')}
                </Button>
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  aria-label={t('imports.deleteNamed', { name: d.Name })}
                  onClick={() => setDeleting(d)}
                >
                  {t('imports.delete')}
                </Button>
              </>
            ) : (
              <>
                <Tooltip label={t('imports.edit')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('imports.editNamed', { name: d.Name })}
                    onClick={() => setEditing(fromDefinition(d))}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('imports.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('imports.deleteNamed', { name: d.Name })}
                    onClick={() => setDeleting(d)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </>
            )
          }
        />
      )}
      {editing && <DefinitionEditor draft={editing} onClose={() => setEditing(null)} />}
      <ConfirmDeleteModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('imports.deleteTitle')}
        message={t('imports.deleteBody', { name: deleting?.Name ?? '' })}
        error={remove.isError ? remove.error : null}
        pending={remove.isPending}
        onConfirm={() =>
          deleting?.ImportDefinitionID &&
          remove.mutate(
            { id: deleting.ImportDefinitionID, version: deleting.Version },
            { onSuccess: () => setDeleting(null) },
          )
        }
      />
    </Stack>
  );
}

function DefinitionEditor({ draft: initial, onClose }: { draft: Draft; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveDefinition();
  const spec = IMPORT_KIND_SPECS[draft.ImportKind];
  const fields = Object.keys(spec.fields) as ImportField[];
  const stale =
    isResponseError(save.error) &&
    save.error.status === 409 &&
    !!(save.error.data as { Current?: unknown })?.Current;

  const submit = () => {
    const columns: ImportColumns = {};
    for (const f of fields) if (draft.Columns[f]?.trim()) columns[f] = draft.Columns[f]?.trim();
    const body = {
      Name: draft.Name,
      ImportKind: draft.ImportKind,
      IsDefault: draft.IsDefault,
      HeaderRow: draft.HeaderRow,
      SheetName: draft.SheetName.trim() || null,
      Columns: columns,
    };
    const parsed = ImportDefinitionSave.safeParse(body);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const i of parsed.error.issues) out[i.path.join('.')] ??= i.message;
      setErrors(out);
      return;
    }
    setErrors({});
    save.mutate(
      { id: draft.id, body: draft.id === null ? body : { ...body, Version: draft.Version } },
      {
        onSuccess: onClose,
        onError: (err) => {
          const data = isResponseError(err) ? (err.data as { Errors?: Record<string, string[]> }) : undefined;
          if (data?.Errors)
            setErrors(Object.fromEntries(Object.entries(data.Errors).map(([k, v]) => [k, v[0]])));
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={draft.id === null ? t('imports.newDefinition') : t('imports.editNamed', { name: initial.Name })}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('imports.name')}
            value={draft.Name}
            onChange={(e) => setDraft({ ...draft, Name: e.currentTarget.value })}
            error={errors.Name}
            required
            data-autofocus
          />
          <Select
            label={t('imports.kind')}
            data={IMPORT_KINDS.map((k) => ({ value: k, label: t(`imports.kinds.${k}`) }))}
            value={draft.ImportKind}
            onChange={(v) =>
              v &&
              setDraft({ ...blank(v as ImportKind), id: draft.id, Version: draft.Version, Name: draft.Name })
            }
            allowDeselect={false}
            disabled={draft.id !== null}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('imports.headerRow')}
              min={1}
              max={100}
              value={draft.HeaderRow}
              onChange={(v) => setDraft({ ...draft, HeaderRow: typeof v === 'number' ? v : 1 })}
              error={errors.HeaderRow}
            />
            <TextInput
              label={t('imports.sheetName')}
              placeholder={t('imports.firstSheet')}
              value={draft.SheetName}
              onChange={(e) => setDraft({ ...draft, SheetName: e.currentTarget.value })}
              error={errors.SheetName}
            />
          </SimpleGrid>
          <Checkbox
            label={t('imports.isDefault')}
            checked={draft.IsDefault}
            onChange={(e) => setDraft({ ...draft, IsDefault: e.currentTarget.checked })}
          />
          <Text fw={500}>{t('imports.columnMapping')}</Text>
          <Text size="sm" c="dimmed">
            {t('imports.columnMappingHelp')}
          </Text>
          {errors.Columns && <Alert color="red">{errors.Columns}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {fields.map((f) => (
              <TextInput
                key={f}
                label={t(`imports.fields.${f}`)}
                description={spec.required.includes(f) ? t('imports.required') : undefined}
                value={draft.Columns[f] ?? ''}
                onChange={(e) =>
                  setDraft({ ...draft, Columns: { ...draft.Columns, [f]: e.currentTarget.value } })
                }
                error={errors[`Columns.${f}`]}
              />
            ))}
          </SimpleGrid>
          {save.isError && !errors.Name && (
            <Alert color="red">
              {stale ? t('imports.stale') : errorMessage(save.error)}
              {stale && (
                <Button
                  mt="xs"
                  size="xs"
                  variant="light"
                  display="block"
                  onClick={() => {
                    const current = (save.error as unknown as { data: { Current: ImportDefinition } }).data
                      .Current;
                    setDraft(fromDefinition(current));
                    save.reset();
                  }}
                >
                  {t('imports.loadCurrent')}
                </Button>
              )}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('imports.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('imports.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
