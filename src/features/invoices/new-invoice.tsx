// New payroll invoice (a modal): the locked payrolls not yet invoiced, each with the policy that
// would build it (or why none applies), and the invoice date (today on the server's clock). A payroll
// invoiced meanwhile (409) names the existing invoice with a link to it.
import { Alert, Anchor, Button, Group, Modal, Radio, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isCalendarDay } from '../../contract/common';
import { QueryView } from '../../ui/query-view';
import { ScrollTable } from '../../ui/scroll-table';
import { currencyOf, formatMoney, formatWindow } from '../payroll/processing/format';
import { problemOf, useCreateInvoice, useNewInvoice } from './api';

export function NewInvoiceModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const defaults = useNewInvoice(true);
  const create = useCreateInvoice();
  const [payrollId, setPayrollId] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const invoiceDate = date ?? defaults.data?.InvoiceDate ?? '';
  const problem = create.error ? problemOf(create.error) : null;
  const dateError =
    invoiceDate && !isCalendarDay(invoiceDate)
      ? t('invoices.new.badDate')
      : problem?.errors.invoiceDate?.join(' ');
  const locale = i18n.language.replace('_', '-');

  const submit = () => {
    if (!payrollId || !invoiceDate || dateError) return;
    create.mutate(
      { payrollID: Number(payrollId), invoiceDate },
      { onSuccess: (inv) => navigate(`/invoices/${inv.PayrollInvoiceID}`) },
    );
  };

  return (
    <Modal opened onClose={onClose} size="xl" title={t('invoices.new.title')} data-testid="new-invoice">
      <QueryView query={defaults} errorTitle={t('invoices.new.loadFailed')}>
        {(data) => (
          <Stack gap="sm">
            {data.Payrolls.length === 0 ? (
              <Text c="dimmed" data-testid="new-invoice-empty">
                {t('invoices.new.none')}
              </Text>
            ) : (
              <Radio.Group
                value={payrollId}
                onChange={setPayrollId}
                label={t('invoices.new.payroll')}
                required
              >
                <ScrollTable label={t('invoices.new.payrolls')} minWidth={640}>
                  <Table verticalSpacing="xs" fz="sm" highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={40} />
                        <Table.Th>{t('invoices.columns.corporation')}</Table.Th>
                        <Table.Th>{t('invoices.columns.window')}</Table.Th>
                        <Table.Th ta="right">{t('invoices.columns.gross')}</Table.Th>
                        <Table.Th>{t('invoices.columns.policy')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.Payrolls.map((p) => (
                        <Table.Tr
                          key={p.PayrollID}
                          data-testid="invoiceable-payroll"
                          data-payroll-id={p.PayrollID}
                        >
                          <Table.Td>
                            <Radio
                              value={String(p.PayrollID)}
                              disabled={!p.PayrollInvoicePolicyID}
                              aria-label={t('invoices.new.choose', {
                                name: p.ClientName,
                                window: formatWindow(p.StartDate, p.EndDate),
                              })}
                            />
                          </Table.Td>
                          <Table.Td>{p.ClientName}</Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            {formatWindow(p.StartDate, p.EndDate)}
                          </Table.Td>
                          <Table.Td ta="right">
                            {formatMoney(p.GrossPay, currencyOf(p.CountryID), locale)}
                          </Table.Td>
                          <Table.Td>
                            {p.PolicyName ?? (
                              <Text size="xs" c="red.8">
                                {p.PolicyProblem}
                              </Text>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollTable>
              </Radio.Group>
            )}
            <TextInput
              type="date"
              label={t('invoices.fields.invoiceDate')}
              value={invoiceDate}
              onChange={(e) => setDate(e.currentTarget.value)}
              error={dateError}
              required
              w={{ base: '100%', xs: 200 }}
              data-testid="invoice-date"
            />
            {problem && (
              <Alert
                color={problem.status === 409 ? 'yellow' : 'red'}
                variant="light"
                data-testid="new-invoice-problem"
              >
                {problem.message}
                {problem.status === 409 && typeof problem.body.PayrollInvoiceID === 'number' && (
                  <Anchor component={Link} to={`/invoices/${problem.body.PayrollInvoiceID}`} ml="xs">
                    {t('invoices.new.openExisting')}
                  </Anchor>
                )}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button
                onClick={submit}
                loading={create.isPending}
                disabled={!payrollId || !invoiceDate || !!dateError}
                data-testid="create-invoice"
              >
                {t('invoices.new.create')}
              </Button>
            </Group>
          </Stack>
        )}
      </QueryView>
    </Modal>
  );
}
