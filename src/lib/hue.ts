// Colour previews derived from a hue (spec 000 §2, spec 002 §2): a lead status carries a Hue, and the
// widgets show it as a light swatch with a border and readable text, the same for the same hue.

export interface HslColor {
  h: number;
  s: number;
  l: number;
}

export interface HuePreview {
  /** Light fill of a badge or row. */
  background: string;
  /** Outline, mid lightness. */
  border: string;
  /** Dark text that reads on the background. */
  text: string;
  /** Saturated colour for a dot, a pin or a bar. */
  solid: string;
}

/** Saturation and lightness (percent) of each preview colour. */
const TONES: Record<keyof HuePreview, { s: number; l: number }> = {
  background: { s: 85, l: 92 },
  border: { s: 60, l: 60 },
  text: { s: 70, l: 22 },
  solid: { s: 65, l: 45 },
};

/** Any number to 0 ≤ hue < 360 (−30 → 330, 390 → 30); a non-finite hue becomes 0. */
export function normalizeHue(hue: number): number {
  if (!Number.isFinite(hue)) return 0;
  const h = hue % 360;
  return h < 0 ? h + 360 : h + 0;
}

export function hslString({ h, s, l }: HslColor): string {
  return `hsl(${h}, ${s}%, ${l}%)`;
}

/** The preview colours of a hue, as numbers (for tests and canvas drawing). */
export function huePalette(hue: number): Record<keyof HuePreview, HslColor> {
  const h = normalizeHue(hue);
  const tone = (key: keyof HuePreview): HslColor => ({ h, ...TONES[key] });
  return { background: tone('background'), border: tone('border'), text: tone('text'), solid: tone('solid') };
}

/** The preview colours of a hue as CSS colour strings. */
export function huePreview(hue: number): HuePreview {
  const palette = huePalette(hue);
  return {
    background: hslString(palette.background),
    border: hslString(palette.border),
    text: hslString(palette.text),
    solid: hslString(palette.solid),
  };
}
