// Schedule-event calls (spec 002 §7 "Schedule events") and the assignment calls added to them; see
// src/contract/scheduling.ts for the list, the payloads and the permission of each.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import {
  AdditionalHoursSave,
  AssignBody,
  AssignedEventsQuery,
  EmployeeAssignedEvent,
  EmployeeTsuReport,
  OfficeTimeSlot,
  PagedScheduleEvents,
  PageParam,
  PageSizeQuery,
  RecentEventHost,
  RespondBody,
  ScheduleEvent,
  ScheduleEventActivity,
  ScheduleEventAssignment,
  ScheduleEventDetail,
  ScheduleEventPatch,
  ScheduleEventQuery,
  ScheduleEventSave,
  ScheduleEventUpdate,
  ScheduleEventWithSlots,
  TimeSlot,
  TimeSlotsQuery,
  TsuReportQuery,
  TsuReportSummary,
  UnassignQuery,
  VersionQuery,
} from '../../../src/contract/scheduling';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { assign, respond, unassign } from './assignment-service';
import { cancelEvent, saveAdditionalHours } from './event-cancel-hours-service';
import { getEvent, getTimeSlots, listEvents, pageEvents } from './event-list-service';
import { visibleEventRow } from './event-reads';
import { createEvent, patchEvent, updateEvent } from './event-save-service';
import {
  corporationTimeSlots,
  employeeAssignedEvents,
  officeAssignedEvents,
  officeTimeSlots,
  recentCorporations,
} from './event-view-service';
import { employeeTsuReport, tsuReportSummary } from './report-service';
import { MANAGE, RESPOND } from './scope';
import { listActivity } from './timeline';

const IdParam = z.object({ id: QueryInt32.positive() });
const SlotParams = IdParam.extend({ timeSlotId: QueryInt32.positive() });
const AssignmentParams = IdParam.extend({ assignmentId: QueryInt32.positive() });
const manage = { permission: MANAGE };
const tags = ['scheduling'];

