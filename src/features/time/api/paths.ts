// Where the Clock reads its data (also prefetched by the app while the session is checked).
export const CLOCK_LOOKUPS_PATH = 'time-entries/clock-lookups';

/** The week (Monday–Sunday) containing `date` (YYYY-MM-DD). */
export const weekPath = (date: string) => `time-entries/week/${date}`;
