// The form of one time entry (new, edit, or a break of a work entry), in a modal. It checks what it
// can before saving (a start, an end that differs, comment length); the server checks the rest
// (overlaps, breaks inside their entry) and its message is shown in place.
import { Alert, Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ClockLookups, TIME_ENTRY_COMMENTS_MAX } from '../../../contract/time';
import { hoursLabel, inputTimeOf, spanMinutes, wireTimeOf } from '../format';

export interface EntryFormValues {
  Date: string;
  StartTime: string | null;
  EndTime: string | null;
  TimeEntryTypeID: number;
  IcdOfficeID: number;
  ProgramID: number | null;
  StoreID: number | null;
  Comments: string | null;
}

export type EntryFormMode = 'new' | 'edit' | 'break';

export interface EntryFormProps {
  opened: boolean;
  mode: EntryFormMode;
  title: string;
  initial: Partial<EntryFormValues>;
  /** Offices, programs, stores and types to choose from (a new entry needs them). */
  lookups?: ClockLookups;
  /** Shown above the fields (e.g. the pay period is closed). */
  notice?: ReactNode;
  onClose: () => void;
  /** Resolves to an error message to show, or null when saved. */
  onSubmit: (values: EntryFormValues) => Promise<string | null>;
  onDelete?: () => Promise<string | null>;
}

export function EntryForm(props: EntryFormProps) {
  const { opened, mode, title, initial, lookups, notice, onClose, onSubmit, onDelete } = props;
  const { t } = useTranslation();
  const [date, setDate] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [comments, setComments] = useState('');
  const [typeId, setTypeId] = useState<string | null>(null);
  const [officeId, setOfficeId] = useState<string | null>(null);
  const [programId, setProgramId] = useState<string | null>(null);
  const [storeId, setStoreId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset each time the form opens
  useEffect(() => {
    if (!opened) return;
    setDate(initial.Date ?? '');
    setStart(inputTimeOf(initial.StartTime));
    setEnd(inputTimeOf(initial.EndTime));
    setComments(initial.Comments ?? '');
    const offices = lookups?.Offices ?? [];
    const office = initial.IcdOfficeID ?? (offices.length === 1 ? offices[0].IcdOfficeID : undefined);
    setTypeId(String(initial.TimeEntryTypeID ?? lookups?.DefaultTimeEntryTypeID ?? 1));
    setOfficeId(office ? String(office) : null);
    setProgramId(initial.ProgramID ? String(initial.ProgramID) : null);
    setStoreId(initial.StoreID ? String(initial.StoreID) : null);
    setErrors({});
    setFailure(null);
  }, [opened]);

  const office = lookups?.Offices.find((o) => String(o.IcdOfficeID) === officeId);
  const program = office?.Programs.find((p) => String(p.ProgramID) === programId);
  const minutes = spanMinutes(wireTimeOf(start), wireTimeOf(end));
  const types = useMemo(
    () =>
      (lookups?.TimeEntryTypes ?? []).map((ty) => ({ value: String(ty.TimeEntryTypeID), label: ty.Name })),
    [lookups],
  );

  function validate(): Record<string, string> {
    const out: Record<string, string> = {};
    if (mode !== 'break' && !/^\d{4}-\d{2}-\d{2}$/.test(date))
      out.Date = t('time-management.form.dateRequired');
    if (!start) out.StartTime = t('time-management.form.startRequired');
    if (start && end && wireTimeOf(start) === wireTimeOf(end))
      out.EndTime = t('time-management.form.sameTimes');
    if (comments.length > TIME_ENTRY_COMMENTS_MAX)
      out.Comments = t('time-management.form.commentsTooLong', { max: TIME_ENTRY_COMMENTS_MAX });
    if (mode === 'new' && !officeId) out.IcdOfficeID = t('time-management.form.officeRequired');
    if (mode === 'new' && office && office.Programs.length > 0 && !programId)
      out.ProgramID = t('time-management.form.programRequired');
    return out;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setFailure(null);
    try {
      const error = await onSubmit({
        Date: date,
        StartTime: wireTimeOf(start),
        EndTime: wireTimeOf(end),
        TimeEntryTypeID: Number(typeId ?? 1),
        IcdOfficeID: Number(officeId ?? initial.IcdOfficeID ?? 0),
        ProgramID: programId ? Number(programId) : null,
        StoreID: storeId ? Number(storeId) : null,
        Comments: comments.trim() ? comments.trim() : null,
      });
      if (error) setFailure(error);
      else onClose();
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!onDelete) return;
    setBusy(true);
    try {
      const error = await onDelete();
      if (error) setFailure(error);
      else onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md">
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="entry-form">
        <Stack gap="sm">
          {notice}
          {failure && (
            <Alert color="red" role="alert" title={t('time-management.form.saveFailed')}>
              {failure}
            </Alert>
          )}
          {mode !== 'break' && (
            <TextInput
              type="date"
              label={t('time-management.form.date')}
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              error={errors.Date}
              required
            />
          )}
          {mode === 'new' && lookups && (
            <>
              <Select
                label={t('time-management.form.office')}
                data={lookups.Offices.map((o) => ({ value: String(o.IcdOfficeID), label: o.OfficeName }))}
                value={officeId}
                onChange={(v) => {
                  setOfficeId(v);
                  setProgramId(null);
                  setStoreId(null);
                }}
                error={errors.IcdOfficeID}
                allowDeselect={false}
                required
              />
              {office && office.Programs.length > 0 && (
                <Select
                  label={t('time-management.form.program')}
                  data={office.Programs.map((p) => ({ value: String(p.ProgramID), label: p.Name }))}
                  value={programId}
                  onChange={(v) => {
                    setProgramId(v);
                    setStoreId(null);
                  }}
                  error={errors.ProgramID}
                  allowDeselect={false}
                  required
                />
              )}
              {program && program.Stores.length > 0 && (
                <Select
                  label={t('time-management.form.store')}
                  data={program.Stores.map((s) => ({ value: String(s.StoreID), label: s.Name }))}
                  value={storeId}
                  onChange={setStoreId}
                  clearable
                />
              )}
            </>
          )}
          {mode !== 'break' && types.length > 0 && (
            <Select
              label={t('time-management.form.type')}
              data={types}
              value={typeId}
              onChange={setTypeId}
              allowDeselect={false}
            />
          )}
          <Group grow align="flex-start">
            <TextInput
              type="time"
              step={1}
              label={t('time-management.form.start')}
              value={start}
              onChange={(e) => setStart(e.currentTarget.value)}
              error={errors.StartTime}
              required
            />
            <TextInput
              type="time"
              step={1}
              label={t('time-management.form.end')}
              description={
                start && end && (wireTimeOf(end) ?? '') < (wireTimeOf(start) ?? '')
                  ? t('time-management.form.nextDay')
                  : undefined
              }
              value={end}
              onChange={(e) => setEnd(e.currentTarget.value)}
              error={errors.EndTime}
            />
          </Group>
          {minutes > 0 && (
            <Alert variant="light" color="gray" py={6}>
              {t('time-management.form.duration', { duration: hoursLabel(minutes) })}
            </Alert>
          )}
          {mode !== 'break' && (
            <Textarea
              label={t('time-management.form.comments')}
              value={comments}
              onChange={(e) => setComments(e.currentTarget.value)}
              error={errors.Comments}
              autosize
              minRows={2}
              maxRows={5}
            />
          )}
          <Group justify="space-between" mt="xs">
            {onDelete ? (
              <Button variant="subtle" color="red" onClick={() => void remove()} disabled={busy}>
                {t('time-management.form.delete')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
