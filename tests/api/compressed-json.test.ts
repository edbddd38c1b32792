// The API's JSON answers go out gzip- or Brotli-compressed when the caller accepts it, and the
// compressed body is the whole answer: the OpenAPI document (half a megabyte, sent by the docs
// plugin) and the lists a signed-in user reads decode to the same JSON as the plain answer.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const decode = { gzip: gunzipSync, br: brotliDecompressSync } as const;

describe('compressed JSON answers', () => {
  for (const encoding of ['gzip', 'br'] as const) {
    it(`the OpenAPI document decodes whole from ${encoding}`, async () => {
      const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(plain.statusCode).toBe(200);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/docs/json',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      const body = decode[encoding](res.rawPayload).toString('utf8');
      expect(body.length).toBeGreaterThan(10_000);
      expect(JSON.parse(body)).toEqual(JSON.parse(plain.body));
    });
  }

  it('a signed-in list decodes whole from gzip, with no Content-Length of the plain body', async () => {
    const rep = await t.signIn('rep');
    const plain = await rep.call({ method: 'GET', url: '/api/leads?pageSize=500' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    const res = await rep.call({
      method: 'GET',
      url: '/api/leads?pageSize=500',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-length']).toBeUndefined();
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(JSON.parse(plain.body));
  });
});
