// The app shell: a collapsible sidebar of the navigation modules the user may open, and a header with
// the user's name, the locale switch and sign-out. Phone: the sidebar is a drawer behind the burger.
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { useConnection } from '../api/connection';
import { SyncChip } from '../features/sync/sync-chip';
import { isLocaleId, LOCALES, storeLocale } from '../i18n';
import { useSettled } from '../lib/idle';
import { offlineStoreNow } from '../offline/store';
import {
  ActionIcon,
  Alert,
  AppShell,
  AppShellSection,
  Burger,
  Group,
  LoadingBar,
  NativeSelect,
  rem,
  Text,
  UnstyledButton,
} from '../ui/lite';
import { lazyWithTheme } from '../ui/mantine-provider';
import { useAppServices, useSessionData, useSyncEngine } from './app-context';
import { PwaUpdate } from './pwa-update';
import type { Session } from './session';
import { UserButtonLabel } from './user-button';

const LegalNoticeGate = lazy(() => import('../features/notices/legal-notice-gate'));

// Not part of the first screen: loaded once the app has settled, or when first needed.
const SidebarNav = lazyWithTheme(() => import('./sidebar-nav'));
const UserMenu = lazyWithTheme(() => import('./user-menu'));
const SignOutWarning = lazyWithTheme(() => import('./sign-out-warning'));
// Only while proxying: "Signed in as X on behalf of Y — Return to my account".
const ProxyBanner = lazyWithTheme(() => import('../features/access/proxy-banner'));

/** Every change of the user still in the outbox (waiting, refused or in conflict). */
async function countUnsent(userId: string): Promise<number> {
  return (await (await offlineStoreNow()).listOutbox(userId)).length;
}

