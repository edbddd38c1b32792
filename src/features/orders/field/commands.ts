// Offline command of the phone's order form: `workOrder.create` (POST work-orders with a temporary
// id). The order is drafted on the device with the lead it comes from (LeadID, a temporary lead id is
// replaced by the server's once the lead is sent) and a ClientRequestKey made when the draft is made,
// so a re-send after a lost answer gives back the same order (the server is exactly-once on LeadID +
// ClientRequestKey, and on the outbox's Idempotency-Key).
import { z } from 'zod';
import { WorkOrderSave } from '../../../contract/orders';
import { idFromBody, registerCommand } from '../../../offline/commands';
import { makeEntityKey } from '../../../offline/temp-ids';

export const WORK_ORDER = 'workOrder';

export const CreateWorkOrderArgs = z.object({
  /** Negative temporary id (allocateTempId) until the server gives the order its WorkOrderID. */
  Id: z.number().int().negative(),
  order: WorkOrderSave.extend({
    /** The lead's server id, or its temporary (negative) id while its own create is queued. */
    LeadID: z
      .number()
      .int()
      .refine((n) => n !== 0, 'A lead id'),
    ClientRequestKey: z.string().min(1).max(100),
  }),
  /** What My sales shows while the order waits (names of the program and products). */
  local: z.record(z.string(), z.unknown()),
});
export type CreateWorkOrderArgs = z.input<typeof CreateWorkOrderArgs>;

export const createWorkOrder = registerCommand({
  name: 'workOrder.create',
  args: CreateWorkOrderArgs,
  toRequest: (a) => ({
    method: 'POST',
    path: 'work-orders',
    body: a.order,
    entityKey: makeEntityKey(WORK_ORDER, a.Id),
  }),
  draft: (a) => ({ entity: WORK_ORDER, localId: a.Id, data: { ...a.local, WorkOrderID: a.Id } }),
  serverIdFrom: idFromBody('WorkOrderID'),
  onAck: (_a, body) => (typeof body === 'object' && body !== null ? { data: body } : undefined),
});
