import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  type ApiClientOptions,
  createApiClient,
  RETRY_503_ATTEMPTS,
  RETRY_503_DELAY_MS,
} from '../../../src/api/api-client';
import {
  AbortedConnectionError,
  InvalidResponseError,
  ResponseError,
  UnauthorizedError,
} from '../../../src/api/errors';
import { encodeQuery } from '../../../src/api/http-wire';
import { CalendarDate } from '../../../src/api/revive-dates';
import { fakeFetch, type Handler, json, jwt, memoryStorage, NOW, silentLog, tokenAt } from './helpers';

const MINUTE = 60_000;

function setup(routes: Record<string, Handler | Handler[]> = {}, options: ApiClientOptions = {}) {
  const clock = { now: NOW };
  let issued = 0;
  const server = fakeFetch({
    // Each token answer is a distinct JWT issued at the current fake time.
    'POST /api/auth/token': () => json(tokenAt(clock.now, { jti: String(++issued) })),
    ...routes,
  });
  const delay = vi.fn(async (_ms: number, _signal?: AbortSignal) => {});
  const log = silentLog();
  const storage = memoryStorage();
  const onSignOut = vi.fn();
  const alert = vi.fn();
  const client = createApiClient({
    fetch: server.fetch,
    now: () => clock.now,
    delay,
    log,
    storage,
    onSignOut,
    alert,
    ...options,
  });
  const tokenCalls = () => server.callsTo('POST', '/api/auth/token');
  return { client, server, clock, delay, log, storage, onSignOut, alert, tokenCalls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ApiClient requests', () => {
  it('sends calls to the API root with credentials and a Bearer token', async () => {
    const { client, server, tokenCalls } = setup({
      'GET /api/icd-offices': () => json([{ OfficeName: 'A' }]),
    });
    const result = await client.get('icd-offices');
    expect(result).toEqual([{ OfficeName: 'A' }]);
    const call = server.callsTo('GET', '/api/icd-offices')[0];
    expect(call.credentials).toBe('include');
    expect(tokenCalls()).toHaveLength(1);
    expect(call.headers.get('Authorization')).toBe(`Bearer ${tokenAt(NOW, { jti: '1' })}`);
  });

  it('requests the token with { clientId: "apex-pwa" }, credentials, and no Bearer header', async () => {
    const { client, tokenCalls } = setup({ 'GET /api/x': () => json(1) });
    await client.get('x');
    const [tokenCall] = tokenCalls();
    expect(JSON.parse(String(tokenCall.body))).toEqual({ clientId: 'apex-pwa' });
    expect(tokenCall.credentials).toBe('include');
    expect(tokenCall.headers.has('Authorization')).toBe(false);
  });

  it('uses a configured API root and ignores a leading slash in paths', async () => {
    const server = fakeFetch({ 'GET https://h.example/v/api/a/b': () => json(true) });
    const client = createApiClient({
      apiRoot: 'https://h.example/v/api',
      fetch: server.fetch,
      storage: null,
    });
    await expect(client.get('/a/b', { anonymous: true })).resolves.toBe(true);
    expect(client.apiRoot).toBe('https://h.example/v/api/');
  });

  it('sends anonymous calls without a token and without asking for one', async () => {
    const { client, server, tokenCalls } = setup({ 'GET /api/app/states': () => json([]) });
    await client.get('app/states', { anonymous: true });
    expect(tokenCalls()).toHaveLength(0);
    expect(server.calls[0].headers.has('Authorization')).toBe(false);
    expect(server.calls[0].credentials).toBe('include');
  });

  it('passes caller headers through (Idempotency-Key) and JSON-encodes bodies', async () => {
    const { client, server } = setup({ 'POST /api/time-entries': () => json({ Id: 7 }, 201) });
    await client.post('time-entries', { Hours: 8 }, { headers: { 'Idempotency-Key': 'abc-123' } });
    const call = server.callsTo('POST', '/api/time-entries')[0];
    expect(call.headers.get('Idempotency-Key')).toBe('abc-123');
    expect(call.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(call.body))).toEqual({ Hours: 8 });
  });

  it('sends FormData as is (no JSON content type)', async () => {
    const { client, server } = setup({ 'PUT /api/employees/1/profile/image': () => json(true) });
    const form = new FormData();
    form.append('profileImage', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await client.put('employees/1/profile/image', form);
    const call = server.callsTo('PUT', '/api/employees/1/profile/image')[0];
    expect(call.body).toBe(form);
    expect(call.headers.get('Content-Type')).toBeNull();
  });

  it('writes a calendar date back as YYYY-MM-DD and an instant as ISO in JSON bodies', async () => {
    const { client, server } = setup({ 'POST /api/x': () => json(true) });
    await client.post('x', { day: new CalendarDate(2024, 3, 1), at: new Date(Date.UTC(2024, 2, 1, 15, 30)) });
    expect(JSON.parse(String(server.callsTo('POST', '/api/x')[0].body))).toEqual({
      day: '2024-03-01',
      at: '2024-03-01T15:30:00.000Z',
    });
  });

  it('encodes queries: undefined left out, null empty, arrays repeated, dates on the wire format', () => {
    expect(
      encodeQuery({
        a: 1,
        b: undefined,
        c: null,
        d: ['x', 'y'],
        e: new CalendarDate(2024, 1, 5),
        f: true,
        g: 'a b',
      }),
    ).toBe('a=1&c=&d=x&d=y&e=2024-01-05&f=true&g=a+b');
    const { client } = setup();
    expect(client.url('payrolls', { teleMapperEntryID: null, meridianOfficeID: 5 })).toBe(
      '/api/payrolls?teleMapperEntryID=&meridianOfficeID=5',
    );
  });

  it('turns date-like strings of JSON responses into Dates', async () => {
    const { client } = setup({
      'GET /api/x': () =>
        json({ at: '2024-03-01T10:00:00Z', day: '2024-03-01', year: '2024', phone: '555-123-4567' }),
    });
    const result = await client.get<{ at: Date; day: Date; year: string; phone: string }>('x');
    expect(result.at).toEqual(new Date(Date.UTC(2024, 2, 1, 10)));
    expect(result.day).toEqual(new Date(2024, 2, 1));
    expect(result.year).toBe('2024');
    expect(result.phone).toBe('555-123-4567');
  });

  it('gives undefined for an empty answer (204) and the text of a non-JSON answer', async () => {
    const { client } = setup({
      'GET /api/empty': () => new Response(null, { status: 204 }),
      'GET /api/csv': () => new Response('a,b\n1,2', { headers: { 'Content-Type': 'text/csv' } }),
    });
    await expect(client.get('empty')).resolves.toBeUndefined();
    await expect(client.get('csv')).resolves.toBe('a,b\n1,2');
  });

  it('reads blobs when asked', async () => {
    const { client } = setup({
      'GET /api/corporations/1/logo': () =>
        new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'image/png' } }),
    });
    const blob = await client.get<Blob>('corporations/1/logo', { responseType: 'blob' });
    expect(blob.size).toBe(3);
  });

  it('parses the answer with a given zod schema, and fails with InvalidResponseError on a mismatch', async () => {
    const { client } = setup({
      'GET /api/good': () => json({ betaOpt: true }),
      'GET /api/bad': () => json({ betaOpt: 'yes' }),
    });
    const schema = z.object({ betaOpt: z.boolean() });
    const good: { betaOpt: boolean } = await client.get('good', { schema });
    expect(good).toEqual({ betaOpt: true });
    await expect(client.get('bad', { schema })).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('turns a failing status into a ResponseError with status, status text, data and headers', async () => {
    const { client } = setup({
      'GET /api/x': () =>
        json({ Message: 'Nope', Errors: { Name: ['Required'] } }, 400, { headers: { 'X-Trace': 't1' } }),
    });
    const err = await client.get('x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseError);
    const responseError = err as ResponseError;
    expect(responseError.status).toBe(400);
    expect(responseError.statusText).toBe('Bad Request');
    expect(responseError.data).toEqual({ Message: 'Nope', Errors: { Name: ['Required'] } });
    expect(responseError.headers.get('X-Trace')).toBe('t1');
    expect(responseError.message).toBe('Nope');
  });

  it('turns a failed connection into an AbortedConnectionError (reset or blocked)', async () => {
    const { client } = setup({
      'GET /api/x': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const err = await client.get('x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AbortedConnectionError);
    expect((err as AbortedConnectionError).aborted).toBe(false);
    expect((err as AbortedConnectionError).message).toBe('The connection was reset or blocked');
  });

  it('turns an aborted request into an AbortedConnectionError (aborted)', async () => {
    const controller = new AbortController();
    const { client, server } = setup({
      'GET /api/x': (call) =>
        new Promise<Response>((_resolve, reject) => {
          call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    });
    const pending = client.get('x', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(server.callsTo('GET', '/api/x')).toHaveLength(1));
    controller.abort();
    const err = await pending;
    expect(err).toBeInstanceOf(AbortedConnectionError);
    expect((err as AbortedConnectionError).aborted).toBe(true);
    expect((err as AbortedConnectionError).message).toBe('The connection was aborted');
  });

  it('alerts "<context>: <message>" when a call with a context fails, and still throws', async () => {
    const { client, alert } = setup({ 'GET /api/x': () => json({ Message: 'Gone' }, 404) });
    await expect(client.get('x', { context: 'Loading offices' })).rejects.toBeInstanceOf(ResponseError);
    expect(alert).toHaveBeenCalledWith('Loading offices', expect.any(ResponseError));
    const ok = setup({ 'GET /api/x': () => json({ Message: 'Gone' }, 404) });
    await expect(ok.client.get('x')).rejects.toBeInstanceOf(ResponseError);
    expect(ok.alert).not.toHaveBeenCalled();
  });
});

describe('ApiClient token', () => {
  it('caches the token until it expires', async () => {
    const { client, clock, tokenCalls } = setup({ 'GET /api/x': () => json(1) });
    await client.get('x');
    clock.now += 9 * MINUTE;
    await client.get('x');
    expect(tokenCalls()).toHaveLength(1);
    clock.now += 1 * MINUTE; // now == exp: expired
    await client.get('x');
    expect(tokenCalls()).toHaveLength(2);
  });

  it('shares one pending token request between concurrent callers', async () => {
    const { client, tokenCalls, server } = setup({ 'GET /api/x': () => json(1) });
    await Promise.all([client.get('x'), client.get('x'), client.get('x')]);
    expect(tokenCalls()).toHaveLength(1);
    const bearers = new Set(server.callsTo('GET', '/api/x').map((c) => c.headers.get('Authorization')));
    expect(bearers.size).toBe(1);
  });

  it('does not reuse a token issued more than 15 minutes in the future', async () => {
    const future = NOW + 16 * MINUTE;
    const { client, tokenCalls } = setup({
      'POST /api/auth/token': () => json(tokenAt(future)),
      'GET /api/x': () => json(1),
    });
    await client.get('x');
    await client.get('x');
    expect(tokenCalls()).toHaveLength(2);
  });

  it('reuses a token issued less than 15 minutes in the future (clock skew)', async () => {
    const future = NOW + 14 * MINUTE;
    const { client, tokenCalls } = setup({
      // As the server issues them: no nbf (a not-yet-valid token gets no tolerance, spec 000).
      'POST /api/auth/token': () =>
        json(tokenAt(future, { exp: Math.floor(future / 1000) + 600, nbf: undefined })),
      'GET /api/x': () => json(1),
    });
    await client.get('x');
    await client.get('x');
    expect(tokenCalls()).toHaveLength(1);
  });

  it('does not reuse a token that is not yet valid (nbf in the future, no tolerance)', async () => {
    const s = Math.floor(NOW / 1000);
    const { client, tokenCalls } = setup({
      'POST /api/auth/token': () => json(jwt({ sub: '1', iat: s, nbf: s + 60, exp: s + 3600 })),
      'GET /api/x': () => json(1),
    });
    await client.get('x');
    await client.get('x');
    expect(tokenCalls()).toHaveLength(2);
  });

  it('signs the user out and raises UnauthorizedError when the token request answers 401', async () => {
    const { client, server, onSignOut } = setup({
      'POST /api/auth/token': () => json({ Message: 'Sign in to continue.' }, 401),
      'GET /api/x': () => json(1),
    });
    const err = await client.get('x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnauthorizedError);
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(server.callsTo('GET', '/api/x')).toHaveLength(0);
    // only one token request: the token request bypasses the 401 handling
    expect(server.callsTo('POST', '/api/auth/token')).toHaveLength(1);
  });

  it('tells sign-out listeners and forgets the token on signOut()', async () => {
    const { client, tokenCalls } = setup({ 'GET /api/x': () => json(1) });
    const listener = vi.fn();
    const remove = client.addSignOutListener(listener);
    await client.get('x');
    expect(client.getEmployeeId()).toBe('42');
    client.signOut();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(client.getEmployeeId()).toBeNull();
    await client.get('x');
    expect(tokenCalls()).toHaveLength(2);
    remove();
    client.signOut();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('on a 401, fetches the token again and retries once when it changed', async () => {
    const { client, server, tokenCalls } = setup({
      'GET /api/x': [() => json({ Message: 'expired' }, 401), () => json('ok')],
    });
    await expect(client.get('x')).resolves.toBe('ok');
    const calls = server.callsTo('GET', '/api/x');
    expect(calls).toHaveLength(2);
    expect(tokenCalls()).toHaveLength(2);
    expect(calls[0].headers.get('Authorization')).not.toBe(calls[1].headers.get('Authorization'));
  });

  it('on a 401 with an unchanged token, warns and fails without retrying', async () => {
    const token = tokenAt(NOW);
    const { client, server, log } = setup({
      'POST /api/auth/token': () => json(token),
      'GET /api/x': () => json({ Message: 'Refused' }, 401),
    });
    const err = await client.get('x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnauthorizedError);
    expect((err as UnauthorizedError).message).toBe('Refused');
    expect(server.callsTo('GET', '/api/x')).toHaveLength(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('retries a 401 only once, even when every token differs', async () => {
    const { client, server } = setup({ 'GET /api/x': () => json({ Message: 'no' }, 401) });
    await expect(client.get('x')).rejects.toBeInstanceOf(UnauthorizedError);
    expect(server.callsTo('GET', '/api/x')).toHaveLength(2);
  });

  it('signs out when the token re-fetch after a 401 answers 401', async () => {
    const { client, onSignOut } = setup({
      'POST /api/auth/token': [() => json(tokenAt(NOW)), () => json({ Message: 'no session' }, 401)],
      'GET /api/x': () => json({ Message: 'no' }, 401),
    });
    await expect(client.get('x')).rejects.toBeInstanceOf(UnauthorizedError);
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('does not apply the 401 handling to anonymous calls', async () => {
    const { client, server, tokenCalls } = setup({ 'GET /api/x': () => json({ Message: 'no' }, 401) });
    await expect(client.get('x', { anonymous: true })).rejects.toBeInstanceOf(UnauthorizedError);
    expect(server.callsTo('GET', '/api/x')).toHaveLength(1);
    expect(tokenCalls()).toHaveLength(0);
  });
});

describe('ApiClient 503 handling', () => {
  it(`retries a 503: ${RETRY_503_ATTEMPTS} attempts in total, ${RETRY_503_DELAY_MS} ms apart`, async () => {
    const unavailable = () => json({ Message: 'busy' }, 503);
    const { client, server, delay } = setup({ 'GET /api/x': [unavailable, unavailable, () => json('ok')] });
    await expect(client.get('x')).resolves.toBe('ok');
    expect(server.callsTo('GET', '/api/x')).toHaveLength(3);
    expect(delay).toHaveBeenCalledTimes(2);
    expect(delay.mock.calls.map((c) => c[0])).toEqual([20_000, 20_000]);
  });

  it('fails with a warning after the third 503', async () => {
    const { client, server, delay, log } = setup({ 'GET /api/x': () => json({ Message: 'busy' }, 503) });
    const err = await client.get('x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseError);
    expect((err as ResponseError).status).toBe(503);
    expect(server.callsTo('GET', '/api/x')).toHaveLength(3);
    expect(delay).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('waits 20 000 ms between attempts with the default delay', async () => {
    vi.useFakeTimers();
    const server = fakeFetch({ 'GET /api/x': [() => json(null, 503), () => json('ok')] });
    const client = createApiClient({ fetch: server.fetch, storage: null, log: silentLog() });
    const result = client.get('x', { anonymous: true });
    await vi.advanceTimersByTimeAsync(19_999);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('ok');
    expect(server.calls).toHaveLength(2);
  });

  it('does not retry other server errors', async () => {
    const { client, server } = setup({ 'GET /api/x': () => json({ Message: 'boom' }, 500) });
    await expect(client.get('x')).rejects.toMatchObject({ status: 500, message: 'boom' });
    expect(server.callsTo('GET', '/api/x')).toHaveLength(1);
  });
});

describe('ApiClient method compatibility', () => {
  const KEY = 'apex.api.method-support:/api/';
  const blockedPatchAndDelete = {
    'PUT /api/services/shim-tests/http-put': () => json(true),
    'PATCH /api/services/shim-tests/http-patch': () => json({ Message: 'Method not allowed' }, 405),
    'DELETE /api/services/shim-tests/http-delete': (): Response => {
      throw new TypeError('Failed to fetch');
    },
  };

  it('probes PUT, PATCH and DELETE and overrides the blocked ones with POST + X-HTTP-Method-Override', async () => {
    const mirror = vi.fn(async () => {});
    const { client, server, storage, tokenCalls } = setup(
      {
        ...blockedPatchAndDelete,
        'PUT /api/leads/1': () => json(true),
        'POST /api/leads/1': () => json(true),
      },
      { mirror },
    );
    const support = await client.probeMethods();
    expect(support).toMatchObject({ PUT: true, PATCH: false, DELETE: false });
    expect(tokenCalls()).toHaveLength(0); // the probe is anonymous

    expect(JSON.parse(storage.data.get(KEY)!)).toMatchObject({ PUT: true, PATCH: false, DELETE: false });
    expect(mirror).toHaveBeenCalledWith(expect.objectContaining({ PUT: true, PATCH: false, DELETE: false }));

    await client.put('leads/1', { a: 1 });
    await client.patch('leads/1', { b: 2 });
    await client.delete('leads/1');
    expect(server.callsTo('PUT', '/api/leads/1')).toHaveLength(1);
    const posts = server.callsTo('POST', '/api/leads/1');
    expect(posts.map((c) => c.headers.get('X-HTTP-Method-Override'))).toEqual(['PATCH', 'DELETE']);
    expect(JSON.parse(String(posts[0].body))).toEqual({ b: 2 });
  });

  it('sends every method as itself when all probes pass', async () => {
    const { client, server } = setup({
      'PUT /api/services/shim-tests/http-put': () => json(true),
      'PATCH /api/services/shim-tests/http-patch': () => json(true),
      'DELETE /api/services/shim-tests/http-delete': () => json(true),
      'DELETE /api/leads/1': () => json(true),
    });
    await client.probeMethods();
    await client.delete('leads/1');
    expect(server.callsTo('DELETE', '/api/leads/1')).toHaveLength(1);
    expect(server.callsTo('DELETE', '/api/leads/1')[0].headers.has('X-HTTP-Method-Override')).toBe(false);
  });

  it('reuses a stored outcome on the next start without probing, and re-probes on demand', async () => {
    const storage = memoryStorage({
      [KEY]: JSON.stringify({ PUT: false, PATCH: true, DELETE: true, checkedAt: '2026-01-01T00:00:00.000Z' }),
    });
    const mirror = vi.fn(async () => {});
    const { client, server } = setup(
      {
        'POST /api/leads/1': () => json(true),
        'PUT /api/services/shim-tests/http-put': () => json(true),
        'PATCH /api/services/shim-tests/http-patch': () => json(true),
        'DELETE /api/services/shim-tests/http-delete': () => json(true),
      },
      { storage, mirror },
    );
    // applies from the first call, even before probeMethods()
    await client.put('leads/1', {});
    expect(server.callsTo('POST', '/api/leads/1')[0].headers.get('X-HTTP-Method-Override')).toBe('PUT');

    await client.probeMethods();
    expect(server.calls.filter((c) => c.url.includes('shim-tests'))).toHaveLength(0);
    expect(mirror).toHaveBeenCalledWith(expect.objectContaining({ PUT: false }));

    const again = await client.probeMethods({ force: true });
    expect(again).toMatchObject({ PUT: true, PATCH: true, DELETE: true });
    expect(server.calls.filter((c) => c.url.includes('shim-tests'))).toHaveLength(3);
    expect(JSON.parse(storage.data.get(KEY)!)).toMatchObject({ PUT: true });
  });

  it('makes calls wait for a probe under way', async () => {
    let releaseProbe: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      releaseProbe = resolve;
    });
    const { client, server } = setup({
      'PUT /api/services/shim-tests/http-put': async () => {
        await gate;
        return json({ Message: 'blocked' }, 405);
      },
      'PATCH /api/services/shim-tests/http-patch': () => json(true),
      'DELETE /api/services/shim-tests/http-delete': () => json(true),
      'POST /api/leads/1': () => json(true),
    });
    const probe = client.probeMethods();
    const call = client.put('leads/1', {});
    await new Promise((r) => setTimeout(r, 0));
    releaseProbe();
    await probe;
    await call;
    expect(server.callsTo('PUT', '/api/leads/1')).toHaveLength(0);
    expect(server.callsTo('POST', '/api/leads/1')[0].headers.get('X-HTTP-Method-Override')).toBe('PUT');
  });

  it('does not store an outcome when no probe reached the server (offline start), but overrides meanwhile', async () => {
    const fail = (): Response => {
      throw new TypeError('Failed to fetch');
    };
    const mirror = vi.fn(async () => {});
    const { client, storage } = setup(
      {
        'PUT /api/services/shim-tests/http-put': fail,
        'PATCH /api/services/shim-tests/http-patch': fail,
        'DELETE /api/services/shim-tests/http-delete': fail,
      },
      { mirror },
    );
    const support = await client.probeMethods();
    expect(support).toMatchObject({ PUT: false, PATCH: false, DELETE: false });
    expect(storage.data.has(KEY)).toBe(false);
    expect(mirror).not.toHaveBeenCalled();
  });

  it('does not fail the probe when the mirror fails', async () => {
    const { client, log } = setup(
      {
        'PUT /api/services/shim-tests/http-put': () => json(true),
        'PATCH /api/services/shim-tests/http-patch': () => json(true),
        'DELETE /api/services/shim-tests/http-delete': () => json(true),
      },
      { mirror: async () => Promise.reject(new Error('idb closed')) },
    );
    await expect(client.probeMethods()).resolves.toMatchObject({ PUT: true });
    expect(log.warn).toHaveBeenCalled();
  });
});

describe('ApiClient paging', () => {
  it('sends pageSize with paged requests', async () => {
    const { client, server } = setup({
      'GET /api/payrolls/page/2': () => json({ Items: [] }),
      'GET /api/time-entries': () => json({ Items: [] }),
    });
    await client.getPage('payrolls', 2, { pageSize: 50, query: { owner: 'A' } });
    expect(server.callsTo('GET', '/api/payrolls/page/2')[0].url).toBe(
      '/api/payrolls/page/2?owner=A&pageSize=50',
    );
    await client.getPaged('time-entries', 0, { pageSize: 25 });
    expect(server.callsTo('GET', '/api/time-entries')[0].url).toBe(
      '/api/time-entries?pageIndex=0&pageSize=25',
    );
  });

  it('warns about and refuses an invalid page number or size', async () => {
    const { client, log, server } = setup();
    expect(() => client.getPage('payrolls', -1, { pageSize: 10 })).toThrow(RangeError);
    expect(() => client.getPage('payrolls', 1, { pageSize: 0 })).toThrow(RangeError);
    expect(() => client.getPaged('payrolls', 1.5, { pageSize: 10 })).toThrow(RangeError);
    expect(log.warn).toHaveBeenCalledTimes(3);
    expect(server.calls).toHaveLength(0);
  });
});

describe('ApiClient early requests', () => {
  it('takes over a GET started early: the first identical call parses it as its own, once', async () => {
    const { client, server } = setup(
      { 'GET /api/time-entries/clock-lookups': () => json({ Offices: ['late'] }) },
      {
        early: { gets: { '/api/time-entries/clock-lookups': Promise.resolve(json({ Offices: ['early'] })) } },
      },
    );
    const schema = z.object({ Offices: z.array(z.string()) });
    expect(await client.get('time-entries/clock-lookups', { schema })).toEqual({ Offices: ['early'] });
    expect(server.callsTo('GET', '/api/time-entries/clock-lookups')).toHaveLength(0);
    // Handed out once: the next call asks the server.
    expect(await client.get('time-entries/clock-lookups', { schema })).toEqual({ Offices: ['late'] });
    expect(server.callsTo('GET', '/api/time-entries/clock-lookups')).toHaveLength(1);
  });

  it('sends again what failed early, and keeps error answers the call’s own', async () => {
    const { client, server } = setup(
      { 'GET /api/a': () => json({ ok: true }) },
      {
        early: {
          gets: {
            '/api/a': Promise.resolve(null),
            '/api/b': Promise.resolve(json({ Message: 'No such week' }, 404)),
          },
        },
      },
    );
    expect(await client.get('a')).toEqual({ ok: true });
    expect(server.callsTo('GET', '/api/a')).toHaveLength(1);
    await expect(client.get('b')).rejects.toMatchObject({ status: 404 });
    expect(server.callsTo('GET', '/api/b')).toHaveLength(0);
  });

  it('an anonymous GET started early is taken only by the same anonymous call', async () => {
    const { client, server, tokenCalls } = setup(
      { 'GET /api/onboarding-divisions': () => json(['late']) },
      { early: { anonymousGets: { '/api/onboarding-divisions': Promise.resolve(json(['early'])) } } },
    );
    // A signed-in call of the same path does not take the anonymous answer.
    expect(await client.get('onboarding-divisions')).toEqual(['late']);
    expect(await client.get('onboarding-divisions', { anonymous: true })).toEqual(['early']);
    expect(server.callsTo('GET', '/api/onboarding-divisions')).toHaveLength(1);
    expect(await client.get('onboarding-divisions', { anonymous: true })).toEqual(['late']);
    expect(tokenCalls()).toHaveLength(1);
  });

  it('uses the token request started early, and asks again when it failed', async () => {
    const issued = jwt({ sub: '6', iat: NOW / 1000, exp: NOW / 1000 + 600 });
    const { client, tokenCalls, server } = setup(
      { 'GET /api/x': (call) => json(call.headers.get('Authorization')) },
      { early: { token: Promise.resolve(json(issued)) } },
    );
    expect(await client.get('x')).toBe(`Bearer ${issued}`);
    expect(tokenCalls()).toHaveLength(0);
    expect(server.callsTo('GET', '/api/x')).toHaveLength(1);

    const other = setup({}, { early: { token: Promise.resolve(null) } });
    await other.client.getToken();
    expect(other.tokenCalls()).toHaveLength(1);
  });
});

describe('ApiClient probe on first use', () => {
  it('probes before the first PUT when nothing is known, and overrides a blocked method', async () => {
    const { client, server } = setup(
      {
        'PUT /api/services/shim-tests/http-put': () => json({ Message: 'Method not allowed' }, 405),
        'PATCH /api/services/shim-tests/http-patch': () => json(true),
        'DELETE /api/services/shim-tests/http-delete': () => json(true),
        'POST /api/preferences': () => json(true),
      },
      { probeOnFirstUse: true },
    );
    await client.put('preferences', { a: 1 });
    expect(server.callsTo('PUT', '/api/services/shim-tests/http-put')).toHaveLength(1);
    expect(server.callsTo('PUT', '/api/preferences')).toHaveLength(0);
    const post = server.callsTo('POST', '/api/preferences')[0];
    expect(post.headers.get('X-HTTP-Method-Override')).toBe('PUT');
  });
});
