// Time entries (spec 002 §7 "Pay periods and time entries"; endpoints.tsv area `time`). Every route
// but the time-entry-types lookup needs `time:own` (one's own entries) or `time:manage` (entries of
// employees at the offices the caller manages); the service applies the office scope.
// A write for an approved or locked pay period answers 202 with the late adjustment request it
// stored (TimeEntryLate / TimeEntryV2Late in src/contract/time-management.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import {
  CalendarDay,
  ClockLookups,
  EmployeeQuery,
  TimeEntriesQuery,
  TimeEntry,
  TimeEntryPage,
  TimeEntryPatch,
  TimeEntrySave,
  TimeEntrySaveV2,
  TimeEntryType,
  TimeEntryUpdate,
  TimeEntryUpdateV2,
  TimeEntryV2Result,
  WeekSummary,
} from '../../../src/contract/time';
import { TimeEntryLate, TimeEntryV2Late } from '../../../src/contract/time-management';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { getClockLookups, listTimeEntryTypes } from './clock-lookups';
import { createTimeEntry, deleteTimeEntry, patchTimeEntry, replaceTimeEntry } from './entries';
import { isLate } from './late-requests';
import { getTimeEntry, getWeek, listTimeEntries } from './reads';
import { saveTimeEntryV2 } from './save-v2';

/** One's own time, or other employees' time at managed offices. */
const TIME_KEYS = ['time:own', 'time:manage'] as const;
const config = { anyPermission: TIME_KEYS };
const tags = ['time'];
const IdParams = z.object({ id: QueryInt32.positive() });
/** The Version the caller saw: a delete of an entry someone changed since is a 409, not a silent loss. */
const DeleteQuery = z.object({ version: QueryInt32.min(1).optional() });

export async function timeRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/time-entry-types',
    {
      // A lookup (cached by the service worker): any signed-in user.
      schema: { tags, summary: 'Time entry types', response: { 200: z.array(TimeEntryType) } },
    },
    async () => listTimeEntryTypes({ db }),
  );

  r.get(
    '/time-entries',
    {
      config,
      schema: {
        tags,
        summary:
          'Time entries, newest first (paged: PageIndex from 0, pageSize). Own entries by default; employeeId or icdOfficeId with time:manage',
        querystring: TimeEntriesQuery,
        response: { 200: TimeEntryPage },
      },
    },
    async (request) => listTimeEntries({ db, actor: actorOf(request), query: request.query }),
  );

  r.get(
    '/time-entries/week/:date',
    {
      config,
      schema: {
        tags,
        summary: 'The Monday–Sunday week containing {date}: entries, per-day and week totals in minutes',
        params: z.object({ date: CalendarDay }),
        querystring: EmployeeQuery,
        response: { 200: WeekSummary },
      },
    },
    async (request) =>
      getWeek({
        db,
        actor: actorOf(request),
        date: request.params.date,
        employeeId: request.query.employeeId,
      }),
  );

  r.get(
    '/time-entries/clock-lookups',
    {
      config,
      schema: {
        tags,
        summary:
          "What the clock needs: the employee's offices with their programs and stores, and the entry types",
        querystring: EmployeeQuery,
        response: { 200: ClockLookups },
      },
    },
    async (request) => getClockLookups({ db, actor: actorOf(request), employeeId: request.query.employeeId }),
  );

  r.get(
    '/time-entries/:id',
    {
      config,
      schema: { tags, summary: 'One time entry', params: IdParams, response: { 200: TimeEntry } },
    },
    async (request) => getTimeEntry({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.post(
    '/time-entries',
    {
      config,
      schema: {
        tags,
        summary:
          'Record a time entry (a work entry, or a break with ParentTimeEntryID); 202 with the late adjustment request when its pay period is approved or locked',
        body: TimeEntrySave,
        response: { 201: TimeEntry, 202: TimeEntryLate },
      },
    },
    async (request, reply) => {
      const entry = await createTimeEntry({ db, actor: actorOf(request), entry: request.body });
      return isLate(entry) ? reply.code(202).send(entry) : reply.code(201).send(entry);
    },
  );

  r.put(
    '/time-entries/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Replace a time entry (Version required; 409 with Current when stale; 202 with the late adjustment request in a closed pay period)',
        params: IdParams,
        body: TimeEntryUpdate,
        response: { 200: TimeEntry, 202: TimeEntryLate },
      },
    },
    async (request, reply) => {
      const entry = await replaceTimeEntry({
        db,
        actor: actorOf(request),
        id: request.params.id,
        entry: request.body,
      });
      return isLate(entry) ? reply.code(202).send(entry) : reply.code(200).send(entry);
    },
  );

  r.patch(
    '/time-entries/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Change some fields of a time entry (Version required; 409 with Current when stale; 202 with the late adjustment request in a closed pay period)',
        params: IdParams,
        body: TimeEntryPatch,
        response: { 200: TimeEntry, 202: TimeEntryLate },
      },
    },
    async (request, reply) => {
      const entry = await patchTimeEntry({
        db,
        actor: actorOf(request),
        id: request.params.id,
        patch: request.body,
      });
      return isLate(entry) ? reply.code(202).send(entry) : reply.code(200).send(entry);
    },
  );

  r.delete(
    '/time-entries/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Delete a time entry and its breaks (kept for the audit); 202 with the late adjustment request in a closed pay period',
        params: IdParams,
        querystring: DeleteQuery,
        response: { 202: TimeEntryLate, 204: z.null() },
      },
    },
    async (request, reply) => {
      const late = await deleteTimeEntry({
        db,
        actor: actorOf(request),
        id: request.params.id,
        version: request.query.version,
      });
      return late ? reply.code(202).send(late) : reply.code(204).send(null);
    },
  );

  r.post(
    '/v2/time-entries',
    {
      config,
      schema: {
        tags,
        summary:
          'Record a time entry with its work part and an embedded Break in one call (202 with the late adjustment request in a closed pay period)',
        body: TimeEntrySaveV2,
        response: { 201: TimeEntryV2Result, 202: TimeEntryV2Late },
      },
    },
    async (request, reply) => {
      const result = await saveTimeEntryV2({
        db,
        actor: actorOf(request),
        body: request.body,
        mode: 'create',
      });
      return isLate(result) ? reply.code(202).send(result) : reply.code(201).send(result);
    },
  );

  r.put(
    '/v2/time-entries',
    {
      config,
      schema: {
        tags,
        summary:
          'Change a time entry (Id, Version) with its work part and an embedded Break in one call (202 with the late adjustment request in a closed pay period)',
        body: TimeEntryUpdateV2,
        response: { 200: TimeEntryV2Result, 202: TimeEntryV2Late },
      },
    },
    async (request, reply) => {
      const result = await saveTimeEntryV2({
        db,
        actor: actorOf(request),
        body: request.body,
        mode: 'update',
      });
      return isLate(result) ? reply.code(202).send(result) : reply.code(200).send(result);
    },
  );
}
