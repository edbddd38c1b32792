// Time approvals, pay periods tab: the bar above the list — previous / next period, back to the
// current one, "Show everyone" after a linked employee, and the state filter.
import { Button, Card, Group, SegmentedControl, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StateFilter } from './approvals-shared';

export interface PeriodsToolbarProps {
  /** The period shown (its days, or the anchor day before the list loads). */
  periodLabel: string;
  onPrevious: () => void;
  onNext: () => void;
  onCurrent: () => void;
  /** Only one employee's period is listed (a link from a compliance report). */
  onlyEmployee: boolean;
  onShowEveryone: () => void;
  state: StateFilter;
  onStateChange: (state: StateFilter) => void;
}

export function PeriodsToolbar({
  periodLabel,
  onPrevious,
  onNext,
  onCurrent,
  onlyEmployee,
  onShowEveryone,
  state,
  onStateChange,
}: PeriodsToolbarProps) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" radius="md">
      <Group justify="space-between" gap="sm">
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            size="sm"
            px="xs"
            onClick={onPrevious}
            aria-label={t('time-management.approvals.previousPeriod')}
          >
            <IconChevronLeft size={18} />
          </Button>
          <Text fw={600} miw={190} ta="center" data-testid="period-label">
            {periodLabel}
          </Text>
          <Button
            variant="default"
            size="sm"
            px="xs"
            onClick={onNext}
            aria-label={t('time-management.approvals.nextPeriod')}
          >
            <IconChevronRight size={18} />
          </Button>
          <Button variant="subtle" size="sm" onClick={onCurrent}>
            {t('time-management.approvals.current')}
          </Button>
        </Group>
        {onlyEmployee && (
          <Button variant="light" size="xs" onClick={onShowEveryone} data-testid="show-everyone">
            {t('report-jobs.showEveryone')}
          </Button>
        )}
        <SegmentedControl
          value={state}
          onChange={(v) => onStateChange(v as StateFilter)}
          data={(['all', 'open', 'approved', 'locked'] as const).map((s) => ({
            value: s,
            label: t(`time-management.approvals.filter.${s}`),
          }))}
        />
      </Group>
    </Card>
  );
}
