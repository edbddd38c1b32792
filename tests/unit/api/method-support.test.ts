import { describe, expect, it } from 'vitest';
import {
  methodGetsThrough,
  methodSupportStorageKey,
  probePath,
  readMethodSupport,
  resolveMethod,
  writeMethodSupport,
} from '../../../src/api/method-support';
import { memoryStorage } from './helpers';

describe('method support', () => {
  it('probes at services/shim-tests/http-{method}', () => {
    expect(probePath('PUT')).toBe('services/shim-tests/http-put');
    expect(probePath('PATCH')).toBe('services/shim-tests/http-patch');
    expect(probePath('DELETE')).toBe('services/shim-tests/http-delete');
  });

  it('counts a 2xx (or our server refusing the session) as getting through; 405 and failures as blocked', () => {
    expect(methodGetsThrough(200)).toBe(true);
    expect(methodGetsThrough(204)).toBe(true);
    expect(methodGetsThrough(401)).toBe(true);
    expect(methodGetsThrough(405)).toBe(false);
    expect(methodGetsThrough(501)).toBe(false);
    expect(methodGetsThrough(0)).toBe(false);
  });

  it('sends a blocked method as POST with X-HTTP-Method-Override, others as themselves', () => {
    const support = { PUT: true, PATCH: false, DELETE: false };
    expect(resolveMethod('put', support)).toEqual({ method: 'PUT', headers: {} });
    expect(resolveMethod('PATCH', support)).toEqual({
      method: 'POST',
      headers: { 'X-HTTP-Method-Override': 'PATCH' },
    });
    expect(resolveMethod('DELETE', support)).toEqual({
      method: 'POST',
      headers: { 'X-HTTP-Method-Override': 'DELETE' },
    });
    expect(resolveMethod('GET', support)).toEqual({ method: 'GET', headers: {} });
    expect(resolveMethod('DELETE', null)).toEqual({ method: 'DELETE', headers: {} });
  });

  it('stores the outcome per API root and ignores unreadable entries', () => {
    const storage = memoryStorage();
    const support = { PUT: false, PATCH: true, DELETE: true, checkedAt: '2026-01-01T00:00:00.000Z' };
    writeMethodSupport(storage, '/api/', support);
    expect(methodSupportStorageKey('/api/')).toBe('apex.api.method-support:/api/');
    expect(readMethodSupport(storage, '/api/')).toEqual(support);
    expect(readMethodSupport(storage, '/other/')).toBeNull();
    storage.setItem('apex.api.method-support:/bad/', '{not json');
    expect(readMethodSupport(storage, '/bad/')).toBeNull();
    storage.setItem('apex.api.method-support:/partial/', '{"PUT":true}');
    expect(readMethodSupport(storage, '/partial/')).toBeNull();
  });
});
