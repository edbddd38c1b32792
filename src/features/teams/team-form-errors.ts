// Teams' forms: a zod error's issues turned into one message per field (the first of each), and a
// refused save's message (a stale one says the team was reloaded).
import { errorMessage, isResponseError, type Translate } from '../../api/errors';

/** The first message of each field of a zod error. */
export function fieldErrors(
  issues: readonly { path: PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0] ?? '')] ??= i.message;
  return out;
}

/**
 * A refused save's message: the server's, and on a 409 (someone changed the team meanwhile; its
 * newer version is loaded) that it was reloaded, so that the next save starts from it.
 */
export function saveErrorMessage(err: unknown, t: Translate): string {
  return isResponseError(err) && err.status === 409
    ? `${errorMessage(err)} ${t('teams.reloaded')}`
    : errorMessage(err);
}
