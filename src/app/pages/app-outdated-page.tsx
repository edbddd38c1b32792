import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StatusPage } from './status-page';

/**
 * A screen's code could not be loaded: a newer version of the app was published. Reloading loads it;
 * drafts and queued changes live in IndexedDB and survive the reload, so nothing unsynced is lost.
 */
export default function AppOutdatedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('target') ?? '/';
  const target = raw.startsWith('/') && !raw.startsWith('//') ? raw : '/';
  return (
    <StatusPage
      title={t('shell.appOutdated.title')}
      body={t('shell.appOutdated.body')}
      actions={
        <Button onClick={() => window.location.assign(target)} data-target={target}>
          {t('shell.appOutdated.reload')}
        </Button>
      }
    />
  );
}
