// RS schedule calls (spec 002 §7 "RS schedules"); see src/contract/scheduling.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32, WireDate } from '../../../src/contract/common';
import {
  PagedRSSchedules,
  PageParam,
  PageSizeQuery,
  QualifyingEmployee,
  QualifyingEmployeesQuery,
  RotationWeek,
  RSSchedule,
  RSScheduleDate,
  RSScheduleDetail,
  RSScheduleEmployee,
  RSScheduleEmployeesSave,
  RSScheduleQuery,
  RSScheduleRef,
  RSScheduleSave,
  RSScheduleUpdate,
  ScheduleDateOption,
  ScheduleDateOptionQuery,
  VersionQuery,
} from '../../../src/contract/scheduling';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import {
  type OptionKind,
  rotationByDate,
  scheduleDateOptions,
  scheduleDates,
} from './rs-schedule-date-service';
import {
  listScheduleEmployees,
  qualifyingEmployees,
  setScheduleEmployees,
} from './rs-schedule-employee-service';
import { getSchedule, listSchedules, pageSchedules } from './rs-schedule-reads';
import { createSchedule, deleteSchedule, updateSchedule } from './rs-schedule-save-service';
import { MANAGE, RESPOND } from './scope';

const IdParam = z.object({ id: QueryInt32.positive() });
const DateParams = IdParam.extend({ officeId: QueryInt32.positive(), date: WireDate });
const manage = { permission: MANAGE };
const tags = ['scheduling'];

export async function rsScheduleRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/rs-schedules',
    {
      config: manage,
      schema: {
        tags,
        summary: 'RS schedules of the offices the caller manages (meeting the period when given)',
        querystring: RSScheduleQuery,
        response: { 200: z.array(RSSchedule) },
      },
    },
    async (request) => listSchedules({ db, actor: actorOf(request), query: request.query }),
  );

  r.post(
    '/rs-schedules',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create an RS schedule (with its employees, dates and sales)',
        body: RSScheduleSave,
        response: { 201: RSScheduleDetail },
      },
    },
    async (request, reply) => {
      const created = await createSchedule({ db, actor: actorOf(request), body: request.body });
      return reply.code(201).send(created);
    },
  );

  r.get(
    '/RSSchedule/page/:page',
    {
      config: manage,
      schema: {
        tags,
        summary: 'One page of RS schedules ({page} is 0-based)',
        params: PageParam,
        querystring: RSScheduleQuery.extend(PageSizeQuery.shape),
        response: { 200: PagedRSSchedules },
      },
    },
    async (request) => {
      const { pageSize, ...query } = request.query;
      return pageSchedules({ db, actor: actorOf(request), query, pageIndex: request.params.page, pageSize });
    },
  );

  r.get(
    '/rs-schedules/rotation-by-date/:date',
    {
      config: manage,
      schema: {
        tags,
        summary: "The RS schedule week (Monday to Sunday) holding a date, with the office's schedule",
        params: z.object({ date: WireDate }),
        querystring: z.object({ icdOfficeID: QueryInt32.positive().optional() }),
        response: { 200: RotationWeek },
      },
    },
    async (request) =>
      rotationByDate({
        db,
        actor: actorOf(request),
        date: request.params.date,
        officeId: request.query.icdOfficeID,
      }),
  );

  r.get(
    '/rsschedule/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'An RS schedule with its employees, dates and sales',
        params: IdParam,
        response: { 200: RSScheduleDetail },
      },
    },
    async (request) => getSchedule({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.put(
    '/rsschedule/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Save an RS schedule: period, dates and sales (409 with Current when Version is stale)',
        params: IdParam,
        body: RSScheduleUpdate,
        response: { 200: RSScheduleDetail },
      },
    },
    async (request) =>
      updateSchedule({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );

  r.delete(
    '/rsschedule/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete an RS schedule',
        params: IdParam,
        querystring: VersionQuery,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteSchedule({
        db,
        actor: actorOf(request),
        id: request.params.id,
        version: request.query.version,
      });
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/RSSchedule/ListRSScheduleEmployees',
    {
      config: manage,
      schema: {
        tags,
        summary: "The RS schedule's employees",
        body: RSScheduleRef,
        response: { 200: z.array(RSScheduleEmployee) },
      },
    },
    async (request) => listScheduleEmployees({ db, actor: actorOf(request), id: request.body.RSScheduleID }),
  );

  r.post(
    '/RSSchedule/ListQualifyingEmployees',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Active RoadShow employees of the office during the period, marked when on the schedule',
        body: QualifyingEmployeesQuery,
        response: { 200: z.array(QualifyingEmployee) },
      },
    },
    async (request) => qualifyingEmployees({ db, actor: actorOf(request), query: request.body }),
  );

  r.post(
    '/RSSchedule/RSScheduleEmployees/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: "Replace the RS schedule's employees (employeeIDs)",
        params: IdParam,
        body: RSScheduleEmployeesSave,
        response: { 200: z.array(RSScheduleEmployee) },
      },
    },
    async (request) =>
      setScheduleEmployees({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );

  // Own dates: scheduling:respond or time:own; anyone's: scheduling:manage for the office (service).
  const ownOrManager = { anyPermission: [RESPOND, 'time:own', MANAGE] };

  r.get(
    '/employees/:id/icd-offices/:officeId/schedule-dates/:date',
    {
      config: ownOrManager,
      schema: {
        tags,
        summary: "The employee's RS schedule rows at the office on the date (own, or scheduling:manage)",
        params: DateParams,
        response: { 200: z.array(RSScheduleDate) },
      },
    },
    async (request) =>
      scheduleDates({
        db,
        actor: actorOf(request),
        employeeId: request.params.id,
        officeId: request.params.officeId,
        date: request.params.date,
      }),
  );

  for (const kind of ['programs', 'stores', 'departments'] as const satisfies readonly OptionKind[]) {
    r.get(
      `/employees/:id/icd-offices/:officeId/schedule-dates/:date/${kind}`,
      {
        config: ownOrManager,
        schema: {
          tags,
          summary: `The ${kind} the employee is scheduled for on the date (showAll: every active one of the office)`,
          params: DateParams,
          querystring: ScheduleDateOptionQuery,
          response: { 200: z.array(ScheduleDateOption) },
        },
      },
      async (request) =>
        scheduleDateOptions({
          db,
          actor: actorOf(request),
          kind,
          employeeId: request.params.id,
          officeId: request.params.officeId,
          date: request.params.date,
          query: request.query,
        }),
    );
  }
}
