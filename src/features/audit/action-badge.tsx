// Cells shared by the audit trails (time changes and access changes): the badge naming what happened,
// and who did it (with whoever acted through a proxy sign-in).
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ActionBadge({ color, children }: { color: string | undefined; children: string }) {
  return (
    <Badge color={color ?? 'gray'} variant="light" tt="none" styles={{ label: { overflow: 'visible' } }}>
      {children}
    </Badge>
  );
}

export function ActorCell({ name, proxyBy }: { name: string | null; proxyBy: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      {name ?? '—'}
      {proxyBy && (
        <Text size="xs" c="dimmed">
          {t('audit.proxy', { name: proxyBy })}
        </Text>
      )}
    </>
  );
}
