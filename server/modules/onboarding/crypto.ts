// Sensitive onboarding values at rest: AES-256-GCM (node:crypto) with a 32-byte key from APEX_DATA_KEY
// (64 hex digits) or, when absent, generated once into DATA_DIR/data.key (mode 600) like the JWT key.
// Several instances on one PostgreSQL must share the key. Ciphertext: 'v1:<iv>:<tag>:<data>' (base64).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface DataCipher {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
}

export function loadDataKey(options: { dataKey?: string; dataDir?: string; inMemory?: boolean }): Buffer {
  if (options.dataKey) return Buffer.from(options.dataKey, 'hex');
  if (options.inMemory || !options.dataDir) return randomBytes(32);
  const dir = resolve(options.dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'data.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key (64 hexadecimal digits)`);
  return key;
}

export function dataCipher(key: Buffer): DataCipher {
  if (key.length !== 32) throw new Error('The data key must be 32 bytes');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `v1:${iv.toString('base64')}:${tag.toString('base64')}:${data.toString('base64')}`;
    },
    decrypt(stored) {
      const [version, iv, tag, data] = stored.split(':');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Not an encrypted value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}
