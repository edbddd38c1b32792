// The entries of a payroll: one row per pay period (employee × office) with its hours by class, the
// amounts a processor corrects most, gross pay and the manual request flag; a totals row under them.
// A row is edited in place (Enter or the pencil opens it; Tab moves between its fields; Enter saves
// with the entry's Version; Escape cancels); every field of the save payload and the commission
// pieces are in the entry drawer. A locked payroll shows the grid read only.
import { ActionIcon, Alert, Checkbox, Group, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconListDetails, IconPencil, IconX } from '@tabler/icons-react';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayrollEntry } from '../../../contract/payroll';
import { ScrollTable } from '../../../ui/scroll-table';
import { columnValue, employeeName, gridTotals, type TotalColumn } from './calc';
import { type EntryDraft, fieldKind, GRID_FIELDS, type NumericEntryField, toDraft } from './entry-edit';
import { formatHours, formatMoney } from './format';
import { type SaveOutcome, useEntrySave } from './use-entry-save';

/** The employee column stays in view while the amounts scroll (tablet, phone). */
const STICKY = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
} as const;

const HOURS: TotalColumn[] = ['RegularHours', 'OvertimeHours', 'DoubleTimeHours', 'TotalHoursWorked'];
const HOUR_LABELS = {
  RegularHours: 'regular',
  OvertimeHours: 'overtime',
  DoubleTimeHours: 'doubleTime',
  TotalHoursWorked: 'totalHours',
} as const;

export interface EntriesGridProps {
  payrollId: number;
  entries: PayrollEntry[];
  readOnly: boolean;
  currency: 'USD' | 'CAD';
  onOpenDetails: (entry: PayrollEntry) => void;
  onToggleAdp: (entry: PayrollEntry, value: boolean) => void;
  adpBusy: boolean;
}

