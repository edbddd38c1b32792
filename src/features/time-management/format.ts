// Dates, times and durations as the time-management screens show them (pure; no React).
import { addDays, format, parse, startOfWeek } from 'date-fns';
import { wireDay } from '../../contract/time-management';
import { formatTimeOfDay } from '../../lib/dates';

export { wireDay };

/** A local Date of a 'YYYY-MM-DD' day. */
export function dayDate(day: string): Date {
  return parse(day, 'yyyy-MM-dd', new Date());
}

export function toWire(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

export function shiftDay(day: string, days: number): string {
  return toWire(addDays(dayDate(day), days));
}

/** Monday of the week containing a day. */
export function mondayOf(day: string): string {
  return toWire(startOfWeek(dayDate(day), { weekStartsOn: 1 }));
}

/** 'Tue, Nov 17' */
export function dayLabel(day: string | Date): string {
  return format(dayDate(wireDay(day)), 'EEE, MMM d');
}

/** 'Nov 16 – Nov 22, 2026' */
export function rangeLabel(start: string | Date, end: string | Date): string {
  const a = dayDate(wireDay(start));
  const b = dayDate(wireDay(end));
  return `${format(a, 'MMM d')} – ${format(b, 'MMM d, yyyy')}`;
}

/** '9:05 AM' of 'HH:mm:ss'; '' for null. */
export function timeLabel(time: string | null | undefined): string {
  return formatTimeOfDay(time);
}

/** '7:30' (hours:minutes); negative with a minus sign. */
export function hoursLabel(minutes: number): string {
  const sign = minutes < 0 ? '−' : '';
  const m = Math.abs(minutes);
  return `${sign}${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

/** 'HH:mm:ss' of an <input type="time"> value ('HH:mm' or 'HH:mm:ss'); null when empty. */
export function wireTimeOf(value: string): string | null {
  if (!value) return null;
  return value.length === 5 ? `${value}:00` : value.slice(0, 8);
}

/** The <input type="time"> value of 'HH:mm:ss' (seconds kept when not zero). */
export function inputTimeOf(time: string | null | undefined): string {
  if (!time) return '';
  return time.endsWith(':00') ? time.slice(0, 5) : time;
}

/** Minutes from start to end, across midnight when the end is earlier; 0 unless both are set. */
export function spanMinutes(start: string | null | undefined, end: string | null | undefined): number {
  if (!start || !end) return 0;
  const s = (t: string) => {
    const [h, m, sec] = t.split(':').map(Number);
    return h * 3600 + m * 60 + (sec || 0);
  };
  let diff = s(end) - s(start);
  if (diff < 0) diff += 86_400;
  return Math.floor(diff / 60);
}
