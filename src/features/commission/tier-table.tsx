// The tier table of a commission or payout policy: rows From–To (units, 0 to 1,000,000) at a Rate per
// unit; rows are added and removed, and the server's per-row messages (gaps, overlaps) show on their
// row. Tiers are marginal: each unit is paid at the rate of the tier it falls in.
import { ActionIcon, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TIER_MAX, type TierRow } from '../../contract/commission';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';

export type TierErrors = Record<string, string[] | undefined>;

/** The rows after adding one: it starts where the last ends, and the last row runs to 1,000,000. */
export function addTier(rows: readonly TierRow[]): TierRow[] {
  if (rows.length === 0) return [{ From: 0, To: TIER_MAX, Rate: 0 }];
  const last = rows[rows.length - 1];
  const mid = last.To > last.From + 1 ? Math.min(last.To - 1, last.From + 10) : last.From;
  return [...rows.slice(0, -1), { ...last, To: mid }, { From: mid, To: TIER_MAX, Rate: last.Rate }];
}

/** The rows after removing one: its neighbour takes over its range, so no gap opens. */
export function removeTier(rows: readonly TierRow[], index: number): TierRow[] {
  if (rows.length <= 1) return [...rows];
  const out = rows.filter((_, i) => i !== index);
  if (index === 0) out[0] = { ...out[0], From: 0 };
  else out[index - 1] = { ...out[index - 1], To: index < rows.length - 1 ? rows[index + 1].From : TIER_MAX };
  return out;
}

export function TierTable(props: {
  rows: TierRow[];
  onChange: (rows: TierRow[]) => void;
  /** The server's Errors (keys 'Tiers', 'Tiers.<i>.From', …). */
  errors?: TierErrors;
  rateLabel?: string;
}) {
  const { t } = useTranslation();
  const { rows, onChange, errors = {} } = props;
  const set = (i: number, patch: Partial<TierRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const rowError = (i: number) =>
    ['From', 'To', 'Rate', ''].flatMap((f) => errors[f ? `Tiers.${i}.${f}` : `Tiers.${i}`] ?? []).join(' ');
  const num = (v: number | string) => (typeof v === 'number' ? v : Number(v) || 0);
  const remove = (i: number) => onChange(removeTier(rows, i));
  const message = (i: number) => {
    const text = rowError(i);
    return text ? (
      <Text c="red" size="xs" data-testid="tier-error">
        {text}
      </Text>
    ) : null;
  };
  type Row = { row: TierRow; index: number };
  const columns: ResponsiveColumn<Row>[] = [
    {
      key: 'tier',
      label: t('commission.tiers.tier'),
      hideInCard: true,
      cell: ({ index: i }) => (
        <>
          {i + 1}
          {message(i)}
        </>
      ),
    },
    {
      key: 'from',
      label: t('commission.tiers.from'),
      cell: ({ row: r, index: i }) => (
        <NumberInput
          aria-label={t('commission.tiers.fromN', { n: i + 1 })}
          value={r.From}
          min={0}
          max={TIER_MAX}
          allowDecimal={false}
          thousandSeparator=","
          onChange={(v) => set(i, { From: num(v) })}
          error={!!errors[`Tiers.${i}.From`]}
        />
      ),
    },
    {
      key: 'to',
      label: t('commission.tiers.to'),
      cell: ({ row: r, index: i }) => (
        <NumberInput
          aria-label={t('commission.tiers.toN', { n: i + 1 })}
          value={r.To}
          min={0}
          max={TIER_MAX}
          allowDecimal={false}
          thousandSeparator=","
          onChange={(v) => set(i, { To: num(v) })}
          error={!!errors[`Tiers.${i}.To`]}
        />
      ),
    },
    {
      key: 'rate',
      label: props.rateLabel ?? t('commission.tiers.rate'),
      cell: ({ row: r, index: i }) => (
        <NumberInput
          aria-label={t('commission.tiers.rateN', { n: i + 1 })}
          value={r.Rate}
          min={0}
          decimalScale={2}
          fixedDecimalScale
          prefix="$"
          onChange={(v) => set(i, { Rate: num(v) })}
          error={!!errors[`Tiers.${i}.Rate`]}
        />
      ),
    },
  ];
  return (
    <Stack gap={4} data-testid="tier-table">
      <ResponsiveTable
        label={t('commission.tiers.title')}
        rows={rows.map((row, index) => ({ row, index }))}
        rowKey={(x) => x.index}
        title={(x) => t('commission.tiers.tierN', { n: x.index + 1 })}
        subtitle={(x) => message(x.index)}
        columns={columns}
        actions={(x, layout) =>
          layout === 'cards' ? (
            rows.length > 1 && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => remove(x.index)}
              >
                {t('commission.tiers.remove', { n: x.index + 1 })}
              </Button>
            )
          ) : (
            <ActionIcon
              variant="subtle"
              color="red"
              disabled={rows.length <= 1}
              aria-label={t('commission.tiers.remove', { n: x.index + 1 })}
              onClick={() => remove(x.index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )
        }
        rowProps={(x) => ({ 'data-tier': x.index + 1 })}
        tableProps={{ withTableBorder: true, verticalSpacing: 4 }}
      />
      {errors.Tiers && (
        <Text c="red" size="sm">
          {errors.Tiers.join(' ')}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange(addTier(rows))}
          data-testid="add-tier"
        >
          {t('commission.tiers.add')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('commission.tiers.hint')}
        </Text>
      </Group>
    </Stack>
  );
}
