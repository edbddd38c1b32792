import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionData } from '../../app/app-context';
import { roleDashboardsOf } from './dashboards/which';

// The role dashboards (the manager's day, the week, payroll's queue) are a chunk of their own, loaded
// only for users who hold one: a field user's home stays as light as before.
const DashboardCards = lazy(() => import('./dashboards/dashboard-cards'));

export default function HomePage() {
  const { t } = useTranslation();
  const data = useSessionData();
  const modules = (data?.navigation ?? []).filter((m) => m.State !== 'home');
  const dashboards = roleDashboardsOf(data?.grants ?? []).map((d) => d.DashboardID);
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1} size="h2" data-testid="welcome">
          {t('home.welcome', { name: data?.identity.FirstName ?? '' })}
        </Title>
        <Text c="dimmed">{t('home.subtitle')}</Text>
      </Stack>
      {dashboards.length > 0 && (
        <Suspense fallback={null}>
          <DashboardCards ids={dashboards} />
        </Suspense>
      )}
      {modules.length === 0 ? (
        <Text c="dimmed">{t('home.nothing')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {modules.map((m) => (
            <Card
              key={m.State}
              component={Link}
              to={m.Url}
              withBorder
              radius="md"
              padding="lg"
              data-state={m.State}
            >
              <Text fw={600}>{t(`nav.${m.State}`)}</Text>
              <Text size="sm" c="dimmed">
                {t(`home.describe.${m.State}`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
