// Build steps of the PWA beyond Vite's own (vite.config.ts):
// - bundleReport: what each output chunk is made of, by module, for tests/bench/clock-bundle.bench.ts
//   (bytes per library on the first screen);
// - precompress: a Brotli (quality 11) and a gzip (level 9) copy of every compressible file of the
//   build, which the server sends as they are (server/app.ts, @fastify/static `preCompressed`), so a
//   phone gets the smallest encoding without the server compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Where bundleReport writes its report, relative to the build's outDir (not served: a dot folder). */
export const BUNDLE_REPORT_FILE = '.vite/bundle-report.json';

/** Per chunk file: per module id, the length of its code in the chunk and that code gzipped alone. */
export type BundleReport = Record<string, Record<string, { rendered: number; gzip: number }>>;

export function bundleReport(): Plugin {
  return {
    name: 'apex:bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      // Only the app's build (the service worker's own build has no manifest and no report).
      if (
        !Object.values(bundle).some(
          (c) => c.type === 'chunk' && c.isEntry && c.fileName.startsWith('assets/'),
        )
      )
        return;
      const report: BundleReport = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const modules: BundleReport[string] = {};
        for (const [id, m] of Object.entries(chunk.modules)) {
          if (!m.renderedLength) continue;
          const key = relative(process.cwd(), id.replace(/^\0/, '')).replaceAll('\\', '/');
          modules[key] = {
            rendered: m.renderedLength,
            gzip: m.code ? gzipSync(m.code, { level: 9 }).length : 0,
          };
        }
        report[chunk.fileName] = modules;
      }
      this.emitFile({ type: 'asset', fileName: BUNDLE_REPORT_FILE, source: JSON.stringify(report) });
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|webmanifest|geojson|txt|xml|map)$/i;
/** Smaller files are sent as they are (the server's threshold for compressing is 1 KB too). */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of the build once everything is
 * written (the service worker included); a copy that is not smaller than the file is not kept.
 */
export async function precompressDir(
  dir: string,
): Promise<{ files: number; raw: number; br: number; gz: number }> {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  const todo = [...files(dir)].filter((f) => COMPRESSIBLE.test(f) && statSync(f).size >= MIN_BYTES);
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  // A few at a time: Brotli at quality 11 is CPU-bound (the biggest file takes seconds).
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const file = todo[next++];
      const raw = readFileSync(file);
      const [b, g] = await Promise.all([
        br(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
          },
        }),
        gz(raw, { level: 9 }),
      ]);
      totals.files++;
      totals.raw += raw.length;
      if (b.length < raw.length) {
        writeFileSync(`${file}.br`, b);
        totals.br += b.length;
      }
      if (g.length < raw.length) {
        writeFileSync(`${file}.gz`, g);
        totals.gz += g.length;
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return totals;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'apex:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After vite-plugin-pwa has written the service worker (its closeBundle).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = resolve(config.root, config.build.outDir);
        const t = await precompressDir(outDir);
        const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
        config.logger.info(
          `precompressed ${t.files} files: ${kb(t.raw)} → brotli ${kb(t.br)}, gzip ${kb(t.gz)}`,
        );
      },
    },
  };
}

const ZOD_CLASSIC_SCHEMAS = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
const STUB_PROCESSORS = '\0apex:zod-json-schema-processors';
const STUB_TO_JSON_SCHEMA = '\0apex:zod-to-json-schema';
const UNAVAILABLE = `const unavailable = () => { throw new Error('JSON Schema is not generated in the browser'); };`;

/**
 * zod's classic schemas carry their JSON Schema generators (`.toJSONSchema()`, some 5 KB gzip) that
 * the PWA never calls: it only parses. In the PWA's build they are replaced by functions that throw,
 * except `aggregateChecks`, which schemas read for `minLength`, `maxLength` and `format`. The server
 * (its OpenAPI document) bundles zod as it is.
 */
export function zodWithoutJsonSchema(): Plugin {
  let processorsFile = '';
  return {
    name: 'apex:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !ZOD_CLASSIC_SCHEMAS.test(importer)) return null;
      if (source === '../core/json-schema-processors.js') {
        processorsFile = (await this.resolve(source, importer, { skipSelf: true }))?.id ?? '';
        return STUB_PROCESSORS;
      }
      if (source === '../core/to-json-schema.js') return STUB_TO_JSON_SCHEMA;
      return null;
    },
    load(id) {
      if (id === STUB_TO_JSON_SCHEMA)
        return `${UNAVAILABLE}\nexport const createToJSONSchemaMethod = () => unavailable;\nexport const createStandardJSONSchemaMethod = () => unavailable;\n`;
      if (id !== STUB_PROCESSORS) return null;
      if (!processorsFile) throw new Error('zod/v4/core/json-schema-processors.js was not found');
      const names = [...readFileSync(processorsFile, 'utf8').matchAll(/^export (?:function|const) (\w+)/gm)]
        .map((m) => m[1])
        .filter((n) => n !== 'aggregateChecks');
      return [
        UNAVAILABLE,
        `export { aggregateChecks } from ${JSON.stringify(processorsFile)};`,
        ...names.map((n) => `export const ${n} = unavailable;`),
      ].join('\n');
    },
  };
}

