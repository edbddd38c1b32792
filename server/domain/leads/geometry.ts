// Territory geometry without PostGIS: GeoJSON Polygon / MultiPolygon ([longitude, latitude]
// positions), closed rings, bounding boxes and point-in-polygon (even-odd rule, holes respected).
import type { GeoPolygon } from '../../../src/contract/leads';

export type Position = [number, number];
export interface Bbox {
  MinLatitude: number;
  MinLongitude: number;
  MaxLatitude: number;
  MaxLongitude: number;
}

export class GeometryError extends Error {}

function closeRing(ring: Position[]): Position[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  const closed = first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first];
  if (closed.length < 4) throw new GeometryError('A ring needs at least three distinct corners.');
  const distinct = new Set(closed.map(([x, y]) => `${x},${y}`));
  if (distinct.size < 3) throw new GeometryError('A ring needs at least three distinct corners.');
  return closed.map(([x, y]) => [x, y]);
}

/** The same geometry with every ring closed (GeoJSON requires first = last position). */
export function normalizePolygon(geometry: GeoPolygon): GeoPolygon {
  if (geometry.type === 'Polygon') {
    return { type: 'Polygon', coordinates: geometry.coordinates.map((r) => closeRing(r as Position[])) };
  }
  return {
    type: 'MultiPolygon',
    coordinates: geometry.coordinates.map((poly) => poly.map((r) => closeRing(r as Position[]))),
  };
}

function polygonsOf(geometry: GeoPolygon): Position[][][] {
  return geometry.type === 'Polygon'
    ? [geometry.coordinates as Position[][]]
    : (geometry.coordinates as Position[][][]);
}

export function bboxOf(geometry: GeoPolygon): Bbox {
  let minLat = Number.POSITIVE_INFINITY;
  let minLng = Number.POSITIVE_INFINITY;
  let maxLat = Number.NEGATIVE_INFINITY;
  let maxLng = Number.NEGATIVE_INFINITY;
  for (const poly of polygonsOf(geometry)) {
    // The outer ring bounds the polygon; holes lie inside it.
    for (const [lng, lat] of poly[0]) {
      if (lat < minLat) minLat = lat;
      if (lat > maxLat) maxLat = lat;
      if (lng < minLng) minLng = lng;
      if (lng > maxLng) maxLng = lng;
    }
  }
  return { MinLatitude: minLat, MinLongitude: minLng, MaxLatitude: maxLat, MaxLongitude: maxLng };
}

function inRing(lat: number, lng: number, ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether the point lies inside the geometry (inside an outer ring and outside its holes). */
export function containsPoint(geometry: GeoPolygon, lat: number, lng: number): boolean {
  for (const poly of polygonsOf(geometry)) {
    if (!inRing(lat, lng, poly[0])) continue;
    if (poly.slice(1).some((hole) => inRing(lat, lng, hole))) continue;
    return true;
  }
  return false;
}

export function inBbox(box: Bbox, lat: number, lng: number): boolean {
  return (
    lat >= box.MinLatitude && lat <= box.MaxLatitude && lng >= box.MinLongitude && lng <= box.MaxLongitude
  );
}

export interface TerritoryShape extends Bbox {
  TerritoryID: number;
  Polygon: GeoPolygon;
}

/**
 * The territory a point falls in: the first (lowest TerritoryID) containing it, or null. Overlapping
 * territories are allowed; a lead belongs to one.
 */
export function territoryOf(shapes: readonly TerritoryShape[], lat: number, lng: number): number | null {
  let best: number | null = null;
  for (const s of shapes) {
    if (best !== null && s.TerritoryID > best) continue;
    if (inBbox(s, lat, lng) && containsPoint(s.Polygon, lat, lng)) best = s.TerritoryID;
  }
  return best;
}

/** Great-circle distance in metres. */
export function distanceMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(a)));
}
