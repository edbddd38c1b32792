// The "Details & offices" form, for a new employee and an existing one: the person, global roles, and
// one card per office (status, pay, hire and termination, divisions, roles, administered modules).
import {
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isResponseError } from '../../api/errors';
import { DEFAULT_PASSWORD_POLICY, passwordProblems } from '../../contract/auth';
import { EmployeeSave } from '../../contract/employees';
import { RefusalBanner } from '../../ui/refusal-banner';
import { useAssignableRoles, useOffices } from './api';
import {
  errorsByField,
  type FormState,
  newOffice,
  type OfficeState,
  shownFields,
  toPayload,
} from './form-state';
import { fromFlags, OfficeCard, toFlags } from './office-card';

export interface EmployeeFormProps {
  initial: FormState;
  isNew: boolean;
  canUpdate: boolean;
  canChangeGlobalRoles: boolean;
  saving: boolean;
  onSave: (form: FormState) => Promise<unknown>;
}

export function EmployeeForm({
  initial,
  isNew,
  canUpdate,
  canChangeGlobalRoles,
  saving,
  onSave,
}: EmployeeFormProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<FormState>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The refused save, for the banner (RefusalBanner says only what no field shows). */
  const [failure, setFailure] = useState<unknown>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const offices = useOffices();
  const globalRoles = useAssignableRoles(0);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setOffice = (index: number, patch: Partial<OfficeState>) =>
    setForm((f) => ({
      ...f,
      IcdOffices: f.IcdOffices.map((o, i) => (i === index ? { ...o, ...patch } : o)),
    }));
  const err = (key: string) => errors[key];

  const submit = async () => {
    setFailure(null);
    const payload = toPayload(form);
    const checked = EmployeeSave.safeParse(payload);
    if (!checked.success) {
      const raw: Record<string, string[]> = {};
      for (const issue of checked.error.issues) {
        const key = issue.path.join('.');
        raw[key] = [...(raw[key] ?? []), issue.message];
      }
      setErrors(errorsByField(raw, form));
      return;
    }
    setErrors({});
    try {
      await onSave(form);
    } catch (e) {
      const data = isResponseError(e)
        ? (e.data as { Errors?: Record<string, string[]> } | undefined)
        : undefined;
      if (data?.Errors) setErrors(errorsByField(data.Errors, form));
      setFailure(e);
    }
  };

  const passwordHints = form.Password ? passwordProblems(DEFAULT_PASSWORD_POLICY, form.Password, form) : [];
  const taken = new Set(form.IcdOffices.map((o) => o.IcdOfficeID));
  const addable = (offices.data ?? []).filter((o) => !taken.has(o.IcdOfficeID));
  const readOnly = !canUpdate;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <RefusalBanner
          error={failure}
          isField={shownFields(isNew)}
          stale={t('employees.conflict')}
          testId="employee-save-error"
        />
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            {t('employees.person')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <TextInput
              label={t('employees.firstName')}
              required
              value={form.FirstName}
              onChange={(e) => set('FirstName', e.currentTarget.value)}
              error={err('FirstName')}
              disabled={readOnly}
            />
            <TextInput
              label={t('employees.middleName')}
              value={form.MiddleName}
              onChange={(e) => set('MiddleName', e.currentTarget.value)}
              error={err('MiddleName')}
              disabled={readOnly}
            />
            <TextInput
              label={t('employees.lastName')}
              required
              value={form.LastName}
              onChange={(e) => set('LastName', e.currentTarget.value)}
              error={err('LastName')}
              disabled={readOnly}
            />
            <TextInput
              label={t('employees.userName')}
              required
              value={form.UserName}
              onChange={(e) => set('UserName', e.currentTarget.value)}
              error={err('UserName')}
              disabled={readOnly}
              autoComplete="off"
            />
            <TextInput
              label={t('employees.email')}
              type="email"
              value={form.EmailAddress}
              onChange={(e) => set('EmailAddress', e.currentTarget.value)}
              error={err('EmailAddress')}
              disabled={readOnly}
            />
            {isNew && (
              <PasswordInput
                label={t('employees.password')}
                description={t('employees.passwordHint')}
                value={form.Password}
                onChange={(e) => set('Password', e.currentTarget.value)}
                error={err('Password') ?? (passwordHints.length ? passwordHints.join(' · ') : undefined)}
                autoComplete="new-password"
              />
            )}
            <TextInput
              label={t('employees.adpId')}
              value={form.ADPEmployeeID}
              onChange={(e) => set('ADPEmployeeID', e.currentTarget.value)}
              error={err('ADPEmployeeID')}
              disabled={readOnly}
            />
            <TextInput
              label={t('employees.meridianId')}
              value={form.MeridianEmployeeID}
              onChange={(e) => set('MeridianEmployeeID', e.currentTarget.value)}
              error={err('MeridianEmployeeID')}
              disabled={readOnly}
            />
            <TextInput
              label={t('employees.globalSiteId')}
              value={form.GlobalSiteID}
              onChange={(e) => set('GlobalSiteID', e.currentTarget.value)}
              error={err('GlobalSiteID')}
              disabled={readOnly}
            />
            <TextInput
              label={t('employees.uniqueId')}
              value={form.UniqueID}
              onChange={(e) => set('UniqueID', e.currentTarget.value)}
              error={err('UniqueID')}
              disabled={readOnly}
            />
            <MultiSelect
              label={t('employees.globalRoles')}
              description={canChangeGlobalRoles ? undefined : t('employees.globalRolesLocked')}
              data={(globalRoles.data ?? []).map((r) => ({ value: String(r.RoleID), label: r.Name }))}
              value={fromFlags(form.GlobalRoles)}
              onChange={(v) => set('GlobalRoles', toFlags(v))}
              error={err('GlobalRoles')}
              disabled={readOnly || !canChangeGlobalRoles}
              clearable
            />
          </SimpleGrid>
          <Group mt="sm" gap="lg">
            <Switch
              label={t('employees.inactive')}
              checked={form.Inactive}
              onChange={(e) => set('Inactive', e.currentTarget.checked)}
              disabled={readOnly}
            />
            <Checkbox
              label={t('employees.sendWelcome')}
              checked={form.SendWelcomeEmail}
              onChange={(e) => set('SendWelcomeEmail', e.currentTarget.checked)}
              disabled={readOnly}
            />
          </Group>
        </Card>

        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h4">
            {t('employees.offices')}
          </Title>
          {!readOnly && (
            <Group gap="xs" align="flex-end">
              <Select
                aria-label={t('employees.addOfficeChoose')}
                placeholder={t('employees.addOfficeChoose')}
                data={addable.map((o) => ({ value: String(o.IcdOfficeID), label: o.OfficeName }))}
                value={adding}
                onChange={setAdding}
                searchable
                w={220}
              />
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                disabled={!adding}
                onClick={() => {
                  const office = addable.find((o) => String(o.IcdOfficeID) === adding);
                  if (!office) return;
                  setForm((f) => ({
                    ...f,
                    IcdOffices: [...f.IcdOffices, newOffice(office.IcdOfficeID, office.OfficeName)],
                  }));
                  setAdding(null);
                }}
              >
                {t('employees.addOffice')}
              </Button>
            </Group>
          )}
        </Group>
        {err('IcdOffices') && (
          <Text c="red" size="sm" role="alert">
            {err('IcdOffices')}
          </Text>
        )}
        {form.IcdOffices.length === 0 && <Text c="dimmed">{t('employees.noOffices')}</Text>}
        {form.IcdOffices.map((o, i) => (
          <OfficeCard
            key={o.IcdOfficeID}
            office={o}
            divisionsOfOffice={
              offices.data?.find((x) => x.IcdOfficeID === o.IcdOfficeID)?.DivisionIDs ?? o.Divisions
            }
            errors={(key) => errors[`IcdOffices.${i}.${key}`]}
            onChange={(patch) => setOffice(i, patch)}
            onRemove={
              o.Existing
                ? undefined
                : () => setForm((f) => ({ ...f, IcdOffices: f.IcdOffices.filter((_, j) => j !== i) }))
            }
          />
        ))}
        {!readOnly && (
          <Group justify="flex-end">
            <Button type="submit" loading={saving} data-testid="employee-save">
              {isNew ? t('employees.create') : t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
