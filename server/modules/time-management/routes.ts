// Time after it is recorded (src/contract/time-management.ts): modifications (spec 001 §7
// "Dashboards and time-entry modifications", spec 002 §7), pay periods (spec 002 §7, spec 001 §7
// pay-periods/employee/{id}) and late adjustments (not in the spec; see the contract). Each route
// declares the permission it needs; the services apply the office scope.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import {
  AcceptLateAdjustment,
  AcknowledgeModification,
  DismissModification,
  EmployeePayPeriodsQuery,
  LateAdjustment,
  LateAdjustmentPage,
  LateAdjustmentsQuery,
  LateAdjustmentTarget,
  ModificationCount,
  ModificationCountQuery,
  ModificationHistory,
  ModificationsQuery,
  ModifiedQuery,
  PayPeriod,
  PayPeriodApproval,
  PayPeriodPage,
  PayPeriodsQuery,
  RejectLateAdjustment,
  TimeEntryModification,
  TimeEntryModificationPage,
} from '../../../src/contract/time-management';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import {
  acceptLateAdjustment,
  lateAdjustmentTargets,
  listLateAdjustments,
  listMyLateAdjustments,
  rejectLateAdjustment,
} from './late-adjustments-service';
import {
  acknowledgeModification,
  countByEmployee,
  dismissModification,
  listModifications,
  listModified,
  modificationHistory,
} from './modifications-service';
import {
  approvePayPeriod,
  employeePayPeriods,
  listPayPeriods,
  withdrawApproval,
} from './pay-periods-service';

const IdParams = z.object({ id: QueryInt32.positive() });

