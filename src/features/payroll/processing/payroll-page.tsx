// One payroll (back office, online only): its corporation, pay window, pay date and type; the five
// flags (submit = lock and unlock ask first); Recalculate; the entries grid with inline edit and
// totals; the memo and the payroll admins; links to its statement of earnings and analysis.
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconCalculator,
  IconChartBar,
  IconDownload,
  IconFileText,
  IconLock,
  IconLockOpen,
  IconSearch,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/errors';
import { hasGrant } from '../../../api/permissions';
import { useSessionData } from '../../../app/app-context';
import {
  CalculationInput,
  PAY_FREQUENCY_NAMES,
  PAYROLL_TYPE_NAMES,
  type Payroll,
  type PayrollEntry,
  type PayrollFlag,
} from '../../../contract/payroll';
import { formatDateTime } from '../../../lib/date-display';
import { notify } from '../../../ui/notify';
import { QueryView } from '../../../ui/query-view';
import {
  useManualRequest,
  usePayroll,
  usePayrollEntries,
  usePayrollTypes,
  useRecalculate,
  useSetFlag,
  wire,
} from '../api/payrolls';
import { employeeName, totalsRequest } from './calc';
import { EntriesGrid } from './entries-grid';
import { EntryDrawer } from './entry-drawer';
import { currencyOf, formatDay, formatMoney, formatWindow, humanize } from './format';
import { exportFormats, FLAG_FIELD, processingExportUrl } from './list-options';
import { AdminsCard, MemoCard } from './side-cards';

const CalculationInputWire = wire(CalculationInput);
const SWITCH_FLAGS: PayrollFlag[] = ['visible', 'disclosed', 'pending', 'completed'];

export default function PayrollPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const payrollId = Number.isInteger(id) && id > 0 ? id : 0;
  const payroll = usePayroll(payrollId);
  return (
    <Stack gap="md" maw={1600}>
      <Breadcrumbs>
        <Anchor component={Link} to="/payroll">
          {t('payroll.page.back')}
        </Anchor>
        <span>{payroll.data ? payroll.data.ClientName : '…'}</span>
      </Breadcrumbs>
      <QueryView query={payroll} errorTitle={t('payroll.loadOneFailed')}>
        {(p) => <PayrollView payroll={p} />}
      </QueryView>
    </Stack>
  );
}

