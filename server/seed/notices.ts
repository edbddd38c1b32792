// Demo legal notice and bulletins. The legal notice is addressed to, and already acknowledged by, every
// demo employee (so signing in opens the usual first screen); the bulletins are delivered: a company-wide welcome
// everyone has acknowledged, a Toronto Central one the manager wrote that staff has not read yet, and
// a Northwind draft the owner has not delivered.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  bulletinDeliveries,
  bulletins,
  corporations,
  employees,
  employmentRecords,
  icdOffices,
  legalNoticeAcknowledgements,
  legalNoticeContents,
  legalNotices,
} from '../db/tables';

const DAY = 86_400_000;

export async function seedNotices(db: Db, now: Date): Promise<void> {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const people = await db
    .select({ id: employees.EmployeeID, user: employees.UserName })
    .from(employees)
    .where(eq(employees.Inactive, false));
  const id = (user: string) => people.find((p) => p.user === user)?.id ?? null;

  const [notice] = await db
    .insert(legalNotices)
    .values({
      Title: 'Acceptable use of company devices and data',
      // Addressed to the demo company's employees by name (all of whom acknowledged it): people who
      // join later (a self sign-up, an employee made in a journey) are not stopped by it at sign-in.
      AudienceType: 'Employees',
      AudienceIDs: people.map((p) => p.id),
      CreatedAt: at(30),
    })
    .returning();
  const [content] = await db
    .insert(legalNoticeContents)
    .values({
      LegalNoticeID: notice.LegalNoticeID,
      CreatedAt: at(30),
      Body:
        'Company phones, tablets and accounts are for company work. Keep customer information on company ' +
        'devices only, lock your device when you leave it, and report a lost device to your manager the same day.',
    })
    .returning();
  await db.insert(legalNoticeAcknowledgements).values(
    people.map((p) => ({
      LegalNoticeContentID: content.LegalNoticeContentID,
      EmployeeID: p.id,
      AcknowledgedAt: at(29),
    })),
  );

  const [toronto] = await db.select().from(icdOffices).where(eq(icdOffices.OfficeName, 'Toronto Central'));
  const [northwind] = await db
    .select()
    .from(corporations)
    .where(eq(corporations.ClientName, 'Northwind Field Marketing Inc.'));

  const [welcome, parking] = await db
    .insert(bulletins)
    .values([
      {
        Subject: 'Welcome to Apex',
        Body: 'Your schedule, time, pay stubs and sales now live in one place. Open Settings to choose your language.',
        AudienceType: 'All',
        AudienceIDs: [],
        CreatedByEmployeeID: id('admin'),
        CreatedAt: at(14),
        LastDeliveredAt: at(14),
      },
      {
        Subject: 'Toronto Central: new parking rules',
        Body: 'From Monday, park in levels P2 and P3 only; P1 is reserved for visitors. Ask reception for a pass.',
        AudienceType: 'Offices',
        AudienceIDs: toronto ? [toronto.IcdOfficeID] : [],
        CreatedByEmployeeID: id('manager'),
        CreatedAt: at(2),
        LastDeliveredAt: at(1),
      },
      {
        Subject: 'Northwind spring kick-off',
        Body: 'Save the date: the spring kick-off is on the first Friday of next month, in every office.',
        AudienceType: 'Corporation',
        AudienceIDs: northwind ? [northwind.IcdCorporationID] : [],
        CreatedByEmployeeID: id('owner'),
        CreatedAt: at(1),
      },
    ])
    .returning();

  await db.insert(bulletinDeliveries).values(
    people.map((p) => ({
      BulletinID: welcome.BulletinID,
      EmployeeID: p.id,
      DeliveredAt: at(14),
      ReadAt: at(13),
      AcknowledgedAt: at(13),
    })),
  );
  if (toronto) {
    const torontoPeople = await db
      .selectDistinct({ id: employmentRecords.EmployeeID })
      .from(employmentRecords)
      .where(inArray(employmentRecords.IcdOfficeID, [toronto.IcdOfficeID]));
    const staffId = id('staff');
    if (torontoPeople.length)
      await db.insert(bulletinDeliveries).values(
        torontoPeople.map((p) => ({
          BulletinID: parking.BulletinID,
          EmployeeID: p.id,
          DeliveredAt: at(1),
          // Staff has not opened it yet: it is first in their inbox.
          ReadAt: p.id === staffId ? null : at(1),
        })),
      );
  }
}
