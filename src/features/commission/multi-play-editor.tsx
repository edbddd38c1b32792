// The multi-play policy editor (a modal, one division): name, minimum plays, bonus, active, and the
// product + product line pairs. A pair already in another policy of the division is refused by the
// server with a message naming that policy, shown on its row and above the form; a stale Version (409)
// says so and reloads. Delete asks once and sends the Version.
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import { formFields } from '../../api/save-problems';
import type { MultiPlayPolicy } from '../../contract/commission';
import type { Product, ProductLine } from '../../contract/orders';
import { type MultiPlayValues, multiPlayBody, rowMessages } from './editor-helpers';
import { CancelSave, PolicyFields, usePolicySave } from './editor-parts';

/** What the editor shows beside a field: a refusal of only these has no banner. */
const MULTI_PLAY_FIELDS = formFields('Name', 'MinimumPlays', 'Bonus', 'Pairs', 'Pairs.*');

const str = (n: number | null | undefined) => (n == null ? null : String(n));

/** The division's product lines as Select groups, one per program. */
export function lineGroups(lines: readonly ProductLine[], divisionId: number) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const l of lines.filter((x) => x.DivisionID === divisionId))
    groups.set(l.ProgramName, [
      ...(groups.get(l.ProgramName) ?? []),
      { value: String(l.ProductLineID), label: `${l.Name} · ${l.ProgramName}` },
    ]);
  return [...groups].map(([group, items]) => ({ group, items }));
}

