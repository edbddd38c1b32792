import { describe, expect, it } from 'vitest';
import {
  changedItems,
  checkboxListHiddenFields,
  createCheckboxList,
  isItemChecked,
  setItemChecked,
  toggleCheckboxListItem,
} from '../../../src/lib/checkbox-list';

const saved = [
  { Key: 'payroll', Text: 'Payroll', Id: 11 },
  { Key: 'roster', Text: 'Roster', Id: 12 },
];
const candidates = [
  { Key: 'roster', Text: 'Roster' },
  { Key: 'leads', Text: 'Leads' },
  { Key: 'reports', Text: 'Reports' },
];

describe('checkbox list', () => {
  it('starts with saved items checked and candidates unchecked with negative temporary ids', () => {
    const items = createCheckboxList(saved, candidates);
    expect(items.map((i) => [i.Key, i.Id, isItemChecked(i)])).toEqual([
      ['payroll', 11, true],
      ['roster', 12, true],
      ['leads', -1, false],
      ['reports', -2, false],
    ]);
  });

  it('marks an existing saved item IsDeleted when unchecked, and clears it when checked again', () => {
    const [item] = createCheckboxList(saved, []);
    const unchecked = setItemChecked(item, false);
    expect(unchecked).toMatchObject({ IsDeleted: true, IsNew: false });
    expect(isItemChecked(unchecked)).toBe(false);
    expect(setItemChecked(unchecked, true)).toMatchObject({ IsDeleted: false, IsNew: false });
  });

  it('marks a new item IsNew when checked, and never IsDeleted', () => {
    const item = createCheckboxList([], candidates)[0];
    const checked = setItemChecked(item, true);
    expect(checked).toMatchObject({ IsNew: true, IsDeleted: false, Id: -1 });
    expect(isItemChecked(checked)).toBe(true);
    expect(setItemChecked(checked, false)).toMatchObject({ IsNew: false, IsDeleted: false });
  });

  it('toggles by key and reports the changes', () => {
    let items = createCheckboxList(saved, candidates);
    items = toggleCheckboxListItem(items, 'payroll', false);
    items = toggleCheckboxListItem(items, 'leads', true);
    expect(changedItems(items).map((i) => [i.Key, i.IsNew, i.IsDeleted])).toEqual([
      ['payroll', false, true],
      ['leads', true, false],
    ]);
  });

  it('produces the hidden form fields Key, Value.Id, Value.IsNew, Value.IsDeleted', () => {
    let items = createCheckboxList(saved, candidates);
    items = toggleCheckboxListItem(items, 'payroll', false);
    items = toggleCheckboxListItem(items, 'reports', true);
    const fields = checkboxListHiddenFields('Modules', items);
    expect(fields).toEqual([
      { name: 'Modules[0].Key', value: 'payroll' },
      { name: 'Modules[0].Value.Id', value: '11' },
      { name: 'Modules[0].Value.IsNew', value: 'false' },
      { name: 'Modules[0].Value.IsDeleted', value: 'true' },
      { name: 'Modules[1].Key', value: 'roster' },
      { name: 'Modules[1].Value.Id', value: '12' },
      { name: 'Modules[1].Value.IsNew', value: 'false' },
      { name: 'Modules[1].Value.IsDeleted', value: 'false' },
      { name: 'Modules[2].Key', value: 'reports' },
      { name: 'Modules[2].Value.Id', value: '-2' },
      { name: 'Modules[2].Value.IsNew', value: 'true' },
      { name: 'Modules[2].Value.IsDeleted', value: 'false' },
    ]);
  });
});
