// The constant pieces of Mantine 9.7.3's input markup that src/ui/lite/inputs.tsx draws: ids, CSS
// variables, class names and icon paths, copied from Mantine's source (tests/unit/ui/lite-inputs.test.tsx
// compares the result with Mantine's own markup).
import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { rem, variantColors, vars } from './style';

export type InputSize = 'xs' | 'sm';
export type InputPart = 'TextInput' | 'PasswordInput' | 'NativeSelect';

/** An error Mantine shows under the input (`true` only marks the input invalid). */
export const shownError = (error: ReactNode): boolean => !!error && typeof error !== 'boolean';

/** The ids an input is described by: its error, then its description (Mantine's order and spacing). */
export function describedBy(id: string, error: ReactNode, description: ReactNode): string | undefined {
  const text = `${shownError(error) ? `${id}-error` : ''}  ${description ? `${id}-description` : ''}`;
  return text.trim() || undefined;
}

/** Mantine's label: a double click on it does not select its text. */
export function noTextSelection(event: MouseEvent<HTMLLabelElement>) {
  if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
}

export const fontSize = (size: InputSize) => `var(--mantine-font-size-${size})`;

/** Style of a description or an error: the input's font size less 2px. */
export const smallerText = (name: 'description' | 'error', size: InputSize) =>
  ({ [`--input-${name}-size`]: `calc(${fontSize(size)} - ${rem(2)})` }) as CSSProperties;

/** Style of Input's wrapper: a half spacing above for a description, below for an error. */
export const inputVars = (size: InputSize, above: boolean, below: boolean, pointer?: boolean) =>
  vars({
    '--input-margin-top': above ? HALF_XS : undefined,
    '--input-margin-bottom': below ? HALF_XS : undefined,
    '--input-height': `var(--input-height-${size})`,
    '--input-fz': fontSize(size),
    '--input-right-section-pointer-events': pointer ? 'none' : undefined,
  });
const HALF_XS = 'calc(var(--mantine-spacing-xs) / 2)';

/** ComboboxChevron's <svg> attributes. */
export const chevronProps = (size: InputSize) =>
  ({
    style: { '--combobox-chevron-size': `var(--combobox-chevron-size-${size})` } as CSSProperties,
    className: 'm_2943220b mantine-ComboboxChevron-chevron',
    'data-size': size,
    'data-combobox-chevron': 'true',
    viewBox: '0 0 15 15',
    fill: 'none',
    xmlns: 'http://www.w3.org/2000/svg',
  }) as const;
// biome-ignore format: Mantine's ComboboxChevron path, verbatim
export const CHEVRON = 'M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z';

/** PasswordToggleIcon's strokes: an eye while the password is hidden, a struck-out eye while shown. */
export const EYE = ['M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z'];
// biome-ignore format: Mantine's paths, verbatim
export const EYE_OFF = ['M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53', 'M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6'];
export const STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  strokeWidth: '16',
} as const;
export const ICON_STYLE: CSSProperties = { width: 'var(--psi-icon-size)', height: 'var(--psi-icon-size)' };
export const PSI_VARS = {
  '--psi-icon-size': 'var(--psi-icon-size-sm)',
  '--psi-button-size': 'var(--psi-button-size-sm)',
};

/** The visibility toggle: ActionIcon variant="subtle" color="gray". */
const GRAY = variantColors('gray', 'subtle');
export const TOGGLE_VARS = vars({
  '--ai-bg': GRAY.bg,
  '--ai-hover': GRAY.hover,
  '--ai-color': GRAY.color,
  '--ai-bd': GRAY.bd,
});
export const TOGGLE_CLASS =
  'm_b1072d44 mantine-PasswordInput-visibilityToggle m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root';
