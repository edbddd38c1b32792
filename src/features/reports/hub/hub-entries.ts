// What the Reports hub lists (pure, no React): the report screens of the product, grouped, each by
// the URL it opens. An entry is shown only when its URL resolves to a state the app declares
// (src/contract/navigation.ts) and the user may read that state; dashboards come from
// GET home/dashboards and the Rogers reports from GET reports/rogers (both already filtered by the
// user's permissions).
import type { Dashboard } from '../../../contract/access';
import { APP_STATES, type AppState } from '../../../contract/navigation';

export const HUB_GROUPS = [
  'dashboards',
  'compliance',
  'rogers',
  'payroll',
  'payouts',
  'scheduling',
  'onboarding',
  'audit',
] as const;
export type HubGroup = (typeof HUB_GROUPS)[number];

export interface HubEntry {
  /** Key of its texts: home-dashboards.hub.entries.<id>.title / .description. */
  id: string;
  group: HubGroup;
  url: string;
}

/** The report screens (dashboards are added from the server's list). */
export const HUB_ENTRIES: readonly HubEntry[] = [
  { id: 'complianceJobs', group: 'compliance', url: '/reports/jobs' },
  { id: 'rogersReports', group: 'rogers', url: '/reports/rogers' },
  { id: 'payrollFinancials', group: 'payroll', url: '/payroll/financials' },
  { id: 'payrollStatements', group: 'payroll', url: '/payroll' },
  { id: 'payoutRates', group: 'payouts', url: '/commission/payout-policies?tab=rates' },
  { id: 'postedPayouts', group: 'payouts', url: '/payouts/posted' },
  { id: 'tsu', group: 'scheduling', url: '/scheduling/tsu' },
  { id: 'sgi', group: 'onboarding', url: '/onboarding/sgi-report' },
  { id: 'auditLogs', group: 'audit', url: '/audit-logs' },
];

const patterns = APP_STATES.map((s) => ({
  state: s,
  params: s.Url.includes(':'),
  re: new RegExp(`^${s.Url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`, 'i'),
}));

/** The declared state a URL opens (a state without parameters wins over one with), or null. */
export function stateOfUrl(url: string): AppState | null {
  const path = url.split(/[?#]/)[0];
  const hits = patterns.filter((p) => p.re.test(path));
  return (hits.find((h) => !h.params) ?? hits[0])?.state ?? null;
}

/** A Rogers report the caller may run (GET reports/rogers). */
export interface RogersReportItem {
  ReportID: string;
  Title: string;
  Description: string;
  Url: string;
}

export interface ShownEntry {
  key: string;
  group: HubGroup;
  url: string;
  state: string;
  /** A static entry's text id, the dashboard or the Rogers report shown. */
  entryId?: string;
  dashboard?: Dashboard;
  report?: RogersReportItem;
}

/**
 * The entries the user may open: static entries and dashboards whose URL resolves to a state the user
 * may read (`canRead` by state name), in group order.
 */
export function hubEntries(
  dashboards: readonly Dashboard[],
  canRead: (state: string) => boolean,
  rogersReports: readonly RogersReportItem[] = [],
): ShownEntry[] {
  const out: ShownEntry[] = [];
  for (const d of dashboards) {
    const state = stateOfUrl(d.Url);
    if (state && canRead(state.Name))
      out.push({
        key: `dashboard:${d.DashboardID}`,
        group: 'dashboards',
        url: d.Url,
        state: state.Name,
        dashboard: d,
      });
  }
  for (const e of HUB_ENTRIES) {
    const state = stateOfUrl(e.url);
    if (state && canRead(state.Name))
      out.push({ key: e.id, group: e.group, url: e.url, state: state.Name, entryId: e.id });
  }
  for (const r of rogersReports) {
    const url = r.Url.startsWith('/') ? r.Url : `/reports/rogers/${r.ReportID}`;
    const state = stateOfUrl(url);
    if (state && canRead(state.Name))
      out.push({ key: `rogers:${r.ReportID}`, group: 'rogers', url, state: state.Name, report: r });
  }
  return out.sort((a, b) => HUB_GROUPS.indexOf(a.group) - HUB_GROUPS.indexOf(b.group));
}

/** Entries whose shown texts contain every word of the search (case- and accent-insensitive). */
export function matchSearch<T>(entries: readonly T[], search: string, textOf: (entry: T) => string): T[] {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (!words.length) return [...entries];
  return entries.filter((e) => {
    const text = fold(textOf(e));
    return words.every((w) => text.includes(w));
  });
}
