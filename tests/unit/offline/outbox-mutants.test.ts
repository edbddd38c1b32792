// What the user sees of queued changes when they are acknowledged, retried, discarded or edited:
// which rows and local copies are left, with which data, for which user, and the refusals' words.
import { describe, expect, it } from 'vitest';
import { getDraft, listOutbox } from '../../../src/offline/db';
import { ackRow, discardRow, editRow, OutboxActionError, retryRow } from '../../../src/offline/outbox';
import { createOffline, enqueueIn, type Harness, harness } from './offline-kit';

const U = 'u1';
const OTHER = 'u2';

async function rowsOf(h: Harness, user = U) {
  return listOutbox(user, h.db);
}

/** Entity 9 known on the server and synced locally with Notes 'one'. */
async function syncedNine(h: Harness) {
  h.server.entries.set(9, { TimeEntryID: 9, Notes: 'server', Version: 1 });
  await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 9, Notes: 'one' });
  await h.engine.syncNow();
  expect(await getDraft(U, 'timeEntry', 9, h.db)).toMatchObject({ status: 'synced', data: { Notes: 'one' } });
}

describe('acknowledging a create', () => {
  it("moves this user's queued changes and local copies to the server id, and no one else's", async () => {
    const h = harness();
    const parent = await createOffline(h, U, { Notes: 'p' });
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: parent, Notes: 'p2' });
    const child = await createOffline(h, U, { Notes: 'c', ParentTimeEntryID: parent });
    const theirs = await createOffline(h, OTHER, { Notes: 'theirs' });
    await enqueueIn(h, OTHER)('timeEntry.update', { TimeEntryID: theirs, Notes: 'theirs 2' });
    expect(theirs).toBe(parent);

    const [create] = await rowsOf(h);
    expect(await ackRow(h.db, U, create.id, { serverId: 800 }, 5)).toBe(true);

    const [update, childCreate] = await rowsOf(h);
    expect(update).toMatchObject({
      entityKey: 'timeEntry:800',
      path: 'time-entries/800',
      args: { TimeEntryID: 800 },
      tempRefs: [],
      draftBefore: { localId: 800, existed: true },
    });
    expect(childCreate).toMatchObject({ body: { ParentTimeEntryID: 800 }, tempRefs: [child] });
    expect(await getDraft(U, 'timeEntry', 800, h.db)).toMatchObject({
      localId: 800,
      serverId: 800,
      status: 'pending',
      data: { Notes: 'p2' },
    });
    expect(await getDraft(U, 'timeEntry', child, h.db)).toMatchObject({ data: { ParentTimeEntryID: 800 } });

    // The other user's rows and copy still name their own temporary id.
    const other = await rowsOf(h, OTHER);
    expect(other.map((r) => r.entityKey)).toEqual([`timeEntry:${theirs}`, `timeEntry:${theirs}`]);
    expect(other[1].path).toBe(`time-entries/${theirs}`);
    expect(await getDraft(OTHER, 'timeEntry', theirs, h.db)).toMatchObject({
      localId: theirs,
      serverId: null,
      data: { Notes: 'theirs 2' },
    });
  });

  it("is a no-op for a row discarded meanwhile, or another user's row", async () => {
    const h = harness();
    await createOffline(h, U, { Notes: 'p' });
    const [row] = await rowsOf(h);
    expect(await ackRow(h.db, OTHER, row.id, { serverId: 800 }, 5)).toBe(false);
    expect(await rowsOf(h)).toHaveLength(1);
    expect(await ackRow(h.db, U, 'no-such-row', { serverId: 800 }, 5)).toBe(false);
  });

  it("without an id blocks only this user's dependent changes", async () => {
    const h = harness();
    const mine = await createOffline(h, U, { Notes: 'p' });
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: mine, Notes: 'p2' });
    const theirs = await createOffline(h, OTHER, { Notes: 'q' });
    await enqueueIn(h, OTHER)('timeEntry.update', { TimeEntryID: theirs, Notes: 'q2' });
    const [create] = await rowsOf(h);
    await ackRow(h.db, U, create.id, {}, 5);
    expect(await rowsOf(h)).toEqual([
      expect.objectContaining({
        status: 'failed',
        lastErrorKey: 'sync.page.missingServerId',
        lastError:
          'The server did not say which record this change belongs to, so it cannot be sent. Discard it and make the change again.',
      }),
    ]);
    expect((await rowsOf(h, OTHER)).map((r) => r.status)).toEqual(['pending', 'pending']);
  });
});

