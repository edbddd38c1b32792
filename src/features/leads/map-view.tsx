// The map itself (MapLibre through react-map-gl): basemap, territories with their lead counts, the
// clustered leads source drawn in the user's marker style (with the server's clusters of a grouped
// viewport in it, drawn and labelled as the source's own clusters), the rep's position, and (for
// managers) a polygon being drawn. Loaded lazily as the `map-view` chunk (~300 KB gzip with MapLibre), so no other
// route pays for it; the service worker caches it at run time instead of precaching it.
//
// For tests and diagnostics the container carries data attributes: data-map-ready, data-marker-style,
// data-feature-count (points in the source), data-rendered-markers / data-rendered-clusters (what
// queryRenderedFeatures finds after the last idle), data-marker-layer (the layer type drawn) and
// data-first-leads-render-ms (ms from navigation to the first idle with leads drawn: the first-render
// benchmark reads it).
import 'maplibre-gl/dist/maplibre-gl.css';
import './map-controls.css';
import * as maplibregl from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import MapGL, {
  Layer,
  type LayerProps,
  type MapLayerMouseEvent,
  type MapRef,
  Marker,
  NavigationControl,
  ScaleControl,
  Source,
} from 'react-map-gl/maplibre';
import type { MarkerStyle, Territory } from '../../contract/leads';
import { configuredStyleUrl, type ResolvedBasemap, resolveBasemapStyle } from './basemap-style';
import workerUrl from './map-worker.ts?worker&url';
import {
  abbreviateCount,
  CLUSTER_LAYER,
  CLUSTER_PROPERTIES,
  LEADS_SOURCE,
  MARKER_LAYER,
  type MarkerCollection,
  markerLayers,
  PENDING_LAYER,
  pinImageId,
  pinImagesFor,
} from './marker-style';
import { drawPin } from './pin-image';
import { territoriesBox } from './territory-box';
import type { Bbox } from './viewport';

maplibregl.setWorkerUrl(workerUrl);

export interface MapViewState {
  bbox: Bbox;
  zoom: number;
  longitude: number;
  latitude: number;
}

export interface TerritoryLabel {
  TerritoryID: number;
  text: string;
}

export interface MapViewProps {
  initialView: { longitude: number; latitude: number; zoom: number };
  /** Leads (and server clusters) to draw, clustered; null draws none. */
  markers: MarkerCollection | null;
  markerStyle: MarkerStyle;
  territories: readonly Territory[];
  /** A label per territory (name and lead count). */
  territoryLabels?: ReadonlyMap<number, string>;
  selectedTerritoryId?: number | null;
  /** The rep's position (a fresh fix), drawn as a dot. */
  me?: { Latitude: number; Longitude: number; Accuracy: number } | null;
  /** Where a new lead will go. */
  pick?: { Latitude: number; Longitude: number } | null;
  /** Moves the camera whenever the object changes. */
  focus?: { longitude: number; latitude: number; zoom?: number } | null;
  /** A polygon being drawn: its vertices ([lng, lat]); clicks add vertices while set. */
  drawing?: readonly [number, number][] | null;
  onDrawPoint?: (point: [number, number]) => void;
  onViewChange?: (state: MapViewState) => void;
  onLeadClick?: (leadId: number) => void;
  onTerritoryClick?: (territoryId: number) => void;
  /** Long press (touch) or right click: a place on the map. */
  onLongPress?: (point: { Latitude: number; Longitude: number }) => void;
  ariaLabel: string;
  height: number | string;
  /** Which basemap the map draws on, once known (streets from Apex, or the offline basemap). */
  onBasemap?: (basemap: Pick<ResolvedBasemap, 'kind' | 'missing'>) => void;
}

const STYLE_URL = configuredStyleUrl(import.meta.env.VITE_MAP_STYLE_URL as string | undefined);

function viewOf(map: maplibregl.Map): MapViewState {
  const b = map.getBounds();
  const c = map.getCenter();
  return {
    bbox: {
      west: Math.max(-180, b.getWest()),
      south: Math.max(-90, b.getSouth()),
      east: Math.min(180, b.getEast()),
      north: Math.min(90, b.getNorth()),
    },
    zoom: map.getZoom(),
    longitude: c.lng,
    latitude: c.lat,
  };
}

function territoryCenter(t: Territory): [number, number] {
  const box = territoriesBox([t]);
  return box ? [(box.west + box.east) / 2, (box.south + box.north) / 2] : [0, 0];
}

type DrawingFeature = {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: number[] } | { type: 'LineString'; coordinates: number[][] };
  properties: Record<string, number>;
};

