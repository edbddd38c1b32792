// The locale loader of the PWA (src/i18n/index.ts): one file per locale, the file src/boot.ts started
// taken over, a failed file leaving the translations empty, another locale loaded on a change.
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../src/i18n/index';

const files: Record<string, Record<string, unknown>> = {
  '/resources/locale-en_CA.json': { 'clock.in': 'Clock in', greeting: 'Hello, {{name}}' },
  '/resources/locale-en_US.json': { 'clock.in': 'Punch in' },
  // A first part and its whole file, by area.
  '/first/en_CA.json': { time: { in: 'Clock in' } },
  '/whole/en_CA.json': { time: { in: 'Clock in' }, payroll: { title: 'Payroll' } },
  '/first/en_US.json': { time: { in: 'Punch in' } },
  '/whole/en_US.json': { time: { in: 'Punch in' }, payroll: { title: 'Payroll (US)' } },
};

function fakeFetch(status: (url: string) => number = () => 200) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const code = status(url);
    return new Response(code === 200 ? JSON.stringify(files[url] ?? {}) : 'no', { status: code });
  });
}

describe('locale files', () => {
  it('loads the locale file and translates with it', async () => {
    const fetchMock = fakeFetch();
    vi.stubGlobal('fetch', fetchMock);
    try {
      const i18n = await createI18n({ locale: 'en_CA' }).ready;
      expect(i18n.t('clock.in')).toBe('Clock in');
      expect(i18n.t('greeting', { name: 'Sam' })).toBe('Hello, Sam');
      expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(['/resources/locale-en_CA.json']);
      // Another locale's file is loaded when the user picks it.
      await i18n.changeLanguage('en_US');
      expect(i18n.t('clock.in')).toBe('Punch in');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('takes over the file src/boot.ts started instead of asking again', async () => {
    const fetchMock = fakeFetch();
    vi.stubGlobal('fetch', fetchMock);
    try {
      const early = {
        '/resources/locale-en_CA.json': Promise.resolve(
          new Response(JSON.stringify({ 'clock.in': 'Clock in (early)' }), { status: 200 }),
        ),
      };
      const i18n = await createI18n({ locale: 'en_CA', early }).ready;
      expect(i18n.t('clock.in')).toBe('Clock in (early)');
      expect(fetchMock).not.toHaveBeenCalled();
      expect(early).toEqual({});
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('asks again when the early file failed', async () => {
    const fetchMock = fakeFetch();
    vi.stubGlobal('fetch', fetchMock);
    try {
      const early = { '/resources/locale-en_CA.json': Promise.resolve(null) };
      const i18n = await createI18n({ locale: 'en_CA', early }).ready;
      expect(i18n.t('clock.in')).toBe('Clock in');
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a missing file leaves the translations empty: keys show "-"', async () => {
    const fetchMock = fakeFetch(() => 404);
    vi.stubGlobal('fetch', fetchMock);
    try {
      const i18n = await createI18n({ locale: 'en_CA' }).ready;
      expect(i18n.t('clock.in')).toBe('-');
      // A 404 is not asked for again.
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('with a first part: that part first, the whole file once complete() is called', async () => {
    let wholeStatus = 404;
    const fetchMock = fakeFetch((url) => (url.startsWith('/whole/') ? wholeStatus : 200));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const { ready, complete } = createI18n({
        locale: 'en_CA',
        loadPath: '/whole/{{lng}}.json',
        firstPath: '/first/{{lng}}.json',
      });
      const i18n = await ready;
      const loaded = vi.fn();
      i18n.on('loaded', loaded);
      expect(i18n.t('time.in')).toBe('Clock in');
      expect(i18n.t('payroll.title')).toBe('-');
      expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(['/first/en_CA.json']);

      // The whole file fails: the first part stays in use, and the next call asks again.
      await complete();
      expect(i18n.t('time.in')).toBe('Clock in');
      expect(i18n.t('payroll.title')).toBe('-');
      wholeStatus = 200;
      await complete();
      expect(i18n.t('payroll.title')).toBe('Payroll');
      expect(i18n.t('time.in')).toBe('Clock in');
      // Screens hear of it (react-i18next re-renders on 'loaded').
      expect(loaded).toHaveBeenCalled();
      const asked = fetchMock.mock.calls.length;
      await complete();
      expect(fetchMock.mock.calls.length).toBe(asked);

      // From then on, another language comes whole.
      await i18n.changeLanguage('en_US');
      expect(i18n.t('payroll.title')).toBe('Payroll (US)');
      expect(fetchMock.mock.calls.map((c) => String(c[0]))).not.toContain('/first/en_US.json');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
