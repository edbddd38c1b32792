// The sync chip's menu: the connection and what waits to be sent (with the Pending changes screen),
// and "Ready for offline". A chunk of its own, loaded once the app has settled or when the chip is
// pressed before that (then it opens at once).
import '@mantine/core/styles/Popover.css';
import { Anchor, Divider, Popover, Stack, Text } from '@mantine/core';
import { cloneElement, type MouseEvent, type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OfflineReadiness } from './offline-readiness';

export default function SyncMenu({
  chip,
  summary,
  defaultOpened,
}: {
  /** The chip itself: the menu's target. */
  chip: ReactElement<{ onClick?: (event: MouseEvent) => void; 'aria-expanded'?: boolean }>;
  /** What the chip says, in full (connection, counts, last sync). */
  summary: ReactElement;
  defaultOpened: boolean;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(defaultOpened);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      withinPortal
      shadow="md"
      width="min(340px, calc(100vw - 24px))"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        {cloneElement(chip, {
          onClick: (event: MouseEvent) => {
            event.preventDefault();
            setOpened((o) => !o);
          },
          'aria-expanded': opened,
        })}
      </Popover.Target>
      <Popover.Dropdown
        data-testid="sync-menu"
        style={{ maxHeight: 'calc(100dvh - 72px)', overflowY: 'auto' }}
      >
        <Stack gap="sm">
          <div>
            <Text size="sm">{summary}</Text>
            <Anchor component={Link} to="/sync" size="sm" onClick={() => setOpened(false)}>
              {t('ready.pendingChanges')}
            </Anchor>
          </div>
          <Divider />
          <OfflineReadiness />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
