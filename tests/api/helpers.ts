// Builds the server on a fresh in-memory PGlite (or, with TEST_DATABASE_URL, on a fresh schema of a
// real PostgreSQL server) with the demo company, and signs in as demo users through the real routes.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { type Database, type Db, openDatabase } from '../../server/db/client';
import type { DemoUser } from '../../server/seed/demo';

export const DEMO_PASSWORD = 'Demo!2026apex';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
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
  const url = process.env.TEST_DATABASE_URL;
  if (!database && url) {
    // A fresh database per test file on the real server (the migrations name the public schema).
    const name = `apex_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: target.toString() });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const built = await buildApp(config, database);
  const app = built.app;
  await app.ready();

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
    signIn,
    async close() {
      await app.close();
      if (database) await database.close();
      if (dropDatabase) await dropDatabase();
    },
  };
}

export function cookieFrom(header: string | string[] | undefined): string {
  const list = Array.isArray(header) ? header : header ? [header] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}
