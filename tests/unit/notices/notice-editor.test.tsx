import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponseError } from '../../../src/api/errors';
import { useNoticeEditor } from '../../../src/features/notices/notice-editor';
import { renderUi } from '../ui/render';

interface Item {
  id: number;
  Title: string;
}
type Form = { Title: string };

function Probe({
  submit,
  refresh,
}: {
  submit: (item: Item | 'new', form: Form) => Promise<unknown>;
  refresh: () => Promise<unknown>;
}) {
  const editor = useNoticeEditor<Item, Form>({
    empty: { Title: '' },
    toForm: (item) => ({ Title: item.Title }),
    validate: (f): Record<string, string> => (f.Title.trim() ? {} : { Title: 'Required' }),
    submit,
    savedMessage: 'Saved',
    failedTitle: (status) => `Failed ${String(status)}`,
    refresh,
  });
  return (
    <>
      <button type="button" onClick={() => editor.edit({ id: 7, Title: 'Phones' })}>
        Edit
      </button>
      <button type="button" onClick={() => editor.edit('new')}>
        New
      </button>
      <button type="button" onClick={() => void editor.save()}>
        Save
      </button>
      <output data-testid="state">
        {`${editor.editing === null ? 'closed' : editor.editing === 'new' ? 'new' : editor.editing.id} ${editor.form.Title} ${JSON.stringify(editor.errors)}`}
      </output>
    </>
  );
}

const state = () => screen.getByTestId('state').textContent;

afterEach(() => vi.restoreAllMocks());

describe('useNoticeEditor', () => {
  it('sends nothing while the form has errors, and shows them', async () => {
    const submit = vi.fn(async () => undefined);
    await renderUi(<Probe submit={submit} refresh={async () => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'New' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).not.toHaveBeenCalled();
    expect(state()).toBe('new  {"Title":"Required"}');
  });

  it('updates the item edited, says so, closes and reads the list again', async () => {
    const show = vi.spyOn(notifications, 'show');
    const submit = vi.fn(async () => undefined);
    const refresh = vi.fn(async () => undefined);
    await renderUi(<Probe submit={submit} refresh={refresh} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(state()).toBe('7 Phones {}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledWith({ id: 7, Title: 'Phones' }, { Title: 'Phones' });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Saved' }));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(state()).toContain('closed');
  });

  it('on a conflict says someone else changed it, keeps the dialog open and reads the list again', async () => {
    const show = vi.spyOn(notifications, 'show');
    const refresh = vi.fn(async () => undefined);
    const conflict = new ResponseError({ status: 409, data: { Message: 'Version mismatch' } });
    await renderUi(<Probe submit={async () => Promise.reject(conflict)} refresh={refresh} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        color: 'red',
        // The notices' conflict text (this test loads only the ui texts), not the screen's other title.
        title: expect.not.stringMatching(/^Failed/),
        message: 'Version mismatch',
      }),
    );
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(state()).toBe('7 Phones {}');
  });

  it('on another refusal shows the screen’s title and the server’s field errors, without reading the list again', async () => {
    const show = vi.spyOn(notifications, 'show');
    const refresh = vi.fn(async () => undefined);
    const refused = new ResponseError({
      status: 400,
      data: { Message: 'Invalid', Errors: { Title: ['Too long'] } },
    });
    await renderUi(<Probe submit={async () => Promise.reject(refused)} refresh={refresh} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', title: 'Failed 400' }));
    expect(refresh).not.toHaveBeenCalled();
    expect(state()).toBe('7 Phones {"Title":"Too long"}');
  });
});
