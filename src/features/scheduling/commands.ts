// Offline commands of scheduling (registered at start from src/app/commands.ts):
// - scheduleEvent.respond: the assigned employee accepts, or rejects with a reason
//   (PUT schedule-events/{id}/assignments/{assignmentId}/respond; the same answer again is a no-op on
//   the server, and the Idempotency-Key makes a replay return the first answer);
// - scheduleEvent.save: a manager's event draft, created (POST schedule-events with a temporary id) or
//   changed (PUT schedule-events/{id} with the Version it was read at; a 409 keeps the draft as a
//   conflict with the server's current event, never overwriting it).
import { z } from 'zod';
import { AssignmentStatus, REASON_REQUIRED, ScheduleEventSave } from '../../contract/scheduling';
import { idFromBody, registerCommand } from '../../offline/commands';
import { makeEntityKey } from '../../offline/temp-ids';

/** Draft entity of an answer (keyed by AssignmentID). */
export const ASSIGNMENT_ENTITY = 'scheduleAssignment';
/** Draft entity of an event (keyed by ScheduleEventID, negative while only on this device). */
export const EVENT_ENTITY = 'scheduleEvent';

/** The local copy a draft keeps (what the screen shows until the server answers). */
const LocalCopy = z.record(z.string(), z.unknown());

export const RespondArgs = z
  .object({
    ScheduleEventID: z.number().int().positive(),
    AssignmentID: z.number().int().positive(),
    Status: z.literal([AssignmentStatus.Accepted, AssignmentStatus.Rejected]),
    Reason: z.string().trim().max(1000).nullable(),
    local: LocalCopy,
  })
  .superRefine((v, ctx) => {
    if (v.Status === AssignmentStatus.Rejected && !v.Reason?.trim())
      ctx.addIssue({ code: 'custom', message: REASON_REQUIRED, path: ['Reason'] });
  });
export type RespondArgs = z.infer<typeof RespondArgs>;

export const respondToAssignment = registerCommand({
  name: 'scheduleEvent.respond',
  args: RespondArgs,
  toRequest: (a) => ({
    method: 'PUT',
    path: `schedule-events/${a.ScheduleEventID}/assignments/${a.AssignmentID}/respond`,
    body: { Status: a.Status, Reason: a.Status === AssignmentStatus.Rejected ? a.Reason : null },
    entityKey: makeEntityKey(ASSIGNMENT_ENTITY, a.AssignmentID),
  }),
  draft: (a) => ({
    entity: ASSIGNMENT_ENTITY,
    localId: a.AssignmentID,
    data: { ...a.local, AssignmentID: a.AssignmentID, Status: a.Status, Reason: a.Reason },
  }),
  onAck: (_a, body) => ({ data: body }),
});

export const SaveEventArgs = z.object({
  /**
   * Negative temporary id (allocateTempId) for an event made on this device, else the server's
   * ScheduleEventID. A change queued behind a create still names the temporary id; the engine rewrites
   * it (path and args) once the create is acknowledged.
   */
  Id: z.number().int(),
  /** True: POST (a new event); false: PUT of the whole event. */
  Create: z.boolean(),
  /** The Version the change was made on (PUT only). */
  Version: z.number().int().optional(),
  /**
   * The payload keys the manager changed (PUT only): after a conflict, merging keeps these from the
   * draft and everything else from the server's current event, so nobody's other edits are lost.
   */
  Changed: z.array(z.string()).optional(),
  event: ScheduleEventSave,
  /** The event as the board shows it meanwhile. */
  local: LocalCopy,
});
export type SaveEventArgs = z.infer<typeof SaveEventArgs>;

export const saveScheduleEvent = registerCommand({
  name: 'scheduleEvent.save',
  args: SaveEventArgs,
  toRequest: (a) =>
    a.Create
      ? {
          method: 'POST',
          path: 'schedule-events',
          body: a.event,
          entityKey: makeEntityKey(EVENT_ENTITY, a.Id),
        }
      : {
          method: 'PUT',
          path: `schedule-events/${a.Id}`,
          body: { ...a.event, Version: a.Version ?? 1 },
          entityKey: makeEntityKey(EVENT_ENTITY, a.Id),
        },
  draft: (a) => ({ entity: EVENT_ENTITY, localId: a.Id, data: { ...a.local, ScheduleEventID: a.Id } }),
  serverIdFrom: idFromBody('ScheduleEventID'),
  onAck: (_a, body) => ({ data: body }),
});
