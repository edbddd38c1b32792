import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StandbyInput } from '../../../src/ui/standby-input';
import { renderUi } from './render';

describe('StandbyInput', () => {
  it('shows the value inactive, and becomes an input when activated', async () => {
    const user = userEvent.setup();
    await renderUi(<StandbyInput label="Office name" defaultValue="Downtown" />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Downtown')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit Office name' }));
    const input = screen.getByRole('textbox', { name: 'Office name' }) as HTMLInputElement;
    expect(input.value).toBe('Downtown');
    expect(document.activeElement).toBe(input);
  });

  it('saves on Enter and returns to standby', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderUi(<StandbyInput label="Office name" defaultValue="Downtown" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Edit Office name' }));
    await user.clear(screen.getByRole('textbox'));
    await user.type(screen.getByRole('textbox'), 'Uptown{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('Uptown');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Uptown')).toBeTruthy();
  });

  it('cancels on Escape', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderUi(<StandbyInput label="Office name" defaultValue="Downtown" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Edit Office name' }));
    await user.type(screen.getByRole('textbox'), ' East{Escape}');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('Downtown')).toBeTruthy();
  });

  it('saves when the field is left', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderUi(<StandbyInput label="Office name" defaultValue="" onChange={onChange} />);
    expect(screen.getByText('Not set')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit Office name' }));
    await user.type(screen.getByRole('textbox'), 'North');
    await user.tab();
    expect(onChange).toHaveBeenCalledWith('North');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('cannot be activated when disabled', async () => {
    const user = userEvent.setup();
    const onModeChange = vi.fn();
    const { rerender } = await renderUi(
      <StandbyInput label="Office name" defaultValue="Downtown" disabled onModeChange={onModeChange} />,
    );
    const button = screen.getByRole('button', { name: 'Edit Office name' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.click(button);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(onModeChange).not.toHaveBeenCalled();

    rerender(<StandbyInput label="Office name" defaultValue="Downtown" onModeChange={onModeChange} />);
    await user.click(screen.getByRole('button', { name: 'Edit Office name' }));
    expect(screen.getByRole('textbox')).toBeTruthy();
    rerender(
      <StandbyInput label="Office name" defaultValue="Downtown" disabled onModeChange={onModeChange} />,
    );
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
