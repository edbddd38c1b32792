// The people a manager can staff the week with: the office's qualifying employees who can answer event
// assignments, each with the number of time slots they hold this week. A person is dragged onto a time
// slot, or picked (tap, Enter or Space) and then time slots are tapped to assign them one after another.
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconGripVertical, IconHandClick } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QualifyingEmployee } from '../../../contract/scheduling';
import { EMPLOYEE_DRAG_TYPE } from '../board';

export interface PeoplePanelProps {
  people: readonly QualifyingEmployee[];
  /** Time slots each person holds (Pending or Accepted) in the week shown. */
  load: ReadonlyMap<number, number>;
  loading: boolean;
  error: string | null;
  online: boolean;
  picked: QualifyingEmployee | null;
  onPick(person: QualifyingEmployee | null): void;
  onRetry(): void;
}

export function PeoplePanel({
  people,
  load,
  loading,
  error,
  online,
  picked,
  onPick,
  onRetry,
}: PeoplePanelProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xs" data-testid="people-panel">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={700} id="people-heading">
            {t('scheduling.people.title')}
          </Text>
          {online && people.length > 0 && !picked && (
            <Text size="xs" c="dimmed">
              {t('scheduling.people.help')}
            </Text>
          )}
        </Group>
        {!online ? (
          <Text size="xs" c="dimmed">
            {t('scheduling.slot.needsConnection')}
          </Text>
        ) : loading ? (
          <Loader size="xs" aria-label={t('common.loading')} />
        ) : error ? (
          <Group gap="xs">
            <Text size="xs" c="red">
              {error}
            </Text>
            <Button size="compact-xs" variant="light" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          </Group>
        ) : people.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('scheduling.people.nobody')}
          </Text>
        ) : (
          <Group gap={6} role="group" aria-labelledby="people-heading">
            {people.map((p) => {
              const count = load.get(p.EmployeeID) ?? 0;
              const active = picked?.EmployeeID === p.EmployeeID;
              return (
                <UnstyledButton
                  key={p.EmployeeID}
                  draggable
                  onDragStart={(e) => {
                    e.dataTransfer.setData(EMPLOYEE_DRAG_TYPE, String(p.EmployeeID));
                    e.dataTransfer.setData('text/plain', p.EmployeeName);
                    e.dataTransfer.effectAllowed = 'copy';
                  }}
                  onClick={() => onPick(active ? null : p)}
                  aria-pressed={active}
                  aria-label={t('scheduling.people.person', { name: p.EmployeeName, count })}
                  data-testid="person"
                  data-employee-id={p.EmployeeID}
                  style={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 4,
                    padding: '4px 8px 4px 4px',
                    minHeight: 36,
                    borderRadius: 'var(--mantine-radius-xl)',
                    border: `1px solid var(--mantine-color-${active ? 'blue-6' : 'gray-4'})`,
                    background: active ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-white)',
                    cursor: 'grab',
                    touchAction: 'manipulation',
                  }}
                >
                  <IconGripVertical size={14} color="var(--mantine-color-gray-5)" aria-hidden />
                  <Text size="sm" fw={active ? 700 : 500}>
                    {p.EmployeeName}
                  </Text>
                  <Badge
                    size="sm"
                    variant={count ? 'light' : 'outline'}
                    color={count ? 'blue' : 'gray'}
                    circle
                  >
                    {count}
                  </Badge>
                </UnstyledButton>
              );
            })}
          </Group>
        )}
        {picked && (
          <Alert
            color="blue"
            variant="light"
            p="xs"
            icon={<IconHandClick size={18} />}
            data-testid="assign-mode"
            aria-live="polite"
          >
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t('scheduling.people.picking', { name: picked.EmployeeName })}</Text>
              <Button size="compact-sm" variant="white" onClick={() => onPick(null)}>
                {t('scheduling.people.done')}
              </Button>
            </Group>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
