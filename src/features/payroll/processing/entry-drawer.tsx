// Every field of one payroll entry (spec 001 §3 "Payroll entry save payload"), its commission pieces
// and its current earnings lines, in a drawer beside the grid. Saved with the entry's Version; a
// locked payroll shows it read only.
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Divider,
  Drawer,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayrollEntry } from '../../../contract/payroll';
import { employeeName } from './calc';
import { DEFAULTED_FIELDS, type EntryDraft, fieldKind, NUMERIC_FIELDS, toDraft } from './entry-edit';
import { formatHours, formatMoney } from './format';
import { type SaveOutcome, useEntrySave } from './use-entry-save';

export function EntryDrawer({
  payrollId,
  entry,
  readOnly,
  currency,
  onClose,
}: {
  payrollId: number;
  entry: PayrollEntry | null;
  readOnly: boolean;
  currency: 'USD' | 'CAD';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={entry !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={entry ? employeeName(entry) : ''}
      data-testid="entry-drawer"
    >
      {entry && (
        <EntryForm
          key={`${entry.PayPeriodID}-${entry.Version}`}
          payrollId={payrollId}
          entry={entry}
          readOnly={readOnly}
          currency={currency}
          onSaved={onClose}
        />
      )}
      {!entry && <Text>{t('common.loading')}</Text>}
    </Drawer>
  );
}

function EntryForm({
  payrollId,
  entry,
  readOnly,
  currency,
  onSaved,
}: {
  payrollId: number;
  entry: PayrollEntry;
  readOnly: boolean;
  currency: 'USD' | 'CAD';
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.replace('_', '-');
  const defaults = { Salary: entry.Employee?.Salary ?? null, ContractorPayment: null };
  const [draft, setDraft] = useState<EntryDraft>(() => toDraft(entry, defaults));
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const save = useEntrySave(payrollId);
  const errors = outcome?.kind === 'invalid' ? outcome.errors : {};
  const setValue = (key: string, value: string) =>
    setDraft((d) => ({ ...d, values: { ...d.values, [key]: value } }));
  const setPiece = (i: number, key: 'PieceQty' | 'PieceRate', value: string) =>
    setDraft((d) => ({
      ...d,
      CommissionPieces: d.CommissionPieces.map((p, j) => (j === i ? { ...p, [key]: value } : p)),
    }));

  const submit = async () => {
    const result = await save.run(entry, draft, defaults);
    setOutcome(result);
    if (result.kind === 'saved') onSaved();
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {entry.Employee?.OfficeName ?? ''} · {formatMoney(entry.GrossPay, currency, locale)}
        </Text>
        {outcome && outcome.kind !== 'saved' && (
          <Alert
            color={outcome.kind === 'conflict' ? 'yellow' : 'red'}
            title={outcome.kind === 'conflict' ? undefined : t('payroll.entries.saveFailed')}
            role="alert"
            data-testid="drawer-problem"
          >
            {outcome.message}
          </Alert>
        )}
        <Group gap="lg">
          <Checkbox
            label={t('payroll.entries.isPaidGuaranteed')}
            checked={draft.IsPaidGuaranteed}
            onChange={(e) => {
              const v = e.currentTarget.checked;
              setDraft((d) => ({ ...d, IsPaidGuaranteed: v }));
            }}
            disabled={readOnly}
          />
          <Checkbox
            label={t('payroll.entries.isPaidCommission')}
            checked={draft.IsPaidCommission}
            onChange={(e) => {
              const v = e.currentTarget.checked;
              setDraft((d) => ({ ...d, IsPaidCommission: v }));
            }}
            disabled={readOnly}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
          {NUMERIC_FIELDS.map((f) => (
            <TextInput
              key={f}
              size="sm"
              label={t(`payroll.entries.fields.${f}`)}
              description={
                (DEFAULTED_FIELDS as readonly string[]).includes(f) ||
                f === 'CommissionThreshold' ||
                f === 'ManualCommissionAmount'
                  ? t('payroll.entries.defaultHint')
                  : undefined
              }
              inputMode="decimal"
              rightSection={fieldKind(f) === 'hours' ? <Text size="xs">h</Text> : undefined}
              value={draft.values[f]}
              onChange={(e) => setValue(f, e.currentTarget.value)}
              error={errors[f]}
              readOnly={readOnly}
              data-testid={`drawer-${f}`}
            />
          ))}
        </SimpleGrid>
        <Textarea
          label={t('payroll.entries.comments')}
          value={draft.Comments}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setDraft((d) => ({ ...d, Comments: v }));
          }}
          error={errors.Comments}
          autosize
          minRows={2}
          maxLength={2000}
          readOnly={readOnly}
        />
        <Divider label={t('payroll.entries.pieces')} labelPosition="left" />
        {draft.CommissionPieces.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('payroll.entries.noPieces')}
          </Text>
        )}
        {draft.CommissionPieces.map((p, i) => (
          <Group key={p.PieceNumber} gap="xs" align="flex-end" wrap="nowrap">
            <Text size="sm" w={150} pb={6}>
              {t('payroll.entries.pieceNumber', { n: p.PieceNumber })}
              {p.FromSale ? (
                <Text span size="xs" c="dimmed" display="block">
                  {t('payroll.entries.pieceFromSale')}
                </Text>
              ) : null}
            </Text>
            <TextInput
              size="xs"
              label={t('payroll.entries.pieceQty')}
              value={p.PieceQty}
              onChange={(e) => setPiece(i, 'PieceQty', e.currentTarget.value)}
              error={errors[`CommissionPieces[${i}].PieceQty`] ?? errors[`CommissionPieces.${i}.PieceQty`]}
              readOnly={readOnly || p.FromSale}
              w={110}
            />
            <TextInput
              size="xs"
              label={t('payroll.entries.pieceRate')}
              value={p.PieceRate}
              onChange={(e) => setPiece(i, 'PieceRate', e.currentTarget.value)}
              error={errors[`CommissionPieces[${i}].PieceRate`] ?? errors[`CommissionPieces.${i}.PieceRate`]}
              readOnly={readOnly || p.FromSale}
              w={110}
            />
            {!readOnly && !p.FromSale && (
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={t('payroll.entries.removePiece', { n: p.PieceNumber })}
                onClick={() =>
                  setDraft((d) => ({ ...d, CommissionPieces: d.CommissionPieces.filter((_, j) => j !== i) }))
                }
              >
                <IconTrash size={15} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {errors.CommissionPieces && (
          <Text size="xs" c="red">
            {errors.CommissionPieces}
          </Text>
        )}
        {!readOnly && (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                setDraft((d) => ({
                  ...d,
                  CommissionPieces: [
                    ...d.CommissionPieces,
                    {
                      PieceNumber: Math.max(0, ...d.CommissionPieces.map((x) => x.PieceNumber)) + 1,
                      PieceQty: '',
                      PieceRate: '',
                    },
                  ],
                }))
              }
            >
              {t('payroll.entries.addPiece')}
            </Button>
          </Group>
        )}
        {!readOnly && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="drawer-save">
              {t('payroll.entries.save')}
            </Button>
          </Group>
        )}
        <Divider />
        <Title order={3} size="h5">
          {t('payroll.entries.lines')}
        </Title>
        {entry.Lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('payroll.entries.noLines')}
          </Text>
        ) : (
          <Table fz="sm" verticalSpacing={4} data-testid="entry-lines">
            <Table.Tbody>
              {entry.Lines.map((line) => (
                <Table.Tr key={`${line.SortIndex}-${line.Caption}`}>
                  <Table.Td>
                    <Text size="sm">{line.Caption}</Text>
                    {line.Trace?.Description && (
                      <Text size="xs" c="dimmed">
                        {line.Trace.Description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {line.Rate === null ? '' : formatMoney(line.Rate, currency, locale)}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {line.Units === null ? '' : formatHours(line.Units)}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace" fw={500}>
                    {formatMoney(line.Amount, currency, locale)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </form>
  );
}
