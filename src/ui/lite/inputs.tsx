// Lite form inputs for the first screen (the Clock, the sign-in pages): NativeSelect, Switch, TextInput
// and PasswordInput with the same props as Mantine's for the subset those screens use, rendering
// EXACTLY the markup Mantine 9.7.3 renders (element tree, class names, data attributes, CSS variables,
// ids and aria wiring), so Mantine's static stylesheet styles them identically while none of Mantine's
// component code (Box, style props, useStyles) is loaded. tests/unit/ui/lite-inputs.test.tsx renders
// each one next to Mantine's own and requires the same markup: update both when Mantine is upgraded.
import { type ChangeEvent, type ComponentProps, type CSSProperties, type ReactNode, useState } from 'react';
import {
  CHEVRON,
  chevronProps,
  describedBy as describe,
  EYE,
  EYE_OFF,
  fontSize,
  ICON_STYLE,
  type InputPart,
  type InputSize,
  inputVars,
  noTextSelection,
  PSI_VARS,
  STROKE,
  shownError,
  smallerText,
  TOGGLE_CLASS,
  TOGGLE_VARS,
} from './inputs-parts';
import { cx, useMantineId, vars } from './style';

interface WrapperProps {
  label?: ReactNode;
  description?: ReactNode;
  /** A message under the input (and the invalid state), or `true` for the invalid state alone. */
  error?: ReactNode;
  /** Classes and style of the outer wrapper, as Mantine applies them. */
  className?: string;
  style?: CSSProperties;
}

interface FieldProps extends WrapperProps {
  part: InputPart;
  id: string;
  size: InputSize;
  required?: boolean;
  disabled?: boolean;
  /** PasswordInput's own root class and variables, before InputWrapper's. */
  rootClass?: string;
  rootVars?: Record<string, string>;
  /** NativeSelect: a pointer cursor, and a right section that lets clicks through to the select. */
  pointer?: boolean;
  rightSection?: ReactNode;
  children: ReactNode;
}

/** Mantine's Input.Wrapper (label, description, error) around Input's wrapper and right section. */
function Field(props: FieldProps) {
  const { part, id, size, label, description, error, required, disabled, pointer, rightSection } = props;
  const cls = (element: string, hash: string) =>
    `${hash} mantine-InputWrapper-${element} mantine-${part}-${element}`;
  return (
    <div
      style={vars(props.rootVars ?? {}, props.style)}
      className={cx(props.className, props.rootClass, cls('root', 'm_46b77525'))}
      data-size={size}
      data-error={!!error || undefined}
    >
      {label && (
        <label
          style={{ '--input-label-size': fontSize(size) } as CSSProperties}
          className={cls('label', 'm_8fdc1311')}
          data-size={size}
          data-required={required || undefined}
          htmlFor={id}
          id={`${id}-label`}
          onMouseDown={noTextSelection}
        >
          {label}
          {required && (
            <span className={cls('required', 'm_78a94662')} aria-hidden="true">
              {' *'}
            </span>
          )}
        </label>
      )}
      {description && (
        <p
          style={smallerText('description', size)}
          className={cls('description', 'm_fe47ce59')}
          data-size={size}
          id={`${id}-description`}
        >
          {description}
        </p>
      )}
      <div
        style={inputVars(size, !!description, shownError(error), pointer)}
        className={`m_6c018570 mantine-Input-wrapper mantine-${part}-wrapper`}
        data-variant="default"
        data-size={size}
        data-error={!!error || undefined}
        data-pointer={pointer || undefined}
        data-disabled={disabled || undefined}
        data-with-right-section={!!rightSection || undefined}
      >
        {props.children}
        {rightSection && (
          <div data-position="right" className={`m_82577fc2 mantine-Input-section mantine-${part}-section`}>
            {rightSection}
          </div>
        )}
      </div>
      {shownError(error) && (
        <p
          style={smallerText('error', size)}
          className={cls('error', 'm_8f816625')}
          data-size={size}
          id={`${id}-error`}
        >
          {error}
        </p>
      )}
    </div>
  );
}

export interface NativeSelectProps {
  label?: ReactNode;
  'aria-label'?: string;
  data: { value: string; label: string; disabled?: boolean }[];
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  size?: InputSize;
  className?: string;
  style?: CSSProperties;
  id?: string;
}

