// Text, titles and layout boxes of the first screen, drawn as Mantine draws them (see buttons.tsx).
// Mantine's style props are plain `style` here (e.g. `style={{ marginTop: spacing('sm') }}`).
import type { CSSProperties, ElementType, HTMLAttributes, ReactNode } from 'react';
import { cx, type LiteSize, spacing, textColor, vars } from './style';

type Box = Omit<HTMLAttributes<HTMLElement>, 'color'> & {
  style?: CSSProperties;
  children?: ReactNode;
  [data: `data-${string}`]: unknown;
};

export interface TextProps extends Box {
  size?: LiteSize;
  /** Mantine's `c`: `dimmed`, a colour (its text shade) or `name.shade`. */
  c?: string;
  fw?: number;
  component?: ElementType;
  to?: string;
  href?: string;
}

export function Text({ size, c, fw, component, style, className, ...rest }: TextProps) {
  const Root = component ?? 'p';
  return (
    <Root
      style={vars(
        {
          '--text-fz': size && `var(--mantine-font-size-${size})`,
          '--text-lh': size && `var(--mantine-line-height-${size})`,
        },
        { color: textColor(c), fontWeight: fw, ...style },
      )}
      className={cx('mantine-focus-auto m_b6d8b162 mantine-Text-root', className)}
      data-size={size}
      {...rest}
    />
  );
}

export function Title({
  order,
  size,
  style,
  className,
  ...rest
}: Box & { order: 1 | 2 | 3 | 4; size?: 'h1' | 'h2' | 'h3' | 'h4' }) {
  const Root = `h${order}` as const;
  const h = size ?? `h${order}`;
  return (
    <Root
      style={vars(
        {
          '--title-fw': `var(--mantine-${h}-font-weight)`,
          '--title-lh': `var(--mantine-${h}-line-height)`,
          '--title-fz': `var(--mantine-${h}-font-size)`,
        },
        style,
      )}
      className={cx('m_8a5d1357 mantine-Title-root', className)}
      data-size={size}
      data-order={order}
      {...rest}
    />
  );
}

export interface GroupProps extends Box {
  gap?: LiteSize | number;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  wrap?: 'wrap' | 'nowrap';
}

export function Group({
  gap = 'md',
  align = 'center',
  justify = 'flex-start',
  wrap = 'wrap',
  style,
  className,
  ...rest
}: GroupProps) {
  return (
    <div
      style={vars(
        {
          '--group-gap': spacing(gap),
          '--group-align': align,
          '--group-justify': justify,
          '--group-wrap': wrap,
        },
        style,
      )}
      className={cx('m_4081bf90 mantine-Group-root', className)}
      {...rest}
    />
  );
}

export function Stack({
  gap = 'md',
  align = 'stretch',
  justify = 'flex-start',
  style,
  className,
  ...rest
}: Box & {
  gap?: LiteSize | number;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
}) {
  return (
    <div
      style={vars({ '--stack-gap': spacing(gap), '--stack-align': align, '--stack-justify': justify }, style)}
      className={cx('m_6d731127 mantine-Stack-root', className)}
      {...rest}
    />
  );
}

export function Center({ className, ...rest }: Box) {
  return <div className={cx('m_4451eb3a mantine-Center-root', className)} {...rest} />;
}

export function Container({ size, style, className, ...rest }: Box & { size?: LiteSize }) {
  return (
    <div
      style={vars({ '--container-size': size && `var(--container-size-${size})` }, style)}
      className={cx('m_7485cace mantine-Container-root', className)}
      data-size={size}
      data-strategy="block"
      {...rest}
    />
  );
}

/** Mantine's Card (the app's theme gives cards the keyboard focus ring class, twice as Mantine does). */
export function Card({
  withBorder,
  radius,
  padding,
  style,
  className,
  ...rest
}: Box & { withBorder?: boolean; radius?: LiteSize; padding?: LiteSize }) {
  return (
    <div
      style={vars(
        {
          '--paper-radius': radius && `var(--mantine-radius-${radius})`,
          '--card-padding': padding && `var(--mantine-spacing-${padding})`,
        },
        style,
      )}
      className={cx(
        'mantine-focus-auto mantine-focus-auto m_e615b15f mantine-Card-root m_1b7284a3 mantine-Paper-root',
        className,
      )}
      data-with-border={withBorder || undefined}
      data-orientation="vertical"
      {...rest}
    />
  );
}

export function Paper({
  withBorder,
  radius,
  shadow,
  style,
  className,
  ...rest
}: Box & { withBorder?: boolean; radius?: LiteSize; shadow?: LiteSize }) {
  return (
    <div
      style={vars(
        {
          '--paper-radius': radius && `var(--mantine-radius-${radius})`,
          '--paper-shadow': shadow && `var(--mantine-shadow-${shadow})`,
        },
        style,
      )}
      className={cx('mantine-focus-auto m_1b7284a3 mantine-Paper-root', className)}
      data-with-border={withBorder || undefined}
      {...rest}
    />
  );
}
