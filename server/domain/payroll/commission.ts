// Commission by commission type. C = commission earned = ManualCommissionAmount + Σ pieces
// (PieceQty × PieceRate, each rounded half-up to the cent); G = the wages for hours paid (Regular,
// Training Pay, Overtime, Double Time, Extra Hours Worked lines).
// - none (hourly, no type): wages, and all of C on top.
// - AdvanceWage 1: wages are an advance against commission: wages paid, plus the commission beyond
//   them, max(0, C − G). Gross for hours = max(G, C).
// - CommissionAboveThreshold 2: wages paid, plus the commission above the threshold,
//   max(0, C − CommissionThreshold).
// - CommissionExceedingGuaranteed 3: the greater of guaranteed wages and commission, as the flags say:
//   IsPaidGuaranteed and IsPaidCommission both set (or both clear): wages + max(0, C − G), i.e. the
//   greater; IsPaidGuaranteed only: wages, no commission; IsPaidCommission only: C and no wages.
// - PieceBased 4: the pieces are paid as their own lines (and ManualCommissionAmount as
//   'Commissions'); no hourly wages for straight time; overtime and double time are paid as a premium
//   of (multiplier − 1) × the regular rate of pay (C ÷ hours worked), since the pieces already paid
//   the straight time.
// For every type but 4, the 'Commission Piece #N' lines are details of the 'Commissions' line
// (IsDetail: not added again into GrossPay).
import { CommissionType, type CommissionTypeID, type PayBasis } from './types';

export interface CommissionOutcome {
  /** Commission added to GrossPay by the 'Commissions' line (type 4: the manual amount only). */
  commissionLine: number;
  /** Commission in GrossPay, pieces included. */
  paid: number;
  /** Commission beyond the wages or the threshold. */
  extra: number;
  /** What the line's trace says. */
  text: string;
}

/** Whether hourly wages are paid at all (not for type 3 paid on commission only). */
export function wagesArePaid(basis: PayBasis): boolean {
  return !(
    basis.CommissionTypeID === CommissionType.CommissionExceedingGuaranteed &&
    basis.IsPaidCommission &&
    !basis.IsPaidGuaranteed
  );
}

export function commissionOf(
  type: CommissionTypeID | null,
  basis: PayBasis,
  earned: number,
  manual: number,
  pieces: number,
  wages: number,
  money: (c: number) => string,
): CommissionOutcome {
  const earnedText = `earned ${money(earned)} (manual ${money(manual)}, pieces ${money(pieces)})`;
  switch (type) {
    case CommissionType.AdvanceWage: {
      const p = Math.max(0, earned - wages);
      return {
        commissionLine: p,
        paid: p,
        extra: p,
        text: `Advance wage: ${earnedText}, less wages of ${money(wages)}`,
      };
    }
    case CommissionType.CommissionAboveThreshold: {
      const t = basis.CommissionThreshold ?? 0;
      const p = Math.max(0, earned - t);
      return {
        commissionLine: p,
        paid: p,
        extra: p,
        text: `Commission above threshold: ${earnedText}, less threshold ${money(t)}`,
      };
    }
    case CommissionType.CommissionExceedingGuaranteed: {
      if (!wagesArePaid(basis))
        return {
          commissionLine: earned,
          paid: earned,
          extra: Math.max(0, earned - wages),
          text: `Paid on commission: ${earnedText}`,
        };
      if (basis.IsPaidGuaranteed && !basis.IsPaidCommission)
        return {
          commissionLine: 0,
          paid: 0,
          extra: 0,
          text: `Paid guaranteed wages: ${earnedText}, not paid`,
        };
      const p = Math.max(0, earned - wages);
      return {
        commissionLine: p,
        paid: p,
        extra: p,
        text: `Greater of wages (${money(wages)}) and commission: ${earnedText}`,
      };
    }
    case CommissionType.PieceBased:
      return { commissionLine: manual, paid: earned, extra: 0, text: `Piece based: ${earnedText}` };
    default:
      return { commissionLine: earned, paid: earned, extra: earned, text: `Commission ${earnedText}` };
  }
}
