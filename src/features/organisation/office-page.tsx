// One office (online only): address, time zone, Meridian office id and divisions; create, edit and
// delete for those who manage its corporation, read-only otherwise. A stale Version (409) says someone
// else changed the office and offers to reload it; the server's messages show under their fields.
import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errors';
import { formFields } from '../../api/save-problems';
import { type Office, OfficeSave, OfficeUpdate } from '../../contract/organisation';
import { CorporationSelect } from '../access/corporation-select';
import {
  type SaveProblem,
  saveForm,
  useCorporations,
  useDeleteOffice,
  useDivisions,
  useMoveMeridian,
  useOffice,
  useRosterSync,
  useSaveOffice,
  useStateProvinces,
} from './api';
import {
  BackToTree,
  ConfirmDelete,
  DetailHeader,
  ProblemAlert,
  pathId,
  ReadOnlyNote,
  SubmitWithSaved,
} from './parts';

interface Form {
  IcdCorporationID: string;
  OfficeName: string;
  MeridianOfficeID: string;
  StreetLine1: string;
  StreetLine2: string;
  City: string;
  StateProvince: string;
  PostalCode: string;
  CountryID: string;
  TimeZone: string;
  Latitude: string;
  Longitude: string;
  DivisionIDs: string[];
}

/** The keys the form shows beside a field: a refusal of only these has no banner. */
const OFFICE_FIELDS = formFields(
  'OfficeName',
  'IcdCorporationID',
  'StreetLine1',
  'StreetLine2',
  'City',
  'CountryID',
  'StateProvince',
  'PostalCode',
  'TimeZone',
  'MeridianOfficeID',
  'Latitude',
  'Longitude',
  'DivisionIDs',
);

const blank = (corporation: string | null): Form => ({
  IcdCorporationID: corporation ?? '',
  OfficeName: '',
  MeridianOfficeID: '',
  StreetLine1: '',
  StreetLine2: '',
  City: '',
  StateProvince: '',
  PostalCode: '',
  CountryID: '2',
  TimeZone: 'America/Toronto',
  Latitude: '',
  Longitude: '',
  DivisionIDs: [],
});

const fromOffice = (o: Office): Form => ({
  IcdCorporationID: String(o.IcdCorporationID),
  OfficeName: o.OfficeName,
  MeridianOfficeID: o.MeridianOfficeID ?? '',
  StreetLine1: o.StreetLine1 ?? '',
  StreetLine2: o.StreetLine2 ?? '',
  City: o.City,
  StateProvince: o.StateProvince,
  PostalCode: o.PostalCode ?? '',
  CountryID: String(o.CountryID),
  TimeZone: o.TimeZone,
  Latitude: o.Latitude ?? '',
  Longitude: o.Longitude ?? '',
  DivisionIDs: o.DivisionIDs.map(String),
});

/** The IANA zones offered: the Americas and UTC (the offices' countries), plus the current value. */
export function timeZoneOptions(current: string): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const all = intl.supportedValuesOf?.('timeZone') ?? [];
  const zones = all.filter(
    (z) => z.startsWith('America/') || z.startsWith('Pacific/Honolulu') || z === 'UTC',
  );
  if (current && !zones.includes(current)) zones.unshift(current);
  return zones;
}

