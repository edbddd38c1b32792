// Viewport snapping: nearby views share a query (and an offline copy); the box covers the view.
import { describe, expect, it } from 'vitest';
import { intersects, snapViewport } from '../../../src/features/leads/viewport';

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
});
