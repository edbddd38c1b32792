// Small helpers of the notices screens.
import { isResponseError } from '../../api/errors';
import { formatDateTime } from '../../lib/date-display';

/** 'Nov 19, 2026, 5:59 AM' (the shared date-time format); '' when there is none. */
export function formatInstant(value: Date | string | null, language: string): string {
  return formatDateTime(value, { locale: language });
}

/** The server's validation messages by field (400 `Errors`), first message of each. */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!isResponseError(err)) return {};
  const errors = (err.data as { Errors?: Record<string, string[]> } | null)?.Errors ?? {};
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0] ?? '']));
}
