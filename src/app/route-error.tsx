// The error element of the route tree. A screen chunk that fails to load (a new version was deployed
// and the old chunks are gone) goes to appOutdated carrying the target; anything else shows a message.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useRouteError } from 'react-router';
import { reportError } from '../api/report-error';
import { Button, Container, Stack, Text, Title } from '../ui/lite';

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Failed to fetch dynamically|error loading dynamically imported/i.test(
    message,
  );
}

export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const { t } = useTranslation();
  useEffect(() => {
    if (!isChunkLoadError(error)) {
      console.error('route error:', error, (error as Error)?.stack);
      void reportError(error);
    }
  }, [error]);
  if (isChunkLoadError(error)) {
    const target = location.pathname + location.search;
    return <Navigate to={`/app-outdated?target=${encodeURIComponent(target)}`} replace />;
  }
  return (
    <Container size="sm" style={{ paddingBlock: 'var(--mantine-spacing-xl)' }}>
      <Stack>
        <Title order={2}>{t('shell.error.title')}</Title>
        <Text>{t('shell.error.body')}</Text>
        <Button onClick={() => window.location.reload()} style={{ width: 'fit-content' }}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Container>
  );
}
