// @vitest-environment node
// React Router's components that no screen renders are left out of the PWA's build
// (reactRouterPureComponents in scripts/vite-build-plugins.ts): a bundle of an entry that renders only
// `Link` keeps Link and loses NavLink and Form, which it kept before the calls were marked pure.
import { build, type Plugin, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { reactRouterPureComponents } from '../../../scripts/vite-build-plugins';

const ENTRY = 'virtual:router-link-entry';

/** The minified bundle of an entry that renders a React Router `Link`. */
async function bundle(plugins: Plugin[]): Promise<string> {
  const entry: Plugin = {
    name: 'entry',
    resolveId: (id) => (id === ENTRY ? `\0${ENTRY}` : null),
    load: (id) =>
      id === `\0${ENTRY}`
        ? `import { createElement } from 'react';\nimport { Link } from 'react-router';\nexport const home = () => createElement(Link, { to: '/' }, 'Home');\n`
        : null,
  };
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [entry, ...plugins],
    build: {
      write: false,
      minify: true,
      rolldownOptions: { input: ENTRY, preserveEntrySignatures: 'strict' },
    },
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const out = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
  return out.output.map((c) => (c.type === 'chunk' ? c.code : '')).join('\n');
}

describe("React Router's unused components", () => {
  it('are dropped from the bundle, and what is used stays', { timeout: 60_000 }, async () => {
    const [plain, pure] = await Promise.all([bundle([]), bundle([reactRouterPureComponents()])]);
    // NavLink's default `aria-current`, Form's default method check: kept without the plugin.
    expect(plain).toContain('"aria-current"');
    expect(pure).not.toContain('"aria-current"');
    expect(pure.length).toBeLessThan(plain.length * 0.9);
    // Link itself (its click handling reads `target="_self"`) is still there.
    expect(pure).toContain('_self');
  });
});
