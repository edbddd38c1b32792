import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

describe('method override under BLOCK_METHODS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ blockMethods: ['PUT', 'PATCH', 'DELETE'] });
  });
  afterAll(() => t.close());

  it('refuses PUT, PATCH and DELETE sent directly with 405', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/services/shim-tests/http-${method.toLowerCase()}`,
      });
      expect(res.statusCode).toBe(405);
      expect(res.json().Message).toContain('X-HTTP-Method-Override');
    }
  });

  it('routes a POST with X-HTTP-Method-Override as that method', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/services/shim-tests/http-${method.toLowerCase()}`,
        headers: { 'X-HTTP-Method-Override': method },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(true);
    }
  });

  it('a real save goes through the override with its body', async () => {
    const s = await t.signIn('staff');
    const res = await s.call({
      method: 'POST',
      url: '/api/employees/betaopt',
      headers: { 'x-http-method-override': 'PUT' },
      payload: { betaOpt: true },
    });
    expect(res.statusCode).toBe(200);
    expect((await s.call({ method: 'GET', url: '/api/employees/betaopt' })).json()).toEqual({
      betaOpt: true,
    });
  });

  it('without BLOCK_METHODS the methods work directly', async () => {
    const open = await createTestApp();
    try {
      const res = await open.app.inject({ method: 'PATCH', url: '/api/services/shim-tests/http-patch' });
      expect(res.statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});
