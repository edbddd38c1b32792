// Pure pieces of the payout and multi-play policy editors: the messages of one row of a list from the
// server's Errors (keys 'Pairs.<i>', 'Pairs.<i>.ProductID', …), and the bodies sent on save.
import type { TierRow } from '../../contract/commission';

export type ErrorMap = Record<string, string[] | undefined>;

/** Every message of row `index` of list `list` ('Pairs', 'Tiers'), the row's own first, joined. */
export function rowMessages(errors: ErrorMap, list: string, index: number): string {
  const prefix = `${list}.${index}`;
  const keys = Object.keys(errors)
    .filter((k) => k === prefix || k.startsWith(`${prefix}.`))
    .sort((a, b) => a.length - b.length || a.localeCompare(b));
  return [...new Set(keys.flatMap((k) => errors[k] ?? []))].join(' ');
}

export interface PayoutValues {
  Name: string;
  DivisionID: string | null;
  IcdCorporationID: string | null;
  ProgramID: string | null;
  StartDate: string;
  EndDate: string;
  Tiers: TierRow[];
}

/** The body of a payout policy save (division or corporation kind; Version only on an edit). */
export function payoutBody(kind: 'division' | 'corporation', v: PayoutValues, version?: number) {
  return {
    Name: v.Name,
    DivisionID: Number(v.DivisionID) || 0,
    ProgramID: v.ProgramID ? Number(v.ProgramID) : null,
    StartDate: v.StartDate,
    EndDate: v.EndDate || null,
    Tiers: v.Tiers,
    ...(kind === 'corporation' ? { IcdCorporationID: Number(v.IcdCorporationID) || 0 } : {}),
    ...(version !== undefined ? { Version: version } : {}),
  };
}

export interface PairValue {
  ProductID: string | null;
  ProductLineID: string | null;
}

export interface MultiPlayValues {
  Name: string;
  MinimumPlays: number;
  Bonus: number;
  IsActive: boolean;
  Pairs: PairValue[];
}

/** The body of a multi-play policy save; an unchosen product is sent as 0 so the server names its row. */
export function multiPlayBody(divisionId: number, v: MultiPlayValues, version?: number) {
  return {
    DivisionID: divisionId,
    Name: v.Name,
    MinimumPlays: v.MinimumPlays,
    Bonus: v.Bonus,
    IsActive: v.IsActive,
    Pairs: v.Pairs.map((p) => ({
      ProductID: Number(p.ProductID) || 0,
      ProductLineID: p.ProductLineID ? Number(p.ProductLineID) : null,
    })),
    ...(version !== undefined ? { Version: version } : {}),
  };
}
