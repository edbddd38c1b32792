// A time slot opened from the board: who holds it and their answer, unassign, and assign a qualifying
// employee. The server decides double bookings and capacity; its message is shown right here.
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errors';
import type { ScheduleEventAssignment, TimeSlot } from '../../../contract/scheduling';
import { useAssign, useUnassign } from '../api/assignment-actions';
import { useQualifyingEmployees } from '../api/get-qualifying-employees';
import { type BoardEvent, holdsPlace, openPlaces, placesTaken, visibleAssignments } from '../board';
import { formatDay, formatRange } from '../format';
import { StatusBadge } from './status-badge';

export interface SlotModalProps {
  event: BoardEvent | null;
  slot: TimeSlot | null;
  online: boolean;
  week: { start: string; end: string };
  onClose(): void;
}

export function SlotModal({ event, slot, online, week, onClose }: SlotModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const opened = !!event && !!slot;
  const employees = useQualifyingEmployees(
    event?.IcdOfficeID ?? null,
    week.start,
    week.end,
    opened && online,
  );
  const assign = useAssign();
  const unassign = useUnassign();
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  function close() {
    setEmployeeId(null);
    setConfirming(null);
    setError(null);
    assign.reset();
    unassign.reset();
    onClose();
  }

  if (!event || !slot) return <Modal opened={false} onClose={close} />;

  const holding = new Set(slot.Assignments.filter((a) => holdsPlace(a.Status)).map((a) => a.EmployeeID));
  const options = (employees.data ?? [])
    .filter((e) => e.CanAnswerEvents && !holding.has(e.EmployeeID))
    .map((e) => ({ value: String(e.EmployeeID), label: e.EmployeeName }));
  const open = openPlaces(slot);
  const people = visibleAssignments(slot.Assignments);

  async function doAssign() {
    if (!event || !slot || !employeeId) return;
    setError(null);
    try {
      await assign.mutateAsync({
        eventId: event.ScheduleEventID,
        timeSlotId: slot.TimeSlotID,
        employeeId: Number(employeeId),
      });
      setEmployeeId(null);
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  async function doUnassign(a: ScheduleEventAssignment) {
    if (!event) return;
    setError(null);
    try {
      await unassign.mutateAsync({
        eventId: event.ScheduleEventID,
        assignmentId: a.AssignmentID,
        version: a.Version,
      });
      setConfirming(null);
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      fullScreen={phone}
      title={
        <Stack gap={0}>
          <Text fw={700}>{event.Title}</Text>
          <Text size="sm" c="dimmed">
            {formatDay(event.Date)} · {formatRange(slot.StartTime, slot.EndTime)}
          </Text>
        </Stack>
      }
      data-testid="slot-modal"
    >
      <Stack gap="md">
        <Text size="sm" c={open > 0 ? 'orange.8' : 'green.8'} fw={600} data-testid="slot-places">
          {t('scheduling.slot.places', { taken: placesTaken(slot), capacity: slot.Capacity })}
          {open > 0 ? ` · ${t('scheduling.board.open', { count: open })}` : ` · ${t('scheduling.slot.full')}`}
        </Text>

        {error && (
          <Alert color="red" title={t('scheduling.slot.refused')} data-testid="slot-error" role="alert">
            {error}
          </Alert>
        )}

        {people.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('scheduling.slot.nobody')}
          </Text>
        ) : (
          <Stack gap="xs" data-testid="slot-people">
            {people.map((a) => (
              <Stack key={a.AssignmentID} gap={4} data-assignment-id={a.AssignmentID} data-status={a.Status}>
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {a.EmployeeName}
                    </Text>
                    <StatusBadge status={a.Status} size="sm" />
                  </Group>
                  {holdsPlace(a.Status) && confirming !== a.AssignmentID && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      disabled={!online}
                      onClick={() => setConfirming(a.AssignmentID)}
                    >
                      {t('scheduling.slot.unassign')}
                    </Button>
                  )}
                </Group>
                {a.Status === 3 && a.Reason && (
                  <Text size="xs" c="dimmed">
                    {t('scheduling.slot.reason', { reason: a.Reason })}
                  </Text>
                )}
                {confirming === a.AssignmentID && (
                  <Group gap="xs" justify="flex-end">
                    <Text size="sm">{t('scheduling.slot.confirmUnassign', { name: a.EmployeeName })}</Text>
                    <Button size="compact-sm" variant="default" onClick={() => setConfirming(null)}>
                      {t('scheduling.slot.keep')}
                    </Button>
                    <Button
                      size="compact-sm"
                      color="red"
                      loading={unassign.isPending}
                      onClick={() => void doUnassign(a)}
                    >
                      {t('scheduling.slot.unassign')}
                    </Button>
                  </Group>
                )}
              </Stack>
            ))}
          </Stack>
        )}

        {!online ? (
          <Alert color="gray">{t('scheduling.slot.needsConnection')}</Alert>
        ) : (
          <Stack gap="xs">
            <Select
              label={t('scheduling.slot.employee')}
              placeholder={
                employees.isPending ? t('common.loading') : t('scheduling.slot.employeePlaceholder')
              }
              data={options}
              value={employeeId}
              onChange={(v) => {
                setEmployeeId(v);
                setError(null);
              }}
              searchable
              clearable
              nothingFoundMessage={t('scheduling.slot.noEmployees')}
              error={employees.isError ? errorMessage(employees.error) : undefined}
              comboboxProps={{ withinPortal: true }}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.close')}
              </Button>
              <Button
                onClick={() => void doAssign()}
                disabled={!employeeId}
                loading={assign.isPending}
                data-testid="assign-button"
              >
                {t('scheduling.slot.assign')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