function PayrollView({ payroll: p }: { payroll: Payroll }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.replace('_', '-');
  const session = useSessionData();
  const canProcess = hasGrant(session?.grants ?? [], 'payroll:process');
  const canSeeSsn = hasGrant(session?.grants ?? [], 'employees:viewSensitive');
  const currency = currencyOf(p.CountryID);
  const types = usePayrollTypes();
  const entries = usePayrollEntries(p.PayrollID);
  const setFlag = useSetFlag(p.PayrollID);
  const recalc = useRecalculate(p.PayrollID);
  const adp = useManualRequest(p.PayrollID);
  const api = useApiClient();
  const [confirm, setConfirm] = useState<'submit' | 'unlock' | null>(null);
  const [details, setDetails] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [needle] = useDebouncedValue(search.trim().toLowerCase(), 150);
  const readOnly = !canProcess || p.IsLocked;
  const typeName = humanize(
    types.data?.find((x) => x.PayrollTypeID === p.PayrollTypeID)?.Name ??
      PAYROLL_TYPE_NAMES[p.PayrollTypeID] ??
      String(p.PayrollTypeID),
  );

  const recalculate = useMutation({
    mutationFn: async () => {
      const input = await api.get(`payrolls/${p.PayrollID}/calculations/input`, {
        schema: CalculationInputWire,
      });
      return recalc.mutateAsync(totalsRequest(input));
    },
    onSuccess: (answer) =>
      void notify({
        color: 'green',
        message: t('payroll.page.recalculated', { count: answer.PayrollEntries.length }),
      }),
  });

  const flagChange = async (flag: PayrollFlag, value: boolean) => {
    try {
      await setFlag.mutateAsync({ flag, value });
      setConfirm(null);
    } catch {
      setConfirm(null);
    }
  };

  const rows = useMemo(() => {
    const all = entries.data ?? [];
    if (!needle) return all;
    return all.filter((e) =>
      `${employeeName(e)} ${e.Employee?.OfficeName ?? ''}`.toLowerCase().includes(needle),
    );
  }, [entries.data, needle]);
  const detailEntry = entries.data?.find((e) => e.PayPeriodID === details) ?? null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {p.ClientName}
          </Title>
          <Text size="sm" c="dimmed">
            {p.Owner}
            {p.Division ? ` · ${p.Division}` : ''}
          </Text>
          <Group gap="xs">
            <Text data-testid="payroll-window">
              <Text span fw={500}>
                {formatWindow(p.StartDate, p.EndDate)}
              </Text>
              {' · '}
              {t('payroll.page.payDate', { date: formatDay(p.PayDate) })}
            </Text>
            <Badge variant="light" color="gray" tt="none">
              {typeName}
            </Badge>
            <Badge variant="light" color="gray" tt="none">
              {PAY_FREQUENCY_NAMES[p.PayFrequencyID] ?? ''}
            </Badge>
            {p.IsLocked ? (
              <Badge color="orange" leftSection={<IconLock size={12} />} data-testid="locked-badge">
                {t('payroll.status.locked')}
              </Badge>
            ) : (
              <Badge color="blue" variant="light">
                {t('payroll.status.open')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {p.CalculatedAt
              ? t('payroll.page.calculatedAt', {
                  when: formatDateTime(p.CalculatedAt),
                })
              : t('payroll.page.neverCalculated')}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            component={Link}
            to={`/payroll/${p.PayrollID}/statement-of-earnings`}
            variant="default"
            leftSection={<IconFileText size={16} />}
          >
            {t('payroll.page.statement')}
          </Button>
          <Button
            component={Link}
            to={`/payroll/${p.PayrollID}/analysis`}
            variant="default"
            leftSection={<IconChartBar size={16} />}
          >
            {t('payroll.page.analysis')}
          </Button>
          {canProcess && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  data-testid="payroll-export"
                >
                  {t('payroll.export.title')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {exportFormats(canSeeSsn).map((f) => (
                  <Menu.Item
                    key={f}
                    component="a"
                    href={processingExportUrl(f, { payrollID: p.PayrollID })}
                    download
                  >
                    {t(`payroll.export.formats.${f}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          {canProcess && (
            <Button
              leftSection={<IconCalculator size={16} />}
              onClick={() => recalculate.mutate()}
              loading={recalculate.isPending}
              disabled={p.IsLocked}
              data-testid="recalculate"
            >
              {t('payroll.page.recalculate')}
            </Button>
          )}
          {canProcess &&
            (p.IsLocked ? (
              <Button
                color="orange"
                variant="light"
                leftSection={<IconLockOpen size={16} />}
                onClick={() => setConfirm('unlock')}
                data-testid="unlock"
              >
                {t('payroll.page.unlock')}
              </Button>
            ) : (
              <Button
                color="orange"
                leftSection={<IconLock size={16} />}
                onClick={() => setConfirm('submit')}
                data-testid="submit"
              >
                {t('payroll.page.submit')}
              </Button>
            ))}
        </Group>
      </Group>

      <Card withBorder padding="sm">
        <Group gap="xl" wrap="wrap">
          <Text size="sm" fw={500}>
            {t('payroll.page.flags')}
          </Text>
          {SWITCH_FLAGS.map((flag) => (
            <Switch
              key={flag}
              label={t(`payroll.status.${flag}`)}
              checked={p[FLAG_FIELD[flag]]}
              disabled={!canProcess || setFlag.isPending}
              onChange={(e) => void flagChange(flag, e.currentTarget.checked)}
              data-testid={`flag-${flag}`}
            />
          ))}
          <Text size="sm" c="dimmed" ml="auto">
            {t('payroll.page.grossTotal', { amount: formatMoney(p.GrossPay, currency, locale) })}
            {' · '}
            {t('payroll.page.approvedCount', { approved: p.ApprovedCount, count: p.EntryCount })}
          </Text>
        </Group>
      </Card>

      {setFlag.isError && (
        <Alert color="red" title={t('payroll.page.flagFailed')} role="alert">
          {errorMessage(setFlag.error)}
        </Alert>
      )}
      {recalculate.isError && (
        <Alert
          color="red"
          title={t('payroll.page.recalculateFailed')}
          role="alert"
          data-testid="recalc-error"
        >
          {errorMessage(recalculate.error)}
        </Alert>
      )}
      {adp.isError && (
        <Alert color="red" title={t('payroll.entries.manualRequestFailed')} role="alert">
          {errorMessage(adp.error)}
        </Alert>
      )}
      {p.IsLocked && (
        <Alert color="orange" icon={<IconLock size={18} />} data-testid="locked-banner">
          {t('payroll.page.lockedBanner')}
        </Alert>
      )}

      <Card withBorder padding="sm">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              {t('payroll.entries.title')}
            </Title>
            <Group gap="sm">
              {!readOnly && (
                <Text size="xs" c="dimmed" visibleFrom="md">
                  {t('payroll.entries.keyboardHint')}
                </Text>
              )}
              <TextInput
                size="xs"
                placeholder={t('payroll.entries.search')}
                aria-label={t('payroll.entries.search')}
                leftSection={<IconSearch size={14} />}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                w={220}
              />
            </Group>
          </Group>
          <QueryView
            query={entries}
            errorTitle={t('payroll.loadOneFailed')}
            empty={t('payroll.entries.empty')}
            isEmpty={(d) => d.length === 0}
          >
            {() =>
              rows.length === 0 ? (
                <Text c="dimmed" py="md">
                  {t('payroll.entries.noMatch')}
                </Text>
              ) : (
                <EntriesGrid
                  payrollId={p.PayrollID}
                  entries={rows}
                  readOnly={readOnly}
                  currency={currency}
                  onOpenDetails={(e: PayrollEntry) => setDetails(e.PayPeriodID)}
                  onToggleAdp={(e, value) =>
                    adp.mutate({ PayPeriodID: e.PayPeriodID, IsProcessedByAdp: value })
                  }
                  adpBusy={adp.isPending}
                />
              )
            }
          </QueryView>
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <MemoCard payroll={p} canEdit={canProcess} />
        <AdminsCard payroll={p} canEdit={canProcess} />
      </SimpleGrid>

      <EntryDrawer
        payrollId={p.PayrollID}
        entry={detailEntry}
        readOnly={readOnly}
        currency={currency}
        onClose={() => setDetails(null)}
      />
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm === 'unlock' ? t('payroll.page.unlockTitle') : t('payroll.page.submitTitle')}
        centered
      >
        <Stack>
          <Text size="sm">
            {confirm === 'unlock' ? t('payroll.page.unlockBody') : t('payroll.page.submitBody')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('payroll.page.cancel')}
            </Button>
            <Button
              color="orange"
              loading={setFlag.isPending}
              onClick={() => void flagChange('locked', confirm === 'submit')}
              data-testid="confirm-lock"
            >
              {confirm === 'unlock' ? t('payroll.page.unlock') : t('payroll.page.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
