// Short-lived JWTs (HS256, jose). The key comes from JWT_SECRET or is generated once and kept in the
// data directory (mode 600), never in the repository.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

export const TOKEN_LIFETIME_SECONDS = 10 * 60;
const ISSUER = 'apex';

export interface TokenClaims {
  sub: string;
  /** Session hash for PWA tokens: signing out revokes the token with the session. */
  sid?: string;
  /** Set for tokens issued to a registered API client. */
  cid?: string;
}

export function loadSigningKey(options: {
  jwtSecret?: string;
  dataDir?: string;
  inMemory?: boolean;
}): Uint8Array {
  if (options.jwtSecret) return new TextEncoder().encode(options.jwtSecret);
  if (options.inMemory || !options.dataDir) return randomBytes(32);
  const dir = resolve(options.dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'jwt.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600 });
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export async function signToken(key: Uint8Array, claims: TokenClaims, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  const jwt = new SignJWT({
    ...(claims.sid ? { sid: claims.sid } : {}),
    ...(claims.cid ? { cid: claims.cid } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    // No `nbf`: the PWA treats a token that is not yet valid as invalid with no tolerance (spec 000),
    // so on a device whose clock runs behind, an nbf of now would make every fresh token unusable.
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS);
  return jwt.sign(key);
}

/** Seconds a token is still accepted after its `exp` (a server's clock may run a little ahead). */
const CLOCK_TOLERANCE_SECONDS = 30;

export async function verifyToken(
  key: Uint8Array | CryptoKey,
  token: string,
): Promise<(TokenClaims & { exp?: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    if (!payload.sub) return null;
    return {
      sub: payload.sub,
      sid: typeof payload.sid === 'string' ? payload.sid : undefined,
      cid: typeof payload.cid === 'string' ? payload.cid : undefined,
      exp: payload.exp,
    };
  } catch {
    return null;
  }
}

/**
 * `verifyToken` for the requests of one server: the key is imported once (jose would import a raw key
 * at every call), and a token that verified is remembered by its text until it expires, so the
 * signature of a token is checked once per token, not once per request. Refusals are not remembered.
 */
export function tokenVerifier(
  key: Uint8Array,
  options: { maxTokens: number },
): (token: string) => Promise<TokenClaims | null> {
  const imported = crypto.subtle.importKey(
    'raw',
    new Uint8Array(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const verified = new LRUCache<string, { claims: TokenClaims; until: number }>({ max: options.maxTokens });
  return async (token) => {
    const hit = verified.get(token);
    if (hit) {
      if (Date.now() < hit.until) return hit.claims;
      verified.delete(token);
    }
    const claims = await verifyToken(await imported, token);
    if (!claims) return null;
    const { exp, ...kept } = claims;
    // Kept as long as jose would accept it (it checks `exp` with the tolerance and nothing else
    // that time changes: no `nbf`, no maximum age).
    const until = ((exp ?? 0) + CLOCK_TOLERANCE_SECONDS) * 1000;
    if (until > Date.now()) verified.set(token, { claims: kept, until }, { ttl: until - Date.now() });
    return kept;
  };
}
