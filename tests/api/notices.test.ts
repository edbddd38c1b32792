// Legal notices (content versions, acknowledgement), bulletins (audience, deliver once, inbox,
// acknowledge with an e-mail copy), message types and messages: the calls, rules and scope refusals.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bulletinDeliveries,
  bulletins,
  corporations,
  employees,
  employmentRecords,
  icdOffices,
  legalNoticeAcknowledgements,
  legalNotices,
  mailOutbox,
} from '../../server/db/tables';
import { hashPassword } from '../../server/modules/auth/passwords';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from './helpers';

let t: TestApp;
let admin: Session;
let owner: Session;
let manager: Session;
let rep: Session;
let staff: Session;
const ids: Record<string, number> = {};
const office: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const e of await t.db.select().from(employees)) ids[e.UserName] = e.EmployeeID;
  for (const o of await t.db.select().from(icdOffices))
    office[o.OfficeName.split(' ')[0].toLowerCase()] = o.IcdOfficeID;
  [admin, owner, manager, rep, staff] = await Promise.all(
    ['admin', 'owner', 'manager', 'rep', 'staff'].map((u) => t.signIn(u)),
  );
});
afterAll(() => t.close());

/** An employee with no employment record at Toronto Central (outside the demo manager's office). */
async function outsideToronto(): Promise<number> {
  const rows = await t.db.select().from(employmentRecords);
  const toronto = new Set(rows.filter((r) => r.IcdOfficeID === office.toronto).map((r) => r.EmployeeID));
  const other = rows.find((r) => !toronto.has(r.EmployeeID));
  if (!other) throw new Error('the demo has an employee outside Toronto Central');
  return other.EmployeeID;
}

const mails = async (to: string) =>
  (await t.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.To, to)))[0].n;

interface Notice {
  LegalNoticeID: number;
  CurrentContentID: number;
  Acknowledged: boolean;
  ContentVersions: number;
  Version: number;
  Title: string;
}