export function MultiPlayEditor(props: {
  divisionId: number;
  policy: MultiPlayPolicy | null;
  products: Product[];
  lines: ProductLine[];
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const { divisionId, policy, products, lines, canWrite, onClose } = props;
  const [values, setValues] = useState<MultiPlayValues>(() => ({
    Name: policy?.Name ?? '',
    MinimumPlays: policy?.MinimumPlays ?? 2,
    Bonus: policy?.Bonus ?? 0,
    IsActive: policy?.IsActive ?? true,
    Pairs: policy?.Pairs.map((p) => ({
      ProductID: str(p.ProductID),
      ProductLineID: str(p.ProductLineID),
    })) ?? [
      { ProductID: null, ProductLineID: null },
      { ProductID: null, ProductLineID: null },
    ],
  }));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { problem, setProblem, busy, fieldError, run } = usePolicySave(onClose, () =>
    setConfirmDelete(false),
  );
  const set = (patch: Partial<MultiPlayValues>) => setValues((v) => ({ ...v, ...patch }));
  const setPair = (i: number, patch: Partial<MultiPlayValues['Pairs'][number]>) =>
    set({ Pairs: values.Pairs.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  const id = policy?.MultiPlayCommissionPolicyID;
  // Only the division's products, and the product lines of its programs (grouped by program, since
  // programs often share line names such as "New activation").
  const productOptions = products
    .filter((p) => p.DivisionID === divisionId)
    .map((p) => ({ value: String(p.ProductID), label: p.Name }));
  const lineOptions = lineGroups(lines, divisionId);

  const save = () => {
    const missing: Record<string, string[]> = {};
    values.Pairs.forEach((p, i) => {
      if (!p.ProductID) missing[`Pairs.${i}.ProductID`] = [t('commission.multiPlay.chooseProduct')];
    });
    if (Object.keys(missing).length) {
      setProblem({
        status: 0,
        message: t('commission.multiPlay.fixRows'),
        errors: missing,
      });
      return;
    }
    return run(() => {
      const body = multiPlayBody(divisionId, values, policy?.Version);
      return id
        ? api.put(`multi-play-commission-policies/${id}`, body)
        : api.post('multi-play-commission-policies', body);
    });
  };
  const remove = () =>
    run(() => api.delete(`multi-play-commission-policies/${id}`, { query: { version: policy?.Version } }));

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t(id ? 'commission.multiPlay.edit' : 'commission.multiPlay.new')}
      data-testid="multi-play-editor"
    >
      <Stack gap="sm">
        <PolicyFields
          problem={problem}
          fields={MULTI_PLAY_FIELDS}
          canWrite={canWrite}
          name={values.Name}
          nameError={fieldError('Name')}
          onName={(Name) => set({ Name })}
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={t('commission.multiPlay.minimum')}
              value={values.MinimumPlays}
              min={2}
              max={20}
              allowDecimal={false}
              onChange={(v) => set({ MinimumPlays: typeof v === 'number' ? v : Number(v) || 0 })}
              error={fieldError('MinimumPlays')}
            />
            <NumberInput
              label={t('commission.multiPlay.bonus')}
              value={values.Bonus}
              min={0}
              decimalScale={2}
              fixedDecimalScale
              prefix="$"
              onChange={(v) => set({ Bonus: typeof v === 'number' ? v : Number(v) || 0 })}
              error={fieldError('Bonus')}
            />
            <Switch
              mt="xl"
              label={t('commission.multiPlay.active')}
              checked={values.IsActive}
              onChange={(e) => set({ IsActive: e.currentTarget.checked })}
            />
          </SimpleGrid>
          <Stack gap={4} data-testid="pair-table">
            <Table withTableBorder verticalSpacing={4} layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="55%">{t('commission.fields.product')}</Table.Th>
                  <Table.Th>{t('commission.fields.line')}</Table.Th>
                  <Table.Th w={56} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {values.Pairs.map((p, i) => {
                  const message = problem ? rowMessages(problem.errors, 'Pairs', i) : '';
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: pairs are positional (server messages by row)
                    <Table.Tr key={i} data-pair={i + 1}>
                      <Table.Td>
                        <Select
                          aria-label={t('commission.multiPlay.productN', { n: i + 1 })}
                          placeholder={t('commission.multiPlay.chooseProduct')}
                          data={productOptions}
                          value={p.ProductID}
                          onChange={(v) => setPair(i, { ProductID: v })}
                          error={!!message}
                          searchable
                        />
                        {message && (
                          <Text c="red" size="xs" data-testid="pair-error">
                            {message}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td style={{ verticalAlign: 'top' }}>
                        <Select
                          aria-label={t('commission.multiPlay.lineN', { n: i + 1 })}
                          placeholder={t('commission.fields.anyLine')}
                          data={lineOptions}
                          value={p.ProductLineID}
                          onChange={(v) => setPair(i, { ProductLineID: v })}
                          clearable
                        />
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          disabled={values.Pairs.length <= 1}
                          aria-label={t('commission.multiPlay.removePair', { n: i + 1 })}
                          onClick={() => set({ Pairs: values.Pairs.filter((_, j) => j !== i) })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            {fieldError('Pairs') && (
              <Text c="red" size="sm">
                {fieldError('Pairs')}
              </Text>
            )}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => set({ Pairs: [...values.Pairs, { ProductID: null, ProductLineID: null }] })}
                data-testid="add-pair"
              >
                {t('commission.multiPlay.addPair')}
              </Button>
            </Group>
          </Stack>
        </PolicyFields>
        <Group justify="space-between">
          <Group>
            {canWrite && id && !confirmDelete && (
              <Button
                variant="subtle"
                color="red"
                onClick={() => setConfirmDelete(true)}
                data-testid="delete-multi-play"
              >
                {t('commission.multiPlay.delete')}
              </Button>
            )}
            {canWrite && id && confirmDelete && (
              <>
                <Text size="sm">{t('commission.multiPlay.confirmDelete', { name: policy?.Name })}</Text>
                <Button color="red" loading={busy} onClick={() => void remove()} data-testid="confirm-delete">
                  {t('commission.multiPlay.delete')}
                </Button>
                {/* Focused when the question shows (the Delete pressed is gone): Enter never deletes. */}
                <Button variant="default" onClick={() => setConfirmDelete(false)} autoFocus>
                  {t('common.cancel')}
                </Button>
              </>
            )}
          </Group>
          <Group>
            <CancelSave
              canWrite={canWrite}
              busy={busy}
              onClose={onClose}
              onSave={() => void save()}
              saveTestId="save-multi-play"
            />
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
