// Pieces every role dashboard card uses: the frame (title, loading, error, offline), a figure tile
// and the row of links to the screens where the work is done (only those the user may open).
import { Alert, Anchor, Card, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConnection } from '../../../api/connection';
import { errorMessage } from '../../../api/errors';
import { useSessionData } from '../../../app/app-context';
import { type RoleDashboardId, roleDashboardUrl } from '../../../contract/dashboards';
import { APP_STATES } from '../../../contract/navigation';

/** The URL of a state the user may open, or null (unknown state, or not readable). */
export function useStateLink(): (name: string) => string | null {
  const data = useSessionData();
  return (name: string) => {
    const state = APP_STATES.find((s) => s.Name === name);
    if (!state) return null;
    const readable = data?.states.find((s) => s.Name === name)?.CanRead ?? false;
    return readable ? state.Url : null;
  };
}

export interface FrameProps {
  id: string;
  title: string;
  subtitle?: string;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; data?: unknown };
  children: ReactNode;
}

export function DashboardFrame({ id, title, subtitle, query, children }: FrameProps) {
  const { t } = useTranslation();
  const network = useConnection();
  let body: ReactNode = children;
  if (!network.online && query.data === undefined)
    body = (
      <Alert color="gray" data-testid="dashboard-offline">
        {t('home-dashboards.offline')}
      </Alert>
    );
  else if (query.isPending)
    body = (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Group>
    );
  else if (query.isError)
    body = (
      <Alert color="red" title={t('home-dashboards.failed')}>
        <Text size="sm">{errorMessage(query.error)}</Text>
        <Anchor component="button" size="sm" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Anchor>
      </Alert>
    );
  return (
    <Card withBorder radius="md" padding="lg" data-dashboard={id} component="section" aria-label={title}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {title}
          </Title>
          {subtitle && (
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          )}
        </Stack>
        {body}
        {!network.online && query.data !== undefined && (
          <Text size="xs" c="dimmed">
            {t('home-dashboards.offlineStale')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function Figure({
  label,
  value,
  hint,
  testId,
  to,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  testId: string;
  to?: string | null;
}) {
  const content = (
    <>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} data-testid={testId}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </>
  );
  return to ? (
    <Paper withBorder radius="md" p="sm" component={Link} to={to} style={{ color: 'inherit' }}>
      {content}
    </Paper>
  ) : (
    <Paper withBorder radius="md" p="sm">
      {content}
    </Paper>
  );
}

/**
 * The links under a dashboard: "Open the dashboard" (on Home only, not on the dashboard's own page),
 * then the screens it leads to, each named as in the sidebar and shown only when the user may open it.
 */
export function DashboardLinks({
  dashboardId,
  detail,
  states,
}: {
  dashboardId: RoleDashboardId;
  detail: boolean;
  states: string[];
}) {
  const { t } = useTranslation();
  const link = useStateLink();
  // The dashboard's own page is a state too: offered only to a user who may open it.
  const names = detail ? states : ['home.dashboard', ...states];
  const shown = names.flatMap((name) => {
    const to = link(name);
    if (!to) return [];
    return name === 'home.dashboard'
      ? [{ name, label: t('home-dashboards.openDashboard'), to: roleDashboardUrl(dashboardId) }]
      : [{ name, label: t(`nav.${name}`), to }];
  });
  if (!shown.length) return null;
  return (
    <Group gap="md" wrap="wrap">
      {shown.map((l) => (
        <Anchor key={l.name} component={Link} to={l.to} size="sm" data-link-state={l.name}>
          {l.label}
        </Anchor>
      ))}
    </Group>
  );
}

/** Hours from minutes, one decimal ('146.9'). */
export function hoursOf(minutes: number): string {
  return (Math.round((minutes / 60) * 10) / 10).toLocaleString(undefined, { maximumFractionDigits: 1 });
}
