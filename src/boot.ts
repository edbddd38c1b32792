// Runs before the app's code has arrived (index.html loads it ahead of the entry; it has no runtime
// imports): it starts the locale file and, for a browser that holds a sign-in, the token request, the
// session's four reads and, on the Clock, the Clock's two reads and its code, so they travel while
// the app downloads on a slow phone network. i18n takes the locale file over (src/i18n/index.ts). The ApiClient takes the answers over as its own (EarlyRequests in
// src/api/api-client.ts: same status handling, token renewal and schema checks); if anything here
// fails, the app simply sends the request again. Paths are repeated here because this file must
// stay free of runtime imports; tests/unit/app/boot.test.ts checks they match the app's.

import type { EarlyRequests } from './api/api-client';

/** The session's reads (SESSION_PATHS of src/app/session.ts). */
export const EARLY_SESSION_PATHS = [
  'Home/identity',
  'auth/permissions',
  'home/permissions',
  'Home/navigation-modules',
];

/** The Clock's reads for the day `date` (src/features/time/api/paths.ts). */
export const earlyClockPaths = (date: string) => ['time-entries/clock-lookups', `time-entries/week/${date}`];

export const API_ROOT = '/api/';
export const SIGNED_IN_KEY = 'apex.signedIn';
export const CLIENT_ID = 'apex-pwa';
/** The locale choice as src/i18n/index.ts reads it (resolveLocale). */
export const LOCALE_KEY = 'apex.locale';
export const LOCALES = ['en_CA', 'en_US'];
/** The first screens' part of the locale file, as src/i18n/first-areas.ts names it (FIRST_LOCALE_PATH). */
export const localeFile = (id: string) => `/resources/locale-${id}-first.json`;
/** index.html names the Clock's chunks here (vite.config.ts), to be preloaded on the Clock. */
export const CLOCK_CHUNKS_META = 'apex-clock-chunks';

export interface EarlyPage extends EarlyRequests {
  /** Static files by URL (the locale file). */
  files: Record<string, Promise<Response | null>>;
}

declare global {
  interface Window {
    apexEarly?: EarlyPage;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The locale file this page will load: the stored choice, the default, or en_US for a bad value. */
export function earlyLocale(storage: Pick<Storage, 'getItem'>): string {
  const stored = storage.getItem(LOCALE_KEY);
  if (stored === null) return LOCALES[0];
  return LOCALES.includes(stored) ? stored : 'en_US';
}

/** Starts the early requests for this page. */
export function startEarlyRequests(
  path: string,
  now: Date,
  storage: Pick<Storage, 'getItem'>,
  fetchImpl: typeof fetch,
): EarlyPage {
  const file = localeFile(earlyLocale(storage));
  const files = { [file]: fetchImpl(file).catch(() => null) };
  if (storage.getItem(SIGNED_IN_KEY) !== '1') {
    // The sign-in page asks whether self sign-up is open (its "Apply" link): asked now, anonymously.
    if (chunksToPreload(path, false) !== SIGN_IN_CHUNKS_META) return { files };
    const url = `${API_ROOT}${SIGN_IN_PATHS[0]}`;
    const divisions = fetchImpl(url, { headers: { Accept: 'application/json' } }).catch(() => null);
    return { files, anonymousGets: { [url]: divisions } };
  }
  const accept = { Accept: 'application/json' };
  const token = fetchImpl(`${API_ROOT}auth/token`, {
    method: 'POST',
    credentials: 'include',
    headers: { ...accept, 'Content-Type': 'application/json' },
    body: JSON.stringify({ clientId: CLIENT_ID }),
  }).catch(() => null);
  const bearer = token.then(async (res) => {
    if (!res?.ok) return null;
    const value: unknown = await res
      .clone()
      .json()
      .catch(() => null);
    return typeof value === 'string' && value ? value : null;
  });
  const paths = [...EARLY_SESSION_PATHS];
  if (path.toLowerCase() === '/time/clock') {
    paths.push(...earlyClockPaths(`${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`));
  }
  const gets: Record<string, Promise<Response | null>> = {};
  for (const p of paths) {
    gets[`${API_ROOT}${p}`] = bearer
      .then((value) =>
        value
          ? fetchImpl(`${API_ROOT}${p}`, {
              method: 'GET',
              credentials: 'include',
              headers: { ...accept, Authorization: `Bearer ${value}` },
            })
          : null,
      )
      .catch(() => null);
  }
  return { token, gets, files };
}

/** What the sign-in page reads without sign-in (src/features/onboarding/applicant/self-sign-up.ts). */
export const SIGN_IN_PATHS = ['onboarding-divisions'];

/** The sign-in screen's chunks, named by index.html like the Clock's. */
export const SIGN_IN_CHUNKS_META = 'apex-sign-in-chunks';

/**
 * Which screen's code to fetch now rather than once the app has started: the Clock for a browser that
 * holds a sign-in and opens it; the sign-in screen for one that holds none (every page but the public
 * sign-up sends it there).
 */
export function chunksToPreload(path: string, signedIn: boolean): string | null {
  const lower = path.toLowerCase();
  if (signedIn) return lower === '/time/clock' ? CLOCK_CHUNKS_META : null;
  return lower.startsWith('/apply') ? null : SIGN_IN_CHUNKS_META;
}

function preloadChunks(doc: Document, metaName: string): void {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${metaName}"]`);
  for (const href of meta?.content.split(' ').filter(Boolean) ?? []) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  }
}

// Only in the built app (tests import this file for its functions).
if (import.meta.env.PROD && typeof window !== 'undefined' && !window.apexEarly) {
  window.apexEarly = startEarlyRequests(location.pathname, new Date(), localStorage, (input, init) =>
    // With no network at all the server is not asked: the request could only fail (a console error).
    !navigator.onLine && String(input).includes('/api/')
      ? Promise.reject(new TypeError('The device is offline.'))
      : fetch(input, init),
  );
  const preload = chunksToPreload(location.pathname, localStorage.getItem(SIGNED_IN_KEY) === '1');
  if (preload) preloadChunks(document, preload);
}
