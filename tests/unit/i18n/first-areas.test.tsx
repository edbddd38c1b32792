// The first screens' part of the translations (src/i18n/first-areas.ts): every key those screens ask
// for directly is in it, and a screen shows the whole file's texts once it has replaced the part.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_AREAS } from '../../../src/i18n/first-areas';
import { createI18n } from '../../../src/i18n/index';

const root = join(import.meta.dirname, '..', '..', '..');

/** What the first screens are drawn with: the shell, the Clock, sign-in, status pages and their menus. */
const FIRST_SCREEN_SOURCES = [
  'src/main.tsx',
  'src/app',
  'src/ui',
  'src/api',
  'src/offline',
  'src/features/time',
  'src/features/sync/sync-chip.tsx',
  'src/features/sync/sync-menu.tsx',
  'src/features/sync/offline-readiness.tsx',
  'src/features/account',
  'src/features/notices/legal-notice-gate.tsx',
  'src/features/notices/legal-notice-dialog.tsx',
  'src/features/onboarding/applicant/apply-link.tsx',
  'src/features/onboarding/applicant/self-sign-up.ts',
];

function files(path: string): string[] {
  const full = join(root, path);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((f) => join(full, f))
    .filter((f) => /\.tsx?$/.test(f) && statSync(f).isFile());
}

describe('the first part of the translations', () => {
  it('holds the area of every key the first screens translate', () => {
    const areas = new Set(
      readdirSync(join(root, 'src/i18n/locales/en_CA')).map((f) => f.replace(/\.json$/, '')),
    );
    const missing: string[] = [];
    for (const file of FIRST_SCREEN_SOURCES.flatMap(files)) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/\bt\(\s*['"`]([a-z-]+)\./g)) {
        const area = m[1];
        if (areas.has(area) && !(FIRST_AREAS as readonly string[]).includes(area))
          missing.push(`${relative(root, file)}: ${area}`);
      }
    }
    expect(missing).toEqual([]);
    for (const area of FIRST_AREAS) expect(areas.has(area), area).toBe(true);
  });
});

/** Translations served as a first part (the Clock's area) and a whole file (payroll's too). */
async function firstThenWhole() {
  const served: Record<string, unknown> = {
    '/first/en_CA.json': { time: { in: 'Clock in' } },
    '/whole/en_CA.json': { time: { in: 'Clock in' }, payroll: { title: 'Payroll' } },
  };
  vi.stubGlobal(
    'fetch',
    async (input: RequestInfo | URL) => new Response(JSON.stringify(served[String(input)])),
  );
  const { instance, ready, complete } = createI18n({
    locale: 'en_CA',
    loadPath: '/whole/{{lng}}.json',
    firstPath: '/first/{{lng}}.json',
  });
  await ready;
  return { instance, complete };
}

describe('a screen drawn before the whole file arrives', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the texts of the whole file once it is in use', async () => {
    const { instance, complete } = await firstThenWhole();
    function Title() {
      const { t } = useTranslation();
      return (
        <p>
          {t('time.in')} / {t('payroll.title')}
        </p>
      );
    }
    render(
      <I18nextProvider i18n={instance}>
        <Title />
      </I18nextProvider>,
    );
    expect(screen.getByText('Clock in / -')).toBeTruthy();
    await act(() => complete());
    expect(screen.getByText('Clock in / Payroll')).toBeTruthy();
  });

  it('does not redraw a screen that showed no missing key', async () => {
    const { instance, complete } = await firstThenWhole();
    let renders = 0;
    function Button() {
      const { t } = useTranslation();
      renders += 1;
      return <p>{t('time.in')}</p>;
    }
    render(
      <I18nextProvider i18n={instance}>
        <Button />
      </I18nextProvider>,
    );
    expect(screen.getByText('Clock in')).toBeTruthy();
    const before = renders;
    await act(() => complete());
    // The whole file is in use (a key of another area now translates) without a redraw.
    expect(instance.t('payroll.title')).toBe('Payroll');
    expect(renders).toBe(before);
  });
});
