// Payroll calls (spec 001 §7 "Payroll", spec 002 §7 "Payroll lookups", "Payroll entries"); wire
// shapes and the list of calls in src/contract/payroll.ts. Reads: payroll:read; changes and the
// processing list and export: payroll:process. Scope: see scope.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import {
  AdminSave,
  CalculationInput,
  EntrySavePayload,
  IcdOfficeDivision,
  ManualRequest,
  MemoSave,
  PAYROLL_FLAGS,
  PayFrequencyItem,
  Payroll,
  PayrollAdmin,
  PayrollCorporation,
  PayrollDismissal,
  PayrollDivision,
  PayrollEntry,
  PayrollExportQuery,
  PayrollListItem,
  PayrollPage,
  PayrollProcessingItem,
  PayrollProcessingPage,
  PayrollQuery,
  PayrollTypeItem,
  PayWeek,
  PayWeekQuery,
  Rotation,
  RotationV2Query,
  TotalsRequest,
  TotalsResponse,
} from '../../../src/contract/payroll';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { calculate, calculationInput, listEntries, saveEntry, setManualRequest } from './entries-service';
import { exportPayrolls } from './export';
import {
  currentRotation,
  officeDivisionList,
  payFrequencies,
  payrollCorporations,
  payrollDivisions,
  payrollTypes,
  payWeeks,
  rotations,
  rotationsV2,
} from './lookups-service';
import {
  addAdmin,
  dismiss,
  getPayroll,
  listPayrolls,
  removeAdmin,
  saveMemo,
  setFlag,
} from './payrolls-service';
import { PROCESS, READ } from './scope';

const IdParam = z.object({ id: QueryInt32.positive() });
const PageParam = z.object({ page: QueryInt32.min(0) });
const read = { permission: READ };
const processKey = { permission: PROCESS };
const tags = ['payroll'];

