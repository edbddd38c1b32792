// Small helpers shared by route modules.
import type { FastifyRequest } from 'fastify';

/** Whether the caller wants JSON back (fetch from the PWA) rather than a page (a plain form post). */
export function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') || !accept.includes('text/html');
}

// Resolved against a placeholder origin: only a value that stays on it is a same-origin path.
const PLACEHOLDER_ORIGIN = 'http://apex.invalid';

/**
 * A same-origin path to go back to after sign-in, or '/'. Refused (→ '/'): anything but a string
 * starting with one '/', control characters (browsers drop tabs and line breaks, turning `/\t/evil`
 * into `//evil`), backslashes (read as '/'), protocol-relative forms, values that resolve to another
 * origin, and the sign-in and sign-out pages themselves. The answer is the parsed path, query and
 * fragment, percent-encoded, so it is always safe in a Location header.
 */
export function safeReturnUrl(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2048) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(value)) return '/';
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//')) return '/';
  if (/^\/account\/(login|logout)(\/|$)/i.test(url.pathname)) return '/';
  return path;
}

/**
 * Whether a form post comes from another site, as the browser tells it: `Sec-Fetch-Site` when sent
 * (only `same-origin` and `none` — typed by the user — pass), else `Origin` (it must be the request's
 * own origin or the configured public one). A request with neither (curl, scripts, old browsers
 * covered by SameSite=Lax cookies) is not refused.
 */
export function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const site = headerValue(request.headers['sec-fetch-site']);
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = headerValue(request.headers.origin);
  if (origin === undefined) return false;
  const own = `${request.protocol}://${request.host}`.toLowerCase();
  const given = origin.toLowerCase();
  return given !== own && given !== publicOrigin.toLowerCase();
}

function headerValue(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.trim();
}
