import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { MaskResult } from '../../../src/lib/mask';
import { MaskedInput } from '../../../src/ui/masked-input';
import { renderUi } from './render';

const PHONE = '(000) 000-0000';

function phoneInput(): HTMLInputElement {
  return screen.getByLabelText('Phone number') as HTMLInputElement;
}

describe('MaskedInput', () => {
  it('formats as the user types, with the underscore prompt', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn<(value: MaskResult) => void>();
    await renderUi(<MaskedInput label="Phone number" mask={PHONE} onChange={onChange} />);
    await user.type(phoneInput(), '416555');
    expect(phoneInput().value).toBe('(416) 555-____');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ masked: '(416) 555-____', unmasked: '416555', complete: false }),
    );
    await user.type(phoneInput(), '1234');
    expect(phoneInput().value).toBe('(416) 555-1234');
    expect(onChange.mock.lastCall?.[0]).toMatchObject({ unmasked: '4165551234', complete: true });
  });

  it('refuses characters the mask does not allow', async () => {
    const user = userEvent.setup();
    await renderUi(<MaskedInput label="Phone number" mask={PHONE} />);
    await user.type(phoneInput(), '4a1b6');
    expect(phoneInput().value).toBe('(416) ___-____');
  });

  it('backspace clears the previous digit, skipping literals', async () => {
    const user = userEvent.setup();
    await renderUi(<MaskedInput label="Phone number" mask={PHONE} />);
    await user.type(phoneInput(), '4165');
    await user.keyboard('{Backspace}{Backspace}');
    expect(phoneInput().value).toBe('(41_) ___-____');
    await user.keyboard('9');
    expect(phoneInput().value).toBe('(419) ___-____');
  });

  it('takes pasted text, literals and all', async () => {
    const user = userEvent.setup();
    await renderUi(<MaskedInput label="Phone number" mask={PHONE} />);
    await user.click(phoneInput());
    await user.paste('416-555-1234');
    expect(phoneInput().value).toBe('(416) 555-1234');
  });

  it("marks an incomplete value 'unfinished' on blur, with a message and aria-invalid", async () => {
    const user = userEvent.setup();
    await renderUi(<MaskedInput label="Phone number" mask={PHONE} />);
    await user.type(phoneInput(), '41655');
    expect(phoneInput().getAttribute('aria-invalid')).not.toBe('true');
    await user.tab();
    const input = phoneInput();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.hasAttribute('data-unfinished')).toBe(true);
    expect(screen.getByText('Unfinished: fill in every position of (___) ___-____.')).toBeTruthy();
    expect(input.validity.valid).toBe(false);
    // The incomplete value stays visible after blur.
    expect(input.value).toBe('(416) 55_-____');

    await user.type(input, '51234');
    expect(phoneInput().getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByText(/Unfinished/)).toBeNull();
    expect(phoneInput().validity.valid).toBe(true);
  });

  it('leaves an empty field alone on blur, shown empty with the mask as placeholder', async () => {
    const user = userEvent.setup();
    await renderUi(<MaskedInput label="Phone number" mask={PHONE} />);
    await user.click(phoneInput());
    expect(phoneInput().value).toBe('(___) ___-____');
    await user.tab();
    expect(phoneInput().value).toBe('');
    expect(phoneInput().placeholder).toBe('(___) ___-____');
    expect(phoneInput().getAttribute('aria-invalid')).not.toBe('true');
  });

  it('shows a value given by the parent, raw or masked, and follows its changes', async () => {
    function Harness() {
      const [value, setValue] = useState('4165551234');
      return (
        <>
          <MaskedInput label="Phone number" mask={PHONE} value={value} onChange={(v) => setValue(v.masked)} />
          <button type="button" onClick={() => setValue('(905) 111-2222')}>
            reset
          </button>
        </>
      );
    }
    await renderUi(<Harness />);
    expect(phoneInput().value).toBe('(416) 555-1234');
    fireEvent.click(screen.getByText('reset'));
    expect(phoneInput().value).toBe('(905) 111-2222');
  });

  it('handles a change it did not see as keys (mobile keyboards)', async () => {
    await renderUi(<MaskedInput label="Phone number" mask={PHONE} />);
    const input = phoneInput();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '4(___) ___-____' } });
    expect(phoneInput().value).toBe('(4__) ___-____');
  });
});

describe('MaskedInput autofill', () => {
  it('formats a value filled in while the field is not focused', async () => {
    await renderUi(<MaskedInput label="Phone number" mask={PHONE} />);
    fireEvent.change(phoneInput(), { target: { value: '4165551234' } });
    expect(phoneInput().value).toBe('(416) 555-1234');
  });
});
