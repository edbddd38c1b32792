// The translation areas the first screens need (the shell, the Clock, sign-in and the status pages,
// and what appears on them once the app has settled: the sync chip's menu, the user menu, the legal
// notice gate, offline banners). They come as a small file of their own
// (resources/locale-<id>-first.json, scripts/build-locales.ts) that the page loads first; the whole
// file follows once the first screen is up, and every other screen waits for it (src/app/routes.tsx).
// A key of another area used on a first screen shows '-' until the whole file has arrived, then its
// text (the screen re-renders): add its area here.
export const FIRST_AREAS = [
  'account',
  'api',
  'common',
  'nav',
  'notices',
  'offline',
  // The sign-in page's "Apply" link.
  'onboarding-applicant',
  'preferences',
  'ready',
  'shell',
  'sync',
  'time',
  'ui',
] as const;

/** The first screens' part of a locale file, `{{lng}}` for the locale id. */
export const FIRST_LOCALE_PATH = '/resources/locale-{{lng}}-first.json';
/** The whole locale file. */
export const LOCALE_PATH = '/resources/locale-{{lng}}.json';
