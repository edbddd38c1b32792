// Manual payroll submissions calls (spec 002 §7 "Payroll entries and manual submissions"); see
// src/contract/payroll-manual.ts for the statuses, transitions and permissions.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import {
  ManualCancelQuery,
  ManualSubmission,
  ManualSubmissionAmend,
  ManualSubmissionGetQuery,
  ManualSubmissionPage,
  ManualSubmissionQuery,
  ManualSubmissionSave,
} from '../../../src/contract/payroll-manual';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { actorOf } from '../../plugins/auth';
import {
  amend,
  assign,
  cancel,
  markProcessed,
  setPending,
  setWorkingOn,
  submit,
  unassign,
} from './lifecycle';
import { manualSubmissionPdf } from './pdf';
import { listSubmissions, OWN, PROCESS, READ, readableEntry, SUBMIT, submissionOfEntry } from './read';

const IdParam = z.object({ id: QueryInt32.positive() });
const UserParams = IdParam.extend({ userId: QueryInt32.positive() });
const FlagParams = IdParam.extend({
  flag: z
    .string()
    .toLowerCase()
    .pipe(z.enum(['true', 'false'])),
});
const tags = ['payroll-manual'];

export async function payrollManualRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/payroll-entries/all/manual-submissions',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary:
          'Manual submissions of the entries in scope (statusID, processorID; sort SubmittedDate[Desc] or CompletedDate[Desc]; paged)',
        querystring: ManualSubmissionQuery,
        response: { 200: ManualSubmissionPage },
      },
    },
    async (request) => listSubmissions(db, actorOf(request), request.query),
  );

  r.get(
    '/payroll-entries/all/manual-submissions/page/:page',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'Manual submissions, page {page} (0-based)',
        params: z.object({ page: QueryInt32.min(0) }),
        querystring: ManualSubmissionQuery,
        response: { 200: ManualSubmissionPage },
      },
    },
    async (request) =>
      listSubmissions(db, actorOf(request), { ...request.query, pageIndex: request.params.page }),
  );

  r.get(
    '/payroll-entries/:id/manual-submission',
    {
      config: { anyPermission: [READ, OWN], allowCookie: true },
      schema: {
        tags,
        summary:
          "An entry's manual submission; with format=pdf or Accept: application/pdf its earnings-statement PDF (the entry's own employee may read it too)",
        params: IdParam,
        querystring: ManualSubmissionGetQuery,
        response: { 200: ManualSubmission },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await readableEntry(db, actor, request.params.id);
      const submission = await submissionOfEntry(db, request.params.id);
      if (!submission) throw notFound('The manual submission');
      const wantsPdf =
        request.query.format === 'pdf' ||
        (request.query.format !== 'json' && /application\/pdf/i.test(request.headers.accept ?? ''));
      if (!wantsPdf) return submission;
      const pdf = await manualSubmissionPdf(db, submission);
      return (
        reply
          .header('content-type', 'application/pdf')
          .header(
            'content-disposition',
            `inline; filename="earnings-statement-${submission.PayrollEntryID}-manual-${submission.ManualSubmissionID}.pdf"`,
          )
          .header('cache-control', 'private, no-cache')
          // A Buffer bypasses the JSON serializer; the 200 schema describes the JSON answer only.
          .send(pdf as unknown as ManualSubmission)
      );
    },
  );

  r.put(
    '/payroll-entries/:id/manual-submission',
    {
      config: { permission: SUBMIT },
      schema: {
        tags,
        summary:
          'Submit a manual submission for the entry (again after a cancel; 409 when one is open: amend it)',
        params: IdParam,
        body: ManualSubmissionSave,
        response: { 200: ManualSubmission },
      },
    },
    async (request) =>
      submit({ db, actor: actorOf(request), entryId: request.params.id, body: request.body }),
  );

  r.patch(
    '/payroll-entries/:id/manual-submission',
    {
      config: { permission: SUBMIT },
      schema: {
        tags,
        summary:
          'Amend the manual submission (whole request with Version; 409 when stale, cancelled or processed)',
        params: IdParam,
        body: ManualSubmissionAmend,
        response: { 200: ManualSubmission },
      },
    },
    async (request) => amend({ db, actor: actorOf(request), entryId: request.params.id, body: request.body }),
  );

  r.delete(
    '/payroll-entries/:id/manual-submission',
    {
      config: { permission: SUBMIT },
      schema: {
        tags,
        summary: 'Cancel the manual submission (409 once processed or already cancelled)',
        params: IdParam,
        querystring: ManualCancelQuery,
        response: { 200: ManualSubmission },
      },
    },
    async (request) =>
      cancel({ db, actor: actorOf(request), entryId: request.params.id, version: request.query.version }),
  );

  r.put(
    '/payroll-entries/:id/manual-request/processors/:userId',
    {
      config: { permission: PROCESS },
      schema: {
        tags,
        summary: 'Assign the manual submission to a processor (a user holding payroll:process for the entry)',
        params: UserParams,
        response: { 200: ManualSubmission },
      },
    },
    async (request) =>
      assign({ db, actor: actorOf(request), entryId: request.params.id, userId: request.params.userId }),
  );

  r.delete(
    '/payroll-entries/:id/manual-request/processors/:userId',
    {
      config: { permission: PROCESS },
      schema: {
        tags,
        summary: 'Unassign the processor (409 when {userId} is not the assigned one)',
        params: UserParams,
        response: { 200: ManualSubmission },
      },
    },
    async (request) =>
      unassign({ db, actor: actorOf(request), entryId: request.params.id, userId: request.params.userId }),
  );

  r.put(
    '/payroll-entries/:id/manual-request/pending/:flag',
    {
      config: { permission: PROCESS },
      schema: {
        tags,
        summary: 'Save the manual submission as pending (true) or not (false)',
        params: FlagParams,
        response: { 200: ManualSubmission },
      },
    },
    async (request) =>
      setPending({
        db,
        actor: actorOf(request),
        entryId: request.params.id,
        flag: request.params.flag === 'true',
      }),
  );

  r.put(
    '/payroll-entries/:id/manual-request/workingon/:flag',
    {
      config: { permission: PROCESS },
      schema: {
        tags,
        summary: 'Save the manual submission as being worked on (true; needs a processor) or not (false)',
        params: FlagParams,
        response: { 200: ManualSubmission },
      },
    },
    async (request) =>
      setWorkingOn({
        db,
        actor: actorOf(request),
        entryId: request.params.id,
        flag: request.params.flag === 'true',
      }),
  );

  r.put(
    '/payroll-entries/:id/manual-submission/processed',
    {
      config: { permission: PROCESS },
      schema: {
        tags,
        summary: 'Mark the manual submission processed (final)',
        params: IdParam,
        response: { 200: ManualSubmission },
      },
    },
    async (request) => markProcessed({ db, actor: actorOf(request), entryId: request.params.id }),
  );
}
