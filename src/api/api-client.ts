// The one path for every HTTP call of the PWA: pages, queries and the offline sync engine all go
// through an ApiClient (docs/architecture.md "The API client"; spec 000 §4, §7, §8, §9).
//
// - Every call goes to the API root ('/api/' by default) with `credentials: 'include'`.
// - Authorized calls carry `Authorization: Bearer <jwt>`. The JWT comes from `POST auth/token`
//   (body `{ clientId }`, the session cookie proves the user) and is cached until it expires; see
//   token.ts for validity. Concurrent callers share one pending token request. That request
//   bypasses the authorization handling; its 401 signs the user out and raises UnauthorizedError.
// - A call answered 401 fetches the token again; if it changed, the call is retried once; if not,
//   a warning is logged and the call fails with UnauthorizedError.
// - A call answered 503 is retried: 3 attempts in total, 20 000 ms apart; after the last attempt
//   a warning is logged and the call fails with a ResponseError (503). The token request gets the
//   same 503 handling; the method probe gets none.
// - PUT, PATCH and DELETE that the method probe found blocked are sent as POST with
//   X-HTTP-Method-Override (method-support.ts).
// - JSON responses have their date-like strings turned into Dates (revive-dates.ts); in bodies and
//   queries a CalendarDate (a revived bare date) is written as 'YYYY-MM-DD', other Dates as ISO.
// - Failures are AbortedConnectionError or ResponseError (errors.ts).
// - Every request's outcome goes to a connection store (connection.ts): an answer means connected, a
//   network failure counts towards "not connected". While the browser says it has no network, nothing is
//   sent (the call fails at once). After a token request failed for want of a connection, the token is
//   not asked for again before the connection's backoff has passed or a request got an answer: callers
//   fail at once with AbortedConnectionError (so kept copies answer) instead of each trying again.
//
// Query and body encodings, reading a body and abort handling live in http-wire.ts.
//
// Every dependency (fetch, delay, clock, storage, sign-out, logging, alerts, the probe mirror) is
// an option, so tests and the service-worker side can supply their own.
import type { z } from 'zod';
import { yieldToMain } from '../lib/yield';
import { ConnectionStore } from './connection';
import {
  AbortedConnectionError,
  alertError,
  InvalidResponseError,
  ResponseError,
  type Translate,
  UnauthorizedError,
} from './errors';
import {
  defaultDelay,
  encodeBody,
  encodeQuery,
  fromServer,
  isAbortLike,
  type Query,
  readBody,
  untilAborted,
} from './http-wire';
import {
  browserStorage,
  isProbedMethod,
  type MethodSupport,
  methodGetsThrough,
  PROBED_METHODS,
  probePath,
  readMethodSupport,
  resolveMethod,
  type StorageLike,
  writeMethodSupport,
} from './method-support';
import { isTokenValid, readTokenClaims, type TokenClaims } from './token';

export const DEFAULT_API_ROOT = '/api/';
export const DEFAULT_CLIENT_ID = 'apex-pwa';
export const TOKEN_PATH = 'auth/token';
/** 503 handling: attempts in total, and the pause between them. */
export const RETRY_503_ATTEMPTS = 3;
export const RETRY_503_DELAY_MS = 20_000;
/** Set by the service worker on an answer from its cache (sw/sw.ts): not an answer from the server. */
export const KEPT_COPY_HEADER = 'X-Apex-Kept-Copy';
/** How long an answer fetched ahead (see EarlyRequests) waits for the call that takes it over. */
export const PREFETCH_TTL_MS = 15_000;

/**
 * Requests started before the app's code had arrived (src/boot.ts), for the client to take over: the
 * token request (POST auth/token with this client id and the session cookie) and plain GETs by URL.
 * The first identical call handles each answer as its own (status, 401 renewal, schema); an early
 * request that failed (null) or answered 503 is simply sent again. Nothing is kept beyond that.
 */
