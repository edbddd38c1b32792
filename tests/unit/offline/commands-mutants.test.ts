// Named offline commands as a feature uses them: reading the created id from an answer, the words of a
// refused call, a registry's own commands (queued through that registry, not the app's), commands
// without a local copy, and the global registration.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CommandArgsError,
  CommandRegistry,
  commandRegistry,
  enqueue,
  idFromBody,
  registerCommand,
  UnknownCommandError,
} from '../../../src/offline/commands';
import { getDraft, listOutbox } from '../../../src/offline/db';
import { newDb } from './offline-kit';

const U = 'u1';
const NoteArgs = z.object({ Id: z.number().int(), Note: z.object({ Text: z.string().min(1) }) });

function noteCommand(name: string, withDraft: boolean) {
  return {
    name,
    args: NoteArgs,
    toRequest: (a: z.infer<typeof NoteArgs>) => ({
      method: 'POST' as const,
      path: `notes/${a.Id}`,
      body: a.Note,
      entityKey: `note:${a.Id}`,
    }),
    ...(withDraft
      ? { draft: (a: z.infer<typeof NoteArgs>) => ({ entity: 'note', localId: a.Id, data: a.Note }) }
      : {}),
  };
}

describe('idFromBody', () => {
  it('reads the numeric id of the named field, and nothing else', () => {
    const read = idFromBody('LeadID');
    expect(read({ LeadID: 41, Id: 7 })).toBe(41);
    expect(read({ LeadID: '41' })).toBeUndefined();
    expect(read({ Id: 7 })).toBeUndefined();
    expect(read(null)).toBeUndefined();
    expect(read(undefined)).toBeUndefined();
  });
});

describe('errors a caller can act on', () => {
  it('an unknown command names itself', async () => {
    const registry = new CommandRegistry();
    const failure = await enqueue(U, 'nothing.here', {}, { db: newDb(), registry }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UnknownCommandError);
    expect(failure).toMatchObject({ name: 'UnknownCommandError', command: 'nothing.here' });
    expect((failure as Error).message).toBe('Unknown offline command: nothing.here');
  });

  it('refused arguments list each field by its dotted path', async () => {
    const registry = new CommandRegistry();
    const handle = registry.register(noteCommand('note.add', true));
    const db = newDb();
    const failure = await handle
      .enqueue(U, { Id: 'x', Note: { Text: '' } } as never, { db })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CommandArgsError);
    expect((failure as Error).name).toBe('CommandArgsError');
    const message = (failure as Error).message;
    expect(message).toMatch(/^Invalid arguments for note\.add: /);
    expect(message).toContain('Id: ');
    expect(message).toContain('Note.Text: ');
    expect(message.split('; ')).toHaveLength(2);
    expect(await listOutbox(U, db)).toEqual([]);
  });
});

describe('registries', () => {
  it("a registry's handle queues through that registry, which the app's does not know", async () => {
    const registry = new CommandRegistry();
    const handle = registry.register(noteCommand('private.note', true));
    expect(handle.name).toBe('private.note');
    expect(commandRegistry.get('private.note')).toBeUndefined();
    const db = newDb();
    const row = await handle.enqueue(U, { Id: -4, Note: { Text: 'hello' } }, { db });
    expect(row).toMatchObject({ command: 'private.note', path: 'notes/-4', body: { Text: 'hello' } });
    expect(await listOutbox(U, db)).toHaveLength(1);
    expect(await getDraft(U, 'note', -4, db)).toMatchObject({ data: { Text: 'hello' } });
  });

  it('lists the names it holds', () => {
    const registry = new CommandRegistry();
    expect(registry.names()).toEqual([]);
    registry.register(noteCommand('a.one', false));
    registry.register(noteCommand('b.two', false));
    expect(registry.names()).toEqual(['a.one', 'b.two']);
  });

  it('a command without a local copy is queued with no draft', async () => {
    const registry = new CommandRegistry();
    const handle = registry.register(noteCommand('note.bare', false));
    const db = newDb();
    const row = await handle.enqueue(U, { Id: 5, Note: { Text: 'x' } }, { db });
    expect(row.draftBefore).toBeUndefined();
    expect(await getDraft(U, 'note', 5, db)).toBeUndefined();
    expect(await listOutbox(U, db)).toHaveLength(1);
  });

  it('registerCommand puts a command in the given registry and hands back its handle', async () => {
    const registry = new CommandRegistry();
    const handle = registerCommand(noteCommand('given.note', false), registry);
    expect(handle.name).toBe('given.note');
    expect(registry.get('given.note')?.name).toBe('given.note');
    const row = await handle.enqueue(U, { Id: 6, Note: { Text: 'y' } }, { db: newDb() });
    expect(row.command).toBe('given.note');
  });
});