export default function OfficePage() {
  const { t } = useTranslation();
  const id = pathId(useParams().id);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const office = useOffice(id);
  const corporations = useCorporations();
  const divisions = useDivisions();
  const save = useSaveOffice();
  const remove = useDeleteOffice();
  const [form, setForm] = useState<Form>(() => blank(search.get('corporation')));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [saved, setSaved] = useState(false);
  const states = useStateProvinces(Number(form.CountryID) || 2);

  useEffect(() => {
    if (office.data) setForm(fromOffice(office.data));
  }, [office.data]);

  const isNew = id === null;
  const canEdit = isNew
    ? (corporations.data ?? []).some((c) => c.Access.CanUpdate)
    : (office.data?.Access.CanUpdate ?? false);
  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setSaved(false);
  };
  const tzOptions = useMemo(() => timeZoneOptions(form.TimeZone), [form.TimeZone]);

  if (office.isError && !isNew)
    return (
      <Stack maw={720}>
        <BackToTree />
        <Alert color="red" title={t('organisation.office.loadFailed')}>
          {errorMessage(office.error)}
        </Alert>
      </Stack>
    );
  if (!isNew && office.isPending) return <Loader aria-label={t('organisation.loading')} />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const body = {
      IcdCorporationID: Number(form.IcdCorporationID),
      OfficeName: form.OfficeName,
      MeridianOfficeID: form.MeridianOfficeID,
      StreetLine1: form.StreetLine1,
      StreetLine2: form.StreetLine2,
      City: form.City,
      StateProvince: form.StateProvince,
      PostalCode: form.PostalCode,
      CountryID: Number(form.CountryID),
      TimeZone: form.TimeZone,
      Latitude: form.Latitude,
      Longitude: form.Longitude,
      DivisionIDs: form.DivisionIDs.map(Number),
      ...(isNew ? {} : { Version: office.data?.Version ?? 1 }),
    };
    const done = await saveForm(
      isNew ? OfficeSave : OfficeUpdate,
      body,
      (data) => save.mutateAsync({ id, body: data as OfficeUpdate }),
      { setErrors, setProblem, failed: t('organisation.saveFailed') },
    );
    if (!done) return;
    setSaved(true);
    if (isNew) navigate(`/organisation/offices/${done.saved.IcdOfficeID}`, { replace: true });
  };

  const reload = async () => {
    setProblem(null);
    const fresh = await office.refetch();
    if (fresh.data) setForm(fromOffice(fresh.data));
  };

  const stateOptions = (states.data ?? []).map((s) => ({
    value: s.Code,
    label: `${s.StateName} (${s.Code})`,
  }));
  const divisionOptions = (divisions.data ?? []).map((d) => ({ value: String(d.DivisionID), label: d.Name }));
  const ro = !canEdit;

  return (
    <Stack gap="md" maw={1280}>
      <BackToTree />
      <DetailHeader
        heading={
          <div>
            <Title order={1} size="h2">
              {isNew ? t('organisation.office.newTitle') : office.data?.OfficeName}
            </Title>
            {!isNew && office.data ? (
              <Text c="dimmed" size="sm">
                {office.data.IcdCorporationName} ·{' '}
                {t('organisation.ownerIs', { owner: office.data.OwnerName })}
              </Text>
            ) : null}
          </div>
        }
        onDelete={!isNew && canEdit ? () => setDeleting(true) : undefined}
      />
      {ro ? <ReadOnlyNote /> : null}
      <ProblemAlert problem={problem} onReload={() => void reload()} fields={OFFICE_FIELDS} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder padding="md" component="form" onSubmit={submit} noValidate>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('organisation.office.name')}
                  required
                  value={form.OfficeName}
                  onChange={(e) => set({ OfficeName: e.currentTarget.value })}
                  error={errors.OfficeName}
                  readOnly={ro}
                />
                <CorporationSelect
                  source={corporations}
                  include={(c) => c.Access.CanUpdate || String(c.IcdCorporationID) === form.IcdCorporationID}
                  searchable={false}
                  label={t('organisation.corporation')}
                  required
                  value={form.IcdCorporationID || null}
                  onChange={(v) => set({ IcdCorporationID: v ?? '' })}
                  error={errors.IcdCorporationID}
                  readOnly={ro}
                  allowDeselect={false}
                />
                <TextInput
                  label={t('organisation.office.street1')}
                  value={form.StreetLine1}
                  onChange={(e) => set({ StreetLine1: e.currentTarget.value })}
                  error={errors.StreetLine1}
                  readOnly={ro}
                />
                <TextInput
                  label={t('organisation.office.street2')}
                  value={form.StreetLine2}
                  onChange={(e) => set({ StreetLine2: e.currentTarget.value })}
                  error={errors.StreetLine2}
                  readOnly={ro}
                />
                <TextInput
                  label={t('organisation.office.city')}
                  required
                  value={form.City}
                  onChange={(e) => set({ City: e.currentTarget.value })}
                  error={errors.City}
                  readOnly={ro}
                />
                <Select
                  label={t('organisation.countryLabel')}
                  required
                  data={[
                    { value: '2', label: t('organisation.country.2') },
                    { value: '1', label: t('organisation.country.1') },
                  ]}
                  value={form.CountryID}
                  onChange={(v) => set({ CountryID: v ?? '2', StateProvince: '' })}
                  error={errors.CountryID}
                  readOnly={ro}
                  allowDeselect={false}
                />
                {stateOptions.length ? (
                  <Select
                    label={t(`organisation.office.state.${form.CountryID === '1' ? '1' : '2'}`)}
                    required
                    searchable
                    data={stateOptions}
                    value={form.StateProvince || null}
                    onChange={(v) => set({ StateProvince: v ?? '' })}
                    error={errors.StateProvince}
                    readOnly={ro}
                  />
                ) : (
                  <TextInput
                    label={t(`organisation.office.state.${form.CountryID === '1' ? '1' : '2'}`)}
                    required
                    value={form.StateProvince}
                    onChange={(e) => set({ StateProvince: e.currentTarget.value.toUpperCase() })}
                    error={errors.StateProvince}
                    readOnly={ro}
                  />
                )}
                <TextInput
                  label={t(`organisation.office.postal.${form.CountryID === '1' ? '1' : '2'}`)}
                  value={form.PostalCode}
                  onChange={(e) => set({ PostalCode: e.currentTarget.value })}
                  error={errors.PostalCode}
                  readOnly={ro}
                />
                <Select
                  label={t('organisation.office.timeZone')}
                  description={t('organisation.office.timeZoneHelp')}
                  required
                  searchable
                  data={tzOptions}
                  value={form.TimeZone}
                  onChange={(v) => set({ TimeZone: v ?? '' })}
                  error={errors.TimeZone}
                  readOnly={ro}
                  data-testid="office-time-zone"
                />
                <TextInput
                  label={t('organisation.office.meridian')}
                  value={form.MeridianOfficeID}
                  onChange={(e) => set({ MeridianOfficeID: e.currentTarget.value })}
                  error={errors.MeridianOfficeID}
                  readOnly={ro}
                />
                <TextInput
                  label={t('organisation.office.latitude')}
                  value={form.Latitude}
                  onChange={(e) => set({ Latitude: e.currentTarget.value })}
                  error={errors.Latitude}
                  readOnly={ro}
                />
                <TextInput
                  label={t('organisation.office.longitude')}
                  value={form.Longitude}
                  onChange={(e) => set({ Longitude: e.currentTarget.value })}
                  error={errors.Longitude}
                  readOnly={ro}
                />
              </SimpleGrid>
              <MultiSelect
                label={t('organisation.divisions')}
                data={divisionOptions}
                value={form.DivisionIDs}
                onChange={(v) => set({ DivisionIDs: v })}
                error={errors.DivisionIDs}
                readOnly={ro}
              />
              {canEdit ? (
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
        </Grid.Col>
        {!isNew && office.data ? (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <OfficeActions office={office.data} canEdit={canEdit} />
          </Grid.Col>
        ) : null}
      </Grid>
      {office.data ? (
        <ConfirmDelete
          opened={deleting}
          title={t('organisation.office.deleteTitle')}
          body={t('organisation.office.deleteBody', { name: office.data.OfficeName })}
          busy={remove.isPending}
          onClose={() => setDeleting(false)}
          onDelete={() => remove.mutateAsync({ id: office.data.IcdOfficeID, version: office.data.Version })}
          onFailed={setProblem}
        />
      ) : null}
    </Stack>
  );
}

