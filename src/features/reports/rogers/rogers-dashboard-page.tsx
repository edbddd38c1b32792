// A Rogers dashboard (/dashboards/rogers/:dashboardId): dates and office filters, figure cards, charts
// (lazy-loaded) and the table behind them with CSV export. Desktop first; the cards wrap on a tablet
// and stack on a phone.
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  type DashboardQuery,
  ROGERS_DASHBOARD_IDS,
  RogersDashboardId,
  SLIPPAGE_DAYS_DEFAULT,
} from '../../../contract/rogers';
import { QueryView } from '../../../ui/query-view';
import { useOffices } from '../../employees/api';
import { useRogersDashboard } from './api';
import { defaultDates, rangeProblem } from './filters';
import { formatCell } from './format';
import { ReportTable } from './report-table';

const DashboardCharts = lazy(() => import('./charts'));

export default function RogersDashboardPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const parsed = RogersDashboardId.safeParse(params.dashboardId);
  if (!parsed.success)
    return (
      <Alert color="red" title={t('rogers.dashboard.unknown')}>
        <Anchor component={Link} to="/reports">
          {t('rogers.backToReports')}
        </Anchor>
      </Alert>
    );
  return <Dashboard id={parsed.data} onPick={(id) => navigate(`/dashboards/rogers/${id}`)} />;
}

function Dashboard({ id, onPick }: { id: RogersDashboardId; onPick: (id: RogersDashboardId) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<DashboardQuery>(() => defaultDates());
  const [draft, setDraft] = useState<DashboardQuery>(query);
  const dashboard = useRogersDashboard(id, query);
  const offices = useOffices();
  const slippage = id === 'rogers-slippage-summary-report' || id === 'rogers-slippage-report';
  const problem = rangeProblem(draft.startDate, draft.endDate);

  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Anchor component={Link} to="/reports" size="sm">
            {t('rogers.backToReports')}
          </Anchor>
          <Title order={1} size="h2">
            {t(`rogers.dashboards.${id}.title`)}
          </Title>
          <Text c="dimmed" maw={820}>
            {t(`rogers.dashboards.${id}.description`)}
          </Text>
        </Stack>
        <Select
          label={t('rogers.dashboard.pick')}
          data={ROGERS_DASHBOARD_IDS.map((d) => ({ value: d, label: t(`rogers.dashboards.${d}.title`) }))}
          value={id}
          onChange={(v) => v && onPick(v as RogersDashboardId)}
          allowDeselect={false}
          w={{ base: '100%', sm: 300 }}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem) setQuery(draft);
        }}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label={t('rogers.filters.startDate')}
            value={draft.startDate ?? ''}
            onChange={(e) => setDraft({ ...draft, startDate: e.currentTarget.value || undefined })}
          />
          <TextInput
            type="date"
            label={t('rogers.filters.endDate')}
            value={draft.endDate ?? ''}
            onChange={(e) => setDraft({ ...draft, endDate: e.currentTarget.value || undefined })}
            error={problem ? t(`rogers.${problem}`) : null}
          />
          <Select
            label={t('rogers.filters.icdOfficeID')}
            data-testid="rogers-office"
            placeholder={t('rogers.allOffices')}
            data={(offices.data ?? []).map((o) => ({ value: String(o.IcdOfficeID), label: o.OfficeName }))}
            value={draft.icdOfficeID ? String(draft.icdOfficeID) : null}
            onChange={(v) => setDraft({ ...draft, icdOfficeID: v ? Number(v) : undefined })}
            clearable
            searchable
            w={{ base: '100%', sm: 240 }}
            comboboxProps={{ withinPortal: true }}
          />
          {slippage && (
            <NumberInput
              label={t('rogers.filters.slippageDays')}
              value={draft.slippageDays ?? SLIPPAGE_DAYS_DEFAULT}
              min={1}
              max={365}
              allowDecimal={false}
              onChange={(v) => setDraft({ ...draft, slippageDays: typeof v === 'number' ? v : undefined })}
              w={140}
            />
          )}
          <Button type="submit" mt={25} disabled={!!problem}>
            {t('rogers.show')}
          </Button>
        </Group>
      </form>
      <QueryView query={dashboard} errorTitle={t('rogers.loadFailed')}>
        {(d) => (
          <Stack gap="md" data-testid="rogers-dashboard">
            <SimpleGrid cols={{ base: 2, sm: 3, lg: Math.min(d.Figures.length, 8) }} spacing="sm">
              {d.Figures.map((f) => (
                <Card key={f.Key} withBorder padding="sm" data-testid={`rogers-figure-${f.Key}`}>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    {t(`rogers.columns.${f.Key}`, { defaultValue: f.Key })}
                  </Text>
                  <Text fz={26} fw={700}>
                    {formatCell(f.Value, f.Format)}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
            {d.Rows.length === 0 ? (
              <Text c="dimmed" data-testid="rogers-dashboard-empty">
                {t('rogers.dashboard.empty')}
              </Text>
            ) : (
              <Suspense
                fallback={
                  <Group justify="center" p="lg">
                    <Loader size="sm" />
                  </Group>
                }
              >
                <DashboardCharts charts={d.Charts} dashboardId={d.DashboardID} />
              </Suspense>
            )}
            <ReportTable
              columns={d.Columns}
              rows={d.Rows}
              fileName={`${d.DashboardID}-${d.StartDate}-${d.EndDate}`}
            />
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
