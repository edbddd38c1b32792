// One payroll invoice (back office, online only): its payroll and policy, the lines stored when it was
// made, subtotal, adjustment and total; the office's form (status, payment method, adjustment and why,
// HJ and hub comments, dismissed) and the owner's comment, saved with Version (someone else's change
// says so and reloads); the PDF. Posting asks first; a posted invoice shows its amounts read only.
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Grid,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileTypePdf, IconLock } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PaymentMethod, type PayrollInvoice, PayrollInvoiceStatus } from '../../contract/invoices';
import { QueryView } from '../../ui/query-view';
import { ScrollTable } from '../../ui/scroll-table';
import { currencyOf, formatDay, formatMoney, formatWindow } from '../payroll/processing/format';
import { invoicePdfUrl, problemOf, useInvoice, useUpdateInvoice } from './api';
import { METHOD_KEYS, parseDecimal, STATUS_KEYS } from './format';

export default function InvoicePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const invoice = useInvoice(Number.isInteger(id) ? id : 0);
  return (
    <Stack gap="md" maw={1400}>
      <Breadcrumbs>
        <Anchor component={Link} to="/invoices">
          {t('invoices.title')}
        </Anchor>
        <Text>{invoice.data?.InvoiceNumber ?? '…'}</Text>
      </Breadcrumbs>
      <QueryView query={invoice} errorTitle={t('invoices.page.loadFailed')}>
        {(data) => (
          <InvoiceView
            key={`${data.PayrollInvoiceID}-${data.Version}`}
            invoice={data}
            onReload={() => void invoice.refetch()}
          />
        )}
      </QueryView>
    </Stack>
  );
}

interface FormValues {
  StatusID: number;
  PaymentMethodID: number;
  Adjustment: string;
  AdjustmentComments: string;
  HJComments: string;
  HubComments: string;
  OwnerComments: string;
  IsDismissed: boolean;
}

const valuesOf = (inv: PayrollInvoice): FormValues => ({
  StatusID: inv.StatusID,
  PaymentMethodID: inv.PaymentMethodID,
  Adjustment: inv.Adjustment.toFixed(2),
  AdjustmentComments: inv.AdjustmentComments ?? '',
  HJComments: inv.HJComments ?? '',
  HubComments: inv.HubComments ?? '',
  OwnerComments: inv.OwnerComments ?? '',
  IsDismissed: inv.IsDismissed,
});