export interface EarlyRequests {
  token?: Promise<Response | null>;
  /** GETs sent with the user's token, by URL. */
  gets?: Record<string, Promise<Response | null>>;
  /** GETs sent without sign-in (the sign-in page's own reads), by URL: only anonymous calls take them. */
  anonymousGets?: Record<string, Promise<Response | null>>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How the body of a successful answer is read:
 * - 'json' (default): JSON with dates revived; an empty body (204 …) gives undefined; a non-JSON
 *   content type gives the text;
 * - 'text', 'blob': the body as such;
 * - 'response': the Response itself, unread.
 */
export type ResponseType = 'json' | 'text' | 'blob' | 'response';

export interface CallOptions<T = unknown> {
  query?: Query;
  /** Extra headers, e.g. `Idempotency-Key` from the sync engine. */
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** No Bearer token and no 401 handling (calls made before or without sign-in). */
  anonymous?: boolean;
  /**
   * What the call does, for the user ('Saving the lead'). When set, a failure is also shown with
   * alertError as '<context>: <message>' before it is thrown.
   */
  context?: string;
  /** A zod schema the response (after date revival) is parsed with. */
  schema?: z.ZodType<T>;
  responseType?: ResponseType;
  /**
   * Repeat a 503 answer (default true: 3 attempts, 20 s apart). The sync engine turns it off: it has
   * its own backoff and must not block its queue for 40 s.
   */
  retry503?: boolean;
}

export interface RequestOptions<T = unknown> extends CallOptions<T> {
  method?: HttpMethod;
  /** Relative to the API root; a leading '/' is ignored. */
  path: string;
  /**
   * JSON-encoded (CalendarDate as 'YYYY-MM-DD', other Dates as ISO instants) unless it is FormData, URLSearchParams, a Blob or
   * binary data, which are sent as such.
   */
  body?: unknown;
}

export interface PageOptions<T = unknown> extends CallOptions<T> {
  pageSize: number;
}

export type Logger = Pick<Console, 'warn' | 'error'>;

export interface ApiClientOptions {
  /** Default '/api/'; a trailing '/' is added when missing. */
  apiRoot?: string;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** Waits between 503 attempts; rejects when the signal aborts. */
  delay?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Milliseconds since the epoch. */
  now?: () => number;
  /** Where the method-probe outcome is kept; default localStorage (null: nowhere). */
  storage?: StorageLike | null;
  /** Receives each probe outcome (the offline layer copies it to IndexedDB for the service worker). */
  mirror?: (support: MethodSupport) => Promise<void>;
  /** Called when the token request answers 401 (the session is gone). */
  onSignOut?: () => void;
  log?: Logger;
  /** Shows a failed call that had a `context`; default alertError. */
  alert?: (context: string, err: unknown) => void;
  /** Translates the connection texts of the default alert (i18next's `t`). */
  t?: Translate;
  clientId?: string;
  clientSecret?: string;
  /**
   * Probe the methods before the first PUT, PATCH or DELETE when no outcome is known and no probe
   * was started (the app starts the probe late, so it does not compete with the first screen).
   */
  probeOnFirstUse?: boolean;
  /** Requests already under way for this client (see EarlyRequests). */
  early?: EarlyRequests;
  /** Where each request's outcome is reported (default: a store of this client's own). */
  connection?: ConnectionStore;
}

function normaliseRoot(root: string): string {
  return root.endsWith('/') ? root : `${root}/`;
}

interface SendInit {
  method: string;
  url: string;
  headers: Headers;
  body?: BodyInit;
  signal?: AbortSignal;
}

export class ApiClient {
  readonly apiRoot: string;
  private readonly fetchImpl: (input: string, init: RequestInit) => Promise<Response>;
  private readonly delay: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly now: () => number;
  private readonly storage: StorageLike | null;
  private readonly mirror?: (support: MethodSupport) => Promise<void>;
  private readonly log: Logger;
  private readonly alert: (context: string, err: unknown) => void;
  private readonly clientId: string;
  private readonly clientSecret?: string;
  private readonly signOutListeners = new Set<() => void>();
  /** Whether the server is reached, as this client's requests tell it. */
  readonly connection: ConnectionStore;
  /** The last token request failed for want of a connection (see getToken). */
  private tokenUnreachable = false;

  private token: { value: string; claims: TokenClaims | null } | null = null;
  private pendingToken: Promise<string> | null = null;
  /** Bumped on sign-out, so a token request already under way cannot store its answer. */
  private tokenGeneration = 0;

  private support: MethodSupport | null;
  private probing: Promise<MethodSupport> | null = null;
  private readonly probeOnFirstUse: boolean;
  /** GET answers fetched ahead, by URL, each for the first identical GET (see EarlyRequests). */
  private readonly prefetched = new Map<string, Promise<Response | null>>();
  private earlyToken: Promise<Response | null> | null;

