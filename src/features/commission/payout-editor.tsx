// The payout policy editor (a modal): a division payout policy (division, optional program) or a
// corporation payout policy (corporation in a division), the period and the tier table. A refused save
// shows the server's message (a duplicate names the existing policy) with its field and tier-row
// messages; a stale Version (409) says so and reloads the list.
import { Group, Modal, Select, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import { formFields } from '../../api/save-problems';
import { type PayoutPolicy, TIER_MAX } from '../../contract/commission';
import { CorporationSelect } from '../access/corporation-select';
import { useDivisions } from '../access/shared';
import { day, useDivisionCatalogue } from './api';
import { type PayoutValues, payoutBody } from './editor-helpers';
import { CancelSave, PeriodInputs, PolicyFields, usePolicySave } from './editor-parts';
import { TierTable } from './tier-table';

/** What the editor shows beside a field (and the corporation, on a corporation policy). */
const PAYOUT_FIELDS = ['Name', 'DivisionID', 'ProgramID', 'StartDate', 'EndDate', 'Tiers', 'Tiers.*'];

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
  const { problem, busy, fieldError, run } = usePolicySave(onClose);
  const divisions = useDivisions();
  const catalogue = useDivisionCatalogue(values.DivisionID ? Number(values.DivisionID) : null);
  const set = (patch: Partial<PayoutValues>) => setValues((v) => ({ ...v, ...patch }));
  const id = policy?.PayoutPolicyID;

  const save = () =>
    run(() => {
      const base = `${kind}-payout-policies`;
      const body = payoutBody(kind, values, policy?.Version);
      return id ? api.put(`${base}/${id}`, body) : api.post(base, body);
    });

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
        <PolicyFields
          problem={problem}
          fields={formFields(...PAYOUT_FIELDS, ...(kind === 'corporation' ? ['IcdCorporationID'] : []))}
          canWrite={canWrite}
          name={values.Name}
          nameError={fieldError('Name')}
          onName={(Name) => set({ Name })}
        >
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
              <CorporationSelect
                label={t('commission.corporation')}
                value={values.IcdCorporationID}
                onChange={(v) => set({ IcdCorporationID: v })}
                error={fieldError('IcdCorporationID')}
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
            <PeriodInputs
              start={values.StartDate}
              end={values.EndDate}
              onChange={set}
              fieldError={fieldError}
            />
          </SimpleGrid>
          <TierTable rows={values.Tiers} onChange={(Tiers) => set({ Tiers })} errors={problem?.errors} />
        </PolicyFields>
        <Group justify="flex-end">
          <CancelSave
            canWrite={canWrite}
            busy={busy}
            onClose={onClose}
            onSave={() => void save()}
            saveTestId="save-payout-policy"
          />
        </Group>
      </Stack>
    </Modal>
  );
}