function InvoiceView({ invoice: inv, onReload }: { invoice: PayrollInvoice; onReload: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.replace('_', '-');
  const money = (n: number | null) => formatMoney(n, currencyOf(inv.CountryID), locale);
  const save = useUpdateInvoice(inv.PayrollInvoiceID);
  const [values, setValues] = useState<FormValues>(() => valuesOf(inv));
  const [confirmPost, setConfirmPost] = useState(false);
  const set = (patch: Partial<FormValues>) => setValues((v) => ({ ...v, ...patch }));
  const posted = inv.StatusID === PayrollInvoiceStatus.Posted;
  const amountsLocked = posted || !inv.CanEdit;
  const adjustment = parseDecimal(values.Adjustment);
  const adjustmentError = adjustment === null ? t('invoices.page.badAmount') : undefined;
  const problem = save.error ? problemOf(save.error) : null;
  const fieldError = (key: string) => problem?.errors[key]?.join(' ');
  const previewTotal = adjustment === null ? inv.Total : Math.round((inv.Subtotal + adjustment) * 100) / 100;
  const dirty = JSON.stringify(values) !== JSON.stringify(valuesOf(inv));
  // On a phone the lines show description and amount only (quantity and rate are in the description).
  const wide = useMediaQuery('(min-width: 36em)') ?? true;
  const span = wide ? 3 : 1;

  const body = () => {
    const text = (v: string) => (v.trim() ? v.trim() : null);
    if (!inv.CanEdit) return { OwnerComments: text(values.OwnerComments), Version: inv.Version };
    return {
      ...(posted
        ? {}
        : {
            StatusID: values.StatusID as 1 | 2,
            PaymentMethodID: values.PaymentMethodID as 1 | 2,
            Adjustment: adjustment ?? inv.Adjustment,
            AdjustmentComments: text(values.AdjustmentComments),
          }),
      HJComments: text(values.HJComments),
      HubComments: text(values.HubComments),
      OwnerComments: text(values.OwnerComments),
      IsDismissed: values.IsDismissed,
      Version: inv.Version,
    };
  };
  const submit = () => {
    if (adjustmentError && !amountsLocked) return;
    if (!posted && values.StatusID === PayrollInvoiceStatus.Posted && !confirmPost) {
      setConfirmPost(true);
      return;
    }
    setConfirmPost(false);
    save.mutate(body());
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Group gap="sm">
            <Title order={1} size="h2" data-testid="invoice-number">
              {inv.InvoiceNumber}
            </Title>
            <Badge color={posted ? 'green' : 'blue'} variant="light" data-testid="invoice-status">
              {t(`invoices.status.${STATUS_KEYS[inv.StatusID] ?? 'NotPosted'}`)}
            </Badge>
            {inv.IsDismissed && (
              <Badge color="gray" variant="outline">
                {t('invoices.dismissed')}
              </Badge>
            )}
          </Group>
          <Text c="dimmed">
            {inv.ClientName} · {inv.Owner} · {formatWindow(inv.StartDate, inv.EndDate)}
          </Text>
        </Stack>
        <Button
          component="a"
          href={invoicePdfUrl(inv.PayrollInvoiceID)}
          target="_blank"
          rel="noopener"
          variant="default"
          leftSection={<IconFileTypePdf size={16} />}
          data-testid="invoice-pdf"
        >
          {t('invoices.page.pdf')}
        </Button>
      </Group>
      {posted && (
        <Alert color="green" variant="light" icon={<IconLock size={18} />} data-testid="posted-notice">
          {inv.PostedAt
            ? t('invoices.page.postedBy', {
                name: inv.PostedByName ?? '—',
                date: formatDay(new Date(inv.PostedAt)),
              })
            : t('invoices.page.posted')}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Card withBorder padding="md">
              <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
                <Fact label={t('invoices.fields.invoiceDate')} value={formatDay(inv.InvoiceDate)} />
                <Fact label={t('invoices.fields.payDate')} value={formatDay(inv.PayDate)} />
                <Fact label={t('invoices.fields.policy')} value={inv.PolicyName} />
                <Fact label={t('invoices.fields.employees')} value={String(inv.EmployeeCount)} />
                <Fact label={t('invoices.fields.grossPay')} value={money(inv.GrossPay)} />
                <Fact
                  label={t('invoices.fields.payroll')}
                  value={
                    <Anchor component={Link} to={`/payroll/${inv.PayrollID}`} size="sm">
                      {t('invoices.page.openPayroll')}
                    </Anchor>
                  }
                />
                <Fact label={t('invoices.fields.createdBy')} value={inv.CreatedByName ?? '—'} />
              </SimpleGrid>
            </Card>
            <Card withBorder padding="md">
              <ScrollTable label={t('invoices.lines.title')} minWidth={wide ? 560 : 0}>
                <Table verticalSpacing="xs" fz="sm" data-testid="invoice-lines">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('invoices.lines.description')}</Table.Th>
                      {wide && <Table.Th ta="right">{t('invoices.lines.quantity')}</Table.Th>}
                      {wide && <Table.Th ta="right">{t('invoices.lines.rate')}</Table.Th>}
                      <Table.Th ta="right">{t('invoices.lines.amount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {inv.Lines.length === 0 && (
                      <Table.Tr>
                        <Table.Td colSpan={span + 1}>
                          <Text c="dimmed" size="sm">
                            {t('invoices.lines.none')}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    )}
                    {inv.Lines.map((l) => (
                      <Table.Tr key={l.LineNumber} data-testid="invoice-line" data-kind={l.Kind}>
                        <Table.Td>{l.Description}</Table.Td>
                        {wide && (
                          <>
                            <Table.Td ta="right">{l.Quantity ?? ''}</Table.Td>
                            <Table.Td ta="right">
                              {l.Rate === null ? '' : l.Kind === 'EmployeeFee' ? money(l.Rate) : `${l.Rate}%`}
                            </Table.Td>
                          </>
                        )}
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {money(l.Amount)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <TotalRow
                      span={span}
                      label={t('invoices.lines.subtotal')}
                      value={money(inv.Subtotal)}
                      testId="invoice-subtotal"
                    />
                    <TotalRow
                      span={span}
                      label={t('invoices.lines.adjustment')}
                      value={money(inv.Adjustment)}
                      testId="invoice-adjustment"
                    />
                    <TotalRow
                      span={span}
                      label={t('invoices.lines.total')}
                      value={money(inv.Total)}
                      testId="invoice-total"
                      bold
                    />
                  </Table.Tfoot>
                </Table>
              </ScrollTable>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card
            withBorder
            padding="md"
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Stack gap="sm">
              {problem && (
                <Alert
                  color={problem.status === 409 ? 'yellow' : 'red'}
                  variant="light"
                  data-testid="invoice-problem"
                >
                  {problem.status === 409 ? t('invoices.page.stale') : problem.message}
                  {problem.status === 409 && (
                    <Button size="xs" variant="light" mt="xs" display="block" onClick={onReload}>
                      {t('invoices.page.reload')}
                    </Button>
                  )}
                </Alert>
              )}
              <Select
                label={t('invoices.fields.status')}
                data={Object.entries(STATUS_KEYS).map(([v, key]) => ({
                  value: v,
                  label: t(`invoices.status.${key}`),
                }))}
                value={String(values.StatusID)}
                onChange={(v) => v && set({ StatusID: Number(v) })}
                allowDeselect={false}
                disabled={amountsLocked}
                error={fieldError('StatusID')}
                data-testid="invoice-status-select"
              />
              <Select
                label={t('invoices.fields.paymentMethod')}
                data={Object.values(PaymentMethod).map((v) => ({
                  value: String(v),
                  label: t(`invoices.method.${METHOD_KEYS[v]}`),
                }))}
                value={String(values.PaymentMethodID)}
                onChange={(v) => v && set({ PaymentMethodID: Number(v) })}
                allowDeselect={false}
                disabled={amountsLocked}
                error={fieldError('PaymentMethodID')}
                data-testid="invoice-payment-method"
              />
              <TextInput
                label={t('invoices.fields.adjustment')}
                description={t('invoices.page.totalPreview', { total: money(previewTotal) })}
                value={values.Adjustment}
                onChange={(e) => set({ Adjustment: e.currentTarget.value })}
                inputMode="decimal"
                readOnly={amountsLocked}
                disabled={amountsLocked}
                error={(!amountsLocked && adjustmentError) || fieldError('Adjustment')}
                data-testid="invoice-adjustment-input"
              />
              <Textarea
                label={t('invoices.fields.adjustmentComments')}
                value={values.AdjustmentComments}
                onChange={(e) => set({ AdjustmentComments: e.currentTarget.value })}
                autosize
                minRows={2}
                disabled={amountsLocked}
                error={fieldError('AdjustmentComments')}
                data-testid="invoice-adjustment-comments"
              />
              <Textarea
                label={t('invoices.fields.hjComments')}
                value={values.HJComments}
                onChange={(e) => set({ HJComments: e.currentTarget.value })}
                autosize
                minRows={2}
                disabled={!inv.CanEdit}
                error={fieldError('HJComments')}
              />
              <Textarea
                label={t('invoices.fields.hubComments')}
                value={values.HubComments}
                onChange={(e) => set({ HubComments: e.currentTarget.value })}
                autosize
                minRows={2}
                disabled={!inv.CanEdit}
                error={fieldError('HubComments')}
              />
              <Textarea
                label={t('invoices.fields.ownerComments')}
                value={values.OwnerComments}
                onChange={(e) => set({ OwnerComments: e.currentTarget.value })}
                autosize
                minRows={2}
                disabled={!inv.CanEditOwnerComments}
                error={fieldError('OwnerComments')}
                data-testid="invoice-owner-comments"
              />
              <Switch
                label={t('invoices.fields.dismissed')}
                checked={values.IsDismissed}
                onChange={(e) => set({ IsDismissed: e.currentTarget.checked })}
                disabled={!inv.CanEdit}
              />
              {(inv.CanEdit || inv.CanEditOwnerComments) && (
                <Group justify="flex-end">
                  <Button
                    variant="default"
                    disabled={!dirty || save.isPending}
                    onClick={() => setValues(valuesOf(inv))}
                  >
                    {t('invoices.page.undo')}
                  </Button>
                  <Button type="submit" loading={save.isPending} disabled={!dirty} data-testid="invoice-save">
                    {t('common.save')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      <Modal
        opened={confirmPost}
        onClose={() => setConfirmPost(false)}
        title={t('invoices.page.confirmTitle')}
      >
        <Stack gap="sm">
          <Text size="sm">{t('invoices.page.confirmText', { total: money(previewTotal) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmPost(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="green" onClick={submit} data-testid="confirm-post">
              {t('invoices.page.confirmPost')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {value}
      </Text>
    </Stack>
  );
}

function TotalRow({
  span,
  label,
  value,
  testId,
  bold,
}: {
  span: number;
  label: string;
  value: string;
  testId: string;
  bold?: boolean;
}) {
  return (
    <Table.Tr>
      <Table.Td colSpan={span} ta="right" fw={bold ? 700 : 500}>
        {label}
      </Table.Td>
      <Table.Td ta="right" fw={bold ? 700 : 500} style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}
