import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      seedDemo: true,
      demoPassword: 'Demo!2026apex',
      blockMethods: [],
    });
    expect(c.databaseUrl).toBeUndefined();
  });

  it('reads the values it is given', () => {
    const c = loadConfig({
      PORT: '9000',
      SEED_DEMO: 'false',
      BLOCK_METHODS: 'put, delete',
      DATABASE_URL: 'postgres://u:p@db/apex',
    });
    expect(c).toMatchObject({
      port: 9000,
      seedDemo: false,
      blockMethods: ['PUT', 'DELETE'],
      databaseUrl: 'postgres://u:p@db/apex',
    });
  });

  it('names every bad value in one clear message', () => {
    /** The error loadConfig throws (the test fails when it throws none). */
    const refusal = (env: NodeJS.ProcessEnv): Error => {
      let thrown: unknown;
      expect(() => {
        try {
          loadConfig(env);
        } catch (err) {
          thrown = err;
          throw err;
        }
      }).toThrow(ConfigError);
      return thrown as Error;
    };
    expect(
      refusal({ PORT: 'eighty', BLOCK_METHODS: 'GET', JWT_SECRET: 'short', SMTP_URL: 'http://x' }).message,
    ).toMatch(/SMTP_URL/);
    const message = refusal({ PORT: 'eighty', BLOCK_METHODS: 'GET', JWT_SECRET: 'short' }).message;
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/BLOCK_METHODS.*only PUT, PATCH and DELETE can be blocked/);
    expect(message).toMatch(/JWT_SECRET: must be at least 32 characters/);
  });
});

describe('PUBLIC_URL', () => {
  it('defaults to the listen address', () => {
    expect(loadConfig({}).publicUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:8080');
  });

  it('keeps an http(s) origin, without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://apex.example.com/' }).publicUrl).toBe(
      'https://apex.example.com',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://apex.local:8443' }).publicUrl).toBe('http://apex.local:8443');
  });

  it.each([
    'apex.example.com',
    'ftp://apex.example.com',
    'https://apex.example.com/app',
    'https://apex.example.com?x=1',
    'https://user:pw@apex.example.com',
    'javascript:alert(1)',
  ])('refuses %j with a message naming it', (value) => {
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(
      /PUBLIC_URL: must be an http:\/\/ or https:\/\/ origin/,
    );
  });
});

describe('WORKERS', () => {
  it('is one process by default', () => {
    expect(loadConfig({}).workers).toBe(1);
  });

  it('takes several processes on a PostgreSQL server', () => {
    expect(loadConfig({ WORKERS: '4', DATABASE_URL: 'postgres://apex@db/apex' }).workers).toBe(4);
  });

  it('refuses several processes on the embedded database, saying why', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(
      /WORKERS: above 1 needs DATABASE_URL \(the embedded database serves one process\)/,
    );
  });

  it.each(['0', '65', '1.5', 'two'])('refuses %j', (value) => {
    expect(() => loadConfig({ WORKERS: value, DATABASE_URL: 'postgres://apex@db/apex' })).toThrow(/WORKERS:/);
  });
});
