// The event drawer's additional hours: hours people worked for the event beyond its time slots (setup,
// tear-down, travel), per employee. Read and saved online, like cancelling: the whole list is sent with
// the event's Version (PUT schedule-events/{id}/additional-hours); the server's refusals are shown on
// the row or field they concern.
import {
  ActionIcon,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClockPlus, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, ResponseError } from '../../../api/errors';
import { formFields } from '../../../api/save-problems';
import { RefusalBanner } from '../../../ui/refusal-banner';
import {
  checkRows,
  emptyRow,
  formatHours,
  type HoursRow,
  MAX_COMMENT,
  MAX_HOURS,
  type RowError,
  type RowErrors,
  rowsFrom,
  serverRowErrors,
  totalHours,
} from '../additional-hours';
import { EventDetail, useEventDetail } from '../api/get-event-detail';
import { useQualifyingEmployees } from '../api/get-qualifying-employees';
import { useSaveAdditionalHours } from '../api/save-additional-hours';
import { type BoardEvent, holdsPlace } from '../board';

/** The server's field keys a row shows a message beside (a refusal naming only these has no banner). */
const ROW_FIELDS = formFields(
  'AdditionalHours.*.EmployeeID',
  'AdditionalHours.*.Hours',
  'AdditionalHours.*.Comments',
);

export interface AdditionalHoursSectionProps {
  event: BoardEvent;
  online: boolean;
}

