// The route table: every route is a named state of src/contract/navigation.ts, guarded before it is
// entered (spec 000 §2). Screens are lazy chunks; a chunk that fails to load leads to appOutdated.
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { APP_STATES } from '../contract/app-states';
import type { AppState } from '../contract/navigation';
import { Spinner } from '../ui/spinner';
import { loadFullStyles } from './first-screen-styles';
import { guard } from './guard';
import { landingUrl } from './landing';
import { RouteError } from './route-error';
import type { Session } from './session';
import { Shell } from './shell';

export function stateByName(name: string): AppState {
  const state = APP_STATES.find((s) => s.Name === name);
  if (!state) throw new Error(`Unknown state ${name}`);
  return state;
}

/** Where a guard outcome sends the user. */
export function outcomeRedirect(outcome: Awaited<ReturnType<typeof guard>>): Response | null {
  switch (outcome.kind) {
    case 'enter':
      return null;
    case 'login':
      return redirect(`/account/login?returnUrl=${encodeURIComponent(outcome.returnUrl)}`);
    case 'sessionExpired':
      return redirect(`/account/session-expired?returnUrl=${encodeURIComponent(outcome.returnUrl)}`);
    case 'forbidden':
      return redirect('/403');
    case 'failed':
      return redirect(`/navigation-failed?message=${encodeURIComponent(outcome.message)}`);
  }
}

function guarded(session: Session, name: string) {
  const state = stateByName(name);
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const outcome = await guard({
      state,
      url: url.pathname + url.search,
      signedIn: session.signedIn,
      loadUser: () => session.load(),
    });
    // A user who may not open the home page lands where they may (an applicant: their application).
    if (outcome.kind === 'forbidden' && name === 'home') {
      const landing = landingUrl(await session.load());
      if (landing && landing !== '/') throw redirect(landing);
    }
    const to = outcomeRedirect(outcome);
    if (to) throw to;
    return null;
  };
}

type Lazy = () => Promise<{ default: React.ComponentType }>;

/** Screens drawn with the first-screen styles alone; every other one waits for the full sheet. */
const FIRST_SCREENS = new Set([
  'account.login',
  'account.sessionExpired',
  'account.resetPassword',
  'persisted403',
  'navigationFailed',
  'appOutdated',
  'time.clock',
]);

/** A named state: its guard as loader, its screen as a lazy chunk. */
function state(session: Session, name: string, load: Lazy, path?: string): RouteObject {
  const def = stateByName(name);
  return {
    id: name,
    path: path ?? def.Url,
    handle: { state: name, requireReload: def.RequireReload, onlineOnly: def.OnlineOnly },
    loader: guarded(session, name),
    lazy: async () => {
      const [screen] = await Promise.all([load(), FIRST_SCREENS.has(name) ? null : loadFullStyles()]);
      return { Component: screen.default };
    },
  };
}

