// The TSU report tables where the full ones do not fit (a tablet in portrait beside the menu, a phone):
// per slot, the day, time, event and host share one column and the answers one "places" column, so
// Utilization stays on screen; per employee, the answers and the hours are merged the same way.
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EmployeeTsuRow, TsuSlotRow } from '../../../contract/scheduling';
import { formatDay, formatShortRange } from '../format';
import type { EmployeeColumn, SlotColumn, SortState } from '../tsu';
import { SortHeader } from './sort-header';

const pct = (v: number) => `${Math.round(v * 100)}%`;

/** The answers that are not zero, e.g. '1 pending · 2 rejected' (nothing when all are zero). */
function Answers(counts: { accepted?: number; pending: number; rejected: number }) {
  const { t } = useTranslation();
  const parts = (['accepted', 'pending', 'rejected'] as const)
    .filter((k) => (counts[k] ?? 0) > 0)
    .map((k) => t(`scheduling.tsu.${k}Count`, { count: counts[k] }));
  if (!parts.length) return null;
  return (
    <Text size="xs" c="dimmed">
      {parts.join(' · ')}
    </Text>
  );
}
const hours = (v: number) => v.toFixed(2);

export function CompactSlotTable({
  rows,
  sort,
  onSort,
  narrow,
}: {
  rows: readonly TsuSlotRow[];
  sort: SortState<SlotColumn>;
  onSort(s: SortState<SlotColumn>): void;
  /** A phone: the hours go under the places instead of a column of their own. */
  narrow?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Table striped highlightOnHover fz="sm" data-testid="tsu-slots" data-layout="compact">
      <Table.Thead>
        <Table.Tr>
          <SortHeader column="Date" label={t('scheduling.tsu.event')} sort={sort} onSort={onSort} />
          <SortHeader
            column="Accepted"
            label={t('scheduling.tsu.places')}
            sort={sort}
            onSort={onSort}
            numeric
          />
          {!narrow && (
            <SortHeader
              column="Hours"
              label={t('scheduling.tsu.hours')}
              sort={sort}
              onSort={onSort}
              numeric
            />
          )}
          <SortHeader
            column="Utilization"
            label={t('scheduling.tsu.utilization')}
            sort={sort}
            onSort={onSort}
            numeric
          />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.TimeSlotID} data-slot-id={r.TimeSlotID}>
            <Table.Td>
              <Text size="xs" fw={600} c="dimmed">
                {formatDay(r.Date)} · {formatShortRange(r.StartTime, r.EndTime)}
              </Text>
              <Text size="sm" lh={1.3}>
                {r.Title}
              </Text>
              {r.EventHostName && (
                <Text size="xs" c="dimmed">
                  {r.EventHostName}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right" style={{ verticalAlign: 'top' }}>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {t('scheduling.tsu.placesOf', { accepted: r.Accepted, capacity: r.Capacity })}
              </Text>
              <Answers pending={r.Pending} rejected={r.Rejected} />
              {narrow && (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {t('scheduling.tsu.hoursValue', { hours: hours(r.Hours) })}
                </Text>
              )}
            </Table.Td>
            {!narrow && (
              <Table.Td ta="right" style={{ verticalAlign: 'top' }}>
                {hours(r.Hours)}
              </Table.Td>
            )}
            <Table.Td
              ta="right"
              c={r.Utilization < 1 ? 'orange.8' : 'green.8'}
              fw={600}
              style={{ verticalAlign: 'top' }}
              data-testid="tsu-utilization"
            >
              {pct(r.Utilization)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function CompactEmployeeTable({
  rows,
  sort,
  onSort,
  narrow,
}: {
  rows: readonly EmployeeTsuRow[];
  sort: SortState<EmployeeColumn>;
  onSort(s: SortState<EmployeeColumn>): void;
  /** A phone: the acceptance rate goes under the time slots instead of a column of its own. */
  narrow?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Table striped highlightOnHover fz="sm" data-testid="tsu-employees" data-layout="compact">
      <Table.Thead>
        <Table.Tr>
          <SortHeader
            column="EmployeeName"
            label={t('scheduling.tsu.employee')}
            sort={sort}
            onSort={onSort}
          />
          <SortHeader
            column="SlotsOffered"
            label={t('scheduling.tsu.slots')}
            sort={sort}
            onSort={onSort}
            numeric
          />
          {!narrow && (
            <SortHeader
              column="AcceptanceRate"
              label={t('scheduling.tsu.acceptance')}
              sort={sort}
              onSort={onSort}
              numeric
            />
          )}
          <SortHeader
            column="TotalHours"
            label={t('scheduling.tsu.hours')}
            sort={sort}
            onSort={onSort}
            numeric
          />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.EmployeeID}>
            <Table.Td>{r.EmployeeName}</Table.Td>
            <Table.Td ta="right">
              <Text size="sm">{t('scheduling.tsu.offeredCount', { count: r.SlotsOffered })}</Text>
              <Answers accepted={r.SlotsAccepted} pending={r.SlotsPending} rejected={r.SlotsRejected} />
              {narrow && (
                <Text size="xs" c="dimmed">
                  {t('scheduling.tsu.acceptanceValue', { rate: pct(r.AcceptanceRate) })}
                </Text>
              )}
            </Table.Td>
            {!narrow && (
              <Table.Td ta="right" style={{ verticalAlign: 'top' }}>
                {pct(r.AcceptanceRate)}
              </Table.Td>
            )}
            <Table.Td ta="right" style={{ verticalAlign: 'top' }}>
              <Text size="sm" fw={600}>
                {hours(r.TotalHours)}
              </Text>
              {r.AdditionalHours > 0 && (
                <Text size="xs" c="dimmed">
                  {t('scheduling.tsu.hoursDetail', {
                    slots: hours(r.Hours),
                    additional: hours(r.AdditionalHours),
                  })}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
