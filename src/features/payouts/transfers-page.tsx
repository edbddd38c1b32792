// RS payout transfers (/payouts/transfers, office, online only): money moved to or from an ICD
// corporation for RS payouts, filtered by dates and corporation, sortable and paged; the editor (a
// modal) records or changes one (Version: a stale copy says so and reloads) and deletes it after a
// confirmation.
import {
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import { hasGrant } from '../../api/permissions';
import { formFields, type SaveProblem, saveProblem } from '../../api/save-problems';
import { useSessionData } from '../../app/app-context';
import type { RsPayoutTransfer } from '../../contract/payouts';
import { formatDay } from '../../lib/date-display';
import { ListFooter } from '../../ui/list-footer';
import { QueryView } from '../../ui/query-view';
import { RefusalBanner } from '../../ui/refusal-banner';
import { ScrollTable } from '../../ui/scroll-table';
import { CorporationSelect } from '../access/corporation-select';
import { localDate } from '../orders/field/order-draft';
import { SortHeader } from '../scheduling/components/sort-header';
import { type SortState, sortRows } from '../scheduling/tsu';
import { day, deleteTransfer, formatMoney, PAYOUTS_KEY, saveTransfer, useTransfers } from './api';

type Column = 'TransferDate' | 'CorporationName' | 'Direction' | 'Amount' | 'Counterparty' | 'Reference';
const PAGE_SIZE = 25;
/** What the editor shows beside a field: a refusal of only these has no banner above the form. */
const TRANSFER_FIELDS = formFields(
  'DirectionID',
  'IcdCorporationID',
  'TransferDate',
  'Amount',
  'Counterparty',
  'Reference',
  'Comments',
);

function sortValue(r: RsPayoutTransfer, c: Column): string | number {
  if (c === 'TransferDate') return day(r.TransferDate);
  if (c === 'Amount') return r.Amount;
  return r[c] ?? '';
}

interface Draft {
  TransferDate: string;
  IcdCorporationID: string | null;
  DirectionID: '1' | '2';
  Amount: number | string;
  Counterparty: string;
  Reference: string;
  Comments: string;
}

function TransferEditor({
  transfer,
  today,
  canWrite,
  onClose,
}: {
  transfer: RsPayoutTransfer | null;
  today: string;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => ({
    TransferDate: transfer ? day(transfer.TransferDate) : today,
    IcdCorporationID: transfer ? String(transfer.IcdCorporationID) : null,
    DirectionID: transfer?.DirectionID === 2 ? '2' : '1',
    Amount: transfer?.Amount ?? '',
    Counterparty: transfer?.Counterparty ?? '',
    Reference: transfer?.Reference ?? '',
    Comments: transfer?.Comments ?? '',
  }));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const fieldError = (key: string) => problem?.errors[key]?.join(' ');

  async function save() {
    const missing: Record<string, string[]> = {};
    if (!draft.IcdCorporationID) missing.IcdCorporationID = [t('payouts.required')];
    if (draft.Amount === '') missing.Amount = [t('payouts.required')];
    if (Object.keys(missing).length) {
      setProblem({ status: 400, message: t('payouts.fix'), errors: missing });
      return;
    }
    setBusy(true);
    setProblem(null);
    const body = {
      TransferDate: draft.TransferDate,
      IcdCorporationID: Number(draft.IcdCorporationID),
      DirectionID: Number(draft.DirectionID) as 1 | 2,
      Amount: Number(draft.Amount),
      Counterparty: draft.Counterparty,
      Reference: draft.Reference.trim() || null,
      Comments: draft.Comments.trim() || null,
    };
    try {
      await saveTransfer(
        api,
        transfer?.RsPayoutTransferID ?? null,
        transfer ? { ...body, Version: transfer.Version } : body,
      );
      await queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY });
      onClose();
    } catch (err) {
      const p = saveProblem(err);
      setProblem(p);
      if (p.status === 409) await queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!transfer) return;
    setBusy(true);
    try {
      await deleteTransfer(api, transfer.RsPayoutTransferID, transfer.Version);
      await queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY });
      onClose();
    } catch (err) {
      setProblem(saveProblem(err));
      setConfirm(false);
    } finally {
      setBusy(false);
    }
  }

  const readOnly = !canWrite;
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={transfer ? t('payouts.transfers.edit') : t('payouts.transfers.new')}
      data-testid="transfer-editor"
    >
      {confirm ? (
        <Stack>
          <Text size="sm">{t('payouts.transfers.confirmDelete')}</Text>
          <Group justify="flex-end">
            {/* Focused when the question shows (the Delete pressed is gone): Enter never deletes. */}
            <Button variant="default" onClick={() => setConfirm(false)} autoFocus>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={busy}
              onClick={() => void remove()}
              data-testid="confirm-delete-transfer"
            >
              {t('payouts.delete')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <RefusalBanner
            problem={problem}
            isField={TRANSFER_FIELDS}
            stale={t('payouts.stale')}
            testId="transfer-problem"
          />
          <SegmentedControl
            value={draft.DirectionID}
            onChange={(v) => set({ DirectionID: v === '2' ? '2' : '1' })}
            disabled={readOnly}
            data={[
              { value: '1', label: t('payouts.transfers.direction.ToCorporation') },
              { value: '2', label: t('payouts.transfers.direction.FromCorporation') },
            ]}
          />
          {fieldError('DirectionID') && (
            <Text c="red" size="sm">
              {fieldError('DirectionID')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <CorporationSelect
              label={t('payouts.fields.corporation')}
              value={draft.IcdCorporationID}
              onChange={(v) => set({ IcdCorporationID: v })}
              error={fieldError('IcdCorporationID')}
              disabled={readOnly}
              allowDeselect={false}
              required
              data-autofocus
              data-testid="transfer-corporation"
            />
            <TextInput
              type="date"
              label={t('payouts.transfers.date')}
              value={draft.TransferDate}
              onChange={(e) => set({ TransferDate: e.currentTarget.value })}
              error={fieldError('TransferDate')}
              readOnly={readOnly}
              required
            />
            <NumberInput
              label={t('payouts.transfers.amount')}
              value={draft.Amount}
              onChange={(v) => set({ Amount: v })}
              error={fieldError('Amount')}
              min={0}
              decimalScale={2}
              thousandSeparator=","
              readOnly={readOnly}
              required
              data-testid="transfer-amount"
            />
            <TextInput
              label={t('payouts.transfers.counterparty')}
              description={t('payouts.transfers.counterpartyHint')}
              value={draft.Counterparty}
              onChange={(e) => set({ Counterparty: e.currentTarget.value })}
              error={fieldError('Counterparty')}
              readOnly={readOnly}
              maxLength={100}
              required
              data-testid="transfer-counterparty"
            />
            <TextInput
              label={t('payouts.fields.reference')}
              value={draft.Reference}
              onChange={(e) => set({ Reference: e.currentTarget.value })}
              error={fieldError('Reference')}
              readOnly={readOnly}
              maxLength={100}
            />
          </SimpleGrid>
          <Textarea
            label={t('payouts.fields.comments')}
            value={draft.Comments}
            onChange={(e) => set({ Comments: e.currentTarget.value })}
            error={fieldError('Comments')}
            readOnly={readOnly}
            autosize
            minRows={2}
            maxLength={1000}
          />
          <Group justify="space-between">
            {transfer && canWrite ? (
              <Button
                color="red"
                variant="light"
                onClick={() => setConfirm(true)}
                data-testid="delete-transfer"
              >
                {t('payouts.delete')}
              </Button>
            ) : (
              <span />
            )}
            <Group>
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              {canWrite && (
                <Button onClick={() => void save()} loading={busy} data-testid="save-transfer">
                  {t('common.save')}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

const daysBefore = (today: string, days: number) => {
  const d = new Date(`${today}T12:00:00`);
  d.setDate(d.getDate() - days);
  return localDate(d);
};

export default function TransfersPage() {
  const { t } = useTranslation();
  const session = useSessionData();
  const canWrite = hasGrant(session?.grants ?? [], 'payouts:write');
  const today = localDate(new Date());
  const [filters, setFilters] = useState({
    startDate: daysBefore(today, 90),
    endDate: today,
    icdCorporation: null as string | null,
  });
  const [sort, setSort] = useState<SortState<Column>>({ column: 'TransferDate', direction: 'desc' });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ transfer: RsPayoutTransfer | null } | null>(null);
  const transfers = useTransfers(filters);
  const set = (patch: Partial<typeof filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const header = (column: Column, label: string, numeric = false) => (
    <SortHeader column={column} label={label} sort={sort} onSort={setSort} numeric={numeric} />
  );
  return (
    <Stack gap="md" data-testid="transfers-page">
      <Group justify="space-between">
        <Title order={2}>{t('payouts.transfers.title')}</Title>
        {canWrite && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing({ transfer: null })}
            data-testid="new-transfer"
          >
            {t('payouts.transfers.new')}
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <TextInput
          type="date"
          label={t('payouts.filters.from')}
          value={filters.startDate}
          onChange={(e) => set({ startDate: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('payouts.filters.to')}
          value={filters.endDate}
          onChange={(e) => set({ endDate: e.currentTarget.value })}
        />
        <CorporationSelect
          label={t('payouts.fields.corporation')}
          placeholder={t('payouts.filters.all')}
          value={filters.icdCorporation}
          onChange={(v) => set({ icdCorporation: v })}
          clearable
        />
      </SimpleGrid>
      <QueryView
        query={transfers}
        errorTitle={t('payouts.transfers.loadFailed')}
        empty={t('payouts.transfers.empty')}
        isEmpty={(d) => d.length === 0}
        emptyTestId="transfers-empty"
      >
        {(data) => {
          const rows = sortRows(data, sort, sortValue);
          return (
            <Stack gap="sm">
              <ScrollTable label={t('payouts.transfers.title')} minWidth={900}>
                <Table highlightOnHover data-testid="transfers">
                  <Table.Thead>
                    <Table.Tr>
                      {header('TransferDate', t('payouts.transfers.date'))}
                      {header('CorporationName', t('payouts.fields.corporation'))}
                      {header('Direction', t('payouts.transfers.directionLabel'))}
                      {header('Amount', t('payouts.transfers.amount'), true)}
                      {header('Counterparty', t('payouts.transfers.counterparty'))}
                      {header('Reference', t('payouts.fields.reference'))}
                      <Table.Th>{t('payouts.fields.comments')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((r) => (
                      <Table.Tr
                        key={r.RsPayoutTransferID}
                        style={{ cursor: 'pointer' }}
                        tabIndex={0}
                        onClick={() => setEditing({ transfer: r })}
                        onKeyDown={(e) => e.key === 'Enter' && setEditing({ transfer: r })}
                        data-testid="transfer-row"
                      >
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(r.TransferDate)}</Table.Td>
                        <Table.Td>{r.CorporationName}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <Badge
                            variant="light"
                            color={r.DirectionID === 1 ? 'blue' : 'orange'}
                            style={{ overflow: 'visible' }}
                          >
                            {t(`payouts.transfers.direction.${r.Direction}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="right">{formatMoney(r.Amount)}</Table.Td>
                        <Table.Td>{r.Counterparty}</Table.Td>
                        <Table.Td>{r.Reference ?? '—'}</Table.Td>
                        <Table.Td>
                          <Text size="sm" lineClamp={1}>
                            {r.Comments ?? ''}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
              <ListFooter
                label={t('payouts.transfers.count', { count: rows.length })}
                totalCount={rows.length}
                pageSize={PAGE_SIZE}
                page={page}
                onPageChange={setPage}
              />
            </Stack>
          );
        }}
      </QueryView>
      {editing && (
        <TransferEditor
          transfer={editing.transfer}
          today={today}
          canWrite={canWrite}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
