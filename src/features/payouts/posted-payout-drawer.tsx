// A posted payout in a drawer: post a new one (division and corporation, date, reference, comments,
// lines per program with units and the amount posted) or edit one (PATCH with Version; a stale copy
// says so and reloads), with each line's expected amount, difference and comparison once saved, the
// history (who changed what, when) and delete after a confirmation.
import {
  ActionIcon,
  Alert,
  Button,
  Drawer,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Timeline,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useApiClient } from '../../api/api-context';
import { formFields, type SaveProblem, saveProblem } from '../../api/save-problems';
import { Program } from '../../contract/orders';
import { PostedPayout, type PostedPayoutHistoryEntry } from '../../contract/payouts';
import { formatDateTime } from '../../lib/date-display';
import { ConfirmDeleteModal } from '../../ui/confirm-delete-modal';
import { RefusalBanner } from '../../ui/refusal-banner';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { CorporationSelect } from '../access/corporation-select';
import { useDivisions } from '../access/shared';
import { getRaw } from '../orders/field/api';
import {
  createPostedPayout,
  day,
  deletePostedPayout,
  formatMoney,
  PAYOUTS_KEY,
  patchPostedPayout,
  usePostedPayoutHistory,
} from './api';
import { ComparisonBadge } from './comparison-badge';

interface LineDraft {
  key: number;
  ProgramID: string | null;
  Quantity: number | string;
  PostedAmount: number | string;
}
interface Draft {
  DivisionID: string | null;
  IcdCorporationID: string | null;
  PostedDate: string;
  Reference: string;
  Comments: string;
  Lines: LineDraft[];
}

let nextKey = 1;
const draftOf = (p: PostedPayout | null, today: string): Draft => ({
  DivisionID: p ? String(p.DivisionID) : null,
  IcdCorporationID: p ? String(p.IcdCorporationID) : null,
  PostedDate: p ? day(p.PostedDate) : today,
  Reference: p?.Reference ?? '',
  Comments: p?.Comments ?? '',
  Lines: p
    ? p.Lines.map((l) => ({
        key: nextKey++,
        ProgramID: l.ProgramID === null ? null : String(l.ProgramID),
        Quantity: l.Quantity,
        PostedAmount: l.PostedAmount,
      }))
    : [{ key: nextKey++, ProgramID: null, Quantity: '', PostedAmount: '' }],
});

const num = (v: number | string) => (v === '' ? Number.NaN : Number(v));

function usePrograms(divisionId: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...PAYOUTS_KEY, 'programs', divisionId],
    queryFn: ({ signal }) =>
      getRaw(api, 'programs', z.array(Program), { signal, query: { divisionID: divisionId } }),
    enabled: divisionId !== null,
    staleTime: 5 * 60_000,
  });
}

/** What the drawer shows beside a field: a refusal of only these has no banner above the form. */
const PAYOUT_FIELDS = formFields(
  'DivisionID',
  'IcdCorporationID',
  'PostedDate',
  'Reference',
  'Comments',
  'Lines',
  'Lines.*.ProgramID',
  'Lines.*.Quantity',
  'Lines.*.PostedAmount',
);

