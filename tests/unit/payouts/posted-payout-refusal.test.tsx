// A refused save of a posted payout: a reason the server gives for a field the drawer shows is said
// beside that field only, with no banner above repeating it; a reason for a field the drawer does not
// show is listed in the banner with the server's sentence, so no reason goes unsaid; a payout changed
// meanwhile (409) says so in the drawer's own words.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PostedPayout } from '../../../src/contract/payouts';
import { PostedPayoutDrawer } from '../../../src/features/payouts/posted-payout-drawer';
import { type Handler, json } from '../api/helpers';
import { bannerTexts, errorBeside, refusal } from '../ui/refusal';
import { renderApp } from '../ui/render-app';

// Mantine's autosizing Textarea (Comments) listens to document.fonts, which happy-dom has not.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });

const PATH = '/api/posted-payouts/icd/5';
const payout = PostedPayout.parse({
  PostedPayoutID: 5,
  DivisionID: 35,
  DivisionName: 'Rogers',
  IcdCorporationID: 8,
  CorporationName: 'Northwind Sales',
  PostedDate: '2026-11-02',
  Reference: 'ETF-118',
  Comments: null,
  Lines: [
    {
      ProgramID: null,
      ProgramName: null,
      Quantity: 4,
      PostedAmount: 400,
      ExpectedAmount: 400,
      Difference: 0,
      PayoutComparison: 'Neutral',
      PayoutComparisonID: 3,
      PayoutPolicyID: null,
      PayoutPolicyName: null,
    },
  ],
  Quantity: 4,
  PostedAmount: 400,
  ExpectedAmount: 400,
  Difference: 0,
  PayoutComparison: 'Neutral',
  PayoutComparisonID: 3,
  CreatedByName: 'Dana Whitfield',
  CreatedAt: '2026-11-02T15:00:00Z',
  UpdatedByName: 'Dana Whitfield',
  UpdatedAt: '2026-11-02T15:00:00Z',
  Version: 3,
});

async function saveEdit(answer: Handler) {
  const { server } = await renderApp(
    <PostedPayoutDrawer payout={payout} today="2026-11-22" canWrite onClose={() => {}} />,
    {
      grants: ['payouts:write'],
      routes: {
        'GET /api/divisions': () => json([{ DivisionID: 35, Name: 'Rogers' }]),
        'GET /api/corporations': () => json([]),
        'GET /api/programs': () => json([]),
        [`PATCH ${PATH}`]: answer,
      },
    },
  );
  fireEvent.click(await screen.findByTestId('save-payout'));
  await waitFor(() => expect(server.callsTo('PATCH', PATH)).toHaveLength(1));
}

describe('posted payout, refused', () => {
  it('says reasons of fields the drawer shows beside them, with no banner', async () => {
    const date = 'The pay period of this date is closed.';
    const reference = 'Another payout has this reference.';
    await saveEdit(
      refusal(400, 'The payout could not be saved.', { PostedDate: [date], Reference: [reference] }),
    );
    await waitFor(() => expect(errorBeside(/^Posted date/)).toBe(date));
    expect(errorBeside(/^Reference/)).toBe(reference);
    expect(screen.getAllByText(date)).toHaveLength(1);
    expect(bannerTexts()).toEqual([]);
  });

  it('lists in the banner a reason of a field the drawer does not show, and that one only', async () => {
    const policy = 'No payout policy is in force for this program on that date.';
    const reference = 'Another payout has this reference.';
    await saveEdit(
      refusal(400, 'The payout could not be saved.', {
        'Lines[0].PayoutPolicyID': [policy],
        Reference: [reference],
      }),
    );
    await waitFor(() => expect(bannerTexts()).toHaveLength(1));
    const banner = screen.getByTestId('payout-problem').textContent;
    expect(banner).toContain('The payout could not be saved.');
    expect(banner).toContain(policy);
    expect(banner).not.toContain(reference);
    expect(errorBeside(/^Reference/)).toBe(reference);
  });

  it('says a payout changed meanwhile in the banner, in its own words', async () => {
    await saveEdit(refusal(409, 'This payout was changed by someone else.'));
    await waitFor(() => expect(bannerTexts()).toHaveLength(1));
    expect(bannerTexts()[0]).toContain('Someone else changed this payout.');
  });
});
