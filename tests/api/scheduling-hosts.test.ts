// Event hosts are one catalogue shared by every office. A host that events of other offices use is
// changed only by someone whose `scheduling:manage` reaches all of them: the Toronto manager cannot
// rename or deactivate the host Los Angeles events show; an administrator can. What the manager can
// still do: read every host, add hosts, change a host only Toronto events (or none) use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventHost } from '../../src/contract/scheduling';
import { createTestApp, type Session, type TestApp } from './helpers';

const SHARED_HOST_MESSAGE =
  'Events of offices you do not manage use this event host, so only someone who manages all of them (an administrator) can change it. Add a new host for your events instead.';

let t: TestApp;
let manager: Session;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  [manager, admin] = await Promise.all(['manager', 'admin'].map((u) => t.signIn(u)));
});
afterAll(() => t.close());

async function host(name: string): Promise<EventHost> {
  const all = (await manager.call({ method: 'GET', url: '/api/v1/event-hosts?includeInactive=true' })).json<
    EventHost[]
  >();
  const found = all.find((h) => h.Name === name);
  if (!found) throw new Error(`no host ${name}`);
  return found;
}

const save = (who: Session, h: EventHost, changes: Partial<EventHost>) =>
  who.call({ method: 'PUT', url: `/api/v1/event-hosts/${h.EventHostID}`, payload: { ...h, ...changes } });

describe('a host that Los Angeles and Toronto events use (Costco Wholesale)', () => {
  it('the Toronto manager can neither rename nor deactivate it: 403 with a message, nothing changed', async () => {
    const costco = await host('Costco Wholesale');
    for (const changes of [{ Name: 'Costco Etobicoke' }, { IsActive: false }, { City: 'Mississauga' }]) {
      const res = await save(manager, costco, changes);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ Message: SHARED_HOST_MESSAGE });
    }
    expect(await host('Costco Wholesale')).toEqual(costco);
  });

  it('the manager can still read it and use it (it stays in the active list)', async () => {
    const costco = await host('Costco Wholesale');
    const one = await manager.call({ method: 'GET', url: `/api/v1/event-hosts/${costco.EventHostID}` });
    expect(one.statusCode).toBe(200);
    const active = (await manager.call({ method: 'GET', url: '/api/v1/event-hosts' })).json<EventHost[]>();
    expect(active.map((h) => h.Name)).toContain('Costco Wholesale');
  });

  it('an administrator (every office) can rename and deactivate it', async () => {
    const costco = await host('Costco Wholesale');
    const renamed = await save(admin, costco, { Name: 'Costco Wholesale (all offices)' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      Name: 'Costco Wholesale (all offices)',
      Version: costco.Version + 1,
    });
    const inactive = await save(admin, renamed.json<EventHost>(), { IsActive: false });
    expect(inactive.statusCode).toBe(200);
    expect(inactive.json()).toMatchObject({ IsActive: false, Version: costco.Version + 2 });
  });
});

describe('what the Toronto manager can still change', () => {
  it('a host only Toronto events use', async () => {
    const yorkdale = await host('Yorkdale Shopping Centre');
    const res = await save(manager, yorkdale, { Name: 'Yorkdale Mall', IsActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Name: 'Yorkdale Mall', IsActive: false });
  });

  it('a host they add, and a stale save is still a 409 (after the office check)', async () => {
    const created = await manager.call({
      method: 'POST',
      url: '/api/v1/event-hosts',
      payload: { Name: 'Scarborough Town Centre', HostTypeID: 2, City: 'Toronto', StateProvince: 'ON' },
    });
    expect(created.statusCode).toBe(201);
    const mine = created.json<EventHost>();
    const saved = await save(manager, mine, { Name: 'Scarborough Town Centre (STC)' });
    expect(saved.statusCode).toBe(200);
    const stale = await save(manager, mine, { Name: 'STC' });
    expect(stale.statusCode).toBe(409);
  });
});
