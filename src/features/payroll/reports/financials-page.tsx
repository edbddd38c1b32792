// Payroll financials (back office, online only): for the payrolls paid in a date range, gross pay,
// wages, commission and premiums per month, division and corporation (or per program), sortable,
// totalled per currency.
// Its parts: financials-table (one table for both tabs, given each tab's report definition),
// financials-cells (its cells) and financials-cards (the phone's layout).
import { Button, Group, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../ui/query-view';
import { useDivisionOptions, useFinancials, useProgramFinancials } from './api';
import {
  BY_DIVISION,
  BY_PROGRAM,
  type DivisionColumn,
  FinancialsTable,
  type ProgramColumn,
} from './financials-table';
import { nextSort, type Sort } from './format';

const pad = (n: number) => String(n).padStart(2, '0');
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The default range: the first day of the month five months back, to today (six pay months). */
export function defaultRange(day: string): { startDate: string; endDate: string } {
  const [y, m] = day.split('-').map(Number);
  const back = new Date(y, m - 1 - 5, 1);
  return { startDate: `${back.getFullYear()}-${pad(back.getMonth() + 1)}-01`, endDate: day };
}

export default function FinancialsPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState(() => defaultRange(today()));
  const [draft, setDraft] = useState(range);
  const [division, setDivision] = useState<string | null>(null);
  const [program, setProgram] = useState<string | null>(null);
  const divisions = useDivisionOptions();
  const byDivision = useFinancials(range, division ? Number(division) : null);
  const byProgram = useProgramFinancials(range, program ? Number(program) : null);
  const allPrograms = useProgramFinancials(range, null);
  const [divisionSort, setDivisionSort] = useState<Sort<DivisionColumn>>({
    column: 'Month',
    descending: false,
  });
  const [programSort, setProgramSort] = useState<Sort<ProgramColumn>>({ column: 'Month', descending: false });

  const rangeError =
    !draft.startDate || !draft.endDate
      ? t('payroll-reports.financials.rangeRequired')
      : draft.endDate < draft.startDate
        ? t('payroll-reports.financials.rangeOrder')
        : null;
  const divisionOptions = [
    ...(divisions.data ?? []).map((d) => ({ value: String(d.DivisionID), label: d.Name })),
  ];
  const programOptions = [
    ...new Map((allPrograms.data?.Rows ?? []).map((r) => [r.ProgramID, r.ProgramName])).entries(),
  ]
    .sort((a, b) => a[1].localeCompare(b[1]))
    .map(([id, name]) => ({ value: String(id), label: name }));

  return (
    <Stack gap="md" maw={1400}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('payroll-reports.financials.title')}
        </Title>
        <Text c="dimmed">{t('payroll-reports.financials.subtitle')}</Text>
      </Stack>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!rangeError) setRange(draft);
        }}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label={t('payroll-reports.financials.from')}
            value={draft.startDate}
            onChange={(e) => setDraft({ ...draft, startDate: e.currentTarget.value })}
            error={!draft.startDate ? rangeError : null}
          />
          <TextInput
            type="date"
            label={t('payroll-reports.financials.to')}
            value={draft.endDate}
            min={draft.startDate || undefined}
            onChange={(e) => setDraft({ ...draft, endDate: e.currentTarget.value })}
            error={draft.startDate ? rangeError : null}
          />
          <Button type="submit" mt={25} disabled={!!rangeError}>
            {t('payroll-reports.financials.show')}
          </Button>
        </Group>
      </form>
      <Tabs defaultValue="division" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="division">{t('payroll-reports.financials.byDivision')}</Tabs.Tab>
          <Tabs.Tab value="program">{t('payroll-reports.financials.byProgram')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="division" pt="sm">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end" wrap="wrap">
              <Select
                label={t('payroll-reports.financials.division')}
                placeholder={t('payroll-reports.financials.allDivisions')}
                data={divisionOptions}
                value={division}
                onChange={setDivision}
                clearable
                w={{ base: '100%', sm: 240 }}
                comboboxProps={{ withinPortal: true }}
              />
              <Text size="sm" c="dimmed" maw={520}>
                {t('payroll-reports.financials.divisionNote')}
              </Text>
            </Group>
            <QueryView
              query={byDivision}
              errorTitle={t('payroll-reports.loadFailed')}
              empty={t('payroll-reports.financials.empty')}
              isEmpty={(d) => d.Rows.length === 0}
              emptyTestId="financials-empty"
            >
              {(data) => (
                <FinancialsTable
                  report={BY_DIVISION}
                  rows={data.Rows}
                  sort={divisionSort}
                  onSort={(c) => setDivisionSort(nextSort(divisionSort, c))}
                  setSort={setDivisionSort}
                />
              )}
            </QueryView>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="program" pt="sm">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end" wrap="wrap">
              <Select
                label={t('payroll-reports.financials.program')}
                placeholder={t('payroll-reports.financials.allPrograms')}
                data={programOptions}
                value={program}
                onChange={setProgram}
                clearable
                searchable
                w={{ base: '100%', sm: 280 }}
                comboboxProps={{ withinPortal: true }}
              />
              <Text size="sm" c="dimmed" maw={520}>
                {t('payroll-reports.financials.programNote')}
              </Text>
            </Group>
            <QueryView
              query={byProgram}
              errorTitle={t('payroll-reports.loadFailed')}
              empty={t('payroll-reports.financials.empty')}
              isEmpty={(d) => d.Rows.length === 0}
            >
              {(data) => (
                <FinancialsTable
                  report={BY_PROGRAM}
                  rows={data.Rows}
                  sort={programSort}
                  onSort={(c) => setProgramSort(nextSort(programSort, c))}
                  setSort={setProgramSort}
                />
              )}
            </QueryView>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
