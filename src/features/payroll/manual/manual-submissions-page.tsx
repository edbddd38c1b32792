// Manual submissions (back office, online only): the board of manual payroll submissions by status
// (tabs), "assigned to me", sortable by submitted and completed date (spec §9), paged. A row opens
// the submission: its days and amounts, history, the earnings-statement PDF, and the steps the caller
// may take — assign to me / unassign, pending, working on, processed (payroll:process); amend and
// cancel (payroll:manualSubmissions) — each refused step shows the server's reason.
import {
  Alert,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  Modal,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Timeline,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconFileTypePdf, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errors';
import { hasGrant } from '../../../api/permissions';
import { useSessionData } from '../../../app/app-context';
import type { ManualPayrollSort } from '../../../contract/payroll';
import { type ManualSubmission, ManualSubmissionStatus as S } from '../../../contract/payroll-manual';
import { ListFooter } from '../../../ui/list-footer';
import { noItems, QueryView } from '../../../ui/query-view';
import { ScrollTable } from '../../../ui/scroll-table';
import { SortHeader } from '../../../ui/sort-header';
import { formatDay, formatWindow } from '../processing/format';
import {
  earningsStatementUrl,
  type ManualAction,
  useManualAction,
  useManualSubmission,
  useManualSubmissions,
} from './api';
import { day, instant, money, STATUS_COLORS } from './format';
import { NewSubmission } from './new-submission';
import { ManualSubmissionForm } from './submission-form';

const PAGE_SIZE = 25;
const TABS = ['all', ...Object.values(S).map(String)] as const;

export function StatusBadge({ statusId }: { statusId: number }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLORS[statusId] ?? 'gray'}
      variant="light"
      tt="none"
      styles={{ root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {t(`payroll-manual.status.${statusId}`)}
    </Badge>
  );
}

export default function ManualSubmissionsPage() {
  const { t, i18n } = useTranslation();
  const session = useSessionData();
  const me = session?.identity.EmployeeID ?? 0;
  const canProcess = hasGrant(session?.grants ?? [], 'payroll:process');
  const canSubmit = hasGrant(session?.grants ?? [], 'payroll:manualSubmissions');
  const [creating, setCreating] = useState(false);
  const [tab, setTab] = useState<string>('all');
  const [mine, setMine] = useState(false);
  const [sort, setSort] = useState<ManualPayrollSort>('SubmittedDateDesc');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useManualSubmissions({
    statusID: tab === 'all' ? undefined : Number(tab),
    processorID: mine ? me : undefined,
    sort,
    pageIndex: page - 1,
    pageSize: PAGE_SIZE,
  });

  const sortBy = (column: 'SubmittedDate' | 'CompletedDate') => () => {
    setSort(sort === `${column}Desc` ? column : `${column}Desc`);
    setPage(1);
  };
  const sortState = (column: 'SubmittedDate' | 'CompletedDate') => ({
    active: sort.startsWith(column),
    descending: sort.endsWith('Desc'),
  });

  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('payroll-manual.title')}
        </Title>
        {canSubmit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('payroll-manual.new.button')}
          </Button>
        )}
      </Group>
      <Text c="dimmed" size="sm">
        {t('payroll-manual.intro')}
      </Text>
      <Card withBorder padding="xs">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Tabs
            value={tab}
            onChange={(v) => {
              setTab(v ?? 'all');
              setPage(1);
            }}
            variant="pills"
          >
            <Tabs.List>
              {TABS.map((k) => (
                <Tabs.Tab key={k} value={k}>
                  {k === 'all' ? t('payroll-manual.all') : t(`payroll-manual.status.${k}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          {canProcess && (
            <Switch
              label={t('payroll-manual.assignedToMe')}
              checked={mine}
              onChange={(e) => {
                setMine(e.currentTarget.checked);
                setPage(1);
              }}
            />
          )}
        </Group>
      </Card>
      <QueryView
        query={list}
        errorTitle={t('payroll-manual.loadFailed')}
        empty={t('payroll-manual.empty')}
        emptyTestId="manual-empty"
        isEmpty={noItems}
      >
        {(data) => (
          <Stack gap="sm">
            <ScrollTable label={t('payroll-manual.title')} minWidth={900}>
              <Table striped highlightOnHover verticalSpacing="xs" data-testid="manual-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('payroll-manual.columns.employee')}</Table.Th>
                    <Table.Th>{t('payroll-manual.columns.period')}</Table.Th>
                    <Table.Th ta="right">{t('payroll-manual.columns.hours')}</Table.Th>
                    <Table.Th ta="right">{t('payroll-manual.columns.amount')}</Table.Th>
                    <Table.Th>{t('payroll-manual.columns.status')}</Table.Th>
                    <Table.Th>{t('payroll-manual.columns.processor')}</Table.Th>
                    <SortHeader {...sortState('SubmittedDate')} onSort={sortBy('SubmittedDate')}>
                      {t('payroll-manual.columns.submitted')}
                    </SortHeader>
                    <SortHeader {...sortState('CompletedDate')} onSort={sortBy('CompletedDate')}>
                      {t('payroll-manual.columns.completed')}
                    </SortHeader>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.Items.map((s) => (
                    <Table.Tr key={s.ManualSubmissionID}>
                      <Table.Td>
                        <UnstyledButton
                          onClick={() => setOpenId(s.PayrollEntryID)}
                          fw={600}
                          fz="sm"
                          c="blue.8"
                          aria-label={t('payroll-manual.open', { name: s.EmployeeName })}
                        >
                          {s.EmployeeName}
                        </UnstyledButton>
                        <Text size="xs" c="dimmed">
                          {s.OfficeName} · {s.ClientName}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {formatWindow(s.PayPeriodStartDate, s.PayPeriodEndDate)}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{s.TotalHours}</Table.Td>
                      <Table.Td ta="right">{money(s.TotalAmount, i18n.language)}</Table.Td>
                      <Table.Td>
                        <StatusBadge statusId={s.StatusID} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{s.ProcessorName ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {instant(s.SubmittedDate, i18n.language)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {instant(s.CompletedDate, i18n.language) || '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <ListFooter
              label={t('payroll-manual.count', { count: data.TotalCount })}
              totalCount={data.TotalCount}
              pageSize={PAGE_SIZE}
              page={page}
              onPageChange={setPage}
            />
          </Stack>
        )}
      </QueryView>
      <SubmissionDrawer entryId={openId} onClose={() => setOpenId(null)} me={me} />
      {creating && (
        <NewSubmission
          opened
          onClose={() => setCreating(false)}
          onDone={(entryId) => {
            setCreating(false);
            setOpenId(entryId);
          }}
        />
      )}
    </Stack>
  );
}

type Confirm = 'cancel' | 'processed' | null;

function SubmissionDrawer({ entryId, onClose, me }: { entryId: number | null; onClose(): void; me: number }) {
  const { t, i18n } = useTranslation();
  const session = useSessionData();
  const grants = session?.grants ?? [];
  const canProcess = hasGrant(grants, 'payroll:process');
  const canSubmit = hasGrant(grants, 'payroll:manualSubmissions');
  const query = useManualSubmission(entryId);
  const action = useManualAction();
  const [problem, setProblem] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [amending, setAmending] = useState(false);

  const run = (a: ManualAction) => {
    if (entryId === null) return;
    setProblem(null);
    action.mutate(
      { entryId, action: a },
      {
        onSuccess: () => void query.refetch(),
        onError: (err) => {
          setProblem(errorMessage(err));
          void query.refetch();
        },
      },
    );
  };

  return (
    <Drawer
      opened={entryId !== null}
      onClose={() => {
        setProblem(null);
        onClose();
      }}
      position="right"
      size="xl"
      title={t('payroll-manual.detail.title')}
    >
      <QueryView query={query} errorTitle={t('payroll-manual.detail.loadFailed')}>
        {(s) => {
          const open = s.StatusID !== S.Cancelled && s.StatusID !== S.Processed;
          return (
            <Stack gap="md">
              <Group justify="space-between" align="flex-start">
                <div>
                  <Title order={2} size="h3">
                    {s.EmployeeName}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {s.OfficeName} · {s.ClientName}
                  </Text>
                  <Text size="sm">
                    {t('payroll-manual.form.period', {
                      start: day(s.PayPeriodStartDate),
                      end: day(s.PayPeriodEndDate),
                    })}
                  </Text>
                </div>
                <StatusBadge statusId={s.StatusID} />
              </Group>
              {problem && (
                <Alert color="red" role="alert" title={t('payroll-manual.detail.refused')}>
                  {problem}
                </Alert>
              )}
              <DaysTable s={s} />
              <Group gap="xl">
                <Fact label={t('payroll-manual.fields.Bonus')} value={money(s.Bonus, i18n.language)} />
                <Fact
                  label={t('payroll-manual.fields.NetPayAddition')}
                  value={money(s.NetPayAddition, i18n.language)}
                />
                <Fact
                  label={t('payroll-manual.fields.NetPayDeduction')}
                  value={money(s.NetPayDeduction, i18n.language)}
                />
                <Fact
                  label={t('payroll-manual.columns.amount')}
                  value={money(s.TotalAmount, i18n.language)}
                />
              </Group>
              {s.Comments && <Fact label={t('payroll-manual.fields.Comments')} value={s.Comments} />}
              <Fact
                label={t('payroll-manual.columns.processor')}
                value={s.ProcessorName ?? t('payroll-manual.detail.noProcessor')}
              />
              {canProcess && open && (
                <Card withBorder padding="sm">
                  <Stack gap="xs">
                    <Group gap="xs">
                      {s.ProcessorID !== me && (
                        <Button size="xs" variant="light" onClick={() => run({ kind: 'assign', userId: me })}>
                          {t('payroll-manual.actions.assignToMe')}
                        </Button>
                      )}
                      {s.ProcessorID !== null && (
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => run({ kind: 'unassign', userId: s.ProcessorID ?? 0 })}
                        >
                          {t('payroll-manual.actions.unassign')}
                        </Button>
                      )}
                      <Button size="xs" color="green" onClick={() => setConfirm('processed')}>
                        {t('payroll-manual.actions.processed')}
                      </Button>
                    </Group>
                    <Group gap="lg">
                      <Switch
                        label={t('payroll-manual.actions.pending')}
                        checked={s.IsPending}
                        onChange={(e) => run({ kind: 'pending', flag: e.currentTarget.checked })}
                      />
                      <Switch
                        label={t('payroll-manual.actions.workingOn')}
                        description={
                          s.ProcessorID === null ? t('payroll-manual.actions.workingOnHint') : undefined
                        }
                        checked={s.IsWorkingOn}
                        onChange={(e) => run({ kind: 'workingOn', flag: e.currentTarget.checked })}
                      />
                    </Group>
                  </Stack>
                </Card>
              )}
              <Group gap="xs">
                {canSubmit && open && (
                  <>
                    <Button size="xs" variant="light" onClick={() => setAmending(true)}>
                      {t('payroll-manual.actions.amend')}
                    </Button>
                    <Button size="xs" variant="light" color="red" onClick={() => setConfirm('cancel')}>
                      {t('payroll-manual.actions.cancel')}
                    </Button>
                  </>
                )}
                <Button
                  size="xs"
                  variant="subtle"
                  component="a"
                  href={earningsStatementUrl(s.PayrollEntryID)}
                  target="_blank"
                  rel="noopener"
                  leftSection={<IconFileTypePdf size={16} />}
                >
                  {t('payroll-manual.actions.pdf')}
                </Button>
              </Group>
              <div>
                <Text fw={600} size="sm" mb="xs">
                  {t('payroll-manual.detail.history')}
                </Text>
                <Timeline bulletSize={12} lineWidth={2} active={s.History.length}>
                  {s.History.map((h, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: history is append-only
                    <Timeline.Item key={i} title={h.Action}>
                      <Text size="xs" c="dimmed">
                        {h.ByName} · {instant(h.At, i18n.language)}
                      </Text>
                    </Timeline.Item>
                  ))}
                </Timeline>
              </div>
              <Modal
                opened={confirm !== null}
                onClose={() => setConfirm(null)}
                title={t(`payroll-manual.confirm.${confirm ?? 'cancel'}.title`)}
              >
                <Text size="sm">
                  {t(`payroll-manual.confirm.${confirm ?? 'cancel'}.body`, { name: s.EmployeeName })}
                </Text>
                <Group justify="flex-end" mt="md">
                  <Button variant="default" onClick={() => setConfirm(null)}>
                    {t('payroll-manual.confirm.back')}
                  </Button>
                  <Button
                    color={confirm === 'cancel' ? 'red' : 'green'}
                    data-autofocus
                    onClick={() => {
                      run(
                        confirm === 'cancel' ? { kind: 'cancel', version: s.Version } : { kind: 'processed' },
                      );
                      setConfirm(null);
                    }}
                  >
                    {t(`payroll-manual.confirm.${confirm ?? 'cancel'}.ok`)}
                  </Button>
                </Group>
              </Modal>
              {amending && (
                <ManualSubmissionForm
                  opened
                  entryId={s.PayrollEntryID}
                  period={{ start: day(s.PayPeriodStartDate), end: day(s.PayPeriodEndDate) }}
                  employeeName={s.EmployeeName}
                  current={s}
                  onClose={() => setAmending(false)}
                  onDone={() => void query.refetch()}
                />
              )}
            </Stack>
          );
        }}
      </QueryView>
    </Drawer>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

function DaysTable({ s }: { s: ManualSubmission }) {
  const { t, i18n } = useTranslation();
  if (!s.ExtraShowHours.length)
    return (
      <Text size="sm" c="dimmed">
        {t('payroll-manual.detail.noDays')}
      </Text>
    );
  return (
    <Table withTableBorder verticalSpacing={4} aria-label={t('payroll-manual.form.days')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('payroll-manual.form.date')}</Table.Th>
          <Table.Th ta="right">{t('payroll-manual.form.hours')}</Table.Th>
          <Table.Th ta="right">{t('payroll-manual.form.amount')}</Table.Th>
          <Table.Th>{t('payroll-manual.form.dayComment')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {s.ExtraShowHours.map((d) => (
          <Table.Tr key={day(d.Date)}>
            <Table.Td>{formatDay(d.Date)}</Table.Td>
            <Table.Td ta="right">{d.Hours}</Table.Td>
            <Table.Td ta="right">{money(d.Amount, i18n.language)}</Table.Td>
            <Table.Td>{d.Comments}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td fw={600}>{t('payroll-manual.detail.total')}</Table.Td>
          <Table.Td ta="right" fw={600}>
            {s.TotalHours}
          </Table.Td>
          <Table.Td />
          <Table.Td />
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
