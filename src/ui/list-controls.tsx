// The controls of a server-paged office list (employees, applications, work orders): the filter bar
// above the table, a search box that waits for the typing to pause, sortable column headers (click
// again to reverse) and the count with the pages under the table. Changing a filter, the search or
// the sort goes back to page 1. The table of a page of rows (cards on a phone), with the count and the
// pages under it.
import { Card, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { ListFooter } from './list-footer';
import { noItems, type QueryLike, QueryView } from './query-view';
import { ResponsiveTable, type ResponsiveTableProps, type TableSort } from './responsive-table';
import { SortHeader } from './sort-header';

type Width = Record<string, number | string>;

export interface ListControlsOptions<C extends string> {
  /** The column sorted first. */
  sort: C;
  /** Whether a column starts descending when the user first sorts by it (and the first column). */
  descendingFirst?: (column: C) => boolean;
  pageSize?: number;
}

export function useListControls<C extends string>({
  sort: initial,
  descendingFirst = () => false,
  pageSize = 25,
}: ListControlsOptions<C>) {
  const [search, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<C>(initial);
  const [descending, setDescending] = useState(() => descendingFirst(initial));
  const [page, setPage] = useState(1);

  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
  };
  /** A filter's setter that also goes back to page 1. */
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const sortBy = (column: C) => {
    if (sort === column) setDescending(!descending);
    else {
      setSort(column);
      setDescending(descendingFirst(column));
    }
    setPage(1);
  };
  /** The sort as a ResponsiveTable takes it, and its setter (a new sort goes back to page 1). */
  const tableSort: TableSort = { column: sort, descending };
  const onSortChange = (next: TableSort) => {
    setSort(next.column as C);
    setDescending(next.descending);
    setPage(1);
  };
  const header = (column: C, label: ReactNode) => (
    <SortHeader active={sort === column} descending={descending} onSort={() => sortBy(column)}>
      {label}
    </SortHeader>
  );
  const footer = (label: ReactNode, totalCount: number) => (
    <ListFooter
      label={label}
      totalCount={totalCount}
      pageSize={pageSize}
      page={page}
      onPageChange={setPage}
    />
  );
  return {
    /** The search as typed, and the trimmed search once typing pauses (`undefined` when empty). */
    search,
    setSearch,
    searchQuery: debounced || undefined,
    sort,
    descending,
    page,
    /** The 0-based page index the server wants. */
    pageIndex: page - 1,
    pageSize,
    filter,
    /** Back to page 1 (after clearing the filters). */
    firstPage: () => setPage(1),
    header,
    tableSort,
    onSortChange,
    footer,
  };
}

/** The bordered bar of filters above a list; its fields wrap on a narrow screen. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Card withBorder padding="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {children}
      </Group>
    </Card>
  );
}

/** The search box of a filter bar. */
export function SearchInput({
  label,
  placeholder,
  value,
  onChange,
  w,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  w: Width;
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={w}
    />
  );
}

/**
 * A page of rows from the server: loading, failure and empty states (QueryView), the rows (a table, or
 * cards on a phone: ResponsiveTable), then the count and the pages (`footer`, from useListControls).
 */
export function PagedTable<T>({
  query,
  errorTitle,
  empty,
  emptyTestId,
  count,
  footer,
  ...table
}: Omit<ResponsiveTableProps<T>, 'rows'> & {
  query: QueryLike<{ Items: T[]; TotalCount: number }>;
  errorTitle: string;
  empty: string;
  emptyTestId: string;
  /** The translated count under the table, e.g. "60 employees". */
  count: (total: number) => ReactNode;
  footer: (label: ReactNode, totalCount: number) => ReactNode;
}) {
  return (
    <QueryView
      query={query}
      errorTitle={errorTitle}
      empty={empty}
      emptyTestId={emptyTestId}
      isEmpty={noItems}
    >
      {(data) => (
        <Stack gap="sm">
          <ResponsiveTable
            rows={data.Items}
            {...table}
            tableProps={{ striped: true, highlightOnHover: true, verticalSpacing: 'xs', ...table.tableProps }}
          />
          {footer(count(data.TotalCount), data.TotalCount)}
        </Stack>
      )}
    </QueryView>
  );
}
