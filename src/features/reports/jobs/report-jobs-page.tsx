// Compliance report jobs (state 'reports.jobs', online only, desktop first): a form to run a report
// (kinds grouped with the rule each checks, date range, offices, output format) and the user's jobs
// with live status (job tracker, 5000 ms), cancel, remove, download, and the first flagged rows with a
// link to the time approvals screen where the entries can be fixed.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  Progress,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Link } from 'react-router';
import { errorMessage, isResponseError } from '../../../api/errors';
import { JobStatus } from '../../../contract/common';
import {
  type ComplianceDescription,
  type ComplianceKind,
  type DateRangeType,
  KIND_GROUPS,
  type ReportJob,
  ReportOutputFormat,
} from '../../../contract/report-jobs';
import { formatDateTime, formatDay } from '../../../lib/date-display';
import { ListFooter } from '../../../ui/list-footer';
import { noItems, QueryView } from '../../../ui/query-view';
import { ScrollTable } from '../../../ui/scroll-table';
import {
  documentUrl,
  isRunning,
  useCreateJob,
  useDeleteJob,
  useDescriptions,
  useReportJobs,
  useReportOffices,
} from './api';

const PAGE_SIZE = 10;

/** Today as YYYY-MM-DD in the browser's calendar (the form's default day). */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function fieldErrors(err: unknown): Record<string, string[]> {
  if (!isResponseError(err)) return {};
  const data = err.data as { Errors?: Record<string, string[]> } | undefined;
  return data?.Errors ?? {};
}

export default function ReportJobsPage() {
  const { t } = useTranslation();
  return (
    <Stack maw={1400} gap="md">
      <div>
        <Title order={1} size="h2">
          {t('report-jobs.title')}
        </Title>
        <Text c="dimmed">{t('report-jobs.subtitle')}</Text>
      </div>
      <NewJobForm />
      <JobList />
    </Stack>
  );
}