function OfficeActions({ office, canEdit }: { office: Office; canEdit: boolean }) {
  const { t } = useTranslation();
  const sync = useRosterSync();
  const move = useMoveMeridian();
  const [lastDate, setLastDate] = useState('');
  const [meridian, setMeridian] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  if (!canEdit) return null;
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Title order={2} size="h5" mb="xs">
          {t('organisation.office.rosterSync')}
        </Title>
        <Group align="flex-end" gap="xs">
          <TextInput
            type="date"
            label={t('organisation.office.lastDate')}
            value={lastDate}
            onChange={(e) => setLastDate(e.currentTarget.value)}
          />
          <Button
            variant="default"
            loading={sync.isPending}
            disabled={!lastDate}
            onClick={async () => {
              try {
                const job = await sync.mutateAsync({ id: office.IcdOfficeID, lastDate });
                setMessage({ ok: true, text: job.Messages.join(' ') || t('organisation.office.queued') });
              } catch (err) {
                setMessage({ ok: false, text: errorMessage(err) });
              }
            }}
          >
            {t('organisation.office.queue')}
          </Button>
        </Group>
      </Card>
      <Card withBorder padding="md">
        <Title order={2} size="h5" mb="xs">
          {t('organisation.office.moveMeridian')}
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          {t('organisation.office.moveMeridianHelp')}
        </Text>
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('organisation.office.meridian')}
            value={meridian}
            onChange={(e) => setMeridian(e.currentTarget.value)}
          />
          <Button
            variant="default"
            loading={move.isPending}
            disabled={!meridian.trim()}
            onClick={async () => {
              try {
                const out = await move.mutateAsync({ id: office.IcdOfficeID, meridian: meridian.trim() });
                setMessage({
                  ok: true,
                  text: t('organisation.office.moved', { id: out.Office.MeridianOfficeID ?? '' }),
                });
              } catch (err) {
                setMessage({ ok: false, text: errorMessage(err) });
              }
            }}
          >
            {t('organisation.office.move')}
          </Button>
        </Group>
      </Card>
      {message ? (
        <Alert color={message.ok ? 'green' : 'red'} role="status">
          {message.text}
        </Alert>
      ) : null}
    </Stack>
  );
}
