// Service worker registration and the update flow (workbox-window): a new version waits until the
// user presses "Update"; the page never reloads over unsynced changes without saying so.
// Registration waits for the first screen (the service worker's precache downloads the whole app,
// which must not compete with it); the prompt's UI is a chunk of its own, loaded when an update waits.
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Workbox } from 'workbox-window';
import { whenSettled } from '../lib/idle';

let workbox: Workbox | null = null;
const listeners = new Set<() => void>();
let waiting = false;

/** Registers once `when` resolves (by default once the first screen is up). */
export function registerServiceWorker(when: Promise<unknown> = whenSettled()): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  void when
    .then(() => import('workbox-window'))
    .then(({ Workbox }) => {
      workbox = new Workbox('/sw.js', { scope: '/' });
      workbox.addEventListener('waiting', () => {
        waiting = true;
        for (const l of listeners) l();
      });
      return workbox.register();
    })
    .catch((err: unknown) => console.error('service worker:', err));
}

/** Lets the waiting version take over; the page reloads once it controls it. */
export function activateUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

const UpdatePrompt = lazy(() => import('./pwa-update-prompt'));

export function PwaUpdate({ countUnsent }: { countUnsent: () => Promise<number> }) {
  const [available, setAvailable] = useState(waiting);

  useEffect(() => {
    const l = () => setAvailable(true);
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  }, []);

  if (!available) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt countUnsent={countUnsent} activate={activateUpdate} />
    </Suspense>
  );
}
