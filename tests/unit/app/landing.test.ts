// Where "home" is: the home page, an applicant's application status, else the first menu entry —
// never the 403 page again (its "Go to the home page" would lead back to it).
import { describe, expect, it } from 'vitest';
import { landingUrl } from '../../../src/app/landing';
import type { Grant } from '../../../src/contract/permissions';

const grant = (Key: string, Value = 'true'): Grant => ({ Description: { Key }, Value });
const user = (keys: string[], navigation: { Url: string }[] = []) => ({
  grants: keys.map((k) => grant(k)),
  states: [],
  navigation,
});

describe('landingUrl', () => {
  it('is the home page for a user who may open it', () => {
    expect(landingUrl(user(['navigation:home', 'navigation:timeClock']))).toBe('/');
  });

  it("is an onboarding applicant's application status, even when they hold home too", () => {
    const applicant = user(['onboarding:applicant', 'navigation:applicationStatus']);
    expect(landingUrl(applicant)).toBe('/application');
    expect(
      landingUrl(user(['onboarding:applicant', 'navigation:applicationStatus', 'navigation:home'])),
    ).toBe('/application');
  });

  it('is the first menu entry without home, and nothing when the user may open no screen', () => {
    expect(landingUrl(user(['navigation:auditLogs'], [{ Url: '/audit-logs' }]))).toBe('/audit-logs');
    expect(landingUrl(user(['onboarding:applicant']))).toBeNull();
    expect(landingUrl(user([]))).toBeNull();
  });
});
