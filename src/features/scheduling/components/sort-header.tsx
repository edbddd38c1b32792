// A sortable table header cell of the TSU reports: the button flips the order, aria-sort says it.
import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { type SortState, toggleSort } from '../tsu';

export function SortHeader<K extends string>({
  column,
  label,
  sort,
  onSort,
  numeric,
}: {
  column: K;
  label: string;
  sort: SortState<K>;
  onSort(s: SortState<K>): void;
  numeric?: boolean;
}) {
  const active = sort.column === column;
  const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={{ textAlign: numeric ? 'right' : undefined, whiteSpace: 'nowrap' }}
    >
      <UnstyledButton onClick={() => onSort(toggleSort(sort, column))} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap" justify={numeric ? 'flex-end' : undefined}>
          {label}
          <Icon size={14} opacity={active ? 1 : 0.4} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
