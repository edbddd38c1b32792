// The errors every HTTP call can end in, the message extraction rule and the error alert
// (spec 000 §8, spec 001 §8).
//
// A failed call becomes exactly one of:
// - AbortedConnectionError: no HTTP answer at all. `aborted` is true when the caller aborted the
//   request (AbortSignal); otherwise the connection was reset or blocked (status 0).
// - ResponseError: the server (or a proxy) answered with a failing status; it carries status,
//   statusText, data (the parsed body) and headers. UnauthorizedError is the ResponseError of a 401.
import { notify } from '../ui/notify';

/** Exact texts of spec 000 §8; also in src/i18n/locales/en_CA/api.json under api.errors. */
export const CONNECTION_ABORTED_MESSAGE = 'The connection was aborted';
export const CONNECTION_RESET_MESSAGE = 'The connection was reset or blocked';

/** i18n keys of the two connection texts (see api.json). */
export const CONNECTION_ABORTED_KEY = 'api.errors.connectionAborted';
export const CONNECTION_RESET_KEY = 'api.errors.connectionReset';

/** A translation function (i18next's `t` fits). */
export type Translate = (key: string) => string;

export class AbortedConnectionError extends Error {
  override readonly name = 'AbortedConnectionError';
  /** -1 when aborted by the caller, 0 when the connection was reset or blocked. */
  readonly status: number;
  readonly statusText = '';
  readonly aborted: boolean;

  constructor(options: { aborted: boolean; cause?: unknown }) {
    super(options.aborted ? CONNECTION_ABORTED_MESSAGE : CONNECTION_RESET_MESSAGE, { cause: options.cause });
    this.aborted = options.aborted;
    this.status = options.aborted ? -1 : 0;
  }
}

export interface ResponseErrorInit {
  status: number;
  statusText?: string;
  /** The parsed response body (JSON value, text, or undefined when empty). */
  data?: unknown;
  headers?: Headers;
  method?: string;
  url?: string;
}

export class ResponseError extends Error {
  override readonly name: string = 'ResponseError';
  readonly status: number;
  readonly statusText: string;
  readonly data: unknown;
  readonly headers: Headers;
  readonly method?: string;
  readonly url?: string;

  constructor(init: ResponseErrorInit) {
    // The message follows the extraction rule without the `message` step, so `err.message` is the
    // same text errorMessage(err) gives.
    super(extractMessage({ data: init.data, statusText: init.statusText, status: init.status }, 0) ?? '');
    this.status = init.status;
    this.statusText = init.statusText ?? '';
    this.data = init.data;
    this.headers = init.headers ?? new Headers();
    this.method = init.method;
    this.url = init.url;
  }
}

/** A 401: from the token request (the user is signed out) or from a call whose token was refused. */
export class UnauthorizedError extends ResponseError {
  override readonly name = 'UnauthorizedError';

  constructor(init: Partial<ResponseErrorInit> = {}) {
    super({ statusText: 'Unauthorized', ...init, status: 401 });
  }
}

/** A 2xx answer whose body did not match the schema the caller gave. */
export class InvalidResponseError extends Error {
  override readonly name = 'InvalidResponseError';
  constructor(
    readonly url: string,
    readonly issues: unknown,
    cause?: unknown,
  ) {
    super(`Unexpected response from ${url}`, { cause });
  }
}

export function isAbortedConnectionError(err: unknown): err is AbortedConnectionError {
  return err instanceof AbortedConnectionError;
}

export function isResponseError(err: unknown): err is ResponseError {
  return err instanceof ResponseError;
}

/** What a refused save tells a form: the status, the server's message and its field messages (Errors). */
/** HTTP status of a failed call: the response status, 0/-1 for a connection error, else undefined. */
export function errorStatus(err: unknown): number | undefined {
  if (err instanceof ResponseError || err instanceof AbortedConnectionError) return err.status;
  return undefined;
}

/**
 * The one classification of a failed call (docs/architecture.md "Offline"), for the sync engine and
 * anyone deciding whether to retry:
 * - 'aborted': the caller aborted it; nothing to do;
 * - 'retryable': no answer (connection reset or blocked), 408, 429, 503 and every other 5xx;
 * - 'needs-auth': 401;
 * - 'conflict': 409 and 412 (stale version);
 * - 'rejected': any other 4xx (400, 403, 404, 413, 415, 422 …), and a 2xx whose body was not the
 *   expected shape;
 * - 'unknown': not an error of a call (a bug in the caller).
 */
export type ErrorClass = 'aborted' | 'retryable' | 'needs-auth' | 'conflict' | 'rejected' | 'unknown';

