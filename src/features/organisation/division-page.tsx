// One division (online only): its details (administrators edit), the offices running it, and each
// division profile with its payroll policy history and its rotations (pay-period windows) with the
// adjustment dialog. A stale Version (409) says someone else changed it and offers to reload.
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAdjustments, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/errors';
import { hasGrant } from '../../api/permissions';
import { formFields } from '../../api/save-problems';
import { useSessionData } from '../../app/app-context';
import {
  type DivisionProfile,
  DivisionSave,
  DivisionUpdate,
  type DivisionV2,
  PayrollPolicyHistorySave,
} from '../../contract/organisation';
import { formatDay } from '../../lib/date-display';
import { ScrollTable } from '../../ui/scroll-table';
import {
  type SaveProblem,
  saveForm,
  useDeleteDivision,
  useDivision,
  useRotations,
  useSaveDivision,
  useSavePolicyHistory,
} from './api';
import { BackToTree, ConfirmDelete, DetailHeader, ProblemAlert, pathId, SubmitWithSaved } from './parts';
import { RotationsDialog } from './rotations-dialog';

/** The keys each form shows beside a field: a refusal of only these has no banner. */
const DIVISION_FIELDS = formFields('Name', 'DivisionID', 'Description');
const POLICY_HISTORY_FIELDS = formFields(
  'PayrollPolicyHistory.*.Name',
  'PayrollPolicyHistory.*.PayFrequencyID',
  'PayrollPolicyHistory.*.StartDate',
  'PayrollPolicyHistory.*.EndDate',
);

export default function DivisionPage() {
  const { t } = useTranslation();
  const id = pathId(useParams().id);
  const navigate = useNavigate();
  const session = useSessionData();
  const isAdmin = hasGrant(session?.grants ?? [], 'organisation:admin');
  const division = useDivision(id);
  const save = useSaveDivision();
  const remove = useDeleteDivision();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [active, setActive] = useState(true);
  const [divisionId, setDivisionId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saved, setSaved] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const load = (d: DivisionV2) => {
    setName(d.Name);
    setDescription(d.Description ?? '');
    setActive(d.IsActive);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: load only sets this form's state
  useEffect(() => {
    if (division.data) load(division.data);
  }, [division.data]);

  const isNew = id === null;
  if (division.isError && !isNew)
    return (
      <Stack maw={720}>
        <BackToTree />
        <Alert color="red" title={t('organisation.div.loadFailed')}>
          {errorMessage(division.error)}
        </Alert>
      </Stack>
    );
  if (!isNew && division.isPending) return <Loader aria-label={t('organisation.loading')} />;
  const ro = !isAdmin;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const body = isNew
      ? {
          Name: name,
          Description: description,
          IsActive: active,
          ...(divisionId ? { DivisionID: Number(divisionId) } : {}),
        }
      : { Name: name, Description: description, IsActive: active, Version: division.data?.Version ?? 1 };
    const done = await saveForm(
      isNew ? DivisionSave : DivisionUpdate,
      body,
      (data) => save.mutateAsync({ id, body: data as DivisionUpdate }),
      { setErrors, setProblem, failed: t('organisation.saveFailed') },
    );
    if (!done) return;
    setSaved(true);
    if (isNew) navigate(`/organisation/divisions/${done.saved.DivisionID}`, { replace: true });
  };

  return (
    <Stack gap="md" maw={1280}>
      <BackToTree />
      <DetailHeader
        heading={
          <Group gap="sm">
            <Title order={1} size="h2">
              {isNew ? t('organisation.div.newTitle') : division.data?.Name}
            </Title>
            {division.data && !division.data.IsActive ? (
              <Badge color="gray" variant="light">
                {t('organisation.inactive')}
              </Badge>
            ) : null}
          </Group>
        }
        onDelete={!isNew && isAdmin ? () => setDeleting(true) : undefined}
      />
      <ProblemAlert
        problem={problem}
        fields={DIVISION_FIELDS}
        onReload={async () => {
          setProblem(null);
          const fresh = await division.refetch();
          if (fresh.data) load(fresh.data);
        }}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Card withBorder padding="md" component="form" onSubmit={submit} noValidate>
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('organisation.div.name')}
                    required
                    value={name}
                    onChange={(e) => {
                      setName(e.currentTarget.value);
                      setSaved(false);
                    }}
                    error={errors.Name}
                    readOnly={ro}
                  />
                  {isNew ? (
                    <TextInput
                      label={t('organisation.div.id')}
                      description={t('organisation.div.idHelp')}
                      inputMode="numeric"
                      value={divisionId}
                      onChange={(e) => setDivisionId(e.currentTarget.value.replace(/\D/g, ''))}
                      error={errors.DivisionID}
                    />
                  ) : (
                    <TextInput
                      label={t('organisation.div.id')}
                      value={String(division.data?.DivisionID ?? '')}
                      readOnly
                    />
                  )}
                </SimpleGrid>
                <Textarea
                  label={t('organisation.div.description')}
                  value={description}
                  onChange={(e) => {
                    setDescription(e.currentTarget.value);
                    setSaved(false);
                  }}
                  error={errors.Description}
                  readOnly={ro}
                  autosize
                  minRows={2}
                />
                <Switch
                  label={t('organisation.div.active')}
                  checked={active}
                  onChange={(e) => {
                    setActive(e.currentTarget.checked);
                    setSaved(false);
                  }}
                  disabled={ro}
                />
                {isAdmin ? (
                  <Group justify="flex-end">
                    <SubmitWithSaved
                      saved={saved}
                      pending={save.isPending}
                      label={isNew ? t('organisation.create') : t('organisation.save')}
                    />
                  </Group>
                ) : null}
              </Stack>
            </Card>
            {division.data?.Profiles.map((p) => (
              <ProfileCard key={p.DivisionProfileID} profile={p} isAdmin={isAdmin} />
            ))}
          </Stack>
        </Grid.Col>
        {division.data ? (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder padding="md">
              <Title order={2} size="h5" mb="xs">
                {t('organisation.div.offices')}
              </Title>
              {division.data.Offices.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('organisation.noOffices')}
                </Text>
              ) : (
                <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {division.data.Offices.map((o) => (
                    <li key={o.IcdOfficeID}>
                      <Anchor component={Link} to={`/organisation/offices/${o.IcdOfficeID}`} size="sm">
                        {o.OfficeName}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {o.IcdCorporationName} · {o.TimeZone}
                      </Text>
                    </li>
                  ))}
                </Stack>
              )}
            </Card>
          </Grid.Col>
        ) : null}
      </Grid>
      {division.data ? (
        <ConfirmDelete
          opened={deleting}
          title={t('organisation.div.deleteTitle')}
          body={t('organisation.div.deleteBody', { name: division.data.Name })}
          busy={remove.isPending}
          onClose={() => setDeleting(false)}
          onDelete={() =>
            remove.mutateAsync({ id: division.data.DivisionID, version: division.data.Version })
          }
          onFailed={setProblem}
        />
      ) : null}
    </Stack>
  );
}

