// Profile: personal details (SSN shown masked without the permission to see it; sending it back
// unchanged keeps it), address and phones, and the profile image with a preview before upload.
import {
  Alert,
  Avatar,
  Button,
  Card,
  FileButton,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isResponseError } from '../../api/errors';
import { formFields } from '../../api/save-problems';
import {
  dayText,
  type EmployeeProfile,
  MAX_PROFILE_IMAGE_BYTES,
  PROFILE_IMAGE_TYPES,
  type ProfileSave,
} from '../../contract/employees';
import { QueryView } from '../../ui/query-view';
import { RefusalBanner } from '../../ui/refusal-banner';
import { useLookup, useProfile, useProfileImage, useSaveProfile, useUploadImage } from './api';

export function ProfileTab({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const profile = useProfile(employeeId);
  return (
    <QueryView query={profile} errorTitle={t('employees.profile.loadFailed')}>
      {(p) => (
        <Stack gap="md">
          <ImageCard profile={p} />
          <ProfileForm key={p.Version} profile={p} />
        </Stack>
      )}
    </QueryView>
  );
}

/** The server's field keys the form shows a message beside (the country has none). */
const PROFILE_FIELDS = formFields(
  'FirstName',
  'MiddleName',
  'LastName',
  'EmailAddress',
  'SSN',
  'BirthDate',
  'GenderID',
  'MaritalStatusID',
  'WithholdingTypeID',
  'StreetLine1',
  'StreetLine2',
  'City',
  'StateProvince',
  'PostalCode',
  'CellPhone',
  'CellPhone.PhoneNumber',
  'CellPhone.Extension',
  'HomePhone',
  'EmergencyContactName',
  'EmergencyContactPhone',
);

type TextField = Exclude<
  keyof ProfileSave,
  'Version' | 'CellPhone' | 'GenderID' | 'MaritalStatusID' | 'WithholdingTypeID' | 'CountryID'
>;

function ProfileForm({ profile }: { profile: EmployeeProfile }) {
  const { t } = useTranslation();
  const save = useSaveProfile(profile.EmployeeID);
  const genders = useLookup('genders');
  const marital = useLookup('maritalStatuses');
  const withholding = useLookup('withholdingTypes');
  const [form, setForm] = useState({
    FirstName: profile.FirstName,
    MiddleName: profile.MiddleName ?? '',
    LastName: profile.LastName,
    EmailAddress: profile.EmailAddress ?? '',
    SSN: profile.SSN ?? '',
    BirthDate: dayText(profile.BirthDate),
    StreetLine1: profile.StreetLine1 ?? '',
    StreetLine2: profile.StreetLine2 ?? '',
    City: profile.City ?? '',
    StateProvince: profile.StateProvince ?? '',
    PostalCode: profile.PostalCode ?? '',
    HomePhone: profile.HomePhone ?? '',
    EmergencyContactName: profile.EmergencyContactName ?? '',
    EmergencyContactPhone: profile.EmergencyContactPhone ?? '',
  });
  const [ids, setIds] = useState({
    GenderID: profile.GenderID,
    MaritalStatusID: profile.MaritalStatusID,
    WithholdingTypeID: profile.WithholdingTypeID,
    CountryID: profile.CountryID,
  });
  const [cell, setCell] = useState(profile.CellPhone?.PhoneNumber ?? '');
  const [ext, setExt] = useState(profile.CellPhone?.Extension ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The refused save, for the banner (RefusalBanner says only what no field shows). */
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const disabled = !profile.CanUpdate;

  const field = (key: TextField, label: string, extra: { type?: string; description?: string } = {}) => (
    <TextInput
      label={label}
      value={form[key as keyof typeof form]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setForm((f) => ({ ...f, [key]: value }));
      }}
      error={errors[key]}
      disabled={disabled}
      {...extra}
    />
  );
  const select = (
    key: keyof typeof ids,
    label: string,
    rows: { Value: number; Name: string }[] | undefined,
  ) => (
    <Select
      label={label}
      data={(rows ?? []).map((r) => ({ value: String(r.Value), label: r.Name }))}
      value={ids[key] ? String(ids[key]) : null}
      onChange={(v) => setIds((x) => ({ ...x, [key]: v ? Number(v) : null }))}
      clearable
      error={errors[key]}
      disabled={disabled}
    />
  );

  const submit = async () => {
    setFailure(null);
    setSaved(false);
    const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
    const body: ProfileSave = {
      FirstName: form.FirstName,
      MiddleName: orNull(form.MiddleName),
      LastName: form.LastName,
      EmailAddress: orNull(form.EmailAddress),
      SSN: orNull(form.SSN),
      BirthDate: orNull(form.BirthDate),
      StreetLine1: orNull(form.StreetLine1),
      StreetLine2: orNull(form.StreetLine2),
      City: orNull(form.City),
      StateProvince: orNull(form.StateProvince),
      PostalCode: orNull(form.PostalCode),
      HomePhone: orNull(form.HomePhone),
      EmergencyContactName: orNull(form.EmergencyContactName),
      EmergencyContactPhone: orNull(form.EmergencyContactPhone),
      ...ids,
      CellPhone: cell.trim() ? { PhoneNumber: cell.trim(), Extension: orNull(ext) } : null,
      Version: profile.Version,
    };
    try {
      await save.mutateAsync(body);
      setErrors({});
      setSaved(true);
    } catch (e) {
      const data = isResponseError(e)
        ? (e.data as { Errors?: Record<string, string[]> } | undefined)
        : undefined;
      setErrors(
        Object.fromEntries(
          Object.entries(data?.Errors ?? {}).map(([k, v]) => [
            k.replace(/^CellPhone\..*/, 'CellPhone'),
            v[0],
          ]),
        ),
      );
      setFailure(e);
    }
  };

  return (
    <Card withBorder padding="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <RefusalBanner error={failure} isField={PROFILE_FIELDS} stale={t('employees.conflict')} />
          {saved && <Alert color="green">{t('employees.profile.saved')}</Alert>}
          <Title order={2} size="h4">
            {t('employees.profile.personal')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {field('FirstName', t('employees.firstName'))}
            {field('MiddleName', t('employees.middleName'))}
            {field('LastName', t('employees.lastName'))}
            {field('EmailAddress', t('employees.email'), { type: 'email' })}
            {field('SSN', t('employees.ssn'), {
              description: profile.SSNMasked
                ? t('employees.profile.ssnMasked')
                : t('employees.profile.ssnHint'),
            })}
            {field('BirthDate', t('employees.profile.birthDate'), { type: 'date' })}
            {select('GenderID', t('employees.profile.gender'), genders.data)}
            {select('MaritalStatusID', t('employees.profile.maritalStatus'), marital.data)}
            {select('WithholdingTypeID', t('employees.profile.withholding'), withholding.data)}
          </SimpleGrid>
          <Title order={2} size="h4" mt="sm">
            {t('employees.profile.address')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {field('StreetLine1', t('employees.profile.street'))}
            {field('StreetLine2', t('employees.profile.suite'))}
            {field('City', t('employees.profile.city'))}
            {field('StateProvince', t('employees.profile.stateProvince'))}
            {field('PostalCode', t('employees.profile.postalCode'))}
            <Select
              label={t('employees.profile.country')}
              data={[
                { value: '2', label: t('employees.profile.canada') },
                { value: '1', label: t('employees.profile.us') },
              ]}
              value={ids.CountryID ? String(ids.CountryID) : null}
              onChange={(v) => setIds((x) => ({ ...x, CountryID: v ? Number(v) : null }))}
              clearable
              disabled={disabled}
            />
          </SimpleGrid>
          <Title order={2} size="h4" mt="sm">
            {t('employees.profile.phones')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                label={t('employees.profile.cellPhone')}
                value={cell}
                onChange={(e) => setCell(e.currentTarget.value)}
                error={errors.CellPhone}
                disabled={disabled}
                style={{ flex: 1 }}
                type="tel"
              />
              <TextInput
                label={t('employees.profile.extension')}
                value={ext}
                onChange={(e) => setExt(e.currentTarget.value)}
                disabled={disabled}
                w={80}
              />
            </Group>
            {field('HomePhone', t('employees.profile.homePhone'), { type: 'tel' })}
            {field('EmergencyContactName', t('employees.profile.emergencyName'))}
            {field('EmergencyContactPhone', t('employees.profile.emergencyPhone'), { type: 'tel' })}
          </SimpleGrid>
          {!disabled && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}

function ImageCard({ profile }: { profile: EmployeeProfile }) {
  const { t } = useTranslation();
  const current = useProfileImage(profile.EmployeeID, profile.HasImage, profile.Version);
  const upload = useUploadImage(profile.EmployeeID);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (f: File | null) => {
    setProblem(null);
    if (!f) return setFile(null);
    if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(f.type)) {
      setFile(null);
      return setProblem(t('employees.image.type'));
    }
    if (f.size > MAX_PROFILE_IMAGE_BYTES) {
      setFile(null);
      return setProblem(t('employees.image.size'));
    }
    setFile(f);
  };

  return (
    <Card withBorder padding="md">
      <Group gap="lg" align="center">
        <Avatar src={preview ?? current.data ?? null} size={96} radius="md" alt={t('employees.image.alt')} />
        <Stack gap="xs">
          <Text fw={500}>{t('employees.image.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('employees.image.hint')}
          </Text>
          {problem && (
            <Text c="red" size="sm" role="alert">
              {problem}
            </Text>
          )}
          {upload.isError && (
            <Text c="red" size="sm" role="alert">
              {errorMessage(upload.error)}
            </Text>
          )}
          {profile.CanUpdate && (
            <Group gap="xs">
              <FileButton onChange={choose} accept={PROFILE_IMAGE_TYPES.join(',')}>
                {(props) => (
                  <Button variant="light" leftSection={<IconUpload size={16} />} {...props}>
                    {t('employees.image.choose')}
                  </Button>
                )}
              </FileButton>
              {file && (
                <Button
                  loading={upload.isPending}
                  onClick={() =>
                    upload.mutate(file, {
                      onSuccess: () => setFile(null),
                    })
                  }
                >
                  {t('employees.image.upload')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
