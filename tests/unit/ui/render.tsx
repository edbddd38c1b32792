// Test helper: renders a widget inside the Mantine and i18next providers, with the real en_CA (or
// en_US) translations of every area (as scripts/build-locales.ts assembles them), so tests read the
// texts a user would see. Screens that also need the API client, React Query, a router or a session
// use renderApp (./render-app.tsx).
import { MantineProvider } from '@mantine/core';
import { cleanup, type RenderOptions, render } from '@testing-library/react';
import type { i18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach } from 'vitest';
import { initI18n, type LocaleId } from '../../../src/i18n/index';

// Vitest runs without globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

type Tree = { [key: string]: string | Tree };

function merge(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? merge(current, value) : value;
  }
  return out;
}

/** Every area's file of a locale, under the area's name (src/i18n/locales/<id>/<area>.json). */
function areas(files: Record<string, unknown>): Tree {
  const tree: Tree = {};
  for (const [path, content] of Object.entries(files)) {
    tree[path.replace(/^.*\/(.+)\.json$/, '$1')] = content as Tree;
  }
  return tree;
}

const canada = areas(
  import.meta.glob('../../../src/i18n/locales/en_CA/*.json', { eager: true, import: 'default' }),
);
const us = areas(
  import.meta.glob('../../../src/i18n/locales/en_US/*.json', { eager: true, import: 'default' }),
);

const instances = new Map<LocaleId, Promise<i18n>>();

export function testI18n(locale: LocaleId = 'en_CA'): Promise<i18n> {
  let instance = instances.get(locale);
  if (!instance) {
    instance = initI18n({ locale, resources: locale === 'en_US' ? merge(canada, us) : canada });
    instances.set(locale, instance);
  }
  return instance;
}

export async function renderUi(ui: ReactElement, options: RenderOptions & { locale?: LocaleId } = {}) {
  const { locale, ...rest } = options;
  const i18n = await testI18n(locale);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MantineProvider>{children}</MantineProvider>
    </I18nextProvider>
  );
  return render(ui, { wrapper: Wrapper, ...rest });
}