describe('the local copy after an acknowledgement', () => {
  it("keeps later local changes visible, with the server's answer as its base", async () => {
    const h = harness();
    h.server.entries.set(9, { TimeEntryID: 9, Notes: 'server', Version: 1 });
    const enqueue = enqueueIn(h, U);
    await enqueue('timeEntry.update', { TimeEntryID: 9, Notes: 'one' });
    await enqueue('timeEntry.update', { TimeEntryID: 9, Notes: 'two' });
    const [first, second] = await rowsOf(h);
    const answer = { TimeEntryID: 9, Notes: 'one', Version: 2 };
    await ackRow(h.db, U, first.id, { data: answer }, 5);
    expect(await getDraft(U, 'timeEntry', 9, h.db)).toMatchObject({
      serverId: 9,
      status: 'pending',
      data: { Notes: 'two' },
      base: answer,
    });
    await ackRow(h.db, U, second.id, {}, 6);
    const done = await getDraft(U, 'timeEntry', 9, h.db);
    expect(done).toMatchObject({ status: 'synced', data: { Notes: 'two' }, base: { Notes: 'two' } });
  });

  it('without an answer, the base is the state right after the acknowledged change', async () => {
    const h = harness();
    const enqueue = enqueueIn(h, U);
    await enqueue('timeEntry.update', { TimeEntryID: 9, Notes: 'one' });
    await enqueue('timeEntry.update', { TimeEntryID: 9, Notes: 'two' });
    const [first] = await rowsOf(h);
    await ackRow(h.db, U, first.id, {}, 5);
    expect(await getDraft(U, 'timeEntry', 9, h.db)).toMatchObject({
      data: { Notes: 'two' },
      base: { TimeEntryID: 9, Notes: 'one' },
    });
  });

  it('of a created entity keeps the server answer as its data once nothing is queued', async () => {
    const h = harness();
    const temp = await createOffline(h, U, { Notes: 'new' });
    const [create] = await rowsOf(h);
    const answer = { TimeEntryID: 801, Notes: 'new', Version: 1 };
    await ackRow(h.db, U, create.id, { serverId: 801, data: answer }, 5);
    expect(await getDraft(U, 'timeEntry', 801, h.db)).toMatchObject({
      localId: 801,
      serverId: 801,
      tempId: temp,
      status: 'synced',
      data: answer,
      base: answer,
    });
  });
});

describe('retrying', () => {
  it('a rejected change gets a fresh start and a new key; one waiting in backoff keeps its key', async () => {
    const h = harness();
    await syncedNine(h);
    const rejected = await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 9, Notes: 'reject' });
    await h.engine.syncNow();
    const failed = (await rowsOf(h))[0];
    expect(failed).toMatchObject({ status: 'failed', lastStatus: 422 });
    const retried = await retryRow(h.db, U, rejected.id, () => 'new-key', 7);
    expect(retried).toMatchObject({
      status: 'pending',
      idempotencyKey: 'new-key',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      lastStatus: null,
    });
    expect(await getDraft(U, 'timeEntry', 9, h.db)).toMatchObject({ status: 'pending' });

    h.server.respond = () => ({ status: 503, body: null });
    await h.engine.syncNow();
    const waiting = (await rowsOf(h))[0];
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.nextAttemptAt).toBeGreaterThan(0);
    const again = await retryRow(h.db, U, rejected.id, () => 'other-key', 8);
    expect(again).toMatchObject({
      idempotencyKey: 'new-key',
      attempts: 1,
      nextAttemptAt: 0,
      status: 'pending',
    });
  });

  it('a conflicting change is retried with a new key too', async () => {
    const h = harness();
    await syncedNine(h);
    const row = await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 9, Notes: 'conflict' });
    await h.engine.syncNow();
    expect((await rowsOf(h))[0]).toMatchObject({ status: 'conflict' });
    const retried = await retryRow(h.db, U, row.id, () => 'k2', 7);
    expect(retried).toMatchObject({ status: 'pending', idempotencyKey: 'k2' });
    expect(retried).not.toHaveProperty('conflict');
  });

  it('a change being sent is left alone; an unknown one is refused', async () => {
    const h = harness();
    const row = await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 9, Notes: 'x' });
    await h.db.outbox.update(row.id, { status: 'sending', attempts: 1 });
    const same = await retryRow(h.db, U, row.id, () => 'k', 7);
    expect(same).toMatchObject({ status: 'sending', idempotencyKey: row.idempotencyKey, attempts: 1 });
    const error = await retryRow(h.db, U, 'gone', () => 'k', 7).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboxActionError);
    expect(error).toMatchObject({
      name: 'OutboxActionError',
      reason: 'not-found',
      message: 'This change is no longer queued.',
    });
  });
});

