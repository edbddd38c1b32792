// A refused save's messages by field, for the forms that show them beside their inputs (spec 000 §8),
// a bulk refusal's row messages, and a form's own (zod) check's messages by field.
// A module of its own: src/api/errors.ts is part of the first screen's JavaScript, this is not.
import { isResponseError } from './errors';

/**
 * The first message of each field a save was refused for (the `Errors` of a 400 body), keyed as the
 * server names the field ('Name', 'Lines[0].Quantity'). A field given a single string instead of a
 * list keeps that string; empty messages are skipped. Anything but a refusal with Errors gives {}.
 */
export function serverFieldErrors(err: unknown): Record<string, string> {
  if (!isResponseError(err) || typeof err.data !== 'object' || err.data === null) return {};
  const errors = (err.data as { Errors?: unknown }).Errors;
  if (typeof errors !== 'object' || errors === null) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
    const list: unknown[] = Array.isArray(messages) ? messages : [messages];
    const first = list.find((m): m is string => typeof m === 'string' && m !== '');
    if (first !== undefined) out[field] = first;
  }
  return out;
}

/**
 * The messages of a refusal's `errors` (by field key) that no field of the form shows (`isField`, as
 * formFields gives): what the banner above the form must still say, so no reason goes unsaid.
 */
export function reasonsNotBeside(
  errors: Record<string, readonly string[] | string | undefined>,
  isField: (key: string) => boolean,
): string[] {
  return Object.entries(errors)
    .filter(([key]) => !isField(key))
    .flatMap(([, messages]) => (typeof messages === 'string' ? [messages] : (messages ?? [])))
    .filter((m) => m !== '');
}

/**
 * The first message of each field of a zod check (`issues`), keyed by the dotted path ('Tiers.0.To'),
 * as a form shows them beside its inputs before anything is sent.
 */
export function zodFieldErrors(
  issues: readonly { path: PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[i.path.map(String).join('.')] ??= i.message;
  return out;
}

/** The per-row messages of a bulk refusal (`Messages`: "Row 2: …"), empty when there are none. */
export function serverMessages(err: unknown): string[] {
  if (!isResponseError(err) || typeof err.data !== 'object' || err.data === null) return [];
  const messages = (err.data as { Messages?: unknown }).Messages;
  return Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string') : [];
}
