// The embedded database while it is still opening: a drizzle database whose queries wait until
// PGlite's thread is up and the migrations have run, then go to it. server/main.ts hands it to the app
// at once, so that Fastify registers its routes (and the demo company is looked for) while the
// database opens, instead of after. Nothing listens before the database is open (server/app.ts waits
// for `ready` before it returns), so no request waits on it; a failure to open rejects `ready` and
// every query with the same error.
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database, Db } from './client';
import * as tables from './tables';

/** What drizzle's PGlite driver and the app's listeners call on the client (PGlite or its thread). */
interface Client {
  query(...args: unknown[]): Promise<unknown>;
  exec(...args: unknown[]): Promise<unknown>;
  transaction(callback: (tx: unknown) => Promise<unknown>): Promise<unknown>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/** Forwards each call to the client once it is open. A class: drizzle takes a plain object for options. */
class OpeningClient {
  constructor(private readonly client: Promise<Client>) {}

  async query(...args: unknown[]) {
    return (await this.client).query(...args);
  }

  async exec(...args: unknown[]) {
    return (await this.client).exec(...args);
  }

  async transaction(callback: (tx: unknown) => Promise<unknown>) {
    return (await this.client).transaction(callback);
  }

  async listen(channel: string, callback: (payload: string) => void) {
    return (await this.client).listen(channel, callback);
  }
}

export interface OpeningDatabase {
  /** Usable now; its queries wait for the database. */
  database: Database;
  /** Resolves once the database is open and migrated; rejects with the reason it could not open. */
  ready: Promise<unknown>;
}

/** `opening`: openDatabase() of the embedded database (PGlite on its thread), under way. */
export function openingDatabase(opening: Promise<Database>): OpeningDatabase {
  const client = opening.then((open) => (open.db as unknown as { $client: Client }).$client);
  // Told to whoever waits on `ready` or a query; not an unhandled rejection meanwhile.
  client.catch(() => undefined);
  const db = drizzle(new OpeningClient(client) as unknown as PGlite, { schema: tables });
  return {
    database: {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => (await opening).close(),
    },
    ready: client,
  };
}
