// The leads map's basemap choice (src/features/leads/basemap-style.ts): Apex's streets over the
// offline basemap when the server has a street map, the offline basemap alone when it answers 404
// (with its Message, shown to administrators), fails, is unreachable or too slow.
import { describe, expect, it } from 'vitest';
import {
  combineStreetStyle,
  resolveBasemapStyle,
  STREET_STYLE_URL,
} from '../../../src/features/leads/basemap-style';

const ORIGIN = 'https://apex.example.com';
const STREET = {
  version: 8 as const,
  sources: {
    protomaps: { type: 'vector', tiles: ['/tiles/{z}/{x}/{y}.mvt'], maxzoom: 15 },
  },
  layers: [
    { id: 'background', type: 'background' },
    { id: 'earth', type: 'fill', source: 'protomaps' },
    { id: 'roads_minor', type: 'line', source: 'protomaps' },
  ],
};

const answer = (status: number, body: unknown) =>
  (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('street basemap', () => {
  it('lays the streets over the offline basemap, tile URLs made absolute (braces kept)', () => {
    const style = combineStreetStyle(STREET, ORIGIN);
    expect(style.sources.protomaps).toEqual({
      type: 'vector',
      tiles: ['https://apex.example.com/tiles/{z}/{x}/{y}.mvt'],
      maxzoom: 15,
    });
    expect(style.sources.basemap).toMatchObject({
      type: 'geojson',
      data: `${ORIGIN}/basemap/north-america.geojson`,
    });
    const ids = style.layers.map((l) => l.id);
    // The offline basemap first (it shows where no street tile is at hand), streets on top, and the
    // street style's own opaque background left out.
    expect(ids.indexOf('basemap-land')).toBeLessThan(ids.indexOf('earth'));
    expect(ids).not.toContain('background');
    expect(ids.slice(-2)).toEqual(['earth', 'roads_minor']);
  });

  it('uses the streets when the server has them, asking with the session cookie', async () => {
    let asked: { url: string; init?: RequestInit } | null = null;
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      asked = { url, init };
      return new Response(JSON.stringify(STREET), { status: 200 });
    }) as unknown as typeof fetch;
    const got = await resolveBasemapStyle(ORIGIN, fetchImpl);
    expect(got.kind).toBe('streets');
    expect(got.missing).toBeNull();
    expect(asked).toMatchObject({
      url: `${ORIGIN}${STREET_STYLE_URL}`,
      init: { credentials: 'same-origin' },
    });
  });

  it('falls back to the offline basemap, with the server’s Message when it has no street map', async () => {
    const none = await resolveBasemapStyle(ORIGIN, answer(404, { Message: 'No street map is installed.' }));
    expect(none).toMatchObject({ kind: 'natural-earth', missing: 'No street map is installed.' });
    expect(none.style.layers.map((l) => l.id)).toContain('basemap-land');
    // Not signed in, a server error, a style that is not one, no connection: no message.
    for (const f of [
      answer(401, { Message: 'Sign in to continue.' }),
      answer(500, {}),
      answer(200, { hello: 1 }),
      (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
    ]) {
      const got = await resolveBasemapStyle(ORIGIN, f);
      expect(got).toMatchObject({ kind: 'natural-earth', missing: null });
    }
  });

  it('gives up on a server that does not answer in time', async () => {
    const hang = ((_url: string, init?: RequestInit) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )) as unknown as typeof fetch;
    const got = await resolveBasemapStyle(ORIGIN, hang, 20);
    expect(got).toMatchObject({ kind: 'natural-earth', missing: null });
  });
});
