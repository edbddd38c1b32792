// What the onboarding services share: their context, body checks for forms read by hand (multipart),
// and the scope rules (applications: onboarding:manage at the application's office; the applicant:
// their own application only).
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../errors';
import type { Actor } from '../access/service';
import type { DataCipher } from './crypto';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface OnboardingCtx {
  db: Db;
  /** null: an anonymous caller (self sign-up). */
  actor: Actor | null;
  cipher: DataCipher;
  publicUrl: string;
  costLog2: number;
}

/** The body checked by its zod schema, or 400 with Errors by field (as a route schema answers). */
export function parseBody<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const Errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || 'body';
    Errors[field] = [...(Errors[field] ?? []), issue.message];
  }
  const Messages = Object.entries(Errors).flatMap(([f, msgs]) => msgs.map((m) => `${f}: ${m}`));
  throw new AppError(400, 'The request is not valid.', { Errors, Messages });
}

export const conflict = (
  current: unknown,
  message = 'This item was changed by someone else. Review the current version.',
) => new AppError(409, message, { body: { Current: current } });

export const refused = (message: string) => new AppError(409, message);

export { badRequest };
