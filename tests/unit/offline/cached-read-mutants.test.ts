// Reads kept for offline use: a fresh answer is kept per user and returned as fresh; without a
// connection the kept copy answers, with its age; any other failure, or no kept copy, is the caller's.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedRead } from '../../../src/offline/cached-read';
import { readCache, writeCache } from '../../../src/offline/db';

const FETCHED = Date.UTC(2030, 0, 7, 9, 0, 0);
let n = 0;
let key: string;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(FETCHED);
  key = `probe-${++n}`;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const offlineError = () => Object.assign(new Error('Failed to fetch'), { name: 'TypeError' });

describe('cachedRead', () => {
  it('returns a fresh answer as fresh and keeps it for this user', async () => {
    const result = await cachedRead('u1', key, async () => ({ rows: [1, 2] }));
    expect(result).toEqual({ data: { rows: [1, 2] }, fetchedAt: FETCHED, fromCache: false });
    expect(await readCache('u1', key)).toEqual({ data: { rows: [1, 2] }, fetchedAt: FETCHED });
    expect(await readCache('u2', key)).toBeUndefined();
  });

  it('answers from the kept copy when the network fails, with the copy’s age, parsed', async () => {
    await writeCache('u1', key, { when: '2030-01-01' }, FETCHED - 60_000);
    vi.setSystemTime(FETCHED + 3_600_000);
    const result = await cachedRead(
      'u1',
      key,
      async () => {
        throw offlineError();
      },
      (raw) => ({ parsed: (raw as { when: string }).when }),
    );
    expect(result).toEqual({ data: { parsed: '2030-01-01' }, fetchedAt: FETCHED - 60_000, fromCache: true });
  });

  it('without a parser the kept copy is returned as kept', async () => {
    await writeCache('u1', key, [3, 4], FETCHED - 1);
    const aborted = Object.assign(new Error('gone'), { name: 'AbortedConnectionError' });
    const result = await cachedRead('u1', key, async () => {
      throw aborted;
    });
    expect(result).toEqual({ data: [3, 4], fetchedAt: FETCHED - 1, fromCache: true });
  });

  it('any failure counts as offline while the browser says it is offline', async () => {
    await writeCache('u1', key, 'kept', FETCHED - 5);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const result = await cachedRead('u1', key, async () => {
      throw new Error('HTTP 500');
    });
    expect(result).toMatchObject({ data: 'kept', fromCache: true });
  });

  it('passes on a server error while online, even with a kept copy', async () => {
    await writeCache('u1', key, 'kept', FETCHED - 5);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const refused = Object.assign(new Error('Forbidden'), { name: 'ApiError' });
    await expect(
      cachedRead('u1', key, async () => {
        throw refused;
      }),
    ).rejects.toBe(refused);
    await expect(
      cachedRead('u1', key, async () => {
        throw null;
      }),
    ).rejects.toBeNull();
  });

  it('passes on the network failure when nothing was kept', async () => {
    const error = offlineError();
    await expect(
      cachedRead('u1', key, async () => {
        throw error;
      }),
    ).rejects.toBe(error);
  });
});
