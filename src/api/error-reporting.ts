// Client error reporting (spec 000 §6, §8).
//
// - Ignored: dialogs the user cancelled, aborted requests (every AbortedConnectionError: the
//   caller aborted, or no connection, which is no bug and cannot be reported anyway), AbortError
//   DOMExceptions, and the browser's 'ResizeObserver loop …' noise.
// - The user is identified by employee id only, and only when signed in; a report never carries a
//   name or e-mail. The page URL is sent without its query string and fragment, which may hold
//   personal data.
// - The default transport posts `{ message, stack?, url, employeeId? }` to `client-errors` through
//   the ApiClient, anonymously (a failing report must never sign the user out or retry a token).
// - Reporting never throws; the same error (message + stack) is sent once per page, and at most
//   MAX_REPORTS_PER_PAGE reports leave a page, so a render loop cannot flood the server.
import { AbortedConnectionError } from './errors';

export const CLIENT_ERRORS_PATH = 'client-errors';
export const MAX_REPORTS_PER_PAGE = 50;

export interface ClientErrorReport {
  message: string;
  stack?: string;
  url: string;
  /** A number when the id is numeric (it always is for this server), else the id as given. */
  employeeId?: number | string;
}

export type ErrorTransport = (report: ClientErrorReport) => Promise<unknown>;

/** Thrown (or rejected with) by a dialog the user closed without confirming. */
export class DialogCancelledError extends Error {
  override readonly name = 'DialogCancelledError';
  constructor(message = 'The dialog was cancelled') {
    super(message);
  }
}

/** Rejection values dialog libraries use for a dismissal (Angular UI Bootstrap, jQuery UI …). */
const CANCELLED_REASONS = new Set(['cancel', 'canceled', 'cancelled', 'backdrop click', 'escape key press']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function messageOf(err: unknown): string {
  if (typeof err === 'string') return err;
  if (isRecord(err) && typeof err.message === 'string') return err.message;
  try {
    return String(err);
  } catch {
    return 'Unknown error';
  }
}

/** Whether an error is one the spec says not to report. */
export function isIgnoredError(err: unknown): boolean {
  if (err === undefined || err === null) return true;
  if (err instanceof DialogCancelledError || err instanceof AbortedConnectionError) return true;
  if (typeof err === 'string' && CANCELLED_REASONS.has(err.trim().toLowerCase())) return true;
  if (isRecord(err)) {
    if (err.name === 'AbortError' || err.name === 'DialogCancelledError') return true;
    if (err.cancelled === true || err.canceled === true || err.dismissed === true) return true;
  }
  return /ResizeObserver loop/i.test(messageOf(err));
}

export interface ErrorReporterOptions {
  transport: ErrorTransport;
  /** The signed-in employee's id, or null/undefined when nobody is signed in. */
  getEmployeeId?: () => string | number | null | undefined;
  /** The page URL; default location.href. */
  getUrl?: () => string;
  log?: Pick<Console, 'warn'>;
}

export interface ErrorReporter {
  /** Reports an error; resolves true when a report was sent. Never rejects. */
  report(err: unknown): Promise<boolean>;
}

/** The URL without query string and fragment. */
export function reportableUrl(href: string): string {
  const cut = href.search(/[?#]/);
  return cut === -1 ? href : href.slice(0, cut);
}

export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const sent = new Set<string>();
  const log = options.log ?? console;
  const getUrl = options.getUrl ?? (() => (typeof location === 'undefined' ? '' : location.href));

  return {
    async report(err: unknown): Promise<boolean> {
      try {
        if (isIgnoredError(err)) return false;
        const message = messageOf(err);
        const stack = isRecord(err) && typeof err.stack === 'string' ? err.stack : undefined;
        const fingerprint = `${message}\n${stack ?? ''}`;
        if (sent.has(fingerprint) || sent.size >= MAX_REPORTS_PER_PAGE) return false;
        sent.add(fingerprint);

        const report: ClientErrorReport = { message, url: reportableUrl(getUrl()) };
        if (stack) report.stack = stack;
        const employeeId = options.getEmployeeId?.();
        if (employeeId !== null && employeeId !== undefined && employeeId !== '') {
          const id = String(employeeId);
          report.employeeId = /^\d{1,15}$/.test(id) ? Number(id) : id;
        }
        await options.transport(report);
        return true;
      } catch (failure) {
        log.warn('The error report could not be sent', failure);
        return false;
      }
    },
  };
}

/** What the default transport needs of the ApiClient. */
export interface ReportingClient {
  post(path: string, body: unknown, options: { anonymous: boolean }): Promise<unknown>;
  getEmployeeId(): string | null;
}

/** An error reporter that posts to `client-errors` through the client, identifying the user by its token. */
export function createClientErrorReporter(
  client: ReportingClient,
  options: Partial<ErrorReporterOptions> = {},
): ErrorReporter {
  return createErrorReporter({
    transport: (report) => client.post(CLIENT_ERRORS_PATH, report, { anonymous: true }),
    getEmployeeId: () => client.getEmployeeId(),
    ...options,
  });
}

let defaultReporter: ErrorReporter | null = null;

/** Sets the reporter behind reportError() (the app does this once at start with its ApiClient). */
export function configureErrorReporting(reporter: ErrorReporter | null): void {
  defaultReporter = reporter;
}

/** Reports an error through the configured reporter; does nothing before configuration. Never throws. */
export function reportError(err: unknown): Promise<boolean> {
  return defaultReporter ? defaultReporter.report(err) : Promise.resolve(false);
}
