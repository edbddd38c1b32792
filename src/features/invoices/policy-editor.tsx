// The invoice policy editor (a modal): for a corporation or a division, the gross pay billed through,
// employer taxes and service fee (percent of gross pay, 3 decimals), the fee per employee paid, fixed
// lines and the default payment method. A refused save shows the server's field messages (a second
// policy for the same corporation or division names the existing one); a stale Version says so.
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaymentMethod, type PayrollInvoicePolicy } from '../../contract/invoices';
import { CorporationSelect } from '../access/corporation-select';
import { useDivisions } from '../access/shared';
import { problemOf, useSavePolicy } from './api';
import { METHOD_KEYS, parseDecimal } from './format';

interface Values {
  Name: string;
  kind: 'corporation' | 'division';
  IcdCorporationID: string | null;
  DivisionID: string | null;
  IncludeGrossPay: boolean;
  EmployerTaxRate: string;
  GrossPayPercent: string;
  FeePerEmployee: string;
  FixedLines: { Description: string; Amount: string }[];
  PaymentMethodID: string;
}

const start = (p: PayrollInvoicePolicy | null): Values => ({
  Name: p?.Name ?? '',
  kind: p?.DivisionID ? 'division' : 'corporation',
  IcdCorporationID: p?.IcdCorporationID ? String(p.IcdCorporationID) : null,
  DivisionID: p?.DivisionID ? String(p.DivisionID) : null,
  IncludeGrossPay: p?.IncludeGrossPay ?? true,
  EmployerTaxRate: String(p?.EmployerTaxRate ?? 0),
  GrossPayPercent: String(p?.GrossPayPercent ?? 0),
  FeePerEmployee: (p?.FeePerEmployee ?? 0).toFixed(2),
  FixedLines: (p?.FixedLines ?? []).map((f) => ({ Description: f.Description, Amount: f.Amount.toFixed(2) })),
  PaymentMethodID: String(p?.PaymentMethodID ?? PaymentMethod.DrawFromLocalBankAccount),
});

