import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSyncEngineStatus, useSyncStatus } from '../../../src/offline/use-sync-status';
import { createOffline, harness } from './offline-kit';

describe('useSyncStatus', () => {
  it('follows the outbox of the given user only', async () => {
    const h = harness();
    h.server.respond = (r) =>
      (r.body as { Notes?: string }).Notes === 'bad' ? { status: 400, body: { Message: 'No.' } } : undefined;
    await createOffline(h, 'bob', { Notes: 'not mine' });
    const { result } = renderHook(() => useSyncStatus('u1', h.db));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current).toMatchObject({ pending: 0, failed: 0, conflict: 0, total: 0, rows: [] });

    await act(async () => {
      await createOffline(h, 'u1', { Notes: 'bad' });
      await createOffline(h, 'u1', { Notes: 'a' });
    });
    await waitFor(() => expect(result.current.pending).toBe(2));

    await act(() => h.engine.syncNow());
    await waitFor(() => expect(result.current).toMatchObject({ pending: 0, failed: 1, total: 1 }));
    expect(result.current.rows[0]).toMatchObject({ lastError: 'No.', userId: 'u1' });
  });

  it('is empty when nobody is signed in', async () => {
    const h = harness();
    await createOffline(h, 'u1', { Notes: 'a' });
    const { result } = renderHook(() => useSyncStatus(null, h.db));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current.total).toBe(0);
  });
});

describe('useSyncEngineStatus', () => {
  it('re-renders with the engine status', async () => {
    const h = harness();
    h.server.respond = () => ({ status: 401, body: { Message: 'Sign in.' } });
    await createOffline(h, 'u1', { Notes: 'a' });
    const { result } = renderHook(() => useSyncEngineStatus(h.engine));
    expect(result.current.paused).toBe(false);
    await act(() => h.engine.syncNow());
    expect(result.current).toMatchObject({ paused: true, pending: 1 });
  });
});
