import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileInput } from '../../../src/ui/file-input';
import { renderUi } from './render';

const png = (size = 256 * 1024) => new File([new Uint8Array(size)], 'photo.png', { type: 'image/png' });
const pdf = () => new File(['%PDF'], 'cheque.pdf', { type: 'application/pdf' });

function input(): HTMLInputElement {
  return screen.getByLabelText(/Profile image/) as HTMLInputElement;
}

describe('FileInput', () => {
  it('is invalid when required and nothing is chosen', async () => {
    await renderUi(<FileInput label="Profile image" required />);
    expect(input().type).toBe('file');
    expect(input().checkValidity()).toBe(false);
    expect(await screen.findByText('Please choose a file.')).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the chosen file with its size in MB and reports it valid', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderUi(<FileInput label="Profile image" required imagesOnly onChange={onChange} />);
    await user.upload(input(), png());
    expect(screen.getByText('photo.png (0.25 MB)')).toBeTruthy();
    expect(onChange).toHaveBeenCalledWith([expect.any(File)], { valid: true, error: null });
    expect(input().checkValidity()).toBe(true);
  });

  it('refuses a file that is not a gif, jpeg or png when images only', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onChange = vi.fn();
    await renderUi(<FileInput label="Profile image" imagesOnly onChange={onChange} />);
    expect(input().accept).toContain('image/png');
    await user.upload(input(), pdf());
    expect(screen.getByText('Only GIF, JPEG or PNG images are allowed.')).toBeTruthy();
    expect(onChange.mock.lastCall?.[1]).toEqual({ valid: false, error: 'notImage' });
    expect(input().checkValidity()).toBe(false);
  });

  it('refuses a file over the size limit', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderUi(<FileInput label="Profile image" maxSizeMb={1} onChange={onChange} />);
    await user.upload(input(), png(2 * 1024 * 1024));
    expect(screen.getByText('The file is larger than 1 MB.')).toBeTruthy();
    // Refused, not only described: the caller is told and the form will not submit it.
    expect(onChange.mock.lastCall?.[1]).toEqual({ valid: false, error: 'tooLarge' });
    expect(input().checkValidity()).toBe(false);
  });
});
