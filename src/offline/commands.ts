// Named offline commands (docs/architecture.md "Offline"). A feature registers each offline
// write once; enqueue validates the args and queues the mutation (and the draft) atomically. The sync
// engine knows no feature: it only reads what the command produced.
import type { z } from 'zod';
import {
  type ApexDb,
  getDb,
  lookupTempIds,
  type MutationMethod,
  nextOutboxSeq,
  type OutboxRow,
  type UserId,
  withReopen,
} from './db';
import { applyDraft } from './drafts';
import { offlineStoreNow } from './store';
import { collectTempRefs, type EntityId, rewriteTempId } from './temp-ids';

/** What the command sends. `entityKey` is `<entity>:<id>` (makeEntityKey). */
export interface CommandRequest {
  method: MutationMethod;
  path: string;
  body?: unknown;
  entityKey: string;
}

/** The local copy the command writes next to its outbox row. */
export interface DraftInput {
  entity: string;
  /** Negative temporary id for a create (allocateTempId), else the server id. */
  localId: EntityId;
  data: unknown;
  /** The server's copy before the local change, if known (restored on discard). */
  base?: unknown;
  /** The mutation deletes the entity. */
  deleted?: boolean;
}

export interface AckContext {
  userId: UserId;
  row: OutboxRow;
  db: ApexDb;
}

/** What a command learns from the server's 2xx answer. */
export interface AckResult {
  /** The id the server gave to an entity created with a temporary id. */
  serverId?: EntityId;
  /** The server's copy of the entity, kept as the draft. */
  data?: unknown;
}

// biome-ignore lint/suspicious/noConfusingVoidType: an onAck that returns nothing is the common case.
export type AckHandlerResult = AckResult | undefined | void;

/** A `serverIdFrom` reading a created entity's numeric id from the named field of the answer. */
export function idFromBody(field: string): (body: unknown) => number | undefined {
  return (body) => {
    const id = (body as Record<string, unknown> | null)?.[field];
    return typeof id === 'number' ? id : undefined;
  };
}

export interface CommandDefinition<TArgs> {
  /** Dotted, e.g. 'timeEntry.save'. */
  name: string;
  args: z.ZodType<TArgs>;
  toRequest(args: TArgs): CommandRequest;
  /** The draft to write with the outbox row (same entity as `entityKey`), if any. */
  draft?(args: TArgs): DraftInput | null | undefined;
  /** The server id of a created entity, read from the 2xx body. */
  serverIdFrom?(body: unknown): EntityId | undefined;
  /**
   * Called once per 2xx answer, before the row is removed. Returning `serverId` / `data` overrides
   * serverIdFrom / the draft. Errors thrown here are reported, never retried (the server has committed).
   */
  onAck?(args: TArgs, body: unknown, ctx: AckContext): AckHandlerResult | Promise<AckHandlerResult>;
}

export class UnknownCommandError extends Error {
  override name = 'UnknownCommandError';
  constructor(readonly command: string) {
    super(`Unknown offline command: ${command}`);
  }
}

