// One corporation (online only): details (status, country and modules by administrators), logo upload
// and preview, tax information with deductions, module permissions and its offices. A stale Version
// (409) says someone else changed it and offers to reload; the server's messages show by field.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Image,
  Loader,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/errors';
import { hasGrant } from '../../api/permissions';
import { formFields } from '../../api/save-problems';
import { useSessionData } from '../../app/app-context';
import {
  type Corporation,
  CorporationSave,
  CorporationUpdate,
  LOGO_MAX_BYTES,
} from '../../contract/organisation';
import { FileInput } from '../../ui/file-input';
import {
  MODULE_OPTIONS,
  type SaveProblem,
  saveForm,
  saveProblem,
  useCorporation,
  useDeleteCorporation,
  useLogo,
  useModulePermissions,
  useOffices,
  useSaveCorporation,
  useUploadLogo,
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
import { TaxInfoCard } from './tax-info-card';

interface Form {
  Owner: string;
  ClientName: string;
  CorporationStatusID: string;
  CountryID: string;
  EmailAddress: string;
  PhoneNumber: string;
  ModuleIDs: string[];
}

/** The keys the form shows beside a field: a refusal of only these has no banner. */
const CORPORATION_FIELDS = formFields(
  'ClientName',
  'Owner',
  'CorporationStatusID',
  'CountryID',
  'EmailAddress',
  'PhoneNumber',
  'ModuleIDs',
);

const blank: Form = {
  Owner: '',
  ClientName: '',
  CorporationStatusID: '1',
  CountryID: '2',
  EmailAddress: '',
  PhoneNumber: '',
  ModuleIDs: [],
};

const fromCorp = (c: Corporation): Form => ({
  Owner: c.Owner,
  ClientName: c.ClientName,
  CorporationStatusID: String(c.CorporationStatusID),
  CountryID: String(c.CountryID),
  EmailAddress: c.EmailAddress ?? '',
  PhoneNumber: c.PhoneNumber ?? '',
  ModuleIDs: c.ModuleIDs.map(String),
});

export default function CorporationPage() {
  const { t } = useTranslation();
  const id = pathId(useParams().id);
  const navigate = useNavigate();
  const session = useSessionData();
  const isAdmin = hasGrant(session?.grants ?? [], 'organisation:admin');
  const corp = useCorporation(id);
  const save = useSaveCorporation();
  const remove = useDeleteCorporation();
  const [form, setForm] = useState<Form>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saved, setSaved] = useState(false);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (corp.data) setForm(fromCorp(corp.data));
  }, [corp.data]);

  const isNew = id === null;
  const canEdit = isNew ? isAdmin : (corp.data?.Access.CanUpdate ?? false);

  if (corp.isError && !isNew)
    return (
      <Stack maw={720}>
        <BackToTree />
        <Alert color="red" title={t('organisation.corp.loadFailed')}>
          {errorMessage(corp.error)}
        </Alert>
      </Stack>
    );
  if (!isNew && corp.isPending) return <Loader aria-label={t('organisation.loading')} />;

  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setSaved(false);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const body = {
      Owner: form.Owner,
      ClientName: form.ClientName,
      CorporationStatusID: Number(form.CorporationStatusID),
      CountryID: Number(form.CountryID),
      EmailAddress: form.EmailAddress,
      PhoneNumber: form.PhoneNumber,
      ...(isAdmin ? { ModuleIDs: form.ModuleIDs.map(Number) } : {}),
      ...(isNew ? {} : { Version: corp.data?.Version ?? 1 }),
    };
    const done = await saveForm(
      isNew ? CorporationSave : CorporationUpdate,
      body,
      (data) => save.mutateAsync({ id, body: data as CorporationUpdate }),
      { setErrors, setProblem, failed: t('organisation.saveFailed') },
    );
    if (!done) return;
    setSaved(true);
    if (isNew) navigate(`/organisation/corporations/${done.saved.IcdCorporationID}`, { replace: true });
  };

  const reload = async () => {
    setProblem(null);
    const fresh = await corp.refetch();
    if (fresh.data) setForm(fromCorp(fresh.data));
  };
  const ro = !canEdit;

  return (
    <Stack gap="md" maw={1280}>
      <BackToTree />
      <DetailHeader
        heading={
          <div>
            <Title order={1} size="h2">
              {isNew ? t('organisation.corp.newTitle') : corp.data?.ClientName}
            </Title>
            {corp.data ? (
              <Group gap="xs">
                <Badge color={corp.data.CorporationStatusID === 1 ? 'green' : 'gray'} variant="light">
                  {t(`organisation.status.${corp.data.CorporationStatusID}`)}
                </Badge>
                <Text size="sm" c="dimmed">
                  {t('organisation.ownerIs', { owner: corp.data.Owner })}
                </Text>
              </Group>
            ) : null}
          </div>
        }
        onDelete={!isNew && isAdmin ? () => setDeleting(true) : undefined}
      />
      {ro && !isNew ? <ReadOnlyNote /> : null}
      <ProblemAlert problem={problem} onReload={() => void reload()} fields={CORPORATION_FIELDS} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Card withBorder padding="md" component="form" onSubmit={submit} noValidate>
              <Title order={2} size="h4" mb="sm">
                {t('organisation.corp.details')}
              </Title>
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('organisation.corp.clientName')}
                    required
                    value={form.ClientName}
                    onChange={(e) => set({ ClientName: e.currentTarget.value })}
                    error={errors.ClientName}
                    readOnly={ro}
                  />
                  <TextInput
                    label={t('organisation.corp.owner')}
                    required
                    value={form.Owner}
                    onChange={(e) => set({ Owner: e.currentTarget.value })}
                    error={errors.Owner}
                    readOnly={ro}
                  />
                  <Select
                    label={t('organisation.corp.status')}
                    data={[
                      { value: '1', label: t('organisation.status.1') },
                      { value: '2', label: t('organisation.status.2') },
                    ]}
                    value={form.CorporationStatusID}
                    onChange={(v) => set({ CorporationStatusID: v ?? '1' })}
                    error={errors.CorporationStatusID}
                    readOnly={ro || !isAdmin}
                    allowDeselect={false}
                  />
                  <Select
                    label={t('organisation.countryLabel')}
                    data={[
                      { value: '2', label: t('organisation.country.2') },
                      { value: '1', label: t('organisation.country.1') },
                    ]}
                    value={form.CountryID}
                    onChange={(v) => set({ CountryID: v ?? '2' })}
                    error={errors.CountryID}
                    readOnly={ro || !isAdmin}
                    allowDeselect={false}
                  />
                  <TextInput
                    label={t('organisation.corp.email')}
                    type="email"
                    value={form.EmailAddress}
                    onChange={(e) => set({ EmailAddress: e.currentTarget.value })}
                    error={errors.EmailAddress}
                    readOnly={ro}
                  />
                  <TextInput
                    label={t('organisation.corp.phone')}
                    type="tel"
                    value={form.PhoneNumber}
                    onChange={(e) => set({ PhoneNumber: e.currentTarget.value })}
                    error={errors.PhoneNumber}
                    readOnly={ro}
                  />
                </SimpleGrid>
                <MultiSelect
                  label={t('organisation.corp.modules')}
                  description={isAdmin ? undefined : t('organisation.corp.modulesAdminOnly')}
                  data={MODULE_OPTIONS}
                  value={form.ModuleIDs}
                  onChange={(v) => set({ ModuleIDs: v })}
                  error={errors.ModuleIDs}
                  readOnly={ro || !isAdmin}
                  searchable
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
            {corp.data?.Access.CanUpdate ? <TaxInfoCard corp={corp.data} /> : null}
          </Stack>
        </Grid.Col>
        {corp.data ? (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <LogoCard corp={corp.data} />
              <CorporationOffices corp={corp.data} />
              <ModulesCard corp={corp.data} />
            </Stack>
          </Grid.Col>
        ) : null}
      </Grid>
      {corp.data ? (
        <ConfirmDelete
          opened={deleting}
          title={t('organisation.corp.deleteTitle')}
          body={t('organisation.corp.deleteBody', { name: corp.data.ClientName })}
          busy={remove.isPending}
          onClose={() => setDeleting(false)}
          onDelete={() => remove.mutateAsync({ id: corp.data.IcdCorporationID, version: corp.data.Version })}
          onFailed={setProblem}
        />
      ) : null}
    </Stack>
  );
}

