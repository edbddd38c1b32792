// The lists of the orders catalogue: who may change it, a record's state badge, and the table of
// products or product lines with Edit and Delete for those who may.
import { Badge, Button, Group, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasGrant } from '../../../api/permissions';
import { useSessionData } from '../../../app/app-context';
import { CATALOGUE_WRITE } from '../../../contract/orders';
import { type QueryLike, QueryView } from '../../../ui/query-view';
import { ScrollTable } from '../../../ui/scroll-table';

/** Whether the signed-in user may change the catalogue (else the lists are read only). */
export function useCanWriteCatalogue(): boolean {
  const session = useSessionData();
  return hasGrant(session?.grants ?? [], CATALOGUE_WRITE);
}

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={active ? 'green' : 'gray'}>
      {t(active ? 'orders.catalogue.active' : 'orders.catalogue.inactive')}
    </Badge>
  );
}

/**
 * A list of products or product lines: the given columns, then the state (active or not) and, for
 * those who may change the catalogue, Edit and Delete.
 */
export function CatalogueTable<T extends { Name: string; IsActive: boolean }>({
  query,
  label,
  minWidth,
  testId,
  headers,
  rowKey,
  cells,
  canWrite,
  onEdit,
  onDelete,
}: {
  query: QueryLike<T[]>;
  /** What the list holds ("Products"): the name of its scroll box, a tab stop on a narrow screen. */
  label: string;
  minWidth: number;
  testId: string;
  headers: string[];
  rowKey: (row: T) => number;
  cells: (row: T) => ReactNode[];
  canWrite: boolean;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}) {
  const { t } = useTranslation();
  return (
    <QueryView
      query={query}
      errorTitle={t('orders.catalogue.loadFailed')}
      empty={t('orders.catalogue.empty')}
      isEmpty={(d) => d.length === 0}
    >
      {(rows) => (
        <ScrollTable minWidth={minWidth} label={label}>
          <Table striped verticalSpacing="xs" data-testid={testId}>
            <Table.Thead>
              <Table.Tr>
                {headers.map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
                <Table.Th>{t('orders.catalogue.state')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {cells(row).map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed, in the headers' order
                    <Table.Td key={i}>{cell}</Table.Td>
                  ))}
                  <Table.Td>
                    <ActiveBadge active={row.IsActive} />
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      canWrite={canWrite}
                      name={row.Name}
                      onEdit={() => onEdit(row)}
                      onDelete={() => onDelete(row)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </QueryView>
  );
}

function RowActions({
  name,
  canWrite,
  onEdit,
  onDelete,
}: {
  name: string;
  canWrite: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  if (!canWrite) return null;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={onEdit}
        aria-label={t('orders.catalogue.editOf', { name })}
      >
        {t('orders.adjustments.edit')}
      </Button>
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        onClick={onDelete}
        aria-label={t('orders.catalogue.deleteOf', { name })}
      >
        {t('orders.adjustments.delete')}
      </Button>
    </Group>
  );
}
