import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AUTHORIZATION_FAILED_MESSAGE } from '../guard';
import { StatusPage } from './status-page';

export default function NavigationFailedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // The guard's message is the spec's exact text; it is shown as given.
  const message = params.get('message') ?? AUTHORIZATION_FAILED_MESSAGE;
  return (
    <StatusPage
      title={t('shell.navigationFailed.title')}
      body={<span data-testid="navigation-failed-message">{message}</span>}
      actions={<Button onClick={() => window.history.back()}>{t('shell.navigationFailed.back')}</Button>}
    />
  );
}
