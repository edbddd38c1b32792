import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Center, Paper, rem, Stack, Text, Title } from '../../ui/lite';

/** The centred card the account pages share. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center
      style={{
        minHeight: '100dvh',
        padding: 'var(--mantine-spacing-md)',
        background: 'var(--mantine-color-gray-0)',
      }}
    >
      <Paper
        withBorder
        shadow="sm"
        radius="md"
        className="apex-auth-card"
        style={{ width: '100%', maxWidth: rem(420) }}
      >
        <Stack gap="md">
          <Stack gap={2}>
            <Text fw={800} size="xl" c="blue.7">
              {t('common.appName')}
            </Text>
            <Title order={2} size="h3">
              {title}
            </Title>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
