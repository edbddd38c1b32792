// The editor of one ICD commission policy (per corporation) or product commission policy (per
// division): name, program, commission type, threshold and flags (ICD) or product and line (product),
// the period, and the tier table. A refused save shows the server's message — a duplicate names the
// existing policy — and its per-row tier messages; a stale Version (409) says so and reloads.
import { Group, Modal, NumberInput, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import { formFields } from '../../api/save-problems';
import {
  COMMISSION_TYPES,
  type CommissionPolicy,
  type ProductPolicy,
  TIER_MAX,
  type TierRow,
} from '../../contract/commission';
import type { Product, ProductLine } from '../../contract/orders';
import { day } from './api';
import { CancelSave, PeriodInputs, PolicyFields, usePolicySave } from './editor-parts';
import { TierTable } from './tier-table';

export type EditorTarget =
  | { kind: 'icd'; corporationId: number; policy: CommissionPolicy | null }
  | { kind: 'product'; divisionId: number; policy: ProductPolicy | null };

interface Values {
  Name: string;
  ProgramID: string | null;
  CommissionTypeID: string;
  CommissionThreshold: number;
  IsPaidGuaranteed: boolean;
  IsPaidCommission: boolean;
  ProductID: string | null;
  ProductLineID: string | null;
  StartDate: string;
  EndDate: string;
  Tiers: TierRow[];
}

/** What both kinds of policy show beside a field: a refusal of only these has no banner. */
const POLICY_FIELDS = ['Name', 'ProgramID', 'CommissionTypeID', 'StartDate', 'EndDate', 'Tiers', 'Tiers.*'];

const str = (n: number | null | undefined) => (n == null ? null : String(n));

function initial(target: EditorTarget, today: string): Values {
  const p = target.policy;
  return {
    Name: p?.Name ?? '',
    ProgramID: str(p?.ProgramID),
    CommissionTypeID: String(p?.CommissionTypeID ?? 4),
    CommissionThreshold: target.kind === 'icd' ? (target.policy?.CommissionThreshold ?? 0) : 0,
    IsPaidGuaranteed: target.kind === 'icd' ? (target.policy?.IsPaidGuaranteed ?? true) : true,
    IsPaidCommission: target.kind === 'icd' ? (target.policy?.IsPaidCommission ?? true) : true,
    ProductID: target.kind === 'product' ? str(target.policy?.ProductID) : null,
    ProductLineID: target.kind === 'product' ? str(target.policy?.ProductLineID) : null,
    StartDate: day(p?.StartDate) ?? today,
    EndDate: day(p?.EndDate) ?? '',
    Tiers: p?.Tiers.map((r) => ({ ...r })) ?? [{ From: 0, To: TIER_MAX, Rate: 0 }],
  };
}

export function PolicyEditor(props: {
  target: EditorTarget;
  today: string;
  programs: { ProgramID: number; Name: string }[];
  products: Product[];
  lines: ProductLine[];
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const { target, programs, products, lines, canWrite, onClose } = props;
  const [values, setValues] = useState<Values>(() => initial(target, props.today));
  const { problem, setProblem, busy, fieldError, run } = usePolicySave(onClose);
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const id =
    target.kind === 'icd' ? target.policy?.CommissionPolicyID : target.policy?.ProductCommissionPolicyID;

  const save = () => {
    // Said beside the field before asking the server (which would only say the id is missing).
    const missing: Record<string, string[]> = {};
    if (!values.ProgramID) missing.ProgramID = [t('commission.editor.chooseProgram')];
    if (target.kind === 'product' && !values.ProductID)
      missing.ProductID = [t('commission.editor.chooseProduct')];
    if (Object.keys(missing).length) {
      setProblem({ status: 400, message: t('commission.editor.fix'), errors: missing });
      return;
    }
    const common = {
      Name: values.Name,
      ProgramID: Number(values.ProgramID) || 0,
      RetailerID: target.policy?.RetailerID ?? null,
      CommissionTypeID: Number(values.CommissionTypeID),
      StartDate: values.StartDate,
      EndDate: values.EndDate || null,
      Tiers: values.Tiers,
      ...(target.policy ? { Version: target.policy.Version } : {}),
    };
    const body =
      target.kind === 'icd'
        ? {
            ...common,
            IcdCorporationID: target.corporationId,
            CommissionThreshold: values.CommissionThreshold,
            IsPaidGuaranteed: values.IsPaidGuaranteed,
            IsPaidCommission: values.IsPaidCommission,
          }
        : {
            ...common,
            ProductID: Number(values.ProductID) || 0,
            ProductLineID: values.ProductLineID ? Number(values.ProductLineID) : null,
          };
    const base = target.kind === 'icd' ? 'commission-policies' : 'product-commission-policies';
    return run(() => (id ? api.put(`${base}/${id}`, body) : api.post(base, body)));
  };

  const programLines = lines.filter((l) => String(l.ProgramID) === values.ProgramID);
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t(id ? 'commission.editor.edit' : 'commission.editor.new')}
      data-testid="policy-editor"
    >
      <Stack gap="sm">
        <PolicyFields
          problem={problem}
          fields={formFields(
            ...POLICY_FIELDS,
            ...(target.kind === 'icd' ? ['CommissionThreshold'] : ['ProductID', 'ProductLineID']),
          )}
          canWrite={canWrite}
          name={values.Name}
          nameError={fieldError('Name')}
          onName={(Name) => set({ Name })}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('commission.fields.program')}
              data={programs.map((p) => ({ value: String(p.ProgramID), label: p.Name }))}
              value={values.ProgramID}
              onChange={(v) => set({ ProgramID: v, ProductLineID: null })}
              error={fieldError('ProgramID')}
              searchable
              required
            />
            <Select
              label={t('commission.fields.type')}
              data={COMMISSION_TYPES.map((c) => ({
                value: String(c.Id),
                label: t(`commission.types.${c.Name}`),
              }))}
              value={values.CommissionTypeID}
              onChange={(v) => set({ CommissionTypeID: v ?? '4' })}
              error={fieldError('CommissionTypeID')}
              allowDeselect={false}
            />
            {target.kind === 'product' && (
              <>
                <Select
                  label={t('commission.fields.product')}
                  data={products.map((p) => ({ value: String(p.ProductID), label: p.Name }))}
                  value={values.ProductID}
                  onChange={(v) => set({ ProductID: v })}
                  error={fieldError('ProductID')}
                  searchable
                  required
                />
                <Select
                  label={t('commission.fields.line')}
                  placeholder={t('commission.fields.anyLine')}
                  data={programLines.map((l) => ({ value: String(l.ProductLineID), label: l.Name }))}
                  value={values.ProductLineID}
                  onChange={(v) => set({ ProductLineID: v })}
                  error={fieldError('ProductLineID')}
                  clearable
                />
              </>
            )}
            {target.kind === 'icd' && (
              <NumberInput
                label={t('commission.fields.threshold')}
                value={values.CommissionThreshold}
                min={0}
                decimalScale={2}
                prefix="$"
                onChange={(v) => set({ CommissionThreshold: typeof v === 'number' ? v : Number(v) || 0 })}
                error={fieldError('CommissionThreshold')}
              />
            )}
            <PeriodInputs
              start={values.StartDate}
              end={values.EndDate}
              onChange={set}
              fieldError={fieldError}
            />
          </SimpleGrid>
          {target.kind === 'icd' && (
            <Group>
              <Switch
                label={t('commission.fields.paidGuaranteed')}
                checked={values.IsPaidGuaranteed}
                onChange={(e) => set({ IsPaidGuaranteed: e.currentTarget.checked })}
              />
              <Switch
                label={t('commission.fields.paidCommission')}
                checked={values.IsPaidCommission}
                onChange={(e) => set({ IsPaidCommission: e.currentTarget.checked })}
              />
            </Group>
          )}
          <TierTable rows={values.Tiers} onChange={(Tiers) => set({ Tiers })} errors={problem?.errors} />
        </PolicyFields>
        <Group justify="flex-end">
          <CancelSave
            canWrite={canWrite}
            busy={busy}
            onClose={onClose}
            onSave={() => void save()}
            saveTestId="save-policy"
          />
        </Group>
      </Stack>
    </Modal>
  );
}
