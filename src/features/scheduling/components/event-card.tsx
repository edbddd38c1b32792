// One event on the board: title, host, time, and its time slots with who is assigned and their answer.
// A slot below capacity (a gap) is highlighted; tapping a slot opens it (assign, unassign).
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconHourglassHigh, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeSlot } from '../../../contract/scheduling';
import {
  type BoardEvent,
  EMPLOYEE_DRAG_TYPE,
  openPlaces,
  placesTaken,
  STATUS_COLOR,
  visibleAssignments,
} from '../board';
import { formatRange, formatShortRange } from '../format';
import { DraftBadge } from './status-badge';

export interface EventCardProps {
  event: BoardEvent;
  onOpenEvent(event: BoardEvent): void;
  onOpenSlot(event: BoardEvent, slot: TimeSlot): void;
  /** Someone was dropped on a slot (drag from the people panel). */
  onDropPerson?(event: BoardEvent, slot: TimeSlot, employeeId: number): void;
  /** A person is picked in the people panel: tapping a slot assigns them. */
  picking?: boolean;
}

const dragsPerson = (e: React.DragEvent) => e.dataTransfer.types.includes(EMPLOYEE_DRAG_TYPE);

export function EventCard({ event, onOpenEvent, onOpenSlot, onDropPerson, picking }: EventCardProps) {
  const { t } = useTranslation();
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const cancelled = event.Status === 2;
  // Slots of an event not yet on the server cannot be assigned.
  const assignable = event.ScheduleEventID > 0 && !cancelled;
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      data-testid="board-event"
      data-event-id={event.ScheduleEventID}
      data-draft={event.draft ?? 'none'}
      style={{
        borderColor: event.draft === 'conflict' ? 'var(--mantine-color-orange-6)' : undefined,
        // A cancelled event: a dashed border, its badge and struck-through slots (not faded: its text
        // and badge must keep their contrast).
        borderStyle: cancelled ? 'dashed' : undefined,
      }}
    >
      <Stack gap={6}>
        <UnstyledButton
          onClick={() => onOpenEvent(event)}
          aria-label={t('scheduling.board.openEvent', { title: event.Title })}
        >
          <Text fw={700} size="sm" lh={1.25}>
            {event.Title}
          </Text>
          <Text size="xs" c="dimmed" lh={1.3}>
            {formatShortRange(event.StartTime, event.EndTime)}
            {event.EventHostName ? ` · ${event.EventHostName}` : ''}
          </Text>
        </UnstyledButton>
        {(event.draft || cancelled) && (
          <Group gap={4}>
            <DraftBadge state={event.draft} />
            {cancelled && (
              <Badge color="gray" size="sm">
                {t('scheduling.cancelled')}
              </Badge>
            )}
          </Group>
        )}
        {event.TimeSlots.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('scheduling.board.noSlots')}
          </Text>
        )}
        {event.TimeSlots.map((slot, i) => {
          const open = cancelled ? 0 : openPlaces(slot);
          const people = visibleAssignments(slot.Assignments);
          const droppable = assignable && !!onDropPerson;
          const over = dropTarget === slot.TimeSlotID;
          const label = {
            time: formatRange(slot.StartTime, slot.EndTime),
            taken: placesTaken(slot),
            capacity: slot.Capacity,
          };
          return (
            <UnstyledButton
              key={slot.TimeSlotID || `new-${i}`}
              onClick={() => onOpenSlot(event, slot)}
              disabled={!assignable}
              data-testid="slot"
              data-slot-id={slot.TimeSlotID}
              data-gap={open > 0}
              data-cancelled={cancelled}
              aria-label={
                cancelled
                  ? t('scheduling.board.cancelledSlot', label)
                  : t(picking ? 'scheduling.board.assignToSlot' : 'scheduling.board.openSlot', label)
              }
              onDragOver={(e) => {
                if (!droppable || !dragsPerson(e)) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'copy';
                if (!over) setDropTarget(slot.TimeSlotID);
              }}
              onDragLeave={() => over && setDropTarget(null)}
              onDrop={(e) => {
                if (!droppable || !dragsPerson(e)) return;
                e.preventDefault();
                setDropTarget(null);
                const id = Number(e.dataTransfer.getData(EMPLOYEE_DRAG_TYPE));
                if (id > 0) onDropPerson(event, slot, id);
              }}
              style={{
                display: 'block',
                width: '100%',
                borderRadius: 'var(--mantine-radius-sm)',
                padding: '6px 8px',
                borderLeft: `4px solid var(--mantine-color-${cancelled ? 'gray-4' : open > 0 ? 'orange-5' : 'green-6'})`,
                background: over
                  ? 'var(--mantine-color-blue-1)'
                  : open > 0
                    ? 'var(--mantine-color-orange-0)'
                    : 'var(--mantine-color-gray-0)',
                outline:
                  over || (picking && assignable) ? '2px dashed var(--mantine-color-blue-5)' : undefined,
                outlineOffset: -2,
                cursor: assignable ? (picking ? 'copy' : 'pointer') : 'default',
              }}
            >
              <Group justify="space-between" gap={4} wrap="nowrap">
                <Text
                  size="xs"
                  fw={600}
                  td={cancelled ? 'line-through' : undefined}
                  c={cancelled ? 'dimmed' : undefined}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {formatShortRange(slot.StartTime, slot.EndTime)}
                </Text>
                <Text
                  size="xs"
                  c={open > 0 ? 'orange.8' : 'dimmed'}
                  fw={open > 0 ? 700 : 400}
                  td={cancelled ? 'line-through' : undefined}
                >
                  {placesTaken(slot)}/{slot.Capacity}
                </Text>
              </Group>
              {people.length > 0 && (
                <Stack gap={2} mt={4}>
                  {people.map((a) => (
                    <Group
                      key={a.AssignmentID}
                      gap={6}
                      wrap="nowrap"
                      data-testid="board-assignment"
                      data-assignment-id={a.AssignmentID}
                      data-employee-id={a.EmployeeID}
                      data-status={a.Status}
                    >
                      <StatusIcon status={a.Status} label={t(`scheduling.statusShort.${a.Status}`)} />
                      <Text
                        size="xs"
                        truncate
                        td={a.Status === 3 ? 'line-through' : undefined}
                        c={a.Status === 3 ? 'dimmed' : undefined}
                      >
                        {a.EmployeeName}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              )}
              {open > 0 && (
                <Text size="xs" c="orange.8" fw={600} mt={2}>
                  {t('scheduling.board.open', { count: open })}
                </Text>
              )}
            </UnstyledButton>
          );
        })}
      </Stack>
    </Paper>
  );
}

const STATUS_ICONS = { 1: IconHourglassHigh, 2: IconCheck, 3: IconX } as const;

/**
 * An answer as a small coloured icon — board columns are narrow. Named for screen readers when given
 * a label; decorative (hidden) without one, e.g. next to the legend's text.
 */
export function StatusIcon({ status, label }: { status: number; label?: string }) {
  const Icon = STATUS_ICONS[status as keyof typeof STATUS_ICONS] ?? IconHourglassHigh;
  const a11y = label ? { title: label, 'aria-label': label, role: 'img' } : { 'aria-hidden': true };
  return (
    <Icon
      size={14}
      stroke={2.4}
      color={`var(--mantine-color-${STATUS_COLOR[status]}-7)`}
      style={{ flex: 'none' }}
      {...a11y}
    />
  );
}
