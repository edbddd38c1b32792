// Mantine notifications on demand: the notifications package (and its container) is not part of the
// first screen. `notify` loads it and shows the message; the container is mounted by
// <NotificationsHost> once the app has settled or as soon as something is to be shown.
import type { NotificationData } from '@mantine/notifications';

type Listener = () => void;

let wanted = false;
const listeners = new Set<Listener>();

/** Asks for the notifications container to be mounted (idempotent). */
export function requestNotifications(): void {
  if (wanted) return;
  wanted = true;
  for (const l of [...listeners]) l();
}

export function notificationsWanted(): boolean {
  return wanted;
}

export function subscribeNotifications(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a Mantine notification (loading the package first when needed). */
export function notify(data: NotificationData): Promise<string> {
  requestNotifications();
  return import('@mantine/notifications').then(({ notifications }) => notifications.show(data));
}
