// Onboarding policy editor: the pieces each list's section is built of — a list's section (its rows'
// Name, the columns the list adds, Remove, and Add with the list's blank row), the section card (title,
// Add, its error, the table of rows), a row's Remove cell and a file cell (current file and upload).
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../ui/scroll-table';
import type { Draft, Item, ListKey, PolicyDraftEditor } from './policy-draft';

/** A row of a list, as a column's cell sees it: its place, a change to it and its fields' messages. */
export interface ListRow<K extends ListKey> {
  i: number;
  update: (change: Partial<Item<K>>) => void;
  /** The server's messages for one of the row's fields (e.g. 'StatusType'). */
  err: (field: string) => string | undefined;
}

/** A column of a list's table, after the Name every list has: its heading and a row's cell. */
export interface ListColumn<K extends ListKey> {
  head: string;
  w?: number;
  cell: (item: Item<K>, row: ListRow<K>) => ReactNode;
}

/** The yes/no fields of a list's items. */
type Flag<K extends ListKey> = {
  [F in keyof Item<K>]-?: Item<K>[F] extends boolean ? F : never;
}[keyof Item<K>];

/** A yes/no column: a checkbox, labelled by the column's heading. */
export function checkColumn<K extends ListKey>(head: string, field: Flag<K>): ListColumn<K> {
  return {
    head,
    cell: (item, row) => (
      <Checkbox
        aria-label={head}
        // Flag<K> names a boolean field of the item (TypeScript does not narrow it here).
        checked={item[field] as boolean}
        onChange={(e) => row.update({ [field]: e.currentTarget.checked } as Partial<Item<K>>)}
      />
    ),
  };
}

/**
 * One list of the policy: a row per item — its Name, the list's columns and Remove — and Add, which
 * appends the list's blank item.
 */
export function ListSection<K extends ListKey>({
  editor,
  list,
  title,
  addLabel,
  blank,
  id,
  columns,
}: {
  editor: PolicyDraftEditor;
  list: K;
  title: string;
  addLabel: string;
  blank: () => NoInfer<Item<K>>;
  /** The item's id (null while it is new). */
  id: (item: NoInfer<Item<K>>) => number | null;
  columns: NoInfer<ListColumn<K>>[];
}) {
  const { t } = useTranslation();
  const { draft, err, set, update, remove } = editor;
  const items = draft[list] as Item<K>[];
  return (
    <Section
      title={title}
      error={err(list)}
      // A computed key widens to string: this is the list K's own items.
      onAdd={() => set({ [list]: [...items, blank()] } as Partial<Draft>)}
      addLabel={addLabel}
      heads={[t('onboarding-policies.name'), ...columns.map((c) => c.head), '']}
    >
      {items.map((item, i) => {
        const row: ListRow<K> = {
          i,
          update: (change) => update(list, i, change),
          err: (field) => err(`${list}.${i}.${field}`),
        };
        return (
          <Table.Tr key={id(item) ?? `new-${i}`}>
            <Table.Td>
              <TextInput
                aria-label={t('onboarding-policies.name')}
                value={item.Name}
                // Every list's item has a Name.
                onChange={(e) => row.update({ Name: e.currentTarget.value } as Partial<Item<K>>)}
                error={row.err('Name')}
              />
            </Table.Td>
            {columns.map((c) => (
              <Table.Td key={c.head} w={c.w}>
                {c.cell(item, row)}
              </Table.Td>
            ))}
            <RemoveCell label={t('onboarding-policies.remove')} onRemove={() => remove(list, i)} />
          </Table.Tr>
        );
      })}
    </Section>
  );
}

export function Section({
  title,
  heads,
  error,
  addLabel,
  onAdd,
  children,
}: {
  title: string;
  heads: string[];
  error?: string;
  addLabel: string;
  onAdd: () => void;
  children: ReactNode[];
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onAdd}>
            {addLabel}
          </Button>
        </Group>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        {children.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('onboarding-policies.none')}
          </Text>
        ) : (
          <ScrollTable label={title} minWidth={720}>
            <Table verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  {heads.map((h, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed column headings
                    <Table.Th key={i}>{h}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{children}</Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </Card>
  );
}

export function RemoveCell({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Table.Td w={48}>
      <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onRemove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Table.Td>
  );
}

export function FileCell({
  current,
  href,
  file,
  onChange,
  error,
}: {
  current: string | null;
  href: string | null;
  file: File | null;
  onChange: (f: File | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      {current && !file && (
        <Text size="xs">
          {href ? (
            <Anchor href={href} target="_blank" rel="noopener">
              {current}
            </Anchor>
          ) : (
            current
          )}
        </Text>
      )}
      <FileInput
        aria-label={t('onboarding-policies.upload')}
        placeholder={current ? t('onboarding-policies.replace') : t('onboarding-policies.upload')}
        accept="image/gif,image/jpeg,image/png,application/pdf"
        value={file}
        onChange={onChange}
        clearable
        size="xs"
        error={error}
      />
    </Stack>
  );
}
