// Builds the server on a fresh in-memory PGlite (or, with TEST_DATABASE_URL, on a fresh schema of a
// real PostgreSQL server) with the demo company, and signs in as demo users through the real routes.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { type Database, type Db, openDatabase } from '../../server/db/client';
import type { DemoUser } from '../../server/seed/demo';

export const DEMO_PASSWORD = 'Demo!2026apex';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** With TEST_DATABASE_URL: this app's own database on the server (another instance may open it too). */
  databaseUrl?: string;
  close(): Promise<void>;
  signIn(user: DemoUser | string, password?: string): Promise<Session>;
}

export interface Session {
  cookie: string;
  token: string;
  /** inject with this session's Bearer token */
  call(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export interface TestAppOptions {
  /** An open database to serve (e.g. one seeded at an injected clock); closed with the app. */
  database?: Database;
  /** Options of buildApp (e.g. the clock the role dashboards are computed at). */
  build?: BuildOptions;
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const config: Config = {
    ...loadConfig({}),
    inMemory: true,
    logLevel: 'silent',
    staticDir: null,
    // Cheaper scrypt for tests only; production uses N = 2^17.
    passwordCostLog2: 10,
    ...overrides,
  };
  let dropDatabase: (() => Promise<void>) | null = null;
  let database: Database | undefined = options.database;
  let databaseUrl: string | undefined;
  const url = process.env.TEST_DATABASE_URL;
  if (!database && url) {
    // A fresh database per test file on the real server (the migrations name the public schema).
    const name = `apex_test_${randomBytes(6).toString('hex')}`;
    await onServer(url, `create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    // Dropped once its pool is closed (close() below), so no session of ours is in it then: no
    // connection is ever ended under a client (57P01). `with (force)` only ends what a test leaked.
    dropDatabase = () => onServer(url, `drop database if exists ${name} with (force)`);
    try {
      database = await openDatabase({ databaseUrl });
    } catch (err) {
      await dropDatabase();
      throw err;
    }
  }
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp(config, database, options.build);
    await built.app.ready();
  } catch (err) {
    await database?.close();
    await dropDatabase?.();
    throw err;
  }
  const app = built.app;

  async function signIn(user: string, password = DEMO_PASSWORD): Promise<Session> {
    const login = await app.inject({
      method: 'POST',
      url: '/account/login',
      headers: { accept: 'application/json' },
      payload: { UserName: user, Password: password },
    });
    if (login.statusCode !== 200)
      throw new Error(`sign-in as ${user} failed: ${login.statusCode} ${login.body}`);
    const cookie = cookieFrom(login.headers['set-cookie']);
    const tokenRes = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { cookie },
      payload: { clientId: 'apex-pwa' },
    });
    const token = tokenRes.json<string>();
    return {
      cookie,
      token,
      call: (options) =>
        app.inject({ ...options, headers: { ...(options.headers ?? {}), authorization: `Bearer ${token}` } }),
    };
  }

  return {
    app,
    db: built.database.db,
    config,
    databaseUrl,
    signIn,
    async close() {
      // The app (its workers, the idempotency instance lock), then the pool, then the database.
      try {
        await app.close();
      } finally {
        try {
          if (database) await database.close();
        } finally {
          if (dropDatabase) await dropDatabase();
        }
      }
    },
  };
}

export function cookieFrom(header: string | string[] | undefined): string {
  const list = Array.isArray(header) ? header : header ? [header] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** One statement on the server's maintenance database (create or drop a test database). */
/**
 * With TEST_DATABASE_URL: a fresh, empty database on that server for a test that opens its own
 * connections (e.g. restarts a server on it), and how to drop it once they are closed. Null without.
 */
export async function freshServerDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return null;
  const name = `apex_test_${randomBytes(6).toString('hex')}`;
  await onServer(url, `create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: () => onServer(url, `drop database if exists ${name} with (force)`),
  };
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {}); // reported by the query below
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
