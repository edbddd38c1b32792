// Permission grants (spec 000 §3, §6; spec 002 §3 "permission-checking shared filter").
//
// A permission is held when the LAST grant whose Description.Key equals the key has the Value
// exactly the string 'true'. The check is false, with a console warning, when the grants are not a
// list or when no key is given. The signed-in user's grants are fetched once (`GET auth/permissions`)
// and cached until sign-out; fetching another user's grants bypasses the cache.
import { z } from 'zod';
import { Grant } from '../contract/permissions';
import type { ApiClient, Logger } from './api-client';
import { hasGrant } from './grants';

export type { Grant };
// The rule itself has no schema library (the route guard reads it on the first screen).
export { hasGrant };

export const GRANTS_PATH = 'auth/permissions';
const GrantList = z.array(Grant);

export interface PermissionsServiceOptions {
  log?: Logger;
}

/**
 * The signed-in user's grants, fetched once and shared by every caller (route guard, menus,
 * screens). It clears itself when the ApiClient signs out.
 */
export class PermissionsService {
  private cached: Promise<Grant[]> | null = null;
  private readonly log: Logger;
  private readonly removeSignOutListener: () => void;

  constructor(
    private readonly client: ApiClient,
    options: PermissionsServiceOptions = {},
  ) {
    this.log = options.log ?? console;
    this.removeSignOutListener = client.addSignOutListener(() => this.clear());
  }

  /** The signed-in user's grants: fetched on first use, then cached. A failed fetch is not cached. */
  getGrants(): Promise<Grant[]> {
    if (this.cached) return this.cached;
    const request = this.client.get(GRANTS_PATH, { schema: GrantList }).catch((err: unknown) => {
      if (this.cached === request) this.cached = null;
      throw err;
    });
    this.cached = request;
    return request;
  }

  /** Another employee's grants (`?employeeId=`), always fetched, never cached. */
  getGrantsFor(employeeId: number | string): Promise<Grant[]> {
    return this.client.get(GRANTS_PATH, { query: { employeeId }, schema: GrantList });
  }

  /** Whether the signed-in user holds `key`. */
  async has(key: string): Promise<boolean> {
    return hasGrant(await this.getGrants(), key, this.log);
  }

  /** Forgets the cached grants (on sign-out, or after the user's permissions were changed). */
  clear(): void {
    this.cached = null;
  }

  /** Stops listening to the client's sign-out. */
  dispose(): void {
    this.removeSignOutListener();
  }
}
