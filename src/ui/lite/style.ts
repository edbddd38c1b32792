// The few pieces of Mantine's style system the first screen's lite components need: the same CSS
// variables Mantine's components set (its stylesheet reads them), computed the way Mantine 9 computes
// them for the app's theme (primary colour blue), without Mantine's style engine on the first screen.
import { type CSSProperties, useId } from 'react';

export type LiteSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
export type LiteVariant = 'filled' | 'light' | 'subtle';

/** `rem(px)` as Mantine writes it, so the stylesheet's scale applies. */
export function rem(px: number): string {
  return `calc(${px / 16}rem * var(--mantine-scale))`;
}

/** A spacing value: a theme size name, or pixels. */
export function spacing(value: LiteSize | number): string {
  return typeof value === 'number' ? rem(value) : `var(--mantine-spacing-${value})`;
}

const BORDER = `${rem(1)} solid transparent`;

/**
 * Mantine's default variant colours for a named theme colour (`color` undefined is the primary
 * colour, whose background, hover and border Mantine leaves to its stylesheet's defaults).
 */
export function variantColors(color: string | undefined, variant: LiteVariant | undefined) {
  const c = color ?? 'blue';
  const v = variant ?? 'filled';
  const explicit = color !== undefined || variant !== undefined;
  const palette =
    v === 'filled'
      ? {
          bg: `var(--mantine-color-${c}-filled)`,
          hover: `var(--mantine-color-${c}-filled-hover)`,
          color: 'var(--mantine-color-white)',
        }
      : {
          bg: v === 'light' ? `var(--mantine-color-${c}-light)` : 'transparent',
          hover: `var(--mantine-color-${c}-light-hover)`,
          color: `var(--mantine-color-${c}-light-color)`,
        };
  return {
    bg: explicit ? palette.bg : undefined,
    hover: explicit ? palette.hover : undefined,
    color: palette.color,
    bd: explicit ? BORDER : undefined,
  };
}

/** Mantine's `c` prop: `dimmed`, a colour name (its text shade) or `name.shade`. */
export function textColor(c: string | undefined): string | undefined {
  if (c === undefined) return undefined;
  if (c === 'dimmed') return 'var(--mantine-color-dimmed)';
  const [name, shade] = c.split('.');
  return shade ? `var(--mantine-color-${name}-${shade})` : `var(--mantine-color-${name}-text)`;
}

/** A component's CSS variables and the caller's style, undefined values left out. */
export function vars(values: Record<string, string | undefined>, style?: CSSProperties): CSSProperties {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (value !== undefined) out[key] = value;
  return { ...out, ...style } as CSSProperties;
}

/** Class names joined, falsy ones left out. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/** Mantine's ids: the caller's `id`, else `mantine-` and React's id. */
export function useMantineId(id?: string): string {
  const reactId = useId();
  return id ?? `mantine-${reactId.replace(/:/g, '')}`;
}
