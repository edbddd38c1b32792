// Standby input (spec 002 §4): inactive, it shows the value as text with an edit button; activated, it
// becomes a text input. Enter or leaving the field saves, Escape cancels. When disabled it cannot be
// activated (and an active one returns to standby).
import { Input, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type StandbyMode = 'active' | 'inactive';

export interface StandbyInputProps {
  label: string;
  value?: string;
  defaultValue?: string;
  /** Called with the saved value (Enter or blur), not on every keystroke. */
  onChange?: (value: string) => void;
  onModeChange?: (mode: StandbyMode) => void;
  disabled?: boolean;
  placeholder?: string;
  name?: string;
}

export function StandbyInput({
  label,
  value,
  defaultValue,
  onChange,
  onModeChange,
  disabled = false,
  placeholder,
  name,
}: StandbyInputProps) {
  const { t } = useTranslation();
  const [saved, setSaved] = useUncontrolled<string>({ value, defaultValue, finalValue: '', onChange });
  const [requestedMode, setRequestedMode] = useState<StandbyMode>('inactive');
  const [draft, setDraft] = useState('');
  const mode: StandbyMode = disabled ? 'inactive' : requestedMode;

  const switchTo = (next: StandbyMode) => {
    setRequestedMode(next);
    onModeChange?.(next);
  };
  const activate = () => {
    if (disabled) return;
    setDraft(saved);
    switchTo('active');
  };
  const save = () => {
    if (mode !== 'active') return;
    if (draft !== saved) setSaved(draft);
    switchTo('inactive');
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      switchTo('inactive');
    }
  };

  if (mode === 'active') {
    return (
      <TextInput
        label={label}
        description={t('ui.standby.hint')}
        value={draft}
        placeholder={placeholder}
        name={name}
        data-mode="active"
        // Focus moves into the field the user just asked to edit.
        autoFocus
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={handleKeyDown}
        onBlur={save}
      />
    );
  }

  return (
    <Input.Wrapper label={label} labelElement="div" data-mode="inactive">
      <div>
        <UnstyledButton
          onClick={activate}
          disabled={disabled}
          aria-label={t('ui.standby.edit', { label })}
          data-disabled={disabled || undefined}
          style={{
            display: 'block',
            width: '100%',
            minHeight: 36,
            padding: '6px 0',
            borderBottom: '1px dashed var(--mantine-color-default-border)',
            cursor: disabled ? 'not-allowed' : 'text',
            opacity: disabled ? 0.6 : 1,
          }}
        >
          <Text size="sm" c={saved ? undefined : 'dimmed'} component="span">
            {saved || placeholder || t('ui.standby.empty')}
          </Text>
        </UnstyledButton>
        {name && <input type="hidden" name={name} value={saved} />}
      </div>
    </Input.Wrapper>
  );
}
