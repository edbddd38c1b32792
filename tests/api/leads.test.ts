// Leads on the map: markers, scoping (a rep sees only their leads), interactions (offline, replays,
// versions), lead data keys, groups, territories and their offices, teams, policies, reports.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, icdOffices, leadAssignments, leadStatuses, leads } from '../../server/db/tables';
import type {
  Lead,
  LeadGroup,
  LeadMarkers,
  Territory,
  TerritoryLeadMarkers,
  TerritoryOffice,
} from '../../src/contract/leads';
import { dbOf } from './db';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let admin: Session;
let manager: Session;
let owner: Session;
let rep: Session;
let staff: Session;
let toronto: LeadGroup;
let vancouver: LeadGroup;
const ids: Record<string, number> = {};
const status: Record<string, number> = {};

const TORONTO_BOX = 'west=-79.44&south=43.64&east=-79.38&north=43.68';

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, owner, rep, staff] = await Promise.all(
    ['admin', 'manager', 'owner', 'rep', 'staff'].map((u) => t.signIn(u)),
  );
  const db = dbOf(t);
  for (const e of await db.select().from(employees)) ids[e.UserName] = e.EmployeeID;
  for (const o of await db.select().from(icdOffices)) ids[o.OfficeName] = o.IcdOfficeID;
  for (const s of await db.select().from(leadStatuses).where(eq(leadStatuses.DivisionID, 35)))
    status[s.Name] = s.LeadStatusID;
  const groups = (await manager.call({ method: 'GET', url: '/api/lead-groups' })).json<LeadGroup[]>();
  toronto = groups.find((g) => g.Name === 'Toronto West End')!;
  vancouver = groups.find((g) => g.Name === 'Vancouver Kitsilano')!;
});
afterAll(() => t.close());

const get = <T>(s: Session, url: string) =>
  s.call({ method: 'GET', url: `/api${url}` }).then((r) => r.json<T>());

describe('demo leads', () => {
  it('seeds a Rogers group of ~300 leads around Toronto and a Dtv group of ~150 around Vancouver', () => {
    expect(toronto.DivisionID).toBe(35);
    expect(toronto.LeadsCount).toBeGreaterThanOrEqual(290);
    expect(vancouver.DivisionID).toBe(31);
    expect(vancouver.LeadsCount).toBe(150);
  });
});

