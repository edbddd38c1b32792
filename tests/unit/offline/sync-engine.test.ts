import { describe, expect, it } from 'vitest';
import { countPending, getDraft, listOutbox } from '../../../src/offline/db';
import { backoffDelay, classifyResponse, type SendRequest } from '../../../src/offline/sync-protocol';
import { createOffline, currentId, enqueueIn, harness, makeEngine, waitFor } from './offline-kit';

const U = 'u1';

function paths(requests: SendRequest[]): string[] {
  return requests.map((r) => `${r.method} ${r.path}`);
}

describe('ordering', () => {
  it('replays the outbox in the order it was queued', async () => {
    const h = harness();
    const a = await createOffline(h, U, { Notes: 'a' });
    const b = await createOffline(h, U, { Notes: 'b' });
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: a, Notes: 'a2' });
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: b, Notes: 'b2' });

    await h.engine.syncNow();

    expect(paths(h.server.received)).toEqual([
      'POST time-entries',
      'POST time-entries',
      'PUT time-entries/800',
      'PUT time-entries/801',
    ]);
    expect((h.server.received[0].body as { Notes: string }).Notes).toBe('a');
    expect(await listOutbox(U, h.db)).toEqual([]);
    expect([...h.server.entries.values()].map((e) => e.Notes)).toEqual(['a2', 'b2']);
  });

  it('keeps a blocked entity in order while other entities go on', async () => {
    const h = harness();
    h.server.entries.set(10, { TimeEntryID: 10, Notes: 'x', Version: 1 });
    h.server.entries.set(20, { TimeEntryID: 20, Notes: 'y', Version: 1 });
    const enqueue = enqueueIn(h, U);
    const rejected = await enqueue('timeEntry.update', { TimeEntryID: 10, Notes: 'reject' });
    await enqueue('timeEntry.update', { TimeEntryID: 20, Notes: 'y2' });
    const later = await enqueue('timeEntry.update', { TimeEntryID: 10, Notes: 'x3' });

    await h.engine.syncNow();

    // Entity 10 stopped at its rejected change; its later change was not sent before it.
    expect(paths(h.server.received)).toEqual(['PUT time-entries/10', 'PUT time-entries/20']);
    const rows = await listOutbox(U, h.db);
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [rejected.id, 'failed'],
      [later.id, 'pending'],
    ]);
    expect(h.server.entries.get(20)?.Notes).toBe('y2');

    // The user fixes the rejected change: both go, in order.
    await h.engine.edit(rejected.id, { TimeEntryID: 10, Notes: 'x2' });
    await h.engine.syncNow();
    expect(paths(h.server.received).slice(2)).toEqual(['PUT time-entries/10', 'PUT time-entries/10']);
    expect(h.server.received.slice(2).map((r) => (r.body as { Notes: string }).Notes)).toEqual(['x2', 'x3']);
    expect(await listOutbox(U, h.db)).toEqual([]);
  });

  it('holds a change that refers to an entity whose create has not been acknowledged', async () => {
    const h = harness();
    let outage = true;
    h.server.respond = (r) =>
      outage && r.method === 'POST' && (r.body as { Notes: string }).Notes === 'parent'
        ? { status: 500, body: null }
        : undefined;
    const parent = await createOffline(h, U, { Notes: 'parent' });
    await createOffline(h, U, { Notes: 'child', ParentTimeEntryID: parent });

    await h.engine.syncNow();
    // The parent's create failed (500, per-row retry); the child (another entity) must not go with -1.
    expect(paths(h.server.received)).toEqual(['POST time-entries']);
    expect(await countPending(U, h.db)).toBe(2);

    outage = false;
    await h.engine.syncNow();
    expect(h.server.leakedTempIds).toEqual([]);
    const child = [...h.server.entries.values()].find((e) => e.Notes === 'child');
    const parentRow = [...h.server.entries.values()].find((e) => e.Notes === 'parent');
    expect(child?.ParentTimeEntryID).toBe(parentRow?.TimeEntryID);
  });
});

