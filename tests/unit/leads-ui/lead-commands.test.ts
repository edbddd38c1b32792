// The offline commands of the leads map: a knock is PATCH leads/{id} with OccurredAt and no Version,
// a new lead is POST leads under a temporary id; a knock on a lead created offline is sent to the
// server id once the create is acknowledged; the local copy (draft) shows the change at once.
import { beforeEach, describe, expect, it } from 'vitest';
import { LEAD } from '../../../src/features/leads/commands';
import { addLead, interactionPatch, recordInteraction } from '../../../src/features/leads/lead-actions';
import type { LeadLocal } from '../../../src/features/leads/merge-markers';
import { getDb, getDraft, listOutbox } from '../../../src/offline/db';
import { SyncEngine } from '../../../src/offline/sync-engine';
import type { SendRequest } from '../../../src/offline/sync-protocol';

const statuses = [
  {
    LeadStatusID: 3,
    DivisionID: 35,
    Name: 'Sold',
    Color: '#2f9e44',
    Hue: 130,
    TypeFlags: 1,
    IsConversion: true,
    SortIndex: 2,
  },
  {
    LeadStatusID: 8,
    DivisionID: 35,
    Name: 'Moving',
    Color: '#f76707',
    Hue: 25,
    TypeFlags: 4,
    IsConversion: false,
    SortIndex: 7,
  },
];
const lead: LeadLocal = {
  LeadID: 41,
  LeadGroupID: 1,
  Latitude: 43.66,
  Longitude: -79.41,
  LeadStatusID: null,
  DeclaredStatusID: null,
  LeadStatus: null,
  DeclaredStatus: null,
  TerritoryID: 2,
};
const knockAt = new Date('2026-11-20T15:04:05.000Z');

let user = 0;
beforeEach(async () => {
  user += 1;
  await getDb().open();
});

describe('interactionPatch', () => {
  it('carries the knock time and the position, never a Version', () => {
    const patch = interactionPatch({
      LeadStatusID: 3,
      DeclaredStatusID: null,
      Note: '  come back at 6 ',
      OccurredAt: knockAt,
      fix: { Latitude: 43.6612345678, Longitude: -79.41, Accuracy: 8, at: 0 },
    });
    expect(patch).toEqual({
      OccurredAt: '2026-11-20T15:04:05.000Z',
      LeadStatusID: 3,
      DeclaredStatusID: null,
      Note: 'come back at 6',
      Latitude: 43.661235,
      Longitude: -79.41,
    });
    expect('Version' in patch).toBe(false);
  });

  it('leaves out what does not change', () => {
    expect(
      interactionPatch({
        LeadStatusID: null,
        DeclaredStatusID: undefined,
        Note: '',
        OccurredAt: knockAt,
        fix: null,
      }),
    ).toEqual({ OccurredAt: knockAt.toISOString() });
  });
});

describe('lead commands', () => {
  it('queues a knock and shows it in the lead draft at once', async () => {
    const userId = `u${user}`;
    await recordInteraction({
      userId,
      lead,
      statuses,
      input: { LeadStatusID: 3, DeclaredStatusID: 8, Note: '', OccurredAt: knockAt, fix: null },
    });
    const [row] = await listOutbox(userId);
    expect(row).toMatchObject({
      command: 'lead.logInteraction',
      method: 'PATCH',
      path: 'leads/41',
      entityKey: 'lead:41',
    });
    expect(row.body).toEqual({ OccurredAt: knockAt.toISOString(), LeadStatusID: 3, DeclaredStatusID: 8 });
    const draft = await getDraft(userId, LEAD, 41);
    expect(draft?.status).toBe('pending');
    expect(draft?.data).toMatchObject({
      LeadStatusID: 3,
      LeadStatus: { Name: 'Sold', Color: '#2f9e44' },
      DeclaredStatus: { Name: 'Moving', Color: '#f76707' },
    });
  });

  it('sends a new lead, then a knock on it to its server id, each once', async () => {
    const userId = `u${user}`;
    const tempId = await addLead({
      userId,
      statuses,
      input: {
        LeadGroupID: 1,
        Latitude: 43.661,
        Longitude: -79.412,
        StreetLine1: '12 Clinton St',
        StreetLine2: '',
        City: 'Toronto',
        StateProvince: 'ON',
        PostalCode: '',
        CountryID: 2,
        LeadStatusID: null,
        DeclaredStatusID: null,
        Note: '',
        Data: { 'New Offer': 'RGR-FALL26', New: '' },
        OccurredAt: knockAt,
      },
    });
    expect(tempId).toBeLessThan(0);
    await recordInteraction({
      userId,
      lead: { ...lead, LeadID: tempId },
      statuses,
      input: {
        LeadStatusID: 3,
        DeclaredStatusID: undefined,
        Note: 'Ignite 500',
        OccurredAt: knockAt,
        fix: null,
      },
    });
    const sent: SendRequest[] = [];
    const engine = new SyncEngine({
      db: getDb(),
      userId,
      send: async (request) => {
        sent.push(request);
        if (request.method === 'POST')
          return { status: 201, body: { ...(request.body as object), LeadID: 900, Version: 1 } };
        return {
          status: 200,
          body: { LeadID: 900, LeadGroupID: 1, Latitude: 43.661, Longitude: -79.412, LeadStatusID: 3 },
        };
      },
      events: { window: null, document: null, serviceWorker: null },
      storage: null,
      registerBackgroundSync: null,
      isOnline: () => true,
    });
    await engine.syncNow();
    await engine.stop();
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST leads', 'PATCH leads/900']);
    expect(sent[0].body).toMatchObject({
      StreetLine1: '12 Clinton St',
      Data: { 'New Offer': 'RGR-FALL26' },
      CountryID: 2,
    });
    expect(sent[0].body).not.toHaveProperty('Data.New');
    expect(await listOutbox(userId)).toHaveLength(0);
    const draft = await getDraft(userId, LEAD, tempId);
    expect(draft).toMatchObject({ localId: 900, status: 'synced' });
  });
});