function LogoCard({ corp }: { corp: Corporation }) {
  const { t } = useTranslation();
  const logo = useLogo(corp.IcdCorporationID, corp.Version, corp.HasLogo);
  const upload = useUploadLogo();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h5" mb="xs">
        {t('organisation.corp.logo')}
      </Title>
      {corp.HasLogo && logo.data ? (
        <Image
          src={logo.data}
          alt={t('organisation.corp.logoAlt', { name: corp.ClientName })}
          mah={120}
          fit="contain"
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('organisation.corp.noLogo')}
        </Text>
      )}
      {corp.Access.CanUpdate ? (
        <Stack gap="xs" mt="sm">
          <FileInput
            label={t('organisation.corp.chooseLogo')}
            imagesOnly
            maxSizeMb={LOGO_MAX_BYTES / 1024 / 1024}
            onChange={(files, validity) => {
              setError(null);
              setFile(validity.valid ? (files[0] ?? null) : null);
            }}
          />
          {error ? (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          ) : null}
          <Button
            variant="default"
            disabled={!file}
            loading={upload.isPending}
            onClick={async () => {
              if (!file) return;
              try {
                await upload.mutateAsync({ id: corp.IcdCorporationID, file });
                setFile(null);
              } catch (err) {
                const p = saveProblem(err, t('organisation.saveFailed'));
                setError(p.fields.logo ?? p.message);
              }
            }}
          >
            {t('organisation.corp.upload')}
          </Button>
        </Stack>
      ) : null}
    </Card>
  );
}

