// Relative time ('5 minutes ago') that keeps itself current (spec 000 §9, spec 002 §9): it re-renders
// every 1 s under a minute old, every 30 s under 60 minutes, every 300 s under 180 minutes, else hourly.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateInput, formatActivityDate, toDate } from '../lib/dates';
import { formatRelativeTime, refreshIntervalMs, toBcp47 } from '../lib/relative-time';

export interface RelativeTimeProps {
  date: DateInput;
  /** Shown when there is no valid date. */
  fallback?: string;
}

export function RelativeTime({ date, fallback = '' }: RelativeTimeProps) {
  const { i18n } = useTranslation();
  const value = toDate(date);
  const time = value?.getTime() ?? null;
  // Each refresh re-renders (the text is recomputed against the clock) and schedules the next one
  // for the new age.
  const [, setTick] = useState(0);

  useEffect(() => {
    if (time === null) return;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          setTick((n) => n + 1);
          schedule();
        },
        refreshIntervalMs(time, Date.now()),
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [time]);

  if (value === null) return <span>{fallback}</span>;
  return (
    <time dateTime={value.toISOString()} title={formatActivityDate(value)}>
      {formatRelativeTime(value, Date.now(), toBcp47(i18n.language || 'en_CA'))}
    </time>
  );
}