  constructor(options: ApiClientOptions = {}) {
    this.apiRoot = normaliseRoot(options.apiRoot ?? DEFAULT_API_ROOT);
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.delay = options.delay ?? defaultDelay;
    this.now = options.now ?? Date.now;
    this.storage = options.storage === undefined ? browserStorage() : options.storage;
    this.mirror = options.mirror;
    this.log = options.log ?? console;
    this.alert =
      options.alert ?? ((context, err) => alertError(context, err, { log: this.log, t: options.t }));
    this.clientId = options.clientId ?? DEFAULT_CLIENT_ID;
    this.clientSecret = options.clientSecret;
    if (options.onSignOut) this.signOutListeners.add(options.onSignOut);
    this.probeOnFirstUse = options.probeOnFirstUse ?? false;
    this.earlyToken = options.early?.token ?? null;
    this.connection = options.connection ?? new ConnectionStore({ now: this.now });
    const earlyAnswers = [
      ...Object.entries(options.early?.gets ?? {}).map(([url, res]) => [url, res] as const),
      ...Object.entries(options.early?.anonymousGets ?? {}).map(
        ([url, res]) => [`anonymous ${url}`, res] as const,
      ),
    ];
    for (const [url, early] of earlyAnswers) {
      this.prefetched.set(url, early);
      setTimeout(() => {
        if (this.prefetched.get(url) !== early) return;
        this.prefetched.delete(url);
        void early.then((res) => res?.body?.cancel()).catch(() => undefined);
      }, PREFETCH_TTL_MS);
    }
    // A cached probe outcome applies from the first call, before probeMethods() runs.
    this.support = readMethodSupport(this.storage, this.apiRoot);
  }

  /** The absolute-or-rooted URL of a path relative to the API root. */
  url(path: string, query?: Query): string {
    const relative = path.replace(/^\/+/, '');
    const search = encodeQuery(query);
    if (!search) return `${this.apiRoot}${relative}`;
    return `${this.apiRoot}${relative}${relative.includes('?') ? '&' : '?'}${search}`;
  }

  // ---- calls ----------------------------------------------------------------------------------

  /** The answer fetched ahead for this GET, if any (handed out once). */
  private async takePrefetched(url: string): Promise<Response | null> {
    const early = this.prefetched.get(url);
    if (!early) return null;
    this.prefetched.delete(url);
    const res = await early;
    if (!res || res.status === 503) {
      await res?.body?.cancel().catch(() => undefined);
      return null;
    }
    return res;
  }

  get<T = unknown>(path: string, options: CallOptions<T> = {}): Promise<T> {
    return this.request<T>({ ...options, method: 'GET', path });
  }

  post<T = unknown>(path: string, body?: unknown, options: CallOptions<T> = {}): Promise<T> {
    return this.request<T>({ ...options, method: 'POST', path, body });
  }

  put<T = unknown>(path: string, body?: unknown, options: CallOptions<T> = {}): Promise<T> {
    return this.request<T>({ ...options, method: 'PUT', path, body });
  }

  patch<T = unknown>(path: string, body?: unknown, options: CallOptions<T> = {}): Promise<T> {
    return this.request<T>({ ...options, method: 'PATCH', path, body });
  }

  delete<T = unknown>(path: string, options: CallOptions<T> & { body?: unknown } = {}): Promise<T> {
    return this.request<T>({ ...options, method: 'DELETE', path });
  }

  /**
   * One page of a paged list at `<path>/page/<page>` (spec 001 §7: 'GET payrolls/page/{page}
   * (query plus pageSize)'), sending `pageSize` with the query.
   */
  getPage<T = unknown>(path: string, page: number, options: PageOptions<T>): Promise<T> {
    this.checkPaging('page number', page, 0);
    this.checkPaging('page size', options.pageSize, 1);
    const { pageSize, query, ...rest } = options;
    const base = path.replace(/\/+$/, '');
    return this.get<T>(`${base}/page/${page}`, { ...rest, query: { ...query, pageSize } });
  }