describe('temporary ids', () => {
  it('rewrites later paths, bodies, args and the draft with the server id', async () => {
    const h = harness();
    const temp = await createOffline(h, U, { Notes: 'first', TimeZoneOffset: -300 });
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: temp, Notes: 'second', TimeZoneOffset: -300 });
    await createOffline(h, U, { Notes: 'break', ParentTimeEntryID: temp, TimeZoneOffset: -300 });

    const draftBefore = await getDraft(U, 'timeEntry', temp, h.db);
    expect(draftBefore).toMatchObject({ localId: temp, serverId: null, status: 'pending' });

    await h.engine.syncNow();

    expect(h.server.leakedTempIds).toEqual([]);
    expect(h.server.received[1]).toMatchObject({
      method: 'PUT',
      path: 'time-entries/800',
      body: { TimeEntryID: 800, Notes: 'second', TimeZoneOffset: -300 },
    });
    expect(h.server.received[2].body).toMatchObject({ ParentTimeEntryID: 800, TimeZoneOffset: -300 });

    // The draft moved to the server id and can still be found by its temporary id.
    const draft = await getDraft(U, 'timeEntry', temp, h.db);
    expect(draft).toMatchObject({ localId: 800, serverId: 800, tempId: temp, status: 'synced' });
    expect(draft?.data).toMatchObject({ TimeEntryID: 800, Notes: 'second' });
    const breakDraft = await getDraft(U, 'timeEntry', 801, h.db);
    expect(breakDraft?.data).toMatchObject({ ParentTimeEntryID: 800, TimeZoneOffset: -300 });
    expect(await currentId(h.db, U, temp)).toBe(800);
  });

  it('rewrites rows queued while the create is in flight', async () => {
    const h = harness();
    const temp = await createOffline(h, U, { Notes: 'first' });
    const enqueue = enqueueIn(h, U);
    const inner = h.server.send;
    h.engine = makeEngine(
      {
        db: h.db,
        registry: h.registry,
        clock: h.clock,
        send: async (request) => {
          if (request.method === 'POST')
            await enqueue('timeEntry.update', { TimeEntryID: temp, Notes: 'during' });
          return inner(request);
        },
      },
      {},
    ).engine;
    await h.engine.syncNow();
    expect(paths(h.server.received)).toEqual(['POST time-entries', 'PUT time-entries/800']);
    expect(await listOutbox(U, h.db)).toEqual([]);
  });
});

describe('idempotency keys', () => {
  it('sends the same key on every retry after a lost response, so the server applies it once', async () => {
    const h = harness();
    let lose = 2;
    const { engine } = makeEngine({
      db: h.db,
      registry: h.registry,
      clock: h.clock,
      send: async (request) => {
        const response = await h.server.send(request);
        if (lose > 0) {
          lose -= 1;
          throw new TypeError('Failed to fetch');
        }
        return response;
      },
    });
    const row = await enqueueIn(h, U)('timeEntry.create', { TimeEntryID: -1, Notes: 'once' });

    await engine.syncNow();
    await engine.syncNow();
    await engine.syncNow();

    expect(h.server.received.map((r) => r.key)).toEqual([
      row.idempotencyKey,
      row.idempotencyKey,
      row.idempotencyKey,
    ]);
    expect(h.server.received.map((r) => r.replayed)).toEqual([false, true, true]);
    expect(h.server.executed).toHaveLength(1);
    expect(h.server.entries.size).toBe(1);
    expect(await listOutbox(U, h.db)).toEqual([]);
  });

  it('gives a rejected change a new key when the user retries it', async () => {
    const h = harness();
    h.server.entries.set(5, { TimeEntryID: 5, Notes: 'n', Version: 1 });
    let blocked = true;
    h.server.respond = () => (blocked ? { status: 422, body: { Message: 'Pay period locked.' } } : undefined);
    const row = await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 5, Notes: 'late' });
    await h.engine.syncNow();
    const failed = (await listOutbox(U, h.db))[0];
    expect(failed).toMatchObject({ status: 'failed', lastError: 'Pay period locked.', lastStatus: 422 });

    blocked = false;
    await h.engine.retry(row.id);
    await h.engine.syncNow();
    expect(h.server.received[1].key).not.toBe(row.idempotencyKey);
    expect(h.server.entries.get(5)?.Notes).toBe('late');
    expect(await listOutbox(U, h.db)).toEqual([]);
  });
});

