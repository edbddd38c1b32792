import { Alert, Button, List, PasswordInput, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useApiClient } from '../../api/api-context';
import { errorMessage, isResponseError } from '../../api/errors';
import { PasswordPolicy, passwordProblems, passwordStrength } from '../../contract/auth';
import { AuthLayout } from './auth-layout';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const policy = useQuery({
    queryKey: ['home', 'password-validator'],
    queryFn: () => api.get('home/password-validator', { anonymous: true, schema: PasswordPolicy }),
  });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const problems = policy.data ? passwordProblems(policy.data, password) : [];
  const strength = policy.data ? passwordStrength(policy.data, password) : 0;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (problems.length || password !== confirm) return;
    setBusy(true);
    setError(null);
    setServerErrors([]);
    try {
      const res = await fetch('/account/reset-password', {
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ token, Password: password, ConfirmPassword: confirm }),
      });
      const body = (await res.json().catch(() => ({}))) as { Message?: string; Messages?: string[] };
      if (!res.ok) {
        setError(body.Message ?? t('account.reset.failed'));
        setServerErrors(body.Messages ?? []);
        return;
      }
      navigate('/account/login?reset=1', { replace: true });
    } catch (err) {
      setError(isResponseError(err) ? errorMessage(err) : t('account.login.network'));
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <AuthLayout title={t('account.reset.title')}>
        <Alert color="red">{t('account.reset.noToken')}</Alert>
        <Button component={Link} to="/account/login">
          {t('account.sessionExpired.signIn')}
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('account.reset.title')}>
      {error && (
        <Alert color="red" role="alert">
          {error}
          {serverErrors.length > 1 && (
            <List size="sm">
              {serverErrors.map((m) => (
                <List.Item key={m}>{m}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label={t('account.reset.newPassword')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="new-password"
            error={password && problems.length ? problems[0] : undefined}
          />
          <Progress
            value={strength * 100}
            color={strength < 0.5 ? 'red' : strength < 1 ? 'yellow' : 'green'}
            size="sm"
            aria-label={t('account.reset.strength')}
          />
          {password && problems.length > 1 && (
            <List size="xs" c="dimmed">
              {problems.slice(1).map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          )}
          <PasswordInput
            label={t('account.reset.confirm')}
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            autoComplete="new-password"
            error={confirm && confirm !== password ? t('account.reset.mismatch') : undefined}
          />
          <Button
            type="submit"
            loading={busy}
            disabled={!password || problems.length > 0 || password !== confirm}
          >
            {t('account.reset.submit')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('account.reset.hint')}
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
