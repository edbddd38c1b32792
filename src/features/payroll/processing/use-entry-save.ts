// Saving one payroll entry from the grid row or the drawer: the draft is checked here first (numbers,
// 2 decimals), then sent with the entry's Version. The server's answer becomes an outcome the
// screens show: saved, bad fields (400 Errors), locked payroll or someone else's change (409; the
// current entry replaces the cached one), or another failure.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage, isResponseError } from '../../../api/errors';
import { PAYROLL_LOCKED_MESSAGE, PayrollEntry } from '../../../contract/payroll';
import { PAYROLL_KEY, usePutEntryInCache, useSaveEntry, wire } from '../api/payrolls';
import { type EntryDefaults, type EntryDraft, fieldErrors, toPayload } from './entry-edit';

export type SaveOutcome =
  | { kind: 'saved'; entry: PayrollEntry }
  | { kind: 'invalid'; message: string; errors: Record<string, string> }
  | { kind: 'locked'; message: string }
  | { kind: 'conflict'; message: string; current: PayrollEntry | null }
  | { kind: 'failed'; message: string };

const CurrentEntry = wire(PayrollEntry);

export function useEntrySave(payrollId: number) {
  const { t } = useTranslation();
  const save = useSaveEntry(payrollId);
  const putEntry = usePutEntryInCache(payrollId);
  const queryClient = useQueryClient();

  const run = async (
    entry: PayrollEntry,
    draft: EntryDraft,
    defaults: EntryDefaults,
  ): Promise<SaveOutcome> => {
    const built = toPayload(entry.PayPeriodID, draft, defaults);
    if ('problems' in built) {
      const errors = Object.fromEntries(
        Object.entries(built.problems).map(([k, p]) => [k, t(`payroll.entries.problems.${p}`)]),
      );
      return { kind: 'invalid', message: t('payroll.entries.fixFields'), errors };
    }
    try {
      const saved = await save.mutateAsync({ ...built.payload, Version: entry.Version } as Parameters<
        typeof save.mutateAsync
      >[0]);
      return { kind: 'saved', entry: saved };
    } catch (err) {
      const outcome = classifyFailure(err, t('payroll.page.conflict'));
      if (outcome.kind === 'locked')
        void queryClient.invalidateQueries({ queryKey: [...PAYROLL_KEY, 'detail', payrollId] });
      if (outcome.kind === 'conflict') {
        if (outcome.current) putEntry(outcome.current);
        else void queryClient.invalidateQueries({ queryKey: [...PAYROLL_KEY, 'entries', payrollId] });
      }
      return outcome;
    }
  };
  return { run, isPending: save.isPending };
}

/**
 * What a refused save means for the screen: 400 → the fields named in `Errors`; 409 with the locked
 * message → the payroll was locked meanwhile; another 409 → someone else saved first (the answer's
 * `Current` entry, when it is one); anything else → its message.
 */
export function classifyFailure(
  err: unknown,
  conflictMessage: string,
): Exclude<SaveOutcome, { kind: 'saved' }> {
  if (!isResponseError(err)) return { kind: 'failed', message: errorMessage(err) };
  const data = err.data as { Message?: string; Current?: unknown } | undefined;
  if (err.status === 400)
    return { kind: 'invalid', message: data?.Message ?? errorMessage(err), errors: fieldErrors(data) };
  if (err.status === 409) {
    if (data?.Message === PAYROLL_LOCKED_MESSAGE) return { kind: 'locked', message: PAYROLL_LOCKED_MESSAGE };
    const parsed = CurrentEntry.safeParse(data?.Current);
    return { kind: 'conflict', message: conflictMessage, current: parsed.success ? parsed.data : null };
  }
  return { kind: 'failed', message: errorMessage(err) };
}
