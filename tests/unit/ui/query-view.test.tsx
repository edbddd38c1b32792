import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ResponseError } from '../../../src/api/errors';
import { noItems, type QueryLike, QueryView } from '../../../src/ui/query-view';
import { renderUi } from './render';

type Page = { Items: string[] };
const base: QueryLike<Page> = {
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  refetch: () => {},
};

function view(query: QueryLike<Page>) {
  return renderUi(
    <QueryView
      query={query}
      errorTitle="The rows could not be loaded"
      empty="Nothing here yet."
      isEmpty={noItems}
    >
      {(data) => (
        <ul>
          {data.Items.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      )}
    </QueryView>,
  );
}

describe('QueryView', () => {
  it('shows a loader while the first answer is on its way', async () => {
    await view({ ...base, isPending: true });
    expect(screen.getByLabelText('Loading…')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it("shows the server's message and retries on demand", async () => {
    const refetch = vi.fn();
    const error = new ResponseError({
      status: 500,
      statusText: 'Internal Server Error',
      data: { Message: 'The database is not reachable' },
    });
    await view({ ...base, isError: true, error, refetch });
    expect(screen.getByText('The rows could not be loaded')).toBeTruthy();
    expect(screen.getByText(/The database is not reachable/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says so when the page is empty, and renders the rows otherwise', async () => {
    const { unmount } = await view({ ...base, data: { Items: [] } });
    expect(screen.getByText('Nothing here yet.')).toBeTruthy();
    unmount();
    await view({ ...base, data: { Items: ['Riley Chen', 'Sam Taylor'] } });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Riley Chen', 'Sam Taylor']);
    expect(screen.queryByText('Nothing here yet.')).toBeNull();
  });
});
