// Payroll imports (office, online only): a wizard — choose the kind and the definition, upload an
// Excel workbook, check the preview row by row (bad rows highlighted, filter by status, paged), apply
// all rows at once (ADP numbers, terminations), see the result. The read is synchronous: a 50 000-row
// file previews in a few seconds (README "Benchmarks"), the button shows it is working meanwhile.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  List,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { IconFileSpreadsheet, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/errors';
import { serverMessages } from '../../api/field-errors';
import {
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  type ImportApplyResult,
  type ImportKind,
  type ImportPreview,
  type ImportRow,
  type ImportRowStatus,
} from '../../contract/imports';
import { ResponsiveTable } from '../../ui/responsive-table';
import { useApplyImport, useDefaultDefinition, useDefinitions, useImportRows, useReadImport } from './api';

const PAGE_SIZE = 50;
const STATUS_COLOR: Record<ImportRowStatus, string> = { Change: 'blue', Unchanged: 'gray', Bad: 'red' };

export default function ImportsPage() {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [kind, setKind] = useState<ImportKind>('AdpEmployeeNumbers');
  const [definitionId, setDefinitionId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportApplyResult | null>(null);
  const definitions = useDefinitions(kind);
  const fallback = useDefaultDefinition(kind);
  const read = useReadImport();
  const apply = useApplyImport();

  const tooBig = file !== null && file.size > IMPORT_MAX_BYTES;
  const restart = () => {
    setStep(0);
    setFile(null);
    setPreview(null);
    setResult(null);
    read.reset();
    apply.reset();
  };

  const definitionOptions = [
    {
      value: '',
      label: t('imports.defaultDefinition', { name: fallback.data?.Name ?? t('imports.builtIn') }),
    },
    ...(definitions.data ?? []).map((d) => ({ value: String(d.ImportDefinitionID), label: d.Name })),
  ];

  return (
    <Stack gap="md" maw={1280}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('imports.title')}
        </Title>
        <Button
          component={Link}
          to="/imports/definitions"
          variant="light"
          leftSection={<IconSettings size={16} />}
        >
          {t('imports.definitions')}
        </Button>
      </Group>
      <Stepper active={step} onStepClick={(s) => s < step && !result && setStep(s)} size="sm">
        <Stepper.Step label={t('imports.steps.choose')}>
          <Card withBorder maw={640}>
            <Stack>
              <Select
                label={t('imports.kind')}
                data={IMPORT_KINDS.map((k) => ({ value: k, label: t(`imports.kinds.${k}`) }))}
                value={kind}
                onChange={(v) => {
                  if (!v) return;
                  setKind(v as ImportKind);
                  setDefinitionId(null);
                }}
                allowDeselect={false}
                description={t(`imports.kindHelp.${kind}`)}
                data-testid="import-kind"
              />
              <Select
                label={t('imports.definition')}
                data={definitionOptions}
                value={definitionId ?? ''}
                onChange={(v) => setDefinitionId(v || null)}
                allowDeselect={false}
                disabled={definitions.isPending}
                error={definitions.error ? errorMessage(definitions.error) : undefined}
                data-testid="import-definition"
              />
              <Group justify="flex-end">
                <Button onClick={() => setStep(1)} data-testid="import-next">
                  {t('imports.next')}
                </Button>
              </Group>
            </Stack>
          </Card>
        </Stepper.Step>

        <Stepper.Step label={t('imports.steps.upload')}>
          <Card withBorder maw={640}>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (!file || tooBig) return;
                read.mutate(
                  { kind, file, definitionId: definitionId ? Number(definitionId) : null },
                  {
                    onSuccess: (p) => {
                      setPreview(p);
                      setStep(2);
                    },
                  },
                );
              }}
            >
              <Stack>
                <FileInput
                  label={t('imports.file')}
                  description={t('imports.fileHelp')}
                  placeholder={t('imports.choose')}
                  accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  value={file}
                  onChange={(f) => {
                    setFile(f);
                    read.reset();
                  }}
                  leftSection={<IconFileSpreadsheet size={16} />}
                  clearable
                  error={tooBig ? t('imports.tooLarge') : undefined}
                  data-testid="import-file"
                />
                {read.isError && (
                  <Alert color="red" title={t('imports.readFailed')} data-testid="import-read-error">
                    {errorMessage(read.error)}
                  </Alert>
                )}
                <Group justify="space-between">
                  <Button variant="default" onClick={() => setStep(0)}>
                    {t('imports.back')}
                  </Button>
                  <Button
                    type="submit"
                    disabled={!file || tooBig}
                    loading={read.isPending}
                    data-testid="import-read"
                  >
                    {t('imports.read')}
                  </Button>
                </Group>
                {read.isPending && <Text size="sm">{t('imports.reading')}</Text>}
              </Stack>
            </form>
          </Card>
        </Stepper.Step>

        <Stepper.Step label={t('imports.steps.preview')}>
          {preview && (
            <PreviewStep
              preview={preview}
              applying={apply.isPending}
              applyError={apply.error}
              onBack={() => setStep(1)}
              onApply={() =>
                preview.ApplyPath &&
                apply.mutate(
                  { path: preview.ApplyPath, importId: preview.ImportID },
                  {
                    onSuccess: (r) => {
                      setResult(r);
                      setStep(3);
                    },
                  },
                )
              }
            />
          )}
        </Stepper.Step>

        <Stepper.Completed>
          {result && (
            <Alert
              color={result.Changed ? 'green' : 'blue'}
              title={t('imports.done')}
              data-testid="import-result"
            >
              <Stack gap="xs">
                <Text>{result.Message}</Text>
                <Text size="sm">
                  {t('imports.resultCounts', { changed: result.Changed, unchanged: result.Unchanged })}
                </Text>
                <Button variant="light" onClick={restart} w="fit-content">
                  {t('imports.another')}
                </Button>
              </Stack>
            </Alert>
          )}
        </Stepper.Completed>
      </Stepper>
    </Stack>
  );
}

