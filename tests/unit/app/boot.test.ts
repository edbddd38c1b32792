import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_API_ROOT, DEFAULT_CLIENT_ID } from '../../../src/api/api-client';
import { SESSION_PATHS, SIGNED_IN_KEY } from '../../../src/app/session';
import {
  API_ROOT,
  SIGNED_IN_KEY as BOOT_KEY,
  CLIENT_ID,
  chunksToPreload,
  EARLY_SESSION_PATHS,
  earlyClockPaths,
  earlyLocale,
  localeFile,
  SIGN_IN_PATHS,
  startEarlyRequests,
} from '../../../src/boot';
import { SELF_SIGN_UP_DIVISIONS_PATH } from '../../../src/features/onboarding/applicant/self-sign-up';
import { CLOCK_LOOKUPS_PATH, weekPath } from '../../../src/features/time/api/paths';
import { resolveLocale } from '../../../src/i18n';
import { FIRST_LOCALE_PATH } from '../../../src/i18n/first-areas';

const storage = (signedIn: boolean) => ({
  getItem: (k: string) => (signedIn && k === SIGNED_IN_KEY ? '1' : null),
});

describe('early requests (src/boot.ts)', () => {
  it('names the same paths, key, root and client as the app', () => {
    expect(EARLY_SESSION_PATHS).toEqual(Object.values(SESSION_PATHS));
    expect(earlyClockPaths('2026-11-25')).toEqual([CLOCK_LOOKUPS_PATH, weekPath('2026-11-25')]);
    expect(BOOT_KEY).toBe(SIGNED_IN_KEY);
    expect(API_ROOT).toBe(DEFAULT_API_ROOT);
    expect(CLIENT_ID).toBe(DEFAULT_CLIENT_ID);
    expect(localeFile('en_US')).toBe(FIRST_LOCALE_PATH.replace('{{lng}}', 'en_US'));
    expect(SIGN_IN_PATHS).toEqual([SELF_SIGN_UP_DIVISIONS_PATH]);
  });

  it('fetches the locale file and the sign-in page’s read for a browser that holds no sign-in', () => {
    const fetchImpl = vi.fn(async () => new Response('{}'));
    const early = startEarlyRequests('/time/clock', new Date(), storage(false), fetchImpl);
    expect(Object.keys(early.files)).toEqual(['/resources/locale-en_CA-first.json']);
    expect(early.token).toBeUndefined();
    expect(early.gets).toBeUndefined();
    expect(Object.keys(early.anonymousGets ?? {})).toEqual(['/api/onboarding-divisions']);
    // Sent without credentials or a token.
    const [, init] = fetchImpl.mock.calls[1] as unknown as [string, RequestInit];
    expect(init.credentials).toBeUndefined();
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    // The public sign-up page does not show the sign-in page: only the locale file.
    const apply = vi.fn(async () => new Response('{}'));
    expect(startEarlyRequests('/apply', new Date(), storage(false), apply).anonymousGets).toBeUndefined();
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('picks the locale file i18n will load', () => {
    for (const stored of [null, 'en_US', 'en_CA', 'fr_FR', '']) {
      const store = { getItem: () => stored };
      expect(earlyLocale(store)).toBe(resolveLocale(() => stored));
    }
  });

  it('asks for the token, then the session reads and, on the Clock, the day’s Clock reads with it', async () => {
    const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) =>
      String(url).endsWith('auth/token') || String(url).endsWith('.json')
        ? new Response(JSON.stringify('tok'), { status: 200 })
        : new Response(
            JSON.stringify({ url: String(url), auth: new Headers(init?.headers).get('Authorization') }),
          ),
    );
    const early = startEarlyRequests('/Time/Clock', new Date(2026, 10, 5, 23, 59), storage(true), fetchImpl);
    expect(Object.keys(early?.gets ?? {})).toEqual([
      ...EARLY_SESSION_PATHS.map((p) => `/api/${p}`),
      '/api/time-entries/clock-lookups',
      '/api/time-entries/week/2026-11-05',
    ]);
    const week = await early?.gets?.['/api/time-entries/week/2026-11-05'];
    expect(await week?.json()).toEqual({ url: '/api/time-entries/week/2026-11-05', auth: 'Bearer tok' });
    // The token answer is still readable by the ApiClient that takes it over.
    expect(await (await early?.token)?.json()).toBe('tok');
    const [, tokenInit] = fetchImpl.mock.calls.find(([url]) => String(url).endsWith('auth/token'))!;
    expect(tokenInit?.credentials).toBe('include');
    expect(JSON.parse(String(tokenInit?.body))).toEqual({ clientId: 'apex-pwa' });
  });

  it('gives null answers when the token cannot be had (the app then asks itself)', async () => {
    const fetchImpl = vi.fn(async () => new Response('{}', { status: 401 }));
    const early = startEarlyRequests('/', new Date(), storage(true), fetchImpl);
    expect(Object.keys(early?.gets ?? {})).toHaveLength(4);
    expect(await early?.gets?.['/api/Home/identity']).toBeNull();
    expect(fetchImpl).toHaveBeenCalledTimes(2); // the locale file and the token
  });

  it('fetches the code of the screen the page will show: the Clock, or sign-in', () => {
    expect(chunksToPreload('/time/clock', true)).toBe('apex-clock-chunks');
    expect(chunksToPreload('/Time/Clock', true)).toBe('apex-clock-chunks');
    expect(chunksToPreload('/', true)).toBeNull();
    // No sign-in held: every page but the public sign-up sends the browser to sign in.
    expect(chunksToPreload('/account/login', false)).toBe('apex-sign-in-chunks');
    expect(chunksToPreload('/time/clock', false)).toBe('apex-sign-in-chunks');
    expect(chunksToPreload('/apply', false)).toBeNull();
  });
});
