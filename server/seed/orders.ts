// The demo company's catalogue and orders (issue 17). Called by seedDemo after the payroll seeds (and
// after the commission policies, when there are any: an Installed order is paid by the policy in force
// on its sale date). Into a database that has no product yet:
// - retailers per division (then the demo product commission policies, server/seed/commission.ts); products of the three divisions (Rogers products carry their Rogers
//   category 1 TV … 7 Migration); product lines "New activation" and "Upgrade" for every program
//   (Rogers ones also "Add-a-line"); each division's statuses Booked, Installed, Cancelled, Disconnect;
// - two weeks of Rogers door-to-door sales for Riley Chen (rep) at Toronto Central, ten work orders
//   from leads assigned to the rep, dated from 14 days before the clock to the day before it: some
//   Booked, some Installed (their commission paid into the rep's pay period, or the next open one
//   when that payroll is locked), one Cancelled before install, one Installed then Disconnect (a
//   chargeback), one with a partner adjustment; and one unclaimed order at Toronto Central.
// Nothing is dated after `now`.
import { and, count, eq, sql } from 'drizzle-orm';
import { Division } from '../../src/contract/common';
import { RogersCategory, SalesChannel, StatusKind } from '../../src/contract/orders';
import type { Db } from '../db/client';
import {
  employees,
  icdOffices,
  leadAssignments,
  leads,
  payPeriods,
  productLines,
  productOrderAdjustments,
  productOrderStatusHistory,
  productOrders,
  products,
  programs,
  retailers,
  workOrders,
} from '../db/tables';
import { addDays } from '../domain/time/clock-time';
import { statusesOf } from '../modules/orders/catalogue-service';
import { settleCommissions } from '../modules/orders/commission-link';
import { seedProductCommission } from './commission';

const RETAILERS: Record<number, string[]> = {
  [Division.Rogers]: ['Rogers Store', 'Costco Wireless', 'Walmart Connection Centre'],
  [Division.Dtv]: ['DIRECTV Store', 'Best Buy'],
  [Division.RoadShow]: ['Costco', 'Walmart', 'Best Buy'],
};

const PRODUCTS: { DivisionID: number; Name: string; Code: string; RogersCategoryID: number | null }[] = [
  {
    DivisionID: Division.Rogers,
    Name: 'Ignite TV Starter',
    Code: 'RGR-TV-S',
    RogersCategoryID: RogersCategory.TV,
  },
  {
    DivisionID: Division.Rogers,
    Name: 'Ignite TV Popular',
    Code: 'RGR-TV-P',
    RogersCategoryID: RogersCategory.TV,
  },
  {
    DivisionID: Division.Rogers,
    Name: 'Ignite Internet 1 Gbps',
    Code: 'RGR-INT-1G',
    RogersCategoryID: RogersCategory.Internet,
  },
  {
    DivisionID: Division.Rogers,
    Name: 'Ignite Internet 500',
    Code: 'RGR-INT-500',
    RogersCategoryID: RogersCategory.Internet,
  },
  {
    DivisionID: Division.Rogers,
    Name: 'Home Phone',
    Code: 'RGR-HP',
    RogersCategoryID: RogersCategory.HomePhone,
  },
  {
    DivisionID: Division.Rogers,
    Name: 'Smart Home Monitoring',
    Code: 'RGR-SHM',
    RogersCategoryID: RogersCategory.SmartHomeMonitoring,
  },
  {
    DivisionID: Division.Rogers,
    Name: 'Infinite Wireless',
    Code: 'RGR-WL',
    RogersCategoryID: RogersCategory.Wireless,
  },
  {
    DivisionID: Division.Rogers,
    Name: 'Ignite SmartStream',
    Code: 'RGR-CNT',
    RogersCategoryID: RogersCategory.Content,
  },
  {
    DivisionID: Division.Rogers,
    Name: 'Legacy to Ignite Migration',
    Code: 'RGR-MIG',
    RogersCategoryID: RogersCategory.Migration,
  },
  { DivisionID: Division.Dtv, Name: 'DIRECTV Choice', Code: 'DTV-CHOICE', RogersCategoryID: null },
  { DivisionID: Division.Dtv, Name: 'DIRECTV Stream', Code: 'DTV-STREAM', RogersCategoryID: null },
  { DivisionID: Division.Dtv, Name: 'DIRECTV Premier', Code: 'DTV-PREMIER', RogersCategoryID: null },
  { DivisionID: Division.RoadShow, Name: 'Warehouse Membership', Code: 'RS-MEMBER', RogersCategoryID: null },
  {
    DivisionID: Division.RoadShow,
    Name: 'Water Filtration System',
    Code: 'RS-WATER',
    RogersCategoryID: null,
  },
  { DivisionID: Division.RoadShow, Name: 'Robot Vacuum', Code: 'RS-VAC', RogersCategoryID: null },
];

