// Refuses U+0000 (NUL) anywhere in a request's path, query string or parsed body (JSON or form),
// once for every route: PostgreSQL cannot store it in text or jsonb, and no field of the API needs it.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

export const NUL_MESSAGE = 'The request may not contain the character U+0000 (NUL).';

/** Whether a parsed body holds NUL in any string or key, at any depth (walked without recursion). */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
    } else if (item && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, element] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(element);
      }
    }
  }
  return false;
}

export function registerInputGuard(app: FastifyInstance): void {
  // The raw URL still holds the escapes: %00 in the path or query decodes to NUL.
  app.addHook('onRequest', async (request) => {
    const url = request.raw.url ?? '';
    if (/%00/i.test(url) || url.includes('\u0000')) throw new AppError(400, NUL_MESSAGE);
  });
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && containsNul(request.body)) throw new AppError(400, NUL_MESSAGE);
  });
}
