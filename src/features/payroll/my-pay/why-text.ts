// The words of a difference and of each of its reasons ("why"), from the structured fields the
// server sends, through i18next (the server's English Text is for API readers and the PDF).
import type { TFunction } from 'i18next';
import type { Why } from '../../../contract/pay-stubs';
import { quantity, shortDay, weekdayOf } from './format';

/** 'Overtime hours' for a difference column. */
export function fieldLabel(t: TFunction, field: string, caption?: string): string {
  return t(`pay-stubs.field.${field}`, { defaultValue: caption ?? field });
}

export function whyText(t: TFunction, w: Why, locale: string): string {
  const by = w.ByName ?? t('pay-stubs.why.someone');
  const on = w.At ? shortDay(w.At) : '';
  const entry = w.EntryDate
    ? t('pay-stubs.why.entryOf', { day: weekdayOf(w.EntryDate), date: shortDay(w.EntryDate) })
    : t('pay-stubs.why.anEntry');
  const minutes =
    w.Minutes !== null && w.Minutes !== 0
      ? t('pay-stubs.why.minutes', {
          hours: `${w.Minutes < 0 ? '−' : '+'}${quantity(Math.abs(w.Minutes) / 60, locale)}`,
        })
      : '';
  switch (w.Kind) {
    case 'EntryCreated':
    case 'EntryChanged':
    case 'EntryDeleted':
    case 'LateAdjustment':
      return `${t(`pay-stubs.why.${w.Kind}`, { entry, by, on })}${minutes}`;
    case 'InputChanged':
      return t('pay-stubs.why.InputChanged', {
        field: t(`pay-stubs.input.${w.Field}`, { defaultValue: w.Field ?? '' }),
        before: w.Before ?? '—',
        after: w.After ?? '—',
        by,
        on,
      });
    case 'PiecesChanged':
      if (w.Before === null) return t('pay-stubs.why.pieceAdded', { piece: w.Field, after: w.After, by, on });
      if (w.After === null)
        return t('pay-stubs.why.pieceRemoved', { piece: w.Field, before: w.Before, by, on });
      return t('pay-stubs.why.pieceChanged', { piece: w.Field, before: w.Before, after: w.After, by, on });
    case 'RateChanged':
      return t('pay-stubs.why.RateChanged', { field: w.Field, before: w.Before, after: w.After });
    case 'Indirect':
      return t('pay-stubs.why.Indirect', { field: fieldLabel(t, w.Field ?? '').toLowerCase() });
    default:
      return t('pay-stubs.why.Recalculated', { by, on });
  }
}