describe('error classes', () => {
  it.each([
    [200, 'ack'],
    [204, 'ack'],
    [400, 'rejected'],
    [403, 'rejected'],
    [404, 'rejected'],
    [422, 'rejected'],
    [401, 'auth'],
    [409, 'conflict'],
    [412, 'conflict'],
    [408, 'retry'],
    [500, 'retry'],
    [429, 'retry-all'],
    [502, 'retry-all'],
    [503, 'retry-all'],
    [504, 'retry-all'],
  ])('classifies %i as %s', (status, outcome) => {
    expect(classifyResponse({ status, body: null })).toBe(outcome);
  });

  it('treats a 409 for a key still being processed as retryable, not as a conflict', () => {
    expect(classifyResponse({ status: 409, body: {}, headers: { 'idempotency-status': 'processing' } })).toBe(
      'retry',
    );
    expect(classifyResponse({ status: 409, body: { Code: 'IdempotencyKeyInProgress' } })).toBe('retry');
  });

  it('backs off exponentially with jitter, capped', () => {
    const base = { baseMs: 1000, maxMs: 60_000 };
    expect(backoffDelay(1, () => 0, base)).toBe(500);
    expect(backoffDelay(1, () => 1, base)).toBe(1000);
    expect(backoffDelay(3, () => 1, base)).toBe(4000);
    expect(backoffDelay(20, () => 1, base)).toBe(60_000);
    expect(backoffDelay(20, () => 0, base)).toBe(30_000);
    expect(backoffDelay(1, () => 0, base, 10_000)).toBe(10_000);
  });

  it('on a network error or 503: keeps the row, backs off, stops the run, and wakes up on a timer', async () => {
    const h = harness();
    let down = true;
    h.server.respond = () => (down ? { status: 503, body: { Message: 'Maintenance' } } : undefined);
    await createOffline(h, U, { Notes: 'a' });
    await createOffline(h, U, { Notes: 'b' });

    await h.engine.start();
    expect(h.server.received).toHaveLength(1); // the second was not tried against a server that is down
    const [first] = await listOutbox(U, h.db);
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatus: 503,
      lastError: 'Maintenance',
    });
    expect(first.nextAttemptAt).toBeGreaterThan(h.clock.time);
    expect(h.clock.pendingTimers()).toBe(1);

    // The timer fires at the backoff time; the second failure waits longer.
    h.clock.advance(first.nextAttemptAt - h.clock.time);
    await waitFor(async () => (await listOutbox(U, h.db))[0].attempts === 2 && h.clock.pendingTimers() === 1);
    const second = (await listOutbox(U, h.db))[0];
    expect(second.nextAttemptAt - h.clock.time).toBeGreaterThan(first.nextAttemptAt - 1_000_000);

    down = false;
    h.clock.advance(second.nextAttemptAt - h.clock.time);
    await waitFor(async () => (await countPending(U, h.db)) === 0);
    expect(h.server.entries.size).toBe(2);
    await h.engine.stop();
  });

  it('on a 500 for one row, other entities still go', async () => {
    const h = harness();
    h.server.respond = (r) =>
      (r.body as { Notes?: string })?.Notes === 'boom' ? { status: 500, body: null } : undefined;
    await createOffline(h, U, { Notes: 'boom' });
    await createOffline(h, U, { Notes: 'fine' });
    await h.engine.syncNow();
    expect([...h.server.entries.values()].map((e) => e.Notes)).toEqual(['fine']);
    expect(await listOutbox(U, h.db)).toMatchObject([{ status: 'pending', attempts: 1, lastStatus: 500 }]);
  });

  it('on 400/422 marks the row failed with the server message and the draft failed', async () => {
    const h = harness();
    h.server.entries.set(7, { TimeEntryID: 7, Notes: 'n', Version: 1 });
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 7, Notes: 'reject' });
    await h.engine.syncNow();
    expect(await listOutbox(U, h.db)).toMatchObject([
      { status: 'failed', lastError: 'Notes are not acceptable.', lastStatus: 422 },
    ]);
    expect(await getDraft(U, 'timeEntry', 7, h.db)).toMatchObject({ status: 'failed' });
    expect(h.engine.getStatus()).toMatchObject({ failed: 1, pending: 0 });
    // A failed row is not sent again by itself.
    await h.engine.syncNow();
    expect(h.server.received).toHaveLength(1);
  });

  it('on 409/412 marks the row conflict and keeps the server row', async () => {
    const h = harness();
    h.server.entries.set(7, { TimeEntryID: 7, Notes: 'theirs', Version: 4 });
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 7, Notes: 'conflict' });
    await h.engine.syncNow();
    const [row] = await listOutbox(U, h.db);
    expect(row).toMatchObject({ status: 'conflict', lastStatus: 409, lastError: 'Changed by someone else.' });
    expect(row.conflict).toMatchObject({ Current: { Notes: 'theirs', Version: 4 } });
    expect(await getDraft(U, 'timeEntry', 7, h.db)).toMatchObject({ status: 'conflict' });
    expect(h.engine.getStatus().conflict).toBe(1);
  });

  it('on 401 pauses everything until resume(), then sends the same row with the same key', async () => {
    const h = harness();
    let signedIn = false;
    h.server.respond = () => (signedIn ? undefined : { status: 401, body: { Message: 'Sign in again.' } });
    const row = await createOffline(h, U, { Notes: 'a' }).then(async () => (await listOutbox(U, h.db))[0]);
    await createOffline(h, U, { Notes: 'b' });

    await h.engine.syncNow();
    expect(h.server.received).toHaveLength(1);
    expect(h.engine.getStatus().paused).toBe(true);
    await h.engine.syncNow();
    h.clock.advance(3_600_000);
    expect(h.server.received).toHaveLength(1); // paused: no trigger sends

    signedIn = true;
    await h.engine.resume();
    expect(h.engine.getStatus().paused).toBe(false);
    expect(h.server.received.map((r) => r.key)[1]).toBe(row.idempotencyKey);
    expect(h.server.entries.size).toBe(2);
    expect(await listOutbox(U, h.db)).toEqual([]);
  });
});

