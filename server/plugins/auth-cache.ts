// The in-memory side of authentication (server/plugins/auth.ts): verified tokens by their text, and
// each session's resolved user, permission keys and scopes, for their life — so a signed-in request
// costs no database read at all while nothing it depends on has changed.
//
// What is cached is only used while the auth version it was read at is current. The version is a
// row (auth_version) that triggers bump in the same transaction as every change the access is read
// from — a session revoked, a user's status or password, roles, grants, claims, employment records,
// offices, API clients (server/db/sql/auth-version.sql) — whoever writes it: a route, a job, psql.
// How an instance learns the version:
// - embedded database (PGlite, one process): the triggers also NOTIFY apex_auth; PGlite hands the
//   notification to this process's listener before the writer's query returns, so the very next
//   request sees the change, without any query per request;
// - PostgreSQL server (one or several instances): a tiny read of the version row by primary key,
//   coalesced — a request waits for a read that *started after it arrived*, so a change committed
//   before a request arrived (on any instance) is always seen, and concurrent requests share reads
//   (at most two in sequence, one in flight).
// A missing session or user is never cached (always read again); a cached session past its idle or
// absolute limit is read again too (another instance may have kept it alive).

import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client';
import { authVersion } from '../db/tables';
import type { Actor, SessionFacts } from '../modules/access/service';
import { TOKEN_LIFETIME_SECONDS, type TokenClaims, tokenVerifier } from '../modules/auth/tokens';

export const AUTH_CHANNEL = 'apex_auth';

export interface AuthCacheOptions {
  /** Sessions (and API clients) whose access is kept; the least recently used go first. */
  maxSessions?: number;
  /**
   * Grants kept over all sessions (an administrator's access holds a couple of hundred, a rep's a few
   * dozen; a grant costs a few hundred bytes): bounds the memory whoever signs in.
   */
  maxGrants?: number;
  /** Verified tokens kept by their text. */
  maxTokens?: number;
  /** Force the version read per request even when the database can notify (tests). */
  poll?: boolean;
}

/** A session's (or an API client's) resolved access. */
export interface CachedAccess {
  /** The auth version current when its reading started. */
  version: number;
  /** The accepted session (null for an API client's token); its LastSeenAt follows the touches. */
  session: SessionFacts | null;
  actor: Actor;
}

/** Where the current auth version comes from. */
interface VersionSource {
  /** A version that reflects every change committed before the call. */
  current(): number | Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** PGlite-like clients tell their own process of NOTIFYs (server/db/client.ts opens one). */
interface Listener {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

function listenerOf(db: Db): Listener | null {
  const client = (db as unknown as { $client?: unknown }).$client as Partial<Listener> | undefined;
  return client && typeof client.listen === 'function' ? (client as Listener) : null;
}

/** Reads the version row; one prepared statement, coalesced as described above. */
class PolledVersion implements VersionSource {
  private running: Promise<number> | null = null;
  private queued: Promise<number> | null = null;
  private readonly read: () => Promise<number>;

  constructor(db: Db) {
    const statement = db
      .select({ Version: authVersion.Version })
      .from(authVersion)
      .where(eq(authVersion.ID, 1))
      .prepare('apex_auth_version');
    this.read = async () => Number((await statement.execute())[0]?.Version ?? 0);
  }

  current(): Promise<number> {
    if (!this.running) return this.launch();
    // The read under way may have started before this request arrived: wait for the next one.
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.launch();
      });
    return this.queued;
  }

  private launch(): Promise<number> {
    const read = this.read();
    this.running = read;
    const done = () => {
      if (this.running === read) this.running = null;
    };
    read.then(done, done);
    return read;
  }

  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}

/** Counts the NOTIFYs of an embedded database; reads the row until the listener is in place. */
class NotifiedVersion implements VersionSource {
  /** Negative, so that it never equals a version read from the row (≥ 0). */
  private count = -1;
  private listening = false;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly listener: Listener,
    private readonly fallback: VersionSource,
  ) {}

  current(): number | Promise<number> {
    if (!this.listening) return this.fallback.current();
    return this.count;
  }

  async start(): Promise<void> {
    if (this.unlisten) return;
    this.unlisten = await this.listener.listen(AUTH_CHANNEL, () => {
      this.count--;
    });
    this.listening = true;
  }

  async stop(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = null;
    this.listening = false;
    // The database may be closed already (it is closed after the app).
    await unlisten?.().catch(() => undefined);
  }
}

export class AuthCache {
  private readonly access: LRUCache<string, CachedAccess>;
  private readonly source: VersionSource;
  readonly verify: (token: string) => Promise<TokenClaims | null>;

  constructor(db: Db, key: Uint8Array, options: AuthCacheOptions = {}) {
    this.access = new LRUCache<string, CachedAccess>({
      max: options.maxSessions ?? 10_000,
      maxSize: options.maxGrants ?? 200_000,
      sizeCalculation: (entry) => 1 + entry.actor.grants.length,
      // A session's access lives as long as a token: refreshed from the database at least that often.
      ttl: TOKEN_LIFETIME_SECONDS * 1000,
    });
    this.verify = tokenVerifier(key, { maxTokens: options.maxTokens ?? 20_000 });
    const polled = new PolledVersion(db);
    const listener = options.poll ? null : listenerOf(db);
    this.source = listener ? new NotifiedVersion(listener, polled) : polled;
  }

  /** How this instance learns of changes: 'notify' (embedded database) or 'poll' (PostgreSQL server). */
  get mode(): 'notify' | 'poll' {
    return this.source instanceof NotifiedVersion ? 'notify' : 'poll';
  }

  start(): Promise<void> {
    return this.source.start();
  }

  stop(): Promise<void> {
    this.access.clear();
    return this.source.stop();
  }

  version(): number | Promise<number> {
    return this.source.current();
  }

  /** The access cached under `key` if it was read at `version`. */
  get(key: string, version: number): CachedAccess | undefined {
    const hit = this.access.get(key);
    if (!hit) return undefined;
    if (hit.version === version) return hit;
    this.access.delete(key);
    return undefined;
  }

  set(key: string, entry: CachedAccess, expiresAt?: Date): void {
    const left = expiresAt ? expiresAt.getTime() - Date.now() : Number.POSITIVE_INFINITY;
    if (left <= 0) return;
    this.access.set(key, entry, { ttl: Math.min(TOKEN_LIFETIME_SECONDS * 1000, left) });
  }

  delete(key: string): void {
    this.access.delete(key);
  }

  get size(): number {
    return this.access.size;
  }
}

/** Cache keys: a session by its hash (token or cookie alike), an API client with its user. */
export const sessionKey = (sessionHash: string) => `s:${sessionHash}`;
export const clientKey = (clientId: string, employeeId: number) => `c:${clientId}:${employeeId}`;
