// The sync engine's answers to the edges of a server response: boundaries of each status class, the
// message a user reads for a refusal, the wait before a retry, summaries, and the per-name lock.
import { describe, expect, it } from 'vitest';
import { createMemoryLocks, syncLockName } from '../../../src/offline/sync-platform';
import {
  backoffDelay,
  classifyResponse,
  DEFAULT_BACKOFF,
  isSummary,
  responseMessage,
} from '../../../src/offline/sync-protocol';

describe('status classes at their boundaries', () => {
  it.each([
    [199, 'rejected'],
    [201, 'ack'],
    [299, 'ack'],
    [300, 'rejected'],
    [304, 'rejected'],
    [410, 'rejected'],
    [499, 'rejected'],
    [501, 'retry'],
    [505, 'retry'],
    [599, 'retry'],
  ])('%i is %s', (status, outcome) => {
    expect(classifyResponse({ status, body: null })).toBe(outcome);
  });

  it('a 409 is a conflict unless the key is still being processed', () => {
    expect(
      classifyResponse({ status: 409, body: { Code: 'Other' }, headers: { 'idempotency-status': 'done' } }),
    ).toBe('conflict');
    expect(classifyResponse({ status: 412, body: { Code: 'IdempotencyKeyInProgress' } })).toBe('conflict');
    expect(classifyResponse({ status: 409, body: 'IdempotencyKeyInProgress' })).toBe('conflict');
  });
});

describe('the message of a refusal', () => {
  it("is the server's Message, else a short text body, else the status", () => {
    expect(responseMessage({ status: 422, body: { Message: 'Notes are required.' } })).toBe(
      'Notes are required.',
    );
    expect(responseMessage({ status: 422, body: { Message: '   ' } })).toBe('HTTP 422');
    expect(responseMessage({ status: 422, body: { Message: 42 } })).toBe('HTTP 422');
    expect(responseMessage({ status: 502, body: 'Bad gateway' })).toBe('Bad gateway');
    expect(responseMessage({ status: 502, body: '  ' })).toBe('HTTP 502');
    expect(responseMessage({ status: 502, body: 'x'.repeat(299) })).toBe('x'.repeat(299));
    expect(responseMessage({ status: 502, body: 'x'.repeat(300) })).toBe('HTTP 502');
    expect(responseMessage({ status: 500, body: null })).toBe('HTTP 500');
  });
});

describe('the wait before a retry', () => {
  it('starts at one second and stops growing at five minutes by default', () => {
    expect(backoffDelay(1, () => 1)).toBe(1_000);
    expect(backoffDelay(0, () => 1)).toBe(1_000);
    expect(backoffDelay(2, () => 0.5)).toBe(1_500);
    expect(backoffDelay(30, () => 1)).toBe(300_000);
    expect(DEFAULT_BACKOFF).toEqual({ baseMs: 1_000, maxMs: 300_000 });
  });

  it("honours the server's Retry-After up to the cap", () => {
    const base = { baseMs: 1000, maxMs: 60_000 };
    expect(backoffDelay(1, () => 1, base, 200)).toBe(1_000);
    expect(backoffDelay(1, () => 0, base, 120_000)).toBe(60_000);
  });
});

describe('summaries and locks', () => {
  it('a summary is an object saying Summary: true', () => {
    expect(isSummary({ Summary: true, TimeEntryID: 9 })).toBe(true);
    for (const body of [{ Summary: 'true' }, { Summary: false }, {}, null, 'Summary', true])
      expect(isSummary(body)).toBe(false);
  });

  it("names the lock after the user, so two users' tabs never wait on each other", () => {
    expect(syncLockName('u1')).toBe('apex-sync-u1');
    expect(syncLockName('u2')).not.toBe(syncLockName('u1'));
  });

  it('runs callbacks of one name one after another, of different names side by side, even after a failure', async () => {
    const locks = createMemoryLocks();
    const order: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = locks.request('a', async () => {
      order.push('a1 start');
      await gate;
      order.push('a1 end');
      throw new Error('a1 failed');
    });
    const second = locks.request('a', async () => {
      order.push('a2');
      return 'a2 done';
    });
    const other = locks.request('b', async () => {
      order.push('b');
      return 'b done';
    });
    expect(await other).toBe('b done');
    expect(order).toEqual(['a1 start', 'b']);
    release();
    await expect(first).rejects.toThrow('a1 failed');
    expect(await second).toBe('a2 done');
    expect(order).toEqual(['a1 start', 'b', 'a1 end', 'a2']);
    expect(await locks.request('a', async () => 'again')).toBe('again');
  });
});
