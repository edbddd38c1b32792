// What the rep does at a door, queued as offline commands (works with no connection): record an
// interaction on a lead, or add a new lead. The local copy written with each makes the marker change
// at once; the sync engine sends the change once when it can.
import type { LeadCreate, LeadPatch, LeadStatus, StatusBadge } from '../../contract/leads';
import { type FreshPosition, freshPosition } from '../../lib/fresh-position';
import { type ApexDb, allocateTempId, getDb } from '../../offline/db';
import { createLead, logInteraction } from './commands';
import type { LeadLocal } from './merge-markers';

/** A position for a knock: a fresh one, never cached (src/lib/fresh-position.ts). */
export type Fix = FreshPosition;
export const currentFix = freshPosition;

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function badge(statuses: readonly LeadStatus[], id: number | null | undefined): StatusBadge | null {
  if (id === null || id === undefined) return null;
  const s = statuses.find((x) => x.LeadStatusID === id);
  return s ? { Name: s.Name, Color: s.Color } : null;
}

export interface InteractionInput {
  /** null: keep the current status. */
  LeadStatusID: number | null;
  /** undefined: keep; null: clear; a number: declare. */
  DeclaredStatusID: number | null | undefined;
  Note: string;
  OccurredAt: Date;
  fix: Fix | null;
}

/** The PATCH body of a knock: no Version (interactions may arrive late), OccurredAt = the knock. */
export function interactionPatch(input: InteractionInput): LeadPatch {
  const patch: LeadPatch = { OccurredAt: input.OccurredAt.toISOString() };
  if (input.LeadStatusID !== null) patch.LeadStatusID = input.LeadStatusID;
  if (input.DeclaredStatusID !== undefined) patch.DeclaredStatusID = input.DeclaredStatusID;
  const note = input.Note.trim();
  if (note) patch.Note = note;
  if (input.fix) {
    patch.Latitude = round6(input.fix.Latitude);
    patch.Longitude = round6(input.fix.Longitude);
  }
  return patch;
}

/** The lead as it looks after the knock (what the marker shows until the server answers). */
export function localAfterInteraction(
  lead: LeadLocal,
  patch: LeadPatch,
  statuses: readonly LeadStatus[],
): LeadLocal {
  const LeadStatusID = patch.LeadStatusID !== undefined ? patch.LeadStatusID : lead.LeadStatusID;
  const DeclaredStatusID =
    patch.DeclaredStatusID !== undefined ? patch.DeclaredStatusID : lead.DeclaredStatusID;
  return {
    ...lead,
    LeadStatusID,
    DeclaredStatusID,
    LeadStatus: patch.LeadStatusID !== undefined ? badge(statuses, LeadStatusID) : lead.LeadStatus,
    DeclaredStatus:
      patch.DeclaredStatusID !== undefined ? badge(statuses, DeclaredStatusID) : lead.DeclaredStatus,
  };
}

export async function recordInteraction(params: {
  userId: string;
  lead: LeadLocal;
  input: InteractionInput;
  statuses: readonly LeadStatus[];
}): Promise<string> {
  const { userId, lead, input, statuses } = params;
  const patch = interactionPatch(input);
  const local = localAfterInteraction(lead, patch, statuses);
  const row = await logInteraction.enqueue(userId, { LeadID: lead.LeadID, patch, local: { ...local } });
  return row.id;
}

export interface NewLeadInput {
  LeadGroupID: number;
  Latitude: number;
  Longitude: number;
  StreetLine1: string;
  StreetLine2: string;
  City: string;
  StateProvince: string;
  PostalCode: string;
  CountryID: number | null;
  LeadStatusID: number | null;
  DeclaredStatusID: number | null;
  Note: string;
  Data: Record<string, string>;
  OccurredAt: Date;
}

const text = (s: string) => (s.trim() ? s.trim() : null);

export function leadCreateBody(input: NewLeadInput): LeadCreate {
  const data = Object.fromEntries(Object.entries(input.Data).filter(([, v]) => v.trim() !== ''));
  const body: LeadCreate = {
    LeadGroupID: input.LeadGroupID,
    Latitude: round6(input.Latitude),
    Longitude: round6(input.Longitude),
    StreetLine1: text(input.StreetLine1),
    StreetLine2: text(input.StreetLine2),
    City: text(input.City),
    StateProvince: text(input.StateProvince),
    PostalCode: text(input.PostalCode),
    CountryID: input.CountryID,
    OccurredAt: input.OccurredAt.toISOString(),
  };
  if (input.LeadStatusID !== null) body.LeadStatusID = input.LeadStatusID;
  if (input.DeclaredStatusID !== null) body.DeclaredStatusID = input.DeclaredStatusID;
  if (input.Note.trim()) body.Note = input.Note.trim();
  if (Object.keys(data).length > 0) body.Data = data;
  return body;
}

/** Queues the new lead; resolves to its temporary id and its outbox row. */
export async function queueNewLead(params: {
  userId: string;
  input: NewLeadInput;
  statuses: readonly LeadStatus[];
}): Promise<{ Id: number; rowId: string }> {
  const { userId, input, statuses } = params;
  const Id = await allocateTempId(userId);
  const lead = leadCreateBody(input);
  const local: LeadLocal = {
    LeadID: Id,
    LeadGroupID: input.LeadGroupID,
    Latitude: lead.Latitude,
    Longitude: lead.Longitude,
    LeadStatusID: input.LeadStatusID,
    DeclaredStatusID: input.DeclaredStatusID,
    LeadStatus: badge(statuses, input.LeadStatusID),
    DeclaredStatus: badge(statuses, input.DeclaredStatusID),
    TerritoryID: null,
    StreetLine1: lead.StreetLine1 ?? null,
    StreetLine2: lead.StreetLine2 ?? null,
    City: lead.City ?? null,
    StateProvince: lead.StateProvince ?? null,
    PostalCode: lead.PostalCode ?? null,
    CountryID: lead.CountryID ?? null,
  };
  const row = await createLead.enqueue(userId, { Id, lead, local: { ...local } });
  return { Id, rowId: row.id };
}

/** Queues a new lead; resolves to its temporary id (what the map selects until the server answers). */
export async function addLead(params: Parameters<typeof queueNewLead>[0]): Promise<number> {
  return (await queueNewLead(params)).Id;
}

export type Delivery = 'sent' | 'queued';

/**
 * Whether a queued change has reached the server: the sync engine is asked to send now and waited for
 * (at most `waitMs`); the change was sent when its outbox row is gone (the server acknowledged it),
 * else it is still on the device. With no engine (signed out, tests) it is still on the device.
 */
export async function delivery(
  rowId: string,
  engine: { syncNow(): Promise<void> } | null,
  options: { waitMs?: number; db?: ApexDb } = {},
): Promise<Delivery> {
  const { waitMs = 5000, db = getDb() } = options;
  if (engine) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      engine.syncNow().catch(() => undefined),
      new Promise((resolve) => {
        timer = setTimeout(resolve, waitMs);
      }),
    ]);
    clearTimeout(timer);
  }
  return (await db.outbox.get(rowId)) ? 'queued' : 'sent';
}
