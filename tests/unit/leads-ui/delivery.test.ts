// What a rep is told after a knock: "sent" only once the server acknowledged it, "saved on this
// phone" while it is still in the outbox (no connection, refused, or not answered in time).
import { beforeEach, describe, expect, it } from 'vitest';
import { delivery, recordInteraction } from '../../../src/features/leads/lead-actions';
import type { LeadLocal } from '../../../src/features/leads/merge-markers';
import { getDb, listOutbox } from '../../../src/offline/db';
import { SyncEngine } from '../../../src/offline/sync-engine';
import type { SendResponse } from '../../../src/offline/sync-protocol';

const lead: LeadLocal = {
  LeadID: 41,
  LeadGroupID: 1,
  Latitude: 43.66,
  Longitude: -79.41,
  LeadStatusID: null,
  DeclaredStatusID: null,
  LeadStatus: null,
  DeclaredStatus: null,
  TerritoryID: 2,
};

let user = 0;
beforeEach(async () => {
  user += 100;
  await getDb().open();
});

async function knock(userId: string): Promise<string> {
  return recordInteraction({
    userId,
    lead,
    statuses: [],
    input: {
      LeadStatusID: null,
      DeclaredStatusID: undefined,
      Note: 'Come back at 6',
      OccurredAt: new Date('2026-11-20T15:04:05.000Z'),
      fix: null,
    },
  });
}

function engineFor(userId: string, answer: () => Promise<SendResponse>) {
  return new SyncEngine({
    db: getDb(),
    userId,
    send: answer,
    events: { window: null, document: null, serviceWorker: null },
    storage: null,
    registerBackgroundSync: null,
    isOnline: () => true,
  });
}

describe('delivery of a knock', () => {
  it('is "sent" once the server acknowledged it', async () => {
    const userId = `d${user}`;
    const rowId = await knock(userId);
    const engine = engineFor(userId, async () => ({ status: 200, body: { LeadID: 41 } }));
    expect(await delivery(rowId, engine)).toBe('sent');
    expect(await listOutbox(userId)).toHaveLength(0);
    await engine.stop();
  });

  it('is "queued" while the server refuses it or cannot be reached', async () => {
    const userId = `d${user}`;
    const rowId = await knock(userId);
    const refused = engineFor(userId, async () => ({ status: 422, body: { Message: 'No' } }));
    expect(await delivery(rowId, refused)).toBe('queued');
    await refused.stop();
    const unreachable = engineFor(userId, () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await delivery(rowId, unreachable)).toBe('queued');
    await unreachable.stop();
    expect(await listOutbox(userId)).toHaveLength(1);
  });

  it('is "queued" when the answer does not come in time, and with no engine', async () => {
    const userId = `d${user}`;
    const rowId = await knock(userId);
    expect(await delivery(rowId, null)).toBe('queued');
    const never = { syncNow: () => new Promise<void>(() => undefined) };
    expect(await delivery(rowId, never, { waitMs: 20 })).toBe('queued');
  });
});
