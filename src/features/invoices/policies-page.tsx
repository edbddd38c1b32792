// Payroll invoice policies (back office, online only): one per corporation or division, saying how an
// invoice is built from a locked payroll (gross pay billed through, employer taxes and service fee
// in percent of the gross pay, a fee per employee paid, fixed lines) and its default payment method.
// invoices:write edits them (a modal); a policy's invoices keep their lines when it changes.
import { Anchor, Breadcrumbs, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasGrant } from '../../api/permissions';
import { useSessionData } from '../../app/app-context';
import type { PayrollInvoicePolicy } from '../../contract/invoices';
import { ConfirmDeleteModal } from '../../ui/confirm-delete-modal';
import { QueryView } from '../../ui/query-view';
import { ScrollTable } from '../../ui/scroll-table';
import { formatMoney } from '../payroll/processing/format';
import { useDeletePolicy, useInvoicePolicies } from './api';
import { METHOD_KEYS } from './format';
import { PolicyEditor } from './policy-editor';

export default function InvoicePoliciesPage() {
  const { t, i18n } = useTranslation();
  const session = useSessionData();
  const canWrite = hasGrant(session?.grants ?? [], 'invoices:write');
  const policies = useInvoicePolicies();
  const remove = useDeletePolicy();
  const [editing, setEditing] = useState<PayrollInvoicePolicy | 'new' | null>(null);
  // The policy whose delete is being confirmed (a refused delete stays in the dialog).
  const [deleting, setDeleting] = useState<PayrollInvoicePolicy | null>(null);
  const locale = i18n.language.replace('_', '-');

  return (
    <Stack gap="md" maw={1400}>
      <Breadcrumbs>
        <Anchor component={Link} to="/invoices">
          {t('invoices.title')}
        </Anchor>
        <Text>{t('invoices.policies.title')}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('invoices.policies.title')}
          </Title>
          <Text c="dimmed" size="sm" maw={760}>
            {t('invoices.policies.intro')}
          </Text>
        </Stack>
        {canWrite && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing('new')}
            data-testid="new-policy"
          >
            {t('invoices.policies.new')}
          </Button>
        )}
      </Group>
      <QueryView
        query={policies}
        errorTitle={t('invoices.policies.loadFailed')}
        empty={t('invoices.policies.empty')}
        isEmpty={(d) => d.length === 0}
      >
        {(rows) => (
          <ScrollTable label={t('invoices.policies.title')} minWidth={1100}>
            <Table striped highlightOnHover verticalSpacing="xs" fz="sm" data-testid="policies-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('invoices.policies.columns.name')}</Table.Th>
                  <Table.Th>{t('invoices.policies.columns.appliesTo')}</Table.Th>
                  <Table.Th>{t('invoices.policies.columns.grossPay')}</Table.Th>
                  <Table.Th ta="right">{t('invoices.policies.columns.taxes')}</Table.Th>
                  <Table.Th ta="right">{t('invoices.policies.columns.serviceFee')}</Table.Th>
                  <Table.Th ta="right">{t('invoices.policies.columns.perEmployee')}</Table.Th>
                  <Table.Th>{t('invoices.policies.columns.fixed')}</Table.Th>
                  <Table.Th>{t('invoices.policies.columns.method')}</Table.Th>
                  <Table.Th ta="right">{t('invoices.policies.columns.invoices')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Table.Tr key={p.PayrollInvoicePolicyID} data-testid="policy-row">
                    <Table.Td fw={500}>{p.Name}</Table.Td>
                    <Table.Td>
                      {p.CorporationName ?? p.DivisionName}
                      <Text size="xs" c="dimmed">
                        {t(
                          p.IcdCorporationID ? 'invoices.policies.corporation' : 'invoices.policies.division',
                        )}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {t(p.IncludeGrossPay ? 'invoices.policies.yes' : 'invoices.policies.no')}
                    </Table.Td>
                    <Table.Td ta="right">{`${p.EmployerTaxRate}%`}</Table.Td>
                    <Table.Td ta="right">{`${p.GrossPayPercent}%`}</Table.Td>
                    <Table.Td ta="right">{formatMoney(p.FeePerEmployee, 'CAD', locale)}</Table.Td>
                    <Table.Td>
                      {p.FixedLines.length === 0
                        ? '—'
                        : p.FixedLines.map(
                            (f) => `${f.Description} (${formatMoney(f.Amount, 'CAD', locale)})`,
                          ).join(', ')}
                    </Table.Td>
                    <Table.Td>
                      {t(`invoices.method.${METHOD_KEYS[p.PaymentMethodID] ?? 'DrawFromLocalBankAccount'}`)}
                    </Table.Td>
                    <Table.Td ta="right">{p.InvoiceCount}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Button size="xs" variant="subtle" onClick={() => setEditing(p)}>
                          {t(canWrite ? 'invoices.policies.edit' : 'invoices.policies.view')}
                        </Button>
                        {canWrite && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => {
                              remove.reset();
                              setDeleting(p);
                            }}
                          >
                            {t('invoices.policies.delete')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </QueryView>
      {editing && (
        <PolicyEditor
          policy={editing === 'new' ? null : editing}
          canWrite={canWrite}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('invoices.policies.deleteTitle')}
        message={t('invoices.policies.confirmDelete', { name: deleting?.Name ?? '' })}
        error={remove.error}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.PayrollInvoicePolicyID, version: deleting.Version },
            { onSuccess: () => setDeleting(null) },
          )
        }
        onClose={() => setDeleting(null)}
        testId="confirm-delete-policy"
      />
    </Stack>
  );
}
