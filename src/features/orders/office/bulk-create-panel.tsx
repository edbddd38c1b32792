// Bulk create: rows pasted from a spreadsheet (or read from a CSV file) are previewed as work orders;
// Create sends them all at once; the server creates all or nothing and its refusal is shown on each
// failing row of the preview. A banner says only what no row shows (a refusal of the whole list).
import { Button, Code, FileButton, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../../api/field-errors';
import { formFields } from '../../../api/save-problems';
import { notify } from '../../../ui/notify';
import { RefusalBanner } from '../../../ui/refusal-banner';
import { ScrollTable } from '../../../ui/scroll-table';
import { useBulkCreateWorkOrders } from '../api/office';
import { BULK_COLUMNS, parseBulkRows, rowErrors } from './helpers';

/** A reason for a row (WorkOrders[2].SaleDate, WorkOrders.2) is said on that row of the preview. */
const ROW_FIELDS = formFields('WorkOrders.*');

export function BulkCreatePanel() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const create = useBulkCreateWorkOrders();
  const rows = parseBulkRows(text);
  const byRow = create.isError ? rowErrors(serverFieldErrors(create.error)) : new Map<number, string[]>();
  return (
    <Stack gap="sm" maw={1200}>
      <Text size="sm">{t('orders.bulk.intro')}</Text>
      <Code block>{BULK_COLUMNS.join('\t')}</Code>
      <Textarea
        label={t('orders.bulk.rows')}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          create.reset();
        }}
        autosize
        minRows={4}
        maxRows={12}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <Group>
        <FileButton
          accept=".csv,.tsv,.txt,text/csv,text/plain"
          onChange={(file) => {
            if (file) void file.text().then((content) => setText(content));
          }}
        >
          {(props) => (
            <Button variant="light" {...props}>
              {t('orders.bulk.upload')}
            </Button>
          )}
        </FileButton>
        <Button
          disabled={rows.length === 0}
          loading={create.isPending}
          onClick={() =>
            create.mutate(
              // Unparsable numbers go as null: the server's message names the field of the row.
              { WorkOrders: rows as never },
              {
                onSuccess: (made) => {
                  void notify({ message: t('orders.bulk.created', { count: made.length }), color: 'green' });
                  setText('');
                },
              },
            )
          }
        >
          {t('orders.bulk.create', { count: rows.length })}
        </Button>
      </Group>
      <RefusalBanner
        error={create.isError ? create.error : null}
        isField={ROW_FIELDS}
        testId="bulk-create-error"
      />
      {rows.length > 0 && (
        <ScrollTable label={t('orders.bulk.preview')} minWidth={900}>
          <Table striped verticalSpacing={4} data-testid="bulk-preview">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                {BULK_COLUMNS.map((c) => (
                  <Table.Th key={c}>{c}</Table.Th>
                ))}
                <Table.Th>{t('orders.bulk.errors')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their position
                <Table.Tr key={i} bg={byRow.has(i) ? 'var(--mantine-color-red-light)' : undefined}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>{r.OrderNumber ?? '—'}</Table.Td>
                  <Table.Td>{r.SaleDate}</Table.Td>
                  <Table.Td>{r.CustomerName ?? '—'}</Table.Td>
                  <Table.Td>{r.ProgramID ?? '—'}</Table.Td>
                  <Table.Td>{r.IcdOfficeID ?? '—'}</Table.Td>
                  <Table.Td>{r.EmployeeID ?? '—'}</Table.Td>
                  <Table.Td>{r.ProductOrders[0].ProductID ?? '—'}</Table.Td>
                  <Table.Td>{r.ProductOrders[0].ProductLineID ?? '—'}</Table.Td>
                  <Table.Td>{r.ProductOrders[0].Quantity}</Table.Td>
                  <Table.Td>{t(`orders.channel.${r.SalesChannelID}`)}</Table.Td>
                  <Table.Td>
                    <Text size="xs" c="red">
                      {(byRow.get(i) ?? []).join(' ')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
