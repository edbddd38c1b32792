// Where the background-job tracker (job-tracker.ts) keeps the jobs a user started: light enough for
// the app's start, which loads the tracker only when a job is kept.
import { browserStorage } from './method-support';

export function jobTrackerStorageKey(apiRoot: string): string {
  return `apex.jobs:${apiRoot}`;
}

/** Whether any job is kept for this API root (storage that cannot be read holds none). */
export function hasKeptJobs(
  apiRoot: string,
  storage: Pick<Storage, 'getItem'> | null = browserStorage(),
): boolean {
  try {
    const raw = storage?.getItem(jobTrackerStorageKey(apiRoot));
    return !!raw && raw !== '[]';
  } catch {
    return false;
  }
}
