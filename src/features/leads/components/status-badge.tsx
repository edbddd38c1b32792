// A lead status as a badge: the status's own colour as a dot before its name (a coloured border on a
// pill-shaped badge draws as a crescent).
import { Badge, type BadgeProps, Box } from '@mantine/core';

export function StatusDot({ color }: { color: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      w={10}
      h={10}
      style={{
        display: 'inline-block',
        borderRadius: '50%',
        background: color,
        boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.25)',
        flexShrink: 0,
      }}
    />
  );
}

export function LeadStatusBadge({
  badge,
  ...props
}: { badge: { Name: string; Color: string } } & Omit<BadgeProps, 'children' | 'leftSection'> & {
    title?: string;
    'data-testid'?: string;
  }) {
  return (
    <Badge variant="light" color="gray" leftSection={<StatusDot color={badge.Color} />} {...props}>
      {badge.Name}
    </Badge>
  );
}
