// How the map draws a lead (spec 000 §3 Marker style), pure so it can be tested without a map:
// DefaultPin (1) is monochrome and cannot be coloured, ColoredPin (2) takes the current-status colour,
// TwoTonedCircle (3) has the declaration-status colour outside and the current-status colour inside.
// Markers become GeoJSON points whose properties carry the colours each style reads, and the style
// becomes MapLibre layer specifications (no glyphs or sprites: pins are images drawn in the page).
// The server's clusters (a grouped viewport) go into the same clustered source as points that carry
// their `count`; every point counts 1 and the source sums `count` into its own clusters, so a bubble
// always shows how many leads it stands for, whichever side grouped them, in one style.
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
  /** Leads it stands for (summed into the source's clusters). */
  count: 1;
  cell: 0;
}

/** A cluster of the server's grid (a grouped viewport), drawn as a cluster bubble. */
export interface CellProperties {
  cell: 1;
  /** The grid cell (tile) `zoom/x/y`. */
  key: string;
  count: number;
  pending: 0 | 1;
}

interface Point {
  type: 'Point';
  coordinates: [number, number];
}

export interface MarkerFeature {
  type: 'Feature';
  geometry: Point;
  properties: MarkerProperties;
}

export interface CellFeature {
  type: 'Feature';
  geometry: Point;
  properties: CellProperties;
}

export interface MarkerCollection {
  type: 'FeatureCollection';
  features: (MarkerFeature | CellFeature)[];
}

/** What a server cluster needs to be drawn. */
export interface CellInput {
  Zoom: number;
  X: number;
  Y: number;
  Latitude: number;
  Longitude: number;
  Count: number;
  pending?: boolean;
}

export function markerFeatures(
  markers: readonly MarkerInput[],
  style: MarkerStyle,
  cells: readonly CellInput[] = [],
): MarkerCollection {
  const leads: MarkerFeature[] = markers.map((m) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [m.Longitude, m.Latitude] },
    properties: {
      id: m.LeadID,
      ...markerColors(m, style),
      pending: m.pending ? 1 : 0,
      failed: m.failed ? 1 : 0,
      count: 1,
      cell: 0,
    },
  }));
  const grouped: CellFeature[] = cells.map((c) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [c.Longitude, c.Latitude] },
    properties: { cell: 1, key: `${c.Zoom}/${c.X}/${c.Y}`, count: c.Count, pending: c.pending ? 1 : 0 },
  }));
  return { type: 'FeatureCollection', features: [...leads, ...grouped] };
}

/** A bubble's label, abbreviated as MapLibre abbreviates point counts (1.2k, 15k). */
export function abbreviateCount(count: number): string {
  if (count >= 10_000) return `${Math.round(count / 1000)}k`;
  if (count >= 1000) return `${Math.round(count / 100) / 10}k`;
  return String(count);
}

// ---- layers ----------------------------------------------------------------------------------------

export const LEADS_SOURCE = 'leads';
export const MARKER_LAYER = 'lead-markers';
export const PENDING_LAYER = 'lead-pending';
export const CLUSTER_LAYER = 'lead-clusters';

/** The source's clusters: the pending flag and the leads counted, summed over their points. */
export const CLUSTER_PROPERTIES = {
  pending: ['max', ['get', 'pending']],
  count: ['+', ['get', 'count']],
};

/** A bubble: a cluster of the source, or a server cluster left on its own. */
const bubble = ['any', ['has', 'point_count'], ['==', ['get', 'cell'], 1]];
/** A lead on its own. */
const unclustered = ['all', ['!', ['has', 'point_count']], ['!=', ['get', 'cell'], 1]];

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
    filter: bubble,
    paint: {
      'circle-color': ['step', ['get', 'count'], '#4dabf7', 50, '#228be6', 500, '#1864ab', 5000, '#0b4283'],
      'circle-radius': ['step', ['get', 'count'], 16, 50, 20, 500, 26, 5000, 30],
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
  const colors = new Set<string>();
  for (const f of collection.features) if (f.properties.cell === 0) colors.add(f.properties.inner);
  return [...colors];
}
