// Demo people directories and tax rates: two national consultants (Canada, US), three regional
// consultants, three hubs (one per corporation), three auditors (one with no corporation yet, so it
// can be deleted) and two promoting owners; and the provinces' and a few states' sales tax rates
// (TaxRate1 GST / state sales tax, TaxRate2 PST or QST, TaxRate3 HST, in percent).
import { count, eq, inArray } from 'drizzle-orm';
import { Country } from '../../src/contract/common';
import type { Db } from '../db/client';
import {
  auditorCorporations,
  auditors,
  corporations,
  hubCorporations,
  hubs,
  nationalConsultants,
  promotingOwnerCorporations,
  promotingOwners,
  regionalConsultants,
  stateProvinces,
} from '../db/tables';

/** [code, TaxRate1, TaxRate2, TaxRate3] */
const RATES: [string, number, number, number][] = [
  ['AB', 5, 0, 0],
  ['BC', 5, 7, 0],
  ['MB', 5, 7, 0],
  ['NB', 0, 0, 15],
  ['NL', 0, 0, 15],
  ['NS', 0, 0, 14],
  ['NT', 5, 0, 0],
  ['NU', 5, 0, 0],
  ['ON', 0, 0, 13],
  ['PE', 0, 0, 15],
  ['QC', 5, 9.975, 0],
  ['SK', 5, 6, 0],
  ['YT', 5, 0, 0],
  ['CA', 7.25, 0, 0],
  ['FL', 6, 0, 0],
  ['IL', 6.25, 0, 0],
  ['NY', 4, 0, 0],
  ['TX', 6.25, 0, 0],
  ['WA', 6.5, 0, 0],
];

