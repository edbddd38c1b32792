// Viewport snapping: nearby views share a query (and an offline copy); the box covers the view.
import { describe, expect, it } from 'vitest';
import {
  bboxOfKey,
  intersects,
  snapViewport,
  tileBbox,
  tileKey,
  tileOf,
} from '../../../src/features/leads/viewport';

const view = { west: -79.42, south: 43.655, east: -79.4, north: 43.665 };

describe('snapViewport', () => {
  it('covers the visible box', () => {
    const { bbox } = snapViewport(view, 16);
    expect(bbox.west).toBeLessThanOrEqual(view.west);
    expect(bbox.east).toBeGreaterThanOrEqual(view.east);
    expect(bbox.south).toBeLessThanOrEqual(view.south);
    expect(bbox.north).toBeGreaterThanOrEqual(view.north);
  });

  it('gives a small pan the same key, and another zoom another key', () => {
    const a = snapViewport(view, 16.2);
    const b = snapViewport({ ...view, west: view.west + 0.0005, east: view.east + 0.0005 }, 16.4);
    expect(b.key).toBe(a.key);
    expect(snapViewport(view, 13).key).not.toBe(a.key);
  });

  it('stays within the world at zoom 0', () => {
    const { bbox, key } = snapViewport({ west: -180, south: -85, east: 180, north: 85 }, 0.5);
    expect(key).toBe('0/0-0/0-0');
    expect(bbox.west).toBe(-180);
    expect(bbox.east).toBe(180);
  });

  it('intersects', () => {
    expect(intersects(view, snapViewport(view, 15).bbox)).toBe(true);
    expect(intersects(view, { west: 0, south: 0, east: 1, north: 1 })).toBe(false);
  });

  it('carries the whole zoom, and its key gives back its box', () => {
    const snapped = snapViewport(view, 16.7);
    expect(snapped.zoom).toBe(16);
    expect(snapped.key.startsWith('15/')).toBe(true);
    expect(bboxOfKey(snapped.key)).toEqual(snapped.bbox);
    expect(bboxOfKey('v1')).toBeNull();
  });
});

describe('tiles (the server’s grid cells)', () => {
  it('a position lies in the box of its tile, and a tile nests in its parent', () => {
    for (const [lat, lng] of [
      [43.6532, -79.3832],
      [49.2827, -123.1207],
      [-33.86, 151.2],
    ]) {
      const t = tileOf(lat, lng, 15);
      const box = tileBbox(t);
      expect(lng).toBeGreaterThanOrEqual(box.west);
      expect(lng).toBeLessThan(box.east);
      expect(lat).toBeGreaterThan(box.south);
      expect(lat).toBeLessThanOrEqual(box.north);
      expect(tileKey(tileOf(lat, lng, 13))).toBe(tileKey({ Zoom: 13, X: t.X >> 2, Y: t.Y >> 2 }));
    }
    // Toronto City Hall at zoom 14, as slippy-map tiles number it (x = ⌊(lng + 180) / 360 · 2^z⌋, y from
    // the mercator latitude).
    expect(tileOf(43.6532, -79.3832, 14)).toEqual({ Zoom: 14, X: 4579, Y: 5979 });
  });
});
