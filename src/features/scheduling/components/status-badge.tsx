import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOR, STATUS_KEY } from '../board';

/** An assignment's answer in its colour (Pending yellow, Accepted green, Rejected red, Unassigned grey). */
export function StatusBadge({ status, ...props }: { status: number } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-status={status} {...props}>
      {t(`scheduling.status.${STATUS_KEY[status]}`)}
    </Badge>
  );
}

/** The state of a change kept on this device. */
export function DraftBadge({ state }: { state: 'pending' | 'failed' | 'conflict' | undefined }) {
  const { t } = useTranslation();
  if (!state) return null;
  const color = state === 'pending' ? 'yellow' : state === 'conflict' ? 'orange' : 'red';
  return (
    <Badge color={color} variant="outline" size="sm" data-testid="draft-badge" data-draft={state}>
      {t(`scheduling.draft.${state}`)}
    </Badge>
  );
}
