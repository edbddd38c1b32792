import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCrossSite, safeReturnUrl } from '../../../server/http';

describe('safeReturnUrl', () => {
  it.each([
    ['/time/clock', '/time/clock'],
    ['/leads?group=3#map', '/leads?group=3#map'],
    ['/', '/'],
    ['/a b', '/a%20b'],
    ['/café', '/caf%C3%A9'],
    ['/x/../time', '/time'],
  ])('keeps the same-origin path %j as %j', (input, expected) => {
    expect(safeReturnUrl(input)).toBe(expected);
  });

  it.each([
    ['tab turning the path protocol-relative', '/\t/evil.example'],
    ['line feed', '/\n/evil.example'],
    ['carriage return and header injection', '/x\r\nSet-Cookie: a=b'],
    ['NUL', '/x\u0000y'],
    ['DEL', '/x\u007f'],
    ['C1 control', '/x\u0085'],
    ['protocol-relative', '//evil.example/x'],
    ['backslash as slash', '/\\evil.example'],
    ['backslash first', '\\\\evil.example'],
    ['backslash later', '/ok\\..\\..\\evil'],
    ['absolute URL', 'https://evil.example/'],
    ['javascript URL', 'javascript:alert(1)'],
    ['relative path', 'time/clock'],
    ['empty', ''],
    ['dot segment making it protocol-relative', '/.//evil.example'],
    ['encoded dot segments to another host', '/%2e%2e//evil.example'],
    ['sign-in page (loop)', '/account/login?returnUrl=/x'],
    ['sign-out page', '/Account/Logout'],
    ['not a string', 42],
    ['array', ['/x']],
    ['too long', `/${'a'.repeat(3000)}`],
  ])('sends %s home', (_what, input) => {
    expect(safeReturnUrl(input)).toBe('/');
  });

  it('never answers anything a browser would resolve to another origin', () => {
    const base = 'https://apex.example.com';
    for (const c of ['\t', '\n', '\r', ' ', '/', '\\', '.', '@', ':', '%2f', '%5c', '\u3002']) {
      for (const input of [`/${c}/evil.example`, `/${c}evil.example`, `${c}/evil.example`]) {
        const out = safeReturnUrl(input);
        expect(new URL(out, base).origin, JSON.stringify(input)).toBe(base);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: checking none slip through
        expect(out).not.toMatch(/[\u0000-\u001f\\]/);
      }
    }
  });
});

describe('isCrossSite', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ trustProxy: true });
    app.post('/', async (request) => ({ cross: isCrossSite(request, 'https://apex.example.com') }));
    await app.ready();
  });
  afterAll(() => app.close());

  const ask = async (headers: Record<string, string>) =>
    (await app.inject({ method: 'POST', url: '/', headers })).json<{ cross: boolean }>().cross;

  it('lets a request with neither Origin nor Sec-Fetch-Site through (curl, scripts)', async () => {
    expect(await ask({})).toBe(false);
  });

  it('follows Sec-Fetch-Site when the browser sends it', async () => {
    expect(await ask({ 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(await ask({ 'sec-fetch-site': 'none' })).toBe(false);
    expect(await ask({ 'sec-fetch-site': 'cross-site' })).toBe(true);
    expect(await ask({ 'sec-fetch-site': 'same-site' })).toBe(true);
    expect(await ask({ 'sec-fetch-site': 'cross-site', origin: 'http://localhost:80' })).toBe(true);
  });

  it('otherwise compares Origin with the request origin and the public URL', async () => {
    expect(await ask({ host: 'localhost:8080', origin: 'http://localhost:8080' })).toBe(false);
    expect(await ask({ host: 'localhost:8080', origin: 'https://apex.example.com' })).toBe(false);
    expect(await ask({ host: 'localhost:8080', origin: 'https://evil.example' })).toBe(true);
    expect(await ask({ host: 'localhost:8080', origin: 'http://localhost:8081' })).toBe(true);
    expect(await ask({ host: 'localhost:8080', origin: 'null' })).toBe(true);
    expect(
      await ask({
        host: 'apex.example.com',
        'x-forwarded-proto': 'https',
        origin: 'https://apex.example.com',
      }),
    ).toBe(false);
  });
});
