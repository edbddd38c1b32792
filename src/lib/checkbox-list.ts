// Checkbox-list model (spec 000 §4, spec 002 §3, §4): a list of saved items and new candidates.
// An existing saved item that is unchecked becomes IsDeleted; a new item that is checked becomes
// IsNew; new candidates carry negative temporary ids. A form post carries, per item, the hidden fields
// Key, Value.Id, Value.IsNew and Value.IsDeleted (the server binds them as a list of key/value pairs).

export interface CheckboxListItem {
  /** Identifies the option (e.g. a role or module key); unique within the list. */
  Key: string;
  /** Label shown next to the checkbox. */
  Text: string;
  /** Optional value of the option (e.g. the role id), kept as given. */
  Value?: string | number | null;
  /** Saved record id (> 0), or a negative temporary id for a candidate not saved yet. */
  Id: number;
  IsNew: boolean;
  IsDeleted: boolean;
}

export type CheckboxListOption = Pick<CheckboxListItem, 'Key' | 'Text'> &
  Partial<Pick<CheckboxListItem, 'Value'>>;
export type SavedCheckboxListOption = CheckboxListOption & { Id: number };

/** A saved item has a server id; a candidate has a negative temporary one. */
export function isSavedItem(item: Pick<CheckboxListItem, 'Id'>): boolean {
  return item.Id > 0;
}

/** Lowest id in the list minus one, never above -1: the next temporary id to hand out. */
export function nextTemporaryId(items: readonly Pick<CheckboxListItem, 'Id'>[]): number {
  return Math.min(0, ...items.map((item) => item.Id)) - 1;
}

/**
 * Builds the list: saved items first (checked), then the candidates that are not saved yet
 * (unchecked), each with its own negative temporary id (-1, -2, …).
 */
export function createCheckboxList(
  saved: readonly SavedCheckboxListOption[],
  candidates: readonly CheckboxListOption[],
): CheckboxListItem[] {
  const items: CheckboxListItem[] = saved.map((option) => ({ ...option, IsNew: false, IsDeleted: false }));
  const savedKeys = new Set(saved.map((option) => option.Key));
  for (const option of candidates) {
    if (savedKeys.has(option.Key)) continue;
    savedKeys.add(option.Key);
    items.push({ ...option, Id: nextTemporaryId(items), IsNew: false, IsDeleted: false });
  }
  return items;
}

/** Whether the box shows as checked: a saved item unless deleted, a candidate once marked new. */
export function isItemChecked(item: CheckboxListItem): boolean {
  return isSavedItem(item) ? !item.IsDeleted : item.IsNew;
}

/** The item after its box is set: unchecking a saved item deletes it; checking a candidate adds it. */
export function setItemChecked(item: CheckboxListItem, checked: boolean): CheckboxListItem {
  return isSavedItem(item)
    ? { ...item, IsNew: false, IsDeleted: !checked }
    : { ...item, IsNew: checked, IsDeleted: false };
}

/** Sets the item with `key` and returns a new list (other items untouched). */
export function toggleCheckboxListItem(
  items: readonly CheckboxListItem[],
  key: string,
  checked: boolean,
): CheckboxListItem[] {
  return items.map((item) => (item.Key === key ? setItemChecked(item, checked) : item));
}

/** Items the server must act on: new ones to add and saved ones to delete. */
export function changedItems(items: readonly CheckboxListItem[]): CheckboxListItem[] {
  return items.filter((item) => item.IsNew || item.IsDeleted);
}

export interface HiddenField {
  name: string;
  value: string;
}

/**
 * The hidden form fields of the list: for each saved item and each candidate marked new (an unchecked
 * candidate means nothing to the server), `<name>[i].Key`, `<name>[i].Value.Id`,
 * `<name>[i].Value.IsNew` and `<name>[i].Value.IsDeleted`, with contiguous indexes from 0.
 */
export function checkboxListHiddenFields(name: string, items: readonly CheckboxListItem[]): HiddenField[] {
  const posted = items.filter((item) => isSavedItem(item) || item.IsNew);
  return posted.flatMap((item, i) => {
    const prefix = `${name}[${i}]`;
    return [
      { name: `${prefix}.Key`, value: item.Key },
      { name: `${prefix}.Value.Id`, value: String(item.Id) },
      { name: `${prefix}.Value.IsNew`, value: String(item.IsNew) },
      { name: `${prefix}.Value.IsDeleted`, value: String(item.IsDeleted) },
    ];
  });
}
