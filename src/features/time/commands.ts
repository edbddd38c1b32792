// Offline commands of the clock: a punch creates a work or break entry (POST time-entries) or closes
// one (PATCH time-entries/{id}). Each is queued in the outbox and sent exactly once by the engine.
import { z } from 'zod';
import { TimeEntryPatch, TimeEntrySave } from '../../contract/time';
import { idFromBody, registerCommand } from '../../offline/commands';
import { makeEntityKey } from '../../offline/temp-ids';
import { TIME_ENTRY } from './entity';

export { TIME_ENTRY };

/** The local copy of an entry the draft keeps (what the screen shows until the server answers). */
const LocalCopy = z.record(z.string(), z.unknown());

/** As sent, except that a break may name its work entry by temporary (negative) id while queued. */
const QueuedTimeEntrySave = TimeEntrySave.extend({
  ParentTimeEntryID: z.number().int().nullable().optional(),
});

export const CreateTimeEntryArgs = z.object({
  /** Negative temporary id (allocateTempId) until the server gives the real one. */
  Id: z.number().int(),
  entry: QueuedTimeEntrySave,
  local: LocalCopy,
});
export type CreateTimeEntryArgs = z.infer<typeof CreateTimeEntryArgs>;

export const PatchTimeEntryArgs = z.object({
  Id: z.number().int(),
  patch: TimeEntryPatch,
  /** The whole entry after the change, for the draft. */
  local: LocalCopy,
});
export type PatchTimeEntryArgs = z.infer<typeof PatchTimeEntryArgs>;

export const createTimeEntry = registerCommand({
  name: 'timeEntry.create',
  args: CreateTimeEntryArgs,
  toRequest: (a) => ({
    method: 'POST',
    path: 'time-entries',
    body: a.entry,
    entityKey: makeEntityKey(TIME_ENTRY, a.Id),
  }),
  draft: (a) => ({ entity: TIME_ENTRY, localId: a.Id, data: { ...a.local, Id: a.Id } }),
  serverIdFrom: idFromBody('Id'),
  onAck: (_a, body) => ({ data: body }),
});

export const patchTimeEntry = registerCommand({
  name: 'timeEntry.patch',
  args: PatchTimeEntryArgs,
  toRequest: (a) => ({
    method: 'PATCH',
    path: `time-entries/${a.Id}`,
    body: a.patch,
    entityKey: makeEntityKey(TIME_ENTRY, a.Id),
  }),
  draft: (a) => ({ entity: TIME_ENTRY, localId: a.Id, data: { ...a.local, Id: a.Id } }),
  onAck: (_a, body) => ({ data: body }),
});
