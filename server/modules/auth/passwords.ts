// Password hashing with scrypt (OWASP: N = 2^17, r = 8, p = 1). The parameters are stored with the
// hash, so a hash made with other parameters still verifies.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, costLog2 = 17): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** costLog2;
  const key = await scryptAsync(password, salt, N, 8, 1);
  return `scrypt$${N}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the user does not exist, so timing does not reveal user names. */
let decoy: Promise<string> | null = null;
export function decoyHash(costLog2: number): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString('hex'), costLog2);
  return decoy;
}
