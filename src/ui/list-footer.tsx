// The line under a paged list: how many rows there are in all, and the pages to move between.
import { Group, Pagination, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ListFooterProps {
  /** The translated count, e.g. "5 pay periods"; omit to show the pages only. */
  label?: ReactNode;
  totalCount: number;
  pageSize: number;
  /** 1-based, as Mantine's Pagination counts. */
  page: number;
  onPageChange: (page: number) => void;
  size?: 'sm' | 'md';
}

export function pageCount(totalCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}

export function ListFooter({ label, totalCount, pageSize, page, onPageChange, size }: ListFooterProps) {
  return (
    <Group justify={label === undefined ? 'flex-end' : 'space-between'}>
      {label !== undefined && (
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      )}
      <Pagination total={pageCount(totalCount, pageSize)} value={page} onChange={onPageChange} size={size} />
    </Group>
  );
}