export function AdditionalHoursSection({ event, online }: AdditionalHoursSectionProps) {
  const { t } = useTranslation();
  const onServer = event.ScheduleEventID > 0;
  const detail = useEventDetail(event.ScheduleEventID, online && onServer);
  const saved = detail.data?.AdditionalHours ?? [];
  const [editing, setEditing] = useState<{ rows: HoursRow[]; version: number } | null>(null);
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  /** The refused save, for the banner (RefusalBanner says only what no row shows). */
  const [error, setError] = useState<unknown>(null);
  const saveHours = useSaveAdditionalHours();
  const saving = saveHours.isPending;
  const people = useQualifyingEmployees(event.IcdOfficeID, event.Date, event.Date, !!editing && online);

  const names = new Map<number, string>();
  for (const p of people.data ?? []) names.set(p.EmployeeID, p.EmployeeName);
  for (const h of saved) names.set(h.EmployeeID, h.EmployeeName);
  const nameOf = (id: number) => names.get(id) ?? `#${id}`;

  // Who held a place in the event first: they are the likely ones.
  const worked = new Set(
    event.TimeSlots.flatMap((s) =>
      s.Assignments.filter((a) => holdsPlace(a.Status)).map((a) => a.EmployeeID),
    ),
  );
  for (const s of event.TimeSlots)
    for (const a of s.Assignments) if (!names.has(a.EmployeeID)) names.set(a.EmployeeID, a.EmployeeName);
  const option = (id: number) => ({ value: String(id), label: nameOf(id) });
  const byName = (a: number, b: number) => nameOf(a).localeCompare(nameOf(b));
  const assignedIds = [...worked].sort(byName);
  const otherIds = [...names.keys()].filter((id) => !worked.has(id)).sort(byName);
  const options = [
    ...(assignedIds.length
      ? [{ group: t('scheduling.hours.groupAssigned'), items: assignedIds.map(option) }]
      : []),
    ...(otherIds.length ? [{ group: t('scheduling.hours.groupOthers'), items: otherIds.map(option) }] : []),
  ];

  function start() {
    if (!detail.data) return;
    setEditing({
      rows: saved.length ? rowsFrom(saved) : [emptyRow()],
      version: detail.data.Version,
    });
    setRowErrors({});
    setError(null);
  }

  function stop() {
    setEditing(null);
    setRowErrors({});
    setError(null);
  }

  function setRow(key: string, change: Partial<HoursRow>) {
    if (!editing) return;
    setEditing({ ...editing, rows: editing.rows.map((r) => (r.key === key ? { ...r, ...change } : r)) });
    // A field the manager corrects no longer shows its message.
    const i = editing.rows.findIndex((r) => r.key === key);
    if (rowErrors[i]) {
      const left = { ...rowErrors[i] };
      for (const field of Object.keys(change)) delete left[field as keyof typeof left];
      setRowErrors({ ...rowErrors, [i]: left });
    }
  }

  async function save() {
    if (!editing) return;
    const checked = checkRows(editing.rows, editing.version, nameOf);
    setRowErrors(checked.errors);
    setError(null);
    if (!checked.payload) return;
    try {
      await saveHours.mutateAsync({ eventId: event.ScheduleEventID, body: checked.payload });
      stop();
      notifications.show({ color: 'green', message: t('scheduling.hours.saved', { title: event.Title }) });
    } catch (err) {
      setRowErrors(serverRowErrors(err instanceof ResponseError ? err.data : null));
      if (err instanceof ResponseError && err.status === 409) {
        // Someone changed the event meanwhile: the hours now saved are shown (the detail is read
        // again); saving once more replaces them with these rows.
        const current = EventDetail.safeParse((err.data as { Current?: unknown } | null)?.Current);
        if (current.success) setEditing({ ...editing, version: current.data.Version });
      }
      setError(err);
    }
  }

  const fieldError = (e: RowError | undefined) => (e ? (e.text ?? t(e.key, e.values)) : undefined);

  return (
    <Stack gap="xs" data-testid="additional-hours">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5">
          {t('scheduling.hours.title')}
        </Title>
        {!editing && online && onServer && detail.data && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconClockPlus size={16} />}
            onClick={start}
            data-testid="edit-additional-hours"
          >
            {saved.length ? t('scheduling.hours.edit') : t('scheduling.hours.add')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('scheduling.hours.help')}
      </Text>

      {!onServer ? (
        <Text size="sm" c="dimmed">
          {t('scheduling.hours.afterSync')}
        </Text>
      ) : !online ? (
        <Text size="sm" c="dimmed">
          {t('scheduling.hours.needsConnection')}
        </Text>
      ) : detail.isPending ? (
        <Loader size="xs" aria-label={t('common.loading')} />
      ) : detail.isError ? (
        <Group gap="xs">
          <Text size="sm" c="red">
            {errorMessage(detail.error)}
          </Text>
          <Button size="compact-xs" variant="light" onClick={() => void detail.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      ) : !editing ? (
        saved.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="no-additional-hours">
            {t('scheduling.hours.none')}
          </Text>
        ) : (
          <Table fz="sm" withRowBorders={false} verticalSpacing={4} data-testid="additional-hours-list">
            <Table.Tbody>
              {saved.map((h) => (
                <Table.Tr key={h.AdditionalHoursID} data-employee-id={h.EmployeeID} data-hours={h.Hours}>
                  <Table.Td pl={0}>
                    <Text size="sm">{h.EmployeeName}</Text>
                    {h.Comments && (
                      <Text size="xs" c="dimmed">
                        {h.Comments}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" pr={0} style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    {t('scheduling.hours.value', { hours: formatHours(h.Hours) })}
                  </Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td pl={0} fw={600}>
                  {t('scheduling.hours.total')}
                </Table.Td>
                <Table.Td ta="right" pr={0} fw={600} data-testid="additional-hours-total">
                  {t('scheduling.hours.value', { hours: formatHours(totalHours(saved)) })}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )
      ) : (
        <Stack gap="xs" data-testid="additional-hours-editor">
          <RefusalBanner
            error={error}
            isField={ROW_FIELDS}
            stale={
              <>
                <Text size="sm">{t('scheduling.hours.conflict')}</Text>
                <Text size="sm" mt={4}>
                  {saved.length
                    ? t('scheduling.hours.nowSaved', {
                        list: saved
                          .map(
                            (h) =>
                              `${h.EmployeeName} ${t('scheduling.hours.value', { hours: formatHours(h.Hours) })}`,
                          )
                          .join(', '),
                      })
                    : t('scheduling.hours.nowNone')}
                </Text>
              </>
            }
            testId="additional-hours-error"
          />
          {editing.rows.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('scheduling.hours.removeAll')}
            </Text>
          )}
          {editing.rows.map((row, i) => (
            <Paper key={row.key} withBorder p="xs" radius="sm" data-testid="hours-row">
              <Stack gap={6}>
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <Select
                    label={t('scheduling.hours.employee')}
                    placeholder={t('scheduling.hours.employeePlaceholder')}
                    data={options}
                    value={row.EmployeeID === null ? null : String(row.EmployeeID)}
                    onChange={(v) => setRow(row.key, { EmployeeID: v ? Number(v) : null })}
                    searchable
                    nothingFoundMessage={t('scheduling.hours.nobody')}
                    error={fieldError(rowErrors[i]?.EmployeeID)}
                    comboboxProps={{ withinPortal: true }}
                    style={{ flex: 1, minWidth: 0 }}
                  />
                  <NumberInput
                    label={t('scheduling.hours.hours')}
                    value={row.Hours}
                    onChange={(v) => setRow(row.key, { Hours: v })}
                    min={0}
                    max={MAX_HOURS}
                    // Out-of-range values stay as typed and are named by the check, not silently changed.
                    clampBehavior="none"
                    allowNegative={false}
                    step={0.25}
                    decimalScale={2}
                    error={fieldError(rowErrors[i]?.Hours)}
                    w={104}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={26}
                    aria-label={t('scheduling.hours.removeRow', {
                      name: row.EmployeeID === null ? '' : nameOf(row.EmployeeID),
                    })}
                    onClick={() => {
                      setEditing({ ...editing, rows: editing.rows.filter((r) => r.key !== row.key) });
                      setRowErrors({}); // they are by row position
                    }}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
                <TextInput
                  label={t('scheduling.hours.comment')}
                  placeholder={t('scheduling.hours.commentPlaceholder')}
                  value={row.Comments}
                  onChange={(e) => setRow(row.key, { Comments: e.currentTarget.value })}
                  maxLength={MAX_COMMENT}
                  error={fieldError(rowErrors[i]?.Comments)}
                />
              </Stack>
            </Paper>
          ))}
          <Group justify="space-between" gap="xs">
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconUserPlus size={16} />}
              onClick={() => setEditing({ ...editing, rows: [...editing.rows, emptyRow()] })}
              data-testid="add-hours-row"
            >
              {t('scheduling.hours.addRow')}
            </Button>
            <Text size="sm" c="dimmed">
              {t('scheduling.hours.totalOf', { hours: formatHours(totalHours(editing.rows)) })}
            </Text>
          </Group>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={stop} disabled={saving}>
              {t('scheduling.hours.cancel')}
            </Button>
            <Button
              size="xs"
              onClick={() => void save()}
              loading={saving}
              disabled={!online}
              data-testid="save-additional-hours"
            >
              {t('scheduling.hours.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
