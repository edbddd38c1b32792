// Rogers reports (/reports/rogers and /reports/rogers/:reportId): the reports the caller may run, the
// chosen one's filters, its table (sortable, paged) with CSV and xlsx exports, and running it as a
// report job (polled every 5000 ms) whose kept result can be refreshed.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  NavLink,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/errors';
import { Division, JobStatus } from '../../../contract/common';
import {
  type ReportFilter,
  RogersReportId as ReportIdSchema,
  type RogersReportId,
  type RogersReportInfo,
  type RogersReportQuery,
} from '../../../contract/rogers';
import { QueryView } from '../../../ui/query-view';
import { CorporationSelect } from '../../access/corporation-select';
import { useEmployeeList, useOffices } from '../../employees/api';
import {
  exportUrl,
  useCorporationOptions,
  useCreateReportJob,
  useRefreshReportJob,
  useReportJob,
  useRogersReport,
  useRogersReportList,
} from './api';
import { defaultDates, rangeProblem } from './filters';
import { ReportTable } from './report-table';

const DATE_FILTERS = new Set<ReportFilter>(['startDate', 'endDate', 'PostedDate']);
const ID_FILTERS = new Set<ReportFilter>(['leadBatchID', 'leadGroupID', 'employeeID', 'userID']);

export default function RogersReportsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const list = useRogersReportList();
  const picked = ReportIdSchema.safeParse(params.reportId);
  const id = picked.success ? picked.data : null;

  return (
    <Stack gap="md" maw={1500}>
      <Stack gap={2}>
        <Anchor component={Link} to="/reports" size="sm">
          {t('rogers.backToReports')}
        </Anchor>
        <Title order={1} size="h2">
          {t('rogers.reports.title')}
        </Title>
        <Text c="dimmed">{t('rogers.reports.subtitle')}</Text>
      </Stack>
      <QueryView
        query={list}
        errorTitle={t('rogers.loadFailed')}
        empty={t('rogers.reports.none')}
        isEmpty={(l) => l.length === 0}
      >
        {(reports) => (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Stack gap={2} component="nav" aria-label={t('rogers.reports.title')}>
                {reports.map((r) => (
                  <NavLink
                    key={r.ReportID}
                    component={Link}
                    to={`/reports/rogers/${r.ReportID}`}
                    label={t(`rogers.reportTitles.${r.ReportID}`, { defaultValue: r.Title })}
                    active={r.ReportID === id}
                  />
                ))}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              {id === null ? (
                params.reportId ? (
                  <Alert color="red" title={t('rogers.reports.unknown')} />
                ) : (
                  <Text c="dimmed">{t('rogers.reports.pick')}</Text>
                )
              ) : (
                <ReportRunner key={id} info={reports.find((r) => r.ReportID === id)} id={id} />
              )}
            </Grid.Col>
          </Grid>
        )}
      </QueryView>
    </Stack>
  );
}

