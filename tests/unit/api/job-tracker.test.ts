import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/api-client';
import { hasKeptJobs } from '../../../src/api/job-storage';
import {
  createJobTracker,
  JOB_POLL_INTERVAL_MS,
  type Job,
  type JobId,
  type JobKind,
  JobTracker,
  type JobUpdate,
  jobTrackerStorageKey,
} from '../../../src/api/job-tracker';
import { fakeFetch, json, memoryStorage, NOW, silentLog, tokenAt } from './helpers';

const KEY = 'apex.jobs:/api/';
const job = (Id: number, JobStatus: number, Messages: string[] = []): Job => ({ Id, JobStatus, Messages });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

/** A tracker whose server answers each job from a script (the last answer repeats). */
function setup(script: Record<string, Array<Job | null | Error>>, storage = memoryStorage()) {
  const calls: string[] = [];
  const fetchJob = vi.fn(async (kind: JobKind, id: JobId) => {
    const key = `${kind}:${id}`;
    calls.push(key);
    const answers = script[key] ?? [null];
    const answer = answers.length > 1 ? answers.shift()! : answers[0];
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const log = silentLog();
  const tracker = new JobTracker({ fetchJob, storage, storageKey: KEY, log });
  const updates: JobUpdate[] = [];
  tracker.subscribe((update) => updates.push(update));
  return { tracker, fetchJob, calls, updates, storage, log };
}

describe('JobTracker', () => {
  it(`polls every ${JOB_POLL_INTERVAL_MS} ms`, async () => {
    expect(JOB_POLL_INTERVAL_MS).toBe(5000);
    const { tracker, fetchJob } = setup({ 'report:9': [job(9, 2)] });
    tracker.track('report', 9);
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetchJob).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchJob).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchJob).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchJob).toHaveBeenCalledTimes(4);
  });

  it('keeps the tracked jobs in storage', () => {
    const { tracker, storage } = setup({});
    tracker.track('leadBatch', 5);
    tracker.track('report', 9);
    tracker.track('report', 9);
    expect(JSON.parse(storage.data.get(KEY)!)).toEqual([
      { kind: 'leadBatch', id: 5, job: null },
      { kind: 'report', id: 9, job: null },
    ]);
    tracker.untrack('leadBatch', 5);
    expect(tracker.list().map((j) => j.id)).toEqual([9]);
  });

  it('tells subscribers only when the id, status or message count changes', async () => {
    const { tracker, updates } = setup({
      'leadBatch:5': [
        job(5, 1),
        job(5, 1),
        job(5, 2),
        job(5, 2, ['10 located']),
        job(5, 2, ['20 located']), // same count: no news
        job(6, 2, ['20 located']), // another Id
        job(6, 4, ['20 located']),
      ],
    });
    tracker.track('leadBatch', 5);
    await vi.advanceTimersByTimeAsync(7 * 5000);
    expect(updates.map((u) => [u.job?.Id, u.job?.JobStatus, u.job?.Messages.length])).toEqual([
      [5, 1, 0],
      [5, 2, 0],
      [5, 2, 1],
      [6, 2, 1],
      [6, 4, 1],
    ]);
    expect(updates[1].previous).toEqual(job(5, 1));
    expect(updates.map((u) => u.finished)).toEqual([false, false, false, false, true]);
  });

  it.each([
    ['Succeeded', 4],
    ['Failed', 3],
  ])('stops tracking a job that %s', async (_name, status) => {
    const { tracker, fetchJob, updates, storage } = setup({
      'report:9': [job(9, 2), job(9, status, ['done'])],
    });
    tracker.track('report', 9);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(updates.at(-1)).toMatchObject({
      kind: 'report',
      id: 9,
      finished: true,
      job: { JobStatus: status },
    });
    expect(tracker.list()).toEqual([]);
    expect(storage.data.has(KEY)).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchJob).toHaveBeenCalledTimes(2);
  });

  it('stops tracking a job the server returns nothing for, and says so once', async () => {
    const { tracker, fetchJob, updates } = setup({ 'report:9': [job(9, 1), null] });
    tracker.track('report', 9);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(updates.at(-1)).toMatchObject({ id: 9, job: null, previous: job(9, 1), finished: false });
    expect(tracker.list()).toEqual([]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchJob).toHaveBeenCalledTimes(2);
    expect(updates).toHaveLength(2);
  });

  it('keeps tracking through a failed poll and tries again 5000 ms later', async () => {
    const { tracker, fetchJob, updates, log } = setup({
      'report:9': [new TypeError('Failed to fetch'), job(9, 4)],
    });
    tracker.track('report', 9);
    await vi.advanceTimersByTimeAsync(5000);
    expect(tracker.list()).toHaveLength(1);
    expect(updates).toHaveLength(0);
    expect(log.warn).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchJob).toHaveBeenCalledTimes(2);
    expect(updates[0]).toMatchObject({ finished: true });
  });

  it('polls several jobs of both kinds, each dropped on its own', async () => {
    const { tracker, updates } = setup({
      'leadBatch:5': [job(5, 2), job(5, 4)],
      'report:9': [job(9, 2)],
    });
    tracker.track('leadBatch', 5);
    tracker.track('report', 9);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tracker.list()).toEqual([{ kind: 'report', id: 9, job: job(9, 2) }]);
    expect(updates.map((u) => `${u.kind}:${u.id}:${u.job?.JobStatus}`)).toEqual([
      'leadBatch:5:2',
      'report:9:2',
      'leadBatch:5:4',
    ]);
  });

  it('survives a reload: a new tracker re-reads the storage on start, without repeating old news', async () => {
    const storage = memoryStorage();
    const first = setup({ 'report:9': [job(9, 2, ['a'])] }, storage);
    first.tracker.track('report', 9);
    await vi.advanceTimersByTimeAsync(5000);
    expect(first.updates).toHaveLength(1);
    first.tracker.stop();

    const second = setup({ 'report:9': [job(9, 2, ['a']), job(9, 4, ['a', 'b'])] }, storage);
    expect(second.tracker.list()).toEqual([{ kind: 'report', id: 9, job: job(9, 2, ['a']) }]);
    second.tracker.start();
    await vi.advanceTimersByTimeAsync(5000);
    expect(second.fetchJob).toHaveBeenCalledTimes(1);
    expect(second.updates).toHaveLength(0); // unchanged since before the reload
    await vi.advanceTimersByTimeAsync(5000);
    expect(second.updates).toEqual([
      { kind: 'report', id: 9, job: job(9, 4, ['a', 'b']), previous: job(9, 2, ['a']), finished: true },
    ]);
  });

  it('does not poll when nothing is tracked, and stop() stops polling', async () => {
    const { tracker, fetchJob } = setup({ 'report:9': [job(9, 2)] });
    tracker.start();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchJob).not.toHaveBeenCalled();
    tracker.track('report', 9);
    tracker.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchJob).not.toHaveBeenCalled();
  });

  it('ignores a job untracked while its poll was under way', async () => {
    const { tracker, updates } = setup({ 'report:9': [job(9, 2)] });
    tracker.track('report', 9);
    const poll = tracker.pollNow();
    tracker.untrack('report', 9);
    await poll;
    expect(updates).toHaveLength(0);
    expect(tracker.list()).toEqual([]);
  });
});

