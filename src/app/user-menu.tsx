// The header's user menu (settings, sign-out): a chunk of its own, loaded once the app has settled or
// when the user button is pressed before that (then it opens at once).
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import { Menu, UnstyledButton } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserButtonLabel } from './user-button';

export default function UserMenu({
  name,
  isProxy,
  defaultOpened,
  onSignOut,
}: {
  name: string;
  isProxy: boolean;
  defaultOpened: boolean;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <UnstyledButton aria-label={t('shell.userMenu')} data-testid="user-menu">
          <UserButtonLabel name={name} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        {isProxy && <Menu.Label>{t('shell.proxy')}</Menu.Label>}
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          {t('nav.settings')}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onSignOut}>
          {t('shell.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
