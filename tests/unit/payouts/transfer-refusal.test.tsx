// A refused save of an RS payout transfer (the transfers page's editor): a reason the server gives for
// a field the editor shows is said beside that field only, with no banner above repeating it; a reason
// for a field the editor does not show (the Version it sends) is listed in the banner with the
// server's sentence, so no reason goes unsaid; a transfer changed meanwhile (409) says so in the
// editor's own words.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TransfersPage from '../../../src/features/payouts/transfers-page';
import { type Handler, json } from '../api/helpers';
import { bannerTexts, errorBeside, refusal } from '../ui/refusal';
import { renderApp } from '../ui/render-app';

// Mantine's autosizing Textarea (Comments) listens to document.fonts, which happy-dom has not.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });

const PATH = '/api/rs-payout-transfers/12';
const TRANSFER = {
  RsPayoutTransferID: 12,
  TransferDate: '2026-11-02',
  IcdCorporationID: 8,
  CorporationName: 'Northwind Sales',
  DirectionID: 1,
  Direction: 'ToCorporation',
  Amount: 1250,
  Counterparty: 'RS payout account',
  Reference: 'TR-77',
  Comments: null,
  CreatedByName: 'Dana Whitfield',
  CreatedAt: '2026-11-02T15:00:00Z',
  UpdatedAt: '2026-11-02T15:00:00Z',
  Version: 2,
};

async function saveEdit(answer: Handler) {
  const { server } = await renderApp(<TransfersPage />, {
    grants: ['payouts:read', 'payouts:write'],
    routes: {
      'GET /api/rs-payout-transfers': () => json([TRANSFER]),
      'GET /api/corporations': () => json([]),
      [`PUT ${PATH}`]: answer,
    },
  });
  fireEvent.click(await screen.findByTestId('transfer-row'));
  fireEvent.click(await screen.findByTestId('save-transfer'));
  await waitFor(() => expect(server.callsTo('PUT', PATH)).toHaveLength(1));
}

describe('RS payout transfer, refused', () => {
  it('says reasons of fields the editor shows beside them, with no banner', async () => {
    const amount = 'Enter an amount above 0.';
    const counterparty = 'Enter the other side of the transfer.';
    await saveEdit(
      refusal(400, 'The transfer could not be saved.', { Amount: [amount], Counterparty: [counterparty] }),
    );
    await waitFor(() => expect(errorBeside(/^Amount/)).toBe(amount));
    expect(errorBeside(/^From \/ to/)).toBe(counterparty);
    expect(screen.getAllByText(amount)).toHaveLength(1);
    expect(bannerTexts()).toEqual([]);
  });

  it('lists in the banner a reason of a field the editor does not show, and that one only', async () => {
    const version = 'Expected a whole number.';
    const amount = 'Enter an amount above 0.';
    await saveEdit(
      refusal(400, 'The transfer could not be saved.', { Version: [version], Amount: [amount] }),
    );
    await waitFor(() => expect(bannerTexts()).toHaveLength(1));
    const banner = screen.getByTestId('transfer-problem').textContent;
    expect(banner).toContain('The transfer could not be saved.');
    expect(banner).toContain(version);
    expect(banner).not.toContain(amount);
    expect(errorBeside(/^Amount/)).toBe(amount);
  });

  it('says a transfer changed meanwhile in the banner, in its own words', async () => {
    await saveEdit(refusal(409, 'This transfer was changed by someone else.'));
    await waitFor(() => expect(bannerTexts()).toHaveLength(1));
    expect(bannerTexts()[0]).toContain('Someone else changed this payout.');
  });

  it('asks before deleting, with Cancel focused so Enter does not delete', async () => {
    const { server } = await renderApp(<TransfersPage />, {
      grants: ['payouts:read', 'payouts:write'],
      routes: {
        'GET /api/rs-payout-transfers': () => json([TRANSFER]),
        'GET /api/corporations': () => json([]),
      },
    });
    fireEvent.click(await screen.findByTestId('transfer-row'));
    fireEvent.click(await screen.findByTestId('delete-transfer'));
    await screen.findByTestId('confirm-delete-transfer');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    expect(server.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });
});
