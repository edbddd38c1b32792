// Paging and sorting of the policy lists (the server answers each list whole: a corporation's or a
// division's policies), and the list itself: a header per sortable column (click again to reverse),
// 25 rows a page and the count with the pages under the list, as the other office lists. On a
// phone (below Mantine's `sm`) the rows are cards in the page's own flow — no box scrolling
// sideways — each with an Open button; from a tablet up, the table, scrolling sideways inside its
// box only when the screen is narrower than its `minWidth`.
import { Button } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter, pageCount } from '../../ui/list-footer';
import {
  type ResponsiveColumn,
  ResponsiveTable,
  type TableSort,
  useTableLayout,
} from '../../ui/responsive-table';

export const POLICY_PAGE_SIZE = 25;

/** The Name column each policy list starts with (sortable). */
export function nameColumn<T extends { Name: string }>(label: string): ResponsiveColumn<T> {
  return { key: 'name', label, sortable: true, cell: (p) => p.Name };
}

/** The Program column of the lists of policies per program (sortable). */
export function programColumn<T extends { ProgramName: ReactNode }>(label: string): ResponsiveColumn<T> {
  return { key: 'program', label, sortable: true, cell: (p) => p.ProgramName };
}

type SortKey<T> = (row: T) => string | number | null;

export function compareBy<T>(key: SortKey<T>, descending: boolean) {
  return (a: T, b: T) => {
    const x = key(a);
    const y = key(b);
    // Empty values last whatever the direction.
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return descending ? -order : order;
  };
}

export interface PagedSorted<T> {
  pageRows: T[];
  sort: TableSort;
  onSortChange: (sort: TableSort) => void;
  footer: ReactNode;
}

export function usePagedSorted<T, C extends string>(
  rows: readonly T[],
  keys: Record<C, SortKey<T>>,
  initial: NoInfer<C>,
  pageSize = POLICY_PAGE_SIZE,
): PagedSorted<T> {
  const { t } = useTranslation();
  const [sort, setSort] = useState<C>(initial);
  const [descending, setDescending] = useState(false);
  const [page, setPage] = useState(1);
  // The lists are one corporation's or division's policies: sorting them on each render is cheap.
  const sorted = [...rows].sort(compareBy(keys[sort], descending));
  const current = Math.min(page, pageCount(rows.length, pageSize));
  const pageRows = sorted.slice((current - 1) * pageSize, current * pageSize);
  const onSortChange = (next: TableSort) => {
    if (!(next.column in keys)) return;
    setSort(next.column as C);
    setDescending(next.descending);
    setPage(1);
  };
  const footer = rows.length > 0 && (
    <ListFooter
      label={t('commission.count', { count: rows.length })}
      totalCount={rows.length}
      pageSize={pageSize}
      page={current}
      onPageChange={setPage}
    />
  );
  return { pageRows, sort: { column: sort, descending }, onSortChange, footer };
}

/**
 * A page of policies: a table (a click, or Enter on the focused row, opens one) from a tablet up,
 * cards with an Open button on a phone; then the count and the pages.
 */
export function PolicyList<T>({
  list,
  label,
  testId,
  columns,
  rowKey,
  name,
  onOpen,
  minWidth,
}: {
  list: PagedSorted<T>;
  /** The list's accessible name (its tab's name). */
  label: string;
  /** The table's test id; the cards' is `<testId>-cards`. */
  testId: string;
  /** Every column; the first (the policy's name) is the card's title, not repeated in it. */
  columns: readonly ResponsiveColumn<T>[];
  rowKey: (row: T) => Key;
  /** The policy's name (the card's title and the Open button's accessible name). */
  name: (row: T) => string;
  onOpen: (row: T) => void;
  minWidth?: number;
}) {
  const { t } = useTranslation();
  // Chosen here too so the table has no (empty) column for the cards' Open button.
  const layout = useTableLayout();
  return (
    <>
      <ResponsiveTable
        layout={layout}
        label={label}
        testId={testId}
        tableProps={{ highlightOnHover: true }}
        minWidth={minWidth}
        rows={list.pageRows}
        columns={columns.map((c, i) => (i === 0 ? { ...c, hideInCard: true } : c))}
        rowKey={rowKey}
        title={name}
        sort={list.sort}
        onSortChange={list.onSortChange}
        onRowClick={onOpen}
        actions={
          layout === 'cards'
            ? (row) => (
                <Button
                  size="sm"
                  variant="light"
                  onClick={() => onOpen(row)}
                  aria-label={t('commission.openPolicy', { name: name(row) })}
                >
                  {t('commission.openButton')}
                </Button>
              )
            : undefined
        }
      />
      {list.footer}
    </>
  );
}
