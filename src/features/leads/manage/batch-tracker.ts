// The job tracker that follows lead-batch jobs started on this screen (spec 000 §4: kept in
// localStorage, polled every 5000 ms until Failed or Succeeded). One instance per ApiClient; main.tsx
// starts the app's own tracker over the same storage, so a job this one misses (the other removed it
// first) is read once more directly by the screen.
import type { ApiClient } from '../../../api/api-client';
import { createJobTracker, type JobTracker } from '../../../api/job-tracker';

const trackers = new WeakMap<ApiClient, JobTracker>();

export function batchTracker(api: ApiClient): JobTracker {
  let tracker = trackers.get(api);
  if (!tracker) {
    tracker = createJobTracker(api);
    tracker.start();
    trackers.set(api, tracker);
  }
  return tracker;
}
