import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** 'running' exists only inside the request's open transaction; a committed row is 'done'. */
export type IdempotencyState = 'running' | 'done';

/**
 * Idempotency-Key records (server/plugins/idempotency.ts): the first request for a key and caller runs,
 * its answer is stored, and a replay from the same caller gets the stored answer. Kept at least 30 days.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    Key: text('key').notNull(),
    /** The signed-in employee, 0 for anonymous requests. */
    EmployeeID: integer('employee_id').notNull(),
    /**
     * How the caller signed in: '' anonymous, 'session' the user's own session, 'proxy:<id>' a proxy
     * session opened by employee <id>, 'client' an API client's token. Part of the key's identity.
     */
    Credential: text('credential').notNull().default(''),
    Method: text('method').notNull(),
    Path: text('path').notNull(),
    /** sha256 (hex) of the request body. */
    RequestHash: text('request_hash').notNull(),
    State: text('state').$type<IdempotencyState>().notNull(),
    StatusCode: integer('status_code'),
    ResponseBody: text('response_body'),
    ContentType: text('content_type'),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    CompletedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('idempotency_keys_key_caller_uq').on(t.Key, t.EmployeeID, t.Credential),
    index('idempotency_keys_created_at_idx').on(t.CreatedAt),
  ],
);
