// Human texts of line traces. Hours as decimals without trailing zeros ('7.5 h'), money as dollars.
import type { LineTrace } from './types';

export function hoursText(minutes: number): string {
  const h = Math.round((minutes / 60) * 100) / 100;
  return `${h} h`;
}

export function moneyText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function trace(
  Rule: string,
  Text: string,
  ids: { TimeEntryIDs?: number[]; PieceNumbers?: number[]; LateAdjustmentIDs?: number[] } = {},
): LineTrace {
  return {
    Rule,
    Text,
    TimeEntryIDs: ids.TimeEntryIDs ?? [],
    PieceNumbers: ids.PieceNumbers ?? [],
    LateAdjustmentIDs: ids.LateAdjustmentIDs ?? [],
  };
}
