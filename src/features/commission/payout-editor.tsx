// The payout policy editor (a modal): a division payout policy (division, optional program) or a
// corporation payout policy (corporation in a division), the period and the tier table. A refused save
// shows the server's message (a duplicate names the existing policy) with its field and tier-row
// messages; a stale Version (409) says so and reloads the list.
import { Alert, Button, Fieldset, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import { type SaveProblem, saveProblem } from '../../api/errors';
import { type PayoutPolicy, TIER_MAX } from '../../contract/commission';
import { useCorporations, useDivisions } from '../access/shared';
import { COMMISSION_KEY, day, useDivisionCatalogue } from './api';
import { type PayoutValues, payoutBody } from './editor-helpers';
import { TierTable } from './tier-table';

const str = (n: number | null | undefined) => (n == null ? null : String(n));

export function PayoutEditor(props: {
  kind: 'division' | 'corporation';
  policy: PayoutPolicy | null;
  today: string;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { kind, policy, canWrite, onClose } = props;
  const [values, setValues] = useState<PayoutValues>(() => ({
    Name: policy?.Name ?? '',
    DivisionID: str(policy?.DivisionID),
    IcdCorporationID: str(policy?.IcdCorporationID),
    ProgramID: str(policy?.ProgramID),
    StartDate: day(policy?.StartDate) ?? props.today,
    EndDate: day(policy?.EndDate) ?? '',
    Tiers: policy?.Tiers.map((r) => ({ ...r })) ?? [{ From: 0, To: TIER_MAX, Rate: 0 }],
  }));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const divisions = useDivisions();
  const corporations = useCorporations();
  const catalogue = useDivisionCatalogue(values.DivisionID ? Number(values.DivisionID) : null);
  const set = (patch: Partial<PayoutValues>) => setValues((v) => ({ ...v, ...patch }));
  const fieldError = (key: string) => problem?.errors[key]?.join(' ');
  const id = policy?.PayoutPolicyID;

  async function save() {
    setBusy(true);
    setProblem(null);
    const base = `${kind}-payout-policies`;
    const body = payoutBody(kind, values, policy?.Version);
    try {
      if (id) await api.put(`${base}/${id}`, body);
      else await api.post(base, body);
      await queryClient.invalidateQueries({ queryKey: COMMISSION_KEY });
      onClose();
    } catch (err) {
      const p = saveProblem(err);
      setProblem(p);
      if (p.status === 409) await queryClient.invalidateQueries({ queryKey: COMMISSION_KEY });
    } finally {
      setBusy(false);
    }
  }

  const programs = (catalogue.data?.programs ?? []).map((p) => ({
    value: String(p.ProgramID),
    label: p.Name,
  }));
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t(id ? 'commission.payoutEditor.edit' : 'commission.payoutEditor.new', {
        kind: t(`commission.payoutEditor.${kind}`),
      })}
      data-testid="payout-editor"
    >
      <Stack gap="sm">
        {problem && (
          <Alert
            color={problem.status === 409 ? 'yellow' : 'red'}
            variant="light"
            data-testid="policy-problem"
          >
            {problem.status === 409 ? t('commission.editor.stale') : problem.message}
          </Alert>
        )}
        {!canWrite && (
          <Alert color="gray" variant="light" data-testid="read-only-note">
            {t('commission.editor.readOnly')}
          </Alert>
        )}
        <Fieldset disabled={!canWrite} variant="unstyled" p={0} data-testid="policy-fields">
          <Stack gap="sm">
            <TextInput
              label={t('commission.fields.name')}
              value={values.Name}
              onChange={(e) => set({ Name: e.currentTarget.value })}
              error={fieldError('Name')}
              required
              data-autofocus
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('commission.division')}
                data={(divisions.data ?? []).map((d) => ({ value: String(d.DivisionID), label: d.Name }))}
                value={values.DivisionID}
                onChange={(v) => set({ DivisionID: v, ProgramID: null })}
                error={fieldError('DivisionID')}
                allowDeselect={false}
                required
                data-testid="payout-division"
              />
              {kind === 'corporation' && (
                <Select
                  label={t('commission.corporation')}
                  data={(corporations.data ?? []).map((c) => ({
                    value: String(c.IcdCorporationID),
                    label: c.ClientName,
                  }))}
                  value={values.IcdCorporationID}
                  onChange={(v) => set({ IcdCorporationID: v })}
                  error={fieldError('IcdCorporationID')}
                  searchable
                  allowDeselect={false}
                  required
                  data-testid="payout-corporation"
                />
              )}
              <Select
                label={t('commission.fields.program')}
                placeholder={t('commission.payoutEditor.anyProgram')}
                data={programs}
                value={values.ProgramID}
                onChange={(v) => set({ ProgramID: v })}
                error={fieldError('ProgramID')}
                disabled={!values.DivisionID}
                searchable
                clearable
              />
              <TextInput
                type="date"
                label={t('commission.fields.start')}
                value={values.StartDate}
                onChange={(e) => set({ StartDate: e.currentTarget.value })}
                error={fieldError('StartDate')}
                required
              />
              <TextInput
                type="date"
                label={t('commission.fields.end')}
                value={values.EndDate}
                onChange={(e) => set({ EndDate: e.currentTarget.value })}
                error={fieldError('EndDate')}
              />
            </SimpleGrid>
            <TierTable rows={values.Tiers} onChange={(Tiers) => set({ Tiers })} errors={problem?.errors} />
          </Stack>
        </Fieldset>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {canWrite && (
            <Button onClick={() => void save()} loading={busy} data-testid="save-payout-policy">
              {t('commission.editor.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
