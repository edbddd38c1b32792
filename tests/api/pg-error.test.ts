// The SQLSTATE of a database error, wherever the driver or drizzle wrapped it.
import { describe, expect, it } from 'vitest';
import { isPgError, PG, pgErrorCode } from '../../server/db/pg-error';

const dbError = (code: string) => Object.assign(new Error('violates foreign key constraint'), { code });

describe('pgErrorCode', () => {
  it('reads the code of the error or of what it wraps', () => {
    expect(pgErrorCode(dbError('23503'))).toBe('23503');
    const wrapped = new Error('Failed query: delete from …', { cause: dbError('23503') });
    expect(pgErrorCode(new Error('outer', { cause: wrapped }))).toBe('23503');
    expect(isPgError(wrapped, PG.foreignKeyViolation)).toBe(true);
    expect(isPgError(wrapped, PG.uniqueViolation)).toBe(false);
  });

  it('is null for an error that is not the database’s', () => {
    expect(pgErrorCode(new Error('connection lost'))).toBeNull();
    expect(pgErrorCode(Object.assign(new Error('socket'), { code: 'ECONNRESET' }))).toBeNull();
    expect(pgErrorCode(null)).toBeNull();
    expect(pgErrorCode('23503')).toBeNull();
  });
});
