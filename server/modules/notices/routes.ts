// Legal notices, bulletins, message types and messages (spec 001 §7); see src/contract/notices.ts.
// Reading one's own notices and inbox, and acknowledging, is open to every signed-in user.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PagingQuery, pagedResult, QueryInt32 } from '../../../src/contract/common';
import {
  BULLETINS_MANAGE,
  Bulletin,
  BulletinAcknowledgement,
  BulletinAcknowledgeQuery,
  BulletinDelivery,
  BulletinInboxItem,
  BulletinSave,
  BulletinUpdate,
  BulletinView,
  LegalNotice,
  LegalNoticeAcknowledgement,
  LegalNoticeQuery,
  LegalNoticeSave,
  LegalNoticeUpdate,
  MESSAGES_SEND,
  MessageResult,
  MessageSend,
  MessageTypeInfo,
  NOTICES_MANAGE,
} from '../../../src/contract/notices';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import {
  acknowledgeBulletin,
  createBulletin,
  deliverBulletin,
  getBulletin,
  inbox,
  listBulletins,
  updateBulletin,
} from './bulletins-service';
import {
  acknowledgeLegalNotice,
  createLegalNotice,
  deleteLegalNotice,
  listLegalNotices,
  updateLegalNotice,
} from './legal-notices-service';
import { MESSAGE_TYPES, sendMessage } from './messages-service';

const IdParam = z.object({ id: QueryInt32.positive() });
const AckParams = IdParam.extend({ contentId: QueryInt32.positive() });
const notices = ['notices'];

export async function noticesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/legal-notices',
    {
      schema: {
        tags: notices,
        summary:
          "The caller's legal notices with their current content and whether the caller acknowledged it (notices:manage: every notice); pending=true: only those still to acknowledge",
        querystring: LegalNoticeQuery,
        response: { 200: z.array(LegalNotice) },
      },
    },
    async (request) =>
      listLegalNotices({ db, actor: actorOf(request), pending: request.query.pending === 'true' }),
  );

  r.post(
    '/legal-notices',
    {
      config: { permission: NOTICES_MANAGE },
      schema: {
        tags: notices,
        summary: 'Publish a legal notice',
        body: LegalNoticeSave,
        response: { 201: LegalNotice },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createLegalNotice({ db, actor: actorOf(request), body: request.body })),
  );

  r.put(
    '/legal-notices/:id',
    {
      config: { permission: NOTICES_MANAGE },
      schema: {
        tags: notices,
        summary:
          'Save a legal notice; a new text makes a new content everyone must acknowledge again (409 when stale)',
        params: IdParam,
        body: LegalNoticeUpdate,
        response: { 200: LegalNotice },
      },
    },
    async (request) =>
      updateLegalNotice({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );

  r.delete(
    '/legal-notices/:id',
    {
      config: { permission: NOTICES_MANAGE },
      schema: {
        tags: notices,
        summary: 'Delete a legal notice with its contents and acknowledgements',
        params: IdParam,
        querystring: z.object({ version: QueryInt32.optional() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteLegalNotice({ db, id: request.params.id, version: request.query.version });
      return reply.code(204).send(null);
    },
  );

  r.put(
    '/legal-notices/:id/acknowledge/:contentId',
    {
      schema: {
        tags: notices,
        summary:
          "Acknowledge a notice's content (again: no change); a content that is no longer current: 409 with CurrentContentID",
        params: AckParams,
        response: { 200: LegalNoticeAcknowledgement },
      },
    },
    async (request) =>
      acknowledgeLegalNotice({
        db,
        actor: actorOf(request),
        id: request.params.id,
        contentId: request.params.contentId,
      }),
  );

  r.get(
    '/message-types',
    {
      config: { anyPermission: [MESSAGES_SEND, BULLETINS_MANAGE] },
      schema: {
        tags: notices,
        summary: 'The notification e-mails (message types)',
        response: { 200: z.array(MessageTypeInfo) },
      },
    },
    async () => MESSAGE_TYPES,
  );

  r.post(
    '/messages',
    {
      config: { permission: MESSAGES_SEND },
      schema: {
        tags: notices,
        summary:
          "Send a message of a message type to employees (in the caller's offices) through the mail path",
        body: MessageSend,
        response: { 200: MessageResult },
      },
    },
    async (request) => sendMessage({ db, actor: actorOf(request), body: request.body }),
  );

  r.get(
    '/bulletins',
    {
      config: { permission: BULLETINS_MANAGE },
      schema: {
        tags: notices,
        summary: "Bulletins whose audience is in the caller's scope, with delivery counts",
        querystring: PagingQuery,
        response: { 200: pagedResult(Bulletin) },
      },
    },
    async (request) =>
      listBulletins({
        db,
        actor: actorOf(request),
        pageIndex: request.query.pageIndex,
        pageSize: request.query.pageSize,
      }),
  );

  r.get(
    '/bulletins/inbox',
    {
      schema: {
        tags: notices,
        summary: "The caller's delivered bulletins, unread first",
        response: { 200: z.array(BulletinInboxItem) },
      },
    },
    async (request) => inbox({ db, actor: actorOf(request) }),
  );

  r.get(
    '/bulletins/:id',
    {
      schema: {
        tags: notices,
        summary:
          'One bulletin: its recipient (marks it read) or a bulletins:manage holder whose scope covers it',
        params: IdParam,
        response: { 200: BulletinView },
      },
    },
    async (request) => getBulletin({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.post(
    '/bulletins',
    {
      config: { permission: BULLETINS_MANAGE },
      schema: { tags: notices, summary: 'Write a bulletin', body: BulletinSave, response: { 201: Bulletin } },
    },
    async (request, reply) =>
      reply.code(201).send(await createBulletin({ db, actor: actorOf(request), body: request.body })),
  );

  r.put(
    '/bulletins/:id',
    {
      config: { permission: BULLETINS_MANAGE },
      schema: {
        tags: notices,
        summary: 'Save a bulletin (409 with Current when Version is stale)',
        params: IdParam,
        body: BulletinUpdate,
        response: { 200: Bulletin },
      },
    },
    async (request) =>
      updateBulletin({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );

  r.post(
    '/bulletins/:id/deliver',
    {
      config: { permission: BULLETINS_MANAGE },
      schema: {
        tags: notices,
        summary: 'Deliver to its audience; each employee receives it once',
        params: IdParam,
        response: { 200: BulletinDelivery },
      },
    },
    async (request) => deliverBulletin({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.post(
    '/bulletins/inbox/:id/acknowledge',
    {
      schema: {
        tags: notices,
        summary: 'Acknowledge a bulletin of the inbox; sendEmailCopy=true queues a copy to the caller',
        params: IdParam,
        querystring: BulletinAcknowledgeQuery,
        response: { 200: BulletinAcknowledgement },
      },
    },
    async (request) =>
      acknowledgeBulletin({
        db,
        actor: actorOf(request),
        id: request.params.id,
        sendEmailCopy: request.query.sendEmailCopy === 'true',
      }),
  );
}
