import { describe, expect, it, vi } from 'vitest';
import {
  AUTHORIZATION_FAILED_MESSAGE,
  guard,
  mayEnter,
  needsFullReload,
  SessionEndedError,
} from '../../../src/app/guard';
import { APP_STATES, effectiveKey } from '../../../src/contract/navigation';
import type { Grant } from '../../../src/contract/permissions';

const grant = (Key: string, Value = 'true'): Grant => ({ Description: { Key }, Value });
const state = (
  Name: string,
  PermissionKey: string | null,
  extra: Partial<{ AllowAnonymous: boolean; SkipGuard: boolean }> = {},
) => ({
  Name,
  PermissionKey,
  AllowAnonymous: false,
  SkipGuard: false,
  ...extra,
});
const user = (
  grants: Grant[],
  states: { Name: string; PermissionKey: string | null; CanRead: boolean }[] = [],
) => ({
  grants,
  states,
});

describe('route guard (spec 000 §2)', () => {
  it('enters a state flagged to skip the guard or allow anonymous access without any check', async () => {
    const loadUser = vi.fn();
    for (const flags of [{ SkipGuard: true }, { AllowAnonymous: true }]) {
      expect(await guard({ state: state('x', 'k', flags), url: '/x', signedIn: false, loadUser })).toEqual({
        kind: 'enter',
      });
    }
    expect(loadUser).not.toHaveBeenCalled();
  });

  it('sends a user who is not signed in to account.login with a returnUrl', async () => {
    expect(
      await guard({
        state: state('home', 'navigation:home'),
        url: '/a?b=1',
        signedIn: false,
        loadUser: vi.fn(),
      }),
    ).toEqual({
      kind: 'login',
      returnUrl: '/a?b=1',
    });
  });

  it('sends a failed session check to account.sessionExpired with a returnUrl', async () => {
    const loadUser = () => Promise.reject(new SessionEndedError('gone'));
    expect(
      await guard({ state: state('home', 'navigation:home'), url: '/x', signedIn: true, loadUser }),
    ).toEqual({
      kind: 'sessionExpired',
      returnUrl: '/x',
    });
  });

  it('sends a missing permission to persisted403', async () => {
    const loadUser = async () => user([grant('navigation:home')]);
    expect(
      await guard({ state: state('admin.mail', 'admin:mail'), url: '/x', signedIn: true, loadUser }),
    ).toEqual({
      kind: 'forbidden',
    });
    expect(
      await guard({ state: state('home', 'navigation:home'), url: '/', signedIn: true, loadUser }),
    ).toEqual({
      kind: 'enter',
    });
  });

  it("sends a check that errors to navigationFailed with 'Authorization could not be determined.'", async () => {
    expect(AUTHORIZATION_FAILED_MESSAGE).toBe('Authorization could not be determined.');
    const loadUser = () => Promise.reject(new TypeError('network down'));
    expect(
      await guard({ state: state('home', 'navigation:home'), url: '/', signedIn: true, loadUser }),
    ).toEqual({
      kind: 'failed',
      message: 'Authorization could not be determined.',
    });
    // A keyless state with no permission entry cannot be decided either.
    const noEntry = async () => user([], []);
    expect(
      await guard({ state: state('mystery', null), url: '/', signedIn: true, loadUser: noEntry }),
    ).toEqual({
      kind: 'failed',
      message: 'Authorization could not be determined.',
    });
  });
});

describe('permission check per state', () => {
  it('a keyless state is looked up by name and needs CanRead true', () => {
    const states = [
      { Name: 'reports.open', PermissionKey: null, CanRead: true },
      { Name: 'reports.closed', PermissionKey: null, CanRead: false },
    ];
    expect(mayEnter(state('reports.open', null), user([], states))).toBe(true);
    expect(mayEnter(state('reports.closed', null), user([], states))).toBe(false);
  });

  it('the last grant for a key wins', () => {
    expect(mayEnter(state('s', 'k'), user([grant('k'), grant('k', 'false')]))).toBe(false);
    expect(mayEnter(state('s', 'k'), user([grant('k', 'false'), grant('k')]))).toBe(true);
    expect(mayEnter(state('s', 'k'), user([grant('k', 'True')]))).toBe(false);
  });

  it("keeps onboarding applicants out of 'navigation' keys except navigation:applicationStatus", () => {
    const applicant = user([
      grant('onboarding:applicant'),
      grant('navigation:applicationStatus'),
      grant('navigation:home'),
    ]);
    expect(mayEnter(state('home', 'navigation:home'), applicant)).toBe(false);
    expect(mayEnter(state('onboarding.applicationStatus', 'navigation:applicationStatus'), applicant)).toBe(
      true,
    );
    // Keys without 'navigation' are not affected.
    expect(
      mayEnter(state('x', 'reports:read'), user([grant('onboarding:applicant'), grant('reports:read')])),
    ).toBe(true);
    // Without the onboarding permission, navigation keys work as usual.
    expect(mayEnter(state('home', 'navigation:home'), user([grant('navigation:home')]))).toBe(true);
  });

  it('a state inherits the permission key of its parent', () => {
    expect(effectiveKey('admin.uiKit')).toBe('navigation:admin');
    expect(effectiveKey('admin.mail')).toBe('admin:mail');
    expect(APP_STATES.find((s) => s.Name === 'admin.uiKit')?.PermissionKey).toBe('navigation:admin');
  });
});

describe('require-reload flag', () => {
  it('forces a full reload when leaving a flagged state or dropping its id parameter', () => {
    const from = { state: 'payroll.entry', requireReload: true, params: { id: '7' } };
    expect(needsFullReload(from, { state: 'home', params: {} })).toBe(true);
    expect(needsFullReload(from, { state: 'payroll.entry', params: {} })).toBe(true);
    expect(needsFullReload(from, { state: 'payroll.entry', params: { id: '8' } })).toBe(false);
    expect(needsFullReload({ ...from, requireReload: false }, { state: 'home', params: {} })).toBe(false);
    expect(needsFullReload(null, { state: 'home', params: {} })).toBe(false);
  });
});
