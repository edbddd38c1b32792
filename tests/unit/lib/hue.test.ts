import { describe, expect, it } from 'vitest';
import { type HslColor, huePalette, huePreview, normalizeHue } from '../../../src/lib/hue';

/** WCAG relative luminance of an HSL colour. */
function luminance({ h, s, l }: HslColor): number {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(channel(0)) + 0.7152 * linear(channel(8)) + 0.0722 * linear(channel(4));
}

function contrast(a: HslColor, b: HslColor): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('hue previews', () => {
  it('is deterministic and uses the hue in every colour', () => {
    expect(huePreview(210)).toEqual(huePreview(210));
    expect(huePreview(210)).toEqual({
      background: 'hsl(210, 85%, 92%)',
      border: 'hsl(210, 60%, 60%)',
      text: 'hsl(210, 70%, 22%)',
      solid: 'hsl(210, 65%, 45%)',
    });
  });

  it('differs between hues', () => {
    expect(huePreview(0).background).not.toBe(huePreview(120).background);
  });

  it('normalises the hue into 0–359', () => {
    expect(normalizeHue(-30)).toBe(330);
    expect(normalizeHue(390)).toBe(30);
    expect(normalizeHue(360)).toBe(0);
    expect(normalizeHue(Number.NaN)).toBe(0);
    expect(huePreview(-30)).toEqual(huePreview(330));
  });

  it('keeps the text readable on the background for every hue (WCAG AA, 4.5:1)', () => {
    for (let hue = 0; hue < 360; hue += 5) {
      const palette = huePalette(hue);
      expect(contrast(palette.text, palette.background), `hue ${hue}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