function ReportRunner({ info, id }: { info: RogersReportInfo | undefined; id: RogersReportId }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const filters = info?.Filters ?? [];
  const required = new Set(info?.Required ?? []);
  const [draft, setDraft] = useState<RogersReportQuery>(() =>
    filters.includes('startDate') ? defaultDates() : {},
  );
  const [query, setQuery] = useState<RogersReportQuery | null>(null);
  const [missing, setMissing] = useState<ReportFilter[]>([]);
  const report = useRogersReport(id, query);
  const offices = useOffices();
  const createJob = useCreateReportJob();
  const refreshJob = useRefreshReportJob();
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useReportJob(jobId);
  const problem = rangeProblem(draft.startDate, draft.endDate);

  const set = (f: ReportFilter, v: string | number | undefined) => setDraft({ ...draft, [f]: v });
  const run = () => {
    const absent = filters.filter((f) => required.has(f) && draft[f] === undefined);
    setMissing(absent);
    if (absent.length || problem) return null;
    return { ...draft };
  };

  const people = useEmployeeList({ divisionId: Division.Rogers, pageSize: 500 });
  const peopleData = (people.data?.Items ?? []).map((e) => ({
    value: String(e.EmployeeID),
    label: `${e.FullName} (${e.UserName})`,
  }));
  const corporations = useCorporationOptions();

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t(`rogers.reportTitles.${id}`, { defaultValue: info?.Title ?? id })}
        </Title>
        <Text size="sm" c="dimmed" maw={900}>
          {t(`rogers.reportDescriptions.${id}`, { defaultValue: info?.Description ?? '' })}
        </Text>
      </Stack>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const q = run();
          if (q) setQuery(q);
        }}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          {filters.map((f) => {
            const error = missing.includes(f)
              ? t('rogers.required')
              : f === 'endDate' && problem
                ? t(`rogers.${problem}`)
                : null;
            if (DATE_FILTERS.has(f))
              return (
                <TextInput
                  key={f}
                  type="date"
                  label={t(`rogers.filters.${f}`)}
                  withAsterisk={required.has(f)}
                  value={(draft[f] as string | undefined) ?? ''}
                  onChange={(e) => set(f, e.currentTarget.value || undefined)}
                  error={error}
                />
              );
            if (f === 'icdOfficeID')
              return (
                <Select
                  key={f}
                  label={t('rogers.filters.icdOfficeID')}
                  placeholder={t('rogers.allOffices')}
                  data={(offices.data ?? []).map((o) => ({
                    value: String(o.IcdOfficeID),
                    label: o.OfficeName,
                  }))}
                  value={draft.icdOfficeID ? String(draft.icdOfficeID) : null}
                  onChange={(v) => set(f, v ? Number(v) : undefined)}
                  clearable
                  searchable
                  w={220}
                  comboboxProps={{ withinPortal: true }}
                />
              );
            if (f === 'icdCorporationID' || f === 'IcdCorporationID')
              return (
                <CorporationSelect
                  key={f}
                  source={corporations}
                  label={t(`rogers.filters.${f}`)}
                  placeholder={t('rogers.allCorporations')}
                  value={draft[f] ? String(draft[f]) : null}
                  onChange={(v) => set(f, v ? Number(v) : undefined)}
                  clearable
                  w={260}
                  comboboxProps={{ withinPortal: true }}
                />
              );
            if ((f === 'employeeID' || f === 'userID') && people.isSuccess)
              return (
                <Select
                  key={f}
                  label={t(`rogers.filters.${f}`)}
                  placeholder={t('rogers.anyone')}
                  data={peopleData}
                  value={draft[f] ? String(draft[f]) : null}
                  onChange={(v) => set(f, v ? Number(v) : undefined)}
                  clearable
                  searchable
                  w={240}
                  comboboxProps={{ withinPortal: true }}
                />
              );
            if (ID_FILTERS.has(f))
              return (
                <NumberInput
                  key={f}
                  label={t(`rogers.filters.${f}`)}
                  value={(draft[f] as number | undefined) ?? ''}
                  onChange={(v) => set(f, typeof v === 'number' ? v : undefined)}
                  min={1}
                  allowDecimal={false}
                  w={160}
                  error={error}
                />
              );
            return null;
          })}
          <Button type="submit" mt={25} disabled={!!problem}>
            {t('rogers.run')}
          </Button>
          <Button
            variant="default"
            mt={25}
            loading={createJob.isPending}
            disabled={!!problem}
            onClick={() => {
              const q = run();
              if (q) createJob.mutate({ id, query: q }, { onSuccess: (j) => setJobId(j.Id) });
            }}
          >
            {t('rogers.jobs.run')}
          </Button>
        </Group>
      </form>
      {createJob.isError && (
        <Alert color="red" title={t('rogers.jobs.failed')}>
          {errorMessage(createJob.error)}
        </Alert>
      )}
      {jobId !== null && job.data && (
        <Stack gap="xs" data-testid="rogers-job">
          <Group gap="sm">
            <Text size="sm">{t('rogers.jobs.job', { id: job.data.Id })}</Text>
            <Badge
              color={
                job.data.JobStatus === JobStatus.Succeeded
                  ? 'green'
                  : job.data.JobStatus === JobStatus.Failed
                    ? 'red'
                    : 'blue'
              }
            >
              {t(`rogers.jobs.status.${job.data.JobStatus}`)}
            </Badge>
            {job.data.Messages.map((m) => (
              <Text key={m} size="sm" c="dimmed">
                {m}
              </Text>
            ))}
            {(job.data.JobStatus === JobStatus.Succeeded || job.data.JobStatus === JobStatus.Failed) && (
              <Button
                size="xs"
                variant="subtle"
                loading={refreshJob.isPending}
                onClick={() => refreshJob.mutate(jobId, { onSuccess: () => job.refetch() })}
              >
                {t('rogers.jobs.refresh')}
              </Button>
            )}
          </Group>
          {job.data.Result && (
            <ReportTable
              columns={job.data.Result.Columns}
              rows={job.data.Result.Rows}
              totals={job.data.Result.Totals}
              fileName={`${id}-job-${job.data.Id}`}
            />
          )}
        </Stack>
      )}
      {query === null ? (
        <Text c="dimmed">{t('rogers.reports.setFilters')}</Text>
      ) : (
        <QueryView
          query={report}
          errorTitle={t('rogers.loadFailed')}
          empty={t('rogers.reports.empty')}
          isEmpty={(r) => r.Rows.length === 0}
          emptyTestId="rogers-report-empty"
        >
          {(r) => (
            <div data-testid="rogers-report">
              <ReportTable
                columns={r.Columns}
                rows={r.Rows}
                totals={r.Totals}
                fileName={id}
                xlsxUrl={exportUrl(id, query, api.apiRoot)}
              />
            </div>
          )}
        </QueryView>
      )}
    </Stack>
  );
}
