import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type CheckboxListItem, createCheckboxList } from '../../../src/lib/checkbox-list';
import { CheckboxList } from '../../../src/ui/checkbox-list';
import { renderUi } from './render';

const items = createCheckboxList(
  [{ Key: 'payroll', Text: 'Payroll', Id: 11 }],
  [
    { Key: 'leads', Text: 'Leads' },
    { Key: 'reports', Text: 'Reports' },
  ],
);

function hidden(): Record<string, string> {
  return Object.fromEntries(
    Array.from(document.querySelectorAll<HTMLInputElement>('input[type="hidden"]')).map((i) => [
      i.name,
      i.value,
    ]),
  );
}

describe('CheckboxList', () => {
  it('checks saved items and leaves candidates unchecked', async () => {
    await renderUi(<CheckboxList name="Modules" label="Modules" defaultItems={items} />);
    expect((screen.getByLabelText('Payroll') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Leads') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('group', { name: 'Modules' })).toBeTruthy();
  });

  it('marks IsDeleted / IsNew as boxes change and renders the hidden fields', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn<(items: CheckboxListItem[]) => void>();
    await renderUi(<CheckboxList name="Modules" defaultItems={items} onChange={onChange} />);
    expect(hidden()).toEqual({
      'Modules[0].Key': 'payroll',
      'Modules[0].Value.Id': '11',
      'Modules[0].Value.IsNew': 'false',
      'Modules[0].Value.IsDeleted': 'false',
    });

    await user.click(screen.getByLabelText('Payroll'));
    await user.click(screen.getByLabelText('Reports'));
    expect(onChange.mock.lastCall?.[0].map((i) => [i.Key, i.IsNew, i.IsDeleted])).toEqual([
      ['payroll', false, true],
      ['leads', false, false],
      ['reports', true, false],
    ]);
    expect(hidden()).toEqual({
      'Modules[0].Key': 'payroll',
      'Modules[0].Value.Id': '11',
      'Modules[0].Value.IsNew': 'false',
      'Modules[0].Value.IsDeleted': 'true',
      'Modules[1].Key': 'reports',
      'Modules[1].Value.Id': '-2',
      'Modules[1].Value.IsNew': 'true',
      'Modules[1].Value.IsDeleted': 'false',
    });
  });

  it('says so when there are no options', async () => {
    await renderUi(<CheckboxList name="Modules" items={[]} />);
    expect(screen.getByText('No options')).toBeTruthy();
  });
});
