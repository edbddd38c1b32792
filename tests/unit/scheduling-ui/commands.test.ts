// The scheduling offline commands through the real sync engine against a fake server: what each sends,
// an answer replayed after a lost response reaching the server once, a queued edit of an event created
// offline following its create, and a 409 kept as a conflict (shown on the board, never overwritten).
import { afterEach, describe, expect, it } from 'vitest';
import { AssignmentStatus, type ScheduleEventSave } from '../../../src/contract/scheduling';
import {
  changedKeys,
  localEvent,
  mergeOverCurrent,
} from '../../../src/features/scheduling/api/save-event-actions';
import { mergeEventDrafts } from '../../../src/features/scheduling/board';
import {
  EVENT_ENTITY,
  respondToAssignment,
  type SaveEventArgs,
  saveScheduleEvent,
} from '../../../src/features/scheduling/commands';
import { CommandArgsError, commandRegistry } from '../../../src/offline/commands';
import { ApexDb, allocateTempId, listDrafts, listOutbox } from '../../../src/offline/db';
import { SyncEngine } from '../../../src/offline/sync-engine';
import type { SendRequest, SendResponse } from '../../../src/offline/sync-protocol';

const USER = '6';
const dbs: ApexDb[] = [];
let n = 0;

async function freshDb(): Promise<ApexDb> {
  const db = new ApexDb(`sched-ui-${++n}-${Math.random().toString(36).slice(2)}`);
  dbs.push(db);
  return db;
}

afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await db.delete();
  }
});

function engine(db: ApexDb, send: (r: SendRequest) => Promise<SendResponse>) {
  return new SyncEngine({
    db,
    userId: USER,
    send,
    registry: commandRegistry,
    random: () => 0.5,
    setTimer: () => () => undefined,
    events: { window: null, document: null, serviceWorker: null },
    storage: null,
    registerBackgroundSync: null,
    isOnline: () => true,
    onError: () => undefined,
  });
}

const save: ScheduleEventSave = {
  IcdOfficeID: 1,
  Title: 'Costco Road Show',
  Date: '2026-11-25',
  StartTime: '10:00:00',
  EndTime: '18:00:00',
  TimeSlots: [{ StartTime: '10:00:00', EndTime: '14:00:00', Capacity: 3 }],
};
const names = { OfficeName: 'Toronto Central', EventHostName: null, HostTypeID: null };

describe('scheduleEvent.respond', () => {
  it('sends PUT …/respond and shows the answer at once', async () => {
    const db = await freshDb();
    const row = await respondToAssignment.enqueue(
      USER,
      {
        ScheduleEventID: 4,
        AssignmentID: 9,
        Status: AssignmentStatus.Accepted,
        Reason: null,
        local: { Status: 1 },
      },
      { db },
    );
    expect(row).toMatchObject({
      method: 'PUT',
      path: 'schedule-events/4/assignments/9/respond',
      body: { Status: 2, Reason: null },
      entityKey: 'scheduleAssignment:9',
    });
    const [draft] = await listDrafts(USER, 'scheduleAssignment', db);
    expect(draft).toMatchObject({ localId: 9, status: 'pending', data: { Status: 2 } });
  });

  it('refuses a rejection without a reason before anything is queued', async () => {
    const db = await freshDb();
    await expect(
      respondToAssignment.enqueue(
        USER,
        { ScheduleEventID: 4, AssignmentID: 9, Status: AssignmentStatus.Rejected, Reason: '  ', local: {} },
        { db },
      ),
    ).rejects.toBeInstanceOf(CommandArgsError);
    expect(await listOutbox(USER, db)).toHaveLength(0);
  });

  it('a lost response is sent again with the same Idempotency-Key; the draft ends synced', async () => {
    const db = await freshDb();
    await respondToAssignment.enqueue(
      USER,
      { ScheduleEventID: 4, AssignmentID: 9, Status: AssignmentStatus.Accepted, Reason: null, local: {} },
      { db },
    );
    const keys: string[] = [];
    let calls = 0;
    const e = engine(db, async (r) => {
      keys.push(r.headers['Idempotency-Key']);
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch'); // the answer was lost on the way back
      return { status: 200, body: { AssignmentID: 9, Status: 2, Version: 2 } };
    });
    await e.syncNow();
    await e.retry((await listOutbox(USER, db))[0].id);
    await e.syncNow();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(await listOutbox(USER, db)).toHaveLength(0);
    const [draft] = await listDrafts(USER, 'scheduleAssignment', db);
    expect(draft).toMatchObject({ status: 'synced', data: { Status: 2, Version: 2 } });
    await e.stop();
  });
});

