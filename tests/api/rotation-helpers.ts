// Calls of the division rotations API shared by the rotation tests.
import { expect } from 'vitest';
import type { ProfileRotations } from '../../src/contract/organisation';
import type { Session } from './helpers';

/** GET division-profiles/rotations?{query}, expected to answer 200. */
export async function listRotations(session: Session, query: string): Promise<ProfileRotations[]> {
  const res = await session.call({ method: 'GET', url: `/api/division-profiles/rotations?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as ProfileRotations[];
}

/**
 * PATCH division-profiles/{id}/rotations (?preview=true when `preview`): time entries kept and locked
 * payrolls refused unless `payload` says otherwise.
 */
export function adjustRotations(session: Session, profileId: number, payload: object, preview = false) {
  return session.call({
    method: 'PATCH',
    url: `/api/division-profiles/${profileId}/rotations${preview ? '?preview=true' : ''}`,
    payload: {
      DivisionProfileID: profileId,
      RetainedTimeEntries: true,
      IgnoreLockedPayrolls: false,
      ...payload,
    },
  });
}
