// Processing an employment event (src/contract/employments.ts): marks it processed with who and when
// and an optional comment. The event must be of the queue's type and in the caller's
// employments:process scope (404 otherwise, nothing said about its existence); the Version read must
// be the current one (409 with Current); an event already processed is 409 naming who and when.
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  EMPLOYMENT_MESSAGES,
  EMPLOYMENTS_PROCESS,
  type EmploymentEvent,
  EmploymentEventType,
  type ProcessBody,
} from '../../../src/contract/employments';
import type { Db } from '../../db/client';
import { employmentEvents } from '../../db/tables';
import { AppError, notFound } from '../../errors';
import { type Actor, inScope } from '../access/service';
import { eventById } from './queue-service';
import type { Conn } from './record';

type Body = { Version: number; Comments: string | null };

export interface ProcessContext {
  db: Db;
  actor: Actor;
  now: () => Date;
}

function inProcessScope(actor: Actor, officeId: number | null): boolean {
  const scope = actor.offices(EMPLOYMENTS_PROCESS);
  if (scope === 'all') return true;
  return officeId !== null && inScope(scope, officeId);
}

async function mark(
  ctx: ProcessContext,
  tx: Conn,
  row: typeof employmentEvents.$inferSelect,
  body: Body,
): Promise<EmploymentEvent> {
  if (!inProcessScope(ctx.actor, row.IcdOfficeID)) throw notFound(EMPLOYMENT_MESSAGES.notFound);
  const current = await eventById(tx, row.EmploymentEventID);
  if (!current) throw notFound(EMPLOYMENT_MESSAGES.notFound);
  if (current.IsProcessed) {
    const when = String(
      current.ProcessedAt instanceof Date ? current.ProcessedAt.toISOString() : current.ProcessedAt,
    );
    throw new AppError(
      409,
      EMPLOYMENT_MESSAGES.alreadyProcessed(current.ProcessedByName ?? 'someone', when.slice(0, 10)),
      { body: { Current: current } },
    );
  }
  if (current.Version !== body.Version)
    throw new AppError(409, EMPLOYMENT_MESSAGES.stale, { body: { Current: current } });
  await tx
    .update(employmentEvents)
    .set({
      ProcessedAt: ctx.now(),
      ProcessedByEmployeeID: ctx.actor.EmployeeID,
      Comments: body.Comments,
      Version: row.Version + 1,
    })
    .where(eq(employmentEvents.EmploymentEventID, row.EmploymentEventID));
  const after = await eventById(tx, row.EmploymentEventID);
  if (!after) throw notFound(EMPLOYMENT_MESSAGES.notFound);
  return after;
}

/** new-hires/{id}, terminations/{id}: the event by its id, of the queue's type. */
export async function processEvent(
  ctx: ProcessContext & { type: EmploymentEventType; id: number; employeeId?: number; body: ProcessBody },
): Promise<EmploymentEvent> {
  const body = normalise(ctx.body);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(employmentEvents)
      .where(
        and(
          eq(employmentEvents.EmploymentEventID, ctx.id),
          eq(employmentEvents.EventTypeID, ctx.type),
          ctx.employeeId === undefined ? undefined : eq(employmentEvents.EmployeeID, ctx.employeeId),
        ),
      )
      .for('update');
    if (!row) throw notFound(EMPLOYMENT_MESSAGES.notFound);
    return mark(ctx, tx, row, body);
  });
}

/**
 * direct-deposit/{employeeId}/{bankAccountId}: the account's awaiting direct-deposit item (one at most),
 * else its latest processed one (then 409, already processed).
 */
export async function processDirectDeposit(
  ctx: ProcessContext & { employeeId: number; bankAccountId: number; body: ProcessBody },
): Promise<EmploymentEvent> {
  const body = normalise(ctx.body);
  return ctx.db.transaction(async (tx) => {
    const of = and(
      eq(employmentEvents.EventTypeID, EmploymentEventType.DirectDeposit),
      eq(employmentEvents.EmployeeID, ctx.employeeId),
      eq(employmentEvents.BankAccountID, ctx.bankAccountId),
    );
    const [awaiting] = await tx
      .select()
      .from(employmentEvents)
      .where(and(of, isNull(employmentEvents.ProcessedAt)))
      .for('update');
    const [row] = awaiting
      ? [awaiting]
      : await tx
          .select()
          .from(employmentEvents)
          .where(of)
          .orderBy(desc(employmentEvents.ProcessedAt))
          .limit(1);
    if (!row) throw notFound(EMPLOYMENT_MESSAGES.notFound);
    return mark(ctx, tx, row, body);
  });
}

function normalise(body: ProcessBody): Body {
  return { Version: body.Version, Comments: body.Comments?.trim() || null };
}