export function Shell(_props: { session: Session }) {
  const { t, i18n } = useTranslation();
  const data = useSessionData();
  const { signOut } = useAppServices();
  const navigation = useNavigation();
  const location = useLocation();
  const [mobileOpen, mobile] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'apex.sidebarCollapsed', defaultValue: false });
  // Icons only is a desktop choice: the drawer of a phone or tablet always shows the names. Read at
  // once (not after a first render as a desktop), so a phone's first screen neither loads the sidebar's
  // entries nor leaves its closed drawer out of `inert`.
  const desktop = useMediaQuery('(min-width: 75em)', undefined, { getInitialValueInEffect: false });
  const narrow = collapsed && desktop;

  // Close the phone drawer after a navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each location change only
  useEffect(() => mobile.close(), [location.pathname]);

  const modules = data?.navigation ?? [];
  const name = data?.identity.FullName ?? '';
  const userId = data ? String(data.identity.EmployeeID) : null;
  const engine = useSyncEngine();
  const network = useConnection();
  const matches = useMatches();
  const onlineOnly = matches.some((m) => (m.handle as { onlineOnly?: boolean } | undefined)?.onlineOnly);
  const [unsentOnSignOut, setUnsentOnSignOut] = useState<number | null>(null);
  const settled = useSettled();
  // The sidebar's entries are not part of a phone's first screen (a closed drawer there): they load once
  // the app has settled or the drawer opens; on a desktop, where the sidebar shows at once, right away.
  const navShown = desktop || settled || mobileOpen;
  // The user pressed the user button before the menu's chunk was there: it opens once loaded.
  const [menuWanted, setMenuWanted] = useState(false);

  async function requestSignOut() {
    const n = userId ? await countUnsent(userId) : 0;
    if (n > 0) setUnsentOnSignOut(n);
    else await signOut();
  }

  const userButton = (
    <UnstyledButton
      aria-label={t('shell.userMenu')}
      aria-haspopup="menu"
      data-testid="user-menu"
      onClick={() => setMenuWanted(true)}
    >
      <UserButtonLabel name={name} />
    </UnstyledButton>
  );

  return (
    <AppShell
      // Dialogs and notices of the shell, after the main content (not in it).
      after={
        <>
          {/* Notices to acknowledge open once the screen is up (its chunk is not part of it). */}
          {userId && settled && (
            <Suspense fallback={null}>
              <LegalNoticeGate userId={userId} />
            </Suspense>
          )}
          <PwaUpdate countUnsent={() => (userId ? countUnsent(userId) : Promise.resolve(0))} />
          {unsentOnSignOut !== null && (
            <Suspense fallback={null}>
              <SignOutWarning
                unsent={unsentOnSignOut}
                onStay={() => setUnsentOnSignOut(null)}
                onSignOut={() => void signOut()}
              />
            </Suspense>
          )}
        </>
      }
      // Below desktop width (tablets too) the sidebar is a drawer behind the burger.
      navbarWidth={narrow ? 68 : 248}
      drawerOpened={mobileOpen}
      header={
        <>
          {navigation.state === 'loading' && (
            <LoadingBar
              label={t('common.loading')}
              style={{ position: 'absolute', top: 0, left: 0, right: 0 }}
            />
          )}
          <Group
            justify="space-between"
            wrap="nowrap"
            style={{ height: '100%', paddingInline: 'var(--mantine-spacing-md)' }}
          >
            <Group gap="xs" wrap="nowrap">
              <Burger
                opened={mobileOpen}
                onClick={mobile.toggle}
                className="mantine-hidden-from-lg"
                size="sm"
                aria-label={t('shell.menu')}
              />
              <Text component={Link} to="/" fw={700} size="lg" c="blue.7" style={{ textDecoration: 'none' }}>
                {t('common.appName')}
              </Text>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <SyncChip engine={engine} />
              <NativeSelect
                aria-label={t('shell.locale')}
                data={LOCALES.map((id) => ({ value: id, label: t(`shell.locales.${id}`) }))}
                value={isLocaleId(i18n.language) ? i18n.language : LOCALES[0]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  if (!isLocaleId(value)) return;
                  storeLocale(value);
                  void i18n.changeLanguage(value);
                }}
                className="apex-locale-select"
                size="xs"
              />
              {settled || menuWanted ? (
                <Suspense fallback={userButton}>
                  <UserMenu
                    name={name}
                    isProxy={!!data?.identity.IsProxy}
                    defaultOpened={menuWanted}
                    onSignOut={() => void requestSignOut()}
                  />
                </Suspense>
              ) : (
                userButton
              )}
            </Group>
          </Group>
        </>
      }
      // As a drawer (below desktop width) it covers a phone, but only a side of a tablet.
      navbar={{
        'aria-label': t('shell.navigation'),
        // The closed drawer is only moved off screen: out of the Tab order and the reading order too.
        inert: !desktop && !mobileOpen,
        children: (
          <>
            <AppShellSection grow style={{ overflowY: 'auto' }}>
              {navShown && (
                <Suspense fallback={null}>
                  <SidebarNav modules={modules} pathname={location.pathname} narrow={narrow} />
                </Suspense>
              )}
            </AppShellSection>
            <AppShellSection desktopOnly>
              <ActionIcon
                variant="subtle"
                onClick={() => setCollapsed(!collapsed)}
                aria-label={collapsed ? t('shell.expand') : t('shell.collapse')}
                size="lg"
              >
                {collapsed ? (
                  <IconLayoutSidebarLeftExpand size={20} />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={20} />
                )}
              </ActionIcon>
            </AppShellSection>
          </>
        ),
      }}
    >
      {data?.identity.IsProxy && (
        <Suspense fallback={null}>
          <ProxyBanner name={name} proxyEmployeeId={data.identity.ProxyEmployeeID} />
        </Suspense>
      )}
      {onlineOnly && !network.online ? (
        <Alert
          color="gray"
          title={t('sync.onlineOnly.title')}
          style={{ maxWidth: rem(640) }}
          data-testid="online-only"
        >
          {t('sync.onlineOnly.body')}
        </Alert>
      ) : (
        <Outlet />
      )}
    </AppShell>
  );
}