export function classifyError(err: unknown): ErrorClass {
  if (err instanceof AbortedConnectionError) return err.aborted ? 'aborted' : 'retryable';
  if (isAbortException(err)) return 'aborted';
  if (err instanceof InvalidResponseError) return 'rejected';
  if (!(err instanceof ResponseError)) return 'unknown';
  const { status } = err;
  if (status === 401) return 'needs-auth';
  if (status === 409 || status === 412) return 'conflict';
  if (status === 408 || status === 429 || status >= 500) return 'retryable';
  return 'rejected';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function isAbortException(value: unknown): boolean {
  return isRecord(value) && value.name === 'AbortError';
}

const MAX_DEPTH = 5;

/**
 * The message extraction rule (spec 000 §8), first present of:
 * 1. nested data: `data` (a string, or an object read by this same rule: a ResponseError's body,
 *    an Angular-style `{ data: { Message } }`), then `error` when it is an object (`{ error: { message } }`);
 *    a string `error` (e.g. Fastify's 'Bad Request') is not used, it says less than the message;
 * 2. `message`;
 * 3. the inner exception's message: `innerException.message`, `InnerException.Message`, or the
 *    `cause`'s message;
 * 4. `Message` (the server's error body);
 * 5. `Messages`, joined with ', ';
 * 6. `statusText`;
 * 7. `status`.
 * Before all of these: an aborted request (AbortedConnectionError with `aborted`, or an AbortError
 * DOMException) reads 'The connection was aborted', and a numeric status of 0 or below reads
 * 'The connection was reset or blocked'.
 */
function extractMessage(value: unknown, depth: number, t?: Translate): string | undefined {
  if (depth > MAX_DEPTH || value === null || value === undefined) return undefined;
  if (typeof value === 'string') return text(value);
  if (typeof value === 'number' || typeof value === 'boolean') return undefined;
  if (!isRecord(value)) return undefined;

  if ((value instanceof AbortedConnectionError && value.aborted) || isAbortException(value)) {
    return t ? t(CONNECTION_ABORTED_KEY) : CONNECTION_ABORTED_MESSAGE;
  }
  if (typeof value.status === 'number' && value.status <= 0) {
    return t ? t(CONNECTION_RESET_KEY) : CONNECTION_RESET_MESSAGE;
  }

  const nested =
    extractMessage(value.data, depth + 1, t) ??
    (isRecord(value.error) ? extractMessage(value.error, depth + 1, t) : undefined);
  if (nested) return nested;

  const message = text(value.message);
  if (message) return message;

  const inner = value.innerException ?? value.InnerException ?? value.cause;
  if (isRecord(inner)) {
    const innerMessage = text(inner.message) ?? text(inner.Message);
    if (innerMessage) return innerMessage;
  }

  const serverMessage = text(value.Message);
  if (serverMessage) return serverMessage;

  if (Array.isArray(value.Messages)) {
    const joined = value.Messages.filter((m): m is string => text(m) !== undefined).join(', ');
    if (joined) return joined;
  }

  const statusText = text(value.statusText);
  if (statusText) return statusText;

  if (typeof value.status === 'number' || text(value.status)) return String(value.status);
  return undefined;
}

/**
 * The user-readable message of any thrown value (spec 000 §8 order, see extractMessage). Never
 * empty: an error with nothing readable gives its String() form. `t` translates the two connection
 * texts; without it the English texts are used.
 */
export function errorMessage(err: unknown, options: { t?: Translate } = {}): string {
  const found = extractMessage(err, 0, options.t);
  if (found) return found;
  return err === null || err === undefined ? 'Error' : text(String(err)) || 'Error';
}

export type NotifyLevel = 'error' | 'warning';
export interface AlertSinks {
  /** Shows the alert text to the user; defaults to a Mantine notification. */
  notify?: (alert: { message: string; level: NotifyLevel }) => void;
  /** Where the alert is logged; defaults to the console. */
  log?: Pick<Console, 'error' | 'warn'>;
  t?: Translate;
}

function mantineNotify(alert: { message: string; level: NotifyLevel }): void {
  void notify({
    message: alert.message,
    color: alert.level === 'warning' ? 'yellow' : 'red',
    autoClose: alert.level === 'warning' ? 6000 : 10_000,
  });
}

/**
 * Shows '<context>: <message>' to the user and logs it (spec 000 §8): console.error, or
 * console.warn for an HTTP 400 (a rejected input, not a fault). Returns the text shown.
 */
export function alertError(context: string, err: unknown, sinks: AlertSinks = {}): string {
  const shown = `${context}: ${errorMessage(err, { t: sinks.t })}`;
  const level: NotifyLevel = errorStatus(err) === 400 ? 'warning' : 'error';
  const log = sinks.log ?? console;
  if (level === 'warning') log.warn(shown, err);
  else log.error(shown, err);
  (sinks.notify ?? mantineNotify)({ message: shown, level });
  return shown;
}
