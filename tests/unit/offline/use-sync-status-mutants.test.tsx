// What the sync status hooks (src/offline/use-sync-status.ts) show: the counts of each kind of outbox
// row, nothing before the first read and for nobody signed in, another user's outbox once the user
// changes, and before the engine runs, the connection as the browser and the app's requests know it.
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connection } from '../../../src/api/connection';
import type { OutboxRow } from '../../../src/offline/db';
import type { SyncStatus } from '../../../src/offline/sync-engine';
import { summarizeOutbox, useSyncEngineStatus, useSyncStatus } from '../../../src/offline/use-sync-status';
import { harness, newDb } from './offline-kit';

function row(id: string, userId: string, status: OutboxRow['status'], seq: number): OutboxRow {
  return {
    id,
    userId,
    command: 'timeEntry.update',
    args: {},
    entityKey: `timeEntry:${seq}`,
    method: 'PUT',
    path: `time-entries/${seq}`,
    body: {},
    idempotencyKey: `key-${id}`,
    createdAt: 1,
    seq,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    lastStatus: null,
    status,
    tempRefs: [],
  };
}

const NEUTRAL: SyncStatus = {
  online: true,
  pending: 0,
  failed: 0,
  conflict: 0,
  sending: false,
  lastSyncAt: null,
  paused: false,
  counted: false,
};

describe('summarizeOutbox', () => {
  it('counts waiting (pending or sending), failed and conflicting rows; the total is every row', () => {
    const rows = [
      row('a', 'u1', 'pending', 1),
      row('b', 'u1', 'sending', 2),
      row('c', 'u1', 'failed', 3),
      row('d', 'u1', 'conflict', 4),
      row('e', 'u1', 'conflict', 5),
    ];
    const summary = summarizeOutbox(rows);
    expect(summary).toEqual({ pending: 2, failed: 1, conflict: 2, total: 5, rows, loaded: true });
    expect(summary.rows).toBe(rows);
    expect(summarizeOutbox([])).toEqual({
      pending: 0,
      failed: 0,
      conflict: 0,
      total: 0,
      rows: [],
      loaded: true,
    });
  });
});

describe('useSyncStatus', () => {
  it('shows nothing (not loaded) until the first read answers', async () => {
    const db = newDb();
    await db.outbox.put(row('a', 'u1', 'pending', 1));
    const seen: Array<{ loaded: boolean; total: number; pending: number; failed: number; conflict: number }> =
      [];
    function Probe() {
      const s = useSyncStatus('u1', db);
      seen.push({
        loaded: s.loaded,
        total: s.total,
        pending: s.pending,
        failed: s.failed,
        conflict: s.conflict,
      });
      return null;
    }
    render(<Probe />);
    expect(seen[0]).toEqual({ loaded: false, total: 0, pending: 0, failed: 0, conflict: 0 });
    await waitFor(() =>
      expect(seen.at(-1)).toEqual({ loaded: true, total: 1, pending: 1, failed: 0, conflict: 0 }),
    );
  });

  it('lists the user’s rows in replay order and follows the user who is signed in', async () => {
    const db = newDb();
    await db.outbox.bulkPut([
      row('late', 'u1', 'failed', 9),
      row('early', 'u1', 'pending', 2),
      row('bob', 'bob', 'conflict', 5),
    ]);
    const { result, rerender } = renderHook(
      ({ user }: { user: string | null | undefined }) => useSyncStatus(user, db),
      {
        initialProps: { user: 'u1' as string | null | undefined },
      },
    );
    await waitFor(() => expect(result.current.total).toBe(2));
    expect(result.current.rows.map((r) => r.id)).toEqual(['early', 'late']);
    expect(result.current).toMatchObject({ pending: 1, failed: 1, conflict: 0, loaded: true });

    rerender({ user: 'bob' });
    await waitFor(() => expect(result.current.rows.map((r) => r.id)).toEqual(['bob']));
    expect(result.current).toMatchObject({ pending: 0, failed: 0, conflict: 1, total: 1 });

    for (const nobody of [undefined, null]) {
      rerender({ user: nobody });
      await waitFor(() => expect(result.current.total).toBe(0));
      expect(result.current).toEqual({
        pending: 0,
        failed: 0,
        conflict: 0,
        total: 0,
        rows: [],
        loaded: true,
      });
    }
  });
});

describe('useSyncEngineStatus before the engine runs', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => connection.reportAnswer());
  });

  it('is connected with nothing waiting while the browser and the requests say so', () => {
    const { result } = renderHook(() => useSyncEngineStatus(null));
    expect(result.current).toEqual(NEUTRAL);
    const other = renderHook(() => useSyncEngineStatus(undefined));
    expect(other.result.current).toEqual(NEUTRAL);
  });

  it('shows no connection while the browser has no network, and the connection again when it returns', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { result } = renderHook(() => useSyncEngineStatus(null));
    expect(result.current).toEqual({ ...NEUTRAL, online: false });
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(result.current).toEqual(NEUTRAL);
    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(result.current.online).toBe(false);
  });

  it("shows no connection once the app's requests stop reaching the server, and the connection at the next answer", () => {
    const { result } = renderHook(() => useSyncEngineStatus(null));
    act(() => {
      connection.reportFailure();
      connection.reportFailure();
    });
    expect(result.current).toEqual({ ...NEUTRAL, online: false });
    act(() => connection.reportAnswer());
    expect(result.current).toEqual(NEUTRAL);
  });

  it('stops listening to the window once unmounted', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const { unmount } = renderHook(() => useSyncEngineStatus(null));
    const listened = added.mock.calls.filter(([type]) => type === 'online' || type === 'offline');
    expect(listened.map(([type]) => type).sort()).toEqual(['offline', 'online']);
    unmount();
    for (const [type, listener] of listened)
      expect(removed.mock.calls.some(([t, l]) => t === type && l === listener)).toBe(true);
  });

  it('without a navigator (not a page), follows the connection store alone', () => {
    vi.stubGlobal('navigator', undefined);
    try {
      const { result } = renderHook(() => useSyncEngineStatus(null));
      expect(result.current).toEqual(NEUTRAL);
      act(() => {
        connection.reportFailure();
        connection.reportFailure();
      });
      expect(result.current).toEqual({ ...NEUTRAL, online: false });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a page rendered on a server shows the neutral status', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    function Show() {
      return <p>{JSON.stringify(useSyncEngineStatus(null))}</p>;
    }
    expect(renderToString(<Show />)).toContain(JSON.stringify(NEUTRAL).replaceAll('"', '&quot;'));
  });
});

describe('useSyncEngineStatus with the engine', () => {
  it("shows the engine's status and follows it, then the connection's once the engine is gone", async () => {
    const h = harness();
    h.server.respond = () => ({ status: 401, body: { Message: 'Sign in.' } });
    const { result, rerender } = renderHook(({ engine }) => useSyncEngineStatus(engine), {
      initialProps: { engine: h.engine as typeof h.engine | null },
    });
    expect(result.current).toEqual(h.engine.getStatus());
    await act(async () => {
      await h.db.outbox.put(row('a', 'u1', 'pending', 1));
      await h.engine.syncNow();
    });
    expect(result.current.paused).toBe(h.engine.getStatus().paused);
    expect(result.current).toEqual(h.engine.getStatus());
    rerender({ engine: null });
    expect(result.current).toEqual(NEUTRAL);
  });
});
