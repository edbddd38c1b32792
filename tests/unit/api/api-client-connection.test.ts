// The API client tells the connection store what each request found, fails at once while the browser
// has no network, and does not ask for a token again and again while there is no connection.
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/api-client';
import { ConnectionStore } from '../../../src/api/connection';
import { AbortedConnectionError } from '../../../src/api/errors';
import { fakeFetch, type Handler, json, memoryStorage, NOW, silentLog, tokenAt } from './helpers';

/** A server whose network can be cut (every request rejects as fetch does) and restored. */
function setup(routes: Record<string, Handler | Handler[]> = {}) {
  const clock = { now: NOW };
  const net = { up: true };
  const server = fakeFetch({
    'POST /api/auth/token': () => json(tokenAt(clock.now)),
    'GET /api/things': () => json([1, 2]),
    'GET /api/portal': () =>
      new Response('<html>Sign in to the Wi-Fi</html>', {
        status: 200,
        headers: { 'Content-Type': 'text/html' },
      }),
    'PUT /api/services/shim-tests/http-put': () => json(true),
    ...routes,
  });
  const fetch = vi.fn(async (url: string, init: RequestInit): Promise<Response> => {
    if (net.up) return server.fetch(url, init);
    server.calls.push({ url, method: init.method ?? 'GET' } as (typeof server.calls)[number]);
    throw new TypeError('Failed to fetch');
  });
  const connection = new ConnectionStore({ now: () => clock.now, random: () => 0.5 });
  const client = createApiClient({
    fetch,
    now: () => clock.now,
    delay: async () => {},
    log: silentLog(),
    storage: memoryStorage(),
    alert: vi.fn(),
    connection,
  });
  const tokenCalls = () => server.calls.filter((c) => c.url === '/api/auth/token').length;
  return { client, server, clock, net, connection, fetch, tokenCalls };
}

describe('ApiClient and the connection', () => {
  it('reports answers and network failures: lost after two failures, back at the first answer', async () => {
    const { client, net, connection } = setup();
    await client.get('things');
    net.up = false;
    await expect(client.get('things')).rejects.toBeInstanceOf(AbortedConnectionError);
    expect(connection.getState()).toMatchObject({ online: true, failures: 1 });
    await expect(client.get('things')).rejects.toBeInstanceOf(AbortedConnectionError);
    expect(connection.getState()).toMatchObject({ online: false, failures: 2 });
    net.up = true;
    await client.get('things');
    expect(connection.getState()).toMatchObject({ online: true, failures: 0 });
  });

  it('counts an error status as an answer: the server was reached', async () => {
    const { client, connection } = setup({ 'GET /api/broken': () => json({ Message: 'No.' }, 500) });
    connection.reportFailure();
    connection.reportFailure();
    await expect(client.get('broken')).rejects.toMatchObject({ status: 500 });
    expect(connection.online).toBe(true);
  });

  it('counts a captive portal’s HTML page as no connection', async () => {
    const { client, connection } = setup();
    await client.get('portal', { responseType: 'text' });
    await client.get('portal', { responseType: 'text' });
    expect(connection.getState()).toMatchObject({ online: false, failures: 2 });
  });

  it('does not count an answer from the service worker’s kept copy either way', async () => {
    const { client, connection } = setup({
      'GET /api/lead-statuses': () => json([], 200, { headers: { 'X-Apex-Kept-Copy': '1' } }),
    });
    await client.getToken();
    connection.reportFailure();
    connection.reportFailure();
    await expect(client.get('lead-statuses')).resolves.toEqual([]);
    expect(connection.getState()).toMatchObject({ online: false, failures: 2 });
    connection.reportAnswer();
    await client.get('lead-statuses');
    expect(connection.getState()).toMatchObject({ online: true, failures: 0 });
  });

  it('does not count a request the caller aborted', async () => {
    const { client, connection } = setup({
      'GET /api/slow': (call) =>
        new Promise((_resolve, reject) =>
          call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    });
    await client.getToken();
    const controller = new AbortController();
    const pending = client.get('slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ aborted: true });
    expect(connection.getState().failures).toBe(0);
  });

  it('sends nothing while the browser says it has no network', async () => {
    const { client, connection, fetch } = setup();
    await client.getToken();
    fetch.mockClear();
    connection.setBrowserOnline(false);
    await expect(client.get('things')).rejects.toMatchObject({
      name: 'AbortedConnectionError',
      aborted: false,
    });
    expect(await client.ping()).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    connection.setBrowserOnline(true);
    await expect(client.get('things')).resolves.toEqual([1, 2]);
  });

  it('pings the server anonymously; true when it answered', async () => {
    const { client, net, connection, server, tokenCalls } = setup();
    expect(await client.ping()).toBe(true);
    expect(server.calls.at(-1)).toMatchObject({ method: 'PUT', url: '/api/services/shim-tests/http-put' });
    expect(server.calls.at(-1)?.headers.has('Authorization')).toBe(false);
    expect(tokenCalls()).toBe(0);
    net.up = false;
    expect(await client.ping()).toBe(false);
    expect(connection.getState().failures).toBe(1);
  });
});

describe('early requests and the connection', () => {
  it('counts an early token request that got no answer, and the retry, as two failures', async () => {
    const { net, connection, clock, server } = setup();
    net.up = false;
    const client = createApiClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      now: () => clock.now,
      log: silentLog(),
      storage: memoryStorage(),
      alert: vi.fn(),
      connection,
      early: { token: Promise.resolve(null) },
    });
    await expect(client.getToken()).rejects.toBeInstanceOf(AbortedConnectionError);
    expect(connection.getState()).toMatchObject({ online: false, failures: 2 });
    expect(server.calls).toEqual([]);
  });

  it('counts an early token answer as an answer', async () => {
    const { connection, clock } = setup();
    connection.reportFailure();
    const client = createApiClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      now: () => clock.now,
      log: silentLog(),
      storage: memoryStorage(),
      alert: vi.fn(),
      connection,
      early: { token: Promise.resolve(json(tokenAt(NOW))) },
    });
    await expect(client.getToken()).resolves.toEqual(expect.any(String));
    expect(connection.getState().failures).toBe(0);
  });
});

