// Lead batches: upload a CSV or XLSX file of leads (POST lead-batches, the file as base64 for now),
// then follow its geocoding job through the job tracker (polled every 5000 ms) with its counts:
// processed, located, located (unsure), no results, several results, malformed rows, failed.

import {
  Alert,
  Badge,
  Button,
  Center,
  FileInput,
  Group,
  Loader,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/errors';
import { JobStatus } from '../../../contract/common';
import {
  LEAD_BATCH_CONTENT_TYPES,
  LEAD_BATCH_MAX_BYTES,
  LeadBatch,
  LeadBatchJob,
  type LeadGroup,
} from '../../../contract/leads';
import { formatDateTime } from '../../../lib/date-display';
import { ListFooter } from '../../../ui/list-footer';
import { ScrollTable } from '../../../ui/scroll-table';
import { batchTracker } from './batch-tracker';
import {
  BATCHES_PAGE_SIZE,
  batchesQuery,
  fileToBase64,
  manageKeys,
  schemasQuery,
  statusesQuery,
} from './manage-api';

const JOB_COLORS: Record<number, string> = { 1: 'gray', 2: 'blue', 3: 'red', 4: 'green' };
const finished = (status: number) => status === JobStatus.Failed || status === JobStatus.Succeeded;

/** The counts of a batch job, kept current by the job tracker while it runs. */
export function BatchJobProgress({
  initial,
  onFinished,
}: {
  initial: LeadBatchJob;
  onFinished?: () => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [job, setJob] = useState<LeadBatchJob>(initial);

  useEffect(() => {
    if (finished(initial.JobStatus)) return;
    const tracker = batchTracker(api);
    tracker.track('leadBatch', initial.Id);
    const stop = tracker.subscribe((update) => {
      if (update.kind !== 'leadBatch' || String(update.id) !== String(initial.Id) || !update.job) return;
      const parsed = LeadBatchJob.safeParse(update.job);
      if (parsed.success) setJob(parsed.data);
    });
    // The app's own tracker polls the same storage; if it took the job off first, read it once here.
    const check = setInterval(() => {
      const tracked = tracker
        .list()
        .some((e) => e.kind === 'leadBatch' && String(e.id) === String(initial.Id));
      if (tracked) return;
      void api
        .get(`lead-batch-jobs/${initial.Id}`, { schema: LeadBatchJob })
        .then(setJob)
        .catch(() => undefined);
    }, 5000);
    return () => {
      stop();
      clearInterval(check);
    };
  }, [api, initial]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: tell once when it finishes
  useEffect(() => {
    if (finished(job.JobStatus) && !finished(initial.JobStatus)) onFinished?.();
  }, [job.JobStatus]);

  const rows = Math.max(job.RowCount, 1);
  const counts: [string, number][] = [
    ['processed', job.ProcessedCount],
    ['located', job.LocatedCount],
    ['locatedUnsure', job.LocatedUnsureCount],
    ['noResults', job.NoResultsCount],
    ['multipleResults', job.MultipleResultsCount],
    ['errors', job.ErrorCount],
    ['failed', job.FailedCount],
  ];
  return (
    <Stack gap={6} data-testid="batch-job" data-job-status={job.JobStatus}>
      <Group gap="xs">
        <Badge color={JOB_COLORS[job.JobStatus] ?? 'gray'}>
          {t(`leads.manage.batches.status.${job.JobStatus}`)}
        </Badge>
        <Text size="xs" c="dimmed">
          {job.RowCount > 0
            ? t('leads.manage.batches.ofRows', { done: job.ProcessedCount, rows: job.RowCount })
            : ''}
        </Text>
      </Group>
      <Progress
        value={(job.ProcessedCount / rows) * 100}
        animated={!finished(job.JobStatus)}
        aria-label={t('leads.manage.batches.progress')}
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={4}>
        {counts.map(([key, value]) => (
          <Text key={key} size="xs" data-count={key}>
            {t(`leads.manage.batches.counts.${key}`)}: <b>{value}</b>
          </Text>
        ))}
      </SimpleGrid>
      {job.Messages.length > 0 && (
        <Text size="xs" c="dimmed">
          {job.Messages.slice(-3).join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

export function BatchesPanel({ group }: { group: LeadGroup }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const batches = useQuery(batchesQuery(api, group.LeadGroupID, page - 1));
  const schemas = useQuery(schemasQuery(api, group.DivisionID));
  const statuses = useQuery(statusesQuery(api, group.DivisionID));
  const [file, setFile] = useState<File | null>(null);
  const [schemaId, setSchemaId] = useState<string | null>(null);
  const [statusId, setStatusId] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: ['leads-manage', 'batches', group.LeadGroupID] });

  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      const ext = chosen.name.toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv';
      return api.post(
        'lead-batches',
        {
          LeadGroupID: group.LeadGroupID,
          FileName: chosen.name,
          ContentType: LEAD_BATCH_CONTENT_TYPES[ext],
          ContentBase64: await fileToBase64(chosen),
          Description: description.trim() || null,
          ...(schemaId ? { ImportSchemaID: Number(schemaId) } : {}),
          ...(statusId ? { DefaultLeadStatusID: Number(statusId) } : {}),
        },
        { schema: LeadBatch },
      );
    },
    onSuccess: (batch) => {
      batchTracker(api).track('leadBatch', batch.Job.Id);
      notifications.show({
        color: 'green',
        message: t('leads.manage.batches.queued', { name: batch.FileName }),
      });
      setFile(null);
      setDescription('');
      setPage(1);
      void queryClient.invalidateQueries({ queryKey: manageKeys.batches(group.LeadGroupID, 0) });
    },
    onError: (err) =>
      notifications.show({
        color: 'red',
        title: t('leads.manage.batches.uploadFailed'),
        message: errorMessage(err),
      }),
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!file) return setFileError(t('leads.manage.batches.fileRequired'));
    if (!/\.(csv|xlsx)$/i.test(file.name)) return setFileError(t('leads.manage.batches.fileType'));
    if (file.size > LEAD_BATCH_MAX_BYTES) return setFileError(t('leads.manage.batches.fileTooLarge'));
    setFileError(null);
    upload.mutate(file);
  }

  const format = (d: Date | string) => formatDateTime(d);

  return (
    <Stack gap="md" data-testid="lead-batches">
      <Paper withBorder p="md" component="form" onSubmit={submit}>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('leads.manage.batches.uploadTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <FileInput
              label={t('leads.manage.batches.file')}
              description={t('leads.manage.batches.fileHint')}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={(f) => {
                setFile(f);
                setFileError(null);
              }}
              error={fileError}
              clearable
              required
              data-testid="batch-file"
            />
            <TextInput
              label={t('leads.manage.batches.description')}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              maxLength={500}
            />
            <Select
              label={t('leads.manage.batches.schema')}
              placeholder={t('leads.manage.batches.defaultSchema')}
              data={(schemas.data ?? []).map((s) => ({ value: String(s.ImportSchemaID), label: s.Name }))}
              value={schemaId}
              onChange={setSchemaId}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t('leads.manage.batches.defaultStatus')}
              placeholder={t('leads.knock.noStatus')}
              data={(statuses.data ?? []).map((s) => ({ value: String(s.LeadStatusID), label: s.Name }))}
              value={statusId}
              onChange={setStatusId}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={upload.isPending} data-testid="upload-batch">
              {t('leads.manage.batches.upload')}
            </Button>
          </Group>
        </Stack>
      </Paper>

      {batches.isPending ? (
        <Center py="lg">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : batches.isError ? (
        <Alert color="red" title={t('leads.manage.batches.loadFailed')}>
          {errorMessage(batches.error)}
          <Button variant="light" size="xs" mt="sm" onClick={() => void batches.refetch()} display="block">
            {t('common.retry')}
          </Button>
        </Alert>
      ) : batches.data.Items.length === 0 ? (
        <Text c="dimmed">{t('leads.manage.batches.none')}</Text>
      ) : (
        <>
          <ScrollTable label={t('leads.manage.tabs.batches')} minWidth={640}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('leads.manage.batches.file')}</Table.Th>
                  <Table.Th>{t('leads.manage.batches.created')}</Table.Th>
                  <Table.Th ta="right">{t('leads.manage.leads')}</Table.Th>
                  <Table.Th w="45%">{t('leads.manage.batches.job')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {batches.data.Items.map((b) => (
                  <Table.Tr key={b.LeadBatchID}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {b.FileName}
                      </Text>
                      {b.Description && (
                        <Text size="xs" c="dimmed">
                          {b.Description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{format(b.CreatedAt)}</Text>
                      <Text size="xs" c="dimmed">
                        {b.CreatedByName ?? ''}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{b.LeadsCount}</Table.Td>
                    <Table.Td>
                      <BatchJobProgress initial={b.Job} onFinished={refresh} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <ListFooter
            totalCount={batches.data.TotalCount}
            pageSize={BATCHES_PAGE_SIZE}
            page={page}
            onPageChange={setPage}
            size="sm"
          />
        </>
      )}
    </Stack>
  );
}
