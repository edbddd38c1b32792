// Shared fixtures for the offline tests: a fresh Dexie database per test (fake-indexeddb), a command
// registry with time-entry commands, a manual clock/timer, and a fake server that applies the same
// Idempotency-Key rules as server/plugins/idempotency.ts.
import { z } from 'zod';
import { ConnectionStore } from '../../../src/api/connection';
import { CommandRegistry, enqueue } from '../../../src/offline/commands';
import { ApexDb, allocateTempId, getDraft, type OutboxRow, type UserId } from '../../../src/offline/db';
import { SyncEngine, type SyncEngineOptions } from '../../../src/offline/sync-engine';
import type { LockManagerLike } from '../../../src/offline/sync-platform';
import type { SendFunction, SendRequest, SendResponse } from '../../../src/offline/sync-protocol';
import { makeEntityKey } from '../../../src/offline/temp-ids';

let dbCounter = 0;

export function newDb(): ApexDb {
  dbCounter += 1;
  return new ApexDb(`apex-test-${dbCounter}-${Math.random().toString(36).slice(2)}`);
}

export const TimeEntryArgs = z.object({
  TimeEntryID: z.number().int(),
  ParentTimeEntryID: z.number().int().nullable().optional(),
  Notes: z.string(),
  TimeZoneOffset: z.number().int().optional(),
});
export type TimeEntryArgs = z.infer<typeof TimeEntryArgs>;

export const DeleteArgs = z.object({ TimeEntryID: z.number().int() });

/** timeEntry.create (POST), timeEntry.update (PUT time-entries/{id}), timeEntry.delete. */
export function timeEntryRegistry(): CommandRegistry {
  const registry = new CommandRegistry();
  registry.register({
    name: 'timeEntry.create',
    args: TimeEntryArgs,
    toRequest: ({ TimeEntryID, ...body }) => ({
      method: 'POST',
      path: 'time-entries',
      body,
      entityKey: makeEntityKey('timeEntry', TimeEntryID),
    }),
    draft: (a) => ({ entity: 'timeEntry', localId: a.TimeEntryID, data: a }),
    serverIdFrom: (body) => (body as { TimeEntryID?: number } | null)?.TimeEntryID,
  });
  registry.register({
    name: 'timeEntry.update',
    args: TimeEntryArgs,
    toRequest: (a) => ({
      method: 'PUT',
      path: `time-entries/${a.TimeEntryID}`,
      body: a,
      entityKey: makeEntityKey('timeEntry', a.TimeEntryID),
    }),
    draft: (a) => ({ entity: 'timeEntry', localId: a.TimeEntryID, data: a }),
    onAck: (_args, body) => ({ data: body }),
  });
  registry.register({
    name: 'timeEntry.delete',
    args: DeleteArgs,
    toRequest: (a) => ({
      method: 'DELETE',
      path: `time-entries/${a.TimeEntryID}`,
      entityKey: makeEntityKey('timeEntry', a.TimeEntryID),
    }),
    draft: (a) => ({ entity: 'timeEntry', localId: a.TimeEntryID, data: null, deleted: true }),
  });
  return registry;
}

/** A clock the test moves, and timers that fire only when the clock passes them. */
export class ManualClock {
  time = 1_000_000;
  timers: Array<{ at: number; callback: () => void; cancelled: boolean }> = [];
  now = (): number => this.time;
  setTimer = (callback: () => void, ms: number): (() => void) => {
    const timer = { at: this.time + ms, callback, cancelled: false };
    this.timers.push(timer);
    return () => {
      timer.cancelled = true;
    };
  };
  /** Moves the clock and fires the timers that became due. */
  advance(ms: number): void {
    this.time += ms;
    const due = this.timers.filter((t) => !t.cancelled && t.at <= this.time);
    this.timers = this.timers.filter((t) => !due.includes(t));
    for (const t of due) t.callback();
  }
  pendingTimers(): number {
    return this.timers.filter((t) => !t.cancelled).length;
  }
}

type StoredResponse = { state: 'running' } | { state: 'done'; hash: string; response: SendResponse };