interface ClusterLabel {
  id: string;
  count: string;
  lngLat: [number, number];
}

export default function MapView(props: MapViewProps) {
  const {
    initialView,
    markers,
    markerStyle,
    territories,
    territoryLabels,
    selectedTerritoryId,
    me,
    pick,
    focus,
    drawing,
    onDrawPoint,
    onViewChange,
    onLeadClick,
    onTerritoryClick,
    onLongPress,
  } = props;
  const mapRef = useRef<MapRef>(null);
  const containerRef = useRef<HTMLElement>(null);
  const [ready, setReady] = useState(false);
  const markersRef = useRef(markers);
  markersRef.current = markers;
  const [clusters, setClusters] = useState<ClusterLabel[]>([]);
  // The build's street style, else Apex's own streets (over the offline basemap) when it has them.
  const [mapStyle, setMapStyle] = useState<string | maplibregl.StyleSpecification | null>(STYLE_URL);
  const [basemap, setBasemap] = useState<ResolvedBasemap['kind'] | 'configured'>(
    STYLE_URL ? 'configured' : 'natural-earth',
  );
  const onBasemapRef = useRef(props.onBasemap);
  onBasemapRef.current = props.onBasemap;
  useEffect(() => {
    if (STYLE_URL) return;
    let live = true;
    void resolveBasemapStyle(window.location.origin).then((resolved) => {
      if (!live) return;
      setMapStyle(resolved.style as unknown as maplibregl.StyleSpecification);
      setBasemap(resolved.kind);
      onBasemapRef.current?.({ kind: resolved.kind, missing: resolved.missing });
    });
    return () => {
      live = false;
    };
  }, []);
  const layers = useMemo(() => markerLayers(markerStyle), [markerStyle]);

  const territoryData = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: territories.map((t) => ({
        type: 'Feature' as const,
        geometry: t.Polygon,
        properties: {
          id: t.TerritoryID,
          color: t.Color,
          selected: t.TerritoryID === selectedTerritoryId ? 1 : 0,
        },
      })),
    }),
    [territories, selectedTerritoryId],
  );

  const drawingData = useMemo(() => {
    const pts = drawing ?? [];
    const features: DrawingFeature[] = pts.map((p, i) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [...p] },
      properties: { i },
    }));
    if (pts.length >= 2)
      features.push({
        type: 'Feature',
        geometry: {
          type: 'LineString',
          coordinates: [...pts.map((p) => [...p]), ...(pts.length >= 3 ? [[...pts[0]]] : [])],
        },
        properties: {},
      });
    return { type: 'FeatureCollection' as const, features };
  }, [drawing]);

  /** Reports what is drawn, for tests and diagnostics. */
  const describe = useCallback(() => {
    const map = mapRef.current?.getMap();
    const el = containerRef.current;
    if (!map || !el) return;
    const has = (id: string) => !!map.getLayer(id);
    const rendered = has(MARKER_LAYER) ? map.queryRenderedFeatures({ layers: [MARKER_LAYER] }).length : 0;
    const renderedPending = has(PENDING_LAYER)
      ? map.queryRenderedFeatures({ layers: [PENDING_LAYER] }).length
      : 0;
    const clusterFeatures = has(CLUSTER_LAYER) ? map.queryRenderedFeatures({ layers: [CLUSTER_LAYER] }) : [];
    el.dataset.renderedMarkers = String(rendered);
    el.dataset.renderedPending = String(renderedPending);
    el.dataset.renderedClusters = String(clusterFeatures.length);
    if (!el.dataset.firstLeadsRenderMs && rendered + clusterFeatures.length > 0)
      el.dataset.firstLeadsRenderMs = String(Math.round(performance.now()));
    el.dataset.markerLayer = map.getLayer(MARKER_LAYER)?.type ?? '';
    const seen = new Set<string>();
    const labels: ClusterLabel[] = [];
    for (const f of clusterFeatures) {
      // A cluster of the source, or a server cluster on its own (its grid cell).
      const id =
        f.properties?.cluster_id !== undefined ? `c${f.properties.cluster_id}` : `g${f.properties?.key}`;
      if (seen.has(id) || f.geometry.type !== 'Point') continue;
      seen.add(id);
      labels.push({
        id,
        count: abbreviateCount(Number(f.properties?.count ?? f.properties?.point_count ?? 0)),
        lngLat: f.geometry.coordinates as [number, number],
      });
    }
    setClusters(labels);
  }, []);

  // Pins are drawn in the page when the style first asks for them (no sprite server needed).
  const onLoad = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (!map) return;
    map.setMissingStyleImageResolver((id: string) => {
      const match = /^apex-pin-([0-9a-f]{6})$/i.exec(id);
      if (!match || map.hasImage(id)) return;
      map.addImage(id, drawPin(`#${match[1]}`), { pixelRatio: 2 });
    });
    // Tiles laid out before the resolver was set are laid out again.
    const leads = map.getSource(LEADS_SOURCE) as maplibregl.GeoJSONSource | undefined;
    if (leads && markersRef.current)
      void leads.setData(markersRef.current as unknown as Parameters<maplibregl.GeoJSONSource['setData']>[0]);
    // Under automation (Playwright), the map is reachable for end-to-end checks of what it renders.
    if (navigator.webdriver) (window as unknown as { __apexLeadsMap?: unknown }).__apexLeadsMap = map;
    setReady(true);
    onViewChange?.(viewOf(map));
  }, [onViewChange]);

  useEffect(() => {
    const el = containerRef.current;
    if (el) el.dataset.featureCount = String(markers?.features.length ?? 0);
  }, [markers]);

  // The pins the data needs, drawn before the map lays the data out.
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map || !ready || !markers) return;
    for (const color of pinImagesFor(markers, markerStyle)) {
      const id = pinImageId(color);
      if (!map.hasImage(id)) map.addImage(id, drawPin(color), { pixelRatio: 2 });
    }
  }, [ready, markers, markerStyle]);

  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!focus || !map) return;
    map.easeTo({
      center: [focus.longitude, focus.latitude],
      zoom: focus.zoom ?? map.getZoom(),
      duration: 600,
    });
  }, [focus]);

  // Long press on touch screens (MapLibre only reports right clicks as contextmenu).
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map || !ready || !onLongPress) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const cancel = () => {
      if (timer) clearTimeout(timer);
      timer = null;
    };
    const start = (e: maplibregl.MapTouchEvent) => {
      cancel();
      if (e.points.length !== 1) return;
      const { lng, lat } = e.lngLat;
      timer = setTimeout(() => onLongPress({ Latitude: lat, Longitude: lng }), 650);
    };
    const context = (e: maplibregl.MapMouseEvent) => {
      e.preventDefault();
      onLongPress({ Latitude: e.lngLat.lat, Longitude: e.lngLat.lng });
    };
    map.on('touchstart', start);
    map.on('touchend', cancel);
    map.on('touchmove', cancel);
    map.on('movestart', cancel);
    map.on('contextmenu', context);
    return () => {
      cancel();
      map.off('touchstart', start);
      map.off('touchend', cancel);
      map.off('touchmove', cancel);
      map.off('movestart', cancel);
      map.off('contextmenu', context);
    };
  }, [ready, onLongPress]);

  const onClick = useCallback(
    async (e: MapLayerMouseEvent) => {
      if (drawing && onDrawPoint) {
        onDrawPoint([Math.round(e.lngLat.lng * 1e6) / 1e6, Math.round(e.lngLat.lat * 1e6) / 1e6]);
        return;
      }
      const feature = e.features?.[0];
      if (!feature) return;
      const layer = feature.layer.id;
      if (layer === CLUSTER_LAYER) {
        const map = mapRef.current?.getMap();
        const source = map?.getSource(LEADS_SOURCE) as maplibregl.GeoJSONSource | undefined;
        if (!map || !source || feature.geometry.type !== 'Point') return;
        const center = feature.geometry.coordinates as [number, number];
        // A server cluster (one grid cell): two levels closer its leads spread over a grid four times
        // finer, or come one by one.
        if (feature.properties?.cluster_id === undefined) {
          map.easeTo({ center, zoom: Math.min(map.getZoom() + 2, map.getMaxZoom()) });
          return;
        }
        const zoom = await source.getClusterExpansionZoom(Number(feature.properties.cluster_id));
        map.easeTo({ center, zoom: zoom + 0.2 });
      } else if (layer === MARKER_LAYER || layer === PENDING_LAYER) {
        onLeadClick?.(Number(feature.properties?.id));
      } else if (layer === 'territory-fill') {
        onTerritoryClick?.(Number(feature.properties?.id));
      }
    },
    [drawing, onDrawPoint, onLeadClick, onTerritoryClick],
  );

  const interactive = [
    ...(markers ? [CLUSTER_LAYER, MARKER_LAYER, PENDING_LAYER] : []),
    ...(onTerritoryClick ? ['territory-fill'] : []),
  ];

  return (
    <section
      ref={containerRef}
      data-testid="leads-map"
      data-map-ready={ready ? 'true' : 'false'}
      data-marker-style={markerStyle}
      data-basemap={mapStyle ? basemap : ''}
      style={{ position: 'relative', height: props.height, width: '100%' }}
      aria-label={props.ariaLabel}
    >
      {mapStyle && (
        <MapGL
          ref={mapRef}
          mapLib={maplibregl}
          initialViewState={initialView}
          mapStyle={mapStyle}
          style={{ position: 'absolute', inset: 0 }}
          interactiveLayerIds={drawing ? [] : interactive}
          onLoad={onLoad}
          onIdle={describe}
          onMoveEnd={(e) => onViewChange?.(viewOf(e.target))}
          onClick={(e) => void onClick(e)}
          cursor={drawing ? 'crosshair' : undefined}
          attributionControl={{ compact: true }}
        >
          <NavigationControl position="top-right" showCompass={false} />
          <ScaleControl position="bottom-left" />
          <Source id="territories" type="geojson" data={territoryData}>
            <Layer
              id="territory-fill"
              type="fill"
              paint={{
                'fill-color': ['get', 'color'],
                'fill-opacity': ['case', ['==', ['get', 'selected'], 1], 0.22, 0.1],
              }}
            />
            <Layer
              id="territory-line"
              type="line"
              paint={{
                'line-color': ['get', 'color'],
                'line-width': ['case', ['==', ['get', 'selected'], 1], 3.5, 2],
              }}
            />
          </Source>
          {markers && (
            <Source
              id={LEADS_SOURCE}
              type="geojson"
              data={markers}
              cluster
              clusterMaxZoom={14}
              clusterRadius={46}
              clusterProperties={CLUSTER_PROPERTIES}
            >
              {layers.map((spec) => (
                <Layer key={`${spec.id}:${markerStyle}`} {...(spec as LayerProps)} />
              ))}
            </Source>
          )}
          {drawing && (
            <Source id="drawing" type="geojson" data={drawingData}>
              <Layer
                id="drawing-line"
                type="line"
                filter={['==', ['geometry-type'], 'LineString']}
                paint={{ 'line-color': '#d6336c', 'line-width': 2.5, 'line-dasharray': [2, 1] }}
              />
              <Layer
                id="drawing-points"
                type="circle"
                filter={['==', ['geometry-type'], 'Point']}
                paint={{
                  'circle-radius': 5,
                  'circle-color': '#ffffff',
                  'circle-stroke-color': '#d6336c',
                  'circle-stroke-width': 2.5,
                }}
              />
            </Source>
          )}
          {clusters.map((c) => (
            <Marker
              key={c.id}
              longitude={c.lngLat[0]}
              latitude={c.lngLat[1]}
              style={{ pointerEvents: 'none' }}
            >
              <span
                style={{
                  color: '#fff',
                  fontWeight: 700,
                  fontSize: 12,
                  textShadow: '0 0 2px rgba(0,0,0,0.5)',
                }}
              >
                {c.count}
              </span>
            </Marker>
          ))}
          {territoryLabels &&
            territories.map((t) => {
              const [lng, lat] = territoryCenter(t);
              const text = territoryLabels.get(t.TerritoryID);
              if (!text) return null;
              return (
                <Marker
                  key={`t${t.TerritoryID}`}
                  longitude={lng}
                  latitude={lat}
                  style={{ pointerEvents: 'none' }}
                >
                  <span
                    data-territory-label={t.TerritoryID}
                    style={{
                      background: 'rgba(255,255,255,0.88)',
                      border: `1.5px solid ${t.Color}`,
                      borderRadius: 6,
                      padding: '1px 6px',
                      fontSize: 11,
                      fontWeight: 600,
                      whiteSpace: 'nowrap',
                      color: '#212529',
                    }}
                  >
                    {text}
                  </span>
                </Marker>
              );
            })}
          {pick && (
            <Marker longitude={pick.Longitude} latitude={pick.Latitude} anchor="bottom" color="#d6336c" />
          )}
          {me && (
            <Marker longitude={me.Longitude} latitude={me.Latitude} style={{ pointerEvents: 'none' }}>
              <span
                data-testid="my-position"
                style={{
                  display: 'block',
                  width: 16,
                  height: 16,
                  borderRadius: '50%',
                  background: '#1c7ed6',
                  border: '3px solid #fff',
                  boxShadow: '0 0 0 6px rgba(28,126,214,0.25)',
                }}
              />
            </Marker>
          )}
        </MapGL>
      )}
    </section>
  );
}
