import { describe, expect, it } from 'vitest';
import { isTokenValid, readTokenClaims, TOKEN_FUTURE_TOLERANCE_MS } from '../../../src/api/token';
import { jwt } from './helpers';

const now = Date.UTC(2026, 0, 1, 12, 0, 0);
const s = now / 1000;

describe('token validity', () => {
  it('has a 15-minute tolerance', () => {
    expect(TOKEN_FUTURE_TOLERANCE_MS).toBe(900_000);
  });

  it('is valid until it expires', () => {
    const claims = { iat: s - 60, nbf: s - 60, exp: s + 600 };
    expect(isTokenValid(claims, now)).toBe(true);
    expect(isTokenValid(claims, now + 599_999)).toBe(true);
    expect(isTokenValid(claims, now + 600_000)).toBe(false);
  });

  it('is invalid when issued more than 15 minutes in the future', () => {
    expect(isTokenValid({ iat: s + 15 * 60 + 1, exp: s + 3600 }, now)).toBe(false);
    expect(isTokenValid({ iat: s + 15 * 60, exp: s + 3600 }, now)).toBe(true);
    expect(isTokenValid({ iat: s + 5 * 60, exp: s + 3600 }, now)).toBe(true);
  });

  it('is invalid while not yet valid, with no tolerance (the tolerance is for the issue time only)', () => {
    expect(isTokenValid({ iat: s, nbf: s + 1, exp: s + 3600 }, now)).toBe(false);
    expect(isTokenValid({ iat: s, nbf: s + 60, exp: s + 3600 }, now)).toBe(false);
    expect(isTokenValid({ iat: s, nbf: s + 15 * 60, exp: s + 3600 }, now)).toBe(false);
    expect(isTokenValid({ iat: s, nbf: s, exp: s + 3600 }, now)).toBe(true);
    expect(isTokenValid({ iat: s - 60, nbf: s - 60, exp: s + 3600 }, now)).toBe(true);
  });

  it('a token issued a few minutes ahead (device clock behind the server) without nbf is reused', () => {
    expect(isTokenValid({ iat: s + 5 * 60, exp: s + 15 * 60 }, now)).toBe(true);
  });

  it('never reuses a token without an expiry or that cannot be read', () => {
    expect(isTokenValid({ iat: s }, now)).toBe(false);
    expect(isTokenValid(null, now)).toBe(false);
  });

  it('reads the claims of a JWT and rejects non-JWTs', () => {
    expect(readTokenClaims(jwt({ sub: '42', iat: 1, nbf: 2, exp: 3, name: 'Ann' }))).toEqual({
      sub: '42',
      iat: 1,
      nbf: 2,
      exp: 3,
    });
    expect(readTokenClaims('not a token')).toBeNull();
  });
});
