// Checkbox list (spec 000 §2, §4; spec 002 §3, §4) on the model of lib/checkbox-list: unchecking a
// saved item marks it IsDeleted, checking a candidate marks it IsNew, and the hidden fields Key,
// Value.Id, Value.IsNew and Value.IsDeleted are rendered for a form post.
import { Checkbox, Stack, Text } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import {
  type CheckboxListItem,
  checkboxListHiddenFields,
  isItemChecked,
  toggleCheckboxListItem,
} from '../lib/checkbox-list';

export interface CheckboxListProps {
  /** Form field name of the list; the hidden fields are `<name>[i].Key`, `<name>[i].Value.Id`, … */
  name: string;
  label?: string;
  /** Controlled items (build them with createCheckboxList). */
  items?: readonly CheckboxListItem[];
  /** Initial items when uncontrolled. */
  defaultItems?: readonly CheckboxListItem[];
  onChange?: (items: CheckboxListItem[]) => void;
  disabled?: boolean;
}

export function CheckboxList({ name, label, items, defaultItems, onChange, disabled }: CheckboxListProps) {
  const { t } = useTranslation();
  const [value, setValue] = useUncontrolled<CheckboxListItem[]>({
    value: items ? [...items] : undefined,
    defaultValue: defaultItems ? [...defaultItems] : undefined,
    finalValue: [],
    onChange,
  });

  return (
    <Stack gap="xs" role="group" aria-label={label} data-checkbox-list={name}>
      {label && (
        <Text size="sm" fw={500} aria-hidden>
          {label}
        </Text>
      )}
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('ui.checkboxList.empty')}
        </Text>
      )}
      {value.map((item) => (
        <Checkbox
          key={item.Key}
          label={item.Text}
          checked={isItemChecked(item)}
          disabled={disabled}
          data-key={item.Key}
          data-new={item.IsNew || undefined}
          data-deleted={item.IsDeleted || undefined}
          onChange={(event) => setValue(toggleCheckboxListItem(value, item.Key, event.currentTarget.checked))}
        />
      ))}
      {checkboxListHiddenFields(name, value).map((field) => (
        <input key={field.name} type="hidden" name={field.name} value={field.value} />
      ))}
    </Stack>
  );
}
