import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError } from '../../../src/app/route-error';
import { lookupLocaleByIp } from '../../../src/i18n/ip-country';

describe('chunk-load failures lead to appOutdated', () => {
  it('recognises the browsers’ dynamic import failures and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

describe('IP-country lookup', () => {
  it('is off without a URL and never calls out', async () => {
    const fetchImpl = vi.fn();
    expect(await lookupLocaleByIp(undefined, fetchImpl)).toBeNull();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('maps the country to a locale, and gives up quietly on failure', async () => {
    const ok = (country: string) =>
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ country_code: country })));
    expect(await lookupLocaleByIp('https://ip.example', ok('US'))).toBe('en_US');
    expect(await lookupLocaleByIp('https://ip.example', ok('CA'))).toBe('en_CA');
    expect(await lookupLocaleByIp('https://ip.example', ok('FR'))).toBeNull();
    expect(
      await lookupLocaleByIp('https://ip.example', vi.fn().mockRejectedValue(new TypeError('offline'))),
    ).toBeNull();
  });
});
