// The Mantine notifications container with its styles: a chunk of its own (see notify.ts).
// Notifications open below the app header (its height, 56 px without a shell), never over the user's
// name, the sync chip or the menu.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

export const NOTIFICATIONS_TOP = 'calc(var(--app-shell-header-height, 56px) + var(--mantine-spacing-xs))';

export default function NotificationsContainer() {
  return <Notifications position="top-right" top={NOTIFICATIONS_TOP} />;
}
