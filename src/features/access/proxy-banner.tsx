// Shown at the top of every screen while proxying: "Signed in as X on behalf of Y — Return to my
// account". The button posts the proxy sign-out form; the administrator's own session comes back.
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import { useAppServices } from '../../app/app-context';
import { EmployeeIdentity } from '../../contract/access';
import { PROXY_LOGOUT_FORM_ID, submitProxyLogout } from './proxy';

export default function ProxyBanner({
  name,
  proxyEmployeeId,
}: {
  name: string;
  proxyEmployeeId: number | null;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const { session } = useAppServices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const by = useQuery({
    queryKey: ['access', 'identity', proxyEmployeeId],
    queryFn: ({ signal }) =>
      api.get(`Home/employee-identity/${proxyEmployeeId}`, { signal, schema: EmployeeIdentity }),
    enabled: proxyEmployeeId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Alert
      color="orange"
      variant="filled"
      radius={0}
      mx="calc(var(--app-shell-padding) * -1)"
      mt="calc(var(--app-shell-padding) * -1)"
      mb="md"
      icon={<IconUserShield size={20} />}
      data-testid="proxy-banner"
      role="status"
    >
      <form
        id={PROXY_LOGOUT_FORM_ID}
        method="post"
        action="/account/proxy/logout"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setError(null);
          const result = await submitProxyLogout();
          if (!result.ok) {
            setBusy(false);
            setError(result.message);
            return;
          }
          // Another user's session: nothing of the proxied user's may stay in this page.
          session.expire();
          window.location.assign(result.returnUrl);
        }}
      >
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" fw={500}>
            {t('access.proxy.banner', { name, by: by.data?.FullName ?? t('access.proxy.administrator') })}
          </Text>
          <Button type="submit" size="xs" variant="white" color="orange" loading={busy}>
            {t('access.proxy.return')}
          </Button>
        </Group>
        {error && (
          <Text size="sm" mt={4}>
            {error}
          </Text>
        )}
      </form>
    </Alert>
  );
}
