// Marker styles (spec 000 §3): DefaultPin is monochrome, ColoredPin takes the current status colour,
// TwoTonedCircle the declaration outside and the current status inside; the style per user falls
// back to the division policy.
import { describe, expect, it } from 'vitest';
import { MarkerStyle } from '../../../src/contract/leads';
import {
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

describe('resolveMarkerStyle', () => {
  it("prefers the user's stored choice, then the policy, then TwoTonedCircle", () => {
    expect(resolveMarkerStyle('2', 3)).toBe(MarkerStyle.ColoredPin);
    expect(resolveMarkerStyle(1, 3)).toBe(MarkerStyle.DefaultPin);
    expect(resolveMarkerStyle(null, 2)).toBe(MarkerStyle.ColoredPin);
    expect(resolveMarkerStyle('9', undefined)).toBe(MarkerStyle.TwoTonedCircle);
  });
});
