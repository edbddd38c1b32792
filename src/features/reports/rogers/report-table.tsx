// A Rogers table: sortable columns (click or Enter on a header), 50 rows a page, a totals row, and
// CSV (in the browser) and xlsx (the server's workbook) exports.
import { Button, Group, Pagination, ScrollArea, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconDownload,
  IconFileSpreadsheet,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column, Row } from '../../../contract/rogers';
import { download, formatCell, nextSort, type Sort, sortRows, TRANSLATED_VALUES, toCsv } from './format';

const PAGE = 50;

export function ReportTable({
  columns,
  rows,
  totals,
  fileName,
  xlsxUrl,
}: {
  columns: Column[];
  rows: Row[];
  totals?: Row;
  fileName: string;
  xlsxUrl?: string;
}) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<Sort | null>(null);
  const [page, setPage] = useState(1);
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const pages = Math.max(1, Math.ceil(sorted.length / PAGE));
  const shown = sorted.slice((Math.min(page, pages) - 1) * PAGE, Math.min(page, pages) * PAGE);
  const label = (key: string) => t(`rogers.columns.${key}`, { defaultValue: key });
  const text = (key: string, value: Row[string], format: Column['Format']) =>
    typeof value === 'string' && TRANSLATED_VALUES.has(key)
      ? t(`rogers.values.${value}`, { defaultValue: value })
      : formatCell(value, format);
  const showTotals = totals && Object.keys(totals).length > 0 && rows.length > 1;

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="rogers-row-count">
          {t('rogers.rowCount', { count: rows.length })}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} />}
            onClick={() =>
              download(
                `${fileName}.csv`,
                toCsv(
                  columns,
                  columns.map((c) => label(c.Key)),
                  sorted,
                ),
              )
            }
            disabled={rows.length === 0}
          >
            {t('rogers.exportCsv')}
          </Button>
          {xlsxUrl && (
            <Button
              component="a"
              href={xlsxUrl}
              variant="default"
              size="xs"
              leftSection={<IconFileSpreadsheet size={14} />}
            >
              {t('rogers.exportXlsx')}
            </Button>
          )}
        </Group>
      </Group>
      <ScrollArea type="auto">
        <Table striped highlightOnHover withTableBorder stickyHeader miw={columns.length * 110}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => {
                const active = sort?.key === c.Key;
                const Icon = active ? (sort?.descending ? IconArrowDown : IconArrowUp) : IconArrowsSort;
                const numeric = c.Format !== 'text' && c.Format !== 'date';
                return (
                  <Table.Th
                    key={c.Key}
                    ta={numeric ? 'right' : undefined}
                    aria-sort={active ? (sort?.descending ? 'descending' : 'ascending') : 'none'}
                  >
                    <UnstyledButton
                      onClick={() => {
                        setSort(nextSort(sort, c.Key));
                        setPage(1);
                      }}
                      fw={700}
                      fz="sm"
                    >
                      <Group gap={4} wrap="nowrap" justify={numeric ? 'flex-end' : undefined}>
                        {label(c.Key)}
                        <Icon size={14} opacity={active ? 1 : 0.4} />
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no id; a page is read-only
              <Table.Tr key={`${page}-${i}`}>
                {columns.map((c) => (
                  <Table.Td key={c.Key} ta={c.Format !== 'text' && c.Format !== 'date' ? 'right' : undefined}>
                    {text(c.Key, r[c.Key], c.Format)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {showTotals && (
            <Table.Tfoot>
              <Table.Tr>
                {columns.map((c, i) => (
                  <Table.Th key={c.Key} ta={c.Format !== 'text' && c.Format !== 'date' ? 'right' : undefined}>
                    {i === 0
                      ? t('rogers.total')
                      : totals[c.Key] === undefined
                        ? ''
                        : formatCell(totals[c.Key], c.Format)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </ScrollArea>
      {pages > 1 && <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" />}
    </Stack>
  );
}