export function EntriesGrid({
  payrollId,
  entries,
  readOnly,
  currency,
  onOpenDetails,
  onToggleAdp,
  adpBusy,
}: EntriesGridProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.replace('_', '-');
  const [editing, setEditing] = useState<number | null>(null);
  const totals = useMemo(() => gridTotals(entries), [entries]);
  const money = (v: number) => formatMoney(v, currency, locale);
  const show = (column: TotalColumn | NumericEntryField, v: number) =>
    HOURS.includes(column as TotalColumn) ||
    (column !== 'GrossPay' && fieldKind(column as NumericEntryField) === 'hours')
      ? formatHours(v)
      : money(v);

  return (
    <ScrollTable label={t('payroll.entries.label')} minWidth={1100}>
      <Table
        striped
        highlightOnHover
        verticalSpacing={4}
        horizontalSpacing={4}
        fz="sm"
        aria-label={t('payroll.entries.label')}
        data-testid="entries-grid"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={STICKY}>{t('payroll.columns.employee')}</Table.Th>
            {HOURS.map((h) => (
              <Table.Th key={h} ta="right">
                {t(`payroll.columns.${HOUR_LABELS[h as keyof typeof HOUR_LABELS]}`)}
              </Table.Th>
            ))}
            {GRID_FIELDS.map((f) => (
              <Table.Th key={f} ta="right" title={t(`payroll.entries.fields.${f}`)}>
                {t(`payroll.entries.short.${f}`)}
              </Table.Th>
            ))}
            <Table.Th ta="right">{t('payroll.columns.gross')}</Table.Th>
            <Table.Th ta="center">{t('payroll.entries.manualRequestShort')}</Table.Th>
            <Table.Th>{t('payroll.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) =>
            editing === entry.PayPeriodID && !readOnly ? (
              <EditRow
                key={entry.PayPeriodID}
                payrollId={payrollId}
                entry={entry}
                money={money}
                onDone={() => setEditing(null)}
              />
            ) : (
              <Table.Tr
                key={entry.PayPeriodID}
                tabIndex={0}
                data-testid="entry-row"
                data-pay-period={entry.PayPeriodID}
                aria-label={employeeName(entry)}
                onKeyDown={(ev) => {
                  if (ev.target !== ev.currentTarget) return;
                  if (ev.key === 'Enter' && !readOnly) setEditing(entry.PayPeriodID);
                }}
                onDoubleClick={() => !readOnly && setEditing(entry.PayPeriodID)}
              >
                <Table.Td style={STICKY}>
                  <NameCell entry={entry} />
                </Table.Td>
                {HOURS.map((h) => (
                  <Table.Td key={h} ta="right" ff="monospace">
                    {formatHours(columnValue(entry, h))}
                  </Table.Td>
                ))}
                {GRID_FIELDS.map((f) => (
                  <Table.Td key={f} ta="right" ff="monospace" data-column={f}>
                    {columnValue(entry, f) === 0 ? (
                      <Text span c="dimmed" size="sm">
                        –
                      </Text>
                    ) : (
                      show(f, columnValue(entry, f))
                    )}
                  </Table.Td>
                ))}
                <Table.Td ta="right" ff="monospace" fw={600} data-column="GrossPay">
                  {money(entry.GrossPay)}
                </Table.Td>
                <Table.Td ta="center">
                  <Checkbox
                    size="xs"
                    checked={entry.IsProcessedByAdp}
                    disabled={readOnly || adpBusy}
                    onChange={(e) => onToggleAdp(entry, e.currentTarget.checked)}
                    aria-label={`${t('payroll.entries.manualRequest')}: ${employeeName(entry)}`}
                    styles={{ body: { justifyContent: 'center' } }}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap" justify="flex-end">
                    {!readOnly && (
                      <Tooltip label={t('payroll.entries.edit', { name: employeeName(entry) })}>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          onClick={() => setEditing(entry.PayPeriodID)}
                          aria-label={t('payroll.entries.edit', { name: employeeName(entry) })}
                          data-testid="entry-edit"
                        >
                          <IconPencil size={15} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    <Tooltip label={t('payroll.entries.details', { name: employeeName(entry) })}>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        onClick={() => onOpenDetails(entry)}
                        aria-label={t('payroll.entries.details', { name: employeeName(entry) })}
                        data-testid="entry-details"
                      >
                        <IconListDetails size={15} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ),
          )}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr
            data-testid="entries-totals"
            style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}
          >
            <Table.Th style={STICKY}>{t('payroll.entries.totals')}</Table.Th>
            {HOURS.map((h) => (
              <Table.Th key={h} ta="right" ff="monospace">
                {formatHours(totals[h])}
              </Table.Th>
            ))}
            {GRID_FIELDS.map((f) => (
              <Table.Th key={f} ta="right" ff="monospace">
                {show(f, totals[f])}
              </Table.Th>
            ))}
            <Table.Th ta="right" ff="monospace" data-testid="total-gross">
              {money(totals.GrossPay)}
            </Table.Th>
            <Table.Th />
            <Table.Th />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollTable>
  );
}

function NameCell({ entry }: { entry: PayrollEntry }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {employeeName(entry)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {entry.Employee?.OfficeName ?? ''}
        {!entry.IsApproved && (
          <Text span size="xs" c="orange.8" fw={500}>
            {` · ${t('payroll.entries.notApproved')}`}
          </Text>
        )}
      </Text>
    </Stack>
  );
}

/** A row in edit mode: the grid's fields as inputs; Enter saves, Escape cancels. */
function EditRow({
  payrollId,
  entry,
  money,
  onDone,
}: {
  payrollId: number;
  entry: PayrollEntry;
  money: (amount: number) => string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const defaults = { Salary: entry.Employee?.Salary ?? null, ContractorPayment: null };
  const [draft, setDraft] = useState<EntryDraft>(() => toDraft(entry, defaults));
  const save = useEntrySave(payrollId);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);

  const submit = async () => {
    const result = await save.run(entry, draft, defaults);
    setOutcome(result);
    if (result.kind === 'saved') onDone();
    if (result.kind === 'conflict' && result.current) setDraft(toDraft(result.current, defaults));
  };
  const onKeyDown = (ev: KeyboardEvent) => {
    if (ev.key === 'Enter') {
      ev.preventDefault();
      void submit();
    } else if (ev.key === 'Escape') {
      ev.preventDefault();
      onDone();
    }
  };
  const errors = outcome?.kind === 'invalid' ? outcome.errors : {};
  const colSpan = 1 + HOURS.length + GRID_FIELDS.length + 3;

  return (
    <>
      <Table.Tr data-testid="entry-edit-row" data-pay-period={entry.PayPeriodID} onKeyDown={onKeyDown}>
        <Table.Td style={STICKY}>
          <NameCell entry={entry} />
        </Table.Td>
        {HOURS.map((h) => (
          <Table.Td key={h} ta="right" ff="monospace">
            {formatHours(columnValue(entry, h))}
          </Table.Td>
        ))}
        {GRID_FIELDS.map((f, i) => (
          <Table.Td key={f} ta="right">
            <TextInput
              size="xs"
              w={60}
              inputMode="decimal"
              onFocus={(e) => e.currentTarget.select()}
              autoFocus={i === 0}
              value={draft.values[f]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setDraft((d) => ({ ...d, values: { ...d.values, [f]: value } }));
              }}
              aria-label={`${t(`payroll.entries.fields.${f}`)}: ${employeeName(entry)}`}
              error={errors[f] ? true : undefined}
              styles={{ input: { textAlign: 'right' } }}
              data-testid={`edit-${f}`}
            />
          </Table.Td>
        ))}
        <Table.Td ta="right" ff="monospace" fw={600} c="dimmed">
          {money(entry.GrossPay)}
        </Table.Td>
        <Table.Td />
        <Table.Td>
          <Group gap={2} wrap="nowrap" justify="flex-end">
            <ActionIcon
              size="sm"
              color="green"
              variant="light"
              loading={save.isPending}
              onClick={() => void submit()}
              aria-label={t('payroll.entries.save')}
              data-testid="entry-save"
            >
              <IconCheck size={15} />
            </ActionIcon>
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              onClick={onDone}
              aria-label={t('payroll.entries.cancel')}
            >
              <IconX size={15} />
            </ActionIcon>
          </Group>
        </Table.Td>
      </Table.Tr>
      {outcome && outcome.kind !== 'saved' && (
        <Table.Tr>
          <Table.Td colSpan={colSpan}>
            <Alert
              color={outcome.kind === 'conflict' ? 'yellow' : 'red'}
              py={6}
              role="alert"
              data-testid="entry-problem"
              title={outcome.kind === 'conflict' ? undefined : t('payroll.entries.saveFailed')}
            >
              <Stack gap={2}>
                <Text size="sm">{outcome.message}</Text>
                {Object.entries(errors).map(([field, message]) => (
                  <Text size="xs" key={field}>
                    {labelOf(t, field)}: {message}
                  </Text>
                ))}
              </Stack>
            </Alert>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

function labelOf(t: (key: string) => string, field: string): string {
  const key = `payroll.entries.fields.${field}`;
  const label = t(key);
  return label === key ? field : label;
}
