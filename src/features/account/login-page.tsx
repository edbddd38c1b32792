import { useDisclosure } from '@mantine/hooks';
import { type FormEvent, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppServices } from '../../app/app-context';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '../../ui/lite';
import { lazyWithTheme } from '../../ui/mantine-provider';
import ApplyLink from '../onboarding/applicant/apply-link';
import { AuthLayout } from './auth-layout';
import { submitLoginForm } from './sign-in';

const ResetRequestModal = lazyWithTheme(() => import('./reset-request-modal'));

export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { session } = useAppServices();
  const returnUrl = params.get('returnUrl') ?? '/';
  const initialError =
    params.get('error') === 'invalid'
      ? t('account.login.invalid')
      : params.get('error') === 'locked'
        ? t('account.login.rateLimited', { minutes: Math.ceil(Number(params.get('retryAfter') || 60) / 60) })
        : null;
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ UserName?: string; Password?: string }>({});
  const [resetOpen, reset] = useDisclosure(false);
  // The dialog's code loads at its first opening and stays mounted after (its closing animation).
  const [resetWanted, setResetWanted] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const errors = {
      UserName: String(data.get('UserName') ?? '').trim() ? undefined : t('account.login.userNameRequired'),
      Password: String(data.get('Password') ?? '') ? undefined : t('account.login.passwordRequired'),
    };
    setFieldErrors(errors);
    if (errors.UserName || errors.Password) return;
    setBusy(true);
    setError(null);
    const result = await submitLoginForm(document);
    setBusy(false);
    if (result.ok) {
      session.markSignedIn();
      navigate(result.returnUrl, { replace: true });
      return;
    }
    setError(
      result.reason === 'invalid'
        ? t('account.login.invalid')
        : result.reason === 'rateLimited'
          ? t('account.login.rateLimited', { minutes: Math.ceil((result.retryAfterSeconds ?? 60) / 60) })
          : result.reason === 'network'
            ? t('account.login.network')
            : t('account.login.failed'),
    );
  }

  return (
    <AuthLayout title={t('account.login.title')}>
      {params.get('reset') === '1' && (
        <Alert color="green" role="status">
          {t('account.reset.done')}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="login-error">
          {error}
        </Alert>
      )}
      <form id="loginForm" method="post" action="/account/login" onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            name="UserName"
            label={t('account.login.userName')}
            autoComplete="username"
            autoCapitalize="none"
            autoFocus
            error={fieldErrors.UserName}
            required
          />
          <PasswordInput
            name="Password"
            label={t('account.login.password')}
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': t('common.showPassword') }}
            error={fieldErrors.Password}
            required
          />
          <input type="hidden" name="returnUrl" value={returnUrl} />
          <Button type="submit" loading={busy} fullWidth style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
            {t('account.login.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" style={{ textAlign: 'center' }}>
        <Anchor
          component="button"
          type="button"
          onClick={() => {
            setResetWanted(true);
            reset.open();
          }}
        >
          {t('account.login.forgot')}
        </Anchor>
      </Text>
      <ApplyLink />
      {resetWanted && (
        <Suspense fallback={null}>
          <ResetRequestModal opened={resetOpen} onClose={reset.close} />
        </Suspense>
      )}
    </AuthLayout>
  );
}
