// The SQLSTATE of a database error (PGlite and pg both set `code`); drivers and drizzle wrap the
// error, so the cause chain is searched.

export const PG = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
} as const;

/** The five-character SQLSTATE of a database error anywhere in the cause chain, or null. */
export function pgErrorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** True when the error is (or wraps) a database error of this SQLSTATE. */
export const isPgError = (error: unknown, code: string) => pgErrorCode(error) === code;
