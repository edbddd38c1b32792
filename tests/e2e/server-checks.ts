// What the journeys check on the server behind the browser: an API token for a demo user, the user's
// time entries around now, and the mutations a browser context sent.
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';

/** A Bearer token for `user`, through the real sign-in form post and `auth/token`. */
export async function apiToken(baseUrl: string, user: string, password = 'Demo!2026apex'): Promise<string> {
  const login = await fetch(`${baseUrl}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ UserName: user, Password: password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const res = await fetch(`${baseUrl}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ clientId: 'apex-pwa' }),
  });
  return (await res.json()) as string;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The user's entries on the server dated around now (a day either side: the entry's date is the
 * office's day, which need not be this machine's nor UTC's), minus those that existed in `before`.
 */
export async function serverEntries<T extends { Id: number }>(
  baseUrl: string,
  user: string,
  before: T[] = [],
): Promise<T[]> {
  const token = await apiToken(baseUrl, user);
  const now = Date.now();
  const from = isoDay(new Date(now - 86_400_000));
  const to = isoDay(new Date(now + 86_400_000));
  const res = await fetch(`${baseUrl}/api/time-entries?startDate=${from}&endDate=${to}&pageSize=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { Items: T[] };
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
