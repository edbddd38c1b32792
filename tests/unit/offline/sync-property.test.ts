// Property: whatever the network does (requests lost before or after the server commits, duplicated,
// delivered late after the client gave up, 503s and 500s) and however enqueues interleave with runs, once the
// network calms down every queued change is applied exactly once, in order, with no temporary id
// reaching the server.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getDraft, listDrafts, listOutbox } from '../../../src/offline/db';
import type { SendRequest, SendResponse } from '../../../src/offline/sync-protocol';
import {
  createOffline,
  currentId,
  enqueueIn,
  FakeServer,
  ManualClock,
  makeEngine,
  newDb,
  timeEntryRegistry,
} from './offline-kit';

const U = 'u1';

type Fault =
  | 'ok'
  | 'drop-before'
  | 'drop-after'
  | 'duplicate'
  | 'late'
  | '503'
  | '500'
  | 'slow'
  | 'in-progress';

type Op =
  | { kind: 'create'; notes: string }
  | { kind: 'child'; parent: number; notes: string }
  | { kind: 'update'; target: number; notes: string }
  | { kind: 'sync' }
  | { kind: 'kick' }
  | { kind: 'deliver-late' }
  | { kind: 'time'; ms: number };

const faultArb = fc.constantFrom<Fault>(
  'ok',
  'drop-before',
  'drop-after',
  'duplicate',
  'late',
  '503',
  '500',
  'slow',
  'in-progress',
);
const notesArb = fc.string({ minLength: 1, maxLength: 6 }).filter((s) => s !== 'reject' && s !== 'conflict');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('create' as const), notes: notesArb }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('child' as const), parent: fc.nat(), notes: notesArb }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('update' as const), target: fc.nat(), notes: notesArb }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'sync' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'kick' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'deliver-late' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('time' as const), ms: fc.integer({ min: 0, max: 600_000 }) }),
  },
);

function networkError(): TypeError {
  return new TypeError('Failed to fetch');
}

function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

interface Entity {
  tempId: number;
  notes: string;
  parent?: number;
}

async function scenario(ops: Op[], faults: Fault[]): Promise<void> {
  const db = newDb();
  const registry = timeEntryRegistry();
  const clock = new ManualClock();
  const server = new FakeServer();
  const late: SendRequest[] = [];
  let calm = false;
  let next = 0;
  const send = async (request: SendRequest): Promise<SendResponse> => {
    const fault = calm ? 'ok' : faults[next++ % faults.length];
    switch (fault) {
      case 'ok':
        return server.handle(request);
      case 'slow':
        await tick();
        return server.handle(request);
      case 'drop-before':
        throw networkError();
      case 'drop-after':
        await server.handle(request);
        throw networkError();
      case 'duplicate': {
        const [first] = await Promise.all([server.handle(request), server.handle({ ...request })]);
        return first;
      }
      case 'in-progress': {
        // The same request arrives twice; the client hears the second one's 409 (still processing).
        const [, second] = await Promise.all([server.handle(request), server.handle({ ...request })]);
        return second;
      }
      case 'late':
        late.push(request);
        throw networkError();
      case '503':
        return { status: 503, body: { Message: 'Service unavailable' } };
      case '500':
        // Failed before committing (the server's transaction rolled back; the key is released).
        return { status: 500, body: { Message: 'Internal error' } };
    }
  };
  const { engine, errors } = makeEngine({ db, registry, clock, send });
  const h = { db, registry, clock };
  const entities: Entity[] = [];
  const running: Promise<void>[] = [];
  const deliverLate = async () => {
    for (const request of late.splice(0)) await server.handle(request);
  };

  for (const op of ops) {
    switch (op.kind) {
      case 'create':
        entities.push({
          tempId: await createOffline(h, U, { Notes: op.notes, TimeZoneOffset: -300 }),
          notes: op.notes,
        });
        break;
      case 'child': {
        if (entities.length === 0) break;
        const parent = op.parent % entities.length;
        const parentId = await currentId(db, U, entities[parent].tempId);
        const tempId = await createOffline(h, U, { Notes: op.notes, ParentTimeEntryID: parentId });
        entities.push({ tempId, notes: op.notes, parent });
        break;
      }
      case 'update': {
        if (entities.length === 0) break;
        const entity = entities[op.target % entities.length];
        const id = await currentId(db, U, entity.tempId);
        const draft = await getDraft(U, 'timeEntry', id, db);
        const data = draft?.data as { ParentTimeEntryID?: number | null } | undefined;
        await enqueueIn(h, U)('timeEntry.update', {
          TimeEntryID: id,
          Notes: op.notes,
          ParentTimeEntryID: data?.ParentTimeEntryID,
        });
        entity.notes = op.notes;
        break;
      }
      case 'sync':
        await engine.syncNow();
        break;
      case 'kick':
        running.push(engine.syncNow());
        break;
      case 'deliver-late':
        await deliverLate();
        break;
      case 'time':
        clock.advance(op.ms);
        break;
    }
  }

  // The network calms down; late requests finally arrive.
  await Promise.all(running);
  calm = true;
  await deliverLate();
  for (let round = 0; round < 20 && (await listOutbox(U, db)).length > 0; round++) {
    clock.time += 10 * 60_000;
    await engine.syncNow();
  }

  // Zero losses, zero duplicates.
  expect(await listOutbox(U, db)).toEqual([]);
  expect(server.leakedTempIds).toEqual([]);
  const executions = [...server.executionsByKey().values()];
  expect(executions.every((n) => n === 1)).toBe(true);
  expect(server.entries.size).toBe(entities.length);

  const serverIds = new Map<number, number>();
  for (const entity of entities) serverIds.set(entity.tempId, await currentId(db, U, entity.tempId));
  for (const [index, entity] of entities.entries()) {
    const id = serverIds.get(entity.tempId)!;
    expect(id).toBeGreaterThanOrEqual(800);
    const row = server.entries.get(id);
    expect(row?.Notes).toBe(entity.notes);
    if (entity.parent !== undefined) {
      expect(row?.ParentTimeEntryID, `parent of #${index}`).toBe(
        serverIds.get(entities[entity.parent].tempId),
      );
    }
  }
  const drafts = await listDrafts(U, 'timeEntry', db);
  expect(drafts.every((d) => d.status === 'synced' && typeof d.serverId === 'number')).toBe(true);
  expect(errors).toEqual([]);
  await engine.stop();
}

describe('sync under a hostile network', () => {
  it('loses nothing and duplicates nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 1, maxLength: 25 }),
        fc.array(faultArb, { minLength: 1, maxLength: 12 }),
        scenario,
      ),
      { numRuns: 60 },
    );
  }, 60_000);
});
