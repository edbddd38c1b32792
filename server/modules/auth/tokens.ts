// Short-lived JWTs (HS256, jose). The key comes from JWT_SECRET or is generated once and kept in the
// data directory (mode 600), never in the repository.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

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

export async function verifyToken(key: Uint8Array, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      clockTolerance: 30,
    });
    if (!payload.sub) return null;
    return {
      sub: payload.sub,
      sid: typeof payload.sid === 'string' ? payload.sid : undefined,
      cid: typeof payload.cid === 'string' ? payload.cid : undefined,
    };
  } catch {
    return null;
  }
}
