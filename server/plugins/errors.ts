// The one error handler: AppError, zod validation errors, Fastify's own errors (router, body parsers)
// → JSON { Message, Messages?, Errors? }. A 5xx never leaks its internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pgErrorCode } from '../db/pg-error';
import { AppError } from '../errors';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.cause !== undefined) request.log.warn({ err: error.cause }, error.message);
      if (error.extra.headers) reply.headers(error.extra.headers);
      return reply.code(error.status).send({
        Message: error.message,
        ...(error.extra.Messages ? { Messages: error.extra.Messages } : {}),
        ...(error.extra.Errors ? { Errors: error.extra.Errors } : {}),
        ...(error.extra.body ?? {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path id out of range (too large for its column, negative, 0) cannot name a record. Other
      // path numbers (a page) stay 400.
      const outOfRange = error.validation.every((issue) => {
        const origin = (issue.params as { origin?: unknown }).origin;
        return (
          (issue.keyword === 'too_big' || issue.keyword === 'too_small') &&
          (origin === 'number' || origin === 'int') &&
          /^\/(id|\w+Id)$/i.test(issue.instancePath ?? '')
        );
      });
      if (error.validationContext === 'params' && outOfRange) {
        return reply.code(404).send({ Message: 'The item was not found.' });
      }
      // Past 2^53 zod also reports the safe-integer limit; the column's own bound says it better.
      const issues = error.validation.filter(
        (issue) =>
          !(issue.params as { note?: unknown }).note ||
          !error.validation.some((other) => other !== issue && other.instancePath === issue.instancePath),
      );
      const Errors: Record<string, string[]> = {};
      for (const issue of issues) {
        const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
        const field = path || String(error.validationContext ?? 'body');
        Errors[field] = [...(Errors[field] ?? []), issue.message ?? 'is not valid'];
      }
      const Messages = Object.entries(Errors).flatMap(([field, msgs]) => msgs.map((m) => `${field}: ${m}`));
      return reply.code(400).send({ Message: 'The request is not valid.', Messages, Errors });
    }
    const dataError = postgresDataError(error);
    if (dataError) {
      // A value the request carried that the database cannot hold, which no schema caught: the
      // caller's mistake, not the server's; logged so the missing schema rule gets written.
      request.log.warn({ err: error }, 'database refused a request value');
      return reply.code(400).send({ Message: dataError });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ Message: 'The server could not complete the request.' });
    }
    const messages: Record<number, string> = {
      400: 'The request is not valid.',
      404: 'Not found.',
      405: 'This method is not allowed here.',
      413: 'The upload is too large.',
      414: 'The address is too long.',
      415: 'This type of content is not accepted.',
      429: 'Too many requests. Try again later.',
    };
    return reply
      .code(status)
      .send({ Message: BODY_MESSAGES[error.code] ?? messages[status] ?? error.message });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ Message: `No route for ${request.method} ${request.url.split('?')[0]}.` });
  });
}

/** Fastify's own request errors whose default wording would be confusing, by code. */
const BODY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty; send JSON or no Content-Type.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length does not match the body.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This type of content is not accepted.',
  FST_ERR_CTP_EMPTY_TYPE: 'The Content-Type is empty.',
  FST_ERR_CTP_INVALID_TYPE: 'The Content-Type is not valid.',
};

/**
 * Fastify's `frameworkErrors`: errors the router raises before a route is found (a malformed
 * %-escape, a path segment longer than maxParamLength), which otherwise answer Fastify's own
 * { error, code, message, statusCode }.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const messages: Record<string, string> = {
    FST_ERR_BAD_URL: 'The address is not valid.',
    FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long.',
  };
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply.code(status).send({ Message: messages[error.code] ?? 'The request is not valid.' });
}

/**
 * The message for a PostgreSQL "data exception" (SQLSTATE class 22: a number out of range, NUL in
 * text, an impossible date) raised by a value from the request; null for any other error. Drivers and
 * drizzle wrap the database error, so the cause chain is searched.
 */
function postgresDataError(error: unknown): string | null {
  const code = pgErrorCode(error);
  if (!code?.startsWith('22')) return null;
  if (code === '22003') return 'A number in the request is out of range.';
  if (code === '22P05' || code === '22021') return 'Text may not contain the character U+0000.';
  if (code === '22007' || code === '22008') return 'This date does not exist.';
  return 'The request is not valid.';
}
