// `WORKERS=2` with DATABASE_URL: the built server runs as a primary and two server processes sharing one
// port. Every request here opens its own connection, so the round-robin spreads them over both
// processes. Needs a PostgreSQL server (TEST_DATABASE_URL; scripts/with-postgres.sh starts one) and
// Linux's /proc (to see the processes); skipped otherwise.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../e2e/server';
import { cookieFrom, DEMO_PASSWORD, freshServerDatabase } from './helpers';

const runs = Boolean(process.env.TEST_DATABASE_URL) && existsSync('/proc/self/stat');

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let base = '';
let server: RunningServer;
let database: { url: string; drop(): Promise<void> } | null = null;

/** One HTTP call on a connection of its own (no keep-alive agent). */
function call(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The live child processes of `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid && fields[0] !== 'Z') found.push(Number(name));
    } catch {
      // the process ended while listing
    }
  }
  return found.sort((a, b) => a - b);
}

async function bearer(userName: string): Promise<string> {
  const login = await call('POST', '/account/login', {}, { UserName: userName, Password: DEMO_PASSWORD });
  expect(login.status).toBe(200);
  const token = await call(
    'POST',
    '/api/auth/token',
    { cookie: cookieFrom(login.headers['set-cookie']) },
    {
      clientId: 'apex-pwa',
    },
  );
  expect(token.status).toBe(200);
  return JSON.parse(token.body) as string;
}

async function onDatabase<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database?.url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const title = runs
  ? 'WORKERS=2: two server processes behind one port on one PostgreSQL database'
  : 'WORKERS=2 — skipped: needs a PostgreSQL server (TEST_DATABASE_URL; scripts/with-postgres.sh starts one) and /proc';

describe.skipIf(!runs)(title, () => {
  beforeAll(async () => {
    database = await freshServerDatabase();
    server = await startServer({ DATABASE_URL: database?.url ?? '', WORKERS: '2' });
    base = server.url;
  }, 120_000);

  afterAll(async () => {
    const workers = server ? childrenOf(server.pid) : [];
    await server?.stop();
    for (const pid of workers) if (!ended(pid)) process.kill(pid, 'SIGKILL');
    await database?.drop();
  });

  it('starts two server processes once the database is ready, and says so', async () => {
    expect(server.output()).toContain('2 server processes share the port (WORKERS=2)');
    expect(childrenOf(server.pid)).toHaveLength(2);
    // The primary seeded the demo company once.
    const [{ n }] = await onDatabase<{ n: string }>(
      "select count(*) as n from employees where user_name = 'staff'",
    );
    expect(Number(n)).toBe(1);
  });

  it('a session signed in on one process is honoured on every connection', async () => {
    const token = await bearer('staff');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call('GET', '/api/Home/identity', { authorization: `Bearer ${token}` }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((a) => JSON.parse(a.body).UserName))).toEqual(new Set(['staff']));
  });

  it('one Idempotency-Key sent on many connections at once is carried out once', async () => {
    const token = await bearer('staff');
    const [office] = await onDatabase<{ id: number }>(
      "select icd_office_id as id from icd_offices where office_name = 'Toronto Central'",
    );
    const send = () =>
      call(
        'POST',
        '/api/time-entries',
        { authorization: `Bearer ${token}`, 'idempotency-key': 'cluster-key-1' },
        {
          Date: '2031-07-07',
          TimeEntryTypeID: 1,
          IcdOfficeID: office.id,
          TimeZoneOffset: -240,
          StartTime: '09:00:00',
          EndTime: '10:00:00',
        },
      );
    const first = await Promise.all(Array.from({ length: 6 }, send));
    // One ran; the others were told it is in progress (409) or got its answer replayed.
    const ran = first.filter((a) => a.status === 201 && a.headers['idempotency-replayed'] === undefined);
    expect(ran).toHaveLength(1);
    for (const other of first.filter((a) => a !== ran[0])) expect([409, 201]).toContain(other.status);
    const later = await Promise.all(Array.from({ length: 6 }, send));
    for (const again of later) {
      expect(again.status).toBe(201);
      expect(again.headers['idempotency-replayed']).toBe('true');
      expect(JSON.parse(again.body).Id).toBe(JSON.parse(ran[0].body).Id);
    }
    const rows = await onDatabase(
      `select t.time_entry_id from time_entries t join employees e on e.employee_id = t.employee_id
        where e.user_name = 'staff' and t.date = '2031-07-07'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('a server process that dies is replaced, and requests go on being answered', async () => {
    const [victim] = childrenOf(server.pid);
    process.kill(victim, 'SIGKILL');
    await expect
      .poll(() => childrenOf(server.pid).filter((pid) => pid !== victim).length, { timeout: 30_000 })
      .toBe(2);
    expect(server.output()).toContain('A server process stopped (SIGKILL); starting another');
    const token = await bearer('rep');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('GET', '/api/Home/identity', { authorization: `Bearer ${token}` }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
  });

  it('SIGTERM stops every server process and the primary ends cleanly', async () => {
    const workers = childrenOf(server.pid);
    expect(workers).toHaveLength(2);
    process.kill(server.pid, 'SIGTERM');
    await expect.poll(() => [server.pid, ...workers].every(ended), { timeout: 10_000 }).toBe(true);
    expect(server.output()).toContain('SIGTERM: stopping 2 server processes');
  });
});

/** The process has ended (gone, or a zombie not yet reaped). */
function ended(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}
