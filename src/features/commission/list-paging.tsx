// Paging and sorting of the policy lists (the server answers each list whole: a corporation's or a
// division's policies): a header per sortable column (click again to reverse), 25 rows a page and
// the count with the pages under the table, as the other office lists.
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter, pageCount } from '../../ui/list-footer';
import { SortHeader } from '../../ui/sort-header';

export const POLICY_PAGE_SIZE = 25;

type Key<T> = (row: T) => string | number | null;

export function compareBy<T>(key: Key<T>, descending: boolean) {
  return (a: T, b: T) => {
    const x = key(a);
    const y = key(b);
    // Empty values last whatever the direction.
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return descending ? -order : order;
  };
}

export function usePagedSorted<T, C extends string>(
  rows: readonly T[],
  keys: Record<C, Key<T>>,
  initial: NoInfer<C>,
  pageSize = POLICY_PAGE_SIZE,
) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<C>(initial);
  const [descending, setDescending] = useState(false);
  const [page, setPage] = useState(1);
  // The lists are one corporation's or division's policies: sorting them on each render is cheap.
  const sorted = [...rows].sort(compareBy(keys[sort], descending));
  const current = Math.min(page, pageCount(rows.length, pageSize));
  const pageRows = sorted.slice((current - 1) * pageSize, current * pageSize);
  const header = (column: C, label: ReactNode) => (
    <SortHeader
      active={sort === column}
      descending={descending}
      onSort={() => {
        if (sort === column) setDescending(!descending);
        else {
          setSort(column);
          setDescending(false);
        }
        setPage(1);
      }}
    >
      {label}
    </SortHeader>
  );
  const footer = rows.length > 0 && (
    <ListFooter
      label={t('commission.count', { count: rows.length })}
      totalCount={rows.length}
      pageSize={pageSize}
      page={current}
      onPageChange={setPage}
    />
  );
  return { pageRows, header, footer };
}

/** A policy's row in a list: a click, or Enter on the focused row, opens it. */
export function OpenRow({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  return (
    <Table.Tr
      style={{ cursor: 'pointer' }}
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={(e) => e.key === 'Enter' && onOpen()}
    >
      {children}
    </Table.Tr>
  );
}
