// The sync engine's side of the wire (src/offline/sync-engine.ts): what it sends and receives, how
// each answer is handled (classifyResponse: acknowledged, retried, paused, refused or in conflict), the
// message kept for the user, and the backoff between attempts (honouring the server's Retry-After).
import { type BackoffOptions, backoffDelay as connectionBackoff } from '../api/connection';
import type { MutationMethod } from './db';

export interface SendRequest {
  method: MutationMethod;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export interface SendResponse {
  status: number;
  body: unknown;
  /** Response headers with lower-case names, when the transport exposes them (Retry-After, Idempotency-Status). */
  headers?: Record<string, string>;
}

/** Sends one request; a network failure (no response at all) is a rejected promise. */
export type SendFunction = (request: SendRequest) => Promise<SendResponse>;

/** How a response (or a network failure) is handled, decided once. */
export type Outcome =
  /** 2xx: the server committed; remove the row. */
  | 'ack'
  /** Try this row again later (408, 500, an Idempotency-Key still being processed); others may go on. */
  | 'retry'
  /** Network failure, 429, 502, 503, 504: back off and stop this run. */
  | 'retry-all'
  /** 401: pause everything until the user signs in again. */
  | 'auth'
  /** 400, 403, 404, 422 …: keep it for the user with the server's message. */
  | 'rejected'
  /** 409, 412: keep it for the user with the server's current row. */
  | 'conflict';

/** Set by the server's idempotency plugin on a 409 for a key whose first request is still running. */
export const IDEMPOTENCY_IN_PROGRESS_CODE = 'IdempotencyKeyInProgress';

/** A 2xx answer that only names the ids of an applied change (`Summary: true`). */
export function isSummary(body: unknown): boolean {
  return !!body && typeof body === 'object' && (body as { Summary?: unknown }).Summary === true;
}

/** A field of a JSON object body (undefined for anything else). */
export function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

function isInProgress(response: SendResponse): boolean {
  return (
    response.headers?.['idempotency-status'] === 'processing' ||
    field(response.body, 'Code') === IDEMPOTENCY_IN_PROGRESS_CODE
  );
}

export function classifyResponse(response: SendResponse): Outcome {
  const { status } = response;
  if (status >= 200 && status < 300) return 'ack';
  if (status === 401) return 'auth';
  if (status === 409 && isInProgress(response)) return 'retry';
  if (status === 409 || status === 412) return 'conflict';
  if (status === 429 || status === 502 || status === 503 || status === 504) return 'retry-all';
  if (status === 408 || status >= 500) return 'retry';
  return 'rejected';
}

/** The server's message (`Message` of the JSON error body), else a generic one with the status. */
export function responseMessage(response: SendResponse): string {
  const message = field(response.body, 'Message');
  if (typeof message === 'string' && message.trim() !== '') return message;
  if (typeof response.body === 'string' && response.body.trim() !== '' && response.body.length < 300) {
    return response.body;
  }
  return `HTTP ${response.status}`;
}

export type { BackoffOptions };

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, maxMs: 5 * 60_000 };

/**
 * Exponential backoff with jitter, capped: attempt n waits between half and all of
 * min(max, base·2^(n-1)). A Retry-After from the server is honoured up to the cap.
 */
export function backoffDelay(
  attempts: number,
  random: () => number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  retryAfterMs?: number,
): number {
  return connectionBackoff(attempts, random, options, retryAfterMs);
}

/** The server's Retry-After (seconds or a date) in ms from `now`, when it sent one. */
export function retryAfterMs(response: SendResponse | undefined, now: number): number | undefined {
  const value = response?.headers?.['retry-after'];
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
