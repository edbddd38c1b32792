// How often a background job worker (lead batches, report jobs) looks for queued work it was not told
// of: jobs queued by another server process sharing the database, and jobs left stale by a process
// that died. Jobs queued by this process start at once.
export const POLL_MS = 10_000;
