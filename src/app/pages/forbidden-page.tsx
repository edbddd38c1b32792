import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppServices, useSessionData } from '../app-context';
import { landingUrl } from '../landing';
import { StatusPage } from './status-page';

export default function ForbiddenPage() {
  const { t } = useTranslation();
  const { session, signOut } = useAppServices();
  const data = useSessionData();
  // "Home" is where this user may go (an applicant: their application), never back to this page; a
  // user not loaded yet goes to '/', whose guard sends them on.
  const home = data ? landingUrl(data) : '/';
  return (
    <StatusPage
      code="403"
      title={t('shell.forbidden.title')}
      body={t('shell.forbidden.body')}
      actions={
        <>
          {home && (
            <Button component={Link} to={home}>
              {t('shell.goHome')}
            </Button>
          )}
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
