// Masked input (spec 000 §9, spec 002 §5) on the engine of lib/mask. Unfilled positions show the
// underscore prompt while the field is focused or holds something. Leaving the field with a value
// that is started but incomplete marks it invalid as 'unfinished': an error message, aria-invalid,
// and a custom validity so a native form submit is blocked too.
import { TextInput, type TextInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import {
  type ChangeEvent,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyMask,
  applyTextChange,
  contentEnd,
  DEFAULT_PROMPT,
  deleteText,
  describeMask,
  type EditResult,
  emptyChars,
  formatMask,
  insertText,
  type MaskChars,
  type MaskResult,
  parseMask,
} from '../lib/mask';

export type MaskedInputProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> & {
  /** Mask: 0 digit, 9 digit or space, # digit/space/+/-, L letter, ? letter or space, & non-space,
   * C any, A letter or digit, a letter/digit/space; anything else is a literal. */
  mask: string;
  /** Value, raw ('4165551234') or masked ('(416) 555-1234'). */
  value?: string;
  defaultValue?: string;
  onChange?: (value: MaskResult) => void;
  /** Prompt shown in unfilled positions; '_' by default. */
  prompt?: string;
  ref?: Ref<HTMLInputElement>;
};

export function MaskedInput({
  mask,
  value,
  defaultValue,
  onChange,
  prompt = DEFAULT_PROMPT,
  onFocus,
  onBlur,
  error,
  placeholder,
  ref,
  ...rest
}: MaskedInputProps) {
  const { t } = useTranslation();
  const slots = useMemo(() => parseMask(mask), [mask]);
  const digitsOnly = slots.every((slot) => slot.kind === 'literal' || '09#'.includes(slot.token));
  const [chars, setChars] = useState<MaskChars>(
    () => applyMask(mask, value ?? defaultValue ?? '', prompt).chars,
  );
  const [syncedValue, setSyncedValue] = useState(value);
  const [focused, setFocused] = useState(false);
  const [unfinished, setUnfinished] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const mergedRef = useMergedRef(inputRef, ref);
  const pendingCaret = useRef<number | null>(null);

  // A new value from the parent replaces what is shown (unless it is what we just reported).
  if (value !== syncedValue) {
    setSyncedValue(value);
    const given = value === undefined ? null : applyMask(mask, value, prompt);
    if (given && given.masked !== formatMask(slots, chars, prompt)) setChars(given.chars);
  }

  const state = describeMask(slots, chars, prompt);
  const displayed = focused || !state.empty ? state.masked : '';
  const emptyMask = formatMask(slots, emptyChars(slots), prompt);
  const message = t('ui.maskedInput.unfinished', { mask: emptyMask });
  const invalidNow = !state.empty && !state.complete;

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.setCustomValidity(invalidNow ? message : '');
    if (pendingCaret.current !== null && document.activeElement === input) {
      input.setSelectionRange(pendingCaret.current, pendingCaret.current);
    }
    pendingCaret.current = null;
  });

  const commit = (edit: EditResult) => {
    pendingCaret.current = edit.caret;
    setChars(edit.chars);
    const next = describeMask(slots, edit.chars, prompt);
    if (unfinished && (next.complete || next.empty)) setUnfinished(false);
    onChange?.(next);
  };

  const selection = (input: HTMLInputElement): [number, number] => [
    input.selectionStart ?? 0,
    input.selectionEnd ?? input.selectionStart ?? 0,
  ];

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    rest.onKeyDown?.(event);
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || rest.readOnly) return;
    const [start, end] = selection(event.currentTarget);
    if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault();
      commit(deleteText(slots, chars, start, end, event.key === 'Backspace' ? 'backward' : 'forward'));
    } else if (event.key.length === 1) {
      event.preventDefault();
      commit(insertText(slots, chars, start, end, event.key, prompt));
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (rest.readOnly) return;
    event.preventDefault();
    const [start, end] = selection(event.currentTarget);
    commit(insertText(slots, chars, start, end, event.clipboardData.getData('text'), prompt));
  };

  // Input the key handler did not see (mobile keyboards, autofill, cut, drag and drop).
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    commit(applyTextChange(slots, chars, displayed, event.currentTarget.value, prompt));
  };

  const handleFocus = (event: FocusEvent<HTMLInputElement>) => {
    setFocused(true);
    pendingCaret.current = contentEnd(slots, chars);
    onFocus?.(event);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setFocused(false);
    setUnfinished(invalidNow);
    onBlur?.(event);
  };

  const handleClick = () => {
    const input = inputRef.current;
    if (!input || input.selectionStart !== input.selectionEnd) return;
    const end = contentEnd(slots, chars);
    if ((input.selectionStart ?? 0) > end) input.setSelectionRange(end, end);
  };

  return (
    <TextInput
      {...rest}
      ref={mergedRef}
      value={displayed}
      placeholder={placeholder ?? emptyMask}
      inputMode={rest.inputMode ?? (digitsOnly ? 'tel' : undefined)}
      autoComplete={rest.autoComplete ?? 'off'}
      error={error ?? (unfinished ? message : undefined)}
      data-unfinished={unfinished || undefined}
      data-complete={state.complete && !state.empty ? true : undefined}
      onKeyDown={handleKeyDown}
      onPaste={handlePaste}
      onChange={handleChange}
      onFocus={handleFocus}
      onBlur={handleBlur}
      onClick={handleClick}
    />
  );
}
