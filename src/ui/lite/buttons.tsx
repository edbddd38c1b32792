// Buttons of the first screen drawn as Mantine draws them (same elements, classes, data attributes and
// CSS variables, styled by Mantine's stylesheet), without Mantine's component code. The parity test
// (tests/unit/ui/lite.test.tsx) renders each beside Mantine's own and compares the markup.
import type { ButtonHTMLAttributes, CSSProperties, ElementType, ReactNode } from 'react';
import { Loader } from './feedback';
import { cx, type LiteSize, type LiteVariant, rem, variantColors, vars } from './style';

const UNSTYLED = 'm_87cf2631 mantine-UnstyledButton-root';

type NativeButton = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color' | 'style'>;

/** A root element that is a `<button type="button">` unless `component` names another (a Link). */
type Polymorphic = { component?: ElementType; to?: string; href?: string; style?: CSSProperties };

export function UnstyledButton({
  component,
  className,
  ...rest
}: NativeButton & Polymorphic & { [data: `data-${string}`]: unknown }) {
  const Root = component ?? 'button';
  return (
    <Root
      className={cx('mantine-focus-auto', UNSTYLED, className)}
      {...(component ? {} : { type: 'button' })}
      {...rest}
    />
  );
}

export interface ButtonProps extends NativeButton {
  size?: LiteSize;
  radius?: LiteSize;
  color?: string;
  variant?: LiteVariant;
  loading?: boolean;
  fullWidth?: boolean;
  style?: CSSProperties;
  children?: ReactNode;
}

// The loader's place while it shows (Mantine's slide-down transition, entered).
const LOADER_STYLE: CSSProperties = {
  transitionProperty: 'transform, opacity',
  WebkitBackfaceVisibility: 'hidden',
  transitionDuration: '150ms',
  transitionTimingFunction: 'ease',
  transformOrigin: 'center',
  opacity: 1,
  transform: `translate(-50%, calc(-50% + ${rem(1)}))`,
};

export function Button({
  size,
  radius,
  color,
  variant,
  loading,
  fullWidth,
  disabled,
  style,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const colors = variantColors(color, variant);
  return (
    <button
      style={vars(
        {
          '--button-height': size && `var(--button-height-${size})`,
          '--button-padding-x': size && `var(--button-padding-x-${size})`,
          '--button-fz': size && `var(--mantine-font-size-${size})`,
          '--button-radius': radius && `var(--mantine-radius-${radius})`,
          '--button-bg': colors.bg,
          '--button-hover': colors.hover,
          '--button-color': colors.color,
          '--button-bd': colors.bd,
        },
        style,
      )}
      className={cx(
        'mantine-focus-auto',
        !disabled && !loading && 'mantine-active',
        'm_77c9d27d mantine-Button-root',
        UNSTYLED,
        className,
      )}
      data-variant={variant}
      data-size={size}
      data-disabled={disabled || undefined}
      data-loading={loading || undefined}
      data-block={fullWidth || undefined}
      type={type}
      disabled={disabled || loading}
      {...rest}
    >
      {loading && (
        <span style={LOADER_STYLE} className="m_a25b86ee mantine-Button-loader" aria-hidden>
          <Loader size="calc(var(--button-height) / 1.8)" color="var(--button-color)" />
        </span>
      )}
      <span className="m_80f1301b mantine-Button-inner">
        <span className="m_811560b9 mantine-Button-label" data-loading={loading || undefined}>
          {children}
        </span>
      </span>
    </button>
  );
}

export interface ActionIconProps extends NativeButton {
  size?: LiteSize;
  color?: string;
  variant?: LiteVariant;
  style?: CSSProperties;
  children?: ReactNode;
}

export function ActionIcon({ size, color, variant, style, className, children, ...rest }: ActionIconProps) {
  const colors = variantColors(color, variant);
  return (
    <button
      style={vars(
        {
          '--ai-size': size && `var(--ai-size-${size})`,
          '--ai-bg': colors.bg,
          '--ai-hover': colors.hover,
          '--ai-color': colors.color,
          '--ai-bd': colors.bd,
        },
        style,
      )}
      className={cx(
        'mantine-focus-auto',
        !rest.disabled && 'mantine-active',
        'm_8d3f4000 mantine-ActionIcon-root',
        UNSTYLED,
        className,
      )}
      data-variant={variant}
      data-size={size}
      data-disabled={rest.disabled || undefined}
      type="button"
      {...rest}
    >
      <span className="m_8d3afb97 mantine-ActionIcon-icon">{children}</span>
    </button>
  );
}

export function Burger({
  opened,
  size,
  className,
  ...rest
}: NativeButton & { opened: boolean; size?: LiteSize }) {
  return (
    <button
      style={vars({ '--burger-size': size && `var(--burger-size-${size})` })}
      className={cx('mantine-focus-auto m_fea6bf1a mantine-Burger-root', UNSTYLED, className)}
      data-size={size}
      type="button"
      {...rest}
    >
      <div
        className="m_d4fb9cad mantine-Burger-burger"
        data-reduce-motion
        data-opened={opened || undefined}
      />
    </button>
  );
}

/** Mantine's Anchor: a link (`component={Link}`), or a link-looking action (`component="button"`). */
export function Anchor({
  component = 'a',
  className,
  ...rest
}: Omit<NativeButton, 'type'> & Polymorphic & { type?: 'button'; [data: `data-${string}`]: unknown }) {
  const Root = component;
  return (
    <Root
      className={cx(
        'mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root',
        className,
      )}
      data-underline="hover"
      {...rest}
    />
  );
}