export function PostedPayoutDrawer(props: {
  payout: PostedPayout | null;
  today: string;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { canWrite, onClose } = props;
  const [saved, setSaved] = useState<PostedPayout | null>(props.payout);
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.payout, props.today));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [tab, setTab] = useState<string>('details');
  const divisions = useDivisions();
  const programs = usePrograms(draft.DivisionID);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setLine = (key: number, patch: Partial<LineDraft>) =>
    set({ Lines: draft.Lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) });
  const fieldError = (key: string) => problem?.errors[key]?.join(' ');
  const readOnly = !canWrite;

  async function save() {
    setBusy(true);
    setProblem(null);
    const body = {
      PostedDate: draft.PostedDate,
      Reference: draft.Reference.trim() || null,
      Comments: draft.Comments.trim() || null,
      Lines: draft.Lines.map((l) => ({
        ProgramID: l.ProgramID === null ? null : Number(l.ProgramID),
        Quantity: num(l.Quantity),
        PostedAmount: num(l.PostedAmount),
      })),
    };
    const missing: Record<string, string[]> = {};
    if (!saved && !draft.DivisionID) missing.DivisionID = [t('payouts.required')];
    if (!saved && !draft.IcdCorporationID) missing.IcdCorporationID = [t('payouts.required')];
    body.Lines.forEach((l, i) => {
      if (Number.isNaN(l.Quantity)) missing[`Lines.${i}.Quantity`] = [t('payouts.required')];
      if (Number.isNaN(l.PostedAmount)) missing[`Lines.${i}.PostedAmount`] = [t('payouts.required')];
    });
    if (Object.keys(missing).length) {
      setProblem({ status: 400, message: t('payouts.fix'), errors: missing });
      setBusy(false);
      return;
    }
    try {
      const answer = saved
        ? await patchPostedPayout(api, saved.PostedPayoutID, { ...body, Version: saved.Version })
        : await createPostedPayout(api, Number(draft.DivisionID), Number(draft.IcdCorporationID), body);
      const payout = PostedPayout.parse(answer);
      setSaved(payout);
      setDraft(draftOf(payout, props.today));
      await queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY });
    } catch (err) {
      const p = saveProblem(err);
      setProblem(p);
      if (p.status === 409) await queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!saved) return;
    setBusy(true);
    try {
      await deletePostedPayout(api, saved.PostedPayoutID, saved.Version);
      await queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY });
      onClose();
    } catch (err) {
      setProblem(saveProblem(err));
      setConfirmDelete(false);
    } finally {
      setBusy(false);
    }
  }

  const programOptions = (programs.data ?? []).map((p) => ({ value: String(p.ProgramID), label: p.Name }));
  const savedLine = (programId: string | null) =>
    saved?.Lines.find((l) => (l.ProgramID === null ? null : String(l.ProgramID)) === programId);

  const removeLine = (key: number) => set({ Lines: draft.Lines.filter((x) => x.key !== key) });
  type LineRow = { line: LineDraft; index: number };
  const lineColumns: ResponsiveColumn<LineRow>[] = [
    {
      key: 'program',
      label: t('payouts.fields.program'),
      cell: ({ line: l, index: i }) => (
        <Select
          aria-label={t('payouts.fields.program')}
          placeholder={t('payouts.allPrograms')}
          data={programOptions}
          value={l.ProgramID}
          onChange={(v) => setLine(l.key, { ProgramID: v })}
          error={fieldError(`Lines.${i}.ProgramID`)}
          disabled={!draft.DivisionID || readOnly}
          clearable
          searchable
          miw={160}
        />
      ),
    },
    {
      key: 'units',
      label: t('payouts.fields.units'),
      cell: ({ line: l, index: i }) => (
        <NumberInput
          aria-label={t('payouts.fields.units')}
          value={l.Quantity}
          onChange={(v) => setLine(l.key, { Quantity: v })}
          error={fieldError(`Lines.${i}.Quantity`)}
          min={0}
          allowDecimal={false}
          readOnly={readOnly}
          w={{ base: '100%', sm: 110 }}
          data-testid="line-units"
        />
      ),
    },
    {
      key: 'posted',
      label: t('payouts.fields.posted'),
      cell: ({ line: l, index: i }) => (
        <NumberInput
          aria-label={t('payouts.fields.posted')}
          value={l.PostedAmount}
          onChange={(v) => setLine(l.key, { PostedAmount: v })}
          error={fieldError(`Lines.${i}.PostedAmount`)}
          min={0}
          decimalScale={2}
          thousandSeparator=","
          readOnly={readOnly}
          w={{ base: '100%', sm: 140 }}
          data-testid="line-amount"
        />
      ),
    },
    {
      key: 'expected',
      label: t('payouts.fields.expected'),
      align: 'right',
      nowrap: true,
      cell: ({ line: l }) => {
        const s = savedLine(l.ProgramID);
        return s ? (
          <Text size="sm" title={s.PayoutPolicyName ?? t('payouts.noPolicy')} data-testid="line-expected">
            {formatMoney(s.ExpectedAmount)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        );
      },
    },
    {
      key: 'comparison',
      label: t('payouts.fields.comparison'),
      cell: ({ line: l }) => {
        const s = savedLine(l.ProgramID);
        return s ? <ComparisonBadge comparison={s.PayoutComparison} /> : null;
      },
    },
  ];

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="min(760px, 100vw)"
      title={saved ? t('payouts.drawer.edit', { name: saved.CorporationName }) : t('payouts.drawer.new')}
      data-testid="posted-payout-drawer"
    >
      <Tabs value={tab} onChange={(v) => v && setTab(v)}>
        <Tabs.List mb="md">
          <Tabs.Tab value="details">{t('payouts.drawer.details')}</Tabs.Tab>
          {saved && (
            <Tabs.Tab value="history" data-testid="history-tab">
              {t('payouts.drawer.history')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="details">
          <Stack gap="sm">
            <RefusalBanner
              problem={problem}
              isField={PAYOUT_FIELDS}
              stale={t('payouts.stale')}
              testId="payout-problem"
            />
            {saved && (
              <Group gap="lg" data-testid="payout-summary">
                <ComparisonBadge comparison={saved.PayoutComparison} />
                <Text size="sm">
                  {t('payouts.summary', {
                    posted: formatMoney(saved.PostedAmount),
                    expected: formatMoney(saved.ExpectedAmount),
                    difference: formatMoney(saved.Difference),
                  })}
                </Text>
              </Group>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('payouts.fields.division')}
                data={(divisions.data ?? []).map((d) => ({ value: String(d.DivisionID), label: d.Name }))}
                value={draft.DivisionID}
                onChange={(v) =>
                  set({ DivisionID: v, Lines: draft.Lines.map((l) => ({ ...l, ProgramID: null })) })
                }
                error={fieldError('DivisionID')}
                disabled={!!saved || readOnly}
                allowDeselect={false}
                required
                data-testid="payout-division"
              />
              <CorporationSelect
                label={t('payouts.fields.corporation')}
                value={draft.IcdCorporationID}
                onChange={(v) => set({ IcdCorporationID: v })}
                error={fieldError('IcdCorporationID')}
                disabled={!!saved || readOnly}
                allowDeselect={false}
                required
                data-testid="payout-corporation"
              />
              <TextInput
                type="date"
                label={t('payouts.fields.postedDate')}
                value={draft.PostedDate}
                onChange={(e) => set({ PostedDate: e.currentTarget.value })}
                error={fieldError('PostedDate')}
                readOnly={readOnly}
                required
                data-testid="payout-date"
              />
              <TextInput
                label={t('payouts.fields.reference')}
                value={draft.Reference}
                onChange={(e) => set({ Reference: e.currentTarget.value })}
                error={fieldError('Reference')}
                readOnly={readOnly}
                maxLength={100}
                data-testid="payout-reference"
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
              data-testid="payout-comments"
            />
            <Text fw={600} size="sm">
              {t('payouts.fields.lines')}
            </Text>
            {fieldError('Lines') && (
              <Text c="red" size="sm">
                {fieldError('Lines')}
              </Text>
            )}
            <ResponsiveTable
              label={t('payouts.fields.lines')}
              rows={draft.Lines.map((line, index) => ({ line, index }))}
              rowKey={(r) => r.line.key}
              title={(r) => t('payouts.lineTitle', { n: r.index + 1 })}
              columns={lineColumns}
              actions={
                !readOnly && draft.Lines.length > 1
                  ? (r, layout) =>
                      layout === 'cards' ? (
                        <Button
                          variant="light"
                          color="red"
                          leftSection={<IconTrash size={16} />}
                          onClick={() => removeLine(r.line.key)}
                        >
                          {t('payouts.removeLine')}
                        </Button>
                      ) : (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('payouts.removeLine')}
                          onClick={() => removeLine(r.line.key)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )
                  : undefined
              }
              rowProps={() => ({ 'data-testid': 'payout-line' })}
              testId="payout-lines"
              tableProps={{ verticalSpacing: 4 }}
            />
            {!readOnly && (
              <Group>
                <Button
                  variant="subtle"
                  leftSection={<IconPlus size={16} />}
                  onClick={() =>
                    set({
                      Lines: [
                        ...draft.Lines,
                        { key: nextKey++, ProgramID: null, Quantity: '', PostedAmount: '' },
                      ],
                    })
                  }
                  data-testid="add-line"
                >
                  {t('payouts.addLine')}
                </Button>
              </Group>
            )}
            <Group justify="space-between" mt="sm">
              {saved && canWrite ? (
                <Button
                  color="red"
                  variant="light"
                  onClick={() => setConfirmDelete(true)}
                  data-testid="delete-payout"
                >
                  {t('payouts.delete')}
                </Button>
              ) : (
                <span />
              )}
              <Group>
                <Button variant="default" onClick={onClose}>
                  {t('common.close')}
                </Button>
                {canWrite && (
                  <Button onClick={() => void save()} loading={busy} data-testid="save-payout">
                    {saved ? t('common.save') : t('payouts.post')}
                  </Button>
                )}
              </Group>
            </Group>
          </Stack>
        </Tabs.Panel>
        {saved && (
          <Tabs.Panel value="history">
            <HistoryPanel id={saved.PostedPayoutID} />
          </Tabs.Panel>
        )}
      </Tabs>
      <ConfirmDeleteModal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('payouts.confirmDelete.title')}
        testId="confirm-delete"
        message={t('payouts.confirmDelete.body', { name: saved?.CorporationName ?? '' })}
        pending={busy}
        onConfirm={() => void remove()}
        confirmTestId="confirm-delete-payout"
      />
    </Drawer>
  );
}

function fieldLabel(t: (k: string, o?: Record<string, string>) => string, field: string): string {
  if (field.startsWith('Lines: ')) return t('payouts.history.line', { program: field.slice(7) });
  return t(`payouts.history.fields.${field}`, { defaultValue: field });
}

/** Newest first; a save invalidates the payouts queries, so a new entry shows at once. */
function HistoryPanel({ id }: { id: number }) {
  const { t } = useTranslation();
  const history = usePostedPayoutHistory(id);
  if (history.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (history.isError)
    return (
      <Alert color="red" variant="light">
        {t('payouts.history.failed')}
      </Alert>
    );
  const entries: PostedPayoutHistoryEntry[] = [...history.data].reverse();
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid="payout-history">
      {entries.map((h) => (
        <Timeline.Item
          key={h.PostedPayoutHistoryID}
          title={t(`payouts.history.actions.${h.Action}`, {
            who: h.ChangedByName,
            when: formatDateTime(h.ChangedAt),
          })}
          data-testid="history-entry"
        >
          <Stack gap={2}>
            {h.Changes.map((c) => (
              <Text key={c.Field} size="xs" c="dimmed">
                {fieldLabel(t, c.Field)}: {c.From ?? '—'} → {c.To ?? '—'}
              </Text>
            ))}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
