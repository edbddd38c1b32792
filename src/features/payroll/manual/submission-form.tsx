// The manual submission form (submit and amend): extra show hours by day (date, hours, amount,
// comment), bonus, net pay addition and deduction, comments. Checked with the contract's rules before
// sending; the server's field messages show under their fields. Exported for the payroll page too:
// <ManualSubmissionForm entryId=… period={{ start, end }} onDone=… /> submits a new request.
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isResponseError } from '../../../api/errors';
import { serverFieldErrors, zodFieldErrors } from '../../../api/field-errors';
import {
  type ManualSubmission,
  ManualSubmissionAmend,
  ManualSubmissionSave,
} from '../../../contract/payroll-manual';
import { ScrollTable } from '../../../ui/scroll-table';
import { useManualAction } from './api';
import { day } from './format';

interface DayDraft {
  Date: string;
  Hours: number | string;
  Amount: number | string;
  Comments: string;
}

export interface ManualSubmissionFormProps {
  opened: boolean;
  entryId: number;
  /** The pay period (days are limited to it). */
  period: { start: string; end: string };
  employeeName: string;
  /** The submission to amend; none: a new submission. */
  current?: ManualSubmission | null;
  onClose(): void;
  onDone?(saved: ManualSubmission): void;
}

const num = (v: number | string) => (v === '' ? Number.NaN : Number(v));

