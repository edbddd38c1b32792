// A table header that sorts by its column: a button announcing the current direction.
import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function SortHeader({
  children,
  active,
  descending,
  onSort,
}: {
  children: ReactNode;
  active: boolean;
  descending: boolean;
  onSort: () => void;
}) {
  const Icon = active ? (descending ? IconArrowDown : IconArrowUp) : IconArrowsSort;
  return (
    <Table.Th aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton onClick={onSort} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} stroke={1.6} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