const APP_SHELL_PART = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]/;
const STUB_REMOVE_SCROLL = '\0apex:app-shell-remove-scroll';

/**
 * Mantine's AppShell header, footer and aside import react-remove-scroll only to read two class
 * names (`RemoveScroll.classNames`), which brings the whole scroll-lock (some 4 KB gzip) onto the
 * first screen. For them, the import resolves to those class names alone (taken from
 * react-remove-scroll-bar, where react-remove-scroll takes them too); modals and drawers still get
 * the real scroll lock in their own chunks.
 */
export function appShellWithoutScrollLock(): Plugin {
  let constants = '';
  return {
    name: 'apex:app-shell-without-scroll-lock',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== 'react-remove-scroll' || !importer || !APP_SHELL_PART.test(importer)) return null;
      const real = await this.resolve(source, importer, { skipSelf: true });
      if (!real) return null;
      constants =
        (await this.resolve('react-remove-scroll-bar/constants', real.id, { skipSelf: true }))?.id ?? '';
      if (!constants) return null;
      return STUB_REMOVE_SCROLL;
    },
    load(id) {
      if (id !== STUB_REMOVE_SCROLL) return null;
      return [
        `import { fullWidthClassName, zeroRightClassName } from ${JSON.stringify(constants)};`,
        'export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };',
      ].join('\n');
    },
  };
}

const APP_SHELL_DIR = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]/;
const APP_SHELL_UNUSED = /[\\/](AppShellResizeHandle|AppShellAside|AppShellFooter)\.mjs$/;
const STUB_APP_SHELL_PART = '\0apex:app-shell-part:';

/**
 * Mantine's AppShell brings every part of it onto the first screen: the aside, the footer and the
 * resize handles (some 4 KB gzip together) that the PWA's shell (src/app/shell.tsx) does not use
 * (no aside, no footer, no `resizable` section). In the PWA's build they are stand-ins: the handle draws
 * nothing (as Mantine's does when a section is not resizable), and the aside and footer throw if a
 * screen ever uses them, so that the build is changed here rather than failing quietly.
 */
export function appShellWithoutUnusedParts(): Plugin {
  return {
    name: 'apex:app-shell-without-unused-parts',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !APP_SHELL_DIR.test(importer)) return null;
      const part = APP_SHELL_UNUSED.exec(source)?.[1];
      return part ? `${STUB_APP_SHELL_PART}${part}` : null;
    },
    load(id) {
      if (!id.startsWith(STUB_APP_SHELL_PART)) return null;
      const part = id.slice(STUB_APP_SHELL_PART.length);
      if (part === 'AppShellResizeHandle') return 'export function AppShellResizeHandle() { return null; }\n';
      return `export function ${part}() { throw new Error('${part} is left out of the PWA build (scripts/vite-build-plugins.ts)'); }\n`;
    },
  };
}

const REACT_ROUTER_CHUNK =
  /[\\/]react-router[\\/]dist[\\/](development|production)[\\/]chunk-[A-Z0-9]+\.mjs$/;

/**
 * React Router creates its components and contexts at module level (`var Form = React.forwardRef(…)`,
 * `Form.displayName = "Form"`) without marking the calls pure, so the bundler must keep every one of
 * them, and all they use, whether the app renders them or not (`Form`, `NavLink`, `ScrollRestoration`,
 * the framework-mode prefetching behind them). In the PWA's build the calls are marked pure and the
 * display names (read only by React's developer tools) are left out, so what no screen uses is dropped.
 */
export function reactRouterPureComponents(): Plugin {
  return {
    name: 'apex:react-router-pure-components',
    apply: 'build',
    transform(code, id) {
      if (!REACT_ROUTER_CHUNK.test(id)) return null;
      const out = code
        .replace(
          /^var (\w+) = (React\d*)\.(forwardRef|createContext|memo)\(/gm,
          'var $1 = /* @__PURE__ */ $2.$3(',
        )
        .replace(/^\w+\.displayName = "[^"]*";$/gm, '');
      return out === code ? null : { code: out, map: null };
    },
  };
}
