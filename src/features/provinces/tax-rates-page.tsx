// Tax rates (administration, online only): the provinces or states of a country with their three
// rates, edited in place. A changed row shows Save and Undo (Enter in a rate saves its row); each rate
// is checked as the server checks it (0–100, 3 decimals) and the server's field messages show under
// the rate. A row someone else changed meanwhile (409) shows its current rates and says so.
import { Button, Group, NumberInput, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import { errorMessage, isResponseError } from '../../api/errors';
import { Country } from '../../contract/common';
import { StateProvince, TaxRate } from '../../contract/provinces';
import { notify } from '../../ui/notify';
import { QueryView } from '../../ui/query-view';
import { ScrollTable } from '../../ui/scroll-table';
import { useStateProvinces } from '../directories/api';

const RATES = ['TaxRate1', 'TaxRate2', 'TaxRate3'] as const;
type RateKey = (typeof RATES)[number];
type Draft = Partial<Record<RateKey, number | string>>;

export default function TaxRatesPage() {
  const { t } = useTranslation();
  const [country, setCountry] = useState<number>(Country.Canada);
  const query = useStateProvinces(true, country);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [errors, setErrors] = useState<Record<number, Partial<Record<RateKey | 'row', string>>>>({});
  const api = useApiClient();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (p: { id: number; body: Record<string, number> }) =>
      api.patch(`state-provinces/${p.id}`, p.body, { schema: StateProvince }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['state-provinces'] }),
  });

  const changed = (row: StateProvince): Partial<Record<RateKey, number | string>> => {
    const d = drafts[row.StateProvinceID] ?? {};
    const out: Draft = {};
    for (const k of RATES) if (d[k] !== undefined && d[k] !== row[k]) out[k] = d[k];
    return out;
  };
  const dirtyCount = (query.data ?? []).filter((r) => Object.keys(changed(r)).length > 0).length;

  const undo = (id: number) => {
    setDrafts(({ [id]: _, ...rest }) => rest);
    setErrors(({ [id]: _, ...rest }) => rest);
  };

  const submit = (row: StateProvince) => {
    const diff = changed(row);
    const rowErrors: Partial<Record<RateKey, string>> = {};
    const body: Record<string, number> = { Version: row.Version };
    for (const k of RATES) {
      if (diff[k] === undefined) continue;
      const parsed = TaxRate.safeParse(
        typeof diff[k] === 'string' && diff[k] === '' ? Number.NaN : Number(diff[k]),
      );
      if (!parsed.success) rowErrors[k] = parsed.error.issues[0]?.message;
      else body[k] = parsed.data;
    }
    if (Object.keys(rowErrors).length) {
      setErrors((e) => ({ ...e, [row.StateProvinceID]: rowErrors }));
      return;
    }
    if (Object.keys(body).length === 1) return;
    save.mutate(
      { id: row.StateProvinceID, body },
      {
        onSuccess: (saved) => {
          undo(row.StateProvinceID);
          void notify({
            message: t('directories.taxRates.saved', { name: saved.StateName }),
            color: 'green',
          });
        },
        onError: (err) => {
          if (isResponseError(err) && err.status === 409) {
            setDrafts(({ [row.StateProvinceID]: _, ...rest }) => rest);
            setErrors((e) => ({
              ...e,
              [row.StateProvinceID]: { row: t('directories.taxRates.stale', { name: row.StateName }) },
            }));
            return;
          }
          const data = isResponseError(err) ? (err.data as { Errors?: Record<string, string[]> }) : undefined;
          const fields: Partial<Record<RateKey | 'row', string>> = {};
          for (const k of RATES) if (data?.Errors?.[k]?.[0]) fields[k] = data.Errors[k][0];
          if (!Object.keys(fields).length) fields.row = errorMessage(err);
          setErrors((e) => ({ ...e, [row.StateProvinceID]: fields }));
        },
      },
    );
  };

  const label = (k: RateKey) => t(`directories.taxRates.rate${k.slice(-1)}.${country}`);

  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h2">
        {t('directories.taxRates.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('directories.taxRates.intro')}
      </Text>
      <Group justify="space-between" align="center">
        <SegmentedControl
          aria-label={t('directories.taxRates.country')}
          value={String(country)}
          onChange={(v) => setCountry(Number(v))}
          data={[
            { value: String(Country.Canada), label: t('directories.countries.2') },
            { value: String(Country.US), label: t('directories.countries.1') },
          ]}
        />
        {dirtyCount > 0 && (
          <Text size="sm" c="orange.8" role="status">
            {t('directories.taxRates.unsaved', { count: dirtyCount })}
          </Text>
        )}
      </Group>
      <QueryView
        query={query}
        errorTitle={t('directories.taxRates.loadFailed')}
        empty={t('directories.taxRates.empty')}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <ScrollTable label={t('directories.taxRates.title')} minWidth={680}>
            <Table verticalSpacing="xs" striped aria-label={t('directories.taxRates.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>{t('directories.taxRates.code')}</Table.Th>
                  <Table.Th>{t('directories.taxRates.name')}</Table.Th>
                  {RATES.map((k) => (
                    <Table.Th key={k} w={130}>
                      {label(k)}
                    </Table.Th>
                  ))}
                  <Table.Th w={80} ta="right">
                    {t('directories.taxRates.total')}
                  </Table.Th>
                  <Table.Th w={170} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const id = row.StateProvinceID;
                  const draft = drafts[id] ?? {};
                  const rowErrors = errors[id] ?? {};
                  const dirty = Object.keys(changed(row)).length > 0;
                  const value = (k: RateKey) => (draft[k] !== undefined ? draft[k] : row[k]);
                  const total = RATES.reduce((sum, k) => sum + (Number(value(k)) || 0), 0);
                  return (
                    <Table.Tr key={id}>
                      <Table.Td>{row.Code}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{row.StateName}</Text>
                        {rowErrors.row && (
                          <Text size="xs" c="red.8" role="alert">
                            {rowErrors.row}
                          </Text>
                        )}
                      </Table.Td>
                      {RATES.map((k) => (
                        <Table.Td key={k}>
                          <NumberInput
                            size="xs"
                            aria-label={t('directories.taxRates.rateOf', {
                              rate: label(k),
                              name: row.StateName,
                            })}
                            value={value(k)}
                            onChange={(v) => {
                              setDrafts((d) => ({ ...d, [id]: { ...d[id], [k]: v } }));
                              setErrors((e) => ({
                                ...e,
                                [id]: { ...e[id], [k]: undefined, row: undefined },
                              }));
                            }}
                            onKeyDown={(e) => {
                              if (e.key === 'Enter') submit(row);
                              if (e.key === 'Escape') undo(id);
                            }}
                            decimalScale={3}
                            min={0}
                            max={100}
                            clampBehavior="none"
                            step={0.5}
                            suffix="%"
                            hideControls
                            error={rowErrors[k]}
                          />
                        </Table.Td>
                      ))}
                      <Table.Td ta="right">
                        <Text size="sm" fw={600}>
                          {Number(total.toFixed(3))}%
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {dirty && (
                          <Group gap={6} wrap="nowrap">
                            <Button
                              size="xs"
                              aria-label={t('directories.taxRates.saveNamed', { name: row.StateName })}
                              loading={save.isPending && save.variables?.id === id}
                              onClick={() => submit(row)}
                            >
                              {t('directories.taxRates.save')}
                            </Button>
                            <Button
                              size="xs"
                              variant="default"
                              aria-label={t('directories.taxRates.undoNamed', { name: row.StateName })}
                              onClick={() => undo(id)}
                            >
                              {t('directories.taxRates.undo')}
                            </Button>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </QueryView>
    </Stack>
  );
}