/** The rep's sales: days before the clock, products (by code × quantity), what happened to them. */
const SALES: {
  daysAgo: number;
  items: [string, number][];
  outcome: 'booked' | 'installed' | 'cancelled' | 'disconnect';
  installAfter?: number;
  adjustment?: number;
}[] = [
  {
    daysAgo: 14,
    items: [
      ['RGR-INT-1G', 1],
      ['RGR-TV-P', 1],
    ],
    outcome: 'installed',
    installAfter: 3,
  },
  { daysAgo: 13, items: [['RGR-WL', 2]], outcome: 'disconnect', installAfter: 2 },
  { daysAgo: 12, items: [['RGR-INT-500', 1]], outcome: 'cancelled' },
  {
    daysAgo: 10,
    items: [
      ['RGR-SHM', 1],
      ['RGR-HP', 1],
    ],
    outcome: 'installed',
    installAfter: 4,
    adjustment: 25,
  },
  { daysAgo: 8, items: [['RGR-MIG', 1]], outcome: 'installed', installAfter: 2 },
  { daysAgo: 6, items: [['RGR-INT-1G', 1]], outcome: 'installed', installAfter: 3 },
  {
    daysAgo: 5,
    items: [
      ['RGR-TV-S', 1],
      ['RGR-CNT', 1],
    ],
    outcome: 'booked',
  },
  { daysAgo: 4, items: [['RGR-WL', 1]], outcome: 'installed', installAfter: 1 },
  {
    daysAgo: 2,
    items: [
      ['RGR-INT-500', 1],
      ['RGR-HP', 1],
    ],
    outcome: 'booked',
  },
  { daysAgo: 1, items: [['RGR-WL', 3]], outcome: 'booked' },
];

function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** An instant on `day` (17:00 UTC, midday in the Americas), never after the clock. */
const at = (day: string, now: Date) => {
  const t = new Date(`${day}T17:00:00Z`);
  return t > now ? now : t;
};

