import { ResponseError } from '../../../api/errors';

/** The server's messages by field (`Errors` of a 400), first message of each. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  if (!(err instanceof ResponseError)) return {};
  const errors = (err.data as { Errors?: Record<string, unknown> } | null)?.Errors ?? {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors))
    if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[0];
  return out;
}
