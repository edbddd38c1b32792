// People directories (spec 001 §3 "Auditors, hubs, national consultants", spec 002 §3/§7 "Promoting
// owners and regional consultants"): five lists of the people around the corporations. The spec
// names only `Id` (and `IsNew` on a record the client has not saved yet); the other fields are our
// choice, what the back office expects of such a directory:
//
// - every kind is a person (FirstName, LastName, EmailAddress, PhoneNumber, Notes) except a hub,
//   which is a place (Name, City, StateProvinceID) with a contact person;
// - auditors, hubs and promoting owners are linked to the corporations they audit, group or
//   promoted (IcdCorporationIDs; a corporation belongs to one hub and has one promoting owner);
// - a national consultant covers a country; a regional consultant reports to a national consultant
//   and covers provinces/states; a hub is coached by a regional consultant.
//
// Calls (each kind alike; {kind} = auditors | hubs | national-consultants | promoting-owners |
// regional-consultants). Permission `people:read` to read, `people:manage` (all offices) to write.
//
//   GET    {kind}?search=          → Item[] sorted by name (case-insensitive "contains" on name,
//                                    e-mail, phone)
//   GET    {kind}/{id}             → Item
//   POST   {kind}                  Save → 201 Item
//   PUT    {kind}/{id}             Save + Version → Item (409 with Current when Version is stale)
//   DELETE {kind}/{id}?version=    → 204; 422 while the record is referenced (its message says by what)
//   GET    corporations/{id}/auditors → Auditor[] of that corporation
//
// A caller whose `people:read` reaches only some offices (an owner) sees the records linked to the
// corporations of those offices (consultants through their hubs) and only those corporations.
import { z } from 'zod';
import { Country, Int32, QueryInt32 } from './common';

const Id = Int32.positive();

export const DIRECTORY_KINDS = [
  'auditors',
  'hubs',
  'national-consultants',
  'promoting-owners',
  'regional-consultants',
] as const;
export type DirectoryKind = (typeof DIRECTORY_KINDS)[number];

export const NAME_MAX = 50;
export const HUB_NAME_MAX = 100;
export const NOTES_MAX = 500;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `${max} characters at most`)
    .nullish()
    .transform((v) => (v ? v : null));

const FirstName = z
  .string({ error: 'Enter a first name' })
  .trim()
  .min(1, 'Enter a first name')
  .max(NAME_MAX, `${NAME_MAX} characters at most`);
const LastName = z
  .string({ error: 'Enter a last name' })
  .trim()
  .min(1, 'Enter a last name')
  .max(NAME_MAX, `${NAME_MAX} characters at most`);
export const EmailAddress = z
  .string()
  .trim()
  .max(254, '254 characters at most')
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null))
  .refine((v) => v === null || z.email().safeParse(v).success, 'Enter a valid e-mail address');
