// What the app knows of the signed-in user: identity, grants, per-state permissions and navigation.
// Loaded once per sign-in and kept in localStorage too, so field screens open with no connection.

import type { ApiClient } from '../api/api-client';
import { errorStatus, isAbortedConnectionError, UnauthorizedError } from '../api/errors';
import type { Identity } from '../contract/auth';
import type { NavigationModule, StatePermission } from '../contract/navigation';
import type { Grant } from '../contract/permissions';
import { type GuardUser, SessionEndedError } from './guard';

export interface SessionData extends GuardUser {
  identity: Identity;
  grants: Grant[];
  states: StatePermission[];
  navigation: NavigationModule[];
  loadedAt: number;
}

/** What a session load reads (src/boot.ts starts the same requests early). */
export const SESSION_PATHS = {
  identity: 'Home/identity',
  grants: 'auth/permissions',
  states: 'home/permissions',
  navigation: 'Home/navigation-modules',
} as const;

export const SIGNED_IN_KEY = 'apex.signedIn';
const CACHE_KEY = 'apex.session';

export class Session {
  private data: SessionData | null = null;
  private pending: Promise<SessionData> | null = null;
  private listeners = new Set<() => void>();

  constructor(
    private readonly api: ApiClient,
    private readonly storage: Storage = localStorage,
  ) {}

  /** Whether this browser holds a sign-in (set by the sign-in page, cleared by sign-out / 401). */
  get signedIn(): boolean {
    return this.storage.getItem(SIGNED_IN_KEY) === '1';
  }

  markSignedIn(): void {
    this.storage.setItem(SIGNED_IN_KEY, '1');
    this.data = null;
  }

  get current(): SessionData | null {
    return this.data;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The user's data, fetched once per sign-in. A 401 means the session ended (SessionEndedError);
   * with no connection the copy kept from the last load is used.
   */
  load(): Promise<SessionData> {
    if (this.data) return Promise.resolve(this.data);
    this.pending ??= this.fetch().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async fetch(): Promise<SessionData> {
    try {
      // Not parsed here: the server sends each of these through the same contract schema
      // (server/modules/home, auth: `response` schemas), and parsing would put the schema library on
      // every first screen. The copy kept for offline use is parsed when read back (readCache).
      const [identity, grants, states, navigation] = await Promise.all([
        this.api.get<Identity>(SESSION_PATHS.identity),
        this.api.get<Grant[]>(SESSION_PATHS.grants),
        this.api.get<StatePermission[]>(SESSION_PATHS.states),
        this.api.get<NavigationModule[]>(SESSION_PATHS.navigation),
      ]);
      const data: SessionData = { identity, grants, states, navigation, loadedAt: Date.now() };
      this.storage.setItem(CACHE_KEY, JSON.stringify(data));
      this.set(data);
      return data;
    } catch (err) {
      if (err instanceof UnauthorizedError || errorStatus(err) === 401) {
        this.forget();
        throw new SessionEndedError('The session has ended');
      }
      const offline =
        isAbortedConnectionError(err) || (typeof navigator !== 'undefined' && !navigator.onLine);
      const cached = offline ? await this.readCache() : null;
      if (cached) {
        this.set(cached);
        return cached;
      }
      throw err;
    }
  }

  /** The kept copy, checked against the contract (a copy from an older app may not fit any more). */
  private async readCache(): Promise<SessionData | null> {
    try {
      const raw = this.storage.getItem(CACHE_KEY);
      if (!raw) return null;
      const { parseKeptSession } = await import('./session-cache');
      return parseKeptSession(JSON.parse(raw));
    } catch {
      return null;
    }
  }

  private set(data: SessionData | null): void {
    this.data = data;
    for (const l of this.listeners) l();
  }

  /** The server ended the session: drop what is loaded but remember this browser had signed in. */
  expire(): void {
    this.storage.removeItem(CACHE_KEY);
    this.set(null);
  }

  /** Forget the user on this device (sign-out, or the server ended the session). */
  forget(): void {
    this.storage.removeItem(SIGNED_IN_KEY);
    this.storage.removeItem(CACHE_KEY);
    this.set(null);
  }
}
