// Offline commands of the timesheet (after src/features/time/commands.ts): acknowledging a change
// made to one's time, and creating, changing or deleting one's own entries. Each is queued in the
// outbox and sent once by the sync engine. Entries share the clock's draft entity ('timeEntry'), so
// the clock and the timesheet show the same local copy. A 202 answer (the pay period is closed: the
// change went to payroll as a late adjustment) is an acknowledgement like any 2xx; its body (the
// entry as it would be, with `LateAdjustment`) becomes the local copy.
import { z } from 'zod';
import { TimeEntrySave, TimeEntryUpdate } from '../../contract/time';
import { idFromBody, registerCommand } from '../../offline/commands';
import { makeEntityKey } from '../../offline/temp-ids';
import { TIME_ENTRY } from '../time/commands';

export { TIME_ENTRY };
/** Draft entity of an acknowledgement (its local id is the modification's id). */
export const TIME_MODIFICATION = 'timeModification';

const LocalCopy = z.record(z.string(), z.unknown());
/** An id that may still be a temporary (negative) one while the entry's create is queued. */
const AnyId = z.number().int();

export const AcknowledgeArgs = z.object({
  TimeEntryModificationID: z.number().int().positive(),
  Version: z.number().int().min(1).optional(),
});
export type AcknowledgeArgs = z.infer<typeof AcknowledgeArgs>;

export const acknowledgeModification = registerCommand({
  name: 'timeModification.acknowledge',
  args: AcknowledgeArgs,
  toRequest: (a) => ({
    method: 'PUT',
    path: `time-entries/modified/${a.TimeEntryModificationID}/acknowledge`,
    body: a.Version === undefined ? {} : { Version: a.Version },
    entityKey: makeEntityKey(TIME_MODIFICATION, a.TimeEntryModificationID),
  }),
  draft: (a) => ({
    entity: TIME_MODIFICATION,
    localId: a.TimeEntryModificationID,
    data: { TimeEntryModificationID: a.TimeEntryModificationID, acknowledged: true },
  }),
  onAck: (_a, body) => ({ data: body }),
});

export const CreateEntryArgs = z.object({
  Id: AnyId,
  entry: TimeEntrySave.extend({ ParentTimeEntryID: AnyId.nullable().optional() }),
  local: LocalCopy,
});
export type CreateEntryArgs = z.infer<typeof CreateEntryArgs>;

export const createEntry = registerCommand({
  name: 'timesheet.createEntry',
  args: CreateEntryArgs,
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

export const UpdateEntryArgs = z.object({
  Id: AnyId,
  entry: TimeEntryUpdate.extend({ ParentTimeEntryID: AnyId.nullable().optional() }),
  local: LocalCopy,
});
export type UpdateEntryArgs = z.infer<typeof UpdateEntryArgs>;

/** PUT time-entries/{id}: the whole entry with the Version that was edited. */
export const updateEntry = registerCommand({
  name: 'timesheet.updateEntry',
  args: UpdateEntryArgs,
  toRequest: (a) => ({
    method: 'PUT',
    path: `time-entries/${a.Id}`,
    body: a.entry,
    entityKey: makeEntityKey(TIME_ENTRY, a.Id),
  }),
  draft: (a) => ({ entity: TIME_ENTRY, localId: a.Id, data: { ...a.local, Id: a.Id } }),
  onAck: (_a, body) => ({ data: body }),
});

export const DeleteEntryArgs = z.object({
  Id: AnyId,
  /** The Version the user saw (rows queued before it was sent have none): a changed entry is a 409. */
  Version: z.number().int().min(1).optional(),
  local: LocalCopy,
});
export type DeleteEntryArgs = z.infer<typeof DeleteEntryArgs>;

export const deleteEntry = registerCommand({
  name: 'timesheet.deleteEntry',
  args: DeleteEntryArgs,
  toRequest: (a) => ({
    method: 'DELETE',
    path: a.Version === undefined ? `time-entries/${a.Id}` : `time-entries/${a.Id}?version=${a.Version}`,
    entityKey: makeEntityKey(TIME_ENTRY, a.Id),
  }),
  draft: (a) => ({ entity: TIME_ENTRY, localId: a.Id, data: { ...a.local, Id: a.Id }, deleted: true }),
  // 204: deleted. 202: the pay period is closed; the entry stays until payroll decides.
  onAck: (_a, body) => (body && typeof body === 'object' ? { data: body } : undefined),
});
