// Payroll invoice calls (spec 002 §7 "Invoices"; wire shapes in src/contract/invoices.ts), plus the
// invoice's PDF (beyond the spec). Reads: invoices:read; writes: invoices:write; the owner comment
// also with invoices:ownerComment (PUT checks which fields change). Scope: see common.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import {
  INVOICE_STATUS_ITEMS,
  NewPayrollInvoice,
  PAYMENT_METHOD_ITEMS,
  PaymentMethodItem,
  PayrollInvoice,
  PayrollInvoiceCreate,
  PayrollInvoiceListItem,
  PayrollInvoicePage,
  PayrollInvoicePolicy,
  PayrollInvoicePolicyQuery,
  PayrollInvoicePolicySave,
  PayrollInvoicePolicyUpdate,
  PayrollInvoiceQuery,
  PayrollInvoiceStatusItem,
  PayrollInvoiceUpdate,
} from '../../../src/contract/invoices';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { INVOICES_OWNER_COMMENT, INVOICES_READ, INVOICES_WRITE } from './common';
import {
  createInvoice,
  getInvoice,
  listInvoices,
  newInvoice,
  pageInvoices,
  updateInvoice,
} from './invoices-service';
import { renderInvoicePdf } from './pdf';
import {
  createInvoicePolicy,
  deleteInvoicePolicy,
  getInvoicePolicy,
  listInvoicePolicies,
  updateInvoicePolicy,
} from './policies-service';

const IdParam = z.object({ id: QueryInt32.positive() });
const PageParam = z.object({ page: QueryInt32.min(0) });
const read = { permission: INVOICES_READ };
const write = { permission: INVOICES_WRITE };
const tags = ['invoices'];

export async function invoiceRoutes(app: FastifyInstance, opts: { db: Db; now?: () => Date }) {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- lookups
  r.get(
    '/payroll-invoice-statuses',
    {
      config: read,
      schema: {
        tags,
        summary: 'Payroll invoice statuses',
        response: { 200: z.array(PayrollInvoiceStatusItem) },
      },
    },
    async () => INVOICE_STATUS_ITEMS,
  );
  r.get(
    '/payment-methods',
    {
      config: read,
      schema: {
        tags,
        summary: 'Payment methods of payroll invoices',
        response: { 200: z.array(PaymentMethodItem) },
      },
    },
    async () => PAYMENT_METHOD_ITEMS,
  );

  // ---- policies
  r.get(
    '/payroll-invoice-policies',
    {
      config: read,
      schema: {
        tags,
        summary: 'Invoice policies of the corporations and divisions in scope',
        querystring: PayrollInvoicePolicyQuery,
        response: { 200: z.array(PayrollInvoicePolicy) },
      },
    },
    async (request) => listInvoicePolicies(db, actorOf(request), request.query),
  );
  r.get(
    '/payroll-invoice-policies/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'An invoice policy',
        params: IdParam,
        response: { 200: PayrollInvoicePolicy },
      },
    },
    async (request) => getInvoicePolicy(db, actorOf(request), request.params.id),
  );
  r.post(
    '/payroll-invoice-policies',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create the invoice policy of a corporation or a division (one each)',
        body: PayrollInvoicePolicySave,
        response: { 201: PayrollInvoicePolicy },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createInvoicePolicy(db, actorOf(request), request.body)),
  );
  r.put(
    '/payroll-invoice-policies/:id',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Save an invoice policy (409 with Current when Version is stale); existing invoices keep their lines',
        params: IdParam,
        body: PayrollInvoicePolicyUpdate,
        response: { 200: PayrollInvoicePolicy },
      },
    },
    async (request) => updateInvoicePolicy(db, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/payroll-invoice-policies/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete an invoice policy (its invoices keep their lines)',
        params: IdParam,
        querystring: z.object({ version: QueryInt32.optional() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteInvoicePolicy(db, actorOf(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  );

  // ---- invoices
  r.get(
    '/payroll-invoices',
    {
      config: read,
      schema: {
        tags,
        summary: 'Payroll invoices in scope (filters, sort)',
        querystring: PayrollInvoiceQuery,
        response: { 200: z.array(PayrollInvoiceListItem) },
      },
    },
    async (request) => listInvoices(db, actorOf(request), request.query),
  );
  r.get(
    '/payroll-invoices/page/:page',
    {
      config: read,
      schema: {
        tags,
        summary: 'Payroll invoices, page {page} (0-based) of pageSize',
        params: PageParam,
        querystring: PayrollInvoiceQuery,
        response: { 200: PayrollInvoicePage },
      },
    },
    async (request) =>
      pageInvoices(db, actorOf(request), { ...request.query, pageIndex: request.params.page }),
  );
  r.get(
    '/payroll-invoices/new',
    {
      config: write,
      schema: {
        tags,
        summary: "A new invoice's defaults: locked payrolls not yet invoiced, today (server clock), statuses",
        response: { 200: NewPayrollInvoice },
      },
    },
    async (request) => newInvoice(db, actorOf(request), now()),
  );
  r.get(
    '/payroll-invoices/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'A payroll invoice with its lines',
        params: IdParam,
        response: { 200: PayrollInvoice },
      },
    },
    async (request) => getInvoice(db, actorOf(request), request.params.id),
  );
  r.get(
    '/payroll-invoices/:id/pdf',
    {
      config: { ...read, allowCookie: true },
      schema: {
        tags,
        summary: 'The invoice as a PDF (by browser navigation; session cookie accepted)',
        params: IdParam,
      },
    },
    async (request, reply) => {
      const invoice = await getInvoice(db, actorOf(request), request.params.id);
      const pdf = await renderInvoicePdf(invoice);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="payroll-invoice-${invoice.InvoiceNumber}.pdf"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
  r.post(
    '/payroll-invoices',
    {
      config: write,
      schema: {
        tags,
        summary: 'Invoice a locked payroll (payrollID, invoiceDate); a second invoice of a payroll is 409',
        body: PayrollInvoiceCreate,
        response: { 201: PayrollInvoice },
      },
    },
    async (request, reply) => reply.code(201).send(await createInvoice(db, actorOf(request), request.body)),
  );
  r.put(
    '/payroll-invoices/:id',
    {
      config: { anyPermission: [INVOICES_WRITE, INVOICES_OWNER_COMMENT] },
      schema: {
        tags,
        summary:
          'Save status, adjustment, payment method, comments, dismissal (fields left out keep their value; posted: comments and dismissal only; owner: the owner comment only; 409 when stale)',
        params: IdParam,
        body: PayrollInvoiceUpdate,
        response: { 200: PayrollInvoice },
      },
    },
    async (request) => updateInvoice(db, actorOf(request), request.params.id, request.body),
  );
}
