// Test helper: renders a widget inside the Mantine and i18next providers, with the real en_CA (or
// en_US) ui translations, so tests read the texts a user would see.
import { MantineProvider } from '@mantine/core';
import { cleanup, type RenderOptions, render } from '@testing-library/react';
import type { i18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach } from 'vitest';
import { initI18n, type LocaleId } from '../../../src/i18n/index';
import canadaCommon from '../../../src/i18n/locales/en_CA/common.json';
import canada from '../../../src/i18n/locales/en_CA/ui.json';
import usCommon from '../../../src/i18n/locales/en_US/common.json';
import us from '../../../src/i18n/locales/en_US/ui.json';

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

const instances = new Map<LocaleId, Promise<i18n>>();

export function testI18n(locale: LocaleId = 'en_CA'): Promise<i18n> {
  let instance = instances.get(locale);
  if (!instance) {
    const ui = locale === 'en_US' ? merge(canada as Tree, us as Tree) : canada;
    const common = locale === 'en_US' ? merge(canadaCommon as Tree, usCommon as Tree) : canadaCommon;
    instance = initI18n({ locale, resources: { ui, common } });
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
