import { describe, expect, it } from 'vitest';
import {
  bboxOf,
  containsPoint,
  distanceMeters,
  GeometryError,
  normalizePolygon,
  territoryOf,
} from '../../../server/domain/leads/geometry';
import type { GeoPolygon } from '../../../src/contract/leads';

const square = (w: number, s: number, e: number, n: number): [number, number][] => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];

describe('territory geometry', () => {
  const donut: GeoPolygon = { type: 'Polygon', coordinates: [square(0, 0, 10, 10), square(4, 4, 6, 6)] };

  it('a point is inside the outer ring and outside its holes', () => {
    expect(containsPoint(donut, 1, 1)).toBe(true);
    expect(containsPoint(donut, 5, 5)).toBe(false);
    expect(containsPoint(donut, 11, 5)).toBe(false);
  });

  it('MultiPolygon: inside any part', () => {
    const multi: GeoPolygon = {
      type: 'MultiPolygon',
      coordinates: [[square(0, 0, 1, 1)], [square(5, 5, 6, 6)]],
    };
    expect(containsPoint(multi, 5.5, 5.5)).toBe(true);
    expect(containsPoint(multi, 3, 3)).toBe(false);
    expect(bboxOf(multi)).toEqual({ MinLatitude: 0, MinLongitude: 0, MaxLatitude: 6, MaxLongitude: 6 });
  });

  it('closes open rings and refuses rings with fewer than three corners', () => {
    const open: GeoPolygon = { type: 'Polygon', coordinates: [square(0, 0, 1, 1).slice(0, 4)] };
    expect(normalizePolygon(open).coordinates[0]).toHaveLength(5);
    expect(() =>
      normalizePolygon({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      }),
    ).toThrow(GeometryError);
  });

  it('a lead belongs to the lowest-numbered territory containing it', () => {
    const shape = (id: number, p: GeoPolygon) => ({ TerritoryID: id, Polygon: p, ...bboxOf(p) });
    const shapes = [
      shape(7, { type: 'Polygon', coordinates: [square(0, 0, 10, 10)] }),
      shape(3, { type: 'Polygon', coordinates: [square(5, 5, 15, 15)] }),
    ];
    expect(territoryOf(shapes, 6, 6)).toBe(3);
    expect(territoryOf(shapes, 1, 1)).toBe(7);
    expect(territoryOf(shapes, 20, 20)).toBeNull();
  });

  it('distance: one degree of latitude is about 111 km', () => {
    expect(distanceMeters(43, -79, 44, -79) / 1000).toBeCloseTo(111.2, 0);
  });
});
