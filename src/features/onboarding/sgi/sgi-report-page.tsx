// SGI id report (back office, online only, onboarding:manage): each employee's SGI id in force on a
// chosen day; a row opens the employee's history, where an id can be added from a day or deleted
// (after a confirmation).
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isResponseError } from '../../../api/errors';
import type { EmployeeSgiId } from '../../../contract/onboarding';
import { QueryView } from '../../../ui/query-view';
import { ScrollTable } from '../../../ui/scroll-table';
import { useEmployeeList } from '../../employees/api';
import { calendarDay } from '../format';
import { useAddSgiId, useDeleteSgiId, useSgiHistory, useSgiReport } from './api';

interface Person {
  EmployeeID: number;
  FirstName: string;
  LastName: string;
}

/** Finds an employee by name to open their SGI ids (one who has none yet is not in the report). */
function EmployeeFinder({ onPick }: { onPick: (p: Person) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useEmployeeList({ search: debounced || undefined, pageSize: 20 });
  const items = debounced ? (list.data?.Items ?? []) : [];
  return (
    <Select
      label={t('onboarding-policies.sgi.findEmployee')}
      placeholder={t('onboarding-policies.sgi.findPlaceholder')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={items.map((e) => ({ value: String(e.EmployeeID), label: `${e.LastName}, ${e.FirstName}` }))}
      value={null}
      nothingFoundMessage={debounced ? t('onboarding-policies.sgi.noEmployee') : undefined}
      onChange={(v) => {
        const e = items.find((i) => String(i.EmployeeID) === v);
        if (e) onPick({ EmployeeID: e.EmployeeID, FirstName: e.FirstName, LastName: e.LastName });
        setSearch('');
      }}
      w={{ base: '100%', sm: 320 }}
    />
  );
}

/** Today on the reader's calendar, 'YYYY-MM-DD'. */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export default function SgiReportPage() {
  const { t, i18n } = useTranslation();
  const [asOf, setAsOf] = useState(localToday);
  const [open, setOpen] = useState<Person | null>(null);
  const report = useSgiReport(asOf);

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} size="h2">
        {t('onboarding-policies.sgi.title')}
      </Title>
      <Card withBorder padding="sm">
        <Group align="flex-end" justify="space-between" gap="sm">
          <TextInput
            type="date"
            label={t('onboarding-policies.sgi.asOf')}
            value={asOf}
            onChange={(e) => setAsOf(e.currentTarget.value)}
            w={{ base: '100%', sm: 200 }}
            data-testid="sgi-as-of"
          />
          <EmployeeFinder onPick={setOpen} />
        </Group>
      </Card>
      <QueryView
        query={report}
        errorTitle={t('onboarding-policies.sgi.loadFailed')}
        empty={t('onboarding-policies.sgi.empty')}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <ScrollTable label={t('onboarding-policies.sgi.title')} minWidth={640}>
            <Table striped highlightOnHover data-testid="sgi-report">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('onboarding-policies.sgi.employee')}</Table.Th>
                  <Table.Th>{t('onboarding-policies.sgi.offices')}</Table.Th>
                  <Table.Th>{t('onboarding-policies.sgi.sgiId')}</Table.Th>
                  <Table.Th>{t('onboarding-policies.sgi.effective')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr
                    key={r.EmployeeID}
                    tabIndex={0}
                    style={{ cursor: 'pointer' }}
                    onClick={() => setOpen(r)}
                    onKeyDown={(ev) => {
                      if (ev.key === 'Enter') setOpen(r);
                    }}
                    aria-label={t('onboarding-policies.sgi.openHistory', {
                      name: `${r.LastName}, ${r.FirstName}`,
                    })}
                  >
                    <Table.Td>
                      {r.LastName}, {r.FirstName}
                    </Table.Td>
                    <Table.Td>{r.OfficeNames.join(', ')}</Table.Td>
                    <Table.Td>{r.SgiID}</Table.Td>
                    <Table.Td>{calendarDay(r.EffectiveDate, i18n.language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </QueryView>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={
          open ? t('onboarding-policies.sgi.historyOf', { name: `${open.FirstName} ${open.LastName}` }) : ''
        }
        size="lg"
      >
        {open && <History employeeId={open.EmployeeID} defaultDay={asOf} />}
      </Modal>
    </Stack>
  );
}

function History({ employeeId, defaultDay }: { employeeId: number; defaultDay: string }) {
  const { t, i18n } = useTranslation();
  const history = useSgiHistory(employeeId);
  const add = useAddSgiId();
  const del = useDeleteSgiId();
  const [sgiId, setSgiId] = useState('');
  const [day, setDay] = useState(defaultDay);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<EmployeeSgiId | null>(null);

  const submit = async () => {
    setErrors({});
    setFailure(null);
    try {
      await add.mutateAsync({ EmployeeID: employeeId, SgiID: sgiId, EffectiveDate: day });
      setSgiId('');
    } catch (e) {
      const data = isResponseError(e) ? (e.data as { Errors?: Record<string, string[]> }) : undefined;
      setErrors(data?.Errors ?? {});
      setFailure(errorMessage(e));
    }
  };
  const remove = async (row: EmployeeSgiId) => {
    setFailure(null);
    try {
      await del.mutateAsync(row.EmployeeSgiIdHistoryID);
      setConfirm(null);
    } catch (e) {
      setFailure(errorMessage(e));
      setConfirm(null);
    }
  };

  return (
    <Stack gap="sm">
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <QueryView
        query={history}
        errorTitle={t('onboarding-policies.sgi.historyFailed')}
        empty={t('onboarding-policies.sgi.noHistory')}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <Table data-testid="sgi-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('onboarding-policies.sgi.sgiId')}</Table.Th>
                <Table.Th>{t('onboarding-policies.sgi.effective')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((h) => (
                <Table.Tr key={h.EmployeeSgiIdHistoryID}>
                  <Table.Td>{h.SgiID}</Table.Td>
                  <Table.Td>{calendarDay(h.EffectiveDate, i18n.language)}</Table.Td>
                  <Table.Td w={48}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('onboarding-policies.sgi.delete', { id: h.SgiID })}
                      onClick={() => setConfirm(h)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryView>
      {confirm && (
        <Alert color="orange" title={t('onboarding-policies.sgi.confirmTitle')}>
          <Text size="sm">{t('onboarding-policies.sgi.confirmText', { id: confirm.SgiID })}</Text>
          <Group mt="xs" gap="xs">
            <Button size="xs" color="red" loading={del.isPending} onClick={() => void remove(confirm)}>
              {t('onboarding-policies.sgi.confirmDelete')}
            </Button>
            {/* Focused when the question shows: Enter never deletes, and the keyboard is where the question is. */}
            <Button size="xs" variant="default" onClick={() => setConfirm(null)} autoFocus>
              {t('onboarding-policies.sgi.cancel')}
            </Button>
          </Group>
        </Alert>
      )}
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('onboarding-policies.sgi.sgiId')}
          value={sgiId}
          onChange={(e) => setSgiId(e.currentTarget.value)}
          error={errors.SgiID?.join(' ')}
        />
        <TextInput
          type="date"
          label={t('onboarding-policies.sgi.effective')}
          value={day}
          onChange={(e) => setDay(e.currentTarget.value)}
          error={errors.EffectiveDate?.join(' ')}
        />
        <Button onClick={() => void submit()} loading={add.isPending} disabled={!sgiId.trim()}>
          {t('onboarding-policies.sgi.add')}
        </Button>
      </Group>
    </Stack>
  );
}
