// Wage policies (administration, online only): the minimum wage of each jurisdiction (country, or a
// state/province within it) with its current rate, and an editor for the policy and its history of
// periods (start, end, minimum wage), checked as the server checks it (no overlap, end on or after
// start, wage above 0) with the server's field messages under their fields. A policy someone else
// changed meanwhile (409) reloads with a message. Policies are never deleted (spec 002).
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useApiClient } from '../../../api/api-context';
import { errorMessage, isResponseError } from '../../../api/errors';
import { serverFieldErrors, zodFieldErrors } from '../../../api/field-errors';
import { hasGrant } from '../../../api/permissions';
import { formatWireDate } from '../../../api/revive-dates';
import { useSessionData } from '../../../app/app-context';
import { Country, isCalendarDay } from '../../../contract/common';
import {
  historyProblems,
  WagePolicy,
  WagePolicySave,
  WagePolicyUpdate,
} from '../../../contract/wage-policies';
import { notify } from '../../../ui/notify';
import { QueryView } from '../../../ui/query-view';
import { ScrollTable } from '../../../ui/scroll-table';
import { useStateProvinces } from '../../directories/api';
import { day, money } from '../manual/format';
import { formatDay } from '../processing/format';

const KEY = ['wage-policies'] as const;

function useWagePolicies() {
  const api = useApiClient();
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get('wage-policies', { signal, schema: z.array(WagePolicy) }),
  });
}

/** The period in force on `today` ('YYYY-MM-DD'), if any. */
export function currentPeriod(p: WagePolicy, today: string) {
  return (
    p.History.find((h) => day(h.StartDate) <= today && (h.EndDate === null || day(h.EndDate) >= today)) ??
    null
  );
}

interface PeriodDraft {
  StartDate: string;
  EndDate: string;
  MinimumWage: number | string;
}

