// The one delete confirmation: it says what goes, Delete confirms and Cancel closes without deleting,
// a refused delete shows the server's sentence (and the reasons it lists), and while the delete is in
// flight the confirm button spins and cannot be pressed again.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResponseError } from '../../../src/api/errors';
import { ConfirmDeleteModal, type ConfirmDeleteModalProps } from '../../../src/ui/confirm-delete-modal';
import { renderUi } from './render';

async function open(props: Partial<ConfirmDeleteModalProps> = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  await renderUi(
    <ConfirmDeleteModal
      opened
      title="Delete the product"
      message="Delete Robot Vacuum? Work orders keep their lines."
      onConfirm={onConfirm}
      onClose={onClose}
      {...props}
    />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Delete the product' });
  return { dialog, onConfirm, onClose };
}

describe('ConfirmDeleteModal', () => {
  it('says what goes; Delete confirms once, without closing', async () => {
    const { dialog, onConfirm, onClose } = await open();
    expect(within(dialog).getByText('Delete Robot Vacuum? Work orders keep their lines.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('opens with Cancel focused, so a key press never deletes by accident', async () => {
    const { dialog } = await open();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })),
    );
  });

  it('closes on Cancel without deleting', async () => {
    const { dialog, onConfirm, onClose } = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('names its own confirm action', async () => {
    const { dialog, onConfirm } = await open({ confirmLabel: 'Withdraw', confirmTestId: 'withdraw' });
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(within(dialog).getByTestId('withdraw'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("shows a refused delete's sentence and the reasons it lists", async () => {
    const error = new ResponseError({
      status: 400,
      statusText: 'Bad Request',
      data: { Message: 'The product could not be deleted.', Messages: ['3 work orders still sell it.'] },
    });
    const { dialog } = await open({ error, errorTestId: 'delete-refused' });
    const banner = within(dialog).getByTestId('delete-refused');
    expect(banner.textContent).toContain('The product could not be deleted.');
    expect(banner.textContent).toContain('3 work orders still sell it.');
  });

  it('shows a plain error message too', async () => {
    const { dialog } = await open({ error: new Error('The connection was lost') });
    expect(within(dialog).getByRole('alert').textContent).toContain('The connection was lost');
  });

  it('spins and cannot be pressed again while the delete is in flight', async () => {
    const { dialog, onConfirm } = await open({ pending: true });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm.hasAttribute('data-loading')).toBe(true);
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('cannot confirm what may not be deleted', async () => {
    const { dialog, onConfirm } = await open({ confirmDisabled: true });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
