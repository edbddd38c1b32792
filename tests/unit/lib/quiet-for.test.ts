import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quietFor } from '../../../src/lib/idle';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function settled(promise: Promise<void>) {
  const state = { done: false };
  void promise.then(() => {
    state.done = true;
  });
  return state;
}

describe('quietFor (warming waits for a user who just opened the app)', () => {
  it('resolves once the page has had no input for the whole time', async () => {
    const page = new EventTarget();
    const quiet = settled(quietFor(4000, 30_000, page));
    await vi.advanceTimersByTimeAsync(3999);
    expect(quiet.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(quiet.done).toBe(true);
  });

  it('starts counting again at each tap or key press', async () => {
    const page = new EventTarget();
    const quiet = settled(quietFor(4000, 30_000, page));
    await vi.advanceTimersByTimeAsync(3000);
    page.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(3000);
    page.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(3999);
    expect(quiet.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(quiet.done).toBe(true);
  });

  it('gives up waiting at the ceiling, however busy the user is', async () => {
    const page = new EventTarget();
    const quiet = settled(quietFor(4000, 10_000, page));
    for (let t = 0; t < 9; t++) {
      await vi.advanceTimersByTimeAsync(1000);
      page.dispatchEvent(new Event('pointerdown'));
    }
    expect(quiet.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(quiet.done).toBe(true);
  });
});
