// The phone's order form: its checks by field, the body it queues (a door-to-door sale from the lead,
// keyed once), and the offline command: queued under a temporary id, sent once as POST work-orders
// with the lead's server id once a lead made offline was sent, the same ClientRequestKey on a re-send.
import { beforeEach, describe, expect, it } from 'vitest';
import { createWorkOrder, WORK_ORDER } from '../../../src/features/orders/field/commands';
import {
  localDate,
  type OrderValues,
  orderBody,
  validateOrder,
} from '../../../src/features/orders/field/order-draft';
import { allocateTempId, getDb, getDraft, listOutbox } from '../../../src/offline/db';
import { SyncEngine } from '../../../src/offline/sync-engine';
import type { SendRequest } from '../../../src/offline/sync-protocol';

const valid: OrderValues = {
  officeProgram: '7:12',
  SaleDate: '2026-11-20',
  CustomerName: '  ',
  CustomerPhone: ' 416-555-0101 ',
  Comments: 'Install Saturday',
  rows: [{ key: 'a', ProductID: '3', ProductLineID: '5', Quantity: 2 }],
};

let user = 0;
beforeEach(async () => {
  user += 1;
  await getDb().open();
});

describe('validateOrder', () => {
  it('accepts a complete form', () => {
    expect(validateOrder(valid)).toEqual({});
  });

  it('names each missing field, per product row', () => {
    const errors = validateOrder({
      ...valid,
      officeProgram: null,
      SaleDate: '',
      rows: [
        { key: 'a', ProductID: null, ProductLineID: '5', Quantity: 1 },
        { key: 'b', ProductID: '3', ProductLineID: null, Quantity: 0 },
      ],
    });
    expect(errors).toEqual({
      officeProgram: 'orders-field.errors.program',
      SaleDate: 'orders-field.errors.saleDate',
      'rows.0.ProductID': 'orders-field.errors.product',
      'rows.1.ProductLineID': 'orders-field.errors.line',
      'rows.1.Quantity': 'orders-field.errors.quantity',
    });
    expect(validateOrder({ ...valid, rows: [] }).rows).toBe('orders-field.errors.noProduct');
    expect(validateOrder({ ...valid, rows: [{ ...valid.rows[0], Quantity: 1.5 }] })).toHaveProperty(
      'rows.0.Quantity',
    );
    expect(validateOrder({ ...valid, rows: [{ ...valid.rows[0], Quantity: 1001 }] })).toHaveProperty(
      'rows.0.Quantity',
    );
  });
});

describe('orderBody', () => {
  it('is a door-to-door sale of the lead at the chosen office and program, empty texts left out', () => {
    expect(orderBody(valid, { LeadID: 41 }, 'key-1')).toEqual({
      IcdOfficeID: 7,
      ProgramID: 12,
      LeadID: 41,
      ClientRequestKey: 'key-1',
      SalesChannelID: 1,
      SaleDate: '2026-11-20',
      CustomerName: null,
      CustomerPhone: '416-555-0101',
      Comments: 'Install Saturday',
      ProductOrders: [{ ProductID: 3, ProductLineID: 5, Quantity: 2 }],
    });
  });

  it('dates the sale on the phone’s calendar', () => {
    expect(localDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('workOrder.create', () => {
  it('is sent once, with the lead’s server id and the same client key after a lost answer', async () => {
    const userId = `o${user}`;
    const leadTemp = await allocateTempId(userId);
    const Id = await allocateTempId(userId);
    // The lead itself was made offline: its create is queued first (a minimal stand-in command body).
    const { createLead } = await import('../../../src/features/leads/commands');
    await createLead.enqueue(userId, {
      Id: leadTemp,
      lead: { LeadGroupID: 1, Latitude: 43.66, Longitude: -79.41 },
      local: { LeadID: leadTemp },
    });
    await createWorkOrder.enqueue(userId, {
      Id,
      order: orderBody(valid, { LeadID: leadTemp }, 'draft-key') as Parameters<
        typeof createWorkOrder.enqueue
      >[1]['order'],
      local: { CustomerName: '12 Clinton St' },
    });
    expect(await getDraft(userId, WORK_ORDER, Id)).toMatchObject({ data: { WorkOrderID: Id } });

    const sent: SendRequest[] = [];
    let lost = true;
    const engine = new SyncEngine({
      db: getDb(),
      userId,
      send: async (request) => {
        sent.push(request);
        if (request.path === 'leads') return { status: 201, body: { LeadID: 900, Version: 1 } };
        if (lost) {
          lost = false;
          throw Object.assign(new TypeError('Failed to fetch'), { name: 'TypeError' });
        }
        return { status: 201, body: { ...(request.body as object), WorkOrderID: 77, Version: 1 } };
      },
      events: { window: null, document: null, serviceWorker: null },
      storage: null,
      registerBackgroundSync: null,
      isOnline: () => true,
    });
    await engine.syncNow();
    await engine.syncNow();
    await engine.stop();
    const orders = sent.filter((r) => r.path === 'work-orders');
    expect(orders.length).toBeGreaterThanOrEqual(1);
    for (const r of orders) {
      expect(r.method).toBe('POST');
      expect(r.body).toMatchObject({ LeadID: 900, ClientRequestKey: 'draft-key', SalesChannelID: 1 });
    }
    // A re-send carries the same Idempotency-Key.
    expect(
      new Set(orders.map((r) => r.headers['Idempotency-Key'] ?? r.headers['idempotency-key'])).size,
    ).toBe(1);
    expect(await listOutbox(userId)).toHaveLength(0);
    expect(await getDraft(userId, WORK_ORDER, Id)).toMatchObject({ localId: 77 });
  });
});
