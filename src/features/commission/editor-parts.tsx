// What the commission policy editors (ICD and product policies, payout policies, multi-play
// policies) have in common: the save (or delete) that closes the editor and reloads the lists, a
// refusal kept with its field messages, a stale Version (409) that says so and reloads; the notes
// above the form, the fieldset that is read only without commission write, the name field, the
// period fields, and Cancel / Save.
import { Alert, Button, Fieldset, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SaveProblem, saveProblem } from '../../api/save-problems';
import { RefusalBanner } from '../../ui/refusal-banner';
import { COMMISSION_KEY } from './api';

export function usePolicySave(onClose: () => void, onFail?: () => void) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldError = (key: string) => problem?.errors[key]?.join(' ');
  /** Runs a write; on success reloads the lists and closes, else keeps the refusal. */
  async function run(call: () => Promise<unknown>) {
    setBusy(true);
    setProblem(null);
    try {
      await call();
      await queryClient.invalidateQueries({ queryKey: COMMISSION_KEY });
      onClose();
    } catch (err) {
      const p = saveProblem(err);
      setProblem(p);
      onFail?.();
      if (p.status === 409) await queryClient.invalidateQueries({ queryKey: COMMISSION_KEY });
    } finally {
      setBusy(false);
    }
  }
  return { problem, setProblem, busy, fieldError, run };
}

/**
 * The refusal of the last save (a stale version says so), listing the reasons no field shows — none
 * when each is said beside its field (RefusalBanner) — and, without write access, the read-only note.
 */
function EditorNotes({
  problem,
  fields,
  canWrite,
}: {
  problem: SaveProblem | null;
  fields: (key: string) => boolean;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <RefusalBanner
        problem={problem}
        isField={fields}
        stale={t('commission.editor.stale')}
        testId="policy-problem"
      />
      {!canWrite && (
        <Alert color="gray" variant="light" data-testid="read-only-note">
          {t('commission.editor.readOnly')}
        </Alert>
      )}
    </>
  );
}

/** The notes, then the policy's fields (disabled without write access), starting with its name. */
export function PolicyFields({
  problem,
  fields,
  canWrite,
  name,
  nameError,
  onName,
  children,
}: {
  problem: SaveProblem | null;
  /** The keys of the server's Errors the form shows beside a field (see formFields). */
  fields: (key: string) => boolean;
  canWrite: boolean;
  name: string;
  nameError?: string;
  onName: (name: string) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <EditorNotes problem={problem} fields={fields} canWrite={canWrite} />
      <Fieldset disabled={!canWrite} variant="unstyled" p={0} data-testid="policy-fields">
        <Stack gap="sm">
          <TextInput
            label={t('commission.fields.name')}
            value={name}
            onChange={(e) => onName(e.currentTarget.value)}
            error={nameError}
            required
            data-autofocus
          />
          {children}
        </Stack>
      </Fieldset>
    </>
  );
}

/** The start (required) and end dates of a policy. */
export function PeriodInputs({
  start,
  end,
  onChange,
  fieldError,
}: {
  start: string;
  end: string;
  onChange: (patch: { StartDate?: string; EndDate?: string }) => void;
  fieldError: (key: string) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        type="date"
        label={t('commission.fields.start')}
        value={start}
        onChange={(e) => onChange({ StartDate: e.currentTarget.value })}
        error={fieldError('StartDate')}
        required
      />
      <TextInput
        type="date"
        label={t('commission.fields.end')}
        value={end}
        onChange={(e) => onChange({ EndDate: e.currentTarget.value })}
        error={fieldError('EndDate')}
      />
    </>
  );
}

/** Cancel, and Save for those who may change the policies. */
export function CancelSave({
  canWrite,
  busy,
  onClose,
  onSave,
  saveTestId,
}: {
  canWrite: boolean;
  busy: boolean;
  onClose: () => void;
  onSave: () => void;
  saveTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="default" onClick={onClose}>
        {t('common.cancel')}
      </Button>
      {canWrite && (
        <Button onClick={onSave} loading={busy} data-testid={saveTestId}>
          {t('commission.editor.save')}
        </Button>
      )}
    </>
  );
}