export function PolicyEditor(props: {
  policy: PayrollInvoicePolicy | null;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { policy, canWrite, onClose } = props;
  const [values, setValues] = useState<Values>(() => start(policy));
  const [local, setLocal] = useState<Record<string, string>>({});
  const save = useSavePolicy(policy?.PayrollInvoicePolicyID ?? null);
  const divisions = useDivisions();
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const problem = save.error ? problemOf(save.error) : null;
  const fieldError = (key: string) => local[key] ?? problem?.errors[key]?.join(' ');
  const readOnly = !canWrite;

  const submit = () => {
    const errors: Record<string, string> = {};
    const num = (key: string, text: string) => {
      const n = parseDecimal(text);
      if (n === null) errors[key] = t('invoices.page.badAmount');
      return n ?? 0;
    };
    const body = {
      Name: values.Name,
      IcdCorporationID:
        values.kind === 'corporation' && values.IcdCorporationID ? Number(values.IcdCorporationID) : null,
      DivisionID: values.kind === 'division' && values.DivisionID ? Number(values.DivisionID) : null,
      IncludeGrossPay: values.IncludeGrossPay,
      EmployerTaxRate: num('EmployerTaxRate', values.EmployerTaxRate),
      GrossPayPercent: num('GrossPayPercent', values.GrossPayPercent),
      FeePerEmployee: num('FeePerEmployee', values.FeePerEmployee),
      FixedLines: values.FixedLines.map((f, i) => ({
        Description: f.Description,
        Amount: num(`FixedLines.${i}.Amount`, f.Amount),
      })),
      PaymentMethodID: Number(values.PaymentMethodID) as 1 | 2,
      ...(policy ? { Version: policy.Version } : {}),
    };
    setLocal(errors);
    if (Object.keys(errors).length) return;
    save.mutate(body, { onSuccess: onClose });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t(policy ? 'invoices.policies.editTitle' : 'invoices.policies.newTitle')}
      data-testid="policy-editor"
    >
      <Stack gap="sm">
        {problem && (
          <Alert
            color={problem.status === 409 ? 'yellow' : 'red'}
            variant="light"
            data-testid="policy-problem"
          >
            {problem.status === 409 ? t('invoices.page.stale') : problem.message}
          </Alert>
        )}
        <TextInput
          label={t('invoices.policies.fields.name')}
          value={values.Name}
          onChange={(e) => set({ Name: e.currentTarget.value })}
          error={fieldError('Name')}
          required
          readOnly={readOnly}
          data-autofocus
        />
        <SegmentedControl
          value={values.kind}
          onChange={(v) => set({ kind: v as Values['kind'] })}
          disabled={readOnly}
          data={[
            { value: 'corporation', label: t('invoices.policies.corporation') },
            { value: 'division', label: t('invoices.policies.division') },
          ]}
          aria-label={t('invoices.policies.columns.appliesTo')}
        />
        {values.kind === 'corporation' ? (
          <CorporationSelect
            label={t('invoices.policies.corporation')}
            value={values.IcdCorporationID}
            onChange={(v) => set({ IcdCorporationID: v })}
            error={fieldError('IcdCorporationID')}
            required
            readOnly={readOnly}
          />
        ) : (
          <Select
            label={t('invoices.policies.division')}
            data={(divisions.data ?? []).map((d) => ({ value: String(d.DivisionID), label: d.Name }))}
            value={values.DivisionID}
            onChange={(v) => set({ DivisionID: v })}
            error={fieldError('DivisionID')}
            required
            readOnly={readOnly}
          />
        )}
        <Switch
          label={t('invoices.policies.fields.includeGrossPay')}
          checked={values.IncludeGrossPay}
          onChange={(e) => set({ IncludeGrossPay: e.currentTarget.checked })}
          disabled={readOnly}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('invoices.policies.fields.taxes')}
            rightSection="%"
            value={values.EmployerTaxRate}
            onChange={(e) => set({ EmployerTaxRate: e.currentTarget.value })}
            error={fieldError('EmployerTaxRate')}
            inputMode="decimal"
            readOnly={readOnly}
          />
          <TextInput
            label={t('invoices.policies.fields.serviceFee')}
            rightSection="%"
            value={values.GrossPayPercent}
            onChange={(e) => set({ GrossPayPercent: e.currentTarget.value })}
            error={fieldError('GrossPayPercent')}
            inputMode="decimal"
            readOnly={readOnly}
          />
          <TextInput
            label={t('invoices.policies.fields.perEmployee')}
            value={values.FeePerEmployee}
            onChange={(e) => set({ FeePerEmployee: e.currentTarget.value })}
            error={fieldError('FeePerEmployee')}
            inputMode="decimal"
            readOnly={readOnly}
          />
        </SimpleGrid>
        <Select
          label={t('invoices.policies.fields.method')}
          data={Object.values(PaymentMethod).map((v) => ({
            value: String(v),
            label: t(`invoices.method.${METHOD_KEYS[v]}`),
          }))}
          value={values.PaymentMethodID}
          onChange={(v) => v && set({ PaymentMethodID: v })}
          allowDeselect={false}
          error={fieldError('PaymentMethodID')}
          readOnly={readOnly}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('invoices.policies.fields.fixedLines')}
          </Text>
          {values.FixedLines.length === 0 && (
            <Text size="xs" c="dimmed">
              {t('invoices.policies.noFixed')}
            </Text>
          )}
          {values.FixedLines.map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; they are edited in place
            <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                aria-label={t('invoices.policies.fields.fixedDescription', { n: i + 1 })}
                placeholder={t('invoices.policies.fields.description')}
                value={f.Description}
                onChange={(e) => {
                  const Description = e.currentTarget.value;
                  set({ FixedLines: values.FixedLines.map((x, j) => (j === i ? { ...x, Description } : x)) });
                }}
                error={fieldError(`FixedLines.${i}.Description`)}
                readOnly={readOnly}
                style={{ flex: 1 }}
              />
              <TextInput
                aria-label={t('invoices.policies.fields.fixedAmount', { n: i + 1 })}
                value={f.Amount}
                onChange={(e) => {
                  const Amount = e.currentTarget.value;
                  set({ FixedLines: values.FixedLines.map((x, j) => (j === i ? { ...x, Amount } : x)) });
                }}
                error={fieldError(`FixedLines.${i}.Amount`)}
                inputMode="decimal"
                readOnly={readOnly}
                w={130}
              />
              {canWrite && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={4}
                  aria-label={t('invoices.policies.removeLine', { n: i + 1 })}
                  onClick={() => set({ FixedLines: values.FixedLines.filter((_, j) => j !== i) })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
          {canWrite && (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => set({ FixedLines: [...values.FixedLines, { Description: '', Amount: '0.00' }] })}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('invoices.policies.addLine')}
            </Button>
          )}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {canWrite && (
            <Button onClick={submit} loading={save.isPending} data-testid="save-policy">
              {t('common.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