describe('scheduleEvent.save', () => {
  it('a new event is a POST; a change queued behind it names the temporary id until the create is acknowledged', async () => {
    const db = await freshDb();
    const id = await allocateTempId(USER, db);
    await saveScheduleEvent.enqueue(
      USER,
      { Id: id, Create: true, event: save, local: localEvent(id, save, names, null, 1, 6) },
      { db },
    );
    const before = localEvent(id, save, names, null, 1, 6);
    const renamed = { ...save, Title: 'Costco Road Show (Etobicoke)' };
    await saveScheduleEvent.enqueue(
      USER,
      {
        Id: id,
        Create: false,
        Version: 1,
        event: renamed,
        local: localEvent(id, renamed, names, before, 2, 6),
      },
      { db },
    );
    const rows = await listOutbox(USER, db);
    expect(rows.map((r) => [r.method, r.path])).toEqual([
      ['POST', 'schedule-events'],
      ['PUT', `schedule-events/${id}`],
    ]);

    const sent: SendRequest[] = [];
    const e = engine(db, async (r) => {
      sent.push(r);
      return r.method === 'POST'
        ? { status: 201, body: { ...before, ScheduleEventID: 812, Version: 1 } }
        : { status: 200, body: { ...before, ScheduleEventID: 812, Title: renamed.Title, Version: 2 } };
    });
    await e.syncNow();
    expect(sent.map((r) => [r.method, r.path])).toEqual([
      ['POST', 'schedule-events'],
      ['PUT', 'schedule-events/812'],
    ]);
    expect(sent[1].body).toMatchObject({ Title: renamed.Title, Version: 1 });
    const [draft] = await listDrafts(USER, EVENT_ENTITY, db);
    expect(draft).toMatchObject({ localId: 812, tempId: id, status: 'synced' });
    await e.stop();
  });

  it('a 409 keeps the draft as a conflict with the server’s event, and the board flags it', async () => {
    const db = await freshDb();
    const server = { ...localEvent(5, save, names, null, 3, 6), Title: 'Changed meanwhile' };
    const mine = { ...save, Title: 'My title' };
    await saveScheduleEvent.enqueue(
      USER,
      { Id: 5, Create: false, Version: 2, event: mine, local: localEvent(5, mine, names, null, 3, 6) },
      { db },
    );
    const e = engine(db, async () => ({
      status: 409,
      body: {
        Message: 'This item was changed by someone else. Review the current version.',
        Current: server,
      },
    }));
    await e.syncNow();
    const [row] = await listOutbox(USER, db);
    expect(row.status).toBe('conflict');
    expect((row.conflict as { Current: { Title: string } }).Current.Title).toBe('Changed meanwhile');
    const drafts = await listDrafts(USER, EVENT_ENTITY, db);
    const board = mergeEventDrafts([server], drafts, Date.now(), {
      officeId: 1,
      start: '2026-11-23',
      end: '2026-11-29',
    });
    expect(board[0]).toMatchObject({ Title: 'My title', draft: 'conflict' });
    await e.stop();
  });

  it('merging after a 409 sends the manager’s changed fields over the server’s event, with its Version', async () => {
    const db = await freshDb();
    // Read at Version 2; someone else then moved the start and wrote notes (Version 3).
    const read = localEvent(5, save, names, null, 2, 6);
    const before = { ...read, TimeSlots: read.TimeSlots.map((s) => ({ ...s, TimeSlotID: 50 })) };
    const server = { ...before, StartTime: '10:30:00', Notes: 'Doors open at 10:30.', Version: 3 };
    const mine = {
      ...save,
      Title: 'Costco TV Wall',
      TimeSlots: save.TimeSlots.map((s) => ({ ...s, TimeSlotID: 50 })),
    };
    expect(changedKeys(before, mine)).toEqual(['Title']);
    await saveScheduleEvent.enqueue(
      USER,
      {
        Id: 5,
        Create: false,
        Version: 2,
        Changed: changedKeys(before, mine),
        event: mine,
        local: localEvent(5, mine, names, before, 3, 6),
      },
      { db },
    );
    const sent: SendRequest[] = [];
    let conflictOnce = true;
    const e = engine(db, async (r) => {
      sent.push(r);
      if (conflictOnce) {
        conflictOnce = false;
        return { status: 409, body: { Message: 'Changed meanwhile', Current: server } };
      }
      return { status: 200, body: { ...server, ...(r.body as object), Version: 4 } };
    });
    await e.syncNow();
    const [row] = await listOutbox(USER, db);
    expect(row.status).toBe('conflict');

    const merged = mergeOverCurrent(row.args as SaveEventArgs, row.conflict);
    expect(merged).not.toBeNull();
    await e.edit(row.id, merged);
    await e.syncNow();
    expect(sent).toHaveLength(2);
    // Their start time and notes survive; the title is the manager's; the current Version is sent.
    expect(sent[1].body).toMatchObject({
      Title: 'Costco TV Wall',
      StartTime: '10:30:00',
      Notes: 'Doors open at 10:30.',
      Version: 3,
    });
    expect(await listOutbox(USER, db)).toHaveLength(0);
    await e.stop();
  });

  it('no merge when the 409 carries no readable event', () => {
    const args = { Id: 5, Create: false, Version: 2, event: save, local: {} } as SaveEventArgs;
    expect(mergeOverCurrent(args, { Message: 'Stale' })).toBeNull();
    expect(mergeOverCurrent(args, null)).toBeNull();
  });
});
