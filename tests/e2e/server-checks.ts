// What the journeys check on the server behind the browser: the API called as a demo user (one
// sign-in per user, its token kept), the user's time entries around now, and the mutations a browser
// context sent.
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';

export const DEMO_PASSWORD = 'Demo!2026apex';

/** A Bearer token for `user`, through the real sign-in form post and `auth/token`. */
export async function apiToken(baseUrl: string, user: string, password = DEMO_PASSWORD): Promise<string> {
  const login = await fetch(`${baseUrl}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ UserName: user, Password: password }),
  });
  if (!login.ok) throw new Error(`sign-in as ${user} → ${login.status}: ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const res = await fetch(`${baseUrl}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ clientId: 'apex-pwa' }),
  });
  if (!res.ok) throw new Error(`auth/token for ${user} → ${res.status}: ${await res.text()}`);
  return (await res.json()) as string;
}

/** Who calls the API: a demo user by name (the demo password), a user with their password, or no one. */
export type ApiUser = string | { user: string; password: string } | null;

/** A token is used for half its server lifetime (10 minutes), then the user signs in again. */
const TOKEN_REUSE_MS = 5 * 60_000;
const tokens = new Map<string, { token: Promise<string>; at: number }>();

/** The Bearer token of `who` on the e2e server: one sign-in per user and server URL while it is fresh. */
function tokenOf(baseUrl: string, who: Exclude<ApiUser, null>): Promise<string> {
  const { user, password } = typeof who === 'string' ? { user: who, password: DEMO_PASSWORD } : who;
  const key = `${baseUrl} ${user} ${password}`;
  const kept = tokens.get(key);
  if (kept && Date.now() - kept.at < TOKEN_REUSE_MS) return kept.token;
  const token = apiToken(baseUrl, user, password);
  tokens.set(key, { token, at: Date.now() });
  token.catch(() => tokens.delete(key));
  return token;
}

export interface ApiResult<T> {
  status: number;
  /** The answer's JSON, or its text (`text/*`), or undefined when it is empty. */
  body: T;
}

/**
 * Calls `api/<path>` of the e2e server as `who` and answers its status and body whatever the status
 * (for the journeys that check a refusal). A body is sent as JSON, a FormData as it is.
 */
export async function apiResult<T = unknown>(
  who: ApiUser,
  path: string,
  method = 'GET',
  body?: unknown,
): Promise<ApiResult<T>> {
  const baseUrl = inject('baseUrl');
  const headers: Record<string, string> = {};
  if (who !== null) headers.authorization = `Bearer ${await tokenOf(baseUrl, who)}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${baseUrl}/api/${path}`, { method, headers, body: payload });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  let answer: unknown = text || undefined;
  if (type.includes('json')) answer = text ? JSON.parse(text) : undefined;
  else if (type.startsWith('text/')) answer = text;
  return { status: res.status, body: answer as T };
}

/**
 * Calls `api/<path>` of the e2e server as `who` and answers its body (see `apiResult`); a status
 * other than 2xx throws with the method, path, user, status and the server's answer.
 */
export async function api<T = unknown>(
  who: ApiUser,
  path: string,
  method = 'GET',
  body?: unknown,
): Promise<T> {
  const res = await apiResult<T>(who, path, method, body);
  if (res.status < 200 || res.status > 299) {
    const user = who === null ? 'no one' : typeof who === 'string' ? who : who.user;
    const answer = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
    throw new Error(`${method} ${path} as ${user} → ${res.status}: ${answer}`);
  }
  return res.body;
}

/** The employee id of a signed-in user (Home/identity). */
export async function employeeIdOf(who: Exclude<ApiUser, null>): Promise<number> {
  return (await api<{ EmployeeID: number }>(who, 'Home/identity')).EmployeeID;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The user's entries on the server dated around now (a day either side: the entry's date is the
 * office's day, which need not be this machine's nor UTC's), minus those that existed in `before`.
 */
export async function serverEntries<T extends { Id: number }>(user: string, before: T[] = []): Promise<T[]> {
  const now = Date.now();
  const from = isoDay(new Date(now - 86_400_000));
  const to = isoDay(new Date(now + 86_400_000));
  const body = await api<{ Items: T[] }>(user, `time-entries?startDate=${from}&endDate=${to}&pageSize=100`);
  const old = new Set(before.map((e) => e.Id));
  return body.Items.filter((e) => !old.has(e.Id));
}

/** Every mutation the pages of a context send (by its Idempotency-Key), as the server received it. */
export function recordMutations(context: BrowserContext): { key: string; method: string; path: string }[] {
  const sent: { key: string; method: string; path: string }[] = [];
  context.on('requestfinished', (request) => {
    const key = request.headers()['idempotency-key'];
    if (key) sent.push({ key, method: request.method(), path: new URL(request.url()).pathname });
  });
  return sent;
}