export async function timeManagementRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- modifications -------------------------------------------------------------------------
  const mods = ['time-modifications'];

  r.get(
    '/time-entries/modified',
    {
      config: { permission: 'time:own' },
      schema: {
        tags: mods,
        summary: "The signed-in employee's entries changed by someone else (default: not yet acknowledged)",
        querystring: ModifiedQuery,
        response: { 200: TimeEntryModificationPage },
      },
    },
    async (request) => listModified({ db, actor: actorOf(request), query: request.query }),
  );

  r.get(
    '/time-entries/modified/count-by-employee',
    {
      config: { permission: 'time:manage' },
      schema: {
        tags: mods,
        summary: 'Changes awaiting acknowledgement, per employee of the offices the caller manages',
        querystring: ModificationCountQuery,
        response: { 200: z.array(ModificationCount) },
      },
    },
    async (request) =>
      countByEmployee({ db, actor: actorOf(request), icdOfficeId: request.query.icdOfficeId }),
  );

  r.put(
    '/time-entries/modified/:id/acknowledge',
    {
      config: { permission: 'time:own' },
      schema: {
        tags: mods,
        summary: 'The employee acknowledges a change to their time (offline-replayable)',
        params: IdParams,
        body: AcknowledgeModification,
        response: { 200: TimeEntryModification },
      },
    },
    async (request) =>
      acknowledgeModification({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );

  r.get(
    '/time-entries/modifications',
    {
      config: { permission: 'time:manage' },
      schema: {
        tags: mods,
        summary: "Changes to employees' entries at the offices the caller manages (paged)",
        querystring: ModificationsQuery,
        response: { 200: TimeEntryModificationPage },
      },
    },
    async (request) => listModifications({ db, actor: actorOf(request), query: request.query }),
  );

  r.put(
    '/time-entries/modifications/:id/dismiss',
    {
      config: { permission: 'time:manage' },
      schema: {
        tags: mods,
        summary: "Close a change without the employee's acknowledgement",
        params: IdParams,
        body: DismissModification,
        response: { 200: TimeEntryModification },
      },
    },
    async (request) =>
      dismissModification({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );

  r.get(
    '/time-entry-modifications/:id/history',
    {
      config: { anyPermission: ['time:own', 'time:manage', 'audit:read'] },
      schema: {
        tags: mods,
        summary: 'Every recorded step of the changed entry, oldest first',
        params: IdParams,
        response: { 200: ModificationHistory },
      },
    },
    async (request) => modificationHistory({ db, actor: actorOf(request), id: request.params.id }),
  );

  // ---- pay periods -----------------------------------------------------------------------------
  const periods = ['pay-periods'];

  r.get(
    '/pay-periods',
    {
      config: { anyPermission: ['time:manage', 'time:approve'] },
      schema: {
        tags: periods,
        summary:
          'Pay periods overlapping startDate…endDate (default: containing today) at the offices where the caller manages or approves time, with totals (paged)',
        querystring: PayPeriodsQuery,
        response: { 200: PayPeriodPage },
      },
    },
    async (request) => listPayPeriods({ db, actor: actorOf(request), query: request.query }),
  );

  r.put(
    '/pay-periods/:id/approved',
    {
      config: { permission: 'time:approve' },
      schema: {
        tags: periods,
        summary: 'Approve a pay period (changes to its time then become late adjustments)',
        params: IdParams,
        body: PayPeriodApproval,
        response: { 200: PayPeriod },
      },
    },
    async (request) =>
      approvePayPeriod({
        db,
        actor: actorOf(request),
        id: request.params.id,
        version: request.body?.Version,
      }),
  );

  r.delete(
    '/pay-periods/:id/approved',
    {
      config: { permission: 'time:approve' },
      schema: {
        tags: periods,
        summary: 'Withdraw the approval of a pay period that is not locked',
        params: IdParams,
        body: PayPeriodApproval,
        response: { 200: PayPeriod },
      },
    },
    async (request) =>
      withdrawApproval({
        db,
        actor: actorOf(request),
        id: request.params.id,
        version: request.body?.Version,
      }),
  );

  r.get(
    '/pay-periods/employee/:id',
    {
      config: { anyPermission: ['time:own', 'time:manage', 'time:approve', 'payroll:read'] },
      schema: {
        tags: periods,
        summary: "An employee's pay periods, newest first (module 2 TimeEntry or 4 Payroll; locked; time)",
        params: IdParams,
        querystring: EmployeePayPeriodsQuery,
        response: { 200: z.array(PayPeriod) },
      },
    },
    async (request) =>
      employeePayPeriods({
        db,
        actor: actorOf(request),
        employeeId: request.params.id,
        query: request.query,
      }),
  );

  // ---- late adjustments --------------------------------------------------------------------------
  const late = ['late-adjustments'];

  r.get(
    '/late-adjustments',
    {
      config: { permission: 'payroll:process' },
      schema: {
        tags: late,
        summary: 'Late adjustment requests at the offices where the caller processes payroll (paged)',
        querystring: LateAdjustmentsQuery,
        response: { 200: LateAdjustmentPage },
      },
    },
    async (request) => listLateAdjustments({ db, actor: actorOf(request), query: request.query }),
  );

  r.get(
    '/late-adjustments/mine',
    {
      config: { permission: 'time:own' },
      schema: {
        tags: late,
        summary: "The signed-in employee's late adjustment requests with payroll's answer (paged)",
        querystring: LateAdjustmentsQuery,
        response: { 200: LateAdjustmentPage },
      },
    },
    async (request) => listMyLateAdjustments({ db, actor: actorOf(request), query: request.query }),
  );

  r.get(
    '/late-adjustments/:id/targets',
    {
      config: { permission: 'payroll:process' },
      schema: {
        tags: late,
        summary: 'The open pay periods a request may be paid in (IsNext: the default)',
        params: IdParams,
        response: { 200: z.array(LateAdjustmentTarget) },
      },
    },
    async (request) => lateAdjustmentTargets({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.put(
    '/late-adjustments/:id/accept',
    {
      config: { permission: 'payroll:process' },
      schema: {
        tags: late,
        summary: 'Apply the change and pay it in an open pay period (default: the next one)',
        params: IdParams,
        body: AcceptLateAdjustment,
        response: { 200: LateAdjustment },
      },
    },
    async (request) =>
      acceptLateAdjustment({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );

  r.put(
    '/late-adjustments/:id/reject',
    {
      config: { permission: 'payroll:process' },
      schema: {
        tags: late,
        summary: 'Refuse the change, with a reason the employee sees',
        params: IdParams,
        body: RejectLateAdjustment,
        response: { 200: LateAdjustment },
      },
    },
    async (request) =>
      rejectLateAdjustment({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );
}