function NewJobForm() {
  const { t } = useTranslation();
  const descriptions = useDescriptions();
  const offices = useReportOffices();
  const create = useCreateJob();
  const [kinds, setKinds] = useState<ComplianceKind[]>([]);
  const [rangeType, setRangeType] = useState<DateRangeType>('Week');
  const [startDate, setStartDate] = useState(today);
  const [endDate, setEndDate] = useState('');
  const [frequency, setFrequency] = useState('2');
  const [officeIds, setOfficeIds] = useState<string[]>([]);
  const [format, setFormat] = useState(String(ReportOutputFormat.MultipleWorksheets));
  const errors = fieldErrors(create.error);
  const byKind = useMemo(
    () => new Map((descriptions.data ?? []).map((d) => [d.Kind, d] as const)),
    [descriptions.data],
  );
  const noManual = kinds.filter((k) => byKind.get(k)?.AllowsManualDateRange === false);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    create.mutate(
      {
        ReportType: 1,
        Reports: kinds,
        ReportOutputFormat: Number(format) as 1 | 2,
        DateRangeType: rangeType,
        StartDate: startDate,
        EndDate: rangeType === 'Manual' ? endDate || null : null,
        PayFrequencyID: rangeType === 'PayPeriod' ? (Number(frequency) as 1 | 2 | 3 | 4) : null,
        IcdOfficeIDs: officeIds.length ? officeIds.map(Number) : null,
      },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('report-jobs.queued') }),
      },
    );
  }

  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={submit} data-testid="new-job">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('report-jobs.newTitle')}
        </Title>
        <QueryView query={descriptions} errorTitle={t('report-jobs.descriptionsFailed')}>
          {(list) => (
            <Checkbox.Group
              value={kinds}
              onChange={(v) => setKinds(v as ComplianceKind[])}
              label={t('report-jobs.kinds')}
              error={errors.Reports?.join(' ')}
            >
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mt="xs" spacing="md">
                {KIND_GROUPS.map((group) => (
                  <KindGroup key={group} group={group} list={list.filter((d) => d.Group === group)} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          )}
        </QueryView>
        <Group align="flex-end" gap="md" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('report-jobs.range')}
            </Text>
            <SegmentedControl
              value={rangeType}
              onChange={(v) => setRangeType(v as DateRangeType)}
              data={(['PayPeriod', 'Week', 'Manual'] as const).map((r) => ({
                value: r,
                label: t(`report-jobs.rangeType.${r}`),
              }))}
            />
          </Stack>
          {rangeType === 'PayPeriod' && (
            <Select
              label={t('report-jobs.frequency')}
              value={frequency}
              onChange={(v) => setFrequency(v ?? '2')}
              allowDeselect={false}
              data={['1', '2', '3', '4'].map((f) => ({ value: f, label: t(`report-jobs.frequencies.${f}`) }))}
              w={170}
            />
          )}
          <TextInput
            type="date"
            label={rangeType === 'Manual' ? t('report-jobs.from') : t('report-jobs.containing')}
            value={startDate}
            onChange={(e) => setStartDate(e.currentTarget.value)}
            error={errors.StartDate?.join(' ')}
            required
            w={180}
          />
          {rangeType === 'Manual' && (
            <TextInput
              type="date"
              label={t('report-jobs.to')}
              value={endDate}
              onChange={(e) => setEndDate(e.currentTarget.value)}
              error={errors.EndDate?.join(' ')}
              required
              w={180}
            />
          )}
          <MultiSelect
            label={t('report-jobs.offices')}
            placeholder={officeIds.length ? undefined : t('report-jobs.allOffices')}
            data={(offices.data ?? []).map((o) => ({ value: String(o.IcdOfficeID), label: o.OfficeName }))}
            value={officeIds}
            onChange={setOfficeIds}
            error={errors.IcdOfficeIDs?.join(' ')}
            clearable
            searchable
            miw={260}
          />
        </Group>
        {rangeType === 'Manual' && noManual.length > 0 && (
          <Alert color="yellow" data-testid="no-manual">
            {t('report-jobs.noManual', { names: noManual.map((k) => byKind.get(k)?.Name ?? k).join(', ') })}
          </Alert>
        )}
        <Radio.Group value={format} onChange={setFormat} label={t('report-jobs.format')}>
          <Group mt={4}>
            <Radio value="1" label={t('report-jobs.formats.1')} />
            <Radio value="2" label={t('report-jobs.formats.2')} />
          </Group>
        </Radio.Group>
        {create.isError && (
          <Alert color="red" title={t('report-jobs.createFailed')}>
            {errorMessage(create.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending} disabled={kinds.length === 0}>
            {t('report-jobs.run', { count: kinds.length })}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function KindGroup({ group, list }: { group: string; list: ComplianceDescription[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={8} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={700} size="sm">
        {t(`report-jobs.groups.${group}`)}
      </Text>
      {list.map((d) => (
        <Checkbox
          key={d.Kind}
          value={d.Kind}
          data-kind={d.Kind}
          label={
            <span>
              {d.Name}
              {!d.IsFlag && (
                <Badge ml={6} size="xs" variant="light" color="gray">
                  {t('report-jobs.listing')}
                </Badge>
              )}
            </span>
          }
          description={d.Description}
        />
      ))}
    </Stack>
  );
}

function statusColour(job: ReportJob) {
  if (job.JobStatus === JobStatus.Succeeded) return 'teal';
  if (job.JobStatus === JobStatus.Failed) return job.IsCancelled ? 'gray' : 'red';
  return 'blue';
}

function JobList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const jobs = useReportJobs(page, PAGE_SIZE);
  const remove = useDeleteJob();
  const descriptions = useDescriptions();
  const names = new Map((descriptions.data ?? []).map((d) => [d.Kind as string, d.Name]));
  const when = (v: string | Date) => formatDateTime(v);

  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="sm">
        {t('report-jobs.listTitle')}
      </Title>
      <QueryView
        query={jobs}
        errorTitle={t('report-jobs.loadFailed')}
        empty={t('report-jobs.empty')}
        isEmpty={noItems}
        emptyTestId="jobs-empty"
      >
        {(data) => (
          <>
            <ScrollTable label={t('report-jobs.listTitle')} minWidth={820}>
              <Table verticalSpacing="sm" data-testid="report-jobs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('report-jobs.col.created')}</Table.Th>
                    <Table.Th>{t('report-jobs.col.reports')}</Table.Th>
                    <Table.Th>{t('report-jobs.col.range')}</Table.Th>
                    <Table.Th>{t('report-jobs.col.status')}</Table.Th>
                    <Table.Th>{t('report-jobs.col.found')}</Table.Th>
                    <Table.Th ta="right">{t('report-jobs.col.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.Items.map((job) => (
                    <Fragment key={job.Id}>
                      <Table.Tr data-job-id={job.Id} data-status={job.JobStatus}>
                        <Table.Td>
                          <Text size="sm">{when(job.CreatedAt)}</Text>
                          <Text size="xs" c="dimmed">
                            {job.OfficeNames.join(', ')}
                          </Text>
                        </Table.Td>
                        <Table.Td maw={320}>
                          <Text size="sm">{job.Reports.map((k) => names.get(k) ?? k).join(', ')}</Text>
                          <Text size="xs" c="dimmed">
                            {t(`report-jobs.formats.${job.ReportOutputFormat}`)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">
                            {t('report-jobs.rangeLabel', { start: job.StartDate, end: job.EndDate })}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t(`report-jobs.rangeType.${job.DateRangeType}`)}
                          </Text>
                        </Table.Td>
                        <Table.Td miw={170}>
                          <Badge color={statusColour(job)} data-testid="job-status">
                            {job.IsCancelled && job.JobStatus === JobStatus.Failed
                              ? t('report-jobs.cancelled')
                              : t(`report-jobs.status.${job.JobStatus}`)}
                          </Badge>
                          {isRunning(job) && (
                            <Progress
                              value={job.Progress}
                              mt={6}
                              size="sm"
                              animated
                              aria-label={t('report-jobs.progress', { value: job.Progress })}
                            />
                          )}
                          {job.ErrorMessage && !job.IsCancelled && (
                            <Text size="xs" c="red.8" mt={4}>
                              {job.ErrorMessage}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {job.JobStatus === JobStatus.Succeeded && (
                            <Text size="sm" data-testid="job-found">
                              {t('report-jobs.found', { count: job.RowCount, flagged: job.FlaggedCount })}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" justify="flex-end" wrap="nowrap">
                            {job.JobStatus === JobStatus.Succeeded && (
                              <>
                                <Button
                                  size="xs"
                                  component="a"
                                  href={documentUrl(job.Id)}
                                  download={job.FileName ?? undefined}
                                  data-testid="download"
                                >
                                  {t('report-jobs.download')}
                                </Button>
                                {(job.Summary?.Preview.length ?? 0) > 0 && (
                                  <Button
                                    size="xs"
                                    variant={open === job.Id ? 'filled' : 'light'}
                                    aria-expanded={open === job.Id}
                                    onClick={() => setOpen(open === job.Id ? null : job.Id)}
                                  >
                                    {t('report-jobs.showFlagged')}
                                  </Button>
                                )}
                              </>
                            )}
                            <Button
                              size="xs"
                              variant="default"
                              color={isRunning(job) ? 'red' : undefined}
                              loading={remove.isPending && remove.variables === job.Id}
                              onClick={() =>
                                remove.mutate(job.Id, {
                                  onError: (err) =>
                                    notifications.show({
                                      color: 'red',
                                      title: t('report-jobs.removeFailed'),
                                      message: errorMessage(err),
                                    }),
                                })
                              }
                            >
                              {isRunning(job) ? t('report-jobs.cancel') : t('report-jobs.remove')}
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                      {open === job.Id && job.Summary && (
                        <Table.Tr>
                          <Table.Td colSpan={6} bg="var(--mantine-color-gray-0)">
                            <FlaggedRows job={job} names={names} />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <ListFooter
              label={t('report-jobs.count', { count: data.TotalCount })}
              totalCount={data.TotalCount}
              pageSize={PAGE_SIZE}
              page={page}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryView>
    </Card>
  );
}

function FlaggedRows({ job, names }: { job: ReportJob; names: Map<string, string> }) {
  const { t } = useTranslation();
  const preview = job.Summary?.Preview ?? [];
  return (
    <Stack gap="xs" data-testid="flagged-rows">
      <Text size="sm" c="dimmed">
        {t('report-jobs.previewNote', { shown: preview.length, total: job.FlaggedCount })}
      </Text>
      <Table withRowBorders verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('report-jobs.col.report')}</Table.Th>
            <Table.Th>{t('report-jobs.col.employee')}</Table.Th>
            <Table.Th>{t('report-jobs.col.day')}</Table.Th>
            <Table.Th>{t('report-jobs.col.detail')}</Table.Th>
            <Table.Th>{t('report-jobs.col.entries')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.map((r) => (
            <Table.Tr key={`${r.Kind}-${r.EmployeeID}-${r.Day}-${r.TimeEntryIDs.join('.')}`}>
              <Table.Td>{names.get(r.Kind) ?? r.Kind}</Table.Td>
              <Table.Td>
                {r.EmployeeName}
                {r.OfficeName && (
                  <Text size="xs" c="dimmed">
                    {r.OfficeName}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDay(r.Day)}</Table.Td>
              <Table.Td>{r.Detail}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={r.Link} size="sm" data-testid="flag-link">
                  {t('report-jobs.openEntries', { count: r.TimeEntryIDs.length })}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
