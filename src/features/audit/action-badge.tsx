// The badge naming what happened in a row of the audit trails (time changes and access changes).
import { Badge } from '@mantine/core';

export function ActionBadge({ color, children }: { color: string | undefined; children: string }) {
  return (
    <Badge color={color ?? 'gray'} variant="light" tt="none" styles={{ label: { overflow: 'visible' } }}>
      {children}
    </Badge>
  );
}