function PreviewStep(props: {
  preview: ImportPreview;
  applying: boolean;
  applyError: unknown;
  onBack: () => void;
  onApply: () => void;
}) {
  const { t } = useTranslation();
  const { preview } = props;
  const [status, setStatus] = useState<ImportRowStatus | null>(preview.BadCount ? 'Bad' : null);
  const [page, setPage] = useState(1);
  const rows = useImportRows(preview.ImportID, status, page - 1, PAGE_SIZE);
  const total = rows.data?.TotalCount ?? 0;
  const lines = serverMessages(props.applyError);

  return (
    <Stack>
      <Group gap="sm" data-testid="import-counts">
        <Text fw={500}>{preview.FileName}</Text>
        <Badge variant="light">{t('imports.count.rows', { count: preview.RowCount })}</Badge>
        <Badge color="blue">{t('imports.count.change', { count: preview.ChangeCount })}</Badge>
        <Badge color="gray">{t('imports.count.unchanged', { count: preview.UnchangedCount })}</Badge>
        <Badge color="red">{t('imports.count.bad', { count: preview.BadCount })}</Badge>
        <Text size="sm" c="dimmed">
          {t('imports.usingDefinition', { name: preview.DefinitionName })}
        </Text>
      </Group>
      {preview.BadCount > 0 && (
        <Alert color="red" title={t('imports.badTitle')}>
          {t('imports.badBody')}
        </Alert>
      )}
      {!preview.ApplyPath && <Alert color="blue">{t('imports.previewOnly')}</Alert>}
      <SegmentedControl
        w="fit-content"
        value={status ?? 'All'}
        onChange={(v) => {
          setStatus(v === 'All' ? null : (v as ImportRowStatus));
          setPage(1);
        }}
        data={[
          { value: 'All', label: t('imports.filter.all') },
          { value: 'Change', label: t('imports.filter.Change') },
          { value: 'Unchanged', label: t('imports.filter.Unchanged') },
          { value: 'Bad', label: t('imports.filter.Bad') },
        ]}
        aria-label={t('imports.filter.label')}
        data-testid="import-filter"
      />
      {rows.isError ? (
        <Alert color="red">{errorMessage(rows.error)}</Alert>
      ) : (
        <>
          {rows.data && rows.data.Items.length > 0 && (
            <ResponsiveTable
              label={t('imports.steps.preview')}
              testId="import-rows"
              minWidth={900}
              tableProps={{ striped: false, highlightOnHover: true }}
              rows={rows.data.Items}
              rowKey={(r) => r.Line}
              rowProps={(r) => ({
                'data-status': r.Status,
                'data-testid': 'import-row',
                style: r.Status === 'Bad' ? { background: 'var(--mantine-color-red-light)' } : undefined,
              })}
              title={(r) => r.EmployeeName ?? r.Key}
              subtitle={(r) => t('imports.lineOf', { line: r.Line, key: r.Key })}
              columns={[
                { key: 'line', label: t('imports.col.line'), hideInCard: true, cell: (r) => r.Line },
                { key: 'status', label: t('imports.col.status'), cell: (r) => <RowStatus row={r} /> },
                { key: 'key', label: t('imports.col.key'), hideInCard: true, cell: (r) => r.Key },
                {
                  key: 'employee',
                  label: t('imports.col.employee'),
                  hideInCard: true,
                  cell: (r) => r.EmployeeName ?? '—',
                },
                { key: 'current', label: t('imports.col.current'), cell: (r) => r.CurrentValue ?? '—' },
                { key: 'new', label: t('imports.col.new'), cell: (r) => r.NewValue ?? '—' },
                { key: 'reason', label: t('imports.col.reason'), cell: (r) => r.Reason },
              ]}
            />
          )}
          {rows.isPending && <Text c="dimmed">{t('imports.loadingRows')}</Text>}
          {rows.data && rows.data.Items.length === 0 && <Text c="dimmed">{t('imports.noRows')}</Text>}
        </>
      )}
      {total > PAGE_SIZE && (
        <Pagination value={page} onChange={setPage} total={Math.ceil(total / PAGE_SIZE)} size="sm" />
      )}
      {props.applyError !== null && props.applyError !== undefined && (
        <Alert color="red" title={t('imports.applyFailed')} data-testid="import-apply-error">
          {errorMessage(props.applyError)}
          {lines.length > 0 && (
            <List size="sm" mt="xs">
              {lines.slice(0, 20).map((l) => (
                <List.Item key={l}>{l}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={props.onBack}>
          {t('imports.readAnother')}
        </Button>
        {preview.ApplyPath && (
          <Button
            onClick={props.onApply}
            disabled={!preview.CanApply}
            loading={props.applying}
            data-testid="import-apply"
          >
            {t(`imports.apply.${preview.ImportKind}`, { count: preview.ChangeCount })}
          </Button>
        )}
      </Group>
      {preview.ApplyPath && !preview.CanApply && preview.AppliedAt && (
        <Text size="sm" c="dimmed">
          {t('imports.alreadyApplied')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        <Anchor component={Link} to="/imports/definitions">
          {t('imports.definitionsHint')}
        </Anchor>
      </Text>
    </Stack>
  );
}

function RowStatus({ row }: { row: ImportRow }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[row.Status]} variant={row.Status === 'Unchanged' ? 'outline' : 'filled'}>
      {t(`imports.status.${row.Status}`)}
    </Badge>
  );
}
