// The Mantine notifications container with its styles: a chunk of its own (see notify.ts).
// Notifications open below the app header (its height, 56 px without a shell), never over the user's
// name, the sync chip or the menu. Only the top containers move: Mantine draws one container per
// position, and a `top` on all of them would stretch the bottom ones over the page.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

export const NOTIFICATIONS_TOP = 'calc(var(--app-shell-header-height, 56px) + var(--mantine-spacing-xs))';

const BELOW_HEADER = `.mantine-Notifications-root[data-position^='top']{top:${NOTIFICATIONS_TOP}}`;

export default function NotificationsContainer() {
  return (
    <>
      <style>{BELOW_HEADER}</style>
      <Notifications position="top-right" />
    </>
  );
}
