// Claim permissions (online only; permissions:claims): every claim permission in a table (filter,
// sort, pages), add or remove one, the CSV export, and the CSV import — the file is read here
// (papaparse, header row skipped), checked by the server without applying (the preview: what is
// added, changed and removed), then applied on confirmation. Bad rows are listed with their line
// numbers and nothing is applied.
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Modal,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload, IconPlus, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import { errorMessage, isResponseError } from '../../api/errors';
import { serverFieldErrors } from '../../api/field-errors';
import { CLAIM_TYPES, type ClaimImportResult, type ClaimRowError } from '../../contract/access';
import { notify } from '../../ui/notify';
import { QueryView } from '../../ui/query-view';
import { ScrollTable } from '../../ui/scroll-table';
import {
  ACCESS_KEY,
  useImportClaims,
  usePermissionCatalogue,
  useRemoveClaimPermission,
  useSetClaimPermission,
} from './api';
import { type CsvClaimRow, importBody, parseClaimsCsv } from './claims-csv';
import { GrantBadge } from './shared';

const PAGE_SIZE = 25;
const CSV_PATH = 'claims/all/permissions.csv';

function useAllClaims() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ACCESS_KEY, 'claims', 'all'],
    queryFn: async ({ signal }) => {
      const text = await api.get<string>(CSV_PATH, { signal, responseType: 'text' });
      return parseClaimsCsv(text).rows;
    },
  });
}

