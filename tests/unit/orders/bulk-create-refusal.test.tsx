// A refused bulk create (orders office): each failing row's reasons are said on that row of the
// preview, with no banner above repeating them; a refusal of the whole list, which no row shows, is
// said in the banner.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BulkCreatePanel } from '../../../src/features/orders/office/bulk-create-panel';
import type { Handler } from '../api/helpers';
import { bannerTexts, refusal } from '../ui/refusal';
import { renderApp } from '../ui/render-app';

const PATH = '/api/work-orders/bulk';
const ROWS =
  'R-1\t2026-03-02\tAda Park\t7\t3\t12\t40\t9\t1\t1\nR-2\t2099-03-03\tBo Lin\t7\t3\t12\t40\t9\t1\t1';

// Mantine's autosizing Textarea listens to document.fonts, which happy-dom has not.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });

async function createRows(answer: Handler) {
  const { server } = await renderApp(<BulkCreatePanel />, { routes: { [`POST ${PATH}`]: answer } });
  fireEvent.change(await screen.findByLabelText('Rows'), { target: { value: ROWS } });
  fireEvent.click(screen.getByRole('button', { name: 'Create 2 work orders' }));
  await waitFor(() => expect(server.callsTo('POST', PATH)).toHaveLength(1));
}

describe('bulk create, refused', () => {
  it("says each row's reason on its row of the preview only", async () => {
    const future = 'The sale date cannot be in the future.';
    await createRows(
      refusal(400, 'No work order was saved: fix the rows named.', { 'WorkOrders[1].SaleDate': [future] }),
    );
    const rows = within(screen.getByTestId('bulk-preview')).getAllByRole('row');
    await waitFor(() => expect(rows[2].textContent).toContain(`SaleDate: ${future}`));
    expect(rows[1].textContent).not.toContain(future);
    expect(bannerTexts()).toEqual([]);
  });

  it('says a refusal of the whole list in the banner', async () => {
    const tooMany = 'Send 500 work orders at most.';
    await createRows(refusal(400, 'The request is not valid.', { WorkOrders: [tooMany] }));
    await waitFor(() => expect(bannerTexts().join(' ')).toContain(tooMany));
  });
});
