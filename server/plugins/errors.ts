// The one error handler: AppError, zod validation errors, Fastify's own errors → JSON
// { Message, Messages?, Errors? }. A 5xx never leaks its internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.headers) reply.headers(error.extra.headers);
      return reply.code(error.status).send({
        Message: error.message,
        ...(error.extra.Messages ? { Messages: error.extra.Messages } : {}),
        ...(error.extra.Errors ? { Errors: error.extra.Errors } : {}),
        ...(error.extra.body ?? {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const Errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
        const field = path || String(error.validationContext ?? 'body');
        Errors[field] = [...(Errors[field] ?? []), issue.message ?? 'is not valid'];
      }
      const Messages = Object.entries(Errors).flatMap(([field, msgs]) => msgs.map((m) => `${field}: ${m}`));
      return reply.code(400).send({ Message: 'The request is not valid.', Messages, Errors });
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
      415: 'This type of content is not accepted.',
      429: 'Too many requests. Try again later.',
    };
    return reply.code(status).send({ Message: messages[status] ?? error.message });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ Message: `No route for ${request.method} ${request.url.split('?')[0]}.` });
  });
}
