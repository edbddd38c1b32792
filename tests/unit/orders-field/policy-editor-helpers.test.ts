// The payout and multi-play editors: a row shows every server message of that row only (the duplicate
// pair's message naming the existing policy lands on its row), and the bodies sent match the contract.
import { describe, expect, it } from 'vitest';
import {
  CorporationPayoutPolicySave,
  DivisionPayoutPolicyUpdate,
  duplicateMultiPlayPair,
  MultiPlayPolicySave,
  TIER_MAX,
} from '../../../src/contract/commission';
import { multiPlayBody, payoutBody, rowMessages } from '../../../src/features/commission/editor-helpers';

describe('rowMessages', () => {
  const errors = {
    'Pairs.1.ProductID': [duplicateMultiPlayPair('Triple play', 7)],
    'Pairs.1': ['Row problem'],
    'Pairs.10.ProductID': ['Not this row'],
    Pairs: ['List problem'],
  };
  it('gathers the messages of the named row, its own first, and no other row', () => {
    expect(rowMessages(errors, 'Pairs', 1)).toBe(
      'Row problem This product and product line are already in multi-play policy "Triple play" (#7)',
    );
    expect(rowMessages(errors, 'Pairs', 0)).toBe('');
    expect(rowMessages(errors, 'Pairs', 10)).toBe('Not this row');
  });
});

const tiers = [{ From: 0, To: TIER_MAX, Rate: 1.5 }];
const values = {
  Name: 'East payout',
  DivisionID: '35',
  IcdCorporationID: '4',
  ProgramID: null,
  StartDate: '2026-01-01',
  EndDate: '',
  Tiers: tiers,
};

describe('payoutBody', () => {
  it('sends an open period as null, no program as null, and the corporation only for its kind', () => {
    const division = payoutBody('division', values, 3);
    expect(division).toEqual({
      Name: 'East payout',
      DivisionID: 35,
      ProgramID: null,
      StartDate: '2026-01-01',
      EndDate: null,
      Tiers: tiers,
      Version: 3,
    });
    expect(DivisionPayoutPolicyUpdate.safeParse(division).success).toBe(true);
    const corporation = payoutBody('corporation', { ...values, ProgramID: '12' });
    expect(corporation).toMatchObject({ IcdCorporationID: 4, ProgramID: 12 });
    expect(corporation).not.toHaveProperty('Version');
    expect(CorporationPayoutPolicySave.safeParse(corporation).success).toBe(true);
  });
});

describe('multiPlayBody', () => {
  it('sends the pairs as numbers, an unchosen product as 0 so the server names the row', () => {
    const body = multiPlayBody(35, {
      Name: 'Double play',
      MinimumPlays: 2,
      Bonus: 25,
      IsActive: true,
      Pairs: [
        { ProductID: '1', ProductLineID: null },
        { ProductID: '2', ProductLineID: '9' },
      ],
    });
    expect(body.Pairs).toEqual([
      { ProductID: 1, ProductLineID: null },
      { ProductID: 2, ProductLineID: 9 },
    ]);
    expect(MultiPlayPolicySave.safeParse(body).success).toBe(true);
    const unchosen = multiPlayBody(35, {
      Name: 'x',
      MinimumPlays: 2,
      Bonus: 0,
      IsActive: true,
      Pairs: [{ ProductID: null, ProductLineID: null }],
    });
    expect(unchosen.Pairs[0].ProductID).toBe(0);
  });
});
