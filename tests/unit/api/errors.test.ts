import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AbortedConnectionError,
  alertError,
  classifyError,
  errorMessage,
  InvalidResponseError,
  ResponseError,
  UnauthorizedError,
} from '../../../src/api/errors';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('errorMessage', () => {
  const full = {
    data: { Message: 'from data' },
    message: 'from message',
    innerException: { message: 'from inner' },
    Message: 'from Message',
    Messages: ['one', 'two'],
    statusText: 'from statusText',
    status: 418,
  };

  it('takes the first present of: nested data, message, inner exception, Message, Messages, status text, status', () => {
    expect(errorMessage(full)).toBe('from data');
    const { data: _d, ...noData } = full;
    expect(errorMessage(noData)).toBe('from message');
    const { message: _m, ...noMessage } = noData;
    expect(errorMessage(noMessage)).toBe('from inner');
    const { innerException: _i, ...noInner } = noMessage;
    expect(errorMessage(noInner)).toBe('from Message');
    const { Message: _s, ...noServerMessage } = noInner;
    expect(errorMessage(noServerMessage)).toBe('one, two');
    const { Messages: _l, ...noMessages } = noServerMessage;
    expect(errorMessage(noMessages)).toBe('from statusText');
    const { statusText: _t, ...onlyStatus } = noMessages;
    expect(errorMessage(onlyStatus)).toBe('418');
  });

  it('reads nested data recursively and as plain text', () => {
    expect(errorMessage({ data: { data: { Messages: ['a', 'b', 'c'] } } })).toBe('a, b, c');
    expect(errorMessage({ data: 'Plain text body', message: 'x' })).toBe('Plain text body');
    expect(errorMessage({ error: { message: 'nested error' }, message: 'outer' })).toBe('nested error');
    // a string `error` (Fastify's 'Bad Request') is not nested data: the message wins
    expect(errorMessage({ error: 'Bad Request', message: 'Body is not valid' })).toBe('Body is not valid');
    // empty nested data falls through to the next step
    expect(errorMessage({ data: {}, message: 'm' })).toBe('m');
    expect(errorMessage({ data: '', statusText: 'Not Found', status: 404 })).toBe('Not Found');
  });

  it('reads the inner exception in its .NET and JavaScript spellings', () => {
    expect(errorMessage({ InnerException: { Message: 'dotnet inner' }, Message: 'outer' })).toBe(
      'dotnet inner',
    );
    expect(errorMessage(new Error('', { cause: new Error('the cause') }))).toBe('the cause');
  });

  it("reads 'The connection was reset or blocked' for a status of 0 or below", () => {
    expect(errorMessage({ status: 0, statusText: 'x', data: { Message: 'y' } })).toBe(
      'The connection was reset or blocked',
    );
    expect(errorMessage({ status: -1 })).toBe('The connection was reset or blocked');
    expect(errorMessage(new AbortedConnectionError({ aborted: false }))).toBe(
      'The connection was reset or blocked',
    );
  });

  it("reads 'The connection was aborted' for an aborted request", () => {
    expect(errorMessage(new AbortedConnectionError({ aborted: true }))).toBe('The connection was aborted');
    expect(errorMessage(new DOMException('The user aborted a request.', 'AbortError'))).toBe(
      'The connection was aborted',
    );
  });

  it('translates the connection texts when given a t function', () => {
    const t = (key: string) => `T(${key})`;
    expect(errorMessage(new AbortedConnectionError({ aborted: true }), { t })).toBe(
      'T(api.errors.connectionAborted)',
    );
    expect(errorMessage({ status: 0 }, { t })).toBe('T(api.errors.connectionReset)');
  });

  it('never returns an empty text', () => {
    expect(errorMessage(undefined)).toBe('Error');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(new Error(''))).not.toBe('');
  });
});

describe('error classes', () => {
  it('ResponseError carries status, status text, data and headers, and its message follows the rule', () => {
    const headers = new Headers({ 'Retry-After': '5' });
    const err = new ResponseError({
      status: 409,
      statusText: 'Conflict',
      data: { Message: 'Stale' },
      headers,
    });
    expect(err).toBeInstanceOf(Error);
    expect([err.status, err.statusText, err.data, err.headers.get('Retry-After')]).toEqual([
      409,
      'Conflict',
      { Message: 'Stale' },
      '5',
    ]);
    expect(err.message).toBe('Stale');
    expect(new ResponseError({ status: 502, statusText: 'Bad Gateway' }).message).toBe('Bad Gateway');
    expect(new ResponseError({ status: 502 }).message).toBe('502');
  });

  it('UnauthorizedError is a ResponseError with status 401', () => {
    const err = new UnauthorizedError({ data: { Message: 'Sign in to continue.' } });
    expect(err).toBeInstanceOf(ResponseError);
    expect(err.status).toBe(401);
    expect(errorMessage(err)).toBe('Sign in to continue.');
  });

  it('classifies failures once for retry decisions', () => {
    expect(classifyError(new AbortedConnectionError({ aborted: true }))).toBe('aborted');
    expect(classifyError(new AbortedConnectionError({ aborted: false }))).toBe('retryable');
    expect(classifyError(new ResponseError({ status: 503 }))).toBe('retryable');
    expect(classifyError(new ResponseError({ status: 500 }))).toBe('retryable');
    expect(classifyError(new ResponseError({ status: 429 }))).toBe('retryable');
    expect(classifyError(new UnauthorizedError())).toBe('needs-auth');
    expect(classifyError(new ResponseError({ status: 409 }))).toBe('conflict');
    expect(classifyError(new ResponseError({ status: 412 }))).toBe('conflict');
    expect(classifyError(new ResponseError({ status: 400 }))).toBe('rejected');
    expect(classifyError(new ResponseError({ status: 422 }))).toBe('rejected');
    expect(classifyError(new InvalidResponseError('/api/x', []))).toBe('rejected');
    expect(classifyError(new TypeError('bug'))).toBe('unknown');
  });
});

describe('alertError', () => {
  it("shows '<context>: <message>' and logs it as an error", () => {
    const notify = vi.fn();
    const log = { error: vi.fn(), warn: vi.fn() };
    const err = new ResponseError({
      status: 500,
      data: { Message: 'The server could not complete the request.' },
    });
    const shown = alertError('Saving the lead', err, { notify, log });
    expect(shown).toBe('Saving the lead: The server could not complete the request.');
    expect(notify).toHaveBeenCalledWith({ message: shown, level: 'error' });
    expect(log.error).toHaveBeenCalledWith(shown, err);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('logs an HTTP 400 at warning level', () => {
    const notify = vi.fn();
    const log = { error: vi.fn(), warn: vi.fn() };
    const err = new ResponseError({ status: 400, data: { Message: 'The request is not valid.' } });
    alertError('Saving', err, { notify, log });
    expect(log.warn).toHaveBeenCalledWith('Saving: The request is not valid.', err);
    expect(log.error).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith({ message: 'Saving: The request is not valid.', level: 'warning' });
  });

  it('uses a Mantine notification and the console by default', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    alertError('Loading', new AbortedConnectionError({ aborted: true }));
    // The notifications package is loaded on demand, so the notification follows a moment later.
    await vi.waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Loading: The connection was aborted' }),
      ),
    );
    expect(consoleError).toHaveBeenCalledWith(
      'Loading: The connection was aborted',
      expect.any(AbortedConnectionError),
    );
  });
});