describe('lead markers', () => {
  it('answers Leads with current and declaration status name and colour merged, plus LeadStatuses', async () => {
    const res = await manager.call({
      method: 'GET',
      url: `/api/lead-markers?leadGroupId=${toronto.LeadGroupID}&${TORONTO_BOX}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<LeadMarkers>();
    expect(body.Truncated).toBe(false);
    expect(body.Leads.length).toBe(toronto.LeadsCount);
    const sold = body.LeadStatuses.find((s) => s.Name === 'Sold')!;
    expect(sold).toMatchObject({ Color: '#2f9e44', TypeFlags: 1, IsConversion: true, DivisionID: 35 });
    expect(body.LeadStatuses.find((s) => s.Name === 'Has Competitor')).toMatchObject({
      Color: '#7048e8',
      TypeFlags: 4,
    });
    const withStatus = body.Leads.find((l) => l.LeadStatusID === sold.LeadStatusID)!;
    expect(withStatus.LeadStatus).toEqual({ Name: 'Sold', Color: '#2f9e44' });
    const declared = body.Leads.find((l) => l.DeclaredStatusID !== null);
    if (declared) expect(declared.DeclaredStatus?.Name).toMatch(/Has Competitor|Moving|No Soliciting/);
    const blank = body.Leads.find((l) => l.LeadStatusID === null)!;
    expect(blank.LeadStatus).toBeNull();
    expect(Object.keys(withStatus).sort()).toEqual(
      [
        'DeclaredStatus',
        'DeclaredStatusID',
        'LeadID',
        'LeadStatus',
        'LeadStatusID',
        'Latitude',
        'Longitude',
        'TerritoryID',
      ].sort(),
    );
  });

  it('filters by bounding box and status, and truncates at the limit', async () => {
    const all = await get<LeadMarkers>(manager, `/lead-markers?leadGroupId=${toronto.LeadGroupID}`);
    const box = { west: -79.412, south: 43.657, east: -79.405, north: 43.662 };
    const inBox = all.Leads.filter(
      (l) =>
        l.Longitude >= box.west &&
        l.Longitude <= box.east &&
        l.Latitude >= box.south &&
        l.Latitude <= box.north,
    );
    const boxed = await get<LeadMarkers>(
      manager,
      `/lead-markers?leadGroupId=${toronto.LeadGroupID}&west=${box.west}&south=${box.south}&east=${box.east}&north=${box.north}`,
    );
    expect(boxed.Leads.map((l) => l.LeadID).sort()).toEqual(inBox.map((l) => l.LeadID).sort());
    expect(inBox.length).toBeGreaterThan(0);
    expect(inBox.length).toBeLessThan(all.Leads.length);

    const wanted = `${status.Sold},${status.Interested}`;
    const byStatus = await get<LeadMarkers>(
      manager,
      `/lead-markers?leadGroupId=${toronto.LeadGroupID}&statusIds=${wanted}`,
    );
    expect(byStatus.Leads.length).toBeGreaterThan(0);
    expect(
      byStatus.Leads.every((l) => l.LeadStatus?.Name === 'Sold' || l.LeadStatus?.Name === 'Interested'),
    ).toBe(true);

    // Past the limit the leads are counted in clusters (tests/api/leads-markers.test.ts).
    const limited = await get<LeadMarkers>(
      manager,
      `/lead-markers?leadGroupId=${toronto.LeadGroupID}&limit=10`,
    );
    expect(limited.Truncated).toBe(true);
    expect(limited.Leads.length).toBeLessThanOrEqual(10);
    expect(limited.Leads.length + limited.Clusters.reduce((n, c) => n + c.Count, 0)).toBe(all.Leads.length);
  });

  it('bad queries get 400 with field errors', async () => {
    const missing = await manager.call({ method: 'GET', url: '/api/lead-markers' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Errors).toHaveProperty('leadGroupId');
    const partial = await manager.call({
      method: 'GET',
      url: `/api/lead-markers?leadGroupId=${toronto.LeadGroupID}&west=-79.4&south=43.6`,
    });
    expect(partial.statusCode).toBe(400);
    const badIds = await manager.call({
      method: 'GET',
      url: `/api/lead-markers?leadGroupId=${toronto.LeadGroupID}&statusIds=1,x`,
    });
    expect(badIds.statusCode).toBe(400);
  });

  it('lead-territories/lead-markers adds the territories and TerritoriesLeadsCounts', async () => {
    const body = await get<TerritoryLeadMarkers>(
      manager,
      `/lead-territories/lead-markers?leadGroupId=${toronto.LeadGroupID}&${TORONTO_BOX}`,
    );
    expect(body.Territories.map((x) => x.Name).sort()).toEqual([
      'Christie Pits South',
      'Harbord Village',
      'Little Italy',
    ]);
    expect(body.TerritoriesLeadsCounts).toHaveLength(3);
    for (const c of body.TerritoriesLeadsCounts) {
      expect(c.LeadsCount).toBe(body.Leads.filter((l) => l.TerritoryID === c.TerritoryID).length);
      expect(c.StatusCounts.reduce((s, x) => s + x.Count, 0)).toBe(c.LeadsCount);
    }
    const harbord = body.Territories.find((x) => x.Name === 'Harbord Village')!;
    expect(harbord.CurrentOffice).toMatchObject({
      IcdOfficeID: ids['Toronto Central'],
      OfficeName: 'Toronto Central',
    });
    expect(harbord.Polygon.type).toBe('Polygon');
  });

  it('needs leads:work (403), and another corporation’s group is not there (404)', async () => {
    const res = await staff.call({
      method: 'GET',
      url: `/api/lead-markers?leadGroupId=${toronto.LeadGroupID}`,
    });
    expect(res.statusCode).toBe(403);
    const maple = await admin.call({
      method: 'POST',
      url: '/api/lead-groups',
      payload: { Name: 'Calgary South', DivisionID: 35, IcdCorporationID: 3 },
    });
    expect(maple.statusCode).toBe(201);
    const id = maple.json<LeadGroup>().LeadGroupID;
    for (const s of [manager, owner, rep]) {
      expect((await s.call({ method: 'GET', url: `/api/lead-markers?leadGroupId=${id}` })).statusCode).toBe(
        404,
      );
      expect((await s.call({ method: 'GET', url: `/api/lead-groups/${id}` })).statusCode).toBe(404);
    }
    const list = await get<LeadGroup[]>(manager, '/lead-groups');
    expect(list.some((g) => g.LeadGroupID === id)).toBe(false);
    // And a manager cannot create one there.
    const refused = await manager.call({
      method: 'POST',
      url: '/api/lead-groups',
      payload: { Name: 'Not mine', DivisionID: 35, IcdCorporationID: 3 },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('a rep sees only the leads assigned to them or in their office’s territories', () => {
  let group: LeadGroup;
  let created: number[];
  const around = (i: number) => ({ Latitude: 43.7 + i * 0.0005, Longitude: -79.45 + i * 0.0005 });

  beforeAll(async () => {
    group = (
      await manager.call({
        method: 'POST',
        url: '/api/lead-groups',
        payload: { Name: 'Scope test', DivisionID: 35, IcdCorporationID: toronto.IcdCorporationID },
      })
    ).json<LeadGroup>();
    const bulk = await manager.call({
      method: 'POST',
      url: '/api/leads/bulk',
      payload: [0, 1, 2, 3, 4, 5].map((i) => ({
        LeadGroupID: group.LeadGroupID,
        ...around(i),
        StreetLine1: `${10 + i} Test Ave`,
        City: 'Toronto',
      })),
    });
    expect(bulk.statusCode).toBe(201);
    created = bulk.json<{ LeadIDs: number[] }>().LeadIDs;
    const assign = await manager.call({
      method: 'PATCH',
      url: '/api/leads/bulk',
      payload: { LeadIDs: created.slice(0, 2), AssignedReps: [ids.rep] },
    });
    expect(assign.json()).toEqual({ UpdatedCount: 2 });
  });

  it('only the two assigned leads, in lists, markers and by id', async () => {
    const page = await get<{ Items: Lead[]; TotalCount: number }>(
      rep,
      `/leads?leadGroupId=${group.LeadGroupID}`,
    );
    expect(page.TotalCount).toBe(2);
    expect(page.Items.map((l) => l.LeadID).sort()).toEqual(created.slice(0, 2).sort());
    expect(page.Items[0].AssignedReps).toEqual([{ EmployeeID: ids.rep, FullName: 'Riley Chen' }]);
    const markers = await get<LeadMarkers>(rep, `/lead-markers?leadGroupId=${group.LeadGroupID}`);
    expect(markers.Leads.map((l) => l.LeadID).sort()).toEqual(created.slice(0, 2).sort());
    expect((await rep.call({ method: 'GET', url: `/api/leads/${created[0]}` })).statusCode).toBe(200);
    expect((await rep.call({ method: 'GET', url: `/api/leads/${created[4]}` })).statusCode).toBe(404);
    const patch = await rep.call({
      method: 'PATCH',
      url: `/api/leads/${created[4]}`,
      payload: { LeadStatusID: status['Not Home'], OccurredAt: new Date().toISOString() },
    });
    expect(patch.statusCode).toBe(404);
    // The manager sees all six.
    expect(
      (await get<{ TotalCount: number }>(manager, `/lead-groups/${group.LeadGroupID}/leads`)).TotalCount,
    ).toBe(6);
  });

  it('a territory worked by the rep’s office adds its leads; one given to a team without the rep does not', async () => {
    const ring = [
      [-79.4504, 43.7011],
      [-79.4474, 43.7011],
      [-79.4474, 43.7023],
      [-79.4504, 43.7023],
    ];
    const territory = await manager.call({
      method: 'POST',
      url: '/api/territories',
      payload: {
        LeadGroupID: group.LeadGroupID,
        Name: 'East half',
        Color: '#12B886',
        Polygon: { type: 'Polygon', coordinates: [ring] },
      },
    });
    expect(territory.statusCode).toBe(201);
    const tid = territory.json<Territory>().TerritoryID;
    expect(territory.json<Territory>().Polygon.coordinates[0]).toHaveLength(5); // closed by the server
    // leads 3..4 (i = 3, 4) lie inside
    const inside = created.slice(3, 5);
    const before = await get<LeadMarkers>(rep, `/lead-markers?leadGroupId=${group.LeadGroupID}`);
    expect(before.Leads).toHaveLength(2);

    const assigned = await manager.call({
      method: 'PATCH',
      url: `/api/lead-group/${group.LeadGroupID}/territories/offices`,
      payload: [{ TerritoryID: tid, IcdOfficeID: ids['Toronto Central'] }],
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json<TerritoryOffice[]>()).toEqual([
      expect.objectContaining({
        TerritoryID: tid,
        OfficeName: 'Toronto Central',
        LeadOfficeTeamID: null,
        ToDate: null,
      }),
    ]);
    const after = await get<LeadMarkers>(rep, `/lead-markers?leadGroupId=${group.LeadGroupID}`);
    expect(after.Leads.map((l) => l.LeadID).sort()).toEqual([...created.slice(0, 2), ...inside].sort());
    const repTerritories = await get<Territory[]>(rep, `/lead-groups/${group.LeadGroupID}/territories`);
    expect(repTerritories.map((x) => x.TerritoryID)).toEqual([tid]);

    const team = await manager.call({
      method: 'POST',
      url: '/api/lead-office-teams',
      payload: { IcdOfficeID: ids['Toronto Central'], Name: 'Managers only', EmployeeIDs: [ids.manager] },
    });
    expect(team.statusCode).toBe(201);
    const teamId = team.json().LeadOfficeTeamID;
    const toTeam = await manager.call({
      method: 'PATCH',
      url: `/api/lead-group/${group.LeadGroupID}/territories/offices`,
      payload: [{ TerritoryID: tid, IcdOfficeID: ids['Toronto Central'], LeadOfficeTeamID: teamId }],
    });
    expect(toTeam.statusCode).toBe(200);
    const teamed = await get<LeadMarkers>(rep, `/lead-markers?leadGroupId=${group.LeadGroupID}`);
    expect(teamed.Leads).toHaveLength(2);

    // Adding the rep to the team brings them back.
    const added = await manager.call({
      method: 'PUT',
      url: `/api/lead-office-teams/${teamId}`,
      payload: {
        IcdOfficeID: ids['Toronto Central'],
        Name: 'Managers and Riley',
        EmployeeIDs: [ids.manager, ids.rep],
        Version: 1,
      },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ Version: 2, OfficeName: 'Toronto Central' });
    expect(
      (await get<LeadMarkers>(rep, `/lead-markers?leadGroupId=${group.LeadGroupID}`)).Leads,
    ).toHaveLength(4);
    const stale = await manager.call({
      method: 'PUT',
      url: `/api/lead-office-teams/${teamId}`,
      payload: { IcdOfficeID: ids['Toronto Central'], Name: 'x', EmployeeIDs: [], Version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ Name: 'Managers and Riley', Version: 2 });
  });

  it('territory office history keeps every assignment', async () => {
    const [territory] = await get<Territory[]>(manager, `/lead-groups/${group.LeadGroupID}/territories`);
    const history = await get<TerritoryOffice[]>(
      manager,
      `/territory-office-history?territoryId=${territory.TerritoryID}`,
    );
    // Same-day reassignments replace the row of that day.
    expect(history.length).toBeGreaterThanOrEqual(1);
    expect(history[0]).toMatchObject({ ToDate: null, LeadOfficeTeamName: 'Managers and Riley' });
    const groupHistory = await get<TerritoryOffice[]>(
      manager,
      `/territories-office-history?leadGroupId=${group.LeadGroupID}`,
    );
    expect(groupHistory.map((h) => h.TerritoryOfficeID)).toEqual(history.map((h) => h.TerritoryOfficeID));
    const office = await get<Territory[]>(manager, `/lead-territories/office/${ids['Toronto Central']}`);
    expect(office.map((x) => x.TerritoryID)).toContain(territory.TerritoryID);
    const current = await get<TerritoryOffice[]>(
      manager,
      `/territory-offices?leadGroupId=${group.LeadGroupID}`,
    );
    expect(current).toHaveLength(1);
    // Unassigning ends it.
    await manager.call({
      method: 'PATCH',
      url: `/api/lead-group/${group.LeadGroupID}/territories/offices`,
      payload: [{ TerritoryID: territory.TerritoryID, IcdOfficeID: null }],
    });
    expect(
      await get<TerritoryOffice[]>(manager, `/territory-offices?leadGroupId=${group.LeadGroupID}`),
    ).toEqual([]);
    expect(
      (await get<LeadMarkers>(rep, `/lead-markers?leadGroupId=${group.LeadGroupID}`)).Leads,
    ).toHaveLength(2);
  });

  it('a territory can be assigned from a date: the previous assignment ends the day before', async () => {
    const [territory] = await get<Territory[]>(manager, `/lead-groups/${group.LeadGroupID}/territories`);
    for (const FromDate of ['2026-01-05', '2026-02-01'])
      await manager.call({
        method: 'PATCH',
        url: `/api/lead-group/${group.LeadGroupID}/territories/offices`,
        payload: [{ TerritoryID: territory.TerritoryID, IcdOfficeID: ids['Toronto Central'], FromDate }],
      });
    const vancouverPayload = [
      { TerritoryID: territory.TerritoryID, IcdOfficeID: ids['Vancouver Harbour'], FromDate: '2026-02-01' },
    ];
    // The manager of Toronto Central does not manage Vancouver Harbour; the owner (whole corporation) does.
    const notHis = await manager.call({
      method: 'PATCH',
      url: `/api/lead-group/${group.LeadGroupID}/territories/offices`,
      payload: vancouverPayload,
    });
    expect(notHis.statusCode).toBe(403);
    const byOwner = await owner.call({
      method: 'PATCH',
      url: `/api/lead-group/${group.LeadGroupID}/territories/offices`,
      payload: vancouverPayload,
    });
    expect(byOwner.statusCode).toBe(200);
    const history = await get<TerritoryOffice[]>(
      manager,
      `/territory-office-history?territoryId=${territory.TerritoryID}`,
    );
    expect(history.slice(0, 2).map((h) => [h.OfficeName, h.FromDate, h.ToDate])).toEqual([
      ['Vancouver Harbour', '2026-02-01', null],
      ['Toronto Central', '2026-01-05', '2026-01-31'],
    ]);
    const refused = await rep.call({
      method: 'PATCH',
      url: `/api/lead-group/${group.LeadGroupID}/territories/offices`,
      payload: [{ TerritoryID: territory.TerritoryID, IcdOfficeID: null }],
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('logging an interaction (PATCH leads/{id})', () => {
  /** Leads of the rep nobody has knocked on yet: each test takes its own, whatever ran before it. */
  let unvisited: number[];
  beforeAll(async () => {
    const markers = await get<LeadMarkers>(rep, `/lead-markers?leadGroupId=${toronto.LeadGroupID}`);
    unvisited = markers.Leads.filter((l) => l.LeadStatusID === null).map((l) => l.LeadID);
  });
  const freshLead = () => {
    const id = unvisited.shift();
    if (id === undefined) throw new Error('no unvisited lead left');
    return id;
  };
  /** The lead as its reader sees it, to show a refusal changed nothing. */
  const snapshot = async (id: number) => {
    const lead = await get<Lead>(manager, `/leads/${id}`);
    return {
      Version: lead.Version,
      LeadStatus: lead.LeadStatus,
      DeclaredStatus: lead.DeclaredStatus,
      StreetLine2: lead.StreetLine2,
      AssignedReps: lead.AssignedReps.map((a) => a.EmployeeID).sort(),
      History: lead.LeadActivityHistory?.length,
    };
  };

  it('updates the lead and appends to LeadActivityHistory, with the knock position', async () => {
    const leadId = freshLead();
    const occurredAt = new Date(Date.now() - 2 * 3600_000).toISOString();
    const body = {
      LeadStatusID: status.Interested,
      Note: 'Wants a quote for TV + internet',
      Latitude: 43.66,
      Longitude: -79.41,
      OccurredAt: occurredAt,
    };
    const res = await rep.call({ method: 'PATCH', url: `/api/leads/${leadId}`, payload: body });
    expect(res.statusCode).toBe(200);
    const lead = res.json<Lead>();
    expect(lead.LeadStatus).toEqual({ Name: 'Interested', Color: '#fab005' });
    expect(lead.LastActivityAt).toBe(occurredAt);
    expect(lead.LeadActivityHistory).toHaveLength(1);
    expect(lead.LeadActivityHistory![0]).toMatchObject({
      EmployeeID: ids.rep,
      EmployeeName: 'Riley Chen',
      Note: 'Wants a quote for TV + internet',
      Latitude: 43.66,
      Longitude: -79.41,
      OccurredAt: occurredAt,
      LeadStatus: { Name: 'Interested', Color: '#fab005' },
    });

    // The outbox sending it again (lost response, no Idempotency-Key kept) appends nothing.
    const replay = await rep.call({ method: 'PATCH', url: `/api/leads/${leadId}`, payload: body });
    expect(replay.statusCode).toBe(200);
    expect(replay.json<Lead>().LeadActivityHistory).toHaveLength(1);
    expect(replay.json<Lead>().Version).toBe(lead.Version);
  });

  it('an older interaction recorded offline enters the history without overwriting the newer status', async () => {
    const leadId = freshLead();
    const newer = await rep.call({
      method: 'PATCH',
      url: `/api/leads/${leadId}`,
      payload: {
        LeadStatusID: status.Interested,
        OccurredAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
      },
    });
    expect(newer.statusCode).toBe(200);
    const yesterday = new Date(Date.now() - 26 * 3600_000).toISOString();
    const res = await rep.call({
      method: 'PATCH',
      url: `/api/leads/${leadId}`,
      payload: { LeadStatusID: status['Not Home'], OccurredAt: yesterday },
    });
    expect(res.statusCode).toBe(200);
    const lead = res.json<Lead>();
    expect(lead.LeadStatus?.Name).toBe('Interested');
    expect(lead.LeadActivityHistory!.map((a) => a.LeadStatus?.Name)).toEqual(['Interested', 'Not Home']);
  });

  it('declarations go in DeclaredStatusID; a declaration as LeadStatusID is refused', async () => {
    const leadId = freshLead();
    const interested = await rep.call({
      method: 'PATCH',
      url: `/api/leads/${leadId}`,
      payload: { LeadStatusID: status.Interested, OccurredAt: new Date(Date.now() - 3600_000).toISOString() },
    });
    expect(interested.statusCode).toBe(200);
    const before = await snapshot(leadId);
    const wrong = await rep.call({
      method: 'PATCH',
      url: `/api/leads/${leadId}`,
      payload: { LeadStatusID: status.Moving, OccurredAt: new Date().toISOString() },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().Errors.LeadStatusID[0]).toMatch(/declaration/);
    expect(await snapshot(leadId)).toEqual(before);
    const ok = await rep.call({
      method: 'PATCH',
      url: `/api/leads/${leadId}`,
      payload: { DeclaredStatusID: status.Moving, OccurredAt: new Date().toISOString() },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Lead>()).toMatchObject({
      DeclaredStatus: { Name: 'Moving', Color: '#f76707' },
      LeadStatus: { Name: 'Interested' },
    });
  });

  it('refuses an interaction in the future, a missing note the policy asks for, and a stale Version', async () => {
    const leadId = freshLead();
    const before = await snapshot(leadId);
    const future = await rep.call({
      method: 'PATCH',
      url: `/api/leads/${leadId}`,
      payload: { LeadStatusID: status.Sold, OccurredAt: new Date(Date.now() + 3600_000).toISOString() },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().Errors).toHaveProperty('OccurredAt');
    const noNote = await rep.call({
      method: 'PATCH',
      url: `/api/leads/${leadId}`,
      payload: { LeadStatusID: status['Come Back'], OccurredAt: new Date().toISOString() },
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().Errors.Note).toEqual(['A note is required for this status']);
    // Neither refusal left a trace: no status, no history row, the same Version.
    expect(await snapshot(leadId)).toEqual(before);
    const current = await get<Lead>(rep, `/leads/${leadId}`);
    const stale = await rep.call({
      method: 'PATCH',
      url: `/api/leads/${leadId}`,
      payload: { StreetLine2: 'Basement', Version: current.Version - 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      Message: 'This item was changed by someone else. Review the current version.',
      Current: { LeadID: leadId, Version: current.Version },
    });
    expect(await snapshot(leadId)).toEqual(before);
    const edit = await rep.call({
      method: 'PATCH',
      url: `/api/leads/${leadId}`,
      payload: { StreetLine2: 'Basement', Version: current.Version },
    });
    expect(edit.json<Lead>()).toMatchObject({ StreetLine2: 'Basement', Version: current.Version + 1 });
  });

  it('a replay with the same Idempotency-Key gets the stored answer', async () => {
    const leadId = freshLead();
    const payload = { LeadStatusID: status.Sold, Note: 'Ignite 1G', OccurredAt: new Date().toISOString() };
    const headers = { 'idempotency-key': 'f5a7c1f0-3c0b-4d55-9a0e-6f1c1f6f0a11' };
    const first = await rep.call({ method: 'PATCH', url: `/api/leads/${leadId}`, payload, headers });
    const second = await rep.call({ method: 'PATCH', url: `/api/leads/${leadId}`, payload, headers });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(first.json<Lead>().LeadStatus).toEqual({ Name: 'Sold', Color: '#2f9e44' });
  });

  it('reps cannot assign; managers can, through PATCH and PATCH leads/bulk', async () => {
    const leadId = freshLead();
    const before = await snapshot(leadId);
    const refused = await rep.call({
      method: 'PATCH',
      url: `/api/leads/${leadId}`,
      payload: { AssignedReps: [ids.manager] },
    });
    expect(refused.statusCode).toBe(403);
    expect(await snapshot(leadId)).toEqual(before);
    const ok = await manager.call({
      method: 'PATCH',
      url: `/api/leads/${leadId}`,
      payload: { AssignedReps: [ids.rep, ids.manager] },
    });
    expect(
      ok
        .json<Lead>()
        .AssignedReps.map((a) => a.FullName)
        .sort(),
    ).toEqual(['Marco Rossi', 'Riley Chen']);
    const bulk = await rep.call({
      method: 'PATCH',
      url: '/api/leads/bulk',
      payload: { LeadIDs: [leadId], AssignedReps: [] },
    });
    expect(bulk.statusCode).toBe(403);
    expect((await snapshot(leadId)).AssignedReps).toEqual([ids.manager, ids.rep].sort());
    const removed = await manager.call({
      method: 'PATCH',
      url: '/api/leads/bulk',
      payload: { LeadIDs: [leadId], AssignedReps: [ids.manager], AssignmentMode: 'Remove' },
    });
    expect(removed.statusCode).toBe(200);
    const rows = await dbOf(t)
      .select()
      .from(leadAssignments)
      .where(and(eq(leadAssignments.LeadID, leadId), eq(leadAssignments.Role, 2)));
    expect(rows.map((r) => r.EmployeeID)).toEqual([ids.rep]);
  });
});

describe('creating leads and lead data keys', () => {
  it('Rogers has the data keys New Offer and New (Promo Code); Dtv none', async () => {
    expect(await get(rep, '/divisions/35/lead-data-keys')).toEqual([
      { Key: 'New Offer', Label: 'Promo Code' },
      { Key: 'New', Label: 'Promo Code' },
    ]);
    expect(await get(rep, '/divisions/31/lead-data-keys')).toEqual([]);
    const policy = await get<{ LeadDataKeys: unknown[]; IsSet: boolean; MarkerStyle: number }>(
      rep,
      '/divisions/35/leads-policy',
    );
    expect(policy).toMatchObject({ IsSet: true, MarkerStyle: 3 });
    expect(policy.LeadDataKeys).toHaveLength(2);
  });

  it('a rep adds a door (offline-created, with a first interaction) and is assigned to it', async () => {
    const occurredAt = new Date(Date.now() - 3600_000).toISOString();
    const res = await rep.call({
      method: 'POST',
      url: '/api/leads',
      payload: {
        LeadGroupID: toronto.LeadGroupID,
        Latitude: 43.6601,
        Longitude: -79.4123,
        StreetLine1: '99 Palmerston Blvd',
        City: 'Toronto',
        StateProvince: 'ON',
        PostalCode: 'M6G 2N8',
        CountryID: 2,
        LeadStatusID: status.Interested,
        Note: 'New build',
        OccurredAt: occurredAt,
        Data: { 'New Offer': 'RGR-FALL26' },
      },
    });
    expect(res.statusCode).toBe(201);
    const lead = res.json<Lead>();
    expect(lead).toMatchObject({
      Data: { 'New Offer': 'RGR-FALL26' },
      AssignedReps: [{ EmployeeID: ids.rep, FullName: 'Riley Chen' }],
      LeadStatus: { Name: 'Interested' },
      LastActivityAt: occurredAt,
    });
    expect(lead.TerritoryID).not.toBeNull();
    expect(lead.LeadActivityHistory).toHaveLength(1);
  });

  /** Every lead stored, whoever may see it: a refused create must not add one. */
  const leadCount = async () => (await dbOf(t).select({ id: leads.LeadID }).from(leads)).length;

  it('lead Data is checked against the division’s keys', async () => {
    const before = await leadCount();
    const unknown = await manager.call({
      method: 'POST',
      url: '/api/leads',
      payload: { LeadGroupID: toronto.LeadGroupID, Latitude: 43.66, Longitude: -79.41, Data: { Promo: 'X' } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Errors['Data.Promo'][0]).toMatch(/'New Offer', 'New'/);
    const dtv = await manager.call({
      method: 'POST',
      url: '/api/leads',
      payload: {
        LeadGroupID: vancouver.LeadGroupID,
        Latitude: 49.265,
        Longitude: -123.15,
        Data: { New: 'X' },
      },
    });
    expect(dtv.statusCode).toBe(400);
    expect(dtv.json().Errors['Data.New']).toEqual(['This division has no lead data keys']);
    const badLat = await manager.call({
      method: 'POST',
      url: '/api/leads',
      payload: { LeadGroupID: toronto.LeadGroupID, Latitude: 123, Longitude: -79.41 },
    });
    expect(badLat.statusCode).toBe(400);
    expect(badLat.json().Errors).toHaveProperty('Latitude');
    expect(await leadCount()).toBe(before);
  });

  it('a rep cannot bulk-create nor create in a group of another corporation', async () => {
    const before = await leadCount();
    const bulk = await rep.call({
      method: 'POST',
      url: '/api/leads/bulk',
      payload: [{ LeadGroupID: toronto.LeadGroupID, Latitude: 43.66, Longitude: -79.41 }],
    });
    expect(bulk.statusCode).toBe(403);
    const groups = await get<LeadGroup[]>(admin, '/lead-groups');
    const calgary = groups.find((g) => g.Name === 'Calgary South')!;
    const other = await rep.call({
      method: 'POST',
      url: '/api/leads',
      payload: { LeadGroupID: calgary.LeadGroupID, Latitude: 51.0, Longitude: -114.0 },
    });
    expect(other.statusCode).toBe(404);
    expect(await leadCount()).toBe(before);
  });
});

describe('lead groups, geographies and territories', () => {
  it('groups: PATCH with Version, geographies added, changed and removed', async () => {
    const renamed = await manager.call({
      method: 'PATCH',
      url: `/api/lead-groups/${vancouver.LeadGroupID}`,
      payload: { Version: vancouver.Version, Name: 'Vancouver Kitsilano (Dtv)' },
    });
    expect(renamed.json<LeadGroup>()).toMatchObject({
      Name: 'Vancouver Kitsilano (Dtv)',
      Version: vancouver.Version + 1,
    });
    const stale = await manager.call({
      method: 'PATCH',
      url: `/api/lead-groups/${vancouver.LeadGroupID}`,
      payload: { Version: vancouver.Version, Name: 'x' },
    });
    expect(stale.statusCode).toBe(409);
    const added = await manager.call({
      method: 'POST',
      url: `/api/lead-groups/${vancouver.LeadGroupID}/geographies`,
      payload: { CountryID: 2, StateProvince: 'bc', City: 'Burnaby', PostalCodePrefix: 'v5g' },
    });
    expect(added.statusCode).toBe(201);
    const geo = added.json();
    expect(geo).toMatchObject({ StateProvince: 'BC', PostalCodePrefix: 'V5G', Version: 1 });
    const changed = await manager.call({
      method: 'PUT',
      url: `/api/lead-groups/${vancouver.LeadGroupID}/geographies/${geo.LeadGroupGeographyID}`,
      payload: { CountryID: 2, StateProvince: 'BC', City: 'Burnaby', PostalCodePrefix: 'V5H', Version: 1 },
    });
    expect(changed.json()).toMatchObject({ PostalCodePrefix: 'V5H', Version: 2 });
    const removed = await manager.call({
      method: 'DELETE',
      url: `/api/lead-groups/${vancouver.LeadGroupID}/geographies/${geo.LeadGroupGeographyID}`,
    });
    expect(removed.statusCode).toBe(204);
    const repTry = await rep.call({
      method: 'POST',
      url: `/api/lead-groups/${vancouver.LeadGroupID}/geographies`,
      payload: { CountryID: 2, StateProvince: 'BC' },
    });
    expect(repTry.statusCode).toBe(403);
  });

  it('territories: moving a polygon re-assigns its leads; deleting frees them; bad polygons are 400', async () => {
    const all = await get<LeadMarkers>(manager, `/lead-markers?leadGroupId=${vancouver.LeadGroupID}`);
    const lngs = all.Leads.map((l) => l.Longitude).sort((a, b) => a - b);
    const mid = lngs[Math.floor(lngs.length / 2)];
    const west = [
      [-123.2, 49.25],
      [mid, 49.25],
      [mid, 49.28],
      [-123.2, 49.28],
    ];
    const created = await manager.call({
      method: 'POST',
      url: '/api/territories',
      payload: {
        LeadGroupID: vancouver.LeadGroupID,
        Name: 'West',
        Color: '#000000',
        Polygon: { type: 'Polygon', coordinates: [west] },
      },
    });
    const territory = created.json<Territory>();
    // Kitsilano North (seeded, lower id) covers everything, so the new one gets no leads yet.
    const db = dbOf(t);
    const count = async (id: number) =>
      (await db.select().from(leads).where(eq(leads.TerritoryID, id))).length;
    expect(await count(territory.TerritoryID)).toBe(0);
    const kits = (await get<Territory[]>(manager, `/lead-groups/${vancouver.LeadGroupID}/territories`)).find(
      (x) => x.Name === 'Kitsilano North',
    )!;
    const del = await manager.call({ method: 'DELETE', url: `/api/territories/${kits.TerritoryID}` });
    expect(del.statusCode).toBe(204);
    const westCount = all.Leads.filter((l) => l.Longitude < mid).length;
    expect(await count(territory.TerritoryID)).toBe(westCount);
    const moved = await manager.call({
      method: 'PUT',
      url: `/api/territories/${territory.TerritoryID}`,
      payload: {
        Name: 'Everything',
        Color: '#ABCDEF',
        Version: 1,
        Polygon: {
          type: 'Polygon',
          coordinates: [
            [
              [-123.2, 49.25],
              [-123.1, 49.25],
              [-123.1, 49.28],
              [-123.2, 49.28],
              [-123.2, 49.25],
            ],
          ],
        },
      },
    });
    expect(moved.json<Territory>()).toMatchObject({ Name: 'Everything', Color: '#abcdef', Version: 2 });
    expect(await count(territory.TerritoryID)).toBe(150);
    const stale = await manager.call({
      method: 'PUT',
      url: `/api/territories/${territory.TerritoryID}`,
      payload: { Name: 'x', Color: '#000000', Version: 1, Polygon: { type: 'Polygon', coordinates: [west] } },
    });
    expect(stale.statusCode).toBe(409);
    const bad = await manager.call({
      method: 'POST',
      url: '/api/territories',
      payload: {
        LeadGroupID: vancouver.LeadGroupID,
        Name: 'Line',
        Color: '#000000',
        Polygon: {
          type: 'Polygon',
          coordinates: [
            [
              [-123.2, 49.25],
              [-123.1, 49.25],
              [-123.2, 49.25],
            ],
          ],
        },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors).toHaveProperty('Polygon');
  });
});

describe('policies and import schemas', () => {
  it('a division policy needs leads:manage for all offices; admin sets, changes and removes it', async () => {
    const payload = { MarkerStyle: 2, RepsCanCreateLeads: false, NoteRequiredStatusIDs: [] };
    expect(
      (await manager.call({ method: 'PUT', url: '/api/divisions/31/leads-policy', payload })).statusCode,
    ).toBe(403);
    const set = await admin.call({ method: 'PUT', url: '/api/divisions/31/leads-policy', payload });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      DivisionID: 31,
      IsSet: true,
      MarkerStyle: 2,
      RepsCanCreateLeads: false,
      Version: 1,
      LeadDataKeys: [],
    });
    const policyId = set.json().LeadsPolicyID;
    const repCreate = await rep.call({
      method: 'POST',
      url: '/api/leads',
      payload: { LeadGroupID: vancouver.LeadGroupID, Latitude: 49.265, Longitude: -123.15 },
    });
    expect(repCreate.statusCode).toBe(403);
    expect(repCreate.json().Message).toBe("The division's leads policy does not let reps add leads.");
    expect(await get(manager, `/leads-policies/${policyId}`)).toMatchObject({
      LeadsPolicyID: policyId,
      MarkerStyle: 2,
    });
    const again = await admin.call({
      method: 'PUT',
      url: `/api/leads-policies/${policyId}`,
      payload: { ...payload, MarkerStyle: 1, Version: 1 },
    });
    expect(again.json()).toMatchObject({ MarkerStyle: 1, Version: 2 });
    const stale = await admin.call({
      method: 'PUT',
      url: `/api/leads-policies/${policyId}`,
      payload: { ...payload, Version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    const wrongStatus = await admin.call({
      method: 'PUT',
      url: '/api/divisions/31/leads-policy',
      payload: { ...payload, Version: 2, NoteRequiredStatusIDs: [status.Sold] },
    });
    expect(wrongStatus.statusCode).toBe(400);
    expect((await admin.call({ method: 'DELETE', url: '/api/divisions/31/leads-policy' })).statusCode).toBe(
      204,
    );
    expect(await get(rep, '/divisions/31/leads-policy')).toMatchObject({
      IsSet: false,
      LeadsPolicyID: null,
      MarkerStyle: 3,
    });
    expect((await manager.call({ method: 'GET', url: `/api/leads-policies/${policyId}` })).statusCode).toBe(
      404,
    );
  });

  it('import schemas list the standard columns and the Rogers promo code columns', async () => {
    const schemas = await get<
      {
        ImportSchemaID: number;
        DivisionID: number | null;
        Columns: { Field: string; DataKey: string | null }[];
      }[]
    >(manager, '/import-schemas');
    expect(schemas.map((s) => s.ImportSchemaID)).toEqual([1, 2]);
    expect(schemas[1].Columns.filter((c) => c.Field === 'Data').map((c) => c.DataKey)).toEqual([
      'New Offer',
      'New',
    ]);
    expect((await rep.call({ method: 'GET', url: '/api/import-schemas' })).statusCode).toBe(403);
    expect(await get<unknown[]>(manager, '/import-schemas?divisionId=31')).toHaveLength(1);
  });
});

describe('reports', () => {
  it('leads-conversion and its detail count interactions, leads worked and conversions per rep', async () => {
    // A sale by someone else than the rep, for the employee filter to leave out.
    const markers = await get<LeadMarkers>(manager, `/lead-markers?leadGroupId=${toronto.LeadGroupID}`);
    const unsold = markers.Leads.find((l) => l.LeadStatusID === null)!;
    const sale = await manager.call({
      method: 'PATCH',
      url: `/api/leads/${unsold.LeadID}`,
      payload: {
        LeadStatusID: status.Sold,
        Note: 'Signed at the door',
        OccurredAt: new Date().toISOString(),
      },
    });
    expect(sale.statusCode).toBe(200);
    const rows = await get<
      {
        EmployeeID: number;
        Interactions: number;
        LeadsWorked: number;
        Conversions: number;
        ConversionRate: number;
      }[]
    >(manager, `/reports/leads-conversion?leadGroupId=${toronto.LeadGroupID}`);
    const riley = rows.find((r) => r.EmployeeID === ids.rep)!;
    expect(riley.Interactions).toBeGreaterThan(10);
    expect(riley.LeadsWorked).toBeLessThanOrEqual(riley.Interactions);
    expect(riley.ConversionRate).toBeCloseTo(riley.Conversions / riley.LeadsWorked, 3);
    const detail = await get<{ EmployeeID: number; LeadStatus: { Name: string } }[]>(
      manager,
      `/reports/leads-conversion-detail?leadGroupId=${toronto.LeadGroupID}&employeeId=${ids.rep}`,
    );
    expect(riley.Conversions).toBeGreaterThan(0);
    expect(detail.length).toBeGreaterThanOrEqual(riley.Conversions);
    expect(detail.every((d) => d.LeadStatus.Name === 'Sold' && d.EmployeeID === ids.rep)).toBe(true);
    const everyone = await get<{ EmployeeID: number }[]>(
      manager,
      `/reports/leads-conversion-detail?leadGroupId=${toronto.LeadGroupID}`,
    );
    expect(everyone.some((d) => d.EmployeeID === ids.manager)).toBe(true);
    const none = await get<unknown[]>(
      manager,
      `/reports/leads-conversion?leadGroupId=${toronto.LeadGroupID}&fromDate=2001-01-01&toDate=2001-01-02`,
    );
    expect(none).toEqual([]);
    expect((await rep.call({ method: 'GET', url: '/api/reports/leads-conversion' })).statusCode).toBe(403);
  });

  it('lead group rep statistics, last positions and owner leads', async () => {
    const missing = await manager.call({
      method: 'GET',
      url: '/api/reports/rogers/lead-group-rep-statistics',
    });
    expect(missing.statusCode).toBe(400);
    const stats = await get<
      { EmployeeID: number; AssignedLeads: number; StatusCounts: { Name: string; Count: number }[] }[]
    >(manager, `/reports/rogers/lead-group-rep-statistics?leadGroupId=${toronto.LeadGroupID}`);
    const riley = stats.find((s) => s.EmployeeID === ids.rep)!;
    expect(riley.AssignedLeads).toBeGreaterThan(0);
    expect(riley.StatusCounts.some((c) => c.Name === 'Not Home' && c.Count > 0)).toBe(true);
    const positions = await get<{ EmployeeID: number; Latitude: number; OccurredAt: string }[]>(
      manager,
      `/reports/rep-last-lead-positions?leadGroupId=${toronto.LeadGroupID}`,
    );
    const last = positions.find((p) => p.EmployeeID === ids.rep)!;
    expect(last.Latitude).toBeGreaterThan(43.6);
    const owners = await get<{ EmployeeID: number; LeadsCount: number }[]>(owner, '/reports/owner-leads');
    expect(owners.find((o) => o.EmployeeID === ids.owner)!.LeadsCount).toBeGreaterThanOrEqual(
      toronto.LeadsCount + 150,
    );
  });

  it('employees/{id}/leads-activity: one’s own; a manager for his office; refused otherwise', async () => {
    const mine = await get<{ Items: { EmployeeID: number; StreetLine1: string }[]; TotalCount: number }>(
      rep,
      `/employees/${ids.rep}/leads-activity?pageSize=5`,
    );
    expect(mine.Items).toHaveLength(5);
    expect(mine.TotalCount).toBeGreaterThan(5);
    expect(mine.Items.every((i) => i.EmployeeID === ids.rep && i.StreetLine1)).toBe(true);
    const managerView = await get<{ TotalCount: number }>(manager, `/employees/${ids.rep}/leads-activity`);
    expect(managerView.TotalCount).toBe(mine.TotalCount);
    expect(
      (await rep.call({ method: 'GET', url: `/api/employees/${ids.manager}/leads-activity` })).statusCode,
    ).toBe(404);
    expect(
      (await staff.call({ method: 'GET', url: `/api/employees/${ids.staff}/leads-activity` })).statusCode,
    ).toBe(403);
  });
});
