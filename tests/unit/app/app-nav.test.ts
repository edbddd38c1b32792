import { describe, expect, it } from 'vitest';
import { NAV, NAV_ENTRIES } from '../../../src/contract/app-nav';
import { APP_STATES } from '../../../src/contract/app-states';

describe('the sidebar entries (src/contract/app-nav.ts)', () => {
  it('each names a state of the route table, so none is dropped from the sidebar', () => {
    const states = new Set(APP_STATES.map((s) => s.Name));
    expect(Object.keys(NAV).filter((name) => !states.has(name))).toEqual([]);
    expect(NAV_ENTRIES).toHaveLength(Object.keys(NAV).length);
  });

  it("carry their state's address and effective permission key, in the states' order", () => {
    const clock = NAV_ENTRIES.find((e) => e.State === 'time.clock');
    expect(clock).toMatchObject({ Url: '/time/clock', PermissionKey: 'navigation:timeClock', Name: 'Clock' });
    const order = APP_STATES.map((s) => s.Name).filter((name) => name in NAV);
    expect(NAV_ENTRIES.map((e) => e.State)).toEqual(order);
  });
});