export default function WagePoliciesPage() {
  const { t, i18n } = useTranslation();
  const session = useSessionData();
  const canWrite = hasGrant(session?.grants ?? [], 'wagePolicies:write');
  const query = useWagePolicies();
  const [editing, setEditing] = useState<{ policy: WagePolicy | null; stale?: boolean } | null>(null);
  const today = formatWireDate(new Date());

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('payroll-manual.wagePolicies.title')}
        </Title>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ policy: null })}>
            {t('payroll-manual.wagePolicies.new')}
          </Button>
        )}
      </Group>
      <Text c="dimmed" size="sm">
        {t('payroll-manual.wagePolicies.intro')} {t('payroll-manual.wagePolicies.noDelete')}
      </Text>
      {!canWrite && (
        <Text size="sm" c="dimmed">
          {t('payroll-manual.wagePolicies.readOnly')}
        </Text>
      )}
      <QueryView
        query={query}
        errorTitle={t('payroll-manual.wagePolicies.loadFailed')}
        empty={t('payroll-manual.wagePolicies.empty')}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <ScrollTable label={t('payroll-manual.wagePolicies.title')} minWidth={640}>
            <Table striped highlightOnHover verticalSpacing="xs" data-testid="wage-policies-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payroll-manual.wagePolicies.name')}</Table.Th>
                  <Table.Th>{t('payroll-manual.wagePolicies.country')}</Table.Th>
                  <Table.Th>{t('payroll-manual.wagePolicies.stateProvince')}</Table.Th>
                  <Table.Th ta="right">{t('payroll-manual.wagePolicies.current')}</Table.Th>
                  <Table.Th>{t('payroll-manual.wagePolicies.history')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => {
                  const cur = currentPeriod(p, today);
                  return (
                    <Table.Tr key={p.WagePolicyID}>
                      <Table.Td>
                        <UnstyledButton
                          fw={600}
                          fz="sm"
                          c="blue.8"
                          onClick={() => setEditing({ policy: p })}
                          aria-label={t('payroll-manual.wagePolicies.edit', { name: p.Name })}
                        >
                          {p.Name}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>{t(`payroll-manual.wagePolicies.countries.${p.CountryID}`)}</Table.Td>
                      <Table.Td>
                        {p.StateProvince ?? (
                          <Badge variant="light" color="gray">
                            {t('payroll-manual.wagePolicies.federal')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">
                        {cur ? (
                          <>
                            <Text size="sm" fw={600}>
                              {money(cur.MinimumWage, i18n.language)}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {t('payroll-manual.wagePolicies.since', { date: formatDay(cur.StartDate) })}
                            </Text>
                          </>
                        ) : (
                          <Text size="sm" c="dimmed">
                            {t('payroll-manual.wagePolicies.none')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {t('payroll-manual.wagePolicies.periods', { count: p.History.length })}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </QueryView>
      {editing !== null && (
        <PolicyEditor
          key={editing.policy ? `${editing.policy.WagePolicyID}-${editing.policy.Version}` : 'new'}
          policy={editing.policy}
          stale={editing.stale ?? false}
          readOnly={!canWrite}
          onClose={() => setEditing(null)}
          onStale={(current) => setEditing({ policy: current, stale: true })}
        />
      )}
    </Stack>
  );
}

function PolicyEditor({
  policy,
  stale,
  readOnly,
  onClose,
  onStale,
}: {
  policy: WagePolicy | null;
  stale: boolean;
  readOnly: boolean;
  onClose(): void;
  onStale(current: WagePolicy): void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [name, setName] = useState(policy?.Name ?? '');
  const [country, setCountry] = useState<string>(String(policy?.CountryID ?? Country.Canada));
  const [state, setState] = useState<string | null>(policy?.StateProvince ?? null);
  const [periods, setPeriods] = useState<PeriodDraft[]>(
    policy?.History.map((h) => ({
      StartDate: day(h.StartDate),
      EndDate: day(h.EndDate),
      MinimumWage: h.MinimumWage,
    })) ?? [{ StartDate: '', EndDate: '', MinimumWage: '' }],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(
    stale ? t('payroll-manual.wagePolicies.stale') : null,
  );
  const provinces = useStateProvinces(!readOnly, Number(country));
  const save = useMutation({
    mutationFn: (body: object) =>
      policy
        ? api.put(`wage-policies/${policy.WagePolicyID}`, body, { schema: WagePolicy })
        : api.post('wage-policies', body, { schema: WagePolicy }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });

  const setPeriod = (i: number, patch: Partial<PeriodDraft>) => {
    setPeriods((ps) => ps.map((p, k) => (k === i ? { ...p, ...patch } : p)));
    setErrors({});
  };

  const submit = () => {
    setProblem(null);
    const body = {
      Name: name,
      CountryID: Number(country),
      StateProvince: state,
      History: periods.map((p) => ({
        StartDate: p.StartDate,
        EndDate: p.EndDate === '' ? null : p.EndDate,
        MinimumWage: p.MinimumWage === '' ? Number.NaN : Number(p.MinimumWage),
      })),
      ...(policy ? { Version: policy.Version } : { IsNew: true }),
    };
    const parsed = (policy ? WagePolicyUpdate : WagePolicySave).safeParse(body);
    // Overlaps are shown even while another field of the history is still wrong.
    const dated = body.History.every(
      (h) => isCalendarDay(h.StartDate) && (h.EndDate === null || isCalendarDay(h.EndDate)),
    );
    const overlaps = dated ? historyProblems(body.History) : [];
    if (!parsed.success || overlaps.length) {
      const fromHistory = Object.fromEntries(overlaps.map((o) => [`History.${o.path.join('.')}`, o.message]));
      setErrors({ ...fromHistory, ...(parsed.success ? {} : zodFieldErrors(parsed.error.issues)) });
      return;
    }
    save.mutate(body, {
      onSuccess: (saved) => {
        void notify({
          message: t('payroll-manual.wagePolicies.saved', { name: saved.Name }),
          color: 'green',
        });
        onClose();
      },
      onError: (err) => {
        if (isResponseError(err) && err.status === 409) {
          const current = WagePolicy.safeParse((err.data as { Current?: unknown } | undefined)?.Current);
          setProblem(t('payroll-manual.wagePolicies.stale'));
          if (current.success) onStale(current.data);
          return;
        }
        const fields = isResponseError(err) && err.status === 400 ? serverFieldErrors(err) : {};
        setErrors(fields);
        if (!Object.keys(fields).length) setProblem(errorMessage(err));
      },
    });
  };

  const e = (k: string) => errors[k];
  const stateOptions = (provinces.data ?? []).map((p) => ({
    value: p.Code,
    label: `${p.Code} — ${p.StateName}`,
  }));

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={
        policy
          ? t('payroll-manual.wagePolicies.editTitle', { name: policy.Name })
          : t('payroll-manual.wagePolicies.newTitle')
      }
    >
      <Stack gap="sm">
        {problem && (
          <Alert color="orange" role="alert">
            {problem}
          </Alert>
        )}
        <TextInput
          label={t('payroll-manual.wagePolicies.name')}
          value={name}
          onChange={(ev) => {
            setName(ev.currentTarget.value);
            setErrors({});
          }}
          error={e('Name')}
          readOnly={readOnly}
          data-autofocus
        />
        <Group grow align="flex-start">
          <Select
            label={t('payroll-manual.wagePolicies.country')}
            data={[
              { value: String(Country.Canada), label: t('payroll-manual.wagePolicies.countries.2') },
              { value: String(Country.US), label: t('payroll-manual.wagePolicies.countries.1') },
            ]}
            value={country}
            onChange={(v) => {
              setCountry(v ?? String(Country.Canada));
              setState(null);
            }}
            allowDeselect={false}
            error={e('CountryID')}
            readOnly={readOnly}
          />
          <Select
            label={t('payroll-manual.wagePolicies.stateProvince')}
            placeholder={t('payroll-manual.wagePolicies.federal')}
            data={
              state && !stateOptions.some((o) => o.value === state)
                ? [...stateOptions, { value: state, label: state }]
                : stateOptions
            }
            value={state}
            onChange={setState}
            clearable
            searchable
            error={e('StateProvince')}
            readOnly={readOnly}
          />
        </Group>
        <Text fw={600} size="sm">
          {t('payroll-manual.wagePolicies.history')}
        </Text>
        <Table verticalSpacing={4} aria-label={t('payroll-manual.wagePolicies.history')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payroll-manual.wagePolicies.startDate')}</Table.Th>
              <Table.Th>
                {t('payroll-manual.wagePolicies.endDate')}
                {!readOnly && (
                  <Text size="xs" c="dimmed" fw={400}>
                    {t('payroll-manual.wagePolicies.endOpen')}
                  </Text>
                )}
              </Table.Th>
              <Table.Th>{t('payroll-manual.wagePolicies.minimumWage')}</Table.Th>
              {!readOnly && <Table.Th w={44} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {periods.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: periods have no id; order is the user's
              <Table.Tr key={i}>
                <Table.Td>
                  <TextInput
                    type="date"
                    size="xs"
                    aria-label={t('payroll-manual.wagePolicies.startOf', { n: i + 1 })}
                    value={p.StartDate}
                    onChange={(ev) => setPeriod(i, { StartDate: ev.currentTarget.value })}
                    error={e(`History.${i}.StartDate`)}
                    readOnly={readOnly}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    type="date"
                    size="xs"
                    aria-label={t('payroll-manual.wagePolicies.endOf', { n: i + 1 })}
                    value={p.EndDate}
                    onChange={(ev) => setPeriod(i, { EndDate: ev.currentTarget.value })}
                    error={e(`History.${i}.EndDate`)}
                    readOnly={readOnly}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    size="xs"
                    aria-label={t('payroll-manual.wagePolicies.wageOf', { n: i + 1 })}
                    value={p.MinimumWage}
                    onChange={(v) => setPeriod(i, { MinimumWage: v })}
                    decimalScale={2}
                    fixedDecimalScale
                    prefix="$"
                    min={0}
                    hideControls
                    error={e(`History.${i}.MinimumWage`)}
                    readOnly={readOnly}
                  />
                </Table.Td>
                {!readOnly && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('payroll-manual.wagePolicies.removePeriod', { n: i + 1 })}
                      onClick={() => setPeriods((ps) => ps.filter((_, k) => k !== i))}
                      disabled={periods.length === 1}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {e('History') && (
          <Text size="sm" c="red.8" role="alert">
            {e('History')}
          </Text>
        )}
        {!readOnly && (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setPeriods((ps) => [...ps, { StartDate: '', EndDate: '', MinimumWage: '' }])}
            >
              {t('payroll-manual.wagePolicies.addPeriod')}
            </Button>
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {readOnly ? t('common.close') : t('common.cancel')}
          </Button>
          {!readOnly && (
            <Button onClick={submit} loading={save.isPending}>
              {t('common.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