describe('discarding', () => {
  it('a change never sent goes, with the local copy it created', async () => {
    const h = harness();
    const row = await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 5, Notes: 'x' });
    expect(await discardRow(h.db, U, row.id, 7)).toEqual([row.id]);
    expect(await rowsOf(h)).toEqual([]);
    expect(await getDraft(U, 'timeEntry', 5, h.db)).toBeUndefined();
    expect(await discardRow(h.db, U, row.id, 7)).toEqual([]);
  });

  it('a change being sent is refused, with a reason the user can act on', async () => {
    const h = harness();
    const row = await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 5, Notes: 'x' });
    await h.db.outbox.update(row.id, { status: 'sending' });
    await expect(discardRow(h.db, U, row.id, 7)).rejects.toMatchObject({
      reason: 'sending',
      message: 'This change is being sent; try again in a moment.',
    });
    await h.db.outbox.update(row.id, { status: 'pending', attempts: 1 });
    await expect(discardRow(h.db, U, row.id, 7)).rejects.toMatchObject({
      reason: 'already-sent',
      message:
        'This change may already have reached the server. Wait for its answer, or sync now, before discarding it.',
    });
    expect(await rowsOf(h)).toHaveLength(1);
  });

  it('an earlier change leaves the later one and the copy it shows; discarding that restores the start', async () => {
    const h = harness();
    await syncedNine(h);
    const enqueue = enqueueIn(h, U);
    const a = await enqueue('timeEntry.update', { TimeEntryID: 9, Notes: 'reject' });
    await h.engine.syncNow();
    const b = await enqueue('timeEntry.update', { TimeEntryID: 9, Notes: 'two' });
    expect(await discardRow(h.db, U, a.id, 7)).toEqual([a.id]);
    expect((await rowsOf(h)).map((r) => r.id)).toEqual([b.id]);
    expect(await getDraft(U, 'timeEntry', 9, h.db)).toMatchObject({
      status: 'pending',
      data: { Notes: 'two' },
    });
    await discardRow(h.db, U, b.id, 8);
    expect(await getDraft(U, 'timeEntry', 9, h.db)).toMatchObject({
      status: 'synced',
      data: { Notes: 'one' },
    });
  });

  it('a local create takes with it every change that needs it, however indirectly, and rolls back the rest', async () => {
    const h = harness();
    await syncedNine(h);
    const enqueue = enqueueIn(h, U);
    const parent = await createOffline(h, U, { Notes: 'p' });
    const child = await createOffline(h, U, { Notes: 'c', ParentTimeEntryID: parent });
    await enqueue('timeEntry.update', { TimeEntryID: child, Notes: 'c2' });
    await enqueue('timeEntry.update', { TimeEntryID: 9, ParentTimeEntryID: parent, Notes: 'moved' });
    await enqueue('timeEntry.update', { TimeEntryID: 9, ParentTimeEntryID: parent, Notes: 'moved again' });
    const unrelated = await createOffline(h, U, { Notes: 'stays' });
    const rows = await rowsOf(h);
    expect(rows).toHaveLength(6);

    const removed = await discardRow(h.db, U, rows[0].id, 7);
    expect([...removed].sort()).toEqual(
      rows
        .slice(0, 5)
        .map((r) => r.id)
        .sort(),
    );
    expect((await rowsOf(h)).map((r) => r.entityKey)).toEqual([`timeEntry:${unrelated}`]);
    expect(await getDraft(U, 'timeEntry', parent, h.db)).toBeUndefined();
    expect(await getDraft(U, 'timeEntry', child, h.db)).toBeUndefined();
    expect(await getDraft(U, 'timeEntry', 9, h.db)).toMatchObject({
      status: 'synced',
      data: { Notes: 'one' },
    });
    expect(await getDraft(U, 'timeEntry', unrelated, h.db)).toMatchObject({ data: { Notes: 'stays' } });
  });

  it("a local create's discard leaves another user's copy with the same temporary id", async () => {
    const h = harness();
    const mine = await createOffline(h, U, { Notes: 'mine' });
    const theirs = await createOffline(h, OTHER, { Notes: 'theirs' });
    expect(theirs).toBe(mine);
    const [row] = await rowsOf(h);
    await discardRow(h.db, U, row.id, 7);
    expect(await getDraft(OTHER, 'timeEntry', theirs, h.db)).toMatchObject({ data: { Notes: 'theirs' } });
    expect(await rowsOf(h, OTHER)).toHaveLength(1);
  });

  it('a later edit of a local create is discarded alone, restoring the created copy', async () => {
    const h = harness();
    const temp = await createOffline(h, U, { Notes: 'p' });
    const edit = await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: temp, Notes: 'p2' });
    expect(await discardRow(h.db, U, edit.id, 7)).toEqual([edit.id]);
    expect(await rowsOf(h)).toHaveLength(1);
    expect(await getDraft(U, 'timeEntry', temp, h.db)).toMatchObject({ data: { Notes: 'p' } });
  });
});

