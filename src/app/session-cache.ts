// The session copy kept in localStorage for offline use (src/app/session.ts), checked against the
// contract when it is read back. Loaded only then: with no connection, from the service worker's cache.
import { z } from 'zod';
import { Identity } from '../contract/auth';
import { NavigationModule, StatePermission } from '../contract/navigation';
import { Grant } from '../contract/permissions';
import type { SessionData } from './session';

const Kept = z.object({
  identity: Identity,
  grants: z.array(Grant),
  states: z.array(StatePermission),
  navigation: z.array(NavigationModule),
  loadedAt: z.number(),
});

/** The kept copy as session data, or null when it does not fit the contract. */
export function parseKeptSession(raw: unknown): SessionData | null {
  const parsed = Kept.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
