// The "Details & offices" form, for a new employee and an existing one: the person, global roles, and
// one card per office (status, pay, hire and termination, divisions, roles, administered modules).
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isResponseError, needsBanner } from '../../api/errors';
import { DEFAULT_PASSWORD_POLICY, passwordProblems } from '../../contract/auth';
import { EmployeeSave, flaggedIds, type IdFlags } from '../../contract/employees';
import { allowsPortalAccess } from '../../contract/lookups';
import { useAssignableRoles, useDivisions, useLookup, useOfficeModules, useOffices } from './api';
import {
  errorsByField,
  type FormState,
  newOffice,
  type OfficeState,
  shownFields,
  toPayload,
} from './form-state';

const toFlags = (ids: string[]): IdFlags => Object.fromEntries(ids.map((id) => [id, true]));
const fromFlags = (flags: IdFlags) => flaggedIds(flags).map(String);
const idOrNull = (v: string | null) => (v ? Number(v) : null);
const numValue = (v: string | number): number | '' => (typeof v === 'number' ? v : v === '' ? '' : Number(v));

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
  const [failure, setFailure] = useState<string | null>(null);
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
      if (!needsBanner(e, shownFields(isNew))) return;
      setFailure(isResponseError(e) && e.status === 409 ? t('employees.conflict') : errorMessage(e));
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
        {failure && (
          <Alert color="red" title={t('employees.saveFailed')} data-testid="employee-save-error">
            {failure}
          </Alert>
        )}
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

