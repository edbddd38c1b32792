// The orders catalogue (back office, online only): programs and retailers (read, here), products with
// the fixed Rogers category (product-catalogue.tsx) and product lines per program
// (product-line-catalogue.tsx) — lists with create, edit (Version: a 409 shows the current record) and
// delete (confirmed; the server's refusal, e.g. a product in use, is shown; catalogue-dialogs.tsx).
import { Group, Select, Stack, Table, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../ui/query-view';
import { useDivisions } from '../../employees/api';
import { usePrograms, useRetailers } from '../api/office';
import { ActiveBadge } from './catalogue-table';
import { Products } from './product-catalogue';
import { Lines } from './product-line-catalogue';

export default function CataloguePage() {
  const { t } = useTranslation();
  const divisions = useDivisions();
  const [division, setDivision] = useState<string | null>(null);
  const divisionID = division ? Number(division) : undefined;
  return (
    <Stack gap="md" maw={1280}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('orders.catalogue.title')}
        </Title>
        <Select
          label={t('orders.office.division')}
          placeholder={t('orders.office.any')}
          data={(divisions.data ?? []).map((d) => ({ value: String(d.DivisionID), label: d.Name }))}
          value={division}
          onChange={setDivision}
          clearable
          w={220}
        />
      </Group>
      <Tabs defaultValue="products" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="products">{t('orders.catalogue.products')}</Tabs.Tab>
          <Tabs.Tab value="lines">{t('orders.catalogue.lines')}</Tabs.Tab>
          <Tabs.Tab value="programs">{t('orders.catalogue.programs')}</Tabs.Tab>
          <Tabs.Tab value="retailers">{t('orders.catalogue.retailers')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="products" pt="md">
          <Products divisionID={divisionID} divisionNames={divisions.data ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="lines" pt="md">
          <Lines divisionID={divisionID} />
        </Tabs.Panel>
        <Tabs.Panel value="programs" pt="md">
          <Programs divisionID={divisionID} />
        </Tabs.Panel>
        <Tabs.Panel value="retailers" pt="md">
          <Retailers divisionID={divisionID} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Programs({ divisionID }: { divisionID?: number }) {
  const { t } = useTranslation();
  const programs = usePrograms(divisionID);
  return (
    <QueryView
      query={programs}
      errorTitle={t('orders.catalogue.loadFailed')}
      empty={t('orders.catalogue.empty')}
      isEmpty={(d) => d.length === 0}
    >
      {(rows) => (
        <Table striped verticalSpacing="xs" data-testid="programs-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.catalogue.name')}</Table.Th>
              <Table.Th>{t('orders.office.division')}</Table.Th>
              <Table.Th>{t('orders.catalogue.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.ProgramID}>
                <Table.Td>{p.Name}</Table.Td>
                <Table.Td>{p.DivisionID}</Table.Td>
                <Table.Td>
                  <ActiveBadge active={p.IsActive} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryView>
  );
}

function Retailers({ divisionID }: { divisionID?: number }) {
  const { t } = useTranslation();
  const retailers = useRetailers(divisionID);
  return (
    <QueryView
      query={retailers}
      errorTitle={t('orders.catalogue.loadFailed')}
      empty={t('orders.catalogue.empty')}
      isEmpty={(d) => d.length === 0}
    >
      {(rows) => (
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.catalogue.name')}</Table.Th>
              <Table.Th>{t('orders.office.division')}</Table.Th>
              <Table.Th>{t('orders.catalogue.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.RetailerID}>
                <Table.Td>{r.Name}</Table.Td>
                <Table.Td>{r.DivisionID}</Table.Td>
                <Table.Td>
                  <ActiveBadge active={r.IsActive} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryView>
  );
}
