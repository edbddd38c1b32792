// How the map draws a lead (spec 000 §3 Marker style), pure so it can be tested without a map:
// DefaultPin (1) is monochrome and cannot be coloured, ColoredPin (2) takes the current-status colour,
// TwoTonedCircle (3) has the declaration-status colour outside and the current-status colour inside.
// Markers become GeoJSON points whose properties carry the colours each style reads, and the style
// becomes MapLibre layer specifications (no glyphs or sprites: pins are images drawn in the page).
import { MarkerStyle } from '../../contract/leads';

export const MONOCHROME = '#343a40';
/** A lead with no status yet. */
export const NO_STATUS_COLOR = '#adb5bd';
/** Outside of a two-toned circle with no declaration. */
export const NO_DECLARATION_COLOR = '#ffffff';
export const PENDING_COLOR = '#f59f00';
export const FAILED_COLOR = '#e03131';

export const MARKER_STYLES = [
  MarkerStyle.DefaultPin,
  MarkerStyle.ColoredPin,
  MarkerStyle.TwoTonedCircle,
] as const;

export function isMarkerStyle(value: unknown): value is MarkerStyle {
  return typeof value === 'number' && (MARKER_STYLES as readonly number[]).includes(value);
}

/** The user's chosen style (localStorage), else the division policy's, else TwoTonedCircle. */
export function resolveMarkerStyle(stored: unknown, policyStyle: number | null | undefined): MarkerStyle {
  const parsed = typeof stored === 'string' ? Number(stored) : stored;
  if (isMarkerStyle(parsed)) return parsed;
  if (isMarkerStyle(policyStyle)) return policyStyle;
  return MarkerStyle.TwoTonedCircle;
}

export function markerStyleStorageKey(userId: string): string {
  return `apex.leads.markerStyle:${userId}`;
}

const HEX = /^#[0-9a-f]{6}$/i;
function colorOr(value: string | null | undefined, fallback: string): string {
  return value && HEX.test(value) ? value.toLowerCase() : fallback;
}

export interface MarkerInput {
  LeadID: number;
  Latitude: number;
  Longitude: number;
  LeadStatus: { Name: string; Color: string } | null;
  DeclaredStatus: { Name: string; Color: string } | null;
  pending?: boolean;
  failed?: boolean;
}

export interface MarkerColors {
  /** What the pin or the circle's inside is filled with. */
  inner: string;
  /** The circle's ring (TwoTonedCircle); equal to `inner` for pins. */
  outer: string;
  /** The pin image (DefaultPin, ColoredPin). */
  icon: string;
}

export function pinImageId(color: string): string {
  return `apex-pin-${color.replace('#', '')}`;
}

/** The colours one marker is drawn with in one style. */
export function markerColors(marker: MarkerInput, style: MarkerStyle): MarkerColors {
  const current = colorOr(marker.LeadStatus?.Color, NO_STATUS_COLOR);
  switch (style) {
    case MarkerStyle.DefaultPin:
      return { inner: MONOCHROME, outer: MONOCHROME, icon: pinImageId(MONOCHROME) };
    case MarkerStyle.ColoredPin:
      return { inner: current, outer: current, icon: pinImageId(current) };
    default:
      return {
        inner: current,
        outer: colorOr(marker.DeclaredStatus?.Color, NO_DECLARATION_COLOR),
        icon: pinImageId(current),
      };
  }
}

export interface MarkerProperties extends MarkerColors {
  id: number;
  /** 1 while a local change waits for the server, else 0 (numbers cluster and filter well). */
  pending: 0 | 1;
  failed: 0 | 1;
}

export interface MarkerFeature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: MarkerProperties;
}

export interface MarkerCollection {
  type: 'FeatureCollection';
  features: MarkerFeature[];
}

export function markerFeatures(markers: readonly MarkerInput[], style: MarkerStyle): MarkerCollection {
  return {
    type: 'FeatureCollection',
    features: markers.map((m) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [m.Longitude, m.Latitude] },
      properties: {
        id: m.LeadID,
        ...markerColors(m, style),
        pending: m.pending ? 1 : 0,
        failed: m.failed ? 1 : 0,
      },
    })),
  };
}

// ---- layers ----------------------------------------------------------------------------------------

export const LEADS_SOURCE = 'leads';
export const MARKER_LAYER = 'lead-markers';
export const PENDING_LAYER = 'lead-pending';
export const CLUSTER_LAYER = 'lead-clusters';

const unclustered = ['!', ['has', 'point_count']];

/** A MapLibre layer specification (kept structural so this file needs no map library). */
export interface LayerSpec {
  id: string;
  type: 'circle' | 'symbol' | 'fill' | 'line' | 'background';
  source?: string;
  filter?: unknown[];
  layout?: Record<string, unknown>;
  paint?: Record<string, unknown>;
}

/** The layers that draw the leads source in one marker style, bottom to top. */
export function markerLayers(style: MarkerStyle): LayerSpec[] {
  const clusters: LayerSpec = {
    id: CLUSTER_LAYER,
    type: 'circle',
    source: LEADS_SOURCE,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': ['step', ['get', 'point_count'], '#4dabf7', 50, '#228be6', 500, '#1864ab'],
      'circle-radius': ['step', ['get', 'point_count'], 16, 50, 20, 500, 26],
      'circle-stroke-width': 3,
      // A cluster holding a change that waits for the server gets an amber ring.
      'circle-stroke-color': ['case', ['>', ['get', 'pending'], 0], PENDING_COLOR, 'rgba(255,255,255,0.85)'],
    },
  };
  const pending: LayerSpec = {
    id: PENDING_LAYER,
    type: 'circle',
    source: LEADS_SOURCE,
    filter: ['all', unclustered, ['any', ['==', ['get', 'pending'], 1], ['==', ['get', 'failed'], 1]]],
    paint: {
      'circle-radius': style === MarkerStyle.TwoTonedCircle ? 13 : 11,
      'circle-color': 'rgba(0,0,0,0)',
      'circle-stroke-width': 3,
      'circle-stroke-color': ['case', ['==', ['get', 'failed'], 1], FAILED_COLOR, PENDING_COLOR],
    },
  };
  if (style === MarkerStyle.TwoTonedCircle) {
    return [
      clusters,
      pending,
      {
        id: MARKER_LAYER,
        type: 'circle',
        source: LEADS_SOURCE,
        filter: unclustered,
        paint: {
          'circle-radius': 6,
          'circle-color': ['get', 'inner'],
          'circle-stroke-width': 3.5,
          'circle-stroke-color': ['get', 'outer'],
        },
      },
    ];
  }
  return [
    clusters,
    pending,
    {
      id: MARKER_LAYER,
      type: 'symbol',
      source: LEADS_SOURCE,
      filter: unclustered,
      layout: {
        'icon-image': style === MarkerStyle.DefaultPin ? pinImageId(MONOCHROME) : ['get', 'icon'],
        'icon-anchor': 'bottom',
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    },
  ];
}

/** The pin images a collection needs (ColoredPin: one per colour; DefaultPin: the monochrome one). */
export function pinImagesFor(collection: MarkerCollection, style: MarkerStyle): string[] {
  if (style === MarkerStyle.TwoTonedCircle) return [];
  if (style === MarkerStyle.DefaultPin) return [MONOCHROME];
  return [...new Set(collection.features.map((f) => f.properties.inner))];
}
