// Offline commands of the leads map: a knock (`lead.logInteraction`, PATCH leads/{id} with no Version
// and OccurredAt = the knock time) and a new door (`lead.create`, POST leads with a temporary id).
// Each is queued in the outbox with the lead's local copy as its draft, so the marker changes at once,
// and is sent once by the sync engine (Idempotency-Key; the server also ignores a replayed knock).
import { z } from 'zod';
import { LeadCreate, LeadPatch } from '../../contract/leads';
import { idFromBody, registerCommand } from '../../offline/commands';
import { makeEntityKey } from '../../offline/temp-ids';

export const LEAD = 'lead';

/** The lead's local copy (merge-markers.ts LeadLocal) kept as the draft. */
const LocalCopy = z.record(z.string(), z.unknown());

/** A lead is named by its server id or, while its create is queued, by its temporary (negative) id. */
const LeadRef = z
  .number()
  .int()
  .refine((n) => n !== 0, 'A lead id');

export const LogInteractionArgs = z.object({
  LeadID: LeadRef,
  patch: LeadPatch,
  local: LocalCopy,
});
export type LogInteractionArgs = z.infer<typeof LogInteractionArgs>;

export const CreateLeadArgs = z.object({
  /** Negative temporary id (allocateTempId) until the server gives the lead its LeadID. */
  Id: z.number().int().negative(),
  lead: LeadCreate,
  local: LocalCopy,
});
export type CreateLeadArgs = z.infer<typeof CreateLeadArgs>;

/** The server's answer, minus the history (the card reads that from GET leads/{id}). */
function ackCopy(body: unknown) {
  if (typeof body !== 'object' || body === null) return undefined;
  const { LeadActivityHistory: _history, ...lead } = body as Record<string, unknown>;
  return { data: lead };
}

export const logInteraction = registerCommand({
  name: 'lead.logInteraction',
  args: LogInteractionArgs,
  toRequest: (a) => ({
    method: 'PATCH',
    path: `leads/${a.LeadID}`,
    body: a.patch,
    entityKey: makeEntityKey(LEAD, a.LeadID),
  }),
  draft: (a) => ({ entity: LEAD, localId: a.LeadID, data: { ...a.local, LeadID: a.LeadID } }),
  onAck: (_a, body) => ackCopy(body),
});

export const createLead = registerCommand({
  name: 'lead.create',
  args: CreateLeadArgs,
  toRequest: (a) => ({
    method: 'POST',
    path: 'leads',
    body: a.lead,
    entityKey: makeEntityKey(LEAD, a.Id),
  }),
  draft: (a) => ({ entity: LEAD, localId: a.Id, data: { ...a.local, LeadID: a.Id } }),
  serverIdFrom: idFromBody('LeadID'),
  onAck: (_a, body) => ackCopy(body),
});
