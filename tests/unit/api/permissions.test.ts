import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/api-client';
import { hasGrant, PermissionsService } from '../../../src/api/permissions';
import { fakeFetch, json, NOW, silentLog, tokenAt } from './helpers';

const grant = (Key: string, Value: string) => ({ Description: { Key, Name: Key }, Value });

describe('hasGrant', () => {
  it('is held when the last grant with the key has the value "true"', () => {
    expect(hasGrant([grant('payroll:read', 'true')], 'payroll:read')).toBe(true);
    expect(hasGrant([grant('payroll:read', 'true'), grant('payroll:read', 'false')], 'payroll:read')).toBe(
      false,
    );
    expect(hasGrant([grant('payroll:read', 'false'), grant('payroll:read', 'true')], 'payroll:read')).toBe(
      true,
    );
    // the last grant WITH THAT KEY decides, not the last grant of the list
    expect(hasGrant([grant('a', 'true'), grant('b', 'false')], 'a')).toBe(true);
  });

  it('requires exactly the string "true"', () => {
    for (const value of ['True', 'TRUE', '1', 'yes', ' true', true, 1]) {
      expect(hasGrant([{ Description: { Key: 'k' }, Value: value }], 'k'), String(value)).toBe(false);
    }
  });

  it('is false for a key that is absent, and keys compare exactly', () => {
    expect(hasGrant([grant('payroll:read', 'true')], 'payroll:process')).toBe(false);
    expect(hasGrant([grant('payroll:read', 'true')], 'Payroll:Read')).toBe(false);
    expect(hasGrant([], 'payroll:read')).toBe(false);
  });

  it('is false with a warning when the grants are not a list', () => {
    const log = { warn: vi.fn() };
    for (const grants of [null, undefined, {}, 'true', { length: 1, 0: grant('k', 'true') }]) {
      expect(hasGrant(grants, 'k', log)).toBe(false);
    }
    expect(log.warn).toHaveBeenCalledTimes(5);
  });

  it('is false with a warning when no key is given', () => {
    const log = { warn: vi.fn() };
    expect(hasGrant([grant('', 'true')], '', log)).toBe(false);
    expect(hasGrant([grant('k', 'true')], undefined, log)).toBe(false);
    expect(hasGrant([grant('k', 'true')], null, log)).toBe(false);
    expect(log.warn).toHaveBeenCalledTimes(3);
  });

  it('warns on the console by default', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(hasGrant(null, 'k')).toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('skips malformed entries', () => {
    expect(hasGrant([null, { Value: 'true' }, grant('k', 'true'), 7], 'k')).toBe(true);
  });
});

describe('PermissionsService', () => {
  function setup() {
    const mine = [grant('payroll:read', 'true'), grant('admin:mail', 'false')];
    const theirs = [grant('admin:mail', 'true')];
    const server = fakeFetch({
      'POST /api/auth/token': () => json(tokenAt(NOW)),
      'GET /api/auth/permissions': (call) => json(call.url.includes('employeeId=7') ? theirs : mine),
    });
    const client = createApiClient({ fetch: server.fetch, now: () => NOW, storage: null, log: silentLog() });
    const service = new PermissionsService(client, { log: silentLog() });
    const grantCalls = () => server.callsTo('GET', '/api/auth/permissions');
    return { client, service, grantCalls, mine, theirs };
  }

  it('fetches the grants once and caches them, also for concurrent callers', async () => {
    const { service, grantCalls, mine } = setup();
    const [a, b] = await Promise.all([service.getGrants(), service.getGrants()]);
    expect(a).toEqual(mine);
    expect(b).toEqual(mine);
    await service.getGrants();
    expect(await service.has('payroll:read')).toBe(true);
    expect(await service.has('admin:mail')).toBe(false);
    expect(grantCalls()).toHaveLength(1);
  });

  it('bypasses the cache for a specific employee', async () => {
    const { service, grantCalls, theirs } = setup();
    await service.getGrants();
    expect(await service.getGrantsFor(7)).toEqual(theirs);
    expect(await service.getGrantsFor(7)).toEqual(theirs);
    expect(grantCalls().map((c) => c.url)).toEqual([
      '/api/auth/permissions',
      '/api/auth/permissions?employeeId=7',
      '/api/auth/permissions?employeeId=7',
    ]);
    // the signed-in user's cache is untouched
    expect(await service.has('admin:mail')).toBe(false);
  });

  it('fetches again after clear() and after the client signs out', async () => {
    const { client, service, grantCalls } = setup();
    await service.getGrants();
    service.clear();
    await service.getGrants();
    expect(grantCalls()).toHaveLength(2);
    client.signOut();
    await service.getGrants();
    expect(grantCalls()).toHaveLength(3);
  });

  it('does not cache a failed fetch', async () => {
    let fail = true;
    const server = fakeFetch({
      'POST /api/auth/token': () => json(tokenAt(NOW)),
      'GET /api/auth/permissions': () => (fail ? json({ Message: 'boom' }, 500) : json([grant('k', 'true')])),
    });
    const client = createApiClient({ fetch: server.fetch, now: () => NOW, storage: null, log: silentLog() });
    const service = new PermissionsService(client);
    await expect(service.getGrants()).rejects.toMatchObject({ status: 500 });
    fail = false;
    expect(await service.has('k')).toBe(true);
  });
});