interface PolicyRow {
  PayrollPolicyID: number | null;
  Name: string;
  PayFrequencyID: string;
  StartDate: string;
  EndDate: string;
}

const FREQUENCIES = ['1', '2', '3', '4'];

function ProfileCard({ profile, isAdmin }: { profile: DivisionProfile; isAdmin: boolean }) {
  const { t } = useTranslation();
  const rotations = useRotations(profile.DivisionProfileID);
  const save = useSavePolicyHistory();
  const [rows, setRows] = useState<PolicyRow[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    setRows(
      profile.PayrollPolicyHistory.map((h) => ({
        PayrollPolicyID: h.PayrollPolicyID ?? null,
        Name: h.Name,
        PayFrequencyID: String(h.PayFrequencyID),
        StartDate: h.StartDate,
        EndDate: h.EndDate ?? '',
      })),
    );
  }, [profile]);

  const setRow = (i: number, patch: Partial<PolicyRow>) => {
    setRows((r) => r.map((x, j) => (j === i ? { ...x, ...patch } : x)));
    setSaved(false);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const body = {
      PayrollPolicyHistory: rows.map((r) => ({
        PayrollPolicyID: r.PayrollPolicyID,
        Name: r.Name,
        PayFrequencyID: Number(r.PayFrequencyID),
        StartDate: r.StartDate,
        EndDate: r.EndDate || null,
      })),
      Version: profile.Version,
    };
    const done = await saveForm(
      PayrollPolicyHistorySave,
      body,
      (data) => save.mutateAsync({ id: profile.DivisionProfileID, body: data }),
      { setErrors, setProblem, failed: t('organisation.saveFailed') },
    );
    if (done) setSaved(true);
  };
  const err = (i: number, f: string) => errors[`PayrollPolicyHistory.${i}.${f}`];
  const profileRotations = rotations.data?.[0];

  return (
    <Card withBorder padding="md" data-testid="division-profile">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {profile.Name}
        </Title>
        <Badge variant="outline">{t(`organisation.country.${profile.CountryID}`)}</Badge>
      </Group>
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('organisation.div.policyHistory')}
          </Title>
          <ProblemAlert problem={problem} onReload={() => setProblem(null)} fields={POLICY_HISTORY_FIELDS} />
          <ScrollTable label={t('organisation.div.policyHistory')} minWidth={640}>
            <Table verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('organisation.div.policy')}</Table.Th>
                  <Table.Th>{t('organisation.div.frequency')}</Table.Th>
                  <Table.Th>{t('organisation.div.from')}</Table.Th>
                  <Table.Th>{t('organisation.div.to')}</Table.Th>
                  {isAdmin ? <Table.Th /> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: history rows are ordered and have no id while new
                  <Table.Tr key={i}>
                    <Table.Td>
                      <TextInput
                        aria-label={t('organisation.div.policy')}
                        value={r.Name}
                        readOnly={!isAdmin}
                        onChange={(e) => setRow(i, { Name: e.currentTarget.value })}
                        error={err(i, 'Name')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={t('organisation.div.frequency')}
                        data={FREQUENCIES.map((f) => ({ value: f, label: t(`organisation.div.freq.${f}`) }))}
                        value={r.PayFrequencyID}
                        readOnly={!isAdmin}
                        onChange={(v) => setRow(i, { PayFrequencyID: v ?? '2' })}
                        allowDeselect={false}
                        error={err(i, 'PayFrequencyID')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        type="date"
                        aria-label={t('organisation.div.from')}
                        value={r.StartDate}
                        readOnly={!isAdmin}
                        onChange={(e) => setRow(i, { StartDate: e.currentTarget.value })}
                        error={err(i, 'StartDate')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        type="date"
                        aria-label={t('organisation.div.to')}
                        value={r.EndDate}
                        readOnly={!isAdmin}
                        onChange={(e) => setRow(i, { EndDate: e.currentTarget.value })}
                        error={err(i, 'EndDate')}
                      />
                    </Table.Td>
                    {isAdmin ? (
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('organisation.div.removePolicy', { name: r.Name })}
                          onClick={() => setRows((list) => list.filter((_, j) => j !== i))}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          {isAdmin ? (
            <Group justify="space-between">
              <Button
                variant="subtle"
                leftSection={<IconPlus size={14} />}
                onClick={() =>
                  setRows((r) => [
                    ...r,
                    { PayrollPolicyID: null, Name: '', PayFrequencyID: '2', StartDate: '', EndDate: '' },
                  ])
                }
              >
                {t('organisation.div.addPolicy')}
              </Button>
              <Group>
                <SubmitWithSaved
                  saved={saved}
                  pending={save.isPending}
                  label={t('organisation.div.saveHistory')}
                  variant="light"
                  icon={false}
                />
              </Group>
            </Group>
          ) : null}
        </Stack>
      </form>
      <Group justify="space-between" mt="md" mb="xs">
        <Title order={3} size="h5">
          {t('organisation.div.rotations')}
        </Title>
        {isAdmin && profileRotations ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconAdjustments size={14} />}
            onClick={() => setAdjusting(true)}
          >
            {t('organisation.rot.adjust')}
          </Button>
        ) : null}
      </Group>
      {rotations.isPending ? (
        <Loader size="sm" />
      ) : rotations.isError ? (
        <Alert color="red">{errorMessage(rotations.error)}</Alert>
      ) : !profileRotations || profileRotations.Rotations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('organisation.div.noRotations')}
        </Text>
      ) : (
        <ScrollTable label={t('organisation.div.rotations')} minWidth={520}>
          <Table verticalSpacing={4} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('organisation.rot.start')}</Table.Th>
                <Table.Th>{t('organisation.rot.end')}</Table.Th>
                <Table.Th ta="right">{t('organisation.rot.payPeriods')}</Table.Th>
                <Table.Th ta="right">{t('organisation.rot.locked')}</Table.Th>
                <Table.Th ta="right">{t('organisation.rot.entries')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {profileRotations.Rotations.map((r) => (
                <Table.Tr key={r.DivisionRotationID}>
                  <Table.Td>{formatDay(r.StartDate)}</Table.Td>
                  <Table.Td>{formatDay(r.EndDate)}</Table.Td>
                  <Table.Td ta="right">{r.PayPeriodCount}</Table.Td>
                  <Table.Td ta="right">{r.LockedPayPeriodCount}</Table.Td>
                  <Table.Td ta="right">{r.TimeEntryCount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {profileRotations ? (
        <RotationsDialog profile={profileRotations} opened={adjusting} onClose={() => setAdjusting(false)} />
      ) : null}
    </Card>
  );
}
