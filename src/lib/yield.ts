// Splitting long work into tasks (no dependencies: the API client uses it too).

/**
 * Resolves in a later task, so that the caller's work is split into tasks a tap can come between:
 * `scheduler.yield()` where the browser has it (the caller keeps its place ahead of other tasks),
 * otherwise a zero-delay timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
