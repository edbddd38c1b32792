import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from './status-page';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code="404"
      title={t('shell.notFound.title')}
      body={t('shell.notFound.body')}
      actions={
        <Button component={Link} to="/">
          {t('shell.goHome')}
        </Button>
      }
    />
  );
}
