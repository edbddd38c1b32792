// Environment → typed configuration, validated at start (issue: clear message on bad values).
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    message: 'use true or false',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const methodList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((m) => m.trim().toUpperCase())
      .filter(Boolean),
  )
  .pipe(
    z.array(z.enum(['PUT', 'PATCH', 'DELETE'], { message: 'only PUT, PATCH and DELETE can be blocked' })),
  );

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SEED_DEMO: bool.default(true),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').default('Demo!2026apex'),
  BLOCK_METHODS: methodList.default([]),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  APEX_DATA_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal digits (a 32-byte key)')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Apex <no-reply@apex.local>'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  TRUST_PROXY: bool.default(false),
  PUBLIC_URL: z
    .string()
    .transform((v, ctx) => {
      const origin = publicOrigin(v);
      if (!origin) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be an http:// or https:// origin, e.g. https://apex.example.com (no path or query)',
        });
        return z.NEVER;
      }
      return origin;
    })
    .optional(),
  STATIC_DIR: z.string().default('./dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  MAP_TILES: z
    .string()
    .regex(/\.pmtiles$/i, 'must name a .pmtiles file')
    .optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  seedDemo: boolean;
  demoPassword: string;
  blockMethods: string[];
  jwtSecret?: string;
  /** AES-256-GCM key for sensitive onboarding values (APEX_DATA_KEY); else generated into DATA_DIR/data.key. */
  dataKey?: string;
  smtpUrl?: string;
  mailFrom: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  trustProxy: boolean;
  /**
   * The origin users reach the server at (PUBLIC_URL; default the listen address): links in mail are
   * built from it, never from the request's Host header, and form posts from it are same-origin.
   */
  publicUrl: string;
  staticDir: string | null;
  logLevel: string;
  /** scrypt cost parameter log2(N); 17 in production (OWASP), lowered only by tests. */
  passwordCostLog2: number;
  /**
   * Server processes sharing the listening port (node cluster). Above 1 only with DATABASE_URL: the
   * embedded database is one process's.
   */
  workers: number;
  /**
   * The street map's PMTiles archive (MAP_TILES); null: the first *.pmtiles in DATA_DIR/tiles/, if any
   * (server/modules/tiles/).
   */
  mapTiles: string | null;
  /** In-memory embedded database (tests). */
  inMemory?: boolean;
}

export class ConfigError extends Error {}

/** `value` as a bare http(s) origin (scheme, host, port), or null when it is anything else. */
export function publicOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
    return null;
  return url.origin;
}

/** The default public URL: the address the server listens on (any-address hosts read as localhost). */
function listenOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.WORKERS > 1 && !e.DATABASE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  WORKERS: above 1 needs DATABASE_URL (the embedded database serves one process)',
    );
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO,
    demoPassword: e.DEMO_PASSWORD,
    blockMethods: e.BLOCK_METHODS,
    jwtSecret: e.JWT_SECRET,
    dataKey: e.APEX_DATA_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL ?? listenOrigin(e.HOST, e.PORT),
    staticDir: e.STATIC_DIR,
    logLevel: e.LOG_LEVEL,
    workers: e.WORKERS,
    mapTiles: e.MAP_TILES ?? null,
    passwordCostLog2: 17,
  };
}
