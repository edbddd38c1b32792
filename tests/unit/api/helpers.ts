// Test doubles shared by the API client tests: a recording fake fetch, JWTs and a memory storage.
import { vi } from 'vitest';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | null | undefined;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

/** A fake fetch: each call is recorded and answered by the first matching route, else 404. */
export function fakeFetch(routes: Record<string, Handler | Handler[]> = {}) {
  const calls: RecordedCall[] = [];
  const queues = new Map<string, Handler[]>();
  for (const [key, handler] of Object.entries(routes)) {
    queues.set(key, Array.isArray(handler) ? [...handler] : [handler]);
  }
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const call: RecordedCall = {
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
      credentials: init.credentials,
      signal: init.signal,
    };
    calls.push(call);
    const path = url.split('?')[0];
    const queue = queues.get(`${call.method} ${path}`) ?? queues.get(path);
    if (!queue || queue.length === 0) return json({ Message: `No route for ${call.method} ${path}` }, 404);
    // The last handler of a list repeats; earlier ones are used once each.
    const handler = queue.length > 1 ? queue.shift()! : queue[0];
    return handler(call);
  });
  return {
    fetch,
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.url.split('?')[0] === path),
  };
}

export function json(body: unknown, status = 200, init: ResponseInit = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText: init.statusText ?? STATUS_TEXT[status] ?? '',
    headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) },
  });
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An unsigned JWT with the given claims (the client never checks signatures). */
export function jwt(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.c2lnbmF0dXJl`;
}

export const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

/** A token issued at `now` (ms), valid for 10 minutes. */
export function tokenAt(now: number, extra: Record<string, unknown> = {}): string {
  const s = Math.floor(now / 1000);
  return jwt({ sub: '42', iat: s, nbf: s, exp: s + 600, ...extra });
}

export function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

export function silentLog() {
  return { warn: vi.fn(), error: vi.fn() };
}
