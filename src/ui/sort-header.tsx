// A table header that sorts by its column: a button announcing the current direction (aria-sort).
import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function SortHeader({
  children,
  active,
  descending,
  onSort,
  numeric,
}: {
  children: ReactNode;
  active: boolean;
  descending: boolean;
  onSort: () => void;
  /** A column of numbers: header text to the right, as its cells. */
  numeric?: boolean;
}) {
  const Icon = active ? (descending ? IconArrowDown : IconArrowUp) : IconArrowsSort;
  return (
    <Table.Th
      aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}
      style={numeric ? { textAlign: 'right', whiteSpace: 'nowrap' } : undefined}
    >
      <UnstyledButton onClick={onSort} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap" justify={numeric ? 'flex-end' : undefined}>
          {children}
          <Icon size={14} stroke={1.6} opacity={active ? 1 : 0.5} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