function CorporationOffices({ corp }: { corp: Corporation }) {
  const { t } = useTranslation();
  const offices = useOffices();
  const mine = (offices.data ?? []).filter((o) => o.IcdCorporationID === corp.IcdCorporationID);
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          {t('organisation.corp.offices')}
        </Title>
        {corp.Access.CanUpdate ? (
          <Button
            size="xs"
            variant="subtle"
            component={Link}
            to={`/organisation/offices/new?corporation=${corp.IcdCorporationID}`}
            leftSection={<IconPlus size={14} />}
          >
            {t('organisation.addOffice')}
          </Button>
        ) : null}
      </Group>
      {mine.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('organisation.noOffices')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {mine.map((o) => (
            <li key={o.IcdOfficeID}>
              <Anchor component={Link} to={`/organisation/offices/${o.IcdOfficeID}`} size="sm">
                {o.OfficeName}
              </Anchor>{' '}
              <Text span size="xs" c="dimmed">
                {o.TimeZone}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function ModulesCard({ corp }: { corp: Corporation }) {
  const { t } = useTranslation();
  const perms = useModulePermissions(corp.IcdCorporationID);
  const enabled = (perms.data ?? []).filter((p) => p.Enabled);
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h5" mb="xs">
        {t('organisation.corp.permissions')}
      </Title>
      {perms.isPending ? (
        <Loader size="sm" />
      ) : enabled.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('organisation.corp.noModules')}
        </Text>
      ) : (
        <Group gap={4}>
          {enabled.map((p) => (
            <Badge key={p.ModuleID} variant="light" size="sm">
              {p.Name}
            </Badge>
          ))}
        </Group>
      )}
    </Card>
  );
}
