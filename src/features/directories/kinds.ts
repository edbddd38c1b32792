// What each directory shows and edits: its table columns (with the text they sort and filter on) and
// its form fields. Labels are i18n keys under `directories.`.
import type { z } from 'zod';
import {
  AuditorSave,
  type DirectoryKind,
  HubSave,
  NationalConsultantSave,
  PromotingOwnerSave,
  RegionalConsultantSave,
} from '../../contract/directories';
import type { AnyItem } from './api';

export type FieldType =
  | 'text'
  | 'email'
  | 'phone'
  | 'notes'
  | 'country'
  | 'corporations'
  | 'stateProvince'
  | 'stateProvinces'
  | 'nationalConsultant'
  | 'regionalConsultant';

export interface FieldDef {
  name: string;
  type: FieldType;
  required?: boolean;
}

export interface ColumnDef {
  key: string;
  /** The text shown, sorted and searched. */
  text: (row: AnyItem, t: (key: string) => string) => string;
}

// Each row is one of the five item shapes; these read the fields a kind has.
const field = (row: AnyItem, key: string): unknown => (row as unknown as Record<string, unknown>)[key];
const str = (row: AnyItem, key: string) => (field(row, key) as string | null | undefined) ?? '';
const personName = (row: AnyItem) => `${str(row, 'FirstName')} ${str(row, 'LastName')}`.trim();
const sortName = (row: AnyItem) => `${str(row, 'LastName')}, ${str(row, 'FirstName')}`;
const corps = (row: AnyItem) =>
  ((field(row, 'Corporations') as { ClientName: string }[] | undefined) ?? [])
    .map((c) => c.ClientName)
    .join(', ');

export { personName };

export interface KindDef {
  kind: DirectoryKind;
  /** i18n key of the tab and of "New …" */
  columns: ColumnDef[];
  fields: FieldDef[];
  save: z.ZodType<Record<string, unknown>>;
  /** The record's display name (headings, delete confirmation). */
  name: (row: AnyItem) => string;
  /** What the default sort uses (the first column). */
}

const person: FieldDef[] = [
  { name: 'FirstName', type: 'text', required: true },
  { name: 'LastName', type: 'text', required: true },
  { name: 'EmailAddress', type: 'email' },
  { name: 'PhoneNumber', type: 'phone' },
];
const notes: FieldDef = { name: 'Notes', type: 'notes' };
const nameCol: ColumnDef = { key: 'Name', text: (row) => personName(row) };
const emailCol: ColumnDef = { key: 'EmailAddress', text: (row) => str(row, 'EmailAddress') };
const phoneCol: ColumnDef = { key: 'PhoneNumber', text: (row) => str(row, 'PhoneNumber') };
const corpCol: ColumnDef = { key: 'Corporations', text: corps };

const asSave = (schema: z.ZodType) => schema as unknown as z.ZodType<Record<string, unknown>>;

export const KINDS: Record<DirectoryKind, KindDef> = {
  auditors: {
    kind: 'auditors',
    columns: [nameCol, emailCol, phoneCol, corpCol],
    fields: [...person, { name: 'IcdCorporationIDs', type: 'corporations' }, notes],
    save: asSave(AuditorSave),
    name: personName,
  },
  hubs: {
    kind: 'hubs',
    columns: [
      { key: 'Name', text: (row) => str(row, 'Name') },
      {
        key: 'City',
        text: (row) => [str(row, 'City'), str(row, 'StateName')].filter(Boolean).join(', '),
      },
      { key: 'ContactName', text: (row) => str(row, 'ContactName') },
      { key: 'RegionalConsultantID', text: (row) => str(row, 'RegionalConsultantName') },
      corpCol,
    ],
    fields: [
      { name: 'Name', type: 'text', required: true },
      { name: 'City', type: 'text' },
      { name: 'StateProvinceID', type: 'stateProvince' },
      { name: 'ContactName', type: 'text' },
      { name: 'EmailAddress', type: 'email' },
      { name: 'PhoneNumber', type: 'phone' },
      { name: 'RegionalConsultantID', type: 'regionalConsultant' },
      { name: 'IcdCorporationIDs', type: 'corporations' },
      notes,
    ],
    save: asSave(HubSave),
    name: (row) => str(row, 'Name'),
  },
  'national-consultants': {
    kind: 'national-consultants',
    columns: [
      nameCol,
      emailCol,
      phoneCol,
      { key: 'CountryID', text: (row, t) => t(`directories.countries.${field(row, 'CountryID')}`) },
      { key: 'RegionalConsultantCount', text: (row) => String(field(row, 'RegionalConsultantCount')) },
    ],
    fields: [...person, { name: 'CountryID', type: 'country', required: true }, notes],
    save: asSave(NationalConsultantSave),
    name: personName,
  },
  'promoting-owners': {
    kind: 'promoting-owners',
    columns: [nameCol, emailCol, phoneCol, corpCol],
    fields: [...person, { name: 'IcdCorporationIDs', type: 'corporations' }, notes],
    save: asSave(PromotingOwnerSave),
    name: personName,
  },
  'regional-consultants': {
    kind: 'regional-consultants',
    columns: [
      nameCol,
      emailCol,
      phoneCol,
      { key: 'NationalConsultantID', text: (row) => str(row, 'NationalConsultantName') },
      {
        key: 'StateProvinceIDs',
        text: (row) =>
          ((field(row, 'StateProvinces') as { Code: string }[] | undefined) ?? [])
            .map((s) => s.Code)
            .join(', '),
      },
    ],
    fields: [
      ...person,
      { name: 'NationalConsultantID', type: 'nationalConsultant' },
      { name: 'StateProvinceIDs', type: 'stateProvinces' },
      notes,
    ],
    save: asSave(RegionalConsultantSave),
    name: personName,
  },
};

export { sortName };

/** The form's values for a record (or an empty new one). */
export function formValues(def: KindDef, row: AnyItem | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of def.fields) {
    if (f.type === 'corporations')
      out[f.name] = row
        ? ((field(row, 'Corporations') as { IcdCorporationID: number }[]).map((c) => c.IcdCorporationID) ??
          [])
        : [];
    else if (f.type === 'stateProvinces')
      out[f.name] = row
        ? (field(row, 'StateProvinces') as { StateProvinceID: number }[]).map((s) => s.StateProvinceID)
        : [];
    else if (f.type === 'text' || f.type === 'email' || f.type === 'phone' || f.type === 'notes')
      out[f.name] = row ? ((field(row, f.name) as string | null) ?? '') : '';
    else out[f.name] = row ? (field(row, f.name) ?? null) : null;
  }
  return out;
}
