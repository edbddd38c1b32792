// One date and one date-time format per locale, on every screen:
// - A day reads 'Nov 19, 2026': the medium date of the UI language (en_CA and en_US read alike).
//   A wire day 'YYYY-MM-DD' is that calendar day (local midnight, never a UTC shift; toDate).
// - A date with a time reads 'Nov 19, 2026, 5:59 AM': the day as above, then formatTimeOfDay, so
//   AM/PM or 24h follows TIME_OF_DAY_CLOCK like every other time on screen.
// Activity timelines keep formatActivityDate ('Mar 14, 2025 at 3:05 PM', src/lib/dates.ts). CSV and
// exports, <input> values and wire values keep their machine formats (ISO).
import { currentLanguage, type DateInput, formatTimeOfDay, toDate } from './dates';

export interface DateDisplayOptions {
  /** The i18next language ('en_CA'); the UI's current one (currentLanguage) when omitted. */
  locale?: string;
  /** What a missing or invalid value reads as: '' (the default) or '—', as the screen has it. */
  empty?: string;
}

/** The medium date of a locale; not cached, so a format always reads the current time zone. */
function mediumDay(date: Date, locale: string): string {
  try {
    return date.toLocaleDateString(locale.replace('_', '-'), { dateStyle: 'medium' });
  } catch {
    // Not a BCP 47 tag (i18next's 'cimode', say): read like the default locale.
    return date.toLocaleDateString('en-CA', { dateStyle: 'medium' });
  }
}

const languageOf = (options: DateDisplayOptions) => options.locale ?? currentLanguage() ?? 'en_CA';

/** 'Nov 19, 2026' of a wire day, an instant (its local day) or a Date; `empty` when there is none. */
export function formatDay(value: DateInput, options: DateDisplayOptions = {}): string {
  const date = toDate(value);
  return date ? mediumDay(date, languageOf(options)) : (options.empty ?? '');
}

/** 'Nov 19, 2026, 5:59 AM' of an instant, in the reader's time zone; `empty` when there is none. */
export function formatDateTime(value: DateInput, options: DateDisplayOptions = {}): string {
  const date = toDate(value);
  if (!date) return options.empty ?? '';
  const locale = languageOf(options);
  return `${mediumDay(date, locale)}, ${formatTimeOfDay(date, { locale })}`;
}
