// "New submission" from the board: pick a payroll (latest first) and one of its entries (an employee's
// pay period), then fill the manual submission form for it.
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePayrollEntries, usePayrollPage } from '../api/payrolls';
import { formatWindow } from '../processing/format';
import { day } from './format';
import { ManualSubmissionForm } from './submission-form';

export function NewSubmission({
  opened,
  onClose,
  onDone,
}: {
  opened: boolean;
  onClose(): void;
  onDone(entryId: number): void;
}) {
  const { t } = useTranslation();
  const [payrollId, setPayrollId] = useState<string | null>(null);
  const [entryId, setEntryId] = useState<string | null>(null);
  const [filling, setFilling] = useState(false);
  const payrolls = usePayrollPage({ sort: 'StartDateDesc', pageSize: 50 }, 0);
  const entries = usePayrollEntries(payrollId ? Number(payrollId) : 0);
  const entry = (entries.data ?? []).find((e) => String(e.PayrollEntryID) === entryId);
  const name = (e: NonNullable<typeof entry>) =>
    e.Employee ? `${e.Employee.FirstName} ${e.Employee.LastName}` : `#${e.EmployeeID}`;

  const close = () => {
    setPayrollId(null);
    setEntryId(null);
    setFilling(false);
    onClose();
  };

  if (filling && entry)
    return (
      <ManualSubmissionForm
        opened
        entryId={entry.PayrollEntryID}
        period={{ start: day(entry.StartDate), end: day(entry.EndDate) }}
        employeeName={name(entry)}
        onClose={close}
        onDone={(saved) => onDone(saved.PayrollEntryID)}
      />
    );

  return (
    <Modal opened={opened} onClose={close} title={t('payroll-manual.new.title')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('payroll-manual.new.intro')}
        </Text>
        <Select
          label={t('payroll-manual.new.payroll')}
          placeholder={payrolls.isPending ? t('common.loading') : undefined}
          data={(payrolls.data?.Items ?? []).map((p) => ({
            value: String(p.PayrollID),
            label: `${p.ClientName} · ${formatWindow(p.StartDate, p.EndDate)}`,
          }))}
          value={payrollId}
          onChange={(v) => {
            setPayrollId(v);
            setEntryId(null);
          }}
          searchable
          data-autofocus
          error={payrolls.isError ? t('payroll-manual.new.loadFailed') : undefined}
        />
        <Select
          label={t('payroll-manual.new.employee')}
          placeholder={payrollId && entries.isPending ? t('common.loading') : undefined}
          data={(entries.data ?? [])
            .map((e) => ({
              value: String(e.PayrollEntryID),
              label: `${name(e)} · ${e.Employee?.OfficeName ?? ''}`,
            }))
            .sort((a, b) => a.label.localeCompare(b.label))}
          value={entryId}
          onChange={setEntryId}
          searchable
          disabled={!payrollId}
          error={entries.isError ? t('payroll-manual.new.loadFailed') : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!entry} onClick={() => setFilling(true)}>
            {t('payroll-manual.new.next')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