export async function scheduleEventRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/schedule-events',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Schedule events of the offices the caller manages',
        querystring: ScheduleEventQuery,
        response: { 200: z.array(ScheduleEvent) },
      },
    },
    async (request) => listEvents({ db, actor: actorOf(request), query: request.query }),
  );

  r.get(
    '/schedule-events/page/:page',
    {
      config: manage,
      schema: {
        tags,
        summary: 'One page of schedule events ({page} is 0-based)',
        params: PageParam,
        querystring: ScheduleEventQuery.extend(PageSizeQuery.shape),
        response: { 200: PagedScheduleEvents },
      },
    },
    async (request) => {
      const { pageSize, ...query } = request.query;
      return pageEvents({ db, actor: actorOf(request), query, pageIndex: request.params.page, pageSize });
    },
  );

  r.get(
    '/schedule-events/report/tsu-report-summary',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Time-slot utilisation per event and slot for a period',
        querystring: TsuReportQuery,
        response: { 200: TsuReportSummary },
      },
    },
    async (request) => tsuReportSummary({ db, actor: actorOf(request), query: request.query }),
  );

  r.get(
    '/schedule-events/report/employee-tsu-report',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Time-slot utilisation per employee for a period',
        querystring: TsuReportQuery,
        response: { 200: EmployeeTsuReport },
      },
    },
    async (request) => employeeTsuReport({ db, actor: actorOf(request), query: request.query }),
  );

  r.get(
    '/schedule-events/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'A schedule event with its time slots, assignments and additional hours',
        params: IdParam,
        response: { 200: ScheduleEventDetail },
      },
    },
    async (request) => getEvent({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.get(
    '/schedule-events/:id/recent/corporations',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Corporation hosts used most recently by the office ({id} is the IcdOfficeID)',
        params: IdParam,
        response: { 200: z.array(RecentEventHost) },
      },
    },
    async (request) => recentCorporations({ db, actor: actorOf(request), officeId: request.params.id }),
  );

  r.get(
    '/schedule-events/:id/time-slots',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Time slots of an event with their assignments',
        params: IdParam,
        response: { 200: z.array(TimeSlot) },
      },
    },
    async (request) => getTimeSlots({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.get(
    '/schedule-events/:id/activity',
    {
      config: manage,
      schema: {
        tags,
        summary: "The event's timeline (who, when, what, comment), oldest first",
        params: IdParam,
        response: { 200: z.array(ScheduleEventActivity) },
      },
    },
    async (request) => {
      await visibleEventRow(db, actorOf(request), request.params.id);
      return listActivity(db, request.params.id);
    },
  );

  r.post(
    '/schedule-events',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create a schedule event with its time slots',
        body: ScheduleEventSave,
        response: { 201: ScheduleEventDetail },
      },
    },
    async (request, reply) => {
      const event = await createEvent({ db, actor: actorOf(request), body: request.body });
      return reply.code(201).send(event);
    },
  );

  r.put(
    '/schedule-events/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Replace a schedule event and its time slots (409 with Current when Version is stale)',
        params: IdParam,
        body: ScheduleEventUpdate,
        response: { 200: ScheduleEventDetail },
      },
    },
    async (request) =>
      updateEvent({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );

  r.patch(
    '/schedule-events/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change some fields of a schedule event (409 with Current when Version is stale)',
        params: IdParam,
        body: ScheduleEventPatch,
        response: { 200: ScheduleEventDetail },
      },
    },
    async (request) => patchEvent({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );

  r.delete(
    '/schedule-events/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Cancel a schedule event: its assignments are withdrawn and the people told',
        params: IdParam,
        querystring: VersionQuery,
        response: { 200: ScheduleEventDetail },
      },
    },
    async (request) =>
      cancelEvent({ db, actor: actorOf(request), id: request.params.id, version: request.query.version }),
  );

  r.put(
    '/schedule-events/:id/additional-hours',
    {
      config: manage,
      schema: {
        tags,
        summary: "Replace the event's additional hours (409 with Current when Version is stale)",
        params: IdParam,
        body: AdditionalHoursSave,
        response: { 200: ScheduleEventDetail },
      },
    },
    async (request) =>
      saveAdditionalHours({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );

  r.post(
    '/schedule-events/:id/time-slots/:timeSlotId/assignments',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Assign an employee to a time slot (a new Pending assignment)',
        params: SlotParams,
        body: AssignBody,
        response: { 201: ScheduleEventAssignment },
      },
    },
    async (request, reply) => {
      const created = await assign({
        db,
        actor: actorOf(request),
        eventId: request.params.id,
        timeSlotId: request.params.timeSlotId,
        employeeId: request.body.EmployeeID,
      });
      return reply.code(201).send(created);
    },
  );

  r.put(
    '/schedule-events/:id/assignments/:assignmentId/respond',
    {
      config: { permission: RESPOND },
      schema: {
        tags,
        summary:
          'The assigned employee accepts or rejects (a reason is required); the same answer again is a no-op',
        params: AssignmentParams,
        body: RespondBody,
        response: { 200: ScheduleEventAssignment },
      },
    },
    async (request) =>
      respond({
        db,
        actor: actorOf(request),
        eventId: request.params.id,
        assignmentId: request.params.assignmentId,
        body: request.body,
      }),
  );

  r.delete(
    '/schedule-events/:id/assignments/:assignmentId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Withdraw an assignment (Unassigned); already withdrawn is a no-op',
        params: AssignmentParams,
        querystring: UnassignQuery,
        response: { 200: ScheduleEventAssignment },
      },
    },
    async (request) =>
      unassign({
        db,
        actor: actorOf(request),
        eventId: request.params.id,
        assignmentId: request.params.assignmentId,
        version: request.query.version,
        comment: request.query.comment,
      }),
  );

  r.get(
    '/icd-offices/:id/assigned-schedule-events',
    {
      config: manage,
      schema: {
        tags,
        summary: "The office's events with assignments, with their slots",
        params: IdParam,
        querystring: AssignedEventsQuery,
        response: { 200: z.array(ScheduleEventWithSlots) },
      },
    },
    async (request) =>
      officeAssignedEvents({
        db,
        actor: actorOf(request),
        officeId: request.params.id,
        query: request.query,
      }),
  );

  r.get(
    '/icd-offices/:id/schedule-event-time-slots',
    {
      config: manage,
      schema: {
        tags,
        summary: "The office's time slots in a period, with places taken and open",
        params: IdParam,
        querystring: TimeSlotsQuery,
        response: { 200: z.array(OfficeTimeSlot) },
      },
    },
    async (request) =>
      officeTimeSlots({ db, actor: actorOf(request), officeId: request.params.id, query: request.query }),
  );

  r.get(
    '/icd-corporations/:id/schedule-event-time-slots',
    {
      config: manage,
      schema: {
        tags,
        summary: "Time slots of the corporation's offices the caller manages",
        params: IdParam,
        querystring: TimeSlotsQuery,
        response: { 200: z.array(OfficeTimeSlot) },
      },
    },
    async (request) =>
      corporationTimeSlots({
        db,
        actor: actorOf(request),
        corporationId: request.params.id,
        query: request.query,
      }),
  );

  r.get(
    '/employees/:id/assigned-schedule-events',
    {
      // Own events: scheduling:respond; someone else's: scheduling:manage (checked in the service).
      config: { anyPermission: [RESPOND, MANAGE] },
      schema: {
        tags,
        summary:
          "An employee's assigned events with their assignments (own: scheduling:respond; others: scheduling:manage)",
        params: IdParam,
        querystring: AssignedEventsQuery,
        response: { 200: z.array(EmployeeAssignedEvent) },
      },
    },
    async (request) =>
      employeeAssignedEvents({
        db,
        actor: actorOf(request),
        employeeId: request.params.id,
        query: request.query,
      }),
  );
}
