// Where "home" is for a user: the home page when they may open it; for an onboarding applicant (who
// may open nothing else) their application status; otherwise the first screen of their menu. Null
// when the user may open no screen at all (then the 403 page offers only signing out).
import { APP_STATES } from '../contract/app-states';
import { type GuardUser, mayEnter } from './guard';

export const APPLICATION_STATUS_URL = '/application';

function state(name: string) {
  const found = APP_STATES.find((s) => s.Name === name);
  if (!found) throw new Error(`Unknown state ${name}`);
  return found;
}

export function landingUrl(user: GuardUser & { navigation?: { Url: string }[] }): string | null {
  if (mayEnter(state('home'), user)) return '/';
  if (mayEnter(state('onboarding.applicationStatus'), user)) return APPLICATION_STATUS_URL;
  return user.navigation?.[0]?.Url ?? null;
}