export async function payrollRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- lookups
  r.get(
    '/payroll-types',
    { config: read, schema: { tags, summary: 'Payroll types', response: { 200: z.array(PayrollTypeItem) } } },
    async () => payrollTypes(),
  );
  r.get(
    '/pay-frequencies',
    {
      config: read,
      schema: { tags, summary: 'Pay frequencies', response: { 200: z.array(PayFrequencyItem) } },
    },
    async () => payFrequencies(),
  );
  r.get(
    '/rotations',
    {
      config: read,
      schema: {
        tags,
        summary: 'Pay windows of the payrolls in scope, newest first',
        response: { 200: z.array(Rotation) },
      },
    },
    async (request) => rotations(db, actorOf(request)),
  );
  r.get(
    '/payrolls/rotation',
    {
      config: read,
      schema: { tags, summary: 'The current bi-weekly pay window', response: { 200: Rotation } },
    },
    async () => currentRotation(),
  );
  r.get(
    '/payrolls/rotationV2',
    {
      config: read,
      schema: {
        tags,
        summary: "A division's rotations for a corporation's country",
        querystring: RotationV2Query,
        response: { 200: z.array(Rotation) },
      },
    },
    async (request) => rotationsV2(db, actorOf(request), request.query),
  );
  r.get(
    '/payrolls/divisions',
    {
      config: read,
      schema: {
        tags,
        summary: 'Divisions run by the offices in scope',
        response: { 200: z.array(PayrollDivision) },
      },
    },
    async (request) => payrollDivisions(db, actorOf(request)),
  );
  r.get(
    '/payroll/icdofficedivision',
    {
      config: read,
      schema: {
        tags,
        summary: 'Offices in scope with their divisions',
        response: { 200: z.array(IcdOfficeDivision) },
      },
    },
    async (request) => officeDivisionList(db, actorOf(request)),
  );
  r.get(
    '/payroll/payweeks',
    {
      config: read,
      schema: {
        tags,
        summary: 'Weeks of a payroll (payrollID), of a window, or of the current window',
        querystring: PayWeekQuery,
        response: { 200: z.array(PayWeek) },
      },
    },
    async (request) => payWeeks(db, actorOf(request), request.query),
  );
  r.get(
    '/payrolls/icd-corporations',
    {
      config: read,
      schema: {
        tags,
        summary: 'Corporations in scope that have payrolls',
        response: { 200: z.array(PayrollCorporation) },
      },
    },
    async (request) => payrollCorporations(db, actorOf(request), { having: true }),
  );
  r.get(
    '/payrolls/icd-corporation',
    {
      config: read,
      schema: { tags, summary: 'Corporations in scope', response: { 200: z.array(PayrollCorporation) } },
    },
    async (request) => payrollCorporations(db, actorOf(request)),
  );
  r.get(
    '/payrolls/icd-corporation-active',
    {
      config: read,
      schema: {
        tags,
        summary: 'Active corporations in scope',
        response: { 200: z.array(PayrollCorporation) },
      },
    },
    async (request) => payrollCorporations(db, actorOf(request), { active: true }),
  );

  // ---- lists
  r.get(
    '/payrolls',
    {
      config: read,
      schema: {
        tags,
        summary: 'Payrolls in scope (filters, sort of spec 001 §9)',
        querystring: PayrollQuery,
        response: { 200: z.array(PayrollListItem) },
      },
    },
    async (request) =>
      (await listPayrolls({
        db,
        actor: actorOf(request),
        query: request.query,
        flavour: 'list',
      })) as PayrollListItem[],
  );
  r.get(
    '/payrolls/page/:page',
    {
      config: read,
      schema: {
        tags,
        summary: 'Payrolls, page {page} (0-based) of pageSize',
        params: PageParam,
        querystring: PayrollQuery,
        response: { 200: PayrollPage },
      },
    },
    async (request) =>
      (await listPayrolls({
        db,
        actor: actorOf(request),
        query: { ...request.query, pageIndex: request.params.page },
        flavour: 'list',
        page: true,
      })) as PayrollPage,
  );
  r.get(
    '/payrolls/processing',
    {
      config: processKey,
      schema: {
        tags,
        summary: "The processor's payroll list (admins, unapproved periods, open manual requests)",
        querystring: PayrollQuery,
        response: { 200: z.array(PayrollProcessingItem) },
      },
    },
    async (request) =>
      (await listPayrolls({
        db,
        actor: actorOf(request),
        query: request.query,
        flavour: 'processing',
      })) as PayrollProcessingItem[],
  );
  r.get(
    '/payrolls/processing/page/:page',
    {
      config: processKey,
      schema: {
        tags,
        summary: "The processor's payroll list, page {page} (0-based)",
        params: PageParam,
        querystring: PayrollQuery,
        response: { 200: PayrollProcessingPage },
      },
    },
    async (request) =>
      (await listPayrolls({
        db,
        actor: actorOf(request),
        query: { ...request.query, pageIndex: request.params.page },
        flavour: 'processing',
        page: true,
      })) as PayrollProcessingPage,
  );
  r.get(
    '/payrolls/processing.xlsx',
    {
      config: { ...processKey, allowCookie: true },
      schema: {
        tags,
        summary:
          'Spreadsheet of payroll entries (browser navigation; format Default, DefaultWithSsn (needs employees:viewSensitive), Canada, Pivoted)',
        querystring: PayrollExportQuery,
        response: {
          200: z.any().describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
        },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await exportPayrolls({ db, actor: actorOf(request), query: request.query });
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
  r.get(
    '/payrolls/icd-corporation/:id',
    {
      config: read,
      schema: {
        tags,
        summary: "A corporation's payrolls, newest first",
        params: IdParam,
        response: { 200: z.array(PayrollListItem) },
      },
    },
    async (request) =>
      (await listPayrolls({
        db,
        actor: actorOf(request),
        query: { icdCorporationID: request.params.id },
        flavour: 'list',
      })) as PayrollListItem[],
  );

  // ---- one payroll
  r.get(
    '/payrolls/:id',
    { config: read, schema: { tags, summary: 'A payroll', params: IdParam, response: { 200: Payroll } } },
    async (request) => getPayroll({ db, actor: actorOf(request), id: request.params.id }),
  );
  r.get(
    '/payrolls/:id/entries',
    {
      config: read,
      schema: {
        tags,
        summary: "A payroll's entries in scope (inputs, totals, lines, employee)",
        params: IdParam,
        response: { 200: z.array(PayrollEntry) },
      },
    },
    async (request) => listEntries({ db, actor: actorOf(request), id: request.params.id }),
  );
  r.get(
    '/payrolls/:id/calculations/input',
    {
      config: read,
      schema: {
        tags,
        summary: 'What the calculation reads for each entry (time, late adjustments, rates, minimum wages)',
        params: IdParam,
        response: { 200: CalculationInput },
      },
    },
    async (request) => calculationInput({ db, actor: actorOf(request), id: request.params.id }),
  );
  r.post(
    '/payrolls/:id/calculations',
    {
      config: processKey,
      schema: {
        tags,
        summary:
          'Recalculate (payroll totals request) and answer PayrollEntries + Employees; 409 when locked',
        params: IdParam,
        body: TotalsRequest,
        response: { 200: TotalsResponse },
      },
    },
    async (request) => calculate({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );
  r.put(
    '/payrolls/:id/entries/:payPeriodId',
    {
      config: processKey,
      schema: {
        tags,
        summary: 'Save an entry (entry save payload) and recalculate it; 409 when locked or stale',
        params: IdParam.extend({ payPeriodId: QueryInt32.positive() }),
        body: EntrySavePayload,
        response: { 200: PayrollEntry },
      },
    },
    async (request) =>
      saveEntry({
        db,
        actor: actorOf(request),
        id: request.params.id,
        payPeriodId: request.params.payPeriodId,
        body: request.body,
      }),
  );
  r.put(
    '/payrolls/:id/memo',
    {
      config: processKey,
      schema: {
        tags,
        summary: "Save a payroll's memo",
        params: IdParam,
        body: MemoSave,
        response: { 200: Payroll },
      },
    },
    async (request) => saveMemo({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );
  r.patch(
    '/payrolls/:id/manual-requests',
    {
      config: processKey,
      schema: {
        tags,
        summary: "Mark an entry's manual request processed by the payroll provider (IsProcessedByAdp)",
        params: IdParam,
        body: ManualRequest,
        response: { 200: PayrollEntry },
      },
    },
    async (request) =>
      setManualRequest({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );
  for (const flag of PAYROLL_FLAGS)
    r.put(
      `/payrolls/:id/${flag}/:flag`,
      {
        config: processKey,
        schema: {
          tags,
          summary:
            flag === 'locked'
              ? 'Submit (true: computes, then locks the payroll and its pay periods) or unlock (false)'
              : `Set the payroll's ${flag} flag`,
          params: IdParam.extend({ flag: z.enum(['true', 'false']) }),
          querystring: z.object({ version: QueryInt32.optional() }),
          response: { 200: Payroll },
        },
      },
      async (request) =>
        setFlag({
          db,
          actor: actorOf(request),
          id: request.params.id,
          flag,
          value: request.params.flag === 'true',
          version: request.query.version,
        }),
    );
  r.post(
    '/payrolls/:id/admins',
    {
      config: processKey,
      schema: {
        tags,
        summary: 'Assign a payroll admin',
        params: IdParam,
        body: AdminSave,
        response: { 200: z.array(PayrollAdmin) },
      },
    },
    async (request) =>
      addAdmin({ db, actor: actorOf(request), id: request.params.id, employeeId: request.body.EmployeeID }),
  );
  r.delete(
    '/payrolls/:id/admins/:adminId',
    {
      config: processKey,
      schema: {
        tags,
        summary: 'Unassign a payroll admin (adminId: the EmployeeID)',
        params: IdParam.extend({ adminId: QueryInt32.positive() }),
        response: { 200: z.array(PayrollAdmin) },
      },
    },
    async (request) =>
      removeAdmin({ db, actor: actorOf(request), id: request.params.id, adminId: request.params.adminId }),
  );
  for (const kind of ['pending', 'submitted'] as const)
    r.post(
      `/payrolls/${kind}/:id/dismissals`,
      {
        config: read,
        schema: {
          tags,
          summary: `Dismiss the payroll's ${kind} message for the caller`,
          params: IdParam,
          response: { 200: PayrollDismissal },
        },
      },
      async (request) => dismiss({ db, actor: actorOf(request), id: request.params.id, kind }),
    );
}
