// The built server on a data directory that already holds a database starts the database's thread
// before it loads the rest of the server (server/db/data-dir.ts, server/launch.ts), then adopts it:
// the restarted server answers, reads and writes through that thread, holds the directory's lock while
// it runs and gives it back when it stops. A second server is still refused while the first runs.
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const PASSWORD = 'Demo!2026apex';

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop: () => Promise<number | null>;
}

function start(dataDir: string, env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, ['dist-server/main.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = async () => {
    if (child.exitCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Apex is running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output: () => output, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/account/login`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: 'staff', Password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  // The session's bearer token, as the PWA gets it.
  const token = await fetch(`${url}/api/auth/token`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'apex-pwa' }),
  });
  expect(token.status).toBe(200);
  return (await token.json()) as string;
}

describe('the built server restarted on its data directory', () => {
  let dataDir: string;
  const lock = () => join(dataDir, 'apex.lock');

  beforeAll(async () => {
    if (!existsSync(join(root, 'dist-server', 'main.mjs')))
      execSync('npx tsx scripts/build-server.ts', { cwd: root, stdio: 'inherit' });
    dataDir = mkdtempSync(join(tmpdir(), 'apex-early-'));
    // A new directory: created, migrated and seeded the usual way.
    const first = await start(dataDir, { APEX_START_DEBUG: '1' });
    expect(first.output()).not.toContain('thread started before the server loaded');
    await signIn(first.url);
    expect(await first.stop()).toBe(0);
    expect(existsSync(lock())).toBe(false);
  }, 240_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('opens the database early, answers through that thread, and keeps the lock until it stops', async () => {
    const server = await start(dataDir, { APEX_START_DEBUG: '1' });
    try {
      expect(server.output()).toContain('database: thread started before the server loaded');
      expect(readFileSync(lock(), 'utf8')).toBe(String(server.child.pid));
      const token = await signIn(server.url);
      // Sign-in wrote a session; a read through the adopted thread.
      const me = await fetch(`${server.url}/api/Home/identity`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.status).toBe(200);
      const body = (await me.json()) as { UserName?: string };
      expect(JSON.stringify(body)).toContain('staff');

      // A second server on the same directory is refused while this one runs.
      const second = await start(dataDir).then(
        async (s) => {
          await s.stop();
          return 'started';
        },
        (error: Error) => error.message,
      );
      expect(second).toMatch(/The data directory is in use by another Apex server \(pid \d+\)/);
      expect(readFileSync(lock(), 'utf8')).toBe(String(server.child.pid));
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(existsSync(lock())).toBe(false);
  }, 240_000);
});
