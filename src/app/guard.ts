// The route guard of spec 000 §2 / 002 §2, as a pure decision: given the state being entered and what
// is known of the user, where does the navigation go?
import { hasGrant } from '../api/grants';
import type { AppState, StatePermission } from '../contract/navigation';
import { APPLICATION_STATUS_KEY, ONBOARDING_PERMISSION } from '../contract/permission-keys';
import type { Grant } from '../contract/permissions';

export const AUTHORIZATION_FAILED_MESSAGE = 'Authorization could not be determined.';

export type GuardOutcome =
  | { kind: 'enter' }
  | { kind: 'login'; returnUrl: string }
  | { kind: 'sessionExpired'; returnUrl: string }
  | { kind: 'forbidden' }
  | { kind: 'failed'; message: string };

export interface GuardUser {
  grants: Grant[];
  /** home/permissions: per state name, whether the user may read it (for states with no key). */
  states: StatePermission[];
}

export interface GuardContext {
  state: Pick<AppState, 'Name' | 'PermissionKey' | 'AllowAnonymous' | 'SkipGuard'>;
  /** The URL being entered, to come back to after sign-in. */
  url: string;
  /** Whether this browser holds a sign-in (false: never signed in, or signed out). */
  signedIn: boolean;
  /** Checks the session and loads the user's grants; rejects with `SessionEndedError` when the session is gone. */
  loadUser: () => Promise<GuardUser>;
}

export class SessionEndedError extends Error {}

export async function guard(ctx: GuardContext): Promise<GuardOutcome> {
  const { state } = ctx;
  if (state.SkipGuard || state.AllowAnonymous) return { kind: 'enter' };
  if (!ctx.signedIn) return { kind: 'login', returnUrl: ctx.url };
  try {
    let user: GuardUser;
    try {
      user = await ctx.loadUser();
    } catch (err) {
      if (err instanceof SessionEndedError) return { kind: 'sessionExpired', returnUrl: ctx.url };
      throw err;
    }
    return mayEnter(state, user) ? { kind: 'enter' } : { kind: 'forbidden' };
  } catch {
    return { kind: 'failed', message: AUTHORIZATION_FAILED_MESSAGE };
  }
}

/**
 * The permission check of a state. The key is the state's own or its parent's (already resolved in
 * PermissionKey); with no key the state name is looked up and must have CanRead. Onboarding applicants
 * are kept out of every 'navigation' key except navigation:applicationStatus.
 */
export function mayEnter(state: Pick<AppState, 'Name' | 'PermissionKey'>, user: GuardUser): boolean {
  const key = state.PermissionKey;
  if (key) {
    if (
      key.includes('navigation') &&
      key !== APPLICATION_STATUS_KEY &&
      hasGrant(user.grants, ONBOARDING_PERMISSION)
    ) {
      return false;
    }
    return hasGrant(user.grants, key);
  }
  const found = user.states.find((s) => s.Name === state.Name);
  if (!found) throw new Error(`No permission entry for state ${state.Name}`);
  return found.CanRead === true;
}

/**
 * The require-reload flag (spec 001 §2): leaving a flagged state, or dropping its id parameter,
 * forces a full page reload.
 */
export function needsFullReload(
  from: { state: string; requireReload: boolean; params: Record<string, string | undefined> } | null,
  to: { state: string; params: Record<string, string | undefined> },
): boolean {
  if (!from?.requireReload) return false;
  if (from.state !== to.state) return true;
  return !!from.params.id && !to.params.id;
}