async function newNotice(payload: object): Promise<Notice> {
  const res = await admin.call({ method: 'POST', url: '/api/legal-notices', payload });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('legal notices', () => {
  it('the seeded notice is acknowledged by every demo user: nothing pending after sign-in', async () => {
    for (const s of [admin, owner, manager, rep, staff]) {
      const res = await s.call({ method: 'GET', url: '/api/legal-notices?pending=true' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
    // Someone who joins after the demo was built is not stopped by the demo notice either.
    await t.db.insert(employees).values({
      FirstName: 'Nova',
      LastName: 'Late',
      UserName: 'novalate',
      EmailAddress: 'novalate@apex-demo.example',
      PasswordHash: await hashPassword(DEMO_PASSWORD, 10),
      PasswordChangedAt: new Date(),
    });
    const newcomer = await t.signIn('novalate');
    expect((await newcomer.call({ method: 'GET', url: '/api/legal-notices?pending=true' })).json()).toEqual(
      [],
    );
    const all = await staff.call({ method: 'GET', url: '/api/legal-notices' });
    expect(all.json()).toEqual([
      expect.objectContaining({ Title: 'Acceptable use of company devices and data', Acknowledged: true }),
    ]);
  });

  it('a notice for staff only: staff must acknowledge, others do not see it; acknowledging twice is fine', async () => {
    const n = await newNotice({
      Title: 'Staff safety briefing',
      Body: 'Wear the reflective vest at outdoor events.',
      AudienceType: 'Employees',
      AudienceIDs: [ids.staff],
    });
    expect(n).toMatchObject({ ContentVersions: 1, Acknowledged: false, Version: 1 });
    const pending = await staff.call({ method: 'GET', url: '/api/legal-notices?pending=true' });
    expect(pending.json().map((x: Notice) => x.LegalNoticeID)).toEqual([n.LegalNoticeID]);
    const repView = await rep.call({ method: 'GET', url: '/api/legal-notices' });
    expect(repView.json().some((x: Notice) => x.LegalNoticeID === n.LegalNoticeID)).toBe(false);
    const repAck = await rep.call({
      method: 'PUT',
      url: `/api/legal-notices/${n.LegalNoticeID}/acknowledge/${n.CurrentContentID}`,
    });
    expect(repAck.statusCode).toBe(404);

    const url = `/api/legal-notices/${n.LegalNoticeID}/acknowledge/${n.CurrentContentID}`;
    const first = await staff.call({ method: 'PUT', url });
    expect(first.statusCode).toBe(200);
    const second = await staff.call({ method: 'PUT', url });
    expect(second.statusCode).toBe(200);
    expect(second.json().AcknowledgedAt).toBe(first.json().AcknowledgedAt);
    const rows = await t.db
      .select()
      .from(legalNoticeAcknowledgements)
      .where(eq(legalNoticeAcknowledgements.LegalNoticeContentID, n.CurrentContentID));
    expect(rows.map((r) => r.EmployeeID)).toEqual([ids.staff]);
    expect((await staff.call({ method: 'GET', url: '/api/legal-notices?pending=true' })).json()).toEqual([]);
    const managed = (await admin.call({ method: 'GET', url: '/api/legal-notices' })).json();
    expect(managed.find((x: Notice) => x.LegalNoticeID === n.LegalNoticeID).AcknowledgedCount).toBe(1);
  });

  it('a new text is a new content: everyone acknowledges again; the old content is 409 naming the new one', async () => {
    const n = await newNotice({ Title: 'Code of conduct', Body: 'Version one.' });
    const oldContent = n.CurrentContentID;
    expect(
      (
        await rep.call({
          method: 'PUT',
          url: `/api/legal-notices/${n.LegalNoticeID}/acknowledge/${oldContent}`,
        })
      ).statusCode,
    ).toBe(200);
    // Title only: same content, still acknowledged.
    const titled = await admin.call({
      method: 'PUT',
      url: `/api/legal-notices/${n.LegalNoticeID}`,
      payload: { Title: 'Code of conduct (2026)', Body: 'Version one.', Version: 1 },
    });
    expect(titled.statusCode).toBe(200);
    expect(titled.json()).toMatchObject({ CurrentContentID: oldContent, ContentVersions: 1, Version: 2 });
    const changed = await admin.call({
      method: 'PUT',
      url: `/api/legal-notices/${n.LegalNoticeID}`,
      payload: { Title: 'Code of conduct (2026)', Body: 'Version two.', Version: 2 },
    });
    expect(changed.statusCode).toBe(200);
    const newContent = changed.json().CurrentContentID;
    expect(newContent).not.toBe(oldContent);
    expect(changed.json().ContentVersions).toBe(2);
    const pending = (await rep.call({ method: 'GET', url: '/api/legal-notices?pending=true' })).json();
    expect(pending.map((x: Notice) => [x.LegalNoticeID, x.CurrentContentID])).toEqual([
      [n.LegalNoticeID, newContent],
    ]);
    const stale = await rep.call({
      method: 'PUT',
      url: `/api/legal-notices/${n.LegalNoticeID}/acknowledge/${oldContent}`,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().CurrentContentID).toBe(newContent);
    expect(stale.json().Message).toContain(String(newContent));
    expect(
      (
        await rep.call({
          method: 'PUT',
          url: `/api/legal-notices/${n.LegalNoticeID}/acknowledge/${newContent}`,
        })
      ).statusCode,
    ).toBe(200);
    // Stale Version: 409 with the current notice, nothing saved.
    const conflict = await admin.call({
      method: 'PUT',
      url: `/api/legal-notices/${n.LegalNoticeID}`,
      payload: { Title: 'Lost', Body: 'Version three.', Version: 1 },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().Current).toMatchObject({ Title: 'Code of conduct (2026)', Version: 3 });
    // Deleted: gone for everyone.
    const del = await admin.call({
      method: 'DELETE',
      url: `/api/legal-notices/${n.LegalNoticeID}?version=3`,
    });
    expect(del.statusCode).toBe(204);
    expect(
      await t.db.select().from(legalNotices).where(eq(legalNotices.LegalNoticeID, n.LegalNoticeID)),
    ).toEqual([]);
    expect(
      (await admin.call({ method: 'DELETE', url: `/api/legal-notices/${n.LegalNoticeID}` })).statusCode,
    ).toBe(404);
  });

  it('bad input is 400 by field; managing needs notices:manage', async () => {
    const bad = await admin.call({
      method: 'POST',
      url: '/api/legal-notices',
      payload: { Title: '', Body: 'x', AudienceType: 'Employees', AudienceIDs: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().Errors)).toEqual(expect.arrayContaining(['Title', 'AudienceIDs']));
    const before = (await t.db.select({ n: count() }).from(legalNotices))[0].n;
    for (const s of [owner, manager, staff]) {
      const res = await s.call({
        method: 'POST',
        url: '/api/legal-notices',
        payload: { Title: 'x', Body: 'y' },
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.db.select({ n: count() }).from(legalNotices))[0].n).toBe(before);
  });
});

interface Bulletin {
  BulletinID: number;
  Subject: string;
  DeliveredCount: number;
  Version: number;
}

describe('bulletins', () => {
  it("staff's inbox: the unread Toronto bulletin first; opening marks it read", async () => {
    const res = await staff.call({ method: 'GET', url: '/api/bulletins/inbox' });
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items.map((b: { Subject: string }) => b.Subject)).toEqual([
      'Toronto Central: new parking rules',
      'Welcome to Apex',
    ]);
    expect(items[0].ReadAt).toBeNull();
    const open = await staff.call({ method: 'GET', url: `/api/bulletins/${items[0].BulletinID}` });
    expect(open.statusCode).toBe(200);
    expect(open.json().Delivery.ReadAt).not.toBeNull();
    // A bulletin not delivered to the caller and outside their scope: 404.
    const draft = (
      await t.db.select().from(bulletins).where(eq(bulletins.Subject, 'Northwind spring kick-off'))
    )[0];
    expect((await staff.call({ method: 'GET', url: `/api/bulletins/${draft.BulletinID}` })).statusCode).toBe(
      404,
    );
    expect(
      (await manager.call({ method: 'GET', url: `/api/bulletins/${draft.BulletinID}` })).statusCode,
    ).toBe(404);
    expect((await owner.call({ method: 'GET', url: `/api/bulletins/${draft.BulletinID}` })).statusCode).toBe(
      200,
    );
  });

  it('a manager writes to their office, delivers once; a second deliver reaches nobody new', async () => {
    const created = await manager.call({
      method: 'POST',
      url: '/api/bulletins',
      payload: {
        Subject: 'Team lunch',
        Body: 'Friday at noon.',
        AudienceType: 'Offices',
        AudienceIDs: [office.toronto],
      },
    });
    expect(created.statusCode).toBe(201);
    const b: Bulletin = created.json();
    const first = await manager.call({ method: 'POST', url: `/api/bulletins/${b.BulletinID}/deliver` });
    expect(first.statusCode).toBe(200);
    expect(first.json().Delivered).toBeGreaterThanOrEqual(3);
    const second = await manager.call({ method: 'POST', url: `/api/bulletins/${b.BulletinID}/deliver` });
    expect(second.json()).toMatchObject({ Delivered: 0, DeliveredCount: first.json().Delivered });
    const rows = await t.db
      .select()
      .from(bulletinDeliveries)
      .where(eq(bulletinDeliveries.BulletinID, b.BulletinID));
    expect(rows.length).toBe(first.json().Delivered);
    expect(rows.map((r) => r.EmployeeID)).toEqual(expect.arrayContaining([ids.staff, ids.rep, ids.manager]));
    const inbox = (await staff.call({ method: 'GET', url: '/api/bulletins/inbox' })).json();
    expect(inbox[0]).toMatchObject({ BulletinID: b.BulletinID, ReadAt: null });
    const list = (await manager.call({ method: 'GET', url: '/api/bulletins' })).json();
    expect(list.Items.find((x: Bulletin) => x.BulletinID === b.BulletinID).DeliveredCount).toBe(rows.length);
  });

  it('a manager cannot address everyone or another office; nothing is stored', async () => {
    const before = (await t.db.select({ n: count() }).from(bulletins))[0].n;
    for (const payload of [
      { Subject: 'x', Body: 'y', AudienceType: 'All' },
      { Subject: 'x', Body: 'y', AudienceType: 'Offices', AudienceIDs: [office.calgary] },
    ]) {
      const res = await manager.call({ method: 'POST', url: '/api/bulletins', payload });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.db.select({ n: count() }).from(bulletins))[0].n).toBe(before);
    const welcome = (await t.db.select().from(bulletins).where(eq(bulletins.Subject, 'Welcome to Apex')))[0];
    const put = await manager.call({
      method: 'PUT',
      url: `/api/bulletins/${welcome.BulletinID}`,
      payload: {
        Subject: 'x',
        Body: 'y',
        AudienceType: 'Offices',
        AudienceIDs: [office.toronto],
        Version: 1,
      },
    });
    expect(put.statusCode).toBe(404);
    expect(
      (await manager.call({ method: 'POST', url: `/api/bulletins/${welcome.BulletinID}/deliver` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await staff.call({
          method: 'POST',
          url: '/api/bulletins',
          payload: { Subject: 'x', Body: 'y', AudienceType: 'All' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await staff.call({ method: 'GET', url: '/api/bulletins' })).statusCode).toBe(403);
  });

  it('the owner addresses their corporation; an update with a stale Version is 409 with the current one', async () => {
    const [nw] = await t.db
      .select()
      .from(corporations)
      .where(eq(corporations.ClientName, 'Northwind Field Marketing Inc.'));
    const created = await owner.call({
      method: 'POST',
      url: '/api/bulletins',
      payload: {
        Subject: 'Owners note',
        Body: 'Thanks all.',
        AudienceType: 'Corporation',
        AudienceIDs: [nw.IcdCorporationID],
      },
    });
    expect(created.statusCode).toBe(201);
    const b: Bulletin = created.json();
    const ok = await owner.call({
      method: 'PUT',
      url: `/api/bulletins/${b.BulletinID}`,
      payload: {
        Subject: 'Owner note',
        Body: 'Thanks all.',
        AudienceType: 'Corporation',
        AudienceIDs: [nw.IcdCorporationID],
        Version: 1,
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ Subject: 'Owner note', Version: 2 });
    const stale = await owner.call({
      method: 'PUT',
      url: `/api/bulletins/${b.BulletinID}`,
      payload: {
        Subject: 'Lost',
        Body: 'Lost',
        AudienceType: 'Corporation',
        AudienceIDs: [nw.IcdCorporationID],
        Version: 1,
      },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ Subject: 'Owner note', Version: 2 });
    const bad = await owner.call({
      method: 'PUT',
      url: `/api/bulletins/${b.BulletinID}`,
      payload: { Subject: '', Body: 'x', AudienceType: 'Nobody', Version: 2 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().Errors)).toEqual(expect.arrayContaining(['Subject', 'AudienceType']));
  });

  it('acknowledging: idempotent; sendEmailCopy=true puts one copy in the outbox, false none', async () => {
    const [b] = await t.db
      .select()
      .from(bulletins)
      .where(eq(bulletins.Subject, 'Toronto Central: new parking rules'));
    const [emp] = await t.db.select().from(employees).where(eq(employees.EmployeeID, ids.staff));
    const to = emp.EmailAddress as string;
    const before = await mails(to);
    const noCopy = await staff.call({
      method: 'POST',
      url: `/api/bulletins/inbox/${b.BulletinID}/acknowledge?sendEmailCopy=false`,
    });
    expect(noCopy.statusCode).toBe(200);
    expect(noCopy.json()).toMatchObject({ EmailCopyQueued: false });
    expect(noCopy.json().AcknowledgedAt).not.toBeNull();
    expect(await mails(to)).toBe(before);
    const copy = await staff.call({
      method: 'POST',
      url: `/api/bulletins/inbox/${b.BulletinID}/acknowledge?sendEmailCopy=true`,
    });
    expect(copy.json()).toMatchObject({
      EmailCopyQueued: true,
      AcknowledgedAt: noCopy.json().AcknowledgedAt,
    });
    expect(await mails(to)).toBe(before + 1);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.To, to));
    expect(mail).toMatchObject({ MessageType: 'bulletin' });
    // Not in one's inbox: 404.
    const [draft] = await t.db
      .select()
      .from(bulletins)
      .where(eq(bulletins.Subject, 'Northwind spring kick-off'));
    expect(
      (await staff.call({ method: 'POST', url: `/api/bulletins/inbox/${draft.BulletinID}/acknowledge` }))
        .statusCode,
    ).toBe(404);
  });
});

describe('message types and messages', () => {
  it('lists the notification e-mails of spec 001 §3', async () => {
    const res = await manager.call({ method: 'GET', url: '/api/message-types' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { Key: string }) => m.Key)).toEqual([
      'welcome',
      'passwordReminder',
      'profileUpdate',
      'bulletin',
      'userFeedback',
      'onboardingApplicationApproved',
      'onboardingApplicationCreated',
      'onboardingApplicationTerminated',
      'payrollProcessorAlert',
      'failedTimeEntrySyncAlert',
      'workOrderUpdateAlert',
      'passwordExpiryAlert',
      'employeeTerminationAlert',
    ]);
    expect((await staff.call({ method: 'GET', url: '/api/message-types' })).statusCode).toBe(403);
  });

  it('a manager messages employees of their office through the outbox; others are refused with nothing queued', async () => {
    const [emp] = await t.db.select().from(employees).where(eq(employees.EmployeeID, ids.rep));
    const to = emp.EmailAddress as string;
    const before = await mails(to);
    const res = await manager.call({
      method: 'POST',
      url: '/api/messages',
      payload: {
        MessageType: 'profileUpdate',
        EmployeeIDs: [ids.rep],
        Subject: 'Update your address',
        Body: 'Please.',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Queued: 1, Skipped: [] });
    expect(await mails(to)).toBe(before + 1);
    const total = (await t.db.select({ n: count() }).from(mailOutbox))[0].n;
    const outside = await manager.call({
      method: 'POST',
      url: '/api/messages',
      payload: {
        MessageType: 'profileUpdate',
        EmployeeIDs: [ids.rep, await outsideToronto()],
        Subject: 's',
        Body: 'b',
      },
    });
    expect(outside.statusCode).toBe(403);
    const unknownType = await manager.call({
      method: 'POST',
      url: '/api/messages',
      payload: { MessageType: 'spam', EmployeeIDs: [ids.rep], Subject: 's', Body: 'b' },
    });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().Errors.MessageType).toBeDefined();
    const byStaff = await staff.call({
      method: 'POST',
      url: '/api/messages',
      payload: { MessageType: 'profileUpdate', EmployeeIDs: [ids.rep], Subject: 's', Body: 'b' },
    });
    expect(byStaff.statusCode).toBe(403);
    expect((await t.db.select({ n: count() }).from(mailOutbox))[0].n).toBe(total);
    const byAdmin = await admin.call({
      method: 'POST',
      url: '/api/messages',
      payload: { MessageType: 'welcome', EmployeeIDs: [ids.payroll], Subject: 'Hi', Body: 'Welcome' },
    });
    expect(byAdmin.statusCode).toBe(200);
  });
});
