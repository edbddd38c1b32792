// What a request and its answer look like on the wire, for the ApiClient (api-client.ts): the query
// string and body encodings (a CalendarDate as 'YYYY-MM-DD', other Dates as ISO), reading an answer's
// body (JSON with its dates revived, else text), telling the server's answer from a captive portal's,
// and waits and requests that end as soon as the caller aborts.
import { AbortedConnectionError } from './errors';
import { parseJsonWithDates, serializeDate } from './revive-dates';

export type QueryScalar = string | number | boolean | Date;
/** undefined leaves the parameter out; null sends it empty (`key=`); arrays repeat the key. */
export type QueryValue = QueryScalar | null | undefined | readonly QueryScalar[];
export type Query = Record<string, QueryValue>;

export function defaultDelay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AbortedConnectionError({ aborted: true, cause: signal.reason }));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedConnectionError({ aborted: true, cause: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function appendQueryValue(params: URLSearchParams, key: string, value: QueryScalar): void {
  params.append(key, value instanceof Date ? serializeDate(value) : String(value));
}

export function encodeQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (value === null) params.append(key, '');
    else if (Array.isArray(value))
      for (const item of value as readonly QueryScalar[]) appendQueryValue(params, key, item);
    else appendQueryValue(params, key, value as QueryScalar);
  }
  return params.toString();
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

export function encodeBody(body: unknown): { body?: BodyInit; contentType?: string } {
  if (body === undefined) return {};
  if (isRawBody(body)) return { body }; // fetch sets the content type (multipart boundary …)
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

/**
 * Whether an answer came from the server rather than from something on the way: a captive portal
 * answers API calls with its own HTML page (the API never answers with HTML).
 */
export function fromServer(res: Response): boolean {
  if (res.type === 'opaque' || res.type === 'opaqueredirect') return false;
  return !/^text\/html\b/i.test(res.headers.get('content-type') ?? '');
}

export function isAbortLike(err: unknown, signal?: AbortSignal): boolean {
  return (
    signal?.aborted === true ||
    (typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError')
  );
}

/** Rejects with an aborted-connection error as soon as the signal aborts. */
export function untilAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted)
    return Promise.reject(new AbortedConnectionError({ aborted: true, cause: signal.reason }));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortedConnectionError({ aborted: true, cause: signal.reason }));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

/** Reads a body as JSON (dates revived) when it is JSON, as text otherwise, undefined when empty. */
export async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  let text: string;
  try {
    text = await res.text();
  } catch {
    return undefined;
  }
  if (text === '') return undefined;
  const contentType = res.headers.get('content-type') ?? '';
  if (contentType === '' || contentType.includes('json')) {
    try {
      return parseJsonWithDates(text);
    } catch {
      return text;
    }
  }
  return text;
}
