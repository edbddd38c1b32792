// Demo leads: statuses for Rogers and Dtv, a Rogers lead group of ~300 doors on the residential
// streets between College and Bloor west of Spadina in Toronto (three territories, two worked by
// Toronto Central — one by a team the rep belongs to), a Dtv group of ~150 doors in Kitsilano,
// Vancouver, leads assigned to the rep and the owner, and two weeks of interactions.
// Deterministic (seeded random numbers) and run once, into a database without lead groups.
import { count, eq, inArray, sql } from 'drizzle-orm';
import { Country, Division } from '../../src/contract/common';
import { type GeoPolygon, LeadAssignmentRole, MarkerStyle } from '../../src/contract/leads';
import type { Db } from '../db/client';
import {
  corporations,
  divisionLeadsPolicies,
  employees,
  icdOffices,
  leadActivity,
  leadAssignments,
  leadGroupGeographies,
  leadGroups,
  leadOfficeTeams,
  leadStatuses,
  leads,
  leadsPolicies,
  territories,
  territoryOffices,
} from '../db/tables';
import { bboxOf, type TerritoryShape, territoryOf } from '../domain/leads/geometry';
import { ensureLeadReference } from '../modules/leads/lookups';

/** Small deterministic PRNG (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

// Toronto's street grid is turned about 17° from true north. Positions are given in grid units: e
// east of Bathurst St (1 = Bathurst → Spadina) and n north of College St (1 = College → Bloor).
const ORIGIN = { lat: 43.6572, lng: -79.4086 }; // Bathurst St & College St
const NORTH = { lat: 0.0083, lng: -0.0026 }; // College → Bloor along Bathurst
const EAST = { lat: 0.0014, lng: 0.0085 }; // Bathurst → Spadina along College
function toronto(e: number, n: number): [number, number] {
  return [
    round6(ORIGIN.lat + e * EAST.lat + n * NORTH.lat),
    round6(ORIGIN.lng + e * EAST.lng + n * NORTH.lng),
  ];
}
const TORONTO_STREETS: [string, number, string][] = [
  ['Robert St', 0.78, 'M5S'],
  ['Major St', 0.65, 'M5S'],
  ['Brunswick Ave', 0.45, 'M5S'],
  ['Borden St', 0.25, 'M5S'],
  ['Lippincott St', 0.12, 'M5S'],
  ['Markham St', -0.12, 'M6G'],
  ['Palmerston Blvd', -0.28, 'M6G'],
  ['Euclid Ave', -0.42, 'M6G'],
  ['Manning Ave', -0.58, 'M6G'],
  ['Clinton St', -0.75, 'M6G'],
  ['Grace St', -0.92, 'M6G'],
  ['Montrose Ave', -1.08, 'M6G'],
  ['Shaw St', -1.25, 'M6J'],
];
const TORONTO_TERRITORIES: { Name: string; Color: string; e: [number, number] }[] = [
  { Name: 'Harbord Village', Color: '#1c7ed6', e: [0.03, 0.9] },
  { Name: 'Little Italy', Color: '#e8590c', e: [-0.65, 0.03] },
  { Name: 'Christie Pits South', Color: '#0ca678', e: [-1.35, -0.65] },
];
function torontoBlock(e: [number, number]): GeoPolygon {
  const ring = [toronto(e[0], -0.03), toronto(e[1], -0.03), toronto(e[1], 1.03), toronto(e[0], 1.03)].map(
    ([lat, lng]) => [lng, lat] as [number, number],
  );
  return { type: 'Polygon', coordinates: [[...ring, ring[0]]] };
}

// Kitsilano, Vancouver: avenues run east–west; house numbers grow westward from Burrard St.
const KITS_AVENUES: [string, number][] = [
  ['W 5th Ave', 49.2672],
  ['W 6th Ave', 49.2661],
  ['W 7th Ave', 49.265],
  ['W 8th Ave', 49.2639],
  ['W 9th Ave', 49.2628],
];
const KITS_WEST = -123.1595;
const KITS_EAST = -123.147;

const LDU = 'ABCEGHJKLMNPRSTVWXYZ';
function postal(fsa: string, rnd: () => number): string {
  const d = () => Math.floor(rnd() * 10);
  const l = () => LDU[Math.floor(rnd() * LDU.length)];
  return `${fsa} ${d()}${l()}${d()}`;
}

export async function seedLeads(db: Db, options: { now?: Date } = {}): Promise<boolean> {
  const now = options.now ?? new Date();
  await ensureLeadReference(db);
  const [{ n }] = await db.select({ n: count() }).from(leadGroups);
  if (n > 0) return false;
  const [northwind] = await db
    .select()
    .from(corporations)
    .where(eq(corporations.ClientName, 'Northwind Field Marketing Inc.'));
  const offices = await db.select().from(icdOffices);
  const torontoOffice = offices.find((o) => o.OfficeName === 'Toronto Central');
  const vancouverOffice = offices.find((o) => o.OfficeName === 'Vancouver Harbour');
  const people = await db
    .select()
    .from(employees)
    .where(inArray(employees.UserName, ['rep', 'manager', 'owner']));
  const emp = (u: string) => people.find((p) => p.UserName === u);
  const rep = emp('rep');
  const manager = emp('manager');
  const owner = emp('owner');
  if (!northwind || !torontoOffice || !vancouverOffice || !rep || !manager || !owner) return false;

  const statuses = await db.select().from(leadStatuses);
  const status = (division: number, name: string) =>
    statuses.find((s) => s.DivisionID === division && s.Name === name)!.LeadStatusID;
  const rnd = random(20260301);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];

  // The groups, territories and leads were set up four months before the clock (the territories'
  // history starts then); knocks come after. No seeded instant lies after the clock.
  const established = new Date(now.getTime() - 120 * 86_400_000);
  await db.transaction(async (tx) => {
    // Rogers: a policy that asks for a note on "Come Back" (when to come back).
    const [policy] = await tx
      .insert(leadsPolicies)
      .values({
        Name: 'Rogers door-to-door',
        MarkerStyle: MarkerStyle.TwoTonedCircle,
        RepsCanCreateLeads: true,
        NoteRequiredStatusIDs: [status(Division.Rogers, 'Come Back')],
        UpdatedAt: established,
      })
      .returning();
    await tx
      .insert(divisionLeadsPolicies)
      .values({ DivisionID: Division.Rogers, LeadsPolicyID: policy.LeadsPolicyID });

    const [torontoGroup, vancouverGroup] = await tx
      .insert(leadGroups)
      .values(
        [
          {
            Name: 'Toronto West End',
            DivisionID: Division.Rogers,
            IcdCorporationID: northwind.IcdCorporationID,
          },
          {
            Name: 'Vancouver Kitsilano',
            DivisionID: Division.Dtv,
            IcdCorporationID: northwind.IcdCorporationID,
          },
        ].map((g) => ({ ...g, CreatedAt: established })),
      )
      .returning();
    await tx.insert(leadGroupGeographies).values([
      {
        LeadGroupID: torontoGroup.LeadGroupID,
        CountryID: Country.Canada,
        StateProvince: 'ON',
        City: 'Toronto',
        PostalCodePrefix: 'M5S',
      },
      {
        LeadGroupID: torontoGroup.LeadGroupID,
        CountryID: Country.Canada,
        StateProvince: 'ON',
        City: 'Toronto',
        PostalCodePrefix: 'M6G',
      },
      {
        LeadGroupID: vancouverGroup.LeadGroupID,
        CountryID: Country.Canada,
        StateProvince: 'BC',
        City: 'Vancouver',
        PostalCodePrefix: 'V6K',
      },
    ]);

    // Territories and who works them.
    const torontoTerritories = await tx
      .insert(territories)
      .values(
        TORONTO_TERRITORIES.map((t) => {
          const Polygon = torontoBlock(t.e);
          return {
            LeadGroupID: torontoGroup.LeadGroupID,
            Name: t.Name,
            Color: t.Color,
            Polygon,
            ...bboxOf(Polygon),
          };
        }),
      )
      .returning();
    const kitsPolygon: GeoPolygon = {
      type: 'Polygon',
      coordinates: [
        [
          [KITS_WEST - 0.001, 49.2622],
          [KITS_EAST + 0.001, 49.2622],
          [KITS_EAST + 0.001, 49.2678],
          [KITS_WEST - 0.001, 49.2678],
          [KITS_WEST - 0.001, 49.2622],
        ],
      ],
    };
    const [kits] = await tx
      .insert(territories)
      .values({
        LeadGroupID: vancouverGroup.LeadGroupID,
        Name: 'Kitsilano North',
        Color: '#7048e8',
        Polygon: kitsPolygon,
        ...bboxOf(kitsPolygon),
      })
      .returning();
    const [crew] = await tx
      .insert(leadOfficeTeams)
      .values({
        IcdOfficeID: torontoOffice.IcdOfficeID,
        Name: 'Little Italy crew',
        EmployeeIDs: [rep.EmployeeID, manager.EmployeeID],
      })
      .returning();
    const from = new Date(now.getTime() - 60 * 86_400_000).toISOString().slice(0, 10);
    const earlier = new Date(now.getTime() - 120 * 86_400_000).toISOString().slice(0, 10);
    const dayBefore = new Date(new Date(`${from}T00:00:00Z`).getTime() - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const [harbord, littleItaly] = torontoTerritories;
    await tx.insert(territoryOffices).values(
      [
        // Harbord Village moved from the whole office to the office again after a pause: some history.
        {
          TerritoryID: harbord.TerritoryID,
          IcdOfficeID: torontoOffice.IcdOfficeID,
          FromDate: earlier,
          ToDate: dayBefore,
          AssignedByEmployeeID: owner.EmployeeID,
        },
        {
          TerritoryID: harbord.TerritoryID,
          IcdOfficeID: torontoOffice.IcdOfficeID,
          FromDate: from,
          AssignedByEmployeeID: manager.EmployeeID,
        },
        {
          TerritoryID: littleItaly.TerritoryID,
          IcdOfficeID: torontoOffice.IcdOfficeID,
          LeadOfficeTeamID: crew.LeadOfficeTeamID,
          FromDate: from,
          AssignedByEmployeeID: manager.EmployeeID,
        },
        {
          TerritoryID: kits.TerritoryID,
          IcdOfficeID: vancouverOffice.IcdOfficeID,
          FromDate: from,
          AssignedByEmployeeID: owner.EmployeeID,
        },
      ].map((o) => ({ ...o, CreatedAt: established })),
    );
    const torontoShapes: TerritoryShape[] = torontoTerritories.map((t) => ({
      ...t,
      Polygon: t.Polygon as GeoPolygon,
    }));

    // Toronto doors: both sides of each street, College → Bloor.
    const torontoLeads: (typeof leads.$inferInsert)[] = [];
    for (const [street, e, fsa] of TORONTO_STREETS) {
      for (let i = 0; i < 23; i++) {
        const north = 0.04 + (i / 22) * 0.92 + (rnd() - 0.5) * 0.01;
        const west = i % 2 === 0;
        const [Latitude, Longitude] = toronto(e + (west ? -0.018 : 0.018), north);
        const number = 8 + Math.round(north * 200) * 2 + (west ? 0 : 1);
        torontoLeads.push({
          LeadGroupID: torontoGroup.LeadGroupID,
          Latitude,
          Longitude,
          TerritoryID: territoryOf(torontoShapes, Latitude, Longitude),
          StreetLine1: `${number} ${street}`,
          City: 'Toronto',
          StateProvince: 'ON',
          PostalCode: postal(fsa, rnd),
          CountryID: Country.Canada,
          Data: rnd() < 0.15 ? { 'New Offer': pick(['RGR-FALL26', 'RGR-IGNITE500', 'RGR-HOME2']) } : {},
          CreatedByEmployeeID: owner.EmployeeID,
          CreatedAt: established,
          UpdatedAt: established,
        });
      }
    }
    const vancouverLeads: (typeof leads.$inferInsert)[] = [];
    for (const [avenue, lat] of KITS_AVENUES) {
      for (let i = 0; i < 30; i++) {
        const Longitude = round6(KITS_EAST - (i / 29) * (KITS_EAST - KITS_WEST) + (rnd() - 0.5) * 0.0002);
        const south = i % 2 === 0;
        const Latitude = round6(lat + (south ? -0.00012 : 0.00012));
        const number =
          1800 + Math.round(((KITS_EAST - Longitude) / (KITS_EAST - KITS_WEST)) * 300) * 2 + (south ? 1 : 0);
        vancouverLeads.push({
          LeadGroupID: vancouverGroup.LeadGroupID,
          Latitude,
          Longitude,
          TerritoryID: kits.TerritoryID,
          StreetLine1: `${number} ${avenue}`,
          City: 'Vancouver',
          StateProvince: 'BC',
          PostalCode: postal('V6K', rnd),
          CountryID: Country.Canada,
          CreatedByEmployeeID: owner.EmployeeID,
          CreatedAt: established,
          UpdatedAt: established,
        });
      }
    }
    const insertedToronto = await tx.insert(leads).values(torontoLeads).returning();
    const insertedVancouver = await tx.insert(leads).values(vancouverLeads).returning();

    // Assignments: the owner owns every Toronto lead; the rep has a street of Christie Pits South
    // directly (the rest of what they see comes through their office's territories).
    const christie = torontoTerritories[2].TerritoryID;
    const repLeads = insertedToronto.filter(
      (l) => l.TerritoryID === christie && l.StreetLine1?.endsWith('Clinton St'),
    );
    await tx.insert(leadAssignments).values([
      ...insertedToronto.map((l) => ({
        LeadID: l.LeadID,
        EmployeeID: owner.EmployeeID,
        Role: LeadAssignmentRole.Owner,
        AssignedAt: established,
      })),
      ...repLeads.map((l) => ({
        LeadID: l.LeadID,
        EmployeeID: rep.EmployeeID,
        Role: LeadAssignmentRole.Rep,
        AssignedAt: established,
      })),
      ...insertedVancouver.map((l) => ({
        LeadID: l.LeadID,
        EmployeeID: owner.EmployeeID,
        Role: LeadAssignmentRole.Owner,
        AssignedAt: established,
      })),
    ]);

    // Two weeks of knocks, mostly by the rep.
    const outcomes: [string, number][] = [
      ['Not Home', 0.38],
      ['Interested', 0.14],
      ['Sold', 0.1],
      ['Not Interested', 0.22],
      ['Come Back', 0.12],
      ['No Soliciting', 0.04],
    ];
    const outcome = () => {
      let x = rnd();
      for (const [name, p] of outcomes) {
        x -= p;
        if (x <= 0) return name;
      }
      return 'Not Home';
    };
    const worked = insertedToronto.filter(
      (l) =>
        l.TerritoryID === harbord.TerritoryID ||
        l.TerritoryID === littleItaly.TerritoryID ||
        repLeads.includes(l),
    );
    const activity: (typeof leadActivity.$inferInsert)[] = [];
    const latest = new Map<number, { at: Date; status: number; declared: number | null }>();
    for (const lead of worked) {
      if (rnd() < 0.35) continue;
      const visits = 1 + Math.floor(rnd() * 2);
      let day = 1 + Math.floor(rnd() * 13);
      for (let v = 0; v < visits && day >= 1; v++, day -= 1 + Math.floor(rnd() * 4)) {
        const at = new Date(now.getTime() - day * 86_400_000);
        at.setUTCHours(15 + Math.floor(rnd() * 8), Math.floor(rnd() * 60), Math.floor(rnd() * 60), 0);
        const name = outcome();
        const statusId = status(Division.Rogers, name);
        const declared = rnd() < 0.06 ? status(Division.Rogers, pick(['Has Competitor', 'Moving'])) : null;
        const by = rnd() < 0.8 ? rep : manager;
        activity.push({
          LeadID: lead.LeadID,
          EmployeeID: by.EmployeeID,
          LeadStatusID: statusId,
          DeclaredStatusID: declared,
          Note:
            name === 'Come Back'
              ? pick(['Come back after 6 pm', 'Owner away until the weekend', 'Call before visiting'])
              : name === 'Sold'
                ? pick(['Ignite 500 + TV', 'Internet only', 'Home phone + internet'])
                : null,
          Latitude: round6(lead.Latitude + (rnd() - 0.5) * 0.0001),
          Longitude: round6(lead.Longitude + (rnd() - 0.5) * 0.0001),
          OccurredAt: at,
          CreatedAt: at,
        });
        const prev = latest.get(lead.LeadID);
        if (!prev || prev.at < at)
          latest.set(lead.LeadID, { at, status: statusId, declared: declared ?? prev?.declared ?? null });
      }
    }
    for (let i = 0; i < activity.length; i += 500)
      await tx
        .insert(leadActivity)
        .values(activity.slice(i, i + 500))
        .onConflictDoNothing();
    // Current statuses from the newest knock, and a few Vancouver doors with a declaration seen from
    // the street: one UPDATE … FROM (VALUES …) each.
    const current = [...latest].map(
      ([id, l]) =>
        sql`(${id}::int, ${l.status}::int, ${l.declared}::int, ${l.at.toISOString()}::timestamptz)`,
    );
    if (current.length)
      await tx.execute(sql`update leads set lead_status_id = v.s, declared_status_id = v.d, last_activity_at = v.a, updated_at = v.a
        from (values ${sql.join(current, sql`, `)}) as v(id, s, d, a) where leads.lead_id = v.id`);
    const declared = insertedVancouver
      .filter(() => rnd() < 0.1)
      .map(
        (l) =>
          sql`(${l.LeadID}::int, ${status(Division.Dtv, pick(['Has Competitor', 'Moving', 'No Soliciting']))}::int)`,
      );
    if (declared.length)
      await tx.execute(sql`update leads set declared_status_id = v.d
        from (values ${sql.join(declared, sql`, `)}) as v(id, d) where leads.lead_id = v.id`);
  });
  return true;
}