export function ManualSubmissionForm(props: ManualSubmissionFormProps) {
  const { t } = useTranslation();
  const c = props.current;
  const [days, setDays] = useState<DayDraft[]>(
    c?.ExtraShowHours.map((d) => ({
      Date: day(d.Date),
      Hours: d.Hours,
      Amount: d.Amount,
      Comments: d.Comments,
    })) ?? [{ Date: props.period.start, Hours: '', Amount: 0, Comments: '' }],
  );
  const [bonus, setBonus] = useState<number | string>(c?.Bonus ?? 0);
  const [addition, setAddition] = useState<number | string>(c?.NetPayAddition ?? 0);
  const [deduction, setDeduction] = useState<number | string>(c?.NetPayDeduction ?? 0);
  const [comments, setComments] = useState(c?.Comments ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const action = useManualAction();

  const setDay = (i: number, patch: Partial<DayDraft>) => {
    setDays((ds) => ds.map((d, k) => (k === i ? { ...d, ...patch } : d)));
    setErrors({});
  };

  const submit = () => {
    setProblem(null);
    const body = {
      ExtraShowHours: days.map((d) => ({
        Date: d.Date,
        Hours: num(d.Hours),
        Amount: num(d.Amount) || 0,
        Comments: d.Comments,
      })),
      Bonus: num(bonus) || 0,
      NetPayAddition: num(addition) || 0,
      NetPayDeduction: num(deduction) || 0,
      Comments: comments,
    };
    const local: Record<string, string> = {};
    body.ExtraShowHours.forEach((d, i) => {
      if (d.Date && (d.Date < props.period.start || d.Date > props.period.end))
        local[`ExtraShowHours.${i}.Date`] = t('payroll-manual.form.dayOutside', props.period);
    });
    const parsed = c
      ? ManualSubmissionAmend.safeParse({ ...body, Version: c.Version })
      : ManualSubmissionSave.safeParse(body);
    if (!parsed.success || Object.keys(local).length) {
      setErrors({ ...(parsed.success ? {} : zodFieldErrors(parsed.error.issues)), ...local });
      return;
    }
    const entryId = props.entryId;
    action.mutate(
      c
        ? { entryId, action: { kind: 'amend', body: { ...body, Version: c.Version } } }
        : { entryId, action: { kind: 'submit', body } },
      {
        onSuccess: (saved) => {
          props.onDone?.(saved);
          props.onClose();
        },
        onError: (err) => {
          if (isResponseError(err) && err.status === 400) {
            const fields = serverFieldErrors(err);
            setErrors(fields);
            if (!Object.keys(fields).length || fields.ExtraShowHours) setProblem(errorMessage(err));
            return;
          }
          if (isResponseError(err) && err.status === 409) {
            setProblem(t('payroll-manual.form.changed', { message: errorMessage(err) }));
            return;
          }
          setProblem(errorMessage(err));
        },
      },
    );
  };

  const e = (key: string) => errors[key];

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      size="xl"
      title={t(c ? 'payroll-manual.form.amendTitle' : 'payroll-manual.form.submitTitle', {
        name: props.employeeName,
      })}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('payroll-manual.form.period', props.period)}
        </Text>
        <ScrollTable label={t('payroll-manual.form.days')} minWidth={620}>
          <Table verticalSpacing={4} aria-label={t('payroll-manual.form.days')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={170}>{t('payroll-manual.form.date')}</Table.Th>
                <Table.Th w={110}>{t('payroll-manual.form.hours')}</Table.Th>
                <Table.Th w={130}>{t('payroll-manual.form.amount')}</Table.Th>
                <Table.Th>{t('payroll-manual.form.dayComment')}</Table.Th>
                <Table.Th w={44} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {days.map((d, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; order is stable
                <Table.Tr key={i}>
                  <Table.Td>
                    <TextInput
                      type="date"
                      size="xs"
                      aria-label={t('payroll-manual.form.dateOf', { n: i + 1 })}
                      value={d.Date}
                      min={props.period.start}
                      max={props.period.end}
                      onChange={(ev) => setDay(i, { Date: ev.currentTarget.value })}
                      error={e(`ExtraShowHours.${i}.Date`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      size="xs"
                      aria-label={t('payroll-manual.form.hoursOf', { n: i + 1 })}
                      value={d.Hours}
                      onChange={(v) => setDay(i, { Hours: v })}
                      decimalScale={2}
                      min={0}
                      max={24}
                      hideControls
                      error={e(`ExtraShowHours.${i}.Hours`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      size="xs"
                      aria-label={t('payroll-manual.form.amountOf', { n: i + 1 })}
                      value={d.Amount}
                      onChange={(v) => setDay(i, { Amount: v })}
                      decimalScale={2}
                      fixedDecimalScale
                      min={0}
                      prefix="$"
                      hideControls
                      error={e(`ExtraShowHours.${i}.Amount`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={t('payroll-manual.form.commentOf', { n: i + 1 })}
                      value={d.Comments}
                      onChange={(ev) => setDay(i, { Comments: ev.currentTarget.value })}
                      error={e(`ExtraShowHours.${i}.Comments`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('payroll-manual.form.removeDay', { n: i + 1 })}
                      onClick={() => setDays((ds) => ds.filter((_, k) => k !== i))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        {e('ExtraShowHours') && (
          <Text size="sm" c="red.8" role="alert">
            {e('ExtraShowHours')}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setDays((ds) => [...ds, { Date: '', Hours: '', Amount: 0, Comments: '' }])}
            disabled={days.length >= 31}
          >
            {t('payroll-manual.form.addDay')}
          </Button>
        </Group>
        <Group grow align="flex-start">
          <NumberInput
            label={t('payroll-manual.fields.Bonus')}
            value={bonus}
            onChange={setBonus}
            decimalScale={2}
            fixedDecimalScale
            min={0}
            prefix="$"
            hideControls
            error={e('Bonus')}
          />
          <NumberInput
            label={t('payroll-manual.fields.NetPayAddition')}
            value={addition}
            onChange={setAddition}
            decimalScale={2}
            fixedDecimalScale
            min={0}
            prefix="$"
            hideControls
            error={e('NetPayAddition')}
          />
          <NumberInput
            label={t('payroll-manual.fields.NetPayDeduction')}
            value={deduction}
            onChange={setDeduction}
            decimalScale={2}
            fixedDecimalScale
            min={0}
            prefix="$"
            hideControls
            error={e('NetPayDeduction')}
          />
        </Group>
        <Textarea
          label={t('payroll-manual.fields.Comments')}
          value={comments}
          onChange={(ev) => setComments(ev.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={1000}
          error={e('Comments')}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={action.isPending}>
            {t(c ? 'payroll-manual.form.amend' : 'payroll-manual.form.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
