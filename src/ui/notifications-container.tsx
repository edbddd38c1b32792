// The Mantine notifications container with its styles: a chunk of its own (see notify.ts).
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

export default function NotificationsContainer() {
  return <Notifications position="top-right" />;
}
