import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/errors';
import { ResetPasswordQuery } from '../../contract/auth';

/** Asks for a reset link (POST home/reset-password with userName and emailAddress as query). */
export function ResetRequestForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = ResetPasswordQuery.safeParse({
      userName: data.get('userName'),
      emailAddress: data.get('emailAddress'),
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        next[String(issue.path[0])] = t(`account.reset.invalid.${String(issue.path[0])}`);
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    setError(null);
    try {
      const res = await api.post<{ Message: string }>('home/reset-password', undefined, {
        query: parsed.data,
        anonymous: true,
      });
      setSent(res.Message);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <Stack>
        <Text>{t('account.reset.sent')}</Text>
        <Button onClick={onDone}>{t('common.close')}</Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {error && <Alert color="red">{error}</Alert>}
        <TextInput
          name="userName"
          label={t('account.login.userName')}
          error={errors.userName}
          autoComplete="username"
        />
        <TextInput
          name="emailAddress"
          type="email"
          label={t('account.reset.email')}
          error={errors.emailAddress}
          autoComplete="email"
        />
        <Button type="submit" loading={busy}>
          {t('account.reset.send')}
        </Button>
      </Stack>
    </form>
  );
}
