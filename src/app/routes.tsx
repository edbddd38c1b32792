// The route table: every route is a named state of src/contract/navigation.ts, guarded before it is
// entered (spec 000 §2). Screens are lazy chunks; a chunk that fails to load leads to appOutdated.
import { Suspense } from 'react';
import { type LoaderFunctionArgs, type RouteObject, redirect, useParams } from 'react-router';
import { APP_STATES } from '../contract/app-states';
import type { AppState } from '../contract/navigation';
import { lazyWithTheme, loadMantineTheme } from '../ui/mantine-provider';
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

/**
 * Screens drawn with the first screen's lite components alone (src/ui/lite): they need neither
 * Mantine's theme nor its components, and show before those are loaded. Every other screen waits for
 * the theme (src/ui/mantine-provider.tsx).
 */
const LITE_SCREENS = new Set(['account.login', 'time.clock']);

/** A named state: its guard as loader, its screen as a lazy chunk. */
interface RouteContext {
  session: Session;
  /** Loads the whole locale file (the first screens need only its first part: src/i18n/first-areas.ts). */
  completeTranslations: () => Promise<void>;
}

function state(
  { session, completeTranslations }: RouteContext,
  name: string,
  load: Lazy,
  path?: string,
): RouteObject {
  // The whole locale file is waited for 3 s at most (a slow or dead connection with nothing kept):
  // past that the screen shows, and its texts fill in when the file arrives.
  const beforeOtherScreens = () =>
    Promise.all([
      loadFullStyles(),
      Promise.race([completeTranslations(), new Promise((resolve) => setTimeout(resolve, 3000))]),
    ]);
  const def = stateByName(name);
  const url = path ?? def.Url;
  return {
    id: name,
    path: url,
    handle: { state: name, requireReload: def.RequireReload, onlineOnly: def.OnlineOnly },
    loader: guarded(session, name),
    lazy: async () => {
      const [screen] = await Promise.all([
        load(),
        FIRST_SCREENS.has(name) ? null : beforeOtherScreens(),
        LITE_SCREENS.has(name) ? null : loadMantineTheme(),
      ]);
      if (!url.includes('/:id')) return { Component: screen.default };
      return { Component: withRecordId(screen.default, NotFoundPage, CREATE_AT_NEW.has(name)) };
    },
  };
}

/** Loaded only when an address is refused: a valid id never fetches it. */
const NotFoundPage = lazyWithTheme(() => import('./pages/not-found-page'));

/** A record's id in an address: a positive whole number (every table's key is one). */
const RECORD_ID = /^[1-9]\d{0,9}$/;

/** Record screens that also create a record, at `…/new` (`/organisation/offices/new`). */
const CREATE_AT_NEW = new Set(['organisation.office', 'organisation.division', 'organisation.corporation']);

/**
 * A screen of one record (`/orders/:id`…) drawn only for an id that can be one (or `new` where the
 * screen creates one); any other address under it (`/orders/abc`, a mistyped link) is a page that
 * does not exist, not a refused request.
 */
export function withRecordId(
  Screen: React.ComponentType,
  NotFound: React.ComponentType,
  createsAtNew = false,
): React.ComponentType {
  return function RecordScreen() {
    const id = useParams().id ?? '';
    if (RECORD_ID.test(id) || (createsAtNew && id === 'new')) return <Screen />;
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    );
  };
}