export const PhoneNumber = z
  .string()
  .trim()
  .max(30, '30 characters at most')
  .nullish()
  .transform((v) => (v ? v : null))
  .refine(
    (v) => v === null || (/^\+?[0-9 ().-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7),
    'Enter a phone number (digits, spaces, + - . ( ); at least 7 digits)',
  );
const Notes = optionalText(NOTES_MAX);
const CorporationIds = z
  .array(Id)
  .max(200, '200 corporations at most')
  .default([])
  .transform((ids) => [...new Set(ids)]);

/** A corporation a record is linked to, with its name for display. */
export const LinkedCorporation = z.object({ IcdCorporationID: Id, ClientName: z.string() });
export type LinkedCorporation = z.infer<typeof LinkedCorporation>;

const PersonFields = {
  FirstName,
  LastName,
  EmailAddress,
  PhoneNumber,
  Notes,
};

const PersonOut = {
  Id,
  FirstName: z.string(),
  LastName: z.string(),
  EmailAddress: z.string().nullable(),
  PhoneNumber: z.string().nullable(),
  Notes: z.string().nullable(),
  IsNew: z.literal(false),
  Version: Int32,
};

/** IsNew is the client's flag for a record not saved yet (spec); the server accepts and ignores it. */
const IsNewIn = { IsNew: z.boolean().optional() };
const VersionIn = { Version: Int32 };

// ---- auditors ------------------------------------------------------------------------------------

export const AuditorSave = z.object({ ...PersonFields, IcdCorporationIDs: CorporationIds, ...IsNewIn });
export type AuditorSave = z.infer<typeof AuditorSave>;
export const AuditorUpdate = AuditorSave.extend(VersionIn);
export type AuditorUpdate = z.infer<typeof AuditorUpdate>;
export const Auditor = z.object({ ...PersonOut, Corporations: z.array(LinkedCorporation) });
export type Auditor = z.infer<typeof Auditor>;

// ---- promoting owners ----------------------------------------------------------------------------

export const PromotingOwnerSave = z.object({
  ...PersonFields,
  IcdCorporationIDs: CorporationIds,
  ...IsNewIn,
});
export type PromotingOwnerSave = z.infer<typeof PromotingOwnerSave>;
export const PromotingOwnerUpdate = PromotingOwnerSave.extend(VersionIn);
export type PromotingOwnerUpdate = z.infer<typeof PromotingOwnerUpdate>;
export const PromotingOwner = z.object({ ...PersonOut, Corporations: z.array(LinkedCorporation) });
export type PromotingOwner = z.infer<typeof PromotingOwner>;

// ---- national consultants ------------------------------------------------------------------------

export const CountryId = z.union([z.literal(Country.US), z.literal(Country.Canada)], {
  error: 'Choose Canada or the United States',
});

export const NationalConsultantSave = z.object({ ...PersonFields, CountryID: CountryId, ...IsNewIn });
export type NationalConsultantSave = z.infer<typeof NationalConsultantSave>;
export const NationalConsultantUpdate = NationalConsultantSave.extend(VersionIn);
export type NationalConsultantUpdate = z.infer<typeof NationalConsultantUpdate>;
export const NationalConsultant = z.object({
  ...PersonOut,
  CountryID: Int32,
  RegionalConsultantCount: Int32,
});
export type NationalConsultant = z.infer<typeof NationalConsultant>;

// ---- regional consultants ------------------------------------------------------------------------

export const RegionalConsultantSave = z.object({
  ...PersonFields,
  NationalConsultantID: Id.nullish().transform((v) => v ?? null),
  StateProvinceIDs: z
    .array(Id)
    .max(80, '80 provinces or states at most')
    .default([])
    .transform((ids) => [...new Set(ids)]),
  ...IsNewIn,
});
export type RegionalConsultantSave = z.infer<typeof RegionalConsultantSave>;
export const RegionalConsultantUpdate = RegionalConsultantSave.extend(VersionIn);
export type RegionalConsultantUpdate = z.infer<typeof RegionalConsultantUpdate>;
export const RegionalConsultant = z.object({
  ...PersonOut,
  NationalConsultantID: Id.nullable(),
  NationalConsultantName: z.string().nullable(),
  StateProvinces: z.array(z.object({ StateProvinceID: Id, Code: z.string(), StateName: z.string() })),
  HubCount: Int32,
});
export type RegionalConsultant = z.infer<typeof RegionalConsultant>;

// ---- hubs ----------------------------------------------------------------------------------------

export const HubSave = z.object({
  Name: z.string().trim().min(1, 'Enter a name').max(HUB_NAME_MAX, `${HUB_NAME_MAX} characters at most`),
  City: optionalText(NAME_MAX),
  StateProvinceID: Id.nullish().transform((v) => v ?? null),
  ContactName: optionalText(100),
  EmailAddress,
  PhoneNumber,
  RegionalConsultantID: Id.nullish().transform((v) => v ?? null),
  IcdCorporationIDs: CorporationIds,
  Notes,
  ...IsNewIn,
});
export type HubSave = z.infer<typeof HubSave>;
export const HubUpdate = HubSave.extend(VersionIn);
export type HubUpdate = z.infer<typeof HubUpdate>;
export const Hub = z.object({
  Id,
  Name: z.string(),
  City: z.string().nullable(),
  StateProvinceID: Id.nullable(),
  StateName: z.string().nullable(),
  ContactName: z.string().nullable(),
  EmailAddress: z.string().nullable(),
  PhoneNumber: z.string().nullable(),
  RegionalConsultantID: Id.nullable(),
  RegionalConsultantName: z.string().nullable(),
  Notes: z.string().nullable(),
  Corporations: z.array(LinkedCorporation),
  IsNew: z.literal(false),
  Version: Int32,
});
export type Hub = z.infer<typeof Hub>;

// ---- queries -------------------------------------------------------------------------------------

export const DirectoryQuery = z.object({
  search: z.string().trim().max(100, '100 characters at most').optional(),
});
export type DirectoryQuery = z.infer<typeof DirectoryQuery>;

export const DeleteQuery = z.object({ version: QueryInt32.optional() });
