// Time approvals: one employee's entries of a pay period, day by day, opened under its row, with the
// manager's correction of an entry (the entry form).
import { Alert, Button, Card, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/errors';
import type { TimeEntry } from '../../contract/time';
import { type PayPeriod, wireDay } from '../../contract/time-management';
import { periodEntriesQuery } from './api/queries';
import { useInvalidate } from './approvals-shared';
import { EntryForm, type EntryFormValues } from './components/entry-form';
import { dayLabel, hoursLabel, spanMinutes, timeLabel } from './format';

/** One employee's entries of a pay period, per day, with Edit (a correction by the manager). */
export function PeriodDetail({ period }: { period: PayPeriod }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const invalidate = useInvalidate();
  const start = wireDay(period.StartDate);
  const end = wireDay(period.EndDate);
  const entries = useQuery(periodEntriesQuery(api, period.EmployeeID, start, end));
  const [editing, setEditing] = useState<TimeEntry | null>(null);

  async function save(values: EntryFormValues): Promise<string | null> {
    if (!editing) return null;
    const body = {
      EmployeeID: editing.EmployeeID,
      Date: editing.IsBreak ? wireDay(editing.Date) : values.Date,
      TimeEntryTypeID: editing.IsBreak ? editing.TimeEntryTypeID : values.TimeEntryTypeID,
      IcdOfficeID: editing.IcdOfficeID,
      ProgramID: editing.ProgramID,
      StoreID: editing.StoreID,
      Comments: editing.IsBreak ? editing.Comments : values.Comments,
      IsRealTime: editing.IsRealTime,
      TimeZoneOffset: editing.TimeZoneOffset,
      StartTime: values.StartTime,
      EndTime: values.EndTime,
      IsBreak: editing.IsBreak,
      ParentTimeEntryID: editing.ParentTimeEntryID,
      Latitude: editing.Latitude,
      Longitude: editing.Longitude,
      LocationAccuracy: editing.LocationAccuracy,
      Version: editing.Version,
    };
    try {
      const saved = await api.put<{ LateAdjustment?: unknown }>(`time-entries/${editing.Id}`, body);
      notifications.show({
        color: saved?.LateAdjustment ? 'orange' : 'teal',
        message: saved?.LateAdjustment
          ? t('time-management.approvals.sentToPayroll')
          : t('time-management.approvals.corrected', { name: period.EmployeeName }),
      });
      void invalidate();
      return null;
    } catch (err) {
      return errorMessage(err);
    }
  }

  if (entries.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (entries.isError)
    return (
      <Alert color="red" title={t('time-management.approvals.entriesFailed')}>
        {errorMessage(entries.error)}
      </Alert>
    );
  const list = [...entries.data.Items].sort((a, b) =>
    `${wireDay(a.Date)} ${a.StartTime}`.localeCompare(`${wireDay(b.Date)} ${b.StartTime}`),
  );
  const days = [...new Set(list.map((e) => wireDay(e.Date)))];
  return (
    <Stack gap="xs" data-testid="period-detail">
      {days.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('time-management.approvals.noEntries')}
        </Text>
      )}
      {days.map((day) => {
        const ofDay = list.filter((e) => wireDay(e.Date) === day);
        const work = ofDay.filter((e) => !e.IsBreak).reduce((s, e) => s + e.Minutes, 0);
        const breaks = ofDay.filter((e) => e.IsBreak).reduce((s, e) => s + e.Minutes, 0);
        return (
          <Card key={day} withBorder padding="xs" radius="sm">
            <Group justify="space-between" mb={4}>
              <Text fw={600} size="sm">
                {dayLabel(day)}
              </Text>
              <Text size="sm" fw={600}>
                {hoursLabel(Math.max(0, work - breaks))}
              </Text>
            </Group>
            <Table fz="sm" verticalSpacing={4}>
              <Table.Tbody>
                {ofDay.map((e) => (
                  <Table.Tr key={e.Id} data-entry-id={e.Id}>
                    <Table.Td pl={e.IsBreak ? 'lg' : undefined}>
                      {e.IsBreak ? t('time-management.timesheet.break') : t('time-management.timesheet.work')}
                    </Table.Td>
                    <Table.Td>
                      {timeLabel(e.StartTime)} –{' '}
                      {e.EndTime ? timeLabel(e.EndTime) : t('time-management.timesheet.open')}
                    </Table.Td>
                    <Table.Td>{hoursLabel(spanMinutes(e.StartTime, e.EndTime))}</Table.Td>
                    <Table.Td c="dimmed" maw={220} style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                      {e.Comments}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => setEditing(e)}
                        aria-label={t('time-management.approvals.correct', {
                          time: timeLabel(e.StartTime),
                          day: dayLabel(day),
                        })}
                      >
                        {t('time-management.timesheet.edit')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        );
      })}
      <EntryForm
        opened={!!editing}
        mode={editing?.IsBreak ? 'break' : 'edit'}
        title={t('time-management.approvals.correctTitle', { name: period.EmployeeName })}
        initial={editing ? { ...editing, Date: wireDay(editing.Date) } : {}}
        notice={
          <Alert color="blue" variant="light">
            {period.State === 'Open'
              ? t('time-management.approvals.correctNotice', { name: period.EmployeeName })
              : t('time-management.approvals.correctClosedNotice')}
          </Alert>
        }
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
    </Stack>
  );
}
