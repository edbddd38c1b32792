// Mail delivery: with SMTP_URL set, queued notification mail (mail_outbox) is sent by nodemailer.
// Rows are claimed with `for update skip locked`, so several server instances never send one twice.
// A failed send keeps its error on the row (shown on the Mail outbox page) and is not retried blindly.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailer } from '../libraries';

export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

interface MailRow {
  mail_id: number;
  to_address: string;
  subject: string;
  body: string;
}

/** Sends up to `limit` queued messages; returns how many were sent. */
export async function deliverPending(
  db: Db,
  transport: MailTransport,
  from: string,
  limit = 20,
): Promise<number> {
  let sent = 0;
  await db.transaction(async (tx) => {
    const result = await tx.execute(
      sql`select mail_id, to_address, subject, body from mail_outbox
          where sent_at is null and error is null order by mail_id limit ${limit} for update skip locked`,
    );
    const rows = ((result as unknown as { rows?: MailRow[] }).rows ??
      (result as unknown as MailRow[])) as MailRow[];
    for (const row of rows) {
      try {
        await transport.sendMail({ from, to: row.to_address, subject: row.subject, text: row.body });
        await tx.execute(sql`update mail_outbox set sent_at = now() where mail_id = ${row.mail_id}`);
        sent++;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await tx.execute(
          sql`update mail_outbox set error = ${message.slice(0, 500)} where mail_id = ${row.mail_id}`,
        );
      }
    }
  });
  return sent;
}

export function startMailDelivery(options: {
  db: Db;
  smtpUrl: string;
  from: string;
  log: { warn(obj: unknown, msg?: string): void };
  intervalMs?: number;
  transport?: MailTransport;
}): () => void {
  let transport = options.transport;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      transport ??= (await mailer()).createTransport(options.smtpUrl);
      await deliverPending(options.db, transport, options.from);
    } catch (err) {
      options.log.warn({ err }, 'mail delivery failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), options.intervalMs ?? 10_000);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