export default function ClaimsPage() {
  const { t } = useTranslation();
  const claims = useAllClaims();
  const [type, setType] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState<{
    file: string;
    rows: CsvClaimRow[];
    parseErrors: Array<{ Line: number; Message: string }>;
  } | null>(null);
  const remove = useRemoveClaimPermission();

  async function readFile(file: File | null) {
    if (!file) return;
    const text = await file.text();
    const parsed = parseClaimsCsv(text);
    setImporting({ file: file.name, rows: parsed.rows, parseErrors: parsed.errors });
  }

  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('access.claims.title')}
        </Title>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('access.claims.add')}
          </Button>
          <Button
            component="a"
            href={`/api/${CSV_PATH}`}
            download="claim-permissions.csv"
            variant="default"
            leftSection={<IconDownload size={16} />}
          >
            {t('access.claims.export')}
          </Button>
          <FileButton onChange={(f) => void readFile(f)} accept=".csv,text/csv">
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} data-testid="claims-import">
                {t('access.claims.import')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" maw={800}>
        {t('access.claims.intro')}
      </Text>
      <Group gap="sm" align="flex-end">
        <Select
          label={t('access.claims.type')}
          data={CLAIM_TYPES.map((c) => ({ value: c, label: t(`access.claimTypes.${c}`) }))}
          value={type}
          onChange={(v) => {
            setType(v);
            setPage(1);
          }}
          clearable
          placeholder={t('access.claims.allTypes')}
          w={200}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('access.claims.search')}
          leftSection={<IconSearch size={14} />}
          value={filter}
          onChange={(e) => {
            setFilter(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 320 }}
        />
      </Group>
      <QueryView
        query={claims}
        errorTitle={t('access.claims.loadFailed')}
        empty={t('access.claims.empty')}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => {
          const needle = filter.trim().toLowerCase();
          const shown = rows.filter(
            (r) =>
              (type === null || r.ClaimType === type) &&
              (needle === '' ||
                `${r.ClaimType} ${r.ClaimValue ?? ''} ${r.PermissionKey}`.toLowerCase().includes(needle)),
          );
          const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
          const slice = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
          return (
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('access.claims.count', { count: shown.length })}
              </Text>
              <ScrollTable label={t('access.claims.title')} minWidth={640}>
                <Table striped highlightOnHover data-testid="claims-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>ClaimType</Table.Th>
                      <Table.Th>ClaimValue</Table.Th>
                      <Table.Th>PermissionKey</Table.Th>
                      <Table.Th>Value</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('access.actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {slice.map((r) => (
                      <Table.Tr key={`${r.ClaimType}|${r.ClaimValue}|${r.PermissionKey}`}>
                        <Table.Td>
                          {t(`access.claimTypes.${r.ClaimType}`, { defaultValue: r.ClaimType })}
                        </Table.Td>
                        <Table.Td>
                          {r.ClaimValue ?? (
                            <Text c="dimmed" size="sm">
                              {t('access.claims.anyValue')}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" ff="monospace">
                            {r.PermissionKey}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <GrantBadge value={r.Value} />
                        </Table.Td>
                        <Table.Td>
                          {r.ClaimValue !== null && (
                            <Tooltip label={t('access.claims.remove')}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t('access.claims.removeOne', {
                                  key: r.PermissionKey,
                                  claim: `${r.ClaimType} ${r.ClaimValue}`,
                                })}
                                loading={
                                  remove.isPending &&
                                  remove.variables?.key === r.PermissionKey &&
                                  remove.variables.value === r.ClaimValue
                                }
                                onClick={() =>
                                  remove.mutate(
                                    { type: r.ClaimType, value: r.ClaimValue!, key: r.PermissionKey },
                                    {
                                      onError: (err) =>
                                        void notify({ color: 'red', message: errorMessage(err) }),
                                    },
                                  )
                                }
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
              {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
            </Stack>
          );
        }}
      </QueryView>
      {adding && <AddClaim onClose={() => setAdding(false)} />}
      {importing && <ImportClaims {...importing} onClose={() => setImporting(null)} />}
    </Stack>
  );
}

function AddClaim({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const catalogue = usePermissionCatalogue();
  const set = useSetClaimPermission();
  const [type, setType] = useState<string>('office');
  const [value, setValue] = useState('');
  const [key, setKey] = useState<string | null>(null);
  const [grant, setGrant] = useState<'true' | 'false'>('true');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <Modal opened onClose={onClose} title={t('access.claims.addTitle')} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!key) return setErrors({ PermissionKey: t('access.claims.chooseKey') });
          set.mutate(
            { type, value: value.trim() === '' ? null : value.trim(), key, grant },
            {
              onSuccess: onClose,
              onError: (err) => {
                const fields = serverFieldErrors(err);
                setErrors(Object.keys(fields).length ? fields : { form: errorMessage(err) });
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          {errors.form && <Alert color="red">{errors.form}</Alert>}
          <Select
            label={t('access.claims.type')}
            data={CLAIM_TYPES.map((c) => ({ value: c, label: t(`access.claimTypes.${c}`) }))}
            value={type}
            onChange={(v) => v && setType(v)}
            allowDeselect={false}
            error={errors.ClaimType}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('access.claims.value')}
            description={t(`access.claimValueHelp.${type}`, { defaultValue: '' })}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={errors.ClaimValue}
          />
          <Select
            label={t('access.permission')}
            data={(catalogue.data ?? []).map((p) => ({ value: p.Key, label: `${p.Name} (${p.Key})` }))}
            value={key}
            onChange={setKey}
            searchable
            error={errors.PermissionKey}
            placeholder={catalogue.isPending ? t('common.loading') : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('access.value')}
            data={[
              { value: 'true', label: t('access.grant') },
              { value: 'false', label: t('access.deny') },
            ]}
            value={grant}
            onChange={(v) => v && setGrant(v as 'true' | 'false')}
            allowDeselect={false}
            error={errors.Value}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('access.cancel')}
            </Button>
            <Button type="submit" loading={set.isPending}>
              {t('access.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type Step =
  | { kind: 'checking' }
  | { kind: 'preview'; result: ClaimImportResult }
  | { kind: 'rowErrors'; errors: Array<{ Line: number; Messages: string[] }> }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; result: ClaimImportResult };

function ImportClaims({
  file,
  rows,
  parseErrors,
  onClose,
}: {
  file: string;
  rows: CsvClaimRow[];
  parseErrors: Array<{ Line: number; Message: string }>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useImportClaims();
  const [step, setStep] = useState<Step | null>(null);
  // The server numbers the rows it was sent; the file's line of each is kept here.
  const lineOf = (row: number) => rows[row - 1]?.Line ?? row + 1;

  async function send(dryRun: boolean) {
    setStep({ kind: 'checking' });
    try {
      const result = await run.mutateAsync({ rows: importBody(rows), dryRun });
      setStep(dryRun ? { kind: 'preview', result } : { kind: 'done', result });
    } catch (err) {
      const rowErrors = isResponseError(err)
        ? (err.data as { RowErrors?: ClaimRowError[] } | undefined)?.RowErrors
        : undefined;
      if (rowErrors?.length)
        setStep({
          kind: 'rowErrors',
          errors: rowErrors.map((e) => ({ Line: lineOf(e.Row), Messages: e.Messages })),
        });
      else setStep({ kind: 'failed', message: errorMessage(err) });
    }
  }

  // Problems papaparse found stop the import before anything is sent; otherwise the preview is asked
  // for at once (the server checks every row and changes nothing).
  const blocked = parseErrors.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dialog opens
  useEffect(() => {
    if (!blocked) void send(true);
  }, []);

  return (
    <Modal opened onClose={onClose} title={t('access.import.title', { file })} size="xl" centered>
      <Stack gap="sm" data-testid="claims-import-dialog">
        {blocked && (
          <RowErrorList
            title={t('access.import.unreadable')}
            errors={parseErrors.map((e) => ({ Line: e.Line, Messages: [e.Message] }))}
          />
        )}
        {step?.kind === 'checking' && <Text>{t('access.import.checking', { count: rows.length })}</Text>}
        {step?.kind === 'rowErrors' && (
          <RowErrorList
            title={t('access.import.rowErrors', { count: step.errors.length })}
            errors={step.errors}
          />
        )}
        {step?.kind === 'failed' && (
          <Alert color="red" title={t('access.import.refused')} data-testid="claims-import-failed">
            {step.message}
          </Alert>
        )}
        {step?.kind === 'preview' && <Preview result={step.result} lineOf={lineOf} />}
        {step?.kind === 'done' && (
          <Alert color="green" title={t('access.import.applied')} data-testid="claims-import-done">
            {t('access.import.summary', step.result)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {step?.kind === 'done' ? t('access.close') : t('access.cancel')}
          </Button>
          {step?.kind === 'preview' && (
            <Button
              onClick={() => void send(false)}
              disabled={step.result.Changes.length === 0}
              data-testid="claims-import-apply"
            >
              {t('access.import.apply', { count: step.result.Changes.length })}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function RowErrorList({
  title,
  errors,
}: {
  title: string;
  errors: Array<{ Line: number; Messages: string[] }>;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={title} data-testid="claims-import-errors">
      <Text size="sm" mb="xs">
        {t('access.import.nothingApplied')}
      </Text>
      <Table withRowBorders={false}>
        <Table.Tbody>
          {errors.slice(0, 200).map((e) => (
            <Table.Tr key={e.Line}>
              <Table.Td w={90} fw={600}>
                {t('access.import.line', { line: e.Line })}
              </Table.Td>
              <Table.Td>{e.Messages.join('; ')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Alert>
  );
}

function Preview({ result, lineOf }: { result: ClaimImportResult; lineOf: (row: number) => number }) {
  const { t } = useTranslation();
  const color = { Added: 'green', Changed: 'orange', Removed: 'red' } as const;
  return (
    <Stack gap="xs" data-testid="claims-import-preview">
      <Text>{t('access.import.summary', result)}</Text>
      {result.Changes.length > 0 && (
        <ScrollTable label={t('access.import.changes')} minWidth={600} mah={360}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('access.import.change')}</Table.Th>
                <Table.Th>{t('access.import.lineHeader')}</Table.Th>
                <Table.Th>ClaimType</Table.Th>
                <Table.Th>ClaimValue</Table.Th>
                <Table.Th>PermissionKey</Table.Th>
                <Table.Th>{t('access.import.beforeAfter')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.Changes.slice(0, 500).map((c: ClaimImportResult['Changes'][number]) => (
                <Table.Tr key={`${c.Change}|${c.ClaimType}|${c.ClaimValue}|${c.PermissionKey}`}>
                  <Table.Td>
                    <Badge color={color[c.Change]} variant="light">
                      {t(`access.import.kinds.${c.Change}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{c.Line === null ? '—' : lineOf(c.Line - 1)}</Table.Td>
                  <Table.Td>{c.ClaimType}</Table.Td>
                  <Table.Td>{c.ClaimValue ?? t('access.claims.anyValue')}</Table.Td>
                  <Table.Td ff="monospace">{c.PermissionKey}</Table.Td>
                  <Table.Td>
                    {c.Before ?? '—'} → {c.After ?? '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
