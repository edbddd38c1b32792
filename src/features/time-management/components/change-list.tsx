// What changed in a time entry (or a pay period), field by field: before → after.
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChangeValue, FieldChange } from '../../../contract/audit';
import { formatDateTime, formatDay } from '../../../lib/date-display';
import { timeLabel, wireDay } from '../format';

const DATE_FIELDS = new Set(['Date', 'StartDate', 'EndDate']);

/** A value as people read it. */
export function useFieldValue(typeNames?: ReadonlyMap<number, string>) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (field: string, value: ChangeValue): string => {
    if (value === null || value === '') return t('time-management.changes.empty');
    if (DATE_FIELDS.has(field)) return formatDay(wireDay(value), { locale }) || String(value);
    if (value instanceof Date) return formatDateTime(value, { locale });
    if (field === 'StartTime' || field === 'EndTime') return timeLabel(value);
    if (value === 'true') return t('common.yes');
    if (value === 'false') return t('common.no');
    if (field === 'TimeEntryTypeID') return typeNames?.get(Number(value)) ?? value;
    return value;
  };
}

export function useFieldLabel() {
  const { t } = useTranslation();
  return (field: string) => t(`time-management.fields.${field}`, { defaultValue: field });
}

/** 'End time: 5:00 PM → 4:30 PM; Comments: — → Left early' */
export function useChangeSummary(typeNames?: ReadonlyMap<number, string>) {
  const value = useFieldValue(typeNames);
  const label = useFieldLabel();
  return (changes: readonly FieldChange[]) =>
    changes
      .map((c) => `${label(c.Field)}: ${value(c.Field, c.Before)} → ${value(c.Field, c.After)}`)
      .join('; ');
}

export function ChangeList({
  changes,
  typeNames,
}: {
  changes: readonly FieldChange[];
  typeNames?: ReadonlyMap<number, string>;
}) {
  const { t } = useTranslation();
  const value = useFieldValue(typeNames);
  const label = useFieldLabel();
  if (!changes.length)
    return (
      <Text size="sm" c="dimmed">
        {t('time-management.changes.none')}
      </Text>
    );
  return (
    <Table fz="sm" verticalSpacing={4} withRowBorders={false} data-testid="change-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('time-management.changes.field')}</Table.Th>
          <Table.Th>{t('time-management.changes.before')}</Table.Th>
          <Table.Th>{t('time-management.changes.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((c) => (
          <Table.Tr key={c.Field} data-field={c.Field}>
            <Table.Td>{label(c.Field)}</Table.Td>
            <Table.Td c="dimmed" td={c.Before ? 'line-through' : undefined}>
              {value(c.Field, c.Before)}
            </Table.Td>
            <Table.Td fw={600}>{value(c.Field, c.After)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
