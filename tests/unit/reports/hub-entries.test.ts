// The Reports hub's entries: every link opens a state the app declares, only states the user may read
// are listed, and the search matches every word of the shown texts.
import { describe, expect, it } from 'vitest';
import { ROLE_DASHBOARDS, roleDashboardUrl } from '../../../src/contract/dashboards';
import { APP_STATES } from '../../../src/contract/navigation';
import { PERMISSIONS } from '../../../src/contract/permissions';
import { ROGERS_DASHBOARD_IDS, ROGERS_REPORT_IDS } from '../../../src/contract/rogers';
import {
  HUB_ENTRIES,
  HUB_GROUPS,
  hubEntries,
  matchSearch,
  stateOfUrl,
} from '../../../src/features/reports/hub/hub-entries';

const dashboard = (DashboardID: string, Url: string) => ({
  DashboardID,
  Title: DashboardID,
  ModuleID: null,
  Url,
});
const everyone = () => true;

describe('hub links', () => {
  it.each(HUB_ENTRIES.map((e) => [e.id, e.url]))('%s (%s) opens a declared state', (_id, url) => {
    const state = stateOfUrl(url);
    expect(state, url).not.toBeNull();
    expect(APP_STATES.some((s) => s.Name === state?.Name)).toBe(true);
  });

  it('role dashboards, Rogers dashboards and Rogers reports open their states', () => {
    for (const d of ROLE_DASHBOARDS)
      expect(stateOfUrl(roleDashboardUrl(d.DashboardID))?.Name).toBe('home.dashboard');
    for (const id of ROGERS_DASHBOARD_IDS) expect(stateOfUrl(`/dashboards/rogers/${id}`)).not.toBeNull();
    for (const id of ROGERS_REPORT_IDS) expect(stateOfUrl(`/reports/rogers/${id}`)).not.toBeNull();
  });

  it('a state without parameters wins over one with; query strings are ignored; unknown URLs resolve to nothing', () => {
    expect(stateOfUrl('/payroll/financials')?.Name).toBe('payroll.financials');
    expect(stateOfUrl('/payroll/12')?.Name).toBe('payroll.detail');
    expect(stateOfUrl('/commission/payout-policies?tab=rates')?.Name).toBe('commission.payoutPolicies');
    expect(stateOfUrl('/no/such/screen')).toBeNull();
    expect(stateOfUrl('/reports/elsewhere/x')).toBeNull();
  });

  it('each role dashboard is behind a key of the catalogue', () => {
    const keys = new Set<string>(PERMISSIONS.map((p) => p.Key));
    for (const d of ROLE_DASHBOARDS) expect(keys.has(d.PermissionKey), d.PermissionKey).toBe(true);
  });
});

describe('hubEntries', () => {
  it('lists only what resolves to a state the user may read, in group order', () => {
    const shown = hubEntries(
      [
        dashboard('payroll-queue', '/dashboards/home/payroll-queue'),
        dashboard('nowhere', '/dashboards/elsewhere/nowhere'),
      ],
      (state) => state !== 'payroll.financials',
      [
        {
          ReportID: 'leads-total-statistics',
          Title: 'Leads',
          Description: 'd',
          Url: '/reports/rogers/leads-total-statistics',
        },
      ],
    );
    const keys = shown.map((e) => e.key);
    expect(keys).toContain('dashboard:payroll-queue');
    expect(keys).toContain('rogers:leads-total-statistics');
    expect(keys).not.toContain('dashboard:nowhere');
    expect(keys).not.toContain('payrollFinancials');
    expect(keys).toContain('payrollStatements');
    const order = shown.map((e) => HUB_GROUPS.indexOf(e.group));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const e of shown) expect(stateOfUrl(e.url)?.Name).toBe(e.state);
  });

  it('lists nothing to a user who may read no state', () => {
    expect(hubEntries([dashboard('owner-week', '/dashboards/home/owner-week')], () => false)).toEqual([]);
  });

  it('static entries are all listed to a user who may read everything', () => {
    const keys = hubEntries([], everyone).map((e) => e.key);
    expect(keys.sort()).toEqual(HUB_ENTRIES.map((e) => e.id).sort());
  });
});

describe('matchSearch', () => {
  const items = ['Payroll financials', 'TSU reports', 'Rogers slippage summary', 'Éléments'];
  it('keeps entries containing every word, regardless of case and accents', () => {
    expect(matchSearch(items, 'FINANCIALS', (s) => s)).toEqual(['Payroll financials']);
    expect(matchSearch(items, 'rogers summary', (s) => s)).toEqual(['Rogers slippage summary']);
    expect(matchSearch(items, 'rogers financials', (s) => s)).toEqual([]);
    expect(matchSearch(items, 'elements', (s) => s)).toEqual(['Éléments']);
    expect(matchSearch(items, '   ', (s) => s)).toEqual(items);
  });
});
