import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A full-page message with actions (403, not found, navigation failed, app outdated). */
export function StatusPage({
  code,
  title,
  body,
  actions,
}: {
  code?: string;
  title: string;
  body: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Center mih="70dvh" p="md">
      <Stack maw={520} gap="sm" align="flex-start">
        {code && (
          <Text fz={48} fw={800} c="dimmed" lh={1}>
            {code}
          </Text>
        )}
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{body}</Text>
        {actions && <Group mt="sm">{actions}</Group>}
      </Stack>
    </Center>
  );
}

export { Button };