describe('user actions', () => {
  it('discarding a local create drops its later changes and dependents, and their drafts', async () => {
    const h = harness();
    h.server.respond = () => ({ status: 400, body: { Message: 'Office closed.' } });
    const parent = await createOffline(h, U, { Notes: 'p' });
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: parent, Notes: 'p2' });
    const child = await createOffline(h, U, { Notes: 'c', ParentTimeEntryID: parent });
    const other = await createOffline(h, U, { Notes: 'other' });
    await h.engine.syncNow();
    const rows = await listOutbox(U, h.db);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'pending', 'pending', 'failed']);

    const removed = await h.engine.discard(rows[0].id);
    expect(removed).toHaveLength(3);
    expect((await listOutbox(U, h.db)).map((r) => r.entityKey)).toEqual([`timeEntry:${other}`]);
    expect(await getDraft(U, 'timeEntry', parent, h.db)).toBeUndefined();
    expect(await getDraft(U, 'timeEntry', child, h.db)).toBeUndefined();
    expect(await getDraft(U, 'timeEntry', other, h.db)).toBeDefined();
  });

  it('discarding an edit of an existing entity restores the draft it started from', async () => {
    const h = harness();
    h.server.entries.set(9, { TimeEntryID: 9, Notes: 'server', Version: 1 });
    const enqueue = enqueueIn(h, U);
    await enqueue('timeEntry.update', { TimeEntryID: 9, Notes: 'one' });
    await h.engine.syncNow();
    expect(await getDraft(U, 'timeEntry', 9, h.db)).toMatchObject({
      status: 'synced',
      data: { Notes: 'one', Version: 2 },
    });

    const row = await enqueue('timeEntry.update', { TimeEntryID: 9, Notes: 'reject' });
    await h.engine.syncNow();
    expect(await getDraft(U, 'timeEntry', 9, h.db)).toMatchObject({
      status: 'failed',
      data: { Notes: 'reject' },
    });

    await h.engine.discard(row.id);
    expect(await getDraft(U, 'timeEntry', 9, h.db)).toMatchObject({
      status: 'synced',
      data: { Notes: 'one' },
    });
    expect(h.engine.getStatus().failed).toBe(0);
  });

  it('edit re-validates the args with the command schema', async () => {
    const h = harness();
    h.server.entries.set(3, { TimeEntryID: 3, Notes: 'n', Version: 1 });
    const row = await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 3, Notes: 'reject' });
    await h.engine.syncNow();
    await expect(h.engine.edit(row.id, { TimeEntryID: 3, Notes: 42 })).rejects.toThrow(/Invalid arguments/);
    await expect(h.engine.edit(row.id, { TimeEntryID: 4, Notes: 'x' })).rejects.toThrow(/another record/);
    const edited = await h.engine.edit(row.id, { TimeEntryID: 3, Notes: 'fixed' });
    expect(edited).toMatchObject({ status: 'pending', attempts: 0, body: { Notes: 'fixed' } });
    expect(edited.idempotencyKey).not.toBe(row.idempotencyKey);
    await h.engine.syncNow();
    expect(h.server.entries.get(3)?.Notes).toBe('fixed');
  });

  it('refuses to edit a row that may already have reached the server', async () => {
    const h = harness();
    h.server.respond = () => ({ status: 503, body: null });
    const row = await createOffline(h, U, { Notes: 'a' }).then(async () => (await listOutbox(U, h.db))[0]);
    await h.engine.syncNow();
    await expect(h.engine.edit(row.id, { TimeEntryID: -1, Notes: 'b' })).rejects.toThrow(
      /already have reached/,
    );
  });

  it('refuses to discard a row that may already have reached the server, until it is answered', async () => {
    const h = harness();
    h.server.respond = () => ({ status: 503, body: null });
    const tempId = await createOffline(h, U, { Notes: 'maybe applied' });
    const [row] = await listOutbox(U, h.db);
    await h.engine.syncNow();
    expect((await listOutbox(U, h.db))[0]).toMatchObject({ status: 'pending', attempts: 1 });

    await expect(h.engine.discard(row.id)).rejects.toMatchObject({ reason: 'already-sent' });
    // Nothing was dropped: the change and its local copy are still there.
    expect(await listOutbox(U, h.db)).toHaveLength(1);
    expect(await getDraft(U, 'timeEntry', tempId, h.db)).toBeDefined();

    h.server.respond = () => undefined;
    await h.engine.syncNow();
    expect(await listOutbox(U, h.db)).toEqual([]);
    expect([...h.server.entries.values()].map((e) => e.Notes)).toEqual(['maybe applied']);
  });

  it('a create acknowledged without an id blocks the changes that need it instead of sending the temporary id', async () => {
    const h = harness();
    h.server.respond = (request) =>
      request.method === 'POST' ? { status: 201, body: { Message: 'Created.' } } : undefined;
    const parent = await createOffline(h, U, { Notes: 'p' });
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: parent, Notes: 'p2' });
    await h.engine.syncNow();

    // Only the create went out; the edit of the temporary id never reaches the server.
    expect(paths(h.server.received)).toEqual(['POST time-entries']);
    const [blocked] = await listOutbox(U, h.db);
    expect(blocked).toMatchObject({ status: 'failed', lastErrorKey: 'sync.page.missingServerId' });
    await h.engine.syncNow();
    expect(paths(h.server.received)).toEqual(['POST time-entries']);
    await expect(h.engine.retry(blocked.id)).rejects.toMatchObject({ reason: 'missing-server-id' });
    expect(await h.engine.discard(blocked.id)).toEqual([blocked.id]);
  });

  it('a summary answer (applied, answer not built) keeps the local copy instead of the summary', async () => {
    const h = harness();
    h.server.entries.set(9, { TimeEntryID: 9, Notes: 'server', Version: 1 });
    h.server.respond = (request) =>
      request.method === 'PUT'
        ? { status: 200, body: { Message: 'Saved; answer not built.', Summary: true, TimeEntryID: 9 } }
        : undefined;
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 9, Notes: 'kept locally' });
    await h.engine.syncNow();
    expect(await listOutbox(U, h.db)).toEqual([]);
    const draft = await getDraft(U, 'timeEntry', 9, h.db);
    expect(draft).toMatchObject({ status: 'synced', data: { Notes: 'kept locally' } });
    expect(draft?.data).not.toHaveProperty('Summary');
  });

  it('reports status to subscribers', async () => {
    const h = harness();
    const seen: Array<ReturnType<typeof h.engine.getStatus>> = [];
    h.engine.subscribe((s) => seen.push(s));
    // Before its first count the engine does not claim an empty outbox (the chip reads the outbox).
    expect(seen[0]?.counted).toBe(false);
    await createOffline(h, U, { Notes: 'a' });
    await h.engine.start();
    const last = seen.at(-1);
    expect(last).toMatchObject({
      pending: 0,
      failed: 0,
      conflict: 0,
      sending: false,
      paused: false,
      online: true,
      counted: true,
    });
    expect(last?.lastSyncAt).toBe(h.clock.time);
    expect(seen.some((s) => s.sending)).toBe(true);
    await h.engine.stop();
  });
});