export interface ReceivedRequest extends SendRequest {
  key: string;
  replayed: boolean;
}

/**
 * The server side: time entries with server ids from 800, deduplicated by Idempotency-Key (per the
 * plugin: running → 409 in progress, done → stored answer, other request under the key → 422, 5xx
 * released). `respond` lets a test answer before the handler runs (errors, outages).
 */
export class FakeServer {
  entries = new Map<number, Record<string, unknown>>();
  nextId = 800;
  keys = new Map<string, StoredResponse>();
  /** Every request that reached the server. */
  received: ReceivedRequest[] = [];
  /** Every request the handler executed (a mutation committed). */
  executed: ReceivedRequest[] = [];
  /** Answers a request without executing it (return undefined to let it through). */
  respond: (request: SendRequest) => SendResponse | undefined = () => undefined;
  /** Temporary ids that reached the server (must stay empty). */
  leakedTempIds: string[] = [];

  send = async (request: SendRequest): Promise<SendResponse> => this.handle(request);

  async handle(request: SendRequest): Promise<SendResponse> {
    const key = request.headers['Idempotency-Key'];
    const early = this.respond(request);
    if (early) {
      this.received.push({ ...request, key, replayed: false });
      return early;
    }
    const hash = JSON.stringify([request.method, request.path, request.body ?? null]);
    const stored = this.keys.get(key);
    if (stored?.state === 'running') {
      this.received.push({ ...request, key, replayed: false });
      return {
        status: 409,
        body: { Message: 'A request with this Idempotency-Key is still being processed.' },
        headers: { 'idempotency-status': 'processing', 'retry-after': '1' },
      };
    }
    if (stored?.state === 'done') {
      this.received.push({ ...request, key, replayed: true });
      if (stored.hash !== hash) {
        return {
          status: 422,
          body: { Message: 'This Idempotency-Key was already used for a different request.' },
        };
      }
      return stored.response;
    }
    this.keys.set(key, { state: 'running' });
    const record = { ...request, key, replayed: false };
    this.received.push(record);
    // Lets other requests interleave while this one runs.
    await Promise.resolve();
    const response = this.execute(request);
    this.executed.push(record);
    if (response.status >= 500) this.keys.delete(key);
    else this.keys.set(key, { state: 'done', hash, response });
    return response;
  }

  execute(request: SendRequest): SendResponse {
    const text = JSON.stringify(request.body ?? null) + request.path;
    if (/(^|[/=:,[])-\d+/.test(text.replace(/"TimeZoneOffset":-\d+/g, ''))) this.leakedTempIds.push(text);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (request.method === 'POST' && request.path === 'time-entries') {
      const id = this.nextId++;
      const row = { ...body, TimeEntryID: id, Version: 1 };
      this.entries.set(id, row);
      return { status: 201, body: row };
    }
    const match = /^time-entries\/(\d+)$/.exec(request.path);
    const current = match ? this.entries.get(Number(match[1])) : undefined;
    if (!match || !current) return { status: 404, body: { Message: 'Time entry not found.' } };
    if (request.method === 'DELETE') {
      this.entries.delete(Number(match[1]));
      return { status: 204, body: null };
    }
    if (body.Notes === 'reject') return { status: 422, body: { Message: 'Notes are not acceptable.' } };
    if (body.Notes === 'conflict') {
      return { status: 409, body: { Message: 'Changed by someone else.', Current: current } };
    }
    const row = {
      ...current,
      ...body,
      TimeEntryID: current.TimeEntryID,
      Version: Number(current.Version) + 1,
    };
    this.entries.set(Number(match[1]), row);
    return { status: 200, body: row };
  }

  /** Executions per Idempotency-Key (any value above 1 is a duplicate). */
  executionsByKey(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const r of this.executed) counts.set(r.key, (counts.get(r.key) ?? 0) + 1);
    return counts;
  }
}

export interface Harness {
  db: ApexDb;
  registry: CommandRegistry;
  clock: ManualClock;
  server: FakeServer;
  engine: SyncEngine;
  errors: unknown[];
  uuid: () => string;
}