  /** One page of a list paged by query: `<path>?pageIndex=<index>&pageSize=<size>` (index from 0). */
  getPaged<T = unknown>(path: string, pageIndex: number, options: PageOptions<T>): Promise<T> {
    this.checkPaging('page number', pageIndex, 0);
    this.checkPaging('page size', options.pageSize, 1);
    const { pageSize, query, ...rest } = options;
    return this.get<T>(path, { ...rest, query: { ...query, pageIndex, pageSize } });
  }

  private checkPaging(what: string, value: number, min: number): void {
    if (Number.isInteger(value) && value >= min) return;
    this.log.warn(`Invalid ${what} for paging: ${String(value)}`);
    throw new RangeError(`Invalid ${what}: ${String(value)}`);
  }

  async request<T = unknown>(options: RequestOptions<T>): Promise<T> {
    try {
      return await this.perform(options);
    } catch (err) {
      if (options.context) this.alert(options.context, err);
      throw err;
    }
  }

  private async perform<T>(options: RequestOptions<T>): Promise<T> {
    const { signal } = options;
    const method = (options.method ?? 'GET').toUpperCase();
    const url = this.url(options.path, options.query);
    const support = isProbedMethod(method) ? await untilAborted(this.currentSupport(), signal) : null;
    const sent = resolveMethod(method, support);
    const encoded = encodeBody(options.body);

    const headers = new Headers(options.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (encoded.contentType && !headers.has('Content-Type')) headers.set('Content-Type', encoded.contentType);
    for (const [name, value] of Object.entries(sent.headers)) headers.set(name, value);

    const init: SendInit = { method: sent.method, url, headers, body: encoded.body, signal };
    let token: string | null = null;
    if (!options.anonymous) {
      token = await untilAborted(this.getToken(), signal);
      headers.set('Authorization', `Bearer ${token}`);
    }

    const retry503 = options.retry503 ?? true;
    const plainGet = method === 'GET' && !options.headers && !signal?.aborted;
    const prefetchKey = options.anonymous ? `anonymous ${url}` : url;
    let res =
      (plainGet && (await this.takePrefetched(prefetchKey))) || (await this.sendWithRetry(init, retry503));
    if (res.status === 401 && token !== null) {
      const fresh = await untilAborted(this.renewToken(token), signal);
      if (fresh === token) {
        this.log.warn(`${method} ${url} was refused (401) and the token did not change; not retrying.`);
        throw await this.responseError(res, method, url);
      }
      headers.set('Authorization', `Bearer ${fresh}`);
      res = await this.sendWithRetry(init, retry503);
      if (res.status === 401) this.log.warn(`${method} ${url} was refused (401) again with a new token.`);
    }
    if (!res.ok) throw await this.responseError(res, method, url);
    return this.readResult(res, url, options);
  }

  private async readResult<T>(res: Response, url: string, options: CallOptions<T>): Promise<T> {
    const type = options.responseType ?? 'json';
    let data: unknown;
    if (type === 'response') data = res;
    else if (type === 'blob') data = await res.blob();
    else if (type === 'text') data = await res.text();
    else data = await readBody(res);
    if (!options.schema) return data as T;
    const parsed = options.schema.safeParse(data);
    if (!parsed.success) throw new InvalidResponseError(url, parsed.error.issues, parsed.error);
    return parsed.data;
  }

  private async responseError(res: Response, method: string, url: string): Promise<ResponseError> {
    const init = {
      status: res.status,
      statusText: res.statusText,
      data: await readBody(res),
      headers: res.headers,
      method,
      url,
    };
    return res.status === 401 ? new UnauthorizedError(init) : new ResponseError(init);
  }

  /**
   * fetch, with connection failures turned into AbortedConnectionError and every outcome reported to
   * the connection store. Nothing is sent while the browser says it has no network.
   */
  private async send(init: SendInit): Promise<Response> {
    if (init.signal?.aborted) throw new AbortedConnectionError({ aborted: true, cause: init.signal.reason });
    if (this.connection.getState().browserOffline)
      throw new AbortedConnectionError({ aborted: false, cause: new Error('The device is offline.') });
    let res: Response;
    try {
      res = await this.fetchImpl(init.url, {
        method: init.method,
        headers: init.headers,
        body: init.body,
        signal: init.signal,
        credentials: 'include',
      });
    } catch (err) {
      const aborted = isAbortLike(err, init.signal);
      // A request the caller gave up on says nothing about the connection.
      if (!aborted) this.connection.reportFailure();
      throw new AbortedConnectionError({ aborted, cause: err });
    }
    this.noteAnswer(res);
    return res;
  }

  /**
   * An answer reached the device: from the server (connected), from a captive portal (not), or from
   * the service worker's cache (marked with KEPT_COPY_HEADER: says nothing about the connection).
   */
  private noteAnswer(res: Response): void {
    if (res.headers.has(KEPT_COPY_HEADER)) return;
    if (fromServer(res)) this.connection.reportAnswer();
    else this.connection.reportFailure();
  }

  /** send(), repeating a 503 answer: RETRY_503_ATTEMPTS attempts, RETRY_503_DELAY_MS apart. */
  private async sendWithRetry(init: SendInit, retry503 = true): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const res = await this.send(init);
      if (res.status !== 503 || !retry503) return res;
      if (attempt >= RETRY_503_ATTEMPTS) {
        this.log.warn(
          `${init.method} ${init.url} answered 503 (service unavailable) ${attempt} times; giving up.`,
        );
        return res;
      }
      await res.body?.cancel().catch(() => undefined);
      await this.delay(RETRY_503_DELAY_MS, init.signal);
      if (init.signal?.aborted)
        throw new AbortedConnectionError({ aborted: true, cause: init.signal.reason });
    }
  }

