// Service worker registration and the update flow (workbox-window): a new version waits until the
// user presses "Update"; the page never reloads over unsynced changes without saying so.
// Registration waits for the first screen (the service worker's precache downloads the whole app,
// which must not compete with it) and is the browser's own call, so the sign-in page (which can be
// installed and works offline from then on) loads no code for it. The update flow matters only in the
// signed-in shell, where the prompt shows: workbox-window loads there, once the screen has settled,
// and attaches to the same registration (a version already waiting is announced at once). The
// prompt's UI is a chunk of its own, loaded when an update waits.
import { Suspense, useEffect, useState } from 'react';
import type { Workbox } from 'workbox-window';
import { whenSettled } from '../lib/idle';
import { lazyWithTheme } from '../ui/mantine-provider';

const SW_URL = '/sw.js';

let workbox: Workbox | null = null;
let watching = false;
const listeners = new Set<() => void>();
let waiting = false;

function swSupported(): boolean {
  return 'serviceWorker' in navigator && !import.meta.env.DEV;
}

/** Registers the service worker once `when` resolves (by default once the first screen is up). */
export function registerServiceWorker(when: Promise<unknown> = whenSettled()): void {
  if (!swSupported()) return;
  void when
    .then(() => navigator.serviceWorker.register(SW_URL, { scope: '/' }))
    .catch((err: unknown) => console.error('service worker:', err));
}

/** Follows new versions of the app (once per page): PwaUpdate starts it in the signed-in shell. */
function watchForUpdates(): void {
  if (watching || !swSupported()) return;
  watching = true;
  void import('workbox-window')
    .then(({ Workbox }) => {
      workbox = new Workbox(SW_URL, { scope: '/' });
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

const UpdatePrompt = lazyWithTheme(() => import('./pwa-update-prompt'));

export function PwaUpdate({ countUnsent }: { countUnsent: () => Promise<number> }) {
  const [available, setAvailable] = useState(waiting);

  useEffect(() => {
    void whenSettled().then(watchForUpdates);
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
