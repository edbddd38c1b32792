// The tier table editor's add and remove keep the tiers from 0 to 1,000,000 with no gap: a new row
// starts where the last ends and runs to the top; a removed row's range goes to its neighbour.
import { describe, expect, it } from 'vitest';
import { TIER_MAX } from '../../../src/contract/commission';
import { addTier, removeTier } from '../../../src/features/commission/tier-table';

const contiguous = (rows: { From: number; To: number }[]) =>
  rows[0].From === 0 &&
  rows[rows.length - 1].To === TIER_MAX &&
  rows.every((r, i) => i === 0 || r.From === rows[i - 1].To);

describe('tier rows', () => {
  it('adds a row after the last, splitting its range', () => {
    const one = addTier([]);
    expect(one).toEqual([{ From: 0, To: TIER_MAX, Rate: 0 }]);
    const two = addTier([{ From: 0, To: TIER_MAX, Rate: 40 }]);
    expect(two).toEqual([
      { From: 0, To: 10, Rate: 40 },
      { From: 10, To: TIER_MAX, Rate: 40 },
    ]);
    expect(contiguous(addTier(two))).toBe(true);
  });

  it('removes a row without leaving a gap, and never the last one', () => {
    const rows = [
      { From: 0, To: 10, Rate: 1 },
      { From: 10, To: 50, Rate: 2 },
      { From: 50, To: TIER_MAX, Rate: 3 },
    ];
    expect(removeTier(rows, 1)).toEqual([
      { From: 0, To: 50, Rate: 1 },
      { From: 50, To: TIER_MAX, Rate: 3 },
    ]);
    expect(removeTier(rows, 0)[0]).toEqual({ From: 0, To: 50, Rate: 2 });
    expect(removeTier(rows, 2)).toEqual([
      { From: 0, To: 10, Rate: 1 },
      { From: 10, To: TIER_MAX, Rate: 2 },
    ]);
    for (const i of [0, 1, 2]) expect(contiguous(removeTier(rows, i))).toBe(true);
    expect(removeTier([rows[0]], 0)).toEqual([rows[0]]);
  });
});