  // ---- token ----------------------------------------------------------------------------------

  /** A valid token: the cached one, the one already being requested, or a new one. */
  getToken(options: { force?: boolean } = {}): Promise<string> {
    if (!options.force && this.token && isTokenValid(this.token.claims, this.now())) {
      return Promise.resolve(this.token.value);
    }
    if (this.pendingToken) return this.pendingToken;
    // No connection at the last attempt, and its backoff has not passed nor has any request been
    // answered since: fail at once rather than send another request that cannot get through.
    if (this.tokenUnreachable && !this.connection.mayTry()) {
      return Promise.reject(
        new AbortedConnectionError({ aborted: false, cause: new Error('Waiting for the connection.') }),
      );
    }
    const pending = this.fetchToken().finally(() => {
      if (this.pendingToken === pending) this.pendingToken = null;
    });
    this.pendingToken = pending;
    return pending;
  }

  /** After a 401 with `used`: a newer valid cached token if another caller already got one, else a fresh one. */
  private renewToken(used: string): Promise<string> {
    if (this.token && this.token.value !== used && isTokenValid(this.token.claims, this.now())) {
      return Promise.resolve(this.token.value);
    }
    return this.getToken({ force: true });
  }

  private async fetchToken(): Promise<string> {
    const generation = this.tokenGeneration;
    const url = this.url(TOKEN_PATH);
    const body: Record<string, string> = { clientId: this.clientId };
    if (this.clientSecret !== undefined) body.clientSecret = this.clientSecret;
    // The token request started before the app arrived, if any (used once).
    const early = this.earlyToken;
    this.earlyToken = null;
    let res = early ? await early : null;
    // The early request's outcome tells about the connection too (null: it got no answer).
    if (early && !res) this.connection.reportFailure();
    else if (res) this.noteAnswer(res);
    if (res?.status === 503) await res.body?.cancel().catch(() => undefined);
    if (!res || res.status === 503) {
      try {
        res = await this.sendWithRetry({
          method: 'POST',
          url,
          headers: new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' }),
          body: JSON.stringify(body),
        });
      } catch (err) {
        this.tokenUnreachable = err instanceof AbortedConnectionError && !err.aborted;
        throw err;
      }
    }
    this.tokenUnreachable = false;
    if (res.status === 401) {
      const err = await this.responseError(res, 'POST', url);
      this.signOut();
      throw err;
    }
    if (!res.ok) throw await this.responseError(res, 'POST', url);
    const text = await res.text();
    let value: unknown = text;
    try {
      value = JSON.parse(text);
    } catch {
      // a bare token in a text/plain body
    }
    if (typeof value !== 'string' || value === '')
      throw new InvalidResponseError(url, 'The answer was not a token');
    if (generation === this.tokenGeneration) this.token = { value, claims: readTokenClaims(value) };
    return value;
  }

  /** The signed-in employee's id (the token's `sub`), or null when no token is held. */
  getEmployeeId(): string | null {
    return this.token?.claims?.sub ?? null;
  }