describe('createJobTracker (through the ApiClient)', () => {
  function clientWith(routes: Parameters<typeof fakeFetch>[0]) {
    const server = fakeFetch({ 'POST /api/auth/token': () => json(tokenAt(NOW)), ...routes });
    const client = createApiClient({ fetch: server.fetch, now: () => NOW, storage: null, log: silentLog() });
    return { server, client };
  }

  it('reads lead-batch jobs at lead-batch-jobs/{id} and report jobs at v1/report-jobs/{id}, in localStorage', async () => {
    const { server, client } = clientWith({
      'GET /api/lead-batch-jobs/5': () => json({ Id: 5, JobStatus: 2, Messages: [], ProcessedCount: 3 }),
      'GET /api/v1/report-jobs/9': () => json({ Id: 9, JobStatus: 1, Messages: null }),
    });
    const tracker = createJobTracker(client, { log: silentLog() });
    const updates: JobUpdate[] = [];
    tracker.subscribe((u) => updates.push(u));
    tracker.track('leadBatch', 5);
    tracker.track('report', 9);
    expect(jobTrackerStorageKey('/api/')).toBe(KEY);
    expect(localStorage.getItem(KEY)).not.toBeNull();
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.callsTo('GET', '/api/lead-batch-jobs/5')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/v1/report-jobs/9')).toHaveLength(1);
    expect(updates.map((u) => u.job)).toEqual([
      { Id: 5, JobStatus: 2, Messages: [], ProcessedCount: 3 },
      { Id: 9, JobStatus: 1, Messages: [] },
    ]);
    tracker.stop();
  });

  it.each([
    ['204', () => new Response(null, { status: 204 })],
    [
      'an empty body',
      () => new Response('', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    ],
    ['404', () => json({ Message: 'Not found.' }, 404)],
  ])('drops a job when the server answers %s', async (_name, answer) => {
    const { client } = clientWith({ 'GET /api/v1/report-jobs/9': answer });
    const tracker = createJobTracker(client, { log: silentLog() });
    const updates: JobUpdate[] = [];
    tracker.subscribe((u) => updates.push(u));
    tracker.track('report', 9);
    await vi.advanceTimersByTimeAsync(5000);
    expect(tracker.list()).toEqual([]);
    expect(updates).toEqual([{ kind: 'report', id: 9, job: null, previous: null, finished: false }]);
  });

  it('keeps a job when the server fails with a 500', async () => {
    const { client } = clientWith({ 'GET /api/v1/report-jobs/9': () => json({ Message: 'boom' }, 500) });
    const tracker = createJobTracker(client, { log: silentLog() });
    tracker.track('report', 9);
    await vi.advanceTimersByTimeAsync(5000);
    expect(tracker.list()).toHaveLength(1);
    tracker.stop();
  });
});

describe('hasKeptJobs (whether the app loads the tracker at start)', () => {
  it('sees the jobs a tracker keeps under its root, and nothing once they are done', async () => {
    const storage = memoryStorage();
    const tracker = new JobTracker({
      fetchJob: async () => job(4, 4),
      storage,
      storageKey: jobTrackerStorageKey('/api/'),
      log: silentLog(),
    });
    expect(hasKeptJobs('/api/', storage)).toBe(false);
    tracker.track('report', 4);
    expect(hasKeptJobs('/api/', storage)).toBe(true);
    expect(hasKeptJobs('/other/', storage)).toBe(false);
    await tracker.pollNow();
    expect(hasKeptJobs('/api/', storage)).toBe(false);
  });

  it('finds none in storage that cannot be read', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(hasKeptJobs('/api/', throwing)).toBe(false);
    expect(hasKeptJobs('/api/', null)).toBe(false);
  });
});
