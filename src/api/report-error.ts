// The app's door to error reporting (spec 000 §6, §8): uncaught errors, rejections and route errors
// go through here, and the reporter's code (error-reporting.ts: filters, limits, transport) loads
// with the first error, not with the first screen.
import type { ReportingClient } from './error-reporting';

let client: ReportingClient | null = null;
let reporter: Promise<(err: unknown) => Promise<boolean>> | null = null;

/** Sets the client reports are sent with (the app does this once at start). */
export function reportErrorsWith(next: ReportingClient): void {
  client = next;
  reporter = null;
}

/** Reports an error (once the client is set; never throws). */
export function reportError(err: unknown): Promise<boolean> {
  const current = client;
  if (!current) return Promise.resolve(false);
  reporter ??= import('./error-reporting').then((m) => {
    m.configureErrorReporting(m.createClientErrorReporter(current));
    return m.reportError;
  });
  return reporter.then((report) => report(err)).catch(() => false);
}

/**
 * Reports uncaught errors and unhandled promise rejections of a window (or worker global).
 * Returns a function that removes the listeners.
 */
export function installGlobalErrorReporting(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  report: (err: unknown) => Promise<boolean> = reportError,
): () => void {
  const onError = (event: Event) => {
    const errorEvent = event as ErrorEvent;
    void report(errorEvent.error ?? errorEvent.message);
  };
  const onRejection = (event: Event) => {
    void report((event as PromiseRejectionEvent).reason);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
