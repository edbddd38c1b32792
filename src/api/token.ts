// Access-token validity (spec 000 §4, §9). The token is a JWT from `POST auth/token`; only its
// claims are read here (the server checks the signature).
import { decodeJwt } from 'jose';

/** Clock-skew tolerance for a token's issue time in the future: 15 minutes (spec 000 §4, §9). */
export const TOKEN_FUTURE_TOLERANCE_MS = 15 * 60 * 1000;

export interface TokenClaims {
  /** Seconds since the epoch. */
  iat?: number;
  nbf?: number;
  exp?: number;
  /** The employee id. */
  sub?: string;
}

/** The claims of a JWT, or null when it is not a decodable JWT. */
export function readTokenClaims(token: string): TokenClaims | null {
  try {
    const claims = decodeJwt(token);
    return {
      iat: typeof claims.iat === 'number' ? claims.iat : undefined,
      nbf: typeof claims.nbf === 'number' ? claims.nbf : undefined,
      exp: typeof claims.exp === 'number' ? claims.exp : undefined,
      sub: typeof claims.sub === 'string' ? claims.sub : undefined,
    };
  } catch {
    return null;
  }
}

/**
 * Whether a cached token may still be sent at `now` (ms since the epoch):
 * - it has not expired (`exp` is after now; a token without `exp` is never reused);
 * - it is already valid: `nbf`, when present, is not after now (no tolerance: the spec gives it
 *   only to the issue time);
 * - it was not issued more than 15 minutes in the future (`iat` beyond now + tolerance), which
 *   absorbs a device clock running behind the server's. The server's tokens carry no `nbf`, so such
 *   a device still reuses them.
 */
export function isTokenValid(claims: TokenClaims | null, now: number): boolean {
  if (!claims || claims.exp === undefined) return false;
  if (claims.exp * 1000 <= now) return false;
  if (claims.nbf !== undefined && claims.nbf * 1000 > now) return false;
  if (claims.iat !== undefined && claims.iat * 1000 > now + TOKEN_FUTURE_TOLERANCE_MS) return false;
  return true;
}
