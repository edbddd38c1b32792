import { describe, expect, it } from 'vitest';
import { activeNavigationUrl } from '../../../src/app/sidebar-nav';
import type { NavigationModule } from '../../../src/contract/navigation';

const nav = (State: string, Url: string): NavigationModule => ({
  State,
  Url,
  ModuleID: null,
  Name: State,
  Icon: 'point',
  Group: 'field',
});
const modules = [
  nav('home', '/'),
  nav('leads.map', '/leads'),
  nav('leads.manage', '/leads/manage'),
  nav('time.clock', '/time/clock'),
  nav('time.week', '/time/week'),
];

describe('the sidebar marks one entry as current', () => {
  it('the deepest entry the path lies under, and only that one', () => {
    expect(activeNavigationUrl(modules, '/leads/manage')).toBe('/leads/manage');
    expect(activeNavigationUrl(modules, '/leads')).toBe('/leads');
    expect(activeNavigationUrl(modules, '/leads/123')).toBe('/leads');
    expect(activeNavigationUrl(modules, '/Time/Week/')).toBe('/time/week');
  });

  it('never by a mere prefix of a segment, and Home only on the root', () => {
    expect(activeNavigationUrl(modules, '/leadsmanage')).toBeUndefined();
    expect(activeNavigationUrl(modules, '/')).toBe('/');
    expect(activeNavigationUrl(modules, '/settings')).toBeUndefined();
  });
});
