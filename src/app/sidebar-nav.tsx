// The sidebar's entries: the navigation modules the user may open, by group, each with its icon. A chunk
// of its own (with the icons, some 10 KB gzip together): on a phone or tablet the sidebar is a closed
// drawer on the first screen, so the shell loads this once the app has settled or the drawer opens; on a
// desktop, where the sidebar shows at once, right away (src/app/shell.tsx).
import { NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NavigationModule } from '../contract/navigation';
import { Hint } from '../ui/hint';
import { IconPoint, NAV_ICONS } from './nav-icons';

const GROUP_ORDER = ['general', 'field', 'office', 'admin'];

export function groupNavigation(modules: NavigationModule[]): [string, NavigationModule[]][] {
  const groups = new Map<string, NavigationModule[]>();
  for (const m of modules) groups.set(m.Group, [...(groups.get(m.Group) ?? []), m]);
  return [...groups.entries()].sort(
    ([a], [b]) => (GROUP_ORDER.indexOf(a) + 1 || 99) - (GROUP_ORDER.indexOf(b) + 1 || 99),
  );
}

/**
 * The Url of the entry the sidebar marks as current: the longest module Url the path lies under (segment by
 * segment, case-insensitively), so /leads/manage marks "Lead groups" and not also "Leads map".
 */
export function activeNavigationUrl(modules: NavigationModule[], pathname: string): string | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  let best: string | undefined;
  for (const { Url } of modules) {
    const url = Url.toLowerCase().replace(/\/+$/, '') || '/';
    const under = url === '/' ? path === '/' : path === url || path.startsWith(`${url}/`);
    if (under && (best === undefined || url.length > best.length)) best = Url;
  }
  return best;
}

export interface SidebarNavProps {
  modules: NavigationModule[];
  pathname: string;
  /** Icons only (a collapsed desktop sidebar): each name shows as a tooltip. */
  narrow: boolean;
}

export default function SidebarNav({ modules, pathname, narrow }: SidebarNavProps) {
  const { t } = useTranslation();
  const activeUrl = activeNavigationUrl(modules, pathname);
  return (
    <Stack gap={4}>
      {groupNavigation(modules).map(([group, items]) => (
        <Stack key={group} gap={2}>
          {!narrow && (
            <Text size="xs" c="dimmed" tt="uppercase" fw={700} px="sm" pt="xs">
              {t(`nav.groups.${group}`)}
            </Text>
          )}
          {items.map((m) => {
            const Icon = NAV_ICONS[m.Icon] ?? IconPoint;
            const label = t(`nav.${m.State}`);
            const link = (
              <NavLink
                key={m.State}
                component={Link}
                to={m.Url}
                label={narrow ? undefined : label}
                aria-label={label}
                leftSection={<Icon size={20} stroke={1.6} />}
                active={m.Url === activeUrl}
                data-state={m.State}
              />
            );
            return narrow ? (
              <Hint key={m.State} label={label} title={label} position="right">
                {link}
              </Hint>
            ) : (
              link
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}
