// Mounts the notifications container once it is wanted (see notify.ts): after the first screen, or
// at the first notification. Messages shown before that wait in Mantine's store and appear with it.
import { Suspense, useSyncExternalStore } from 'react';
import { lazyWithTheme } from './mantine-provider';
import { notificationsWanted, subscribeNotifications } from './notify';

const NotificationsContainer = lazyWithTheme(() => import('./notifications-container'));

export function NotificationsHost() {
  const wanted = useSyncExternalStore(subscribeNotifications, notificationsWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}
