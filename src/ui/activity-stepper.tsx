// Activity timeline (spec 000 §2, §9; spec 002 §2): steps with title, date, colour, creator name and
// description. Dates read 'MMM d, yyyy at h:mm a'; an empty description reads 'No comments'. The
// heading of a step is a button that expands or collapses its description.
import { Text, Timeline, Title, type TitleOrder, UnstyledButton } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateInput, formatActivityDate, toDate } from '../lib/dates';

export interface ActivityStep {
  id: string | number;
  title: string;
  date?: DateInput;
  /** Bullet colour: a Mantine colour name or any CSS colour. */
  color?: string;
  creatorName?: string | null;
  description?: string | null;
  /** Starts expanded. */
  expanded?: boolean;
}

export interface ActivityStepperProps {
  steps: readonly ActivityStep[];
  /** Told when a step is expanded or collapsed. */
  onToggle?: (id: ActivityStep['id'], expanded: boolean) => void;
  /** Heading level of the step titles, to fit the page's outline. */
  headingOrder?: TitleOrder;
}

export function ActivityStepper({ steps, onToggle, headingOrder = 4 }: ActivityStepperProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const [expanded, setExpanded] = useState<ReadonlySet<ActivityStep['id']>>(
    () => new Set(steps.filter((step) => step.expanded).map((step) => step.id)),
  );

  if (steps.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('ui.stepper.empty')}
      </Text>
    );
  }

  const toggle = (id: ActivityStep['id']) => {
    const open = !expanded.has(id);
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
    onToggle?.(id, open);
  };

  return (
    <Timeline bulletSize={16} lineWidth={2} active={steps.length - 1}>
      {steps.map((step, index) => {
        const open = expanded.has(step.id);
        const panelId = `${baseId}-step-${index}`;
        const date = toDate(step.date);
        const description = step.description?.trim();
        return (
          <Timeline.Item
            key={step.id}
            color={step.color}
            data-step={step.id}
            title={
              <Title order={headingOrder} fz="sm">
                <UnstyledButton
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => toggle(step.id)}
                  fw={600}
                  fz="sm"
                >
                  {step.title}
                </UnstyledButton>
              </Title>
            }
          >
            <Text size="xs" c="dimmed">
              {date && <time dateTime={date.toISOString()}>{formatActivityDate(date)}</time>}
              {date && step.creatorName ? ' · ' : ''}
              {step.creatorName ? t('ui.stepper.by', { name: step.creatorName }) : ''}
            </Text>
            <Text id={panelId} hidden={!open} size="sm" mt={4} c={description ? undefined : 'dimmed'}>
              {description || t('ui.stepper.noComments')}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
