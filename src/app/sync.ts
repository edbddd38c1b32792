// The app's sync engine: one per signed-in user, sending the outbox through the ApiClient (so the
// method override, tokens and error handling apply), started after sign-in and stopped at sign-out.
import type { ApiClient } from '../api/api-client';
import { AbortedConnectionError, isResponseError } from '../api/errors';
import { getDb } from '../offline/db';
import { type SendFunction, SyncEngine, type SyncStatus } from '../offline/sync-engine';

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
  private listeners = new Set<Listener>();

  /** `ready` resolves once every offline command is registered; the engines send only after it. */
  constructor(
    private readonly api: ApiClient,
    private readonly ready?: Promise<unknown>,
  ) {}

  get current(): SyncEngine | null {
    return this.engine;
  }

  /** Runs the engine for this user (a different user's engine is stopped first). */
  startFor(userId: string): SyncEngine {
    if (this.engine?.userId === userId) {
      this.engine.resume();
      return this.engine;
    }
    this.stop();
    this.engine = new SyncEngine({
      db: getDb(),
      userId,
      send: apiSend(this.api),
      onError: (err) => console.error('sync:', err),
      ready: this.ready,
    });
    void this.engine.start();
    this.emit();
    return this.engine;
  }

  stop(): void {
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