/** Mantine's NativeSelect: a native <select> with Mantine's chevron. */
export function NativeSelect({ label, data, size = 'sm', className, style, id, ...rest }: NativeSelectProps) {
  const inputId = useMantineId(id);
  const chevron = (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative (the select has the name), as in Mantine
    <svg {...chevronProps(size)}>
      <path d={CHEVRON} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
    </svg>
  );
  return (
    <Field
      part="NativeSelect"
      {...{ id: inputId, size, label, className, style }}
      pointer
      rightSection={chevron}
    >
      <select
        className="m_8fb7ebe7 mantine-Input-input mantine-NativeSelect-input"
        data-variant="default"
        {...rest}
        id={inputId}
      >
        {data.map(({ value, label: text, ...option }, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: Mantine's keys (values may repeat)
          <option key={index} value={value} {...option}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

export interface SwitchProps {
  label: ReactNode;
  checked?: boolean;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
  id?: string;
}

/** Mantine's Switch (label on the right, no track labels). */
export function Switch({ label, checked, onChange, disabled, id }: SwitchProps) {
  const inputId = useMantineId(id);
  const off = disabled || undefined;
  return (
    <div
      className="m_5f93f3bb mantine-Switch-root m_5f75b09e mantine-Switch-root"
      data-label-position="right"
      data-checked={checked}
    >
      <label className="m_5f6e695e mantine-Switch-body" htmlFor={inputId}>
        <input
          checked={checked}
          onChange={onChange}
          disabled={disabled}
          data-checked={checked}
          id={inputId}
          type="checkbox"
          // biome-ignore lint/a11y/useAriaPropsForRole: a checkbox's checked state is its aria-checked
          role="switch"
          className="m_926b4011 mantine-Switch-input"
        />
        <span
          className="m_9307d992 mantine-Switch-track"
          data-label-position="right"
          data-without-labels="true"
          aria-hidden="true"
        >
          <span
            className="m_93039a1d mantine-Switch-thumb"
            data-reduce-motion="true"
            data-with-thumb-indicator="true"
          />
          <span className="m_8277e082 mantine-Switch-trackLabel" />
        </span>
        <div className="m_d3ea56bb mantine-Switch-labelWrapper" data-disabled={off}>
          {label && (
            <span className="m_8ee546b8 mantine-Switch-label" data-disabled={off}>
              {label}
            </span>
          )}
        </div>
      </label>
    </div>
  );
}

/** TextInput's props: the wrapper's, and any other prop goes to the <input> (as in Mantine). */
export interface TextInputProps extends WrapperProps, Omit<ComponentProps<'input'>, 'size' | 'style'> {}

/** The wrapper's props of a TextInput or PasswordInput, its input's id, and the input's other props. */
function useField<P extends TextInputProps>({ id, ...props }: P) {
  const { label, description, error, className, style, required, disabled, ...rest } = props;
  const field = { label, description, error, className, style, required, disabled };
  const inputId = useMantineId(id);
  return {
    field: { ...field, id: inputId, size: 'sm' as const },
    rest,
    describedBy: describe(inputId, error, description),
  };
}

/** Mantine's TextInput. */
export function TextInput(props: TextInputProps) {
  const { field, rest, describedBy } = useField(props);
  const { error, disabled } = field;
  return (
    <Field part="TextInput" {...field}>
      <input
        className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
        data-variant="default"
        data-disabled={disabled || undefined}
        data-error={!!error || undefined}
        {...rest}
        required={field.required}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        id={field.id}
      />
    </Field>
  );
}

export interface PasswordInputProps extends TextInputProps {
  /** The visibility toggle's name; Mantine's English "Toggle password visibility" when not given. */
  visibilityToggleButtonProps?: { 'aria-label'?: string };
}

/** Mantine's PasswordInput, with its show/hide toggle (pressed while the password shows). */
export function PasswordInput(props: PasswordInputProps) {
  const { field, rest: others, describedBy } = useField(props);
  const { visibilityToggleButtonProps, ...rest } = others;
  const { error, disabled } = field;
  const [visible, setVisible] = useState(false);
  const toggle = (event: { preventDefault(): void }) => {
    event.preventDefault();
    setVisible((v) => !v);
  };
  const toggleButton = (
    <button
      style={TOGGLE_VARS}
      className={cx('mantine-focus-auto', !disabled && 'mantine-active', TOGGLE_CLASS)}
      data-variant="subtle"
      data-disabled={disabled || undefined}
      type="button"
      aria-pressed={visible}
      tabIndex={-1}
      aria-label="Toggle password visibility"
      {...visibilityToggleButtonProps}
      disabled={disabled}
      onTouchEnd={toggle}
      onMouseDown={toggle}
      onKeyDown={(event) => (event.key === ' ' || event.key === 'Enter') && toggle(event)}
    >
      <span className="m_8d3afb97 mantine-ActionIcon-icon">
        {/* biome-ignore lint/a11y/noSvgWithoutTitle: decorative (the button has the name), as in Mantine */}
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" style={ICON_STYLE}>
          <path fill="none" d="M0 0h256v256H0z" />
          {(visible ? EYE_OFF : EYE).map((d) => (
            <path key={d} {...STROKE} d={d} />
          ))}
          {!visible && <circle cx="128" cy="128" r="40" {...STROKE} />}
        </svg>
      </span>
    </button>
  );
  // Mantine's order: the caller's props may replace these in place; autoComplete and type come last.
  const inputProps = {
    required: field.required,
    'data-invalid': !!error || undefined,
    className: 'm_f2d85dd2 mantine-PasswordInput-innerInput',
    disabled,
    id: field.id,
    ...rest,
    autoComplete: rest.autoComplete || 'off',
    type: visible ? 'text' : 'password',
  };
  return (
    <Field
      part="PasswordInput"
      {...field}
      rootClass="m_f61ca620 mantine-PasswordInput-root"
      rootVars={PSI_VARS}
      rightSection={toggleButton}
    >
      <div
        className="m_ccf8da4c m_8fb7ebe7 mantine-Input-input mantine-PasswordInput-input"
        data-variant="default"
        data-disabled={disabled || undefined}
        data-error={!!error || undefined}
      >
        <input {...inputProps} aria-describedby={describedBy} />
      </div>
    </Field>
  );
}