describe('triggers', () => {
  it('runs on online, visibility, a service worker sync message, and new work', async () => {
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    const sw = new EventTarget();
    let up = false;
    const h = harness({ events: { window: win, document: doc, serviceWorker: sw } });
    h.server.respond = () => (up ? undefined : { status: 503, body: null });
    await h.engine.start();

    await createOffline(h, U, { Notes: 'a' }); // new work triggers a run
    await waitFor(() => h.server.received.length === 1);

    up = true;
    win.dispatchEvent(new Event('online')); // ignores the backoff
    await waitFor(() => h.server.entries.size === 1);

    up = false;
    await createOffline(h, U, { Notes: 'b' });
    await waitFor(() => h.server.received.length === 3);
    up = true;
    h.clock.time += 10 * 60_000; // due, but no timer fired
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => h.server.entries.size === 2);

    up = false;
    await createOffline(h, U, { Notes: 'c' });
    await waitFor(() => h.server.received.length === 5);
    up = true;
    sw.dispatchEvent(new MessageEvent('message', { data: { type: 'sync' } }));
    await waitFor(() => h.server.entries.size === 3);

    await h.engine.stop();
    await createOffline(h, U, { Notes: 'd' });
    win.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 20));
    expect(h.server.entries.size).toBe(3);
  });

  it('asks for persistent storage at start', async () => {
    let asked = 0;
    const h = harness({ storage: { persisted: async () => false, persist: async () => ++asked > 0 } });
    await h.engine.start();
    expect(asked).toBe(1);
    await h.engine.stop();
  });
});
