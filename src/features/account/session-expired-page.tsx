import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from './auth-layout';

export default function SessionExpiredPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const returnUrl = params.get('returnUrl') ?? '/';
  return (
    <AuthLayout title={t('account.sessionExpired.title')}>
      <Text>{t('account.sessionExpired.body')}</Text>
      <Button component={Link} to={`/account/login?returnUrl=${encodeURIComponent(returnUrl)}`}>
        {t('account.sessionExpired.signIn')}
      </Button>
    </AuthLayout>
  );
}
