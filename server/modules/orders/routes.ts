// Orders calls (spec 002 §7 "Products and orders"); wire format and rules in src/contract/orders.ts,
// scope in scope.ts. Permission keys: catalogue:write (catalogue changes), orders:read / orders:write
// (office scope), orders:own (a rep's own orders).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import {
  AdjustmentBulk,
  AdjustmentSave,
  AdjustmentUpdate,
  CATALOGUE_WRITE,
  EmployeeClaims,
  ManualClaim,
  ManualClaimPage,
  ManualClaimQuery,
  ManualClaimResolve,
  ManualClaimSave,
  ManualClaimUpdate,
  MySale,
  MySalesQuery,
  ORDERS_OWN,
  ORDERS_WRITE,
  Product,
  ProductLine,
  ProductLineQuery,
  ProductLineSave,
  ProductLineUpdate,
  ProductOrder,
  ProductOrderAdjustment,
  ProductOrderStatus,
  ProductQuery,
  ProductSave,
  ProductUpdate,
  Program,
  ProgramQuery,
  Retailer,
  RetailerQuery,
  StatusChangeBulk,
  VersionQuery,
  WorkOrder,
  WorkOrderBulk,
  WorkOrderDetail,
  WorkOrderPage,
  WorkOrderPatch,
  WorkOrderQuery,
  WorkOrderSave,
  WorkOrderUpdateAlert,
  WorkOrderUpdateAlertResult,
} from '../../../src/contract/orders';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import {
  createProduct,
  createProductLine,
  deleteProduct,
  deleteProductLine,
  divisionStatuses,
  listProductLines,
  listProducts,
  listPrograms,
  listRetailers,
  updateProduct,
  updateProductLine,
} from './catalogue-service';
import {
  claimOrders,
  createManualClaim,
  deleteManualClaim,
  listManualClaims,
  resolveManualClaim,
  sendUpdateAlert,
  updateManualClaim,
} from './claims-service';
import { CATALOGUE_READERS, ORDER_READERS } from './scope';
import { changeStatuses, createAdjustments, deleteAdjustment, updateAdjustment } from './status-service';
import { patchWorkOrder } from './work-orders-patch';
import { getWorkOrder, listWorkOrders, mySales } from './work-orders-read';
import { createWorkOrder, createWorkOrdersBulk } from './work-orders-service';

const IdParam = z.object({ id: QueryInt32.positive() });
const tags = ['orders'];
const catalogueRead = { anyPermission: CATALOGUE_READERS };
const catalogueWrite = { permission: CATALOGUE_WRITE };
const orderRead = { anyPermission: ORDER_READERS };
const orderOwnOrWrite = { anyPermission: [ORDERS_OWN, ORDERS_WRITE] };
const orderWrite = { permission: ORDERS_WRITE };

