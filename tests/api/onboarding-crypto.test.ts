// The key of sensitive onboarding values: APEX_DATA_KEY (64 hex digits, checked at start) or one
// generated once into DATA_DIR (mode 600) and read again after a restart; AES-256-GCM refuses a
// changed ciphertext and another key.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { dataCipher, loadDataKey } from '../../server/modules/onboarding/crypto';
import { checkMask, maskSensitive } from '../../server/modules/onboarding/field-rules';

const dir = mkdtempSync(join(tmpdir(), 'apex-datakey-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the data key', () => {
  it('is generated once into the data directory (mode 600) and read back after a restart', () => {
    const first = loadDataKey({ dataDir: dir });
    expect(first).toHaveLength(32);
    expect(statSync(join(dir, 'data.key')).mode & 0o777).toBe(0o600);
    const again = loadDataKey({ dataDir: dir });
    expect(again.equals(first)).toBe(true);
    const stored = dataCipher(first).encrypt('046454286');
    expect(dataCipher(again).decrypt(stored)).toBe('046454286');
    expect(readFileSync(join(dir, 'data.key'), 'utf8')).not.toContain('046454286');
  });

  it('APEX_DATA_KEY wins and must be 64 hexadecimal digits', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ APEX_DATA_KEY: hex }).dataKey).toBe(hex);
    expect(loadDataKey({ dataKey: hex, dataDir: dir }).toString('hex')).toBe(hex);
    expect(() => loadConfig({ APEX_DATA_KEY: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ APEX_DATA_KEY: 'short' })).toThrow(
      /APEX_DATA_KEY: must be 64 hexadecimal digits/,
    );
  });

  it('each encryption differs; a changed ciphertext or another key is refused', () => {
    const c = dataCipher(Buffer.alloc(32, 7));
    const a = c.encrypt('1234567');
    expect(c.encrypt('1234567')).not.toBe(a);
    expect(a).toMatch(/^v1:/);
    const [v, iv, tag, data] = a.split(':');
    const flipped = Buffer.from(data, 'base64');
    flipped[0] ^= 1;
    expect(() => c.decrypt([v, iv, tag, flipped.toString('base64')].join(':'))).toThrow();
    expect(() => dataCipher(Buffer.alloc(32, 8)).decrypt(a)).toThrow();
  });
});

describe('masks (spec 002 §5)', () => {
  it('each mask character takes what the rule says', () => {
    expect(checkMask('(000) 000-0000', '4165550199')).toEqual({ ok: true, value: '(416) 555-0199' });
    expect(checkMask('(000) 000-0000', '(416) 555-0199')).toEqual({ ok: true, value: '(416) 555-0199' });
    expect(checkMask('(000) 000-0000', '(416) 555-01__')).toEqual({ ok: false, message: 'unfinished' });
    expect(checkMask('L0L 0L0', 'M5V 2T6')).toEqual({ ok: true, value: 'M5V 2T6' });
    expect(checkMask('L0L 0L0', '55V 2T6').ok).toBe(false);
    expect(checkMask('99999', '123').ok).toBe(true); // 9: digit or space, may stay blank
    expect(checkMask('#000', '-123').ok).toBe(true);
    expect(checkMask('#000', 'x123').ok).toBe(false);
    expect(checkMask('&&&', 'a b').ok).toBe(false); // &: anything but a space
    expect(checkMask('CCC', 'a b').ok).toBe(true);
    expect(checkMask('AAA', 'a1_').ok).toBe(false);
    expect(checkMask('aaa', 'a1 ').ok).toBe(true);
    expect(checkMask('??', 'a ').ok).toBe(true);
    expect(checkMask('\\0-00', '0-12')).toEqual({ ok: true, value: '0-12' });
  });

  it('a masked sensitive value keeps its last three letters or digits and the separators', () => {
    expect(maskSensitive('046-454-286')).toBe('***-***-286');
    expect(maskSensitive('12345678')).toBe('*****678');
  });
});
