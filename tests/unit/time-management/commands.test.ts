// The timesheet's offline commands through the real sync engine: what each sends, that a 202 (a late
// adjustment) is an acknowledgement whose Id later queued changes follow, and the drafts the screens
// read (shared with the clock's 'timeEntry' entity).
import { describe, expect, it } from 'vitest';
import {
  acknowledgeModification,
  createEntry,
  deleteEntry,
  TIME_ENTRY,
  TIME_MODIFICATION,
  updateEntry,
} from '../../../src/features/time-management/commands';
import { commandRegistry } from '../../../src/offline/commands';
import { allocateTempId, getDraft, listOutbox } from '../../../src/offline/db';
import type { SendRequest } from '../../../src/offline/sync-protocol';
import { ManualClock, makeEngine, newDb } from '../offline/offline-kit';

const USER = 'u1';
const entry = {
  Date: '2031-01-29',
  TimeEntryTypeID: 1,
  IcdOfficeID: 1,
  TimeZoneOffset: -300,
  StartTime: '10:00:00',
  EndTime: '18:00:00',
};

describe('timesheet commands', () => {
  it('a create answered 202 is delivered; the change queued after it follows the promised Id', async () => {
    const db = newDb();
    const clock = new ManualClock();
    const sent: SendRequest[] = [];
    const { engine, errors } = makeEngine({
      db,
      registry: commandRegistry,
      clock,
      send: async (request) => {
        sent.push(request);
        if (request.method === 'POST')
          return {
            status: 202,
            body: {
              ...(request.body as object),
              Id: 900,
              Version: 1,
              LateAdjustment: { LateAdjustmentID: 7 },
            },
          };
        if (request.method === 'PUT')
          return {
            status: 202,
            body: {
              ...(request.body as object),
              Id: 900,
              Version: 2,
              LateAdjustment: { LateAdjustmentID: 7 },
            },
          };
        return { status: 200, body: { TimeEntryModificationID: 41, StatusID: 2 } };
      },
    });
    const tempId = await allocateTempId(USER, db);
    const options = { db, now: clock.now };
    await createEntry.enqueue(
      USER,
      { Id: tempId, entry, local: { ...entry, Id: tempId, Version: 1 } },
      options,
    );
    await updateEntry.enqueue(
      USER,
      {
        Id: tempId,
        entry: { ...entry, EndTime: '17:00:00', Version: 1 },
        local: { ...entry, EndTime: '17:00:00', Version: 2 },
      },
      options,
    );
    await acknowledgeModification.enqueue(USER, { TimeEntryModificationID: 41, Version: 1 }, options);
    expect((await listOutbox(USER, db)).map((r) => [r.method, r.path])).toEqual([
      ['POST', 'time-entries'],
      ['PUT', `time-entries/${tempId}`],
      ['PUT', 'time-entries/modified/41/acknowledge'],
    ]);
    await engine.syncNow();
    expect(errors).toEqual([]);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST time-entries',
      'PUT time-entries/900',
      'PUT time-entries/modified/41/acknowledge',
    ]);
    expect(sent[2].body).toEqual({ Version: 1 });
    expect(await listOutbox(USER, db)).toEqual([]);
    const draft = await getDraft(USER, TIME_ENTRY, 900, db);
    expect(draft).toMatchObject({
      status: 'synced',
      data: { Id: 900, EndTime: '17:00:00', LateAdjustment: { LateAdjustmentID: 7 } },
    });
    expect(await getDraft(USER, TIME_MODIFICATION, 41, db)).toMatchObject({ status: 'synced' });
  });

  it('a delete hides the entry until acknowledged; a refusal keeps it with the message', async () => {
    const db = newDb();
    const clock = new ManualClock();
    const { engine } = makeEngine({
      db,
      registry: commandRegistry,
      clock,
      send: async () => ({
        status: 400,
        body: { Message: 'This entry overlaps another work entry from 08:00 to 12:00.' },
      }),
    });
    await deleteEntry.enqueue(
      USER,
      { Id: 55, local: { ...entry, Id: 55, Version: 3 } },
      { db, now: clock.now },
    );
    expect(await getDraft(USER, TIME_ENTRY, 55, db)).toMatchObject({ deleted: true, status: 'pending' });
    await engine.syncNow();
    const [row] = await listOutbox(USER, db);
    expect(row).toMatchObject({
      status: 'failed',
      lastError: 'This entry overlaps another work entry from 08:00 to 12:00.',
    });
    // The refused delete is not taken as done: the entry's copy stays on the device, marked failed,
    // for the user to send again or discard on Pending changes.
    expect(await getDraft(USER, TIME_ENTRY, 55, db)).toMatchObject({
      deleted: true,
      status: 'failed',
      data: { ...entry, Id: 55, Version: 3 },
    });
  });

  it('a delete carries the Version the user saw, so a change made meanwhile is a conflict', async () => {
    const db = newDb();
    const clock = new ManualClock();
    const sent: string[] = [];
    const { engine } = makeEngine({
      db,
      registry: commandRegistry,
      clock,
      send: async (request) => {
        sent.push(`${request.method} ${request.path}`);
        return { status: 204, body: null };
      },
    });
    await deleteEntry.enqueue(
      USER,
      { Id: 56, Version: 4, local: { ...entry, Id: 56, Version: 4 } },
      { db, now: clock.now },
    );
    await engine.syncNow();
    expect(sent).toEqual(['DELETE time-entries/56?version=4']);
  });

  it('refuses malformed arguments before anything is queued', async () => {
    const db = newDb();
    await expect(
      acknowledgeModification.enqueue(USER, { TimeEntryModificationID: -1 }, { db }),
    ).rejects.toThrow(/Invalid arguments for timeModification.acknowledge/);
    expect(await listOutbox(USER, db)).toEqual([]);
  });
});
