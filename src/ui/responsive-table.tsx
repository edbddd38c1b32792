// A list of rows that is a table on wider screens and a stack of cards on a phone (below Mantine's
// `sm` breakpoint, 48em): the same column definitions draw both. On a card the row's main line (its
// name or title) comes first and large, the other columns follow as "label: value" pairs (a <dl>),
// then the row's actions as buttons sharing the card's width, then the row's open detail if any.
// Sorting by header becomes a "Sort by" select above the cards; selection checkboxes, when given,
// show on both.
//
// Which one is drawn is read from the media query synchronously on the first render (a client-only
// app, no server render), so there is no flash of the other layout; only one is in the document, so
// a row's detail, dialogs and test ids are never doubled.
import {
  Box,
  Card,
  Checkbox,
  Group,
  Select,
  Stack,
  Table,
  type TableProps,
  Text,
  UnstyledButton,
  useMantineTheme,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { type CSSProperties, Fragment, type Key, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from './scroll-table';

export interface TableSort {
  column: string;
  descending: boolean;
}

export interface ResponsiveColumn<T> {
  /** Names the column; the sort's column when sortable. */
  key: string;
  /** The header's text, the card's label and the sort option's name. */
  label: string;
  /** The header's content when it differs from the label (e.g. visually hidden). */
  header?: ReactNode;
  cell: (row: T) => ReactNode;
  /** Sorts by its header (and in the phone's "Sort by"); 'ascending' sorts one way only. */
  sortable?: boolean | 'ascending';
  /** A first click sorts descending (dates shown newest first, amounts largest first). */
  descendingFirst?: boolean;
  align?: 'left' | 'right' | 'center';
  nowrap?: boolean;
  /** The cell's maximum width on the table. */
  maw?: number;
  /** Left out of the cards (what the card's main line already says). */
  hideInCard?: boolean;
}

export interface RowSelection<T> {
  isSelected: (row: T) => boolean;
  onToggle: (row: T) => void;
  /** The checkbox's accessible name, e.g. "Select Sam Lee". */
  label: (row: T) => string;
  /** The header's "select all" checkbox, when the list has one. */
  all?: { checked: boolean; indeterminate: boolean; onToggle: () => void; label: string };
}

export type Layout = 'table' | 'cards';

/** A row's data-* and aria-* attributes, and its style. */
export type RowAttributes = {
  [attribute: `data-${string}` | `aria-${string}`]: string | number | boolean | undefined;
} & { style?: CSSProperties };

export interface ResponsiveTableProps<T> {
  /** Accessible name of the table and of the list of cards. */
  label: string;
  rows: readonly T[];
  columns: readonly ResponsiveColumn<T>[];
  rowKey: (row: T) => Key;
  /** The card's main line: the row's name or title. */
  title: (row: T) => ReactNode;
  /** A small line under the card's title. */
  subtitle?: (row: T) => ReactNode;
  /** The row's buttons; told which layout so a card can draw them larger. */
  actions?: (row: T, layout: Layout) => ReactNode;
  /** The actions column's (visually hidden) header; default "Actions". */
  actionsLabel?: string;
  /** What opens under the row (a table row spanning every column, or the card's end); null: nothing. */
  detail?: (row: T) => ReactNode;
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
  selection?: RowSelection<T>;
  /** Attributes of the row's <tr> and of its card (data-* for tests, style). */
  rowProps?: (row: T) => RowAttributes;
  /** The whole row opens something (click or Enter on the focused row; on a card, the actions do). */
  onRowClick?: (row: T) => void;
  /** Below this width the table scrolls sideways inside its box (wider screens than a phone). */
  minWidth?: number;
  /** Test id of the table; the list of cards gets `<testId>-cards`. */
  testId?: string;
  tableProps?: Omit<TableProps, 'children'>;
  /** Forces a layout (the default follows the screen's width). */
  layout?: Layout;
}

/** The `sm` breakpoint and up draws the table. */
export function useTableLayout(forced?: Layout): Layout {
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, {
    getInitialValueInEffect: false,
  });
  return forced ?? (wide ? 'table' : 'cards');
}

/** The next sort when a column's header is clicked: the same column flips, another starts its way. */
export function nextSort<T>(current: TableSort | undefined, column: ResponsiveColumn<T>): TableSort {
  if (current?.column === column.key)
    return {
      column: column.key,
      descending: column.sortable === 'ascending' ? false : !current.descending,
    };
  return { column: column.key, descending: column.sortable !== 'ascending' && !!column.descendingFirst };
}

function SortableHeader<T>({
  column,
  sort,
  onSortChange,
}: {
  column: ResponsiveColumn<T>;
  sort: TableSort | undefined;
  onSortChange: (sort: TableSort) => void;
}) {
  const active = sort?.column === column.key;
  const descending = active && !!sort?.descending;
  const Icon = active ? (descending ? IconArrowDown : IconArrowUp) : IconArrowsSort;
  const right = column.align === 'right';
  return (
    <Table.Th
      aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}
      style={{ textAlign: column.align }}
    >
      <UnstyledButton onClick={() => onSortChange(nextSort(sort, column))} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap" justify={right ? 'flex-end' : undefined}>
          {column.header ?? column.label}
          <Icon size={14} stroke={1.6} opacity={active ? 1 : 0.45} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The phone's "Sort by": one option per sortable column and way. */
export function SortSelect<T>({
  columns,
  sort,
  onSortChange,
}: {
  columns: readonly ResponsiveColumn<T>[];
  sort: TableSort | undefined;
  onSortChange: (sort: TableSort) => void;
}) {
  const { t } = useTranslation();
  const options = columns
    .filter((c) => c.sortable)
    .flatMap((c) =>
      c.sortable === 'ascending'
        ? [{ value: `${c.key}:asc`, label: c.label }]
        : [
            { value: `${c.key}:asc`, label: t('ui.responsiveTable.ascending', { column: c.label }) },
            { value: `${c.key}:desc`, label: t('ui.responsiveTable.descending', { column: c.label }) },
          ],
    );
  if (!options.length) return null;
  const value = sort ? `${sort.column}:${sort.descending ? 'desc' : 'asc'}` : null;
  return (
    <Select
      label={t('ui.responsiveTable.sortBy')}
      data={options}
      value={options.some((o) => o.value === value) ? value : null}
      onChange={(v) => {
        if (!v) return;
        const at = v.lastIndexOf(':');
        onSortChange({ column: v.slice(0, at), descending: v.slice(at + 1) === 'desc' });
      }}
      allowDeselect={false}
      checkIconPosition="right"
      data-testid="sort-by"
    />
  );
}

export function ResponsiveTable<T>(props: ResponsiveTableProps<T>) {
  const layout = useTableLayout(props.layout);
  return layout === 'table' ? <WideTable {...props} /> : <CardList {...props} />;
}

function WideTable<T>({
  label,
  rows,
  columns,
  rowKey,
  actions,
  actionsLabel,
  detail,
  sort,
  onSortChange,
  selection,
  rowProps,
  onRowClick,
  minWidth,
  testId,
  tableProps,
}: ResponsiveTableProps<T>) {
  const { t } = useTranslation();
  const span = columns.length + (actions ? 1 : 0) + (selection ? 1 : 0);
  const onKeyDown = (row: T) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' && e.target === e.currentTarget) onRowClick?.(row);
  };
  const table = (
    <Table aria-label={label} data-testid={testId} {...tableProps}>
      <Table.Thead>
        <Table.Tr>
          {selection && (
            <Table.Th w={1}>
              {selection.all ? (
                <Checkbox
                  aria-label={selection.all.label}
                  checked={selection.all.checked}
                  indeterminate={selection.all.indeterminate}
                  onChange={selection.all.onToggle}
                />
              ) : (
                <VisuallyHidden>{t('ui.responsiveTable.select')}</VisuallyHidden>
              )}
            </Table.Th>
          )}
          {columns.map((c) =>
            c.sortable && onSortChange ? (
              <SortableHeader key={c.key} column={c} sort={sort} onSortChange={onSortChange} />
            ) : (
              <Table.Th key={c.key} style={{ textAlign: c.align }}>
                {c.header ?? c.label}
              </Table.Th>
            ),
          )}
          {actions && (
            <Table.Th ta="right">
              <VisuallyHidden>{actionsLabel ?? t('ui.responsiveTable.actions')}</VisuallyHidden>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const open = detail?.(row);
          return (
            <Fragment key={rowKey(row)}>
              <Table.Tr
                {...rowProps?.(row)}
                {...(onRowClick
                  ? {
                      tabIndex: 0,
                      style: { cursor: 'pointer', ...rowProps?.(row).style },
                      onClick: () => onRowClick(row),
                      onKeyDown: onKeyDown(row),
                    }
                  : {})}
              >
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={selection.label(row)}
                      checked={selection.isSelected(row)}
                      onChange={() => selection.onToggle(row)}
                      onClick={(e) => e.stopPropagation()}
                    />
                  </Table.Td>
                )}
                {columns.map((c) => (
                  <Table.Td
                    key={c.key}
                    maw={c.maw}
                    style={{ textAlign: c.align, whiteSpace: c.nowrap ? 'nowrap' : undefined }}
                  >
                    {c.cell(row)}
                  </Table.Td>
                ))}
                {actions && (
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {actions(row, 'table')}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
              {open != null && open !== false && (
                <Table.Tr>
                  <Table.Td colSpan={span} bg="var(--mantine-color-gray-0)">
                    {open}
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          );
        })}
      </Table.Tbody>
    </Table>
  );
  return minWidth ? (
    <ScrollTable minWidth={minWidth} label={label}>
      {table}
    </ScrollTable>
  ) : (
    table
  );
}

function CardList<T>({
  label,
  rows,
  columns,
  rowKey,
  title,
  subtitle,
  actions,
  detail,
  sort,
  onSortChange,
  selection,
  rowProps,
  onRowClick,
  testId,
}: ResponsiveTableProps<T>) {
  const fields = columns.filter((c) => !c.hideInCard);
  return (
    <Stack gap="sm">
      {onSortChange && <SortSelect columns={columns} sort={sort} onSortChange={onSortChange} />}
      {selection?.all && (
        <Checkbox
          label={selection.all.label}
          checked={selection.all.checked}
          indeterminate={selection.all.indeterminate}
          onChange={selection.all.onToggle}
        />
      )}
      <Stack
        component="ul"
        gap="sm"
        aria-label={label}
        data-testid={testId ? `${testId}-cards` : undefined}
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {rows.map((row) => {
          const open = detail?.(row);
          const buttons = actions?.(row, 'cards');
          return (
            <Card
              key={rowKey(row)}
              component="li"
              withBorder
              radius="md"
              padding="sm"
              data-card
              {...rowProps?.(row)}
              {...(onRowClick
                ? { onClick: () => onRowClick(row), style: { cursor: 'pointer', ...rowProps?.(row).style } }
                : {})}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {selection && (
                  <Checkbox
                    mt={3}
                    aria-label={selection.label(row)}
                    checked={selection.isSelected(row)}
                    onChange={() => selection.onToggle(row)}
                    onClick={(e) => e.stopPropagation()}
                  />
                )}
                <Box miw={0}>
                  <Text fw={700} size="md" data-card-title style={{ overflowWrap: 'anywhere' }}>
                    {title(row)}
                  </Text>
                  {subtitle && (
                    <Text size="xs" c="dimmed" component="div">
                      {subtitle(row)}
                    </Text>
                  )}
                </Box>
              </Group>
              {fields.length > 0 && (
                <Box
                  component="dl"
                  mt="xs"
                  mb={0}
                  style={{
                    display: 'grid',
                    gridTemplateColumns: 'minmax(5.5rem, 38%) minmax(0, 1fr)',
                    columnGap: 'var(--mantine-spacing-sm)',
                    rowGap: 6,
                  }}
                >
                  {fields.map((c) => (
                    <div key={c.key} style={{ display: 'contents' }}>
                      <Text component="dt" size="sm" c="dimmed">
                        {c.label}
                      </Text>
                      <Box component="dd" m={0} fz="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
                        {c.cell(row)}
                      </Box>
                    </div>
                  ))}
                </Box>
              )}
              {buttons != null && buttons !== false && (
                // Clicks on the buttons do their own thing, not the card's.
                // biome-ignore lint/a11y/noStaticElementInteractions: only stops the click bubbling to the card
                // biome-ignore lint/a11y/useKeyWithClickEvents: the buttons inside handle the keyboard
                <div onClick={(e) => e.stopPropagation()}>
                  <Group gap="xs" mt="sm" grow preventGrowOverflow={false}>
                    {buttons}
                  </Group>
                </div>
              )}
              {open != null && open !== false && (
                // biome-ignore lint/a11y/noStaticElementInteractions: only stops the click bubbling to the card
                // biome-ignore lint/a11y/useKeyWithClickEvents: the content handles the keyboard
                <div onClick={(e) => e.stopPropagation()}>
                  <Box mt="sm">{open}</Box>
                </div>
              )}
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
}
