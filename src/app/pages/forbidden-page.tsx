import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppServices } from '../app-context';
import { StatusPage } from './status-page';

export default function ForbiddenPage() {
  const { t } = useTranslation();
  const { session, signOut } = useAppServices();
  return (
    <StatusPage
      code="403"
      title={t('shell.forbidden.title')}
      body={t('shell.forbidden.body')}
      actions={
        <>
          <Button component={Link} to="/">
            {t('shell.goHome')}
          </Button>
          {session.signedIn && (
            <Button variant="default" onClick={() => void signOut()}>
              {t('shell.signOut')}
            </Button>
          )}
        </>
      }
    />
  );
}
