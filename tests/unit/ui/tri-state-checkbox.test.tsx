import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TriStateCheckbox } from '../../../src/ui/tri-state-checkbox';
import { renderUi } from './render';

describe('TriStateCheckbox', () => {
  it('cycles unchecked → checked → indeterminate → unchecked on clicks', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderUi(<TriStateCheckbox label="Send reminders" onChange={onChange} withStateText />);
    const box = () => screen.getByRole('checkbox') as HTMLInputElement;
    const state = () => [box().checked, box().indeterminate];

    expect(state()).toEqual([false, false]);
    expect(screen.getByText('Send reminders (No)')).toBeTruthy();
    await user.click(box());
    expect(state()).toEqual([true, false]);
    expect(screen.getByText('Send reminders (Yes)')).toBeTruthy();
    await user.click(box());
    expect(state()).toEqual([false, true]);
    expect(screen.getByText('Send reminders (Not set)')).toBeTruthy();
    await user.click(box());
    expect(state()).toEqual([false, false]);
    expect(onChange.mock.calls.map(([value]) => value)).toEqual(['checked', 'indeterminate', 'unchecked']);
  });

  it('follows a controlled value and toggles with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderUi(<TriStateCheckbox label="Send reminders" value="indeterminate" onChange={onChange} />);
    const box = screen.getByRole('checkbox') as HTMLInputElement;
    expect(box.indeterminate).toBe(true);
    box.focus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenCalledWith('unchecked');
  });
});
