// Fields shared by "Record an interaction" and "New lead": status, declaration, note (required for
// some statuses by the division's policy) and the time of the knock (now, editable).
import { Select, Stack, Textarea, TextInput } from '@mantine/core';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { type LeadStatus, LeadStatusType } from '../../../contract/leads';

export const KEEP = 'keep';
export const CLEAR = 'clear';

export interface KnockValues {
  status: string | null;
  declared: string | null;
  note: string;
  /** `yyyy-MM-ddTHH:mm` (datetime-local). */
  when: string;
}

export function knockDefaults(now = new Date()): KnockValues {
  return { status: null, declared: null, note: '', when: format(now, "yyyy-MM-dd'T'HH:mm") };
}

/** The knock time as an instant; the seconds of "now" are kept when the minute was not changed. */
export function knockInstant(when: string, opened: Date): Date {
  const parsed = new Date(when);
  if (Number.isNaN(parsed.getTime())) return opened;
  if (format(opened, "yyyy-MM-dd'T'HH:mm") === when) return opened;
  return parsed;
}

export interface KnockErrors {
  status?: string;
  note?: string;
  when?: string;
}

export function validateKnock(
  values: KnockValues,
  options: { noteRequired: readonly number[]; requireSomething: boolean; now?: Date },
): KnockErrors {
  const errors: KnockErrors = {};
  const now = options.now ?? new Date();
  const status = values.status && values.status !== KEEP ? Number(values.status) : null;
  if (status !== null && options.noteRequired.includes(status) && !values.note.trim())
    errors.note = 'leads.knock.noteRequired';
  const when = new Date(values.when);
  if (Number.isNaN(when.getTime())) errors.when = 'leads.knock.whenInvalid';
  else if (when.getTime() > now.getTime() + 15 * 60_000) errors.when = 'leads.knock.whenFuture';
  if (
    options.requireSomething &&
    status === null &&
    (values.declared === null || values.declared === KEEP) &&
    !values.note.trim()
  )
    errors.status = 'leads.knock.nothing';
  return errors;
}

export function KnockFields(props: {
  values: KnockValues;
  errors: KnockErrors;
  statuses: readonly LeadStatus[];
  onChange: (values: KnockValues) => void;
  /** Offer "keep the current declaration" and "clear the declaration" (an existing lead). */
  existing: boolean;
}) {
  const { t } = useTranslation();
  const { values, errors, statuses, onChange, existing } = props;
  const interaction = statuses.filter(
    (s) => (s.TypeFlags & (LeadStatusType.Interaction | LeadStatusType.Observation)) !== 0,
  );
  const declarations = statuses.filter((s) => (s.TypeFlags & LeadStatusType.Declaration) !== 0);
  return (
    <Stack gap="sm">
      <Select
        label={t('leads.knock.status')}
        placeholder={existing ? t('leads.knock.keepStatus') : t('leads.knock.noStatus')}
        data={interaction.map((s) => ({ value: String(s.LeadStatusID), label: s.Name }))}
        value={values.status}
        onChange={(v) => onChange({ ...values, status: v })}
        error={errors.status ? t(errors.status) : undefined}
        clearable
        comboboxProps={{ withinPortal: true }}
        data-testid="knock-status"
      />
      <Select
        label={t('leads.knock.declaration')}
        placeholder={existing ? t('leads.knock.keepDeclaration') : t('leads.knock.noDeclaration')}
        data={[
          ...(existing ? [{ value: CLEAR, label: t('leads.knock.clearDeclaration') }] : []),
          ...declarations.map((s) => ({ value: String(s.LeadStatusID), label: s.Name })),
        ]}
        value={values.declared}
        onChange={(v) => onChange({ ...values, declared: v })}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        label={t('leads.knock.note')}
        value={values.note}
        onChange={(e) => onChange({ ...values, note: e.currentTarget.value })}
        error={errors.note ? t(errors.note) : undefined}
        autosize
        minRows={2}
        maxLength={2000}
      />
      <TextInput
        type="datetime-local"
        label={t('leads.knock.when')}
        value={values.when}
        onChange={(e) => onChange({ ...values, when: e.currentTarget.value })}
        error={errors.when ? t(errors.when) : undefined}
      />
    </Stack>
  );
}
