// The built PWA's files go out precompressed: the build writes Brotli (quality 11) and gzip (level 9)
// copies (scripts/vite-build-plugins.ts) and the server sends the copy the browser accepts as it is,
// never compressing it a second time; a file with no copy is still compressed on the fly.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/vite-build-plugins';
import { createTestApp, type TestApp } from './helpers';

let dir: string;
let t: TestApp;
// Real code of a realistic size (made-up repetitive text compresses atypically).
const script = ['../../src/api/api-client.ts', '../../server/app.ts']
  .map((f) => readFileSync(join(import.meta.dirname, f), 'utf8'))
  .join('\n');
const page = `<!doctype html><html><head><title>Apex</title></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'apex-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), page);
  writeFileSync(join(dir, 'assets', 'app-1234.js'), script);
  writeFileSync(join(dir, 'assets', 'tiny-1234.js'), 'export {};');
  // A file without copies (as if added after the build): still compressed by the server.
  await precompressDir(dir);
  writeFileSync(join(dir, 'assets', 'late-1234.js'), script);
  t = await createTestApp({ staticDir: dir });
});

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('precompressing the build', () => {
  it('writes the highest-quality Brotli and gzip copies of files of 1 KB and more', () => {
    const br = readFileSync(join(dir, 'assets', 'app-1234.js.br'));
    const gz = readFileSync(join(dir, 'assets', 'app-1234.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    // Quality 11, not the default a server uses on the fly (quality 4 in @fastify/compress).
    const fast = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(br.length).toBeLessThan(fast.length);
    expect(br.length).toBeLessThan(gz.length);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    // Below 1 KB the file goes out as it is.
    expect(existsSync(join(dir, 'assets', 'tiny-1234.js.br'))).toBe(false);
  });
});

describe('serving the build', () => {
  it('sends the Brotli copy as it is to a browser that accepts br', async () => {
    const res = await t.app.inject({
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Exactly the file written at build time: not compressed a second time.
    expect(res.rawPayload.equals(readFileSync(join(dir, 'assets', 'app-1234.js.br')))).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a browser that accepts only gzip', async () => {
    const res = await t.app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.equals(readFileSync(join(dir, 'assets', 'app-1234.js.gz')))).toBe(true);
  });

  it('sends the file itself to a browser that accepts no encoding', async () => {
    const res = await t.app.inject({
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.payload).toBe(script);
  });

  it('sends the app shell precompressed for a screen address, uncached', async () => {
    const res = await t.app.inject({ url: '/time/clock', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });

  it('still compresses a file that has no copy', async () => {
    const res = await t.app.inject({ url: '/assets/late-1234.js', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });
});
