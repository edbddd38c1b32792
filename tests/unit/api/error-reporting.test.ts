import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/api-client';
import {
  configureErrorReporting,
  createClientErrorReporter,
  createErrorReporter,
  DialogCancelledError,
  isIgnoredError,
  MAX_REPORTS_PER_PAGE,
  reportError,
} from '../../../src/api/error-reporting';
import { AbortedConnectionError, ResponseError } from '../../../src/api/errors';
import {
  installGlobalErrorReporting,
  reportErrorsWith,
  reportError as reportThroughDoor,
} from '../../../src/api/report-error';
import { fakeFetch, json, NOW, silentLog, tokenAt } from './helpers';

afterEach(() => {
  configureErrorReporting(null);
});

function reporter(employeeId: string | null = '42') {
  const transport = vi.fn(async () => {});
  const log = { warn: vi.fn() };
  const instance = createErrorReporter({
    transport,
    getEmployeeId: () => employeeId,
    getUrl: () => 'https://apex.example/leads/12?email=ann@example.com#map',
    log,
  });
  return { instance, transport, log };
}

describe('error reporting', () => {
  it('ignores user-cancelled dialogs', async () => {
    const { instance, transport } = reporter();
    for (const err of [
      new DialogCancelledError(),
      'cancel',
      'backdrop click',
      'escape key press',
      { cancelled: true },
      { dismissed: true },
    ]) {
      expect(await instance.report(err)).toBe(false);
    }
    expect(transport).not.toHaveBeenCalled();
  });

  it('ignores aborted requests', async () => {
    const { instance, transport } = reporter();
    expect(await instance.report(new AbortedConnectionError({ aborted: true }))).toBe(false);
    expect(await instance.report(new AbortedConnectionError({ aborted: false }))).toBe(false);
    expect(await instance.report(new DOMException('The operation was aborted.', 'AbortError'))).toBe(false);
    expect(transport).not.toHaveBeenCalled();
  });

  it('ignores ResizeObserver loop noise', async () => {
    const { instance, transport } = reporter();
    expect(await instance.report(new Error('ResizeObserver loop limit exceeded'))).toBe(false);
    expect(await instance.report('ResizeObserver loop completed with undelivered notifications.')).toBe(
      false,
    );
    expect(transport).not.toHaveBeenCalled();
  });

  it('reports other errors with message, stack, URL (no query or fragment) and the employee id only', async () => {
    const { instance, transport } = reporter('42');
    const err = new TypeError('x is undefined');
    expect(await instance.report(err)).toBe(true);
    expect(transport).toHaveBeenCalledWith({
      message: 'x is undefined',
      stack: err.stack,
      url: 'https://apex.example/leads/12',
      employeeId: 42,
    });
    expect(await instance.report(new ResponseError({ status: 500, data: { Message: 'boom' } }))).toBe(true);
    expect(isIgnoredError(new Error('real bug'))).toBe(false);
  });

  it('leaves the employee id out when nobody is signed in', async () => {
    const { instance, transport } = reporter(null);
    await instance.report(new Error('boom'));
    expect(transport).toHaveBeenCalledWith(expect.not.objectContaining({ employeeId: expect.anything() }));
  });

  it('never throws when the transport fails', async () => {
    const log = { warn: vi.fn() };
    const instance = createErrorReporter({
      transport: async () => {
        throw new Error('offline');
      },
      getUrl: () => '/',
      log,
    });
    await expect(instance.report(new Error('boom'))).resolves.toBe(false);
    expect(log.warn).toHaveBeenCalled();
  });

  it('sends the same error once and caps reports per page', async () => {
    const { instance, transport } = reporter();
    const err = new Error('same');
    await instance.report(err);
    await instance.report(err);
    expect(transport).toHaveBeenCalledTimes(1);
    for (let i = 0; i < MAX_REPORTS_PER_PAGE + 10; i++) await instance.report(new Error(`e${i}`));
    expect(transport).toHaveBeenCalledTimes(MAX_REPORTS_PER_PAGE);
  });

  it('posts to client-errors through the ApiClient, anonymously, with the employee id of the token', async () => {
    const server = fakeFetch({
      'POST /api/auth/token': () =>
        json(tokenAt(NOW, { sub: '1234', name: 'Ann Smith', email: 'ann@example.com' })),
      'GET /api/x': () => json(1),
      'POST /api/client-errors': () => new Response(null, { status: 204 }),
    });
    const client = createApiClient({ fetch: server.fetch, now: () => NOW, storage: null, log: silentLog() });
    const instance = createClientErrorReporter(client, { getUrl: () => 'https://apex.example/home' });

    await instance.report(new Error('before sign-in'));
    await client.get('x'); // now signed in: a token is held
    await instance.report(new Error('after sign-in'));

    const posts = server.callsTo('POST', '/api/client-errors');
    expect(posts).toHaveLength(2);
    for (const post of posts) expect(post.headers.has('Authorization')).toBe(false);
    const [before, after] = posts.map((p) => JSON.parse(String(p.body)));
    expect(before.employeeId).toBeUndefined();
    expect(after).toMatchObject({
      message: 'after sign-in',
      url: 'https://apex.example/home',
      employeeId: 1234,
    });
    expect(JSON.stringify(after)).not.toMatch(/Ann|example\.com/);
  });

  it('does not throw when the server refuses the report', async () => {
    const server = fakeFetch({ 'POST /api/client-errors': () => json({ Message: 'no' }, 500) });
    const client = createApiClient({ fetch: server.fetch, storage: null, log: silentLog() });
    const instance = createClientErrorReporter(client, { getUrl: () => '/', log: { warn: vi.fn() } });
    await expect(instance.report(new Error('boom'))).resolves.toBe(false);
  });

  it('reportError() uses the configured reporter and does nothing before', async () => {
    await expect(reportError(new Error('early'))).resolves.toBe(false);
    const { instance, transport } = reporter();
    configureErrorReporting(instance);
    await expect(reportError(new Error('late'))).resolves.toBe(true);
    expect(transport).toHaveBeenCalledTimes(1);
  });

  it('reports uncaught errors and unhandled rejections of a window until uninstalled', async () => {
    const { instance, transport } = reporter();
    const target = new EventTarget();
    const uninstall = installGlobalErrorReporting(target as unknown as Window, instance.report);

    const error = new Error('uncaught');
    target.dispatchEvent(Object.assign(new Event('error'), { error, message: 'uncaught' }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('rejected') }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'cancel' }));
    target.dispatchEvent(
      Object.assign(new Event('error'), { error: null, message: 'ResizeObserver loop limit exceeded' }),
    );
    await vi.waitFor(() => expect(transport).toHaveBeenCalledTimes(2));
    expect(transport.mock.calls.map((c) => (c as unknown as [{ message: string }])[0].message)).toEqual([
      'uncaught',
      'rejected',
    ]);

    uninstall();
    target.dispatchEvent(Object.assign(new Event('error'), { error: new Error('after') }));
    await new Promise((r) => setTimeout(r, 0));
    expect(transport).toHaveBeenCalledTimes(2);
  });

  it('the app’s door sends nothing before its client is set, then loads the reporter and sends once', async () => {
    await expect(reportThroughDoor(new Error('too early'))).resolves.toBe(false);
    const post = vi.fn(async () => ({}));
    reportErrorsWith({ post, getEmployeeId: () => '7' });
    await expect(reportThroughDoor(new Error('door'))).resolves.toBe(true);
    await expect(reportThroughDoor(new DialogCancelledError())).resolves.toBe(false);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith(
      'client-errors',
      expect.objectContaining({ message: 'door', employeeId: 7 }),
      { anonymous: true },
    );
  });
});
