import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/tables';
import { deliverPending, type MailTransport } from '../../server/jobs/mail';
import { queueMail } from '../../server/modules/mail/service';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('mail delivery', () => {
  it('sends each queued message once, records failures, and never resends a sent one', async () => {
    await t.db.delete(mailOutbox);
    await queueMail(t.db, {
      MessageType: 'welcome',
      To: 'a@apex-demo.example',
      Subject: 'Hello',
      Body: 'Welcome',
    });
    await queueMail(t.db, {
      MessageType: 'welcome',
      To: 'bounce@apex-demo.example',
      Subject: 'Hello',
      Body: 'Welcome',
    });
    const sent: string[] = [];
    const transport: MailTransport = {
      async sendMail(m) {
        if (m.to.startsWith('bounce')) throw new Error('550 mailbox unavailable');
        sent.push(`${m.to}|${m.subject}|${m.text}|${m.from}`);
      },
    };
    expect(await deliverPending(t.db, transport, 'Apex <no-reply@apex.local>')).toBe(1);
    expect(sent).toEqual(['a@apex-demo.example|Hello|Welcome|Apex <no-reply@apex.local>']);
    const rows = await t.db.select().from(mailOutbox);
    expect(rows.find((r) => r.To.startsWith('a@'))?.SentAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.To.startsWith('bounce'))?.Error).toBe('550 mailbox unavailable');
    expect(await deliverPending(t.db, transport, 'x')).toBe(0);
    expect(sent).toHaveLength(1);
  });
});
