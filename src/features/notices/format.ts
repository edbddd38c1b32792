// Small helpers of the notices screens.
import { isResponseError } from '../../api/errors';

export function formatInstant(value: Date | string | null, language: string): string {
  if (!value) return '';
  const d = value instanceof Date ? value : new Date(value);
  return d.toLocaleString(language.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' });
}

/** The server's validation messages by field (400 `Errors`), first message of each. */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!isResponseError(err)) return {};
  const errors = (err.data as { Errors?: Record<string, string[]> } | null)?.Errors ?? {};
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0] ?? '']));
}