/** Seeds the directories as they stood at `now` (the seed's clock: no record is dated after it). */
export async function seedDirectories(db: Db, now: Date): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(nationalConsultants);
  if (n > 0) return;
  await db.transaction(async (tx) => {
    const states = await tx.select().from(stateProvinces);
    const state = (code: string, country: number) =>
      states.find((s) => s.Code === code && s.CountryID === country)!.StateProvinceID;
    for (const [code, r1, r2, r3] of RATES) {
      const country = ['CA', 'FL', 'IL', 'NY', 'TX', 'WA'].includes(code) ? Country.US : Country.Canada;
      await tx
        .update(stateProvinces)
        .set({ TaxRate1: String(r1), TaxRate2: String(r2), TaxRate3: String(r3) })
        .where(eq(stateProvinces.StateProvinceID, state(code, country)));
    }

    const corps = await tx
      .select({ id: corporations.IcdCorporationID, name: corporations.ClientName })
      .from(corporations)
      .where(
        inArray(corporations.ClientName, [
          'Northwind Field Marketing Inc.',
          'Maple Direct Sales Ltd.',
          'Summit Retail Promotions LLC',
        ]),
      );
    const corp = (prefix: string) => corps.find((c) => c.name.startsWith(prefix))?.id;
    const links = (...prefixes: string[]) =>
      prefixes.map(corp).filter((id): id is number => id !== undefined);

    const [ava, ethan] = await tx
      .insert(nationalConsultants)
      .values([
        {
          FirstName: 'Ava',
          LastName: 'Thompson',
          EmailAddress: 'ava.thompson@apex-demo.example',
          PhoneNumber: '+1 416 555 0141',
          CountryID: Country.Canada,
        },
        {
          FirstName: 'Ethan',
          LastName: 'Walker',
          EmailAddress: 'ethan.walker@apex-demo.example',
          PhoneNumber: '+1 312 555 0177',
          CountryID: Country.US,
        },
      ])
      .returning();
    const [liam, chloe, noah] = await tx
      .insert(regionalConsultants)
      .values([
        {
          FirstName: 'Liam',
          LastName: 'Brooks',
          EmailAddress: 'liam.brooks@apex-demo.example',
          PhoneNumber: '+1 647 555 0102',
          NationalConsultantID: ava.Id,
          StateProvinceIDs: [state('ON', Country.Canada), state('QC', Country.Canada)],
        },
        {
          FirstName: 'Chloe',
          LastName: 'Martin',
          EmailAddress: 'chloe.martin@apex-demo.example',
          PhoneNumber: '+1 403 555 0119',
          NationalConsultantID: ava.Id,
          StateProvinceIDs: [state('AB', Country.Canada), state('BC', Country.Canada)],
        },
        {
          FirstName: 'Noah',
          LastName: 'Kim',
          EmailAddress: 'noah.kim@apex-demo.example',
          PhoneNumber: '+1 312 555 0163',
          NationalConsultantID: ethan.Id,
          StateProvinceIDs: [state('IL', Country.US), state('CA', Country.US)],
        },
      ])
      .returning();
    const hubRows = await tx
      .insert(hubs)
      .values([
        {
          Name: 'Toronto Hub',
          City: 'Toronto',
          StateProvinceID: state('ON', Country.Canada),
          ContactName: 'Grace Liu',
          EmailAddress: 'toronto.hub@apex-demo.example',
          PhoneNumber: '+1 416 555 0190',
          RegionalConsultantID: liam.Id,
        },
        {
          Name: 'Prairies Hub',
          City: 'Calgary',
          StateProvinceID: state('AB', Country.Canada),
          ContactName: 'Owen Fraser',
          EmailAddress: 'prairies.hub@apex-demo.example',
          RegionalConsultantID: chloe.Id,
        },
        {
          Name: 'Midwest Hub',
          City: 'Chicago',
          StateProvinceID: state('IL', Country.US),
          ContactName: 'Rosa Alvarez',
          PhoneNumber: '+1 312 555 0128',
          RegionalConsultantID: noah.Id,
        },
      ])
      .returning();
    const hubLinks = [
      [hubRows[0].Id, links('Northwind')],
      [hubRows[1].Id, links('Maple')],
      [hubRows[2].Id, links('Summit')],
    ] as const;
    const hubValues = hubLinks.flatMap(([HubID, ids]) =>
      ids.map((IcdCorporationID) => ({ HubID, IcdCorporationID })),
    );
    if (hubValues.length) await tx.insert(hubCorporations).values(hubValues);

    const auditorRows = await tx
      .insert(auditors)
      .values([
        {
          FirstName: 'Morgan',
          LastName: 'Blake',
          EmailAddress: 'auditor@apex-demo.example',
          PhoneNumber: '+1 416 555 0155',
          Notes: 'Signs in as the demo auditor.',
        },
        { FirstName: 'Harriet', LastName: 'Osei', EmailAddress: 'harriet.osei@apex-demo.example' },
        {
          FirstName: 'Victor',
          LastName: 'Lemaire',
          EmailAddress: 'victor.lemaire@apex-demo.example',
          Notes: 'Starts next quarter; no corporation yet.',
        },
      ])
      .returning();
    const auditorValues = [
      ...links('Northwind', 'Maple').map((IcdCorporationID) => ({
        AuditorID: auditorRows[0].Id,
        IcdCorporationID,
      })),
      ...links('Summit').map((IcdCorporationID) => ({ AuditorID: auditorRows[1].Id, IcdCorporationID })),
    ];
    if (auditorValues.length) await tx.insert(auditorCorporations).values(auditorValues);

    const owners = await tx
      .insert(promotingOwners)
      .values([
        {
          FirstName: 'Dana',
          LastName: 'Whitfield',
          EmailAddress: 'owner@apex-demo.example',
          Notes: 'Owner of Northwind; promoted Maple Direct Sales.',
        },
        {
          FirstName: 'Gordon',
          LastName: 'Pike',
          EmailAddress: 'gordon.pike@apex-demo.example',
          PhoneNumber: '+1 905 555 0133',
        },
      ])
      .returning();
    const ownerValues = [
      ...links('Maple').map((IcdCorporationID) => ({ PromotingOwnerID: owners[0].Id, IcdCorporationID })),
      ...links('Northwind', 'Summit').map((IcdCorporationID) => ({
        PromotingOwnerID: owners[1].Id,
        IcdCorporationID,
      })),
    ];
    if (ownerValues.length) await tx.insert(promotingOwnerCorporations).values(ownerValues);
    for (const table of [nationalConsultants, regionalConsultants, hubs, auditors, promotingOwners]) {
      await tx.update(table).set({ CreatedAt: now });
    }
  });
}
