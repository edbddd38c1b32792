// The app's sync engine: one per signed-in user, sending the outbox through the ApiClient (so the
// method override, tokens and error handling apply), started after sign-in and stopped at sign-out.
import type { ApiClient } from '../api/api-client';
import { AbortedConnectionError, isResponseError } from '../api/errors';
import { offlineStore } from '../offline/store';
import type { SyncEngine, SyncStatus } from '../offline/sync-engine';
import type { SendFunction } from '../offline/sync-protocol';

function headerRecord(headers: Headers | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  headers?.forEach((value, name) => {
    out[name.toLowerCase()] = value;
  });
  return out;
}

/** The engine's transport: HTTP answers become `{ status, body, headers }`; only "no answer" rejects. */
export function apiSend(api: ApiClient): SendFunction {
  return async (req) => {
    try {
      const res = await api.request<Response>({
        method: req.method,
        path: req.path,
        body: req.body,
        headers: req.headers,
        responseType: 'response',
        retry503: false,
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body, headers: headerRecord(res.headers) };
    } catch (err) {
      if (err instanceof AbortedConnectionError) throw err;
      if (isResponseError(err)) {
        const headers = err.headers instanceof Headers ? headerRecord(err.headers) : {};
        return { status: err.status, body: err.data, headers };
      }
      throw err;
    }
  };
}

type Listener = (engine: SyncEngine | null) => void;

export class SyncController {
  private engine: SyncEngine | null = null;
  /** The user whose engine is being loaded. */
  private starting: string | null = null;
  private listeners = new Set<Listener>();

  /**
   * The engines are loaded once `ready` resolves (the first screen is up); `loadCommands` registers
   * the queued commands the registry lacks (SyncEngineOptions.loadCommands).
   */
  constructor(
    private readonly api: ApiClient,
    private readonly ready?: Promise<unknown>,
    private readonly loadCommands?: (names: string[]) => Promise<unknown>,
  ) {}

  get current(): SyncEngine | null {
    return this.engine;
  }

  /**
   * Runs the engine for this user (a different user's engine is stopped first). The engine's code is
   * loaded once the first screen is up (`ready`): it sends nothing before.
   */
  startFor(userId: string): void {
    if (this.engine?.userId === userId) {
      void this.engine.resume();
      return;
    }
    if (this.starting === userId) return;
    this.stop();
    const starting = userId;
    this.starting = starting;
    const load = () =>
      Promise.resolve(this.ready)
        .catch(() => undefined)
        .then(() => Promise.all([import('../offline/sync-engine'), offlineStore()]));
    void load()
      // A chunk that could not be fetched (no connection, no service worker yet): again when online.
      .catch(
        () =>
          new Promise<Awaited<ReturnType<typeof load>>>((resolve, reject) =>
            window.addEventListener('online', () => void load().then(resolve, reject), { once: true }),
          ),
      )
      .then(([{ SyncEngine: Engine }, { getDb }]) => {
        if (this.starting !== starting) return; // stopped, or another user, meanwhile
        this.starting = null;
        this.engine = new Engine({
          db: getDb(),
          userId,
          send: apiSend(this.api),
          // The connection every request reports to; the engine probes it while it is lost.
          connection: this.api.connection,
          probe: () => this.api.ping(),
          loadCommands: this.loadCommands,
          onError: (err) => console.error('sync:', err),
        });
        void this.engine.start();
        this.emit();
      })
      .catch((err: unknown) => console.error('sync:', err));
  }

  stop(): void {
    this.starting = null;
    this.engine?.stop();
    this.engine = null;
    this.emit();
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    for (const l of this.listeners) l(this.engine);
  }
}

export type { SyncStatus };