function OfficeCard({
  office: o,
  divisionsOfOffice,
  errors,
  onChange,
  onRemove,
}: {
  office: OfficeState;
  divisionsOfOffice: number[];
  errors: (key: string) => string | undefined;
  onChange: (patch: Partial<OfficeState>) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const statuses = useLookup('statuses');
  const reasons = useLookup('terminationReasons');
  const jobTitles = useLookup('jobTitles');
  const basis = useLookup('basisOfPay');
  const profiles = useLookup('compensationProfiles');
  const divisions = useDivisions();
  const roles = useAssignableRoles(o.IcdOfficeID);
  const modules = useOfficeModules(o.IcdOfficeID);
  const disabled = !o.CanUpdate;
  const terminated = !allowsPortalAccess(o.EmployeeStatusID);
  const options = <T,>(rows: readonly T[] | undefined, id: (r: T) => number, name: (r: T) => string) =>
    (rows ?? []).map((r) => ({ value: String(id(r)), label: name(r) }));
  const money = (key: 'PayRate' | 'CommissionThreshold' | 'Salary' | 'Garnishment', label: string) => (
    <NumberInput
      label={label}
      value={o[key]}
      onChange={(v) => onChange({ [key]: numValue(v) })}
      min={0}
      decimalScale={2}
      fixedDecimalScale
      prefix="$"
      thousandSeparator=","
      error={errors(key)}
      disabled={disabled}
    />
  );

  return (
    <Card withBorder padding="md" data-testid={`office-card-${o.IcdOfficeID}`}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          {o.OfficeName}
        </Title>
        {onRemove && (
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onRemove}
            aria-label={t('employees.removeOffice', { office: o.OfficeName })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Group>
      {disabled && (
        <Text size="sm" c="dimmed" mb="xs">
          {t('employees.officeReadOnly')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <Select
          label={t('employees.status')}
          data={options(
            statuses.data,
            (s) => s.EmployeeStatusID,
            (s) => s.Name,
          )}
          value={String(o.EmployeeStatusID)}
          onChange={(v) => v && onChange({ EmployeeStatusID: Number(v) })}
          allowDeselect={false}
          error={errors('EmployeeStatusID')}
          disabled={disabled}
        />
        <TextInput
          label={t('employees.hireDate')}
          type="date"
          value={o.HireDate}
          onChange={(e) => onChange({ HireDate: e.currentTarget.value })}
          error={errors('HireDate')}
          disabled={disabled}
        />
        <Select
          label={t('employees.jobTitle')}
          data={options(
            jobTitles.data,
            (j) => j.JobTitleID,
            (j) => j.Name,
          )}
          value={o.JobTitleID ? String(o.JobTitleID) : null}
          onChange={(v) => onChange({ JobTitleID: idOrNull(v) })}
          clearable
          error={errors('JobTitleID')}
          disabled={disabled}
        />
        <Select
          label={t('employees.basisOfPay')}
          data={options(
            basis.data,
            (b) => b.BasisOfPayID,
            (b) => b.Name,
          )}
          value={o.BasisOfPayID ? String(o.BasisOfPayID) : null}
          onChange={(v) => onChange({ BasisOfPayID: idOrNull(v) })}
          clearable
          error={errors('BasisOfPayID')}
          disabled={disabled}
        />
        {money('PayRate', t('employees.payRate'))}
        {money('Salary', t('employees.salary'))}
        {money('CommissionThreshold', t('employees.commissionThreshold'))}
        {money('Garnishment', t('employees.garnishment'))}
        <Select
          label={t('employees.compensationProfile')}
          data={options(
            profiles.data,
            (p) => p.CompensationProfileID,
            (p) => p.Name,
          )}
          value={o.CompensationProfileID ? String(o.CompensationProfileID) : null}
          onChange={(v) => onChange({ CompensationProfileID: idOrNull(v) })}
          clearable
          error={errors('CompensationProfileID')}
          disabled={disabled}
        />
        <NumberInput
          label={t('employees.defaultHours')}
          value={o.DefaultHours}
          onChange={(v) => onChange({ DefaultHours: numValue(v) })}
          min={0}
          max={168}
          decimalScale={2}
          error={errors('DefaultHours')}
          disabled={disabled}
        />
        <MultiSelect
          label={t('employees.divisions')}
          data={options(
            divisions.data?.filter((d) => divisionsOfOffice.includes(d.DivisionID)),
            (d) => d.DivisionID,
            (d) => d.Name,
          )}
          value={o.Divisions.map(String)}
          onChange={(v) => onChange({ Divisions: v.map(Number) })}
          error={errors('Divisions')}
          disabled={disabled}
        />
        <MultiSelect
          label={t('employees.officeRoles')}
          data={options(
            roles.data,
            (r) => r.RoleID,
            (r) => r.Name,
          )}
          value={fromFlags(o.Roles)}
          onChange={(v) => onChange({ Roles: toFlags(v) })}
          error={errors('Roles')}
          disabled={disabled}
        />
        <MultiSelect
          label={t('employees.modules')}
          data={options(
            modules.data,
            (m) => m.ModuleID,
            (m) => m.Name,
          )}
          value={fromFlags(o.AdministeredModules)}
          onChange={(v) => onChange({ AdministeredModules: toFlags(v) })}
          error={errors('AdministeredModules')}
          disabled={disabled}
        />
      </SimpleGrid>
      <Group mt="sm" gap="lg">
        <Switch
          label={t('employees.timeClock')}
          checked={o.TimeClock}
          onChange={(e) => onChange({ TimeClock: e.currentTarget.checked })}
          disabled={disabled}
        />
        <Switch
          label={t('employees.requireBreak')}
          checked={o.RequireBreak}
          onChange={(e) => onChange({ RequireBreak: e.currentTarget.checked })}
          disabled={disabled}
        />
        <Switch
          label={t('employees.onPayroll')}
          checked={o.IsOnPayroll}
          onChange={(e) => onChange({ IsOnPayroll: e.currentTarget.checked })}
          disabled={disabled}
        />
        <Switch
          label={t('employees.trackRealTime')}
          checked={o.TrackRealTime}
          onChange={(e) => onChange({ TrackRealTime: e.currentTarget.checked })}
          disabled={disabled}
        />
      </Group>
      {terminated && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="sm">
          <TextInput
            label={t('employees.terminationDate')}
            type="date"
            required
            value={o.TerminationDate}
            onChange={(e) => onChange({ TerminationDate: e.currentTarget.value })}
            error={errors('TerminationDate')}
            disabled={disabled}
          />
          <Select
            label={t('employees.terminationReason')}
            required
            data={options(
              reasons.data,
              (r) => r.TerminationReasonID,
              (r) => r.Name,
            )}
            value={o.TerminationReasonID ? String(o.TerminationReasonID) : null}
            onChange={(v) => onChange({ TerminationReasonID: idOrNull(v) })}
            error={errors('TerminationReasonID')}
            disabled={disabled}
          />
          <Textarea
            label={t('employees.terminationExtra')}
            autosize
            minRows={1}
            value={o.TerminationReasonExtra}
            onChange={(e) => onChange({ TerminationReasonExtra: e.currentTarget.value })}
            error={errors('TerminationReasonExtra')}
            disabled={disabled}
          />
        </SimpleGrid>
      )}
    </Card>
  );
}
