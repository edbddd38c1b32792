// Marker styles (spec 000 §3): DefaultPin is monochrome, ColoredPin takes the current status colour,
// TwoTonedCircle the declaration outside and the current status inside; the style per user falls
// back to the division policy.
import { describe, expect, it } from 'vitest';
import { MarkerStyle } from '../../../src/contract/leads';
import {
  abbreviateCount,
  CLUSTER_LAYER,
  CLUSTER_PROPERTIES,
  MARKER_LAYER,
  MONOCHROME,
  markerColors,
  markerFeatures,
  markerLayers,
  NO_DECLARATION_COLOR,
  NO_STATUS_COLOR,
  PENDING_LAYER,
  pinImageId,
  pinImagesFor,
  resolveMarkerStyle,
} from '../../../src/features/leads/marker-style';

const sold = { Name: 'Sold', Color: '#2F9E44' };
const moving = { Name: 'Moving', Color: '#f76707' };
const lead = (over: Partial<Parameters<typeof markerColors>[0]> = {}) => ({
  LeadID: 7,
  Latitude: 43.66,
  Longitude: -79.41,
  LeadStatus: sold,
  DeclaredStatus: moving,
  ...over,
});

describe('markerColors', () => {
  it('DefaultPin is monochrome whatever the statuses', () => {
    expect(markerColors(lead(), MarkerStyle.DefaultPin)).toEqual({
      inner: MONOCHROME,
      outer: MONOCHROME,
      icon: pinImageId(MONOCHROME),
    });
    expect(markerColors(lead({ LeadStatus: null }), MarkerStyle.DefaultPin).inner).toBe(MONOCHROME);
  });

  it('ColoredPin uses the current status colour (lower-cased), grey without a status', () => {
    expect(markerColors(lead(), MarkerStyle.ColoredPin)).toEqual({
      inner: '#2f9e44',
      outer: '#2f9e44',
      icon: 'apex-pin-2f9e44',
    });
    expect(markerColors(lead({ LeadStatus: null }), MarkerStyle.ColoredPin).inner).toBe(NO_STATUS_COLOR);
  });

  it('TwoTonedCircle puts the declaration outside and the current status inside', () => {
    const c = markerColors(lead(), MarkerStyle.TwoTonedCircle);
    expect(c.outer).toBe('#f76707');
    expect(c.inner).toBe('#2f9e44');
    const undeclared = markerColors(lead({ DeclaredStatus: null }), MarkerStyle.TwoTonedCircle);
    expect(undeclared.outer).toBe(NO_DECLARATION_COLOR);
  });

  it('ignores colours that are not #rrggbb', () => {
    expect(
      markerColors(lead({ LeadStatus: { Name: 'x', Color: 'red' } }), MarkerStyle.ColoredPin).inner,
    ).toBe(NO_STATUS_COLOR);
  });
});

describe('markerFeatures and layers', () => {
  it('turns markers into GeoJSON points with their colours and pending flags', () => {
    const fc = markerFeatures([lead(), lead({ LeadID: -3, pending: true })], MarkerStyle.TwoTonedCircle);
    expect(fc.features).toHaveLength(2);
    expect(fc.features[0].geometry.coordinates).toEqual([-79.41, 43.66]);
    expect(fc.features[1].properties).toMatchObject({ id: -3, pending: 1, failed: 0 });
  });

  it('draws pins as symbols and two-toned circles as circles reading inner/outer', () => {
    const pin = markerLayers(MarkerStyle.DefaultPin).find((l) => l.id === MARKER_LAYER)!;
    expect(pin.type).toBe('symbol');
    expect(pin.layout?.['icon-image']).toBe(pinImageId(MONOCHROME));
    const colored = markerLayers(MarkerStyle.ColoredPin).find((l) => l.id === MARKER_LAYER)!;
    expect(colored.layout?.['icon-image']).toEqual(['get', 'icon']);
    const circle = markerLayers(MarkerStyle.TwoTonedCircle).find((l) => l.id === MARKER_LAYER)!;
    expect(circle.type).toBe('circle');
    expect(circle.paint?.['circle-color']).toEqual(['get', 'inner']);
    expect(circle.paint?.['circle-stroke-color']).toEqual(['get', 'outer']);
    for (const style of [1, 2, 3] as const)
      expect(markerLayers(style).some((l) => l.id === PENDING_LAYER)).toBe(true);
  });

  it('needs one pin image per colour for ColoredPin, one for DefaultPin, none for circles', () => {
    const fc = (style: MarkerStyle) =>
      markerFeatures([lead(), lead({ LeadID: 8 }), lead({ LeadID: 9, LeadStatus: moving })], style);
    expect(pinImagesFor(fc(MarkerStyle.ColoredPin), MarkerStyle.ColoredPin).sort()).toEqual([
      '#2f9e44',
      '#f76707',
    ]);
    expect(pinImagesFor(fc(MarkerStyle.DefaultPin), MarkerStyle.DefaultPin)).toEqual([MONOCHROME]);
    expect(pinImagesFor(fc(MarkerStyle.TwoTonedCircle), MarkerStyle.TwoTonedCircle)).toEqual([]);
  });
});

describe('server clusters in the leads source', () => {
  const cell = { Zoom: 14, X: 4573, Y: 5979, Latitude: 43.7, Longitude: -79.5, Count: 1234, pending: true };

  it('become points that count their leads, beside leads that count one each', () => {
    const fc = markerFeatures([lead()], MarkerStyle.ColoredPin, [cell]);
    expect(fc.features).toHaveLength(2);
    expect(fc.features[0].properties).toMatchObject({ id: 7, count: 1, cell: 0 });
    expect(fc.features[1]).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-79.5, 43.7] },
      properties: { cell: 1, key: '14/4573/5979', count: 1234, pending: 1 },
    });
    // The source sums the counts into its own clusters, so a bubble shows every lead it holds.
    expect(CLUSTER_PROPERTIES.count).toEqual(['+', ['get', 'count']]);
    expect(pinImagesFor(fc, MarkerStyle.ColoredPin)).toEqual(['#2f9e44']);
  });

  it('are drawn as cluster bubbles sized by their count, never as lead markers', () => {
    for (const style of [1, 2, 3] as const) {
      const layers = markerLayers(style);
      const bubbles = layers.find((l) => l.id === CLUSTER_LAYER)!;
      expect(bubbles.filter).toEqual(['any', ['has', 'point_count'], ['==', ['get', 'cell'], 1]]);
      expect(bubbles.paint?.['circle-radius']).toEqual(expect.arrayContaining([['get', 'count']]));
      const markers = layers.find((l) => l.id === MARKER_LAYER)!;
      expect(markers.filter).toEqual(['all', ['!', ['has', 'point_count']], ['!=', ['get', 'cell'], 1]]);
    }
  });

  it('labels counts as the map abbreviates them', () => {
    expect([7, 999, 1000, 1234, 9960, 10_000, 123_456].map(abbreviateCount)).toEqual([
      '7',
      '999',
      '1k',
      '1.2k',
      '10k',
      '10k',
      '123k',
    ]);
  });
});

describe('resolveMarkerStyle', () => {
  it("prefers the user's stored choice, then the policy, then TwoTonedCircle", () => {
    expect(resolveMarkerStyle('2', 3)).toBe(MarkerStyle.ColoredPin);
    expect(resolveMarkerStyle(1, 3)).toBe(MarkerStyle.DefaultPin);
    expect(resolveMarkerStyle(null, 2)).toBe(MarkerStyle.ColoredPin);
    expect(resolveMarkerStyle('9', undefined)).toBe(MarkerStyle.TwoTonedCircle);
  });
});