export function buildRoutes(session: Session): RouteObject[] {
  return [
    {
      id: 'root',
      errorElement: <RouteError />,
      hydrateFallbackElement: <Spinner fullPage />,
      children: [
        state(session, 'account.login', () => import('../features/account/login-page')),
        state(session, 'account.sessionExpired', () => import('../features/account/session-expired-page')),
        state(session, 'account.resetPassword', () => import('../features/account/reset-password-page')),
        state(session, 'onboarding.signUp', () => import('../features/onboarding/applicant/sign-up-page')),
        state(session, 'persisted403', () => import('./pages/forbidden-page')),
        state(session, 'navigationFailed', () => import('./pages/navigation-failed-page')),
        state(session, 'appOutdated', () => import('./pages/app-outdated-page')),
        {
          id: 'shell',
          element: <Shell session={session} />,
          children: [
            state(session, 'home', () => import('../features/home/home-page'), '/'),
            state(session, 'settings', () => import('../features/preferences/preferences-page')),
            state(session, 'sync', () => import('../features/sync/pending-changes-page')),
            state(session, 'time.clock', () => import('../features/time/clock-page')),
            state(session, 'time.week', () => import('../features/time-management/timesheet-page')),
            state(session, 'myPay', () => import('../features/payroll/my-pay/my-pay-page')),
            state(session, 'orders.mySales', () => import('../features/orders/field/my-sales-page')),
            state(session, 'commission.policies', () => import('../features/commission/policies-page')),
            state(
              session,
              'commission.payoutPolicies',
              () => import('../features/commission/payout-policies-page'),
            ),
            state(session, 'payouts.posted', () => import('../features/payouts/posted-payouts-page')),
            state(session, 'payouts.transfers', () => import('../features/payouts/transfers-page')),
            state(session, 'time.approvals', () => import('../features/time-management/approvals-page')),
            state(
              session,
              'time.lateAdjustments',
              () => import('../features/time-management/late-adjustments-page'),
            ),
            state(session, 'payroll', () => import('../features/payroll/processing/payrolls-page')),
            state(session, 'payroll.detail', () => import('../features/payroll/processing/payroll-page')),
            state(
              session,
              'payroll.statementOfEarnings',
              () => import('../features/payroll/reports/statement-page'),
            ),
            state(session, 'payroll.analysis', () => import('../features/payroll/reports/analysis-page')),
            state(session, 'payroll.financials', () => import('../features/payroll/reports/financials-page')),
            state(session, 'invoices', () => import('../features/invoices/invoices-page')),
            state(session, 'invoices.detail', () => import('../features/invoices/invoice-page')),
            state(session, 'invoices.policies', () => import('../features/invoices/policies-page')),
            state(
              session,
              'payroll.manualSubmissions',
              () => import('../features/payroll/manual/manual-submissions-page'),
            ),
            state(session, 'employments', () => import('../features/employments/employments-page')),
            state(session, 'imports', () => import('../features/imports/imports-page')),
            state(session, 'imports.definitions', () => import('../features/imports/definitions-page')),
            state(session, 'audit.logs', () => import('../features/audit/audit-logs-page')),
            state(session, 'reports', () => import('../features/reports/hub/reports-hub-page')),
            state(session, 'reports.jobs', () => import('../features/reports/jobs/report-jobs-page')),
            state(session, 'reports.rogers', () => import('../features/reports/rogers/rogers-reports-page')),
            state(
              session,
              'reports.rogers.report',
              () => import('../features/reports/rogers/rogers-reports-page'),
            ),
            state(
              session,
              'dashboards.rogers',
              () => import('../features/reports/rogers/rogers-dashboard-page'),
            ),
            state(session, 'home.dashboard', () => import('../features/home/dashboard-page')),
            state(session, 'leads.map', () => import('../features/leads/leads-map-page')),
            state(session, 'leads.manage', () => import('../features/leads/manage/leads-manage-page')),
            state(session, 'scheduling.myEvents', () => import('../features/scheduling/my-events-page')),
            state(session, 'scheduling.board', () => import('../features/scheduling/board-page')),
            state(session, 'scheduling.tsu', () => import('../features/scheduling/tsu-page')),
            state(session, 'teams', () => import('../features/teams/teams-page')),
            state(session, 'employees', () => import('../features/employees/employees-page')),
            state(session, 'employees.new', () => import('../features/employees/employee-new-page')),
            state(session, 'employees.detail', () => import('../features/employees/employee-page')),
            state(
              session,
              'onboarding.applications',
              () => import('../features/onboarding/applications-page'),
            ),
            state(session, 'workOrders', () => import('../features/orders/office/work-orders-page')),
            state(session, 'workOrders.catalogue', () => import('../features/orders/office/catalogue-page')),
            state(session, 'workOrders.detail', () => import('../features/orders/office/work-order-page')),
            state(
              session,
              'onboarding.applications.detail',
              () => import('../features/onboarding/application-page'),
            ),
            state(
              session,
              'onboarding.policies',
              () => import('../features/onboarding/policies/policies-page'),
            ),
            state(
              session,
              'onboarding.sgiReport',
              () => import('../features/onboarding/sgi/sgi-report-page'),
            ),
            state(session, 'admin.uiKit', () => import('../features/ui-kit/ui-kit-page')),
            state(session, 'admin.mail', () => import('../features/admin/mail-outbox-page')),
            state(
              session,
              'admin.legalNotices',
              () => import('../features/notices/legal-notices-admin-page'),
            ),
            state(session, 'bulletins', () => import('../features/notices/bulletins-inbox-page')),
            state(session, 'bulletins.manage', () => import('../features/notices/bulletins-admin-page')),
            state(session, 'admin.roles', () => import('../features/access/roles-page')),
            state(session, 'admin.permissions', () => import('../features/access/claims-page')),
            state(session, 'directories', () => import('../features/directories/directories-page')),
            state(session, 'organisation', () => import('../features/organisation/organisation-page')),
            state(session, 'organisation.office', () => import('../features/organisation/office-page')),
            state(session, 'organisation.division', () => import('../features/organisation/division-page')),
            state(
              session,
              'organisation.corporation',
              () => import('../features/organisation/corporation-page'),
            ),
            state(session, 'admin.taxRates', () => import('../features/provinces/tax-rates-page')),
            state(
              session,
              'admin.wagePolicies',
              () => import('../features/payroll/wage-policies/wage-policies-page'),
            ),
            state(
              session,
              'onboarding.applicationStatus',
              () => import('../features/onboarding/application-status-page'),
            ),
            {
              path: '*',
              // Drawn in the signed-in shell (menu, name) when someone is signed in.
              loader: async () => {
                if (session.signedIn) await session.load().catch(() => undefined);
                return null;
              },
              lazy: async () => ({ Component: (await import('./pages/not-found-page')).default }),
            },
          ],
        },
      ],
    },
  ];
}
