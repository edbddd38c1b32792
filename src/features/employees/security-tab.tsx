// Security: the user name, a new password (the server's policy, its messages shown as the user types)
// and the inactive flag. A new password ends the employee's other sessions.
import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  Progress,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import { isResponseError } from '../../api/errors';
import { formFields } from '../../api/save-problems';
import { PasswordPolicy, passwordProblems, passwordStrength } from '../../contract/auth';
import type { EmployeeSecurity } from '../../contract/employees';
import { formatDay } from '../../lib/date-display';
import { QueryView } from '../../ui/query-view';
import { RefusalBanner } from '../../ui/refusal-banner';
import { useSaveSecurity, useSecurity } from './api';

function usePasswordPolicy() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['home', 'password-validator'],
    queryFn: () => api.get('home/password-validator', { anonymous: true, schema: PasswordPolicy }),
    staleTime: 10 * 60_000,
  });
}

export function SecurityTab({ employeeId, canUpdate }: { employeeId: number; canUpdate: boolean }) {
  const { t } = useTranslation();
  const security = useSecurity(employeeId);
  return (
    <QueryView query={security} errorTitle={t('employees.security.loadFailed')}>
      {(s) => <SecurityForm key={s.Version} security={s} canUpdate={canUpdate} />}
    </QueryView>
  );
}

/** The server's field keys the form shows a message beside (the Inactive switch has none). */
const SECURITY_FIELDS = formFields('UserName', 'Password');

function SecurityForm({ security, canUpdate }: { security: EmployeeSecurity; canUpdate: boolean }) {
  const { t } = useTranslation();
  const policy = usePasswordPolicy();
  const save = useSaveSecurity(security.EmployeeID);
  const [userName, setUserName] = useState(security.UserName);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [inactive, setInactive] = useState(security.Inactive);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The refused save, for the banner (RefusalBanner says only what no field shows). */
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const problems = password && policy.data ? passwordProblems(policy.data, password) : [];
  const strength = password ? passwordStrength(policy.data ?? null, password) : 0;

  const submit = async () => {
    setFailure(null);
    setSaved(false);
    if (password && password !== confirm) {
      setErrors({ Confirm: t('employees.security.mismatch') });
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({
        UserName: userName,
        Password: password || null,
        Inactive: inactive,
        Version: security.Version,
      });
      setSaved(true);
    } catch (e) {
      const data = isResponseError(e)
        ? (e.data as { Errors?: Record<string, string[]> } | undefined)
        : undefined;
      if (data?.Errors)
        setErrors(Object.fromEntries(Object.entries(data.Errors).map(([k, v]) => [k, v.join(' · ')])));
      setFailure(e);
    }
  };

  return (
    <Card withBorder padding="md" maw={640}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <RefusalBanner error={failure} isField={SECURITY_FIELDS} stale={t('employees.conflict')} />
          {saved && <Alert color="green">{t('employees.security.saved')}</Alert>}
          <TextInput
            label={t('employees.userName')}
            value={userName}
            onChange={(e) => setUserName(e.currentTarget.value)}
            error={errors.UserName}
            disabled={!canUpdate}
            autoComplete="off"
          />
          <Text size="sm" c="dimmed">
            {security.HasPassword
              ? t('employees.security.passwordSet', {
                  when: formatDay(security.PasswordChangedAt, { empty: '—' }),
                })
              : t('employees.security.noPassword')}
          </Text>
          <PasswordInput
            label={t('employees.security.newPassword')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.Password ?? (problems.length ? problems.join(' · ') : undefined)}
            disabled={!canUpdate}
            autoComplete="new-password"
          />
          {password && (
            <Progress
              value={strength * 100}
              color={strength >= 1 ? 'green' : strength >= 0.6 ? 'yellow' : 'red'}
              aria-label={t('employees.security.strength')}
            />
          )}
          <PasswordInput
            label={t('employees.security.confirm')}
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={errors.Confirm}
            disabled={!canUpdate || !password}
            autoComplete="new-password"
          />
          <Switch
            label={t('employees.security.inactive')}
            description={t('employees.security.inactiveHint')}
            checked={inactive}
            onChange={(e) => setInactive(e.currentTarget.checked)}
            disabled={!canUpdate}
          />
          {canUpdate && (
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