export function buildRoutes(
  session: Session,
  completeTranslations: () => Promise<void> = () => Promise.resolve(),
): RouteObject[] {
  const ctx: RouteContext = { session, completeTranslations };
  return [
    {
      id: 'root',
      errorElement: <RouteError />,
      hydrateFallbackElement: <Spinner fullPage />,
      children: [
        state(ctx, 'account.login', () => import('../features/account/login-page')),
        state(ctx, 'account.sessionExpired', () => import('../features/account/session-expired-page')),
        state(ctx, 'account.resetPassword', () => import('../features/account/reset-password-page')),
        state(ctx, 'onboarding.signUp', () => import('../features/onboarding/applicant/sign-up-page')),
        state(ctx, 'persisted403', () => import('./pages/forbidden-page')),
        state(ctx, 'navigationFailed', () => import('./pages/navigation-failed-page')),
        state(ctx, 'appOutdated', () => import('./pages/app-outdated-page')),
        {
          id: 'shell',
          element: <Shell session={session} />,
          children: [
            state(ctx, 'home', () => import('../features/home/home-page'), '/'),
            state(ctx, 'settings', () => import('../features/preferences/preferences-page')),
            state(ctx, 'sync', () => import('../features/sync/pending-changes-page')),
            state(ctx, 'time.clock', () => import('../features/time/clock-page')),
            state(ctx, 'time.week', () => import('../features/time-management/timesheet-page')),
            state(ctx, 'myPay', () => import('../features/payroll/my-pay/my-pay-page')),
            state(ctx, 'orders.mySales', () => import('../features/orders/field/my-sales-page')),
            state(ctx, 'commission.policies', () => import('../features/commission/policies-page')),
            state(
              ctx,
              'commission.payoutPolicies',
              () => import('../features/commission/payout-policies-page'),
            ),
            state(ctx, 'payouts.posted', () => import('../features/payouts/posted-payouts-page')),
            state(ctx, 'payouts.transfers', () => import('../features/payouts/transfers-page')),
            state(ctx, 'time.approvals', () => import('../features/time-management/approvals-page')),
            state(
              ctx,
              'time.lateAdjustments',
              () => import('../features/time-management/late-adjustments-page'),
            ),
            state(ctx, 'payroll', () => import('../features/payroll/processing/payrolls-page')),
            state(ctx, 'payroll.detail', () => import('../features/payroll/processing/payroll-page')),
            state(
              ctx,
              'payroll.statementOfEarnings',
              () => import('../features/payroll/reports/statement-page'),
            ),
            state(ctx, 'payroll.analysis', () => import('../features/payroll/reports/analysis-page')),
            state(ctx, 'payroll.financials', () => import('../features/payroll/reports/financials-page')),
            state(ctx, 'invoices', () => import('../features/invoices/invoices-page')),
            state(ctx, 'invoices.detail', () => import('../features/invoices/invoice-page')),
            state(ctx, 'invoices.policies', () => import('../features/invoices/policies-page')),
            state(
              ctx,
              'payroll.manualSubmissions',
              () => import('../features/payroll/manual/manual-submissions-page'),
            ),
            state(ctx, 'employments', () => import('../features/employments/employments-page')),
            state(ctx, 'imports', () => import('../features/imports/imports-page')),
            state(ctx, 'imports.definitions', () => import('../features/imports/definitions-page')),
            state(ctx, 'audit.logs', () => import('../features/audit/audit-logs-page')),
            state(ctx, 'reports', () => import('../features/reports/hub/reports-hub-page')),
            state(ctx, 'reports.jobs', () => import('../features/reports/jobs/report-jobs-page')),
            state(ctx, 'reports.rogers', () => import('../features/reports/rogers/rogers-reports-page')),
            state(
              ctx,
              'reports.rogers.report',
              () => import('../features/reports/rogers/rogers-reports-page'),
            ),
            state(ctx, 'dashboards.rogers', () => import('../features/reports/rogers/rogers-dashboard-page')),
            state(ctx, 'home.dashboard', () => import('../features/home/dashboard-page')),
            state(ctx, 'leads.map', () => import('../features/leads/leads-map-page')),
            state(ctx, 'leads.manage', () => import('../features/leads/manage/leads-manage-page')),
            state(ctx, 'scheduling.myEvents', () => import('../features/scheduling/my-events-page')),
            state(ctx, 'scheduling.board', () => import('../features/scheduling/board-page')),
            state(ctx, 'scheduling.tsu', () => import('../features/scheduling/tsu-page')),
            state(ctx, 'teams', () => import('../features/teams/teams-page')),
            state(ctx, 'employees', () => import('../features/employees/employees-page')),
            state(ctx, 'employees.new', () => import('../features/employees/employee-new-page')),
            state(ctx, 'employees.detail', () => import('../features/employees/employee-page')),
            state(ctx, 'onboarding.applications', () => import('../features/onboarding/applications-page')),
            state(ctx, 'workOrders', () => import('../features/orders/office/work-orders-page')),
            state(ctx, 'workOrders.catalogue', () => import('../features/orders/office/catalogue-page')),
            state(ctx, 'workOrders.detail', () => import('../features/orders/office/work-order-page')),
            state(
              ctx,
              'onboarding.applications.detail',
              () => import('../features/onboarding/application-page'),
            ),
            state(ctx, 'onboarding.policies', () => import('../features/onboarding/policies/policies-page')),
            state(ctx, 'onboarding.sgiReport', () => import('../features/onboarding/sgi/sgi-report-page')),
            state(ctx, 'admin.uiKit', () => import('../features/ui-kit/ui-kit-page')),
            state(ctx, 'admin.mail', () => import('../features/admin/mail-outbox-page')),
            state(ctx, 'admin.legalNotices', () => import('../features/notices/legal-notices-admin-page')),
            state(ctx, 'bulletins', () => import('../features/notices/bulletins-inbox-page')),
            state(ctx, 'bulletins.manage', () => import('../features/notices/bulletins-admin-page')),
            state(ctx, 'admin.roles', () => import('../features/access/roles-page')),
            state(ctx, 'admin.permissions', () => import('../features/access/claims-page')),
            state(ctx, 'directories', () => import('../features/directories/directories-page')),
            state(ctx, 'organisation', () => import('../features/organisation/organisation-page')),
            state(ctx, 'organisation.office', () => import('../features/organisation/office-page')),
            state(ctx, 'organisation.division', () => import('../features/organisation/division-page')),
            state(ctx, 'organisation.corporation', () => import('../features/organisation/corporation-page')),
            state(ctx, 'admin.taxRates', () => import('../features/provinces/tax-rates-page')),
            state(
              ctx,
              'admin.wagePolicies',
              () => import('../features/payroll/wage-policies/wage-policies-page'),
            ),
            state(
              ctx,
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
              lazy: async () => {
                const [screen] = await Promise.all([import('./pages/not-found-page'), loadMantineTheme()]);
                return { Component: screen.default };
              },
            },
          ],
        },
      ],
    },
  ];
}
