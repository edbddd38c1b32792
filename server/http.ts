// Small helpers shared by route modules.
import type { FastifyRequest } from 'fastify';

/** Whether the caller wants JSON back (fetch from the PWA) rather than a page (a plain form post). */
export function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') || !accept.includes('text/html');
}

/** A same-origin path to go back to after sign-in; anything else becomes '/'. */
export function safeReturnUrl(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return '/';
  if (/^\/account\/(login|logout)/i.test(value)) return '/';
  return value;
}
