// The sync engine loads a feature's command code only when a change of it is queued
// (SyncEngineOptions.loadCommands, src/app/commands.ts): a pass asks for the queued commands the
// registry lacks, a change whose code cannot be loaded waits (reported, never dropped) and goes once
// it loads, and editing a queued change loads its command first.
import { describe, expect, it } from 'vitest';
import { CommandRegistry } from '../../../src/offline/commands';
import { listOutbox } from '../../../src/offline/db';
import {
  createOffline,
  enqueueIn,
  FakeServer,
  ManualClock,
  makeEngine,
  newDb,
  timeEntryRegistry,
  waitFor,
} from './offline-kit';

const U = 'u1';

/** An engine whose registry starts empty; `load` registers the named commands from the full registry. */
function lazyHarness(load: (names: string[]) => Promise<void> = async () => undefined) {
  const db = newDb();
  const full = timeEntryRegistry();
  const clock = new ManualClock();
  const server = new FakeServer();
  const empty = new CommandRegistry();
  const asked: string[][] = [];
  const { engine, errors } = makeEngine(
    { db, registry: empty, clock, send: server.send },
    {
      loadCommands: async (names) => {
        asked.push([...names].sort());
        await load(names);
        for (const name of names) {
          const definition = full.get(name);
          if (definition) empty.register(definition);
        }
      },
    },
  );
  // Changes are queued by the screens, which import their own commands: the full registry.
  const queue = { db, registry: full, clock };
  return { db, clock, server, engine, errors, asked, queue, registry: empty };
}

describe('command code loaded when a change needs it', () => {
  it('asks for the queued commands the registry lacks, once, and then sends the changes', async () => {
    const h = lazyHarness();
    await createOffline(h.queue, U, { Notes: 'a' });
    h.server.entries.set(77, { TimeEntryID: 77, Notes: 'old', Version: 1 });
    await enqueueIn(h.queue, U)('timeEntry.update', { TimeEntryID: 77, Notes: 'x' });
    await enqueueIn(h.queue, U)('timeEntry.update', { TimeEntryID: 77, Notes: 'y' });
    await h.engine.start();
    await waitFor(async () => (await listOutbox(U, h.db)).length === 0);
    expect(h.asked).toEqual([['timeEntry.create', 'timeEntry.update']]);
    expect(h.server.received.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST time-entries',
      'PUT time-entries/77',
      'PUT time-entries/77',
    ]);
    expect(h.errors).toEqual([]);
    await h.engine.stop();
  });

  it('loads nothing while the outbox is empty', async () => {
    const h = lazyHarness();
    await h.engine.start();
    await h.engine.syncNow();
    expect(h.asked).toEqual([]);
    expect(h.registry.names()).toEqual([]);
    await h.engine.stop();
  });

  it('a change whose code cannot be loaded stays queued and goes once the code loads', async () => {
    let reachable = false;
    const h = lazyHarness(async () => {
      if (!reachable) throw new Error('chunk not reachable');
    });
    await createOffline(h.queue, U, { Notes: 'a' });
    await h.engine.start();
    expect(h.server.received).toEqual([]);
    expect((await listOutbox(U, h.db)).map((r) => r.status)).toEqual(['pending']);
    expect(String(h.errors[0])).toContain('chunk not reachable');
    reachable = true;
    await h.engine.syncNow();
    await waitFor(async () => (await listOutbox(U, h.db)).length === 0);
    expect(h.server.received.map((r) => `${r.method} ${r.path}`)).toEqual(['POST time-entries']);
    await h.engine.stop();
  });

  it('editing a queued change loads its command before checking the new values', async () => {
    const h = lazyHarness();
    const row = await enqueueIn(h.queue, U)('timeEntry.update', { TimeEntryID: 77, Notes: 'x' });
    // Not started: nothing has loaded the command yet.
    expect(h.registry.get('timeEntry.update')).toBeUndefined();
    const edited = await h.engine.edit(row.id, { TimeEntryID: 77, Notes: 'z' });
    expect(edited.args).toEqual({ TimeEntryID: 77, Notes: 'z' });
    expect(h.asked).toEqual([['timeEntry.update']]);
    await h.engine.stop();
  });
});
