// Tri-state checkbox (spec 000 §9, spec 002 §4): each click cycles unchecked → checked →
// indeterminate → unchecked. The native input carries `indeterminate`, so assistive technology
// announces "mixed".
import { Checkbox, type MantineSize } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { nextTriState, type TriState } from '../lib/tri-state';

export interface TriStateCheckboxProps {
  label: string;
  value?: TriState;
  defaultValue?: TriState;
  onChange?: (value: TriState) => void;
  disabled?: boolean;
  /** Also show the state in words next to the label ('Yes', 'No', 'Not set'). */
  withStateText?: boolean;
  name?: string;
  size?: MantineSize;
}

export function TriStateCheckbox({
  label,
  value,
  defaultValue,
  onChange,
  disabled,
  withStateText = false,
  name,
  size,
}: TriStateCheckboxProps) {
  const { t } = useTranslation();
  const [state, setState] = useUncontrolled<TriState>({
    value,
    defaultValue,
    finalValue: 'unchecked',
    onChange,
  });
  return (
    <Checkbox
      label={withStateText ? `${label} (${t(`ui.triState.${state}`)})` : label}
      checked={state === 'checked'}
      indeterminate={state === 'indeterminate'}
      disabled={disabled}
      name={name}
      size={size}
      data-state={state}
      onChange={() => setState(nextTriState(state))}
    />
  );
}
