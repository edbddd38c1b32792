// The status a local copy shows, from the changes still queued for it, and a deleted copy's life.
import { describe, expect, it } from 'vitest';
import { getDraft, listOutbox, type OutboxRow } from '../../../src/offline/db';
import { statusFromRows } from '../../../src/offline/drafts';
import { enqueueIn, harness } from './offline-kit';

const row = (status: OutboxRow['status']) => ({ status }) as OutboxRow;

describe('the status of a local copy', () => {
  it('is the most urgent of its queued changes: conflict, then failed, then pending', () => {
    expect(statusFromRows([])).toBe('synced');
    expect(statusFromRows([row('pending')])).toBe('pending');
    expect(statusFromRows([row('sending'), row('pending')])).toBe('pending');
    expect(statusFromRows([row('pending'), row('failed')])).toBe('failed');
    expect(statusFromRows([row('failed'), row('conflict'), row('pending')])).toBe('conflict');
  });
});

describe('a deleted copy', () => {
  it('shows as deleted while the delete is queued, and is gone once the server acknowledged it', async () => {
    const h = harness();
    h.server.entries.set(9, { TimeEntryID: 9, Notes: 'server', Version: 1 });
    await enqueueIn(h, 'u1')('timeEntry.delete', { TimeEntryID: 9 });
    expect(await getDraft('u1', 'timeEntry', 9, h.db)).toMatchObject({ deleted: true, status: 'pending' });
    await h.engine.syncNow();
    expect(await listOutbox('u1', h.db)).toEqual([]);
    expect(await getDraft('u1', 'timeEntry', 9, h.db)).toBeUndefined();
    expect(h.server.entries.has(9)).toBe(false);
  });

  it('comes back when its delete is refused and then discarded', async () => {
    const h = harness();
    await enqueueIn(h, 'u1')('timeEntry.delete', { TimeEntryID: 9 });
    await h.engine.syncNow();
    const [refused] = await listOutbox('u1', h.db);
    expect(refused).toMatchObject({ status: 'failed' });
    expect(await getDraft('u1', 'timeEntry', 9, h.db)).toMatchObject({ deleted: true, status: 'failed' });
    await h.engine.discard(refused.id);
    expect(await getDraft('u1', 'timeEntry', 9, h.db)).toBeUndefined();
  });
});