  /** Forgets the token and tells the sign-out listeners (also used on a user's own sign-out). */
  signOut(): void {
    this.tokenGeneration++;
    this.tokenUnreachable = false;
    this.earlyToken = null;
    this.prefetched.clear();
    this.token = null;
    this.pendingToken = null;
    for (const listener of [...this.signOutListeners]) {
      try {
        listener();
      } catch (err) {
        this.log.error('A sign-out listener failed', err);
      }
    }
  }

  /** Registers a sign-out listener (caches of user data clear themselves); returns the remover. */
  addSignOutListener(listener: () => void): () => void {
    this.signOutListeners.add(listener);
    return () => this.signOutListeners.delete(listener);
  }

  // ---- connection -----------------------------------------------------------------------------

  /**
   * Asks the server for an answer and nothing else (the sync engine's connection probe; anonymous, no
   * retries, nothing sent while the browser says it has no network). True when it answered; the
   * outcome is reported to the connection store either way.
   */
  async ping(): Promise<boolean> {
    try {
      const res = await this.send({
        method: 'PUT',
        url: this.url(probePath('PUT')),
        headers: new Headers({ Accept: 'application/json' }),
      });
      await res.body?.cancel().catch(() => undefined);
      return fromServer(res);
    } catch {
      return false;
    }
  }

  // ---- method compatibility -------------------------------------------------------------------

  /** The probe outcome in use: null until known (then every method is sent as itself). */
  get methodSupport(): MethodSupport | null {
    return this.support;
  }

  private async currentSupport(): Promise<MethodSupport | null> {
    if (!this.support && !this.probing && this.probeOnFirstUse)
      void this.probeMethods().catch(() => undefined);
    if (this.probing) {
      try {
        return await this.probing;
      } catch {
        return this.support;
      }
    }
    return this.support;
  }

  /**
   * Probes PUT, PATCH and DELETE at services/shim-tests/http-{method} (anonymous, no retries).
   * A stored outcome is reused without probing unless `force` is set. Each outcome is stored and
   * handed to `mirror`. When every probe fails to connect (offline start), the outcome is used for
   * this page only (all methods overridden, which always works) and the next start probes again.
   */
  probeMethods(options: { force?: boolean } = {}): Promise<MethodSupport> {
    if (this.probing) return this.probing;
    if (!options.force) {
      const stored = readMethodSupport(this.storage, this.apiRoot);
      if (stored) {
        this.support = stored;
        return this.mirrorSafely(stored).then(() => stored);
      }
    }
    const probing = this.runProbe().finally(() => {
      if (this.probing === probing) this.probing = null;
    });
    this.probing = probing;
    return probing;
  }

  private async runProbe(): Promise<MethodSupport> {
    const probe = async (method: (typeof PROBED_METHODS)[number]) => {
      try {
        const res = await this.send({
          method,
          url: this.url(probePath(method)),
          headers: new Headers({ Accept: 'application/json' }),
        });
        await res.body?.cancel().catch(() => undefined);
        return res.status;
      } catch {
        return 0;
      }
    };
    // The three travel together, but each is sent from a task of its own: sending a request costs a
    // slow phone's main thread several milliseconds, and the probe runs while the first screen is up.
    const pending: Promise<number>[] = [];
    for (const method of PROBED_METHODS) {
      if (pending.length > 0) await yieldToMain();
      pending.push(probe(method));
    }
    const statuses = await Promise.all(pending);
    const [put, patch, del] = statuses;
    const support: MethodSupport = {
      PUT: methodGetsThrough(put),
      PATCH: methodGetsThrough(patch),
      DELETE: methodGetsThrough(del),
      checkedAt: new Date(this.now()).toISOString(),
    };
    this.support = support;
    if (statuses.every((status) => status === 0)) {
      this.log.warn(
        'The method probe could not reach the server; PUT, PATCH and DELETE are overridden for now.',
      );
      return support;
    }
    writeMethodSupport(this.storage, this.apiRoot, support);
    await this.mirrorSafely(support);
    return support;
  }

  private async mirrorSafely(support: MethodSupport): Promise<void> {
    if (!this.mirror) return;
    try {
      await this.mirror(support);
    } catch (err) {
      this.log.warn('Could not mirror the method probe outcome', err);
    }
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  return new ApiClient(options);
}