describe('editing', () => {
  it('an edited change, discarded later, still restores the copy from before the change', async () => {
    const h = harness();
    await syncedNine(h);
    const a = await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 9, Notes: 'reject' });
    await h.engine.syncNow();
    await editRow(h.db, U, a.id, { TimeEntryID: 9, Notes: 'better' }, () => 'k3', 7, h.registry);
    expect(await getDraft(U, 'timeEntry', 9, h.db)).toMatchObject({ data: { Notes: 'better' } });
    await discardRow(h.db, U, a.id, 8);
    expect(await getDraft(U, 'timeEntry', 9, h.db)).toMatchObject({
      status: 'synced',
      data: { Notes: 'one' },
    });
  });

  it('an earlier change edited leaves the copy showing the later change', async () => {
    const h = harness();
    await syncedNine(h);
    const enqueue = enqueueIn(h, U);
    const a = await enqueue('timeEntry.update', { TimeEntryID: 9, Notes: 'reject' });
    await h.engine.syncNow();
    await enqueue('timeEntry.update', { TimeEntryID: 9, Notes: 'two' });
    await editRow(h.db, U, a.id, { TimeEntryID: 9, Notes: 'better' }, () => 'k3', 7, h.registry);
    expect(await getDraft(U, 'timeEntry', 9, h.db)).toMatchObject({ data: { Notes: 'two' } });
  });

  it('is refused for a change being sent, one of another record, or one no longer queued', async () => {
    const h = harness();
    const row = await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 9, Notes: 'x' });
    await expect(
      editRow(h.db, U, row.id, { TimeEntryID: 8, Notes: 'y' }, () => 'k', 7, h.registry),
    ).rejects.toMatchObject({
      reason: 'entity-changed',
      message: 'An edit cannot move a change to another record.',
    });
    await expect(
      editRow(h.db, U, 'gone', { TimeEntryID: 9, Notes: 'y' }, () => 'k', 7, h.registry),
    ).rejects.toMatchObject({
      reason: 'not-found',
      message: 'This change is no longer queued.',
    });
    await h.db.outbox.update(row.id, { status: 'sending' });
    await expect(
      editRow(h.db, U, row.id, { TimeEntryID: 9, Notes: 'y' }, () => 'k', 7, h.registry),
    ).rejects.toMatchObject({
      reason: 'already-sent',
      message: 'This change may already have reached the server.',
    });
    expect((await rowsOf(h))[0]).toMatchObject({ body: { Notes: 'x' } });
  });

  it('a change never sent can be edited, and goes with a new key', async () => {
    const h = harness();
    const row = await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 9, Notes: 'x' });
    const edited = await editRow(h.db, U, row.id, { TimeEntryID: 9, Notes: 'y' }, () => 'k9', 7, h.registry);
    expect(edited).toMatchObject({ body: { Notes: 'y' }, idempotencyKey: 'k9', status: 'pending' });
    expect(await getDraft(U, 'timeEntry', 9, h.db)).toMatchObject({ data: { Notes: 'y' } });
  });
});
