// The locale loader of the PWA (src/i18n/index.ts): one file per locale, the file src/boot.ts started
// taken over, a failed file leaving the translations empty, another locale loaded on a change.
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../src/i18n/index';

const files: Record<string, Record<string, string>> = {
  '/resources/locale-en_CA.json': { 'clock.in': 'Clock in', greeting: 'Hello, {{name}}' },
  '/resources/locale-en_US.json': { 'clock.in': 'Punch in' },
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
});
