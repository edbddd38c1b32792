// Loader, alert, badge and progress bar of the first screen, drawn as Mantine draws them (see
// buttons.tsx).
import type { CSSProperties, ElementType, HTMLAttributes, ReactNode } from 'react';
import { cx, type LiteSize, type LiteVariant, rem, useMantineId, variantColors, vars } from './style';

type Div = Omit<HTMLAttributes<HTMLDivElement>, 'color' | 'title'>;

/** Mantine's oval loader; `size` is a theme size, pixels or any CSS length. */
export function Loader({
  size,
  color,
  className,
  style,
  ...rest
}: Omit<HTMLAttributes<HTMLSpanElement>, 'color'> & { size?: LiteSize | number | string; color?: string }) {
  const named = typeof size === 'string' && /^(xs|sm|md|lg|xl)$/.test(size);
  return (
    <span
      style={vars(
        {
          '--loader-size':
            size === undefined
              ? undefined
              : typeof size === 'number'
                ? rem(size)
                : named
                  ? `var(--loader-size-${size})`
                  : size,
          '--loader-color': color,
        },
        style,
      )}
      className={cx('m_b34414df m_5ae2e3c mantine-Loader-root', className)}
      data-size={named ? size : undefined}
      {...rest}
    />
  );
}

export interface AlertProps extends Div {
  color?: string;
  title?: ReactNode;
  children?: ReactNode;
}

export function Alert({ color, title, children, role, style, className, ...rest }: AlertProps) {
  const id = useMantineId();
  const colors = variantColors(color, 'light');
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: its role is alert (or status), both named by a title
    <div
      style={vars(
        {
          '--alert-bg': color && colors.bg,
          '--alert-color': color && colors.color,
          '--alert-bd': color && colors.bd,
        },
        style,
      )}
      className={cx('m_66836ed3 mantine-Alert-root', className)}
      id={id}
      role={role ?? 'alert'}
      aria-describedby={children ? `${id}-body` : undefined}
      aria-labelledby={title ? `${id}-title` : undefined}
      {...rest}
    >
      <div className="m_a5d60502 mantine-Alert-wrapper">
        <div className="m_667c2793 mantine-Alert-body">
          {title && (
            <div className="m_6a03f287 mantine-Alert-title">
              <span id={`${id}-title`} className="m_698f4f23 mantine-Alert-label">
                {title}
              </span>
            </div>
          )}
          {children && (
            <div id={`${id}-body`} className="m_7fa78076 mantine-Alert-message">
              {children}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

export interface BadgeProps extends Div {
  color?: string;
  variant?: LiteVariant;
  size?: LiteSize;
  component?: ElementType;
  to?: string;
  href?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

export function Badge({ color, variant, size, component, style, className, children, ...rest }: BadgeProps) {
  const Root = component ?? 'div';
  const colors = variantColors(color, variant);
  return (
    <Root
      style={vars(
        {
          '--badge-height': size && `var(--badge-height-${size})`,
          '--badge-padding-x': size && `var(--badge-padding-x-${size})`,
          '--badge-fz': size && `var(--badge-fz-${size})`,
          '--badge-bg': colors.bg,
          '--badge-color': colors.bd && colors.color,
          '--badge-bd': colors.bd,
        },
        style,
      )}
      className={cx('m_347db0ec mantine-Badge-root', className)}
      data-variant={variant}
      data-size={size}
      {...rest}
    >
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </Root>
  );
}

/** A thin, striped, animated bar across its container: "loading". */
export function LoadingBar({ label, style }: { label: string; style?: CSSProperties }) {
  return (
    <div
      style={vars({ '--progress-size': 'var(--progress-size-xs)', '--progress-radius': '0rem' }, style)}
      className="m_db6d6462 mantine-Progress-root"
      data-size="xs"
    >
      <div
        style={vars({
          '--progress-section-size': '100%',
          '--progress-section-color': 'var(--mantine-color-blue-filled)',
        })}
        className="m_2242eb65 mantine-Progress-section"
        data-striped
        data-animated
        aria-label={label}
        role="progressbar"
        aria-valuemax={100}
        aria-valuemin={0}
        aria-valuenow={100}
        aria-valuetext="100%"
      />
    </div>
  );
}
