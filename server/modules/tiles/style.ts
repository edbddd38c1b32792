// The street map's MapLibre style: the Protomaps basemap layers (@protomaps/basemaps, light flavour,
// English labels) over this server's tiles, made quieter so lead markers, cluster bubbles and
// territory outlines stay the loudest things on the map. Nothing in it points outside Apex:
// - no `glyphs`: MapLibre (6.x) then draws label text itself with the device's sans-serif font;
// - no `sprite`: the few layers that need icons (POIs, road shields, one-way arrows, town dots) are
//   left out or lose their icon.
// Tile URLs are relative (`/tiles/{z}/{x}/{y}.mvt`); the PWA resolves them against its own origin.
import { type Flavor, layers, namedFlavor } from '@protomaps/basemaps';
import type { ArchiveInfo } from './archive';

export const STYLE_SOURCE = 'protomaps';
export const TILE_URL_TEMPLATE = '/tiles/{z}/{x}/{y}.mvt';

/** Layers that draw nothing but icons or a crowd of points of interest. */
const LEFT_OUT = new Set(['pois', 'roads_shields', 'roads_oneway']);

/** The light flavour with softer water and greens (the leads' colours must stand out over them). */
export function quietFlavor(): Flavor {
  const light = namedFlavor('light');
  return {
    ...light,
    water: '#c6dde9',
    park_b: '#c7dccd',
    wood_b: '#c6dcc6',
    scrub_b: '#c4dbd2',
    zoo: '#d3e0e0',
    pois: undefined,
  };
}

type StyleLayer = ReturnType<typeof layers>[number];

function withoutIcons(layer: StyleLayer): StyleLayer {
  if (!('layout' in layer) || !layer.layout || !('icon-image' in layer.layout)) return layer;
  const { 'icon-image': _image, 'icon-size': _size, ...layout } = layer.layout as Record<string, unknown>;
  return { ...layer, layout } as StyleLayer;
}

export interface StreetStyle {
  version: 8;
  name: string;
  sources: Record<string, unknown>;
  layers: StyleLayer[];
  center?: [number, number];
  zoom?: number;
}

export function streetStyle(info: ArchiveInfo): StreetStyle {
  const attribution =
    info.attribution ?? '<a href="https://openstreetmap.org/copyright">© OpenStreetMap contributors</a>';
  return {
    version: 8,
    name: 'Apex streets (Protomaps light)',
    sources: {
      [STYLE_SOURCE]: {
        type: 'vector',
        tiles: [TILE_URL_TEMPLATE],
        minzoom: info.minZoom,
        maxzoom: info.maxZoom,
        bounds: info.bounds,
        attribution,
      },
    },
    layers: layers(STYLE_SOURCE, quietFlavor(), { lang: 'en' })
      .filter((layer) => !LEFT_OUT.has(layer.id))
      .map(withoutIcons),
    center: [info.center[0], info.center[1]],
    zoom: info.center[2],
  };
}