export class CommandArgsError extends Error {
  override name = 'CommandArgsError';
  constructor(
    readonly command: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(
      `Invalid arguments for ${command}: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
}

export interface EnqueueOptions {
  db?: ApexDb;
  registry?: CommandRegistry;
  now?: () => number;
  uuid?: () => string;
}

/** A registered command, typed by its args. */
export interface CommandHandle<TArgs> {
  name: string;
  enqueue(userId: UserId, args: TArgs, options?: Omit<EnqueueOptions, 'registry'>): Promise<OutboxRow>;
}

export class CommandRegistry {
  readonly #commands = new Map<string, CommandDefinition<unknown>>();

  /** Registers (or, on hot reload, replaces) a command. */
  register<TArgs>(definition: CommandDefinition<TArgs>): CommandHandle<TArgs> {
    this.#commands.set(definition.name, definition as CommandDefinition<unknown>);
    return {
      name: definition.name,
      enqueue: (userId, args, options) =>
        enqueue(userId, definition.name, args, { ...options, registry: this }),
    };
  }

  get(name: string): CommandDefinition<unknown> | undefined {
    return this.#commands.get(name);
  }

  require(name: string): CommandDefinition<unknown> {
    const found = this.#commands.get(name);
    if (!found) throw new UnknownCommandError(name);
    return found;
  }

  names(): string[] {
    return [...this.#commands.keys()];
  }
}

/** The app's registry; tests make their own. */
export const commandRegistry = new CommandRegistry();

export function registerCommand<TArgs>(
  definition: CommandDefinition<TArgs>,
  registry: CommandRegistry = commandRegistry,
): CommandHandle<TArgs> {
  return registry.register(definition);
}

/** Validates args with the command's schema; throws CommandArgsError. */
export function parseCommandArgs(definition: CommandDefinition<unknown>, args: unknown): unknown {
  const result = definition.args.safeParse(args);
  if (!result.success) throw new CommandArgsError(definition.name, result.error.issues);
  return result.data;
}

export interface Mutation {
  args: unknown;
  request: CommandRequest;
  draft: DraftInput | undefined;
  tempRefs: number[];
}

/** Request + draft for validated args, with the temporary ids they refer to. */
export function buildMutation(definition: CommandDefinition<unknown>, args: unknown): Mutation {
  const request = definition.toRequest(args);
  const draft = definition.draft?.(args) ?? undefined;
  const tempRefs = collectTempRefs({
    entityKey: request.entityKey,
    path: request.path,
    values: [request.body, args],
  });
  return { args, request, draft, tempRefs };
}

/**
 * Builds the mutation inside a transaction over `meta`, replacing temporary ids whose create was
 * already acknowledged by their server ids (the UI may still hold the temporary id).
 */
export async function buildResolvedMutation(
  db: ApexDb,
  userId: UserId,
  definition: CommandDefinition<unknown>,
  args: unknown,
): Promise<Mutation> {
  const mutation = buildMutation(definition, args);
  const known = await lookupTempIds(db, userId, mutation.tempRefs);
  if (known.size === 0) return mutation;
  let resolved = args;
  for (const [tempId, serverId] of known) resolved = rewriteTempId(resolved, tempId, serverId);
  return buildMutation(definition, resolved);
}

function defaultUuid(): string {
  return crypto.randomUUID();
}

/**
 * Queues a mutation for the user: validates `args`, then writes the outbox row and the draft in one
 * transaction. Resolves to the stored row.
 */
export async function enqueue(
  userId: UserId,
  commandName: string,
  args: unknown,
  options: EnqueueOptions = {},
): Promise<OutboxRow> {
  const { db = getDb(), registry = commandRegistry, now = Date.now, uuid = defaultUuid } = options;
  // A change is being queued: the store is in use now, so what waits for it (the sync chip's counts,
  // the sync engine) need not wait for the first screen to settle (src/offline/store.ts).
  void offlineStoreNow();
  const definition = registry.require(commandName);
  const parsed = parseCommandArgs(definition, args);
  buildMutation(definition, parsed); // a toRequest/draft that throws fails here, before any write
  const id = uuid();
  const idempotencyKey = uuid();
  const row = await withReopen(db, () =>
    db.transaction('rw', [db.outbox, db.drafts, db.meta], async () => {
      const at = now();
      const {
        args: stored,
        request,
        draft,
        tempRefs,
      } = await buildResolvedMutation(db, userId, definition, parsed);
      const seq = await nextOutboxSeq(db);
      const draftBefore = draft ? await applyDraft(db, userId, draft, at) : undefined;
      const row: OutboxRow = {
        id,
        userId,
        command: commandName,
        args: stored,
        entityKey: request.entityKey,
        method: request.method,
        path: request.path,
        body: request.body,
        idempotencyKey,
        createdAt: at,
        seq,
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        lastStatus: null,
        status: 'pending',
        tempRefs,
        ...(draftBefore ? { draftBefore } : {}),
      };
      await db.outbox.add(row);
      return row;
    }),
  );
  db.notifyOutboxChange(userId);
  return row;
}