export async function ordersRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- catalogue ----
  r.get(
    '/programs',
    {
      config: catalogueRead,
      schema: {
        tags,
        summary: "Programs of the caller's offices (all with a global key); divisionID, icdOfficeID filters",
        querystring: ProgramQuery,
        response: { 200: z.array(Program) },
      },
    },
    async (request) => listPrograms(db, actorOf(request), request.query),
  );
  r.get(
    '/retailers',
    {
      config: catalogueRead,
      schema: {
        tags,
        summary: 'Retail partners a sale can be made through, per division',
        querystring: RetailerQuery,
        response: { 200: z.array(Retailer) },
      },
    },
    async (request) => listRetailers(db, request.query),
  );
  r.get(
    '/products',
    {
      config: catalogueRead,
      schema: {
        tags,
        summary: 'Products (division, Rogers category 1 TV … 7 Migration, search)',
        querystring: ProductQuery,
        response: { 200: z.array(Product) },
      },
    },
    async (request) => listProducts(db, request.query),
  );
  r.post(
    '/products',
    {
      config: catalogueWrite,
      schema: { tags, summary: 'Create a product', body: ProductSave, response: { 201: Product } },
    },
    async (request, reply) => reply.code(201).send(await createProduct(db, request.body)),
  );
  r.put(
    '/products/:id',
    {
      config: catalogueWrite,
      schema: {
        tags,
        summary: 'Save a product (409 with Current when Version is stale)',
        params: IdParam,
        body: ProductUpdate,
        response: { 200: Product },
      },
    },
    async (request) => updateProduct(db, request.params.id, request.body),
  );
  r.delete(
    '/products/:id',
    {
      config: catalogueWrite,
      schema: {
        tags,
        summary: 'Delete a product no order uses (422 otherwise: make it inactive)',
        params: IdParam,
        querystring: VersionQuery,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteProduct(db, request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  );
  r.get(
    '/product-lines',
    {
      config: catalogueRead,
      schema: {
        tags,
        summary: 'Product lines (per program; programID, divisionID filters)',
        querystring: ProductLineQuery,
        response: { 200: z.array(ProductLine) },
      },
    },
    async (request) => listProductLines(db, request.query),
  );
  r.post(
    '/product-lines',
    {
      config: catalogueWrite,
      schema: {
        tags,
        summary: 'Create a product line of a program',
        body: ProductLineSave,
        response: { 201: ProductLine },
      },
    },
    async (request, reply) => reply.code(201).send(await createProductLine(db, request.body)),
  );
  r.put(
    '/product-lines/:id',
    {
      config: catalogueWrite,
      schema: {
        tags,
        summary: 'Save a product line (409 with Current when Version is stale)',
        params: IdParam,
        body: ProductLineUpdate,
        response: { 200: ProductLine },
      },
    },
    async (request) => updateProductLine(db, request.params.id, request.body),
  );
  r.delete(
    '/product-lines/:id',
    {
      config: catalogueWrite,
      schema: {
        tags,
        summary: 'Delete a product line no order uses (422 otherwise)',
        params: IdParam,
        querystring: VersionQuery,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteProductLine(db, request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  );
  r.get(
    '/divisions/:id/product-order-statuses',
    {
      config: catalogueRead,
      schema: {
        tags,
        summary:
          "A division's product order statuses (kinds Booked 1, Installed 2, Cancelled 3, Disconnect 4)",
        params: IdParam,
        response: { 200: z.array(ProductOrderStatus) },
      },
    },
    async (request) => divisionStatuses(db, request.params.id),
  );

  // ---- work orders ----
  r.get(
    '/work-orders',
    {
      config: orderRead,
      schema: {
        tags,
        summary:
          'Work orders in scope with their product orders (filters: division, office, employee, status, status kind, sales channel, lead, sale dates, search; paged, sorted)',
        querystring: WorkOrderQuery,
        response: { 200: WorkOrderPage },
      },
    },
    async (request) => listWorkOrders(db, actorOf(request), request.query),
  );
  r.get(
    '/work-orders/mine',
    {
      config: { permission: ORDERS_OWN },
      schema: {
        tags,
        summary:
          "My sales: the caller's orders with their status, commission paid and expected (not in the spec)",
        querystring: MySalesQuery,
        response: { 200: z.array(MySale) },
      },
    },
    async (request) => mySales(db, actorOf(request), request.query),
  );
  r.get(
    '/work-orders/:id',
    {
      config: orderRead,
      schema: {
        tags,
        summary: 'A work order with status history, adjustments and commission pieces (not in the spec)',
        params: IdParam,
        response: { 200: WorkOrderDetail },
      },
    },
    async (request) => getWorkOrder(db, actorOf(request), request.params.id),
  );
  r.post(
    '/work-orders',
    {
      config: orderOwnOrWrite,
      schema: {
        tags,
        summary:
          'Create a work order with its products (Booked); from a lead in scope; the same LeadID + ClientRequestKey answers 200 with the order already made',
        body: WorkOrderSave,
        response: { 200: WorkOrderDetail, 201: WorkOrderDetail },
      },
    },
    async (request, reply) => {
      const { created, order } = await createWorkOrder(db, actorOf(request), request.body);
      return reply.code(created ? 201 : 200).send(order);
    },
  );
  r.post(
    '/work-orders/bulk',
    {
      config: orderOwnOrWrite,
      schema: {
        tags,
        summary:
          'Create several work orders: all or nothing, each failing row named (Errors by WorkOrders[i].Field)',
        body: WorkOrderBulk,
        response: { 201: z.array(WorkOrderDetail) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createWorkOrdersBulk(db, actorOf(request), request.body.WorkOrders)),
  );
  r.patch(
    '/work-orders/:id',
    {
      config: orderOwnOrWrite,
      schema: {
        tags,
        summary:
          'Change a work order (fields given; AddProductOrders adds Booked products; 409 with Current when stale)',
        params: IdParam,
        body: WorkOrderPatch,
        response: { 200: WorkOrderDetail },
      },
    },
    async (request) => patchWorkOrder(db, actorOf(request), request.params.id, request.body),
  );
  r.post(
    '/work-orders/employee-claims',
    {
      config: orderOwnOrWrite,
      schema: {
        tags,
        summary: 'Claim work orders by order number (all or nothing; installed ones pay their commission)',
        body: EmployeeClaims,
        response: { 200: z.array(WorkOrder) },
      },
    },
    async (request) => claimOrders(db, actorOf(request), request.body),
  );
  r.post(
    '/work-orders-update-alert',
    {
      config: orderWrite,
      schema: {
        tags,
        summary: 'Mail each rep of the work orders a "work order update alert" (mail outbox)',
        body: WorkOrderUpdateAlert,
        response: { 200: WorkOrderUpdateAlertResult },
      },
    },
    async (request) => sendUpdateAlert(db, actorOf(request), request.body),
  );
  r.patch(
    '/product-order-status/bulk',
    {
      config: orderWrite,
      schema: {
        tags,
        summary:
          'Change product order statuses (all or nothing, history kept); Installed pays commission, Cancelled/Disconnect after it charges back',
        body: StatusChangeBulk,
        response: { 200: z.array(ProductOrder) },
      },
    },
    async (request) => changeStatuses(db, actorOf(request), request.body),
  );

  // ---- adjustments ----
  r.post(
    '/product-order-adjustment',
    {
      config: orderWrite,
      schema: {
        tags,
        summary: 'Add an adjustment to a product order (an amount for a named partner)',
        body: AdjustmentSave,
        response: { 201: ProductOrderAdjustment },
      },
    },
    async (request, reply) =>
      reply.code(201).send((await createAdjustments(db, actorOf(request), [request.body], false))[0]),
  );
  r.post(
    '/product-order-adjustment/bulk',
    {
      config: orderWrite,
      schema: {
        tags,
        summary: 'Add several adjustments (all or nothing)',
        body: AdjustmentBulk,
        response: { 201: z.array(ProductOrderAdjustment) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createAdjustments(db, actorOf(request), request.body.Adjustments, true)),
  );
  r.put(
    '/product-order-adjustment/:id',
    {
      config: orderWrite,
      schema: {
        tags,
        summary: 'Save an adjustment (409 with Current when stale)',
        params: IdParam,
        body: AdjustmentUpdate,
        response: { 200: ProductOrderAdjustment },
      },
    },
    async (request) => updateAdjustment(db, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/product-order-adjustment/:id',
    {
      config: orderWrite,
      schema: {
        tags,
        summary: 'Delete an adjustment',
        params: IdParam,
        querystring: VersionQuery,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteAdjustment(db, actorOf(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  );

  // ---- manual claims ----
  r.get(
    '/work-order-manual-claims',
    {
      config: orderOwnOrWrite,
      schema: {
        tags,
        summary: "Manual claims (the offices' with orders:write, one's own with orders:own; paged)",
        querystring: ManualClaimQuery,
        response: { 200: ManualClaimPage },
      },
    },
    async (request) => listManualClaims(db, actorOf(request), request.query),
  );
  r.post(
    '/work-order-manual-claims',
    {
      config: orderOwnOrWrite,
      schema: {
        tags,
        summary: 'File a manual claim to a sale (default: for the caller)',
        body: ManualClaimSave,
        response: { 201: ManualClaim },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createManualClaim(db, actorOf(request), request.body)),
  );
  r.put(
    '/work-order-manual-claims/:id',
    {
      config: orderOwnOrWrite,
      schema: {
        tags,
        summary: 'Edit a pending manual claim (409 with Current when stale)',
        params: IdParam,
        body: ManualClaimUpdate,
        response: { 200: ManualClaim },
      },
    },
    async (request) => updateManualClaim(db, actorOf(request), request.params.id, request.body),
  );
  r.patch(
    '/work-order-manual-claims/:id',
    {
      config: orderWrite,
      schema: {
        tags,
        summary: 'Approve (credits the work order with that number to the claimant) or reject a manual claim',
        params: IdParam,
        body: ManualClaimResolve,
        response: { 200: ManualClaim },
      },
    },
    async (request) => resolveManualClaim(db, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/work-order-manual-claims/:id',
    {
      config: orderOwnOrWrite,
      schema: {
        tags,
        summary: 'Withdraw a pending manual claim',
        params: IdParam,
        querystring: VersionQuery,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteManualClaim(db, actorOf(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  );
}
