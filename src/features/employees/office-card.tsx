// One office card of the employee form (employee-form.tsx): the office's status, pay, hire and
// termination, divisions, roles and administered modules.
import {
  ActionIcon,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { flaggedIds, type IdFlags } from '../../contract/employees';
import { allowsPortalAccess } from '../../contract/lookups';
import { useAssignableRoles, useDivisions, useLookup, useOfficeModules } from './api';
import type { OfficeState } from './form-state';

export const toFlags = (ids: string[]): IdFlags => Object.fromEntries(ids.map((id) => [id, true]));
export const fromFlags = (flags: IdFlags) => flaggedIds(flags).map(String);
const idOrNull = (v: string | null) => (v ? Number(v) : null);
const numValue = (v: string | number): number | '' => (typeof v === 'number' ? v : v === '' ? '' : Number(v));

export function OfficeCard({
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