let uuidCounter = 0;
export function testUuid(): string {
  uuidCounter += 1;
  return `00000000-0000-4000-8000-${uuidCounter.toString(16).padStart(12, '0')}`;
}

export function makeEngine(
  parts: { db: ApexDb; registry: CommandRegistry; clock: ManualClock; send: SyncEngineOptions['send'] },
  options: Partial<SyncEngineOptions> & { userId?: UserId; locks?: LockManagerLike } = {},
): { engine: SyncEngine; errors: unknown[] } {
  const errors: unknown[] = [];
  const engine = new SyncEngine({
    db: parts.db,
    userId: 'u1',
    send: parts.send,
    registry: parts.registry,
    now: parts.clock.now,
    random: () => 0.5,
    uuid: testUuid,
    setTimer: parts.clock.setTimer,
    events: { window: null, document: null, serviceWorker: null },
    storage: null,
    registerBackgroundSync: null,
    isOnline: () => true,
    onError: (error) => errors.push(error),
    ...options,
  });
  return { engine, errors };
}

export function harness(options: Partial<SyncEngineOptions> = {}): Harness {
  const db = newDb();
  const registry = timeEntryRegistry();
  const clock = new ManualClock();
  const server = new FakeServer();
  const { engine, errors } = makeEngine({ db, registry, clock, send: server.send }, options);
  return { db, registry, clock, server, engine, errors, uuid: testUuid };
}

export function enqueueIn(h: Pick<Harness, 'db' | 'registry' | 'clock'>, userId: UserId) {
  return (command: string, args: unknown): Promise<OutboxRow> =>
    enqueue(userId, command, args, { db: h.db, registry: h.registry, now: h.clock.now, uuid: testUuid });
}

/** Creates a time entry offline (temporary id) and returns that id. */
export async function createOffline(
  h: Pick<Harness, 'db' | 'registry' | 'clock'>,
  userId: UserId,
  args: Omit<TimeEntryArgs, 'TimeEntryID'>,
): Promise<number> {
  const tempId = await allocateTempId(userId, h.db);
  await enqueueIn(h, userId)('timeEntry.create', { ...args, TimeEntryID: tempId });
  return tempId;
}

/** The id the UI currently knows an entity by (its server id once created). */
export async function currentId(db: ApexDb, userId: UserId, id: number): Promise<number> {
  const draft = await getDraft(userId, 'timeEntry', id, db);
  return typeof draft?.localId === 'number' ? draft.localId : id;
}

/**
 * Polls until `check` holds (for runs started by events, which nobody awaits). The limit only bounds a
 * failing test: generous, so a machine under load does not fail a passing one.
 */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/**
 * An engine on the app's connection store, its requests through a network the test can cut (`net.up`);
 * each outcome is reported to the store, as the ApiClient does. `sent` lists every request the engine
 * tried, `probes` the clock time of each probe. `probe: false` leaves the engine without a probe.
 */
export function connectedHarness(options: { probe?: boolean } = {}) {
  const db = newDb();
  const registry = timeEntryRegistry();
  const clock = new ManualClock();
  const server = new FakeServer();
  const net = { up: true };
  const connection = new ConnectionStore({ now: clock.now, random: () => 0.5 });
  const reach = <T>(answer: () => Promise<T>): Promise<T> => {
    if (!net.up) {
      connection.reportFailure();
      return Promise.reject(new TypeError('Failed to fetch'));
    }
    connection.reportAnswer();
    return answer();
  };
  const sent: string[] = [];
  const send: SendFunction = (request) => {
    sent.push(`${request.method} ${request.path}`);
    return reach(() => server.send(request));
  };
  const probes: number[] = [];
  const probe = () => {
    probes.push(clock.time);
    return reach(async () => true);
  };
  const { engine, errors } = makeEngine(
    { db, registry, clock, send },
    { connection, ...(options.probe === false ? {} : { probe }) },
  );
  return { db, registry, clock, server, net, connection, engine, errors, probes, sent };
}

/** Lets the engine's promise chains (runs started by events, which nobody awaits) settle. */
export const settle = (): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, 10));
