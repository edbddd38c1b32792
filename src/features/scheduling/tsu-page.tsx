// TSU (time-slot utilisation) reports, online only: per event and slot, and per employee, for an office
// and a date range; sortable tables with totals.
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useElementSize, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/errors';
import { useSessionData } from '../../app/app-context';
import type { EmployeeTsuRow } from '../../contract/scheduling';
import { ScrollTable } from '../../ui/scroll-table';
import { useManagedOffices } from './api/get-offices';
import { useTsuReports } from './api/get-tsu-reports';
import { addDays, localDay, weekStart } from './board';
import { SortHeader } from './components/sort-header';
import { CompactEmployeeTable, CompactSlotTable } from './components/tsu-compact-tables';
import { formatDay, formatRange } from './format';
import { type EmployeeColumn, type SlotColumn, type SortState, slotValue, sortRows } from './tsu';

const OFFICE_KEY = 'apex.scheduling.office';
/** Width (px) the full per-slot table needs. */
const FULL_TABLE_WIDTH = 900;
/** Below this (a phone) the compact tables drop one more column. */
const NARROW_WIDTH = 480;

const pct = (v: number) => `${Math.round(v * 100)}%`;
const hours = (v: number) => v.toFixed(2);

export default function TsuPage() {
  const { t } = useTranslation();
  const session = useSessionData();
  const userId = session ? String(session.identity.EmployeeID) : '';
  const today = localDay(new Date());
  const offices = useManagedOffices(userId);
  const [savedOffice, setSavedOffice] = useLocalStorage<number | null>({
    key: OFFICE_KEY,
    defaultValue: null,
  });
  const officeList = offices.data?.data ?? [];
  const office = officeList.find((o) => o.IcdOfficeID === savedOffice) ?? officeList[0] ?? null;
  const [range, setRange] = useState(() => ({ start: weekStart(today), end: addDays(weekStart(today), 13) }));
  const [draft, setDraft] = useState(range);
  const rangeError =
    !draft.start || !draft.end
      ? t('scheduling.tsu.rangeRequired')
      : draft.end < draft.start
        ? t('scheduling.tsu.rangeOrder')
        : null;
  const reports = useTsuReports(office?.IcdOfficeID ?? null, range.start, range.end, !!userId);
  const [slotSort, setSlotSort] = useState<SortState<SlotColumn>>({ column: 'Date', direction: 'asc' });
  const [empSort, setEmpSort] = useState<SortState<EmployeeColumn>>({
    column: 'EmployeeName',
    direction: 'asc',
  });

  const slotRows = reports.data ? sortRows(reports.data.summary.Rows, slotSort, slotValue) : [];
  const empRows = reports.data
    ? sortRows(reports.data.employees.Rows, empSort, (r: EmployeeTsuRow, c: EmployeeColumn) => r[c])
    : [];
  const totals = reports.data?.summary.Totals;
  // The full tables need about 900 px; narrower (a tablet in portrait beside the menu, a phone) the
  // compact ones merge columns so every figure stays on screen. Before the first measure, guess from
  // the window.
  const { ref: panelRef, width: panelWidth } = useElementSize();
  const wideWindow = useMediaQuery('(min-width: 75em)', true);
  const compact = panelWidth > 0 ? panelWidth < FULL_TABLE_WIDTH : !wideWindow;
  const narrow = panelWidth > 0 && panelWidth < NARROW_WIDTH;

  return (
    <Stack gap="md" maw={1200}>
      <Group gap="xs">
        <Button
          component={Link}
          to="/scheduling"
          variant="subtle"
          size="compact-sm"
          leftSection={<IconChevronLeft size={14} />}
        >
          {t('scheduling.board.title')}
        </Button>
      </Group>
      <Title order={1} size="h2">
        {t('scheduling.tsu.title')}
      </Title>
      <Text c="dimmed">{t('scheduling.tsu.subtitle')}</Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!rangeError) setRange(draft);
        }}
      >
        <Group align="flex-end" gap="sm">
          <Select
            label={t('scheduling.office')}
            data={officeList.map((o) => ({ value: String(o.IcdOfficeID), label: o.OfficeName }))}
            value={office ? String(office.IcdOfficeID) : null}
            onChange={(v) => v && setSavedOffice(Number(v))}
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            type="date"
            label={t('scheduling.tsu.from')}
            value={draft.start}
            onChange={(e) => setDraft({ ...draft, start: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('scheduling.tsu.to')}
            value={draft.end}
            onChange={(e) => setDraft({ ...draft, end: e.currentTarget.value })}
            error={rangeError}
          />
          <Button type="submit" disabled={!!rangeError}>
            {t('scheduling.tsu.show')}
          </Button>
        </Group>
      </form>

      {offices.isPending || (reports.isPending && reports.fetchStatus !== 'idle') ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : offices.isError || reports.isError ? (
        <Alert color="red" title={t('scheduling.tsu.loadFailed')}>
          {errorMessage(offices.error ?? reports.error)}
          <Button mt="sm" size="xs" variant="light" onClick={() => void reports.refetch()} display="block">
            {t('common.retry')}
          </Button>
        </Alert>
      ) : !office ? (
        <Text c="dimmed">{t('scheduling.board.noOffices')}</Text>
      ) : reports.data ? (
        <Tabs defaultValue="slots" keepMounted={false} ref={panelRef}>
          <Tabs.List>
            <Tabs.Tab value="slots">{t('scheduling.tsu.perSlot')}</Tabs.Tab>
            <Tabs.Tab value="employees">{t('scheduling.tsu.perEmployee')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="slots" pt="sm">
            {totals && (
              <Text size="sm" mb="xs" data-testid="tsu-totals">
                {t('scheduling.tsu.totals', {
                  events: totals.Events,
                  slots: totals.TimeSlots,
                  accepted: totals.Accepted,
                  capacity: totals.Capacity,
                  hours: hours(totals.Hours),
                  utilization: pct(totals.Utilization),
                })}
              </Text>
            )}
            {slotRows.length === 0 ? (
              <Text c="dimmed">{t('scheduling.tsu.empty')}</Text>
            ) : compact ? (
              <CompactSlotTable rows={slotRows} sort={slotSort} onSort={setSlotSort} narrow={narrow} />
            ) : (
              <ScrollTable label={t('scheduling.tsu.perSlot')} minWidth={FULL_TABLE_WIDTH}>
                <Table striped highlightOnHover data-testid="tsu-slots">
                  <Table.Thead>
                    <Table.Tr>
                      {(
                        [
                          ['Date', t('scheduling.tsu.date')],
                          ['Title', t('scheduling.tsu.event')],
                          ['Time', t('scheduling.tsu.slot')],
                        ] as const
                      ).map(([c, label]) => (
                        <SortHeader key={c} column={c} label={label} sort={slotSort} onSort={setSlotSort} />
                      ))}
                      {(
                        [
                          ['Capacity', t('scheduling.tsu.capacity')],
                          ['Accepted', t('scheduling.tsu.accepted')],
                          ['Pending', t('scheduling.tsu.pending')],
                          ['Rejected', t('scheduling.tsu.rejected')],
                          ['Hours', t('scheduling.tsu.hours')],
                          ['Utilization', t('scheduling.tsu.utilization')],
                        ] as const
                      ).map(([c, label]) => (
                        <SortHeader
                          key={c}
                          column={c}
                          label={label}
                          sort={slotSort}
                          onSort={setSlotSort}
                          numeric
                        />
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {slotRows.map((r) => (
                      <Table.Tr key={r.TimeSlotID}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(r.Date)}</Table.Td>
                        <Table.Td miw={180}>
                          {r.Title}
                          {r.EventHostName && (
                            <Text size="xs" c="dimmed">
                              {r.EventHostName}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {formatRange(r.StartTime, r.EndTime)}
                        </Table.Td>
                        <Table.Td ta="right">{r.Capacity}</Table.Td>
                        <Table.Td ta="right">{r.Accepted}</Table.Td>
                        <Table.Td ta="right">{r.Pending}</Table.Td>
                        <Table.Td ta="right">{r.Rejected}</Table.Td>
                        <Table.Td ta="right">{hours(r.Hours)}</Table.Td>
                        <Table.Td ta="right" c={r.Utilization < 1 ? 'orange.8' : 'green.8'} fw={600}>
                          {pct(r.Utilization)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="employees" pt="sm">
            {empRows.length === 0 ? (
              <Text c="dimmed">{t('scheduling.tsu.emptyEmployees')}</Text>
            ) : compact ? (
              <CompactEmployeeTable rows={empRows} sort={empSort} onSort={setEmpSort} narrow={narrow} />
            ) : (
              <ScrollTable label={t('scheduling.tsu.perEmployee')} minWidth={720}>
                <Table striped highlightOnHover data-testid="tsu-employees">
                  <Table.Thead>
                    <Table.Tr>
                      <SortHeader
                        column="EmployeeName"
                        label={t('scheduling.tsu.employee')}
                        sort={empSort}
                        onSort={setEmpSort}
                      />
                      {(
                        [
                          ['SlotsOffered', t('scheduling.tsu.offered')],
                          ['SlotsAccepted', t('scheduling.tsu.accepted')],
                          ['SlotsRejected', t('scheduling.tsu.rejected')],
                          ['SlotsPending', t('scheduling.tsu.pending')],
                          ['AcceptanceRate', t('scheduling.tsu.acceptance')],
                          ['Hours', t('scheduling.tsu.hours')],
                          ['TotalHours', t('scheduling.tsu.totalHours')],
                        ] as const
                      ).map(([c, label]) => (
                        <SortHeader
                          key={c}
                          column={c}
                          label={label}
                          sort={empSort}
                          onSort={setEmpSort}
                          numeric
                        />
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {empRows.map((r) => (
                      <Table.Tr key={r.EmployeeID}>
                        <Table.Td>{r.EmployeeName}</Table.Td>
                        <Table.Td ta="right">{r.SlotsOffered}</Table.Td>
                        <Table.Td ta="right">{r.SlotsAccepted}</Table.Td>
                        <Table.Td ta="right">{r.SlotsRejected}</Table.Td>
                        <Table.Td ta="right">{r.SlotsPending}</Table.Td>
                        <Table.Td ta="right">{pct(r.AcceptanceRate)}</Table.Td>
                        <Table.Td ta="right">{hours(r.Hours)}</Table.Td>
                        <Table.Td ta="right">{hours(r.TotalHours)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            )}
          </Tabs.Panel>
        </Tabs>
      ) : null}
    </Stack>
  );
}