export async function seedOrders(db: Db, now: Date = new Date()): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(products);
  if (n > 0) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(retailers)
      .values(
        Object.entries(RETAILERS).flatMap(([division, names]) =>
          names.map((Name) => ({ DivisionID: Number(division), Name })),
        ),
      );
    const productRows = await tx
      .insert(products)
      .values(PRODUCTS.map((p) => ({ ...p, CreatedAt: now, UpdatedAt: now })))
      .returning();
    const programRows = await tx.select().from(programs);
    const lineRows = await tx
      .insert(productLines)
      .values(
        programRows.flatMap((p) =>
          ['New activation', 'Upgrade', ...(p.DivisionID === Division.Rogers ? ['Add-a-line'] : [])].map(
            (Name, i) => ({ ProgramID: p.ProgramID, Name, SortIndex: i, CreatedAt: now, UpdatedAt: now }),
          ),
        ),
      )
      .returning();
    for (const d of [Division.RoadShow, Division.Dtv, Division.Rogers]) await statusesOf(tx, d);
    // The product commission policies of these products, so the installed demo orders are paid.
    await seedProductCommission(tx, now);

    const [toronto] = await tx.select().from(icdOffices).where(eq(icdOffices.OfficeName, 'Toronto Central'));
    const [rep] = await tx.select().from(employees).where(eq(employees.UserName, 'rep'));
    const [program] = await tx.select().from(programs).where(eq(programs.Name, 'Rogers Door-to-Door'));
    if (!toronto || !rep || !program) return;
    const statuses = await statusesOf(tx, Division.Rogers);
    const status = (kind: number) => statuses.find((s) => s.StatusKind === kind)!.ProductOrderStatusID;
    const newLine = lineRows.find((l) => l.ProgramID === program.ProgramID && l.Name === 'New activation')!;
    const product = (code: string) => productRows.find((p) => p.Code === code)!;
    const repLeads = await tx
      .select({ lead: leads })
      .from(leadAssignments)
      .innerJoin(leads, eq(leads.LeadID, leadAssignments.LeadID))
      .where(and(eq(leadAssignments.EmployeeID, rep.EmployeeID)))
      .orderBy(leads.LeadID)
      .limit(SALES.length);
    const [rogersStore] = await tx
      .select()
      .from(retailers)
      .where(and(eq(retailers.DivisionID, Division.Rogers), eq(retailers.Name, 'Rogers Store')));

    const today = todayIn(toronto.TimeZone, now);
    const installed: number[] = [];
    const disconnected: { ids: number[]; day: string }[] = [];
    for (const [i, sale] of SALES.entries()) {
      const saleDay = addDays(today, -sale.daysAgo);
      const lead = repLeads[i]?.lead;
      const [wo] = await tx
        .insert(workOrders)
        .values({
          DivisionID: Division.Rogers,
          ProgramID: program.ProgramID,
          IcdOfficeID: toronto.IcdOfficeID,
          EmployeeID: rep.EmployeeID,
          LeadID: lead?.LeadID ?? null,
          SalesChannelID: SalesChannel.DoorToDoor,
          OrderNumber: `RGR-${String(880100 + i * 7).padStart(7, '0')}`,
          SaleDate: saleDay,
          CustomerName: lead?.StreetLine1 ? `Resident, ${lead.StreetLine1}` : `Customer ${i + 1}`,
          StreetLine1: lead?.StreetLine1 ?? null,
          City: lead?.City ?? 'Toronto',
          StateProvince: lead?.StateProvince ?? 'ON',
          PostalCode: lead?.PostalCode ?? null,
          CreatedByEmployeeID: rep.EmployeeID,
          CreatedAt: at(saleDay, now),
          UpdatedAt: at(saleDay, now),
        })
        .returning();
      const installDay = sale.installAfter ? addDays(saleDay, sale.installAfter) : null;
      const finalKind =
        sale.outcome === 'booked'
          ? StatusKind.Booked
          : sale.outcome === 'cancelled'
            ? StatusKind.Cancelled
            : StatusKind.Installed;
      const pos = await tx
        .insert(productOrders)
        .values(
          sale.items.map(([code, qty]) => ({
            WorkOrderID: wo.WorkOrderID,
            ProductID: product(code).ProductID,
            ProductLineID: newLine.ProductLineID,
            Quantity: qty,
            ProductOrderStatusID: status(finalKind),
            StatusDate: finalKind === StatusKind.Booked ? saleDay : (installDay ?? addDays(saleDay, 1)),
            InstallDate: finalKind === StatusKind.Installed ? installDay : null,
            CreatedAt: at(saleDay, now),
            UpdatedAt: at(saleDay, now),
          })),
        )
        .returning();
      const history = pos.flatMap((po) => {
        const rows: (typeof productOrderStatusHistory.$inferInsert)[] = [
          {
            ProductOrderID: po.ProductOrderID,
            FromStatusID: null,
            ToStatusID: status(StatusKind.Booked),
            StatusDate: saleDay,
            ChangedByEmployeeID: rep.EmployeeID,
            ChangedAt: at(saleDay, now),
          },
        ];
        if (finalKind !== StatusKind.Booked)
          rows.push({
            ProductOrderID: po.ProductOrderID,
            FromStatusID: status(StatusKind.Booked),
            ToStatusID: status(finalKind),
            StatusDate: po.StatusDate,
            ChangedByEmployeeID: null, // changed by the office (no demo user)
            ChangedAt: at(po.StatusDate, now),
          });
        return rows;
      });
      await tx.insert(productOrderStatusHistory).values(history);
      if (finalKind === StatusKind.Installed) installed.push(...pos.map((p) => p.ProductOrderID));
      if (sale.outcome === 'disconnect' && installDay)
        disconnected.push({ ids: pos.map((p) => p.ProductOrderID), day: addDays(installDay, 5) });
      if (sale.adjustment)
        await tx.insert(productOrderAdjustments).values({
          ProductOrderID: pos[0].ProductOrderID,
          PartnerName: rogersStore?.Name ?? 'Rogers Store',
          AmountCents: sale.adjustment * 100,
          Comments: 'Partner installation credit',
          CreatedAt: at(installDay ?? saleDay, now),
          UpdatedAt: at(installDay ?? saleDay, now),
        });
    }
    // Installed orders pay their commission on the seed's clock.
    await settleCommissions(tx, installed, { actorEmployeeID: null, now });
    for (const d of disconnected) {
      const day = d.day > today ? today : d.day;
      for (const id of d.ids) {
        await tx
          .update(productOrders)
          .set({
            ProductOrderStatusID: status(StatusKind.Disconnect),
            StatusDate: day,
            UpdatedAt: at(day, now),
          })
          .where(eq(productOrders.ProductOrderID, id));
        await tx.insert(productOrderStatusHistory).values({
          ProductOrderID: id,
          FromStatusID: status(StatusKind.Installed),
          ToStatusID: status(StatusKind.Disconnect),
          StatusDate: day,
          Comments: 'Customer moved out of the service area',
          ChangedAt: at(day, now),
        });
      }
      await settleCommissions(tx, d.ids, { actorEmployeeID: null, now });
    }

    // One order at the office nobody has claimed yet (a rep claims it by its number).
    const [unclaimed] = await tx
      .insert(workOrders)
      .values({
        DivisionID: Division.Rogers,
        ProgramID: program.ProgramID,
        IcdOfficeID: toronto.IcdOfficeID,
        RetailerID: rogersStore?.RetailerID ?? null,
        SalesChannelID: SalesChannel.Event,
        OrderNumber: 'RGR-0889999',
        SaleDate: addDays(today, -3),
        CustomerName: 'Jordan Patel',
        City: 'Toronto',
        StateProvince: 'ON',
        CreatedAt: at(addDays(today, -3), now),
        UpdatedAt: at(addDays(today, -3), now),
      })
      .returning();
    const [po] = await tx
      .insert(productOrders)
      .values({
        WorkOrderID: unclaimed.WorkOrderID,
        ProductID: product('RGR-INT-500').ProductID,
        ProductLineID: newLine.ProductLineID,
        ProductOrderStatusID: status(StatusKind.Booked),
        StatusDate: addDays(today, -3),
        CreatedAt: at(addDays(today, -3), now),
        UpdatedAt: at(addDays(today, -3), now),
      })
      .returning();
    await tx.insert(productOrderStatusHistory).values({
      ProductOrderID: po.ProductOrderID,
      ToStatusID: status(StatusKind.Booked),
      StatusDate: addDays(today, -3),
      ChangedAt: at(addDays(today, -3), now),
    });
    // Pay periods the settlement had to create carry the database's clock: keep them at the seed's.
    await tx.update(payPeriods).set({
      CreatedAt: sql`least(${payPeriods.CreatedAt}, ${now.toISOString()}::timestamptz)`,
      UpdatedAt: sql`least(${payPeriods.UpdatedAt}, ${now.toISOString()}::timestamptz)`,
    });
  });
}
