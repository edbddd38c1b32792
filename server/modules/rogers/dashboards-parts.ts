// Shared parts of the Rogers dashboards (dashboards-service.ts): what a dashboard is made of and how
// its columns and figures are written.
import type { Chart, Column, Figure, Row } from '../../../src/contract/rogers';
import { addDays, isoWeekday } from '../../domain/time/clock-time';

export interface Made {
  Figures: Figure[];
  Charts: Chart[];
  Columns: Column[];
  Rows: Row[];
}

export const col = (Key: string, Format: Column['Format'] = 'text'): Column => ({ Key, Format });
export const fig = (Key: string, Value: number, Format: Figure['Format'] = 'int'): Figure => ({
  Key,
  Value,
  Format,
});

/** The Monday of the week of a day. */
export const weekStart = (day: string) => addDays(day, 1 - isoWeekday(day));