describe('token renewal without a connection', () => {
  it('asks once, then fails every caller at once until the backoff has passed', async () => {
    const { client, net, clock, tokenCalls } = setup();
    net.up = false;
    await expect(client.get('things')).rejects.toBeInstanceOf(AbortedConnectionError);
    expect(tokenCalls()).toBe(1);
    // Twenty screens' reads within the backoff (1.5 s after one failure): no request, a fast failure.
    const reads = Array.from({ length: 20 }, () => client.get('things'));
    for (const read of reads) await expect(read).rejects.toMatchObject({ name: 'AbortedConnectionError' });
    expect(tokenCalls()).toBe(1);
    clock.now += 1_499;
    await expect(client.getToken()).rejects.toBeInstanceOf(AbortedConnectionError);
    expect(tokenCalls()).toBe(1);
    // Due: one more attempt, which fails and doubles the wait (3 s).
    clock.now += 1;
    await expect(client.getToken()).rejects.toBeInstanceOf(AbortedConnectionError);
    expect(tokenCalls()).toBe(2);
    clock.now += 2_999;
    await expect(client.getToken()).rejects.toBeInstanceOf(AbortedConnectionError);
    expect(tokenCalls()).toBe(2);
    // The connection is back and the backoff has passed: a token.
    net.up = true;
    clock.now += 1;
    await expect(client.get('things')).resolves.toEqual([1, 2]);
    expect(tokenCalls()).toBe(3);
  });

  it('asks again at once when any request was answered meanwhile (the probe)', async () => {
    const { client, net, tokenCalls } = setup();
    net.up = false;
    await expect(client.getToken()).rejects.toBeInstanceOf(AbortedConnectionError);
    net.up = true;
    await expect(client.getToken()).rejects.toBeInstanceOf(AbortedConnectionError);
    expect(tokenCalls()).toBe(1);
    expect(await client.ping()).toBe(true);
    await expect(client.get('things')).resolves.toEqual([1, 2]);
    expect(tokenCalls()).toBe(2);
  });

  it('asks again at once after other errors (only a missing connection holds it back)', async () => {
    const { client, tokenCalls } = setup({
      'POST /api/auth/token': [() => json({ Message: 'Oops' }, 500), () => json(tokenAt(NOW))],
    });
    await expect(client.getToken()).rejects.toMatchObject({ status: 500 });
    await expect(client.getToken()).resolves.toEqual(expect.any(String));
    expect(tokenCalls()).toBe(2);
  });

  it('still uses a valid token it holds: reads go out (and tell whether the connection is back)', async () => {
    const { client, net, connection, tokenCalls } = setup();
    await client.getToken();
    net.up = false;
    await expect(client.get('things')).rejects.toBeInstanceOf(AbortedConnectionError);
    await expect(client.get('things')).rejects.toBeInstanceOf(AbortedConnectionError);
    expect(connection.online).toBe(false);
    net.up = true;
    await expect(client.get('things')).resolves.toEqual([1, 2]);
    expect(connection.online).toBe(true);
    expect(tokenCalls()).toBe(1);
  });

  it('forgets the held-back token request at sign-out', async () => {
    const { client, net, tokenCalls } = setup();
    net.up = false;
    await expect(client.getToken()).rejects.toBeInstanceOf(AbortedConnectionError);
    client.signOut();
    net.up = true;
    await expect(client.getToken()).resolves.toEqual(expect.any(String));
    expect(tokenCalls()).toBe(2);
  });
});
