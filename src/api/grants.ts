// The permission rule (spec 000 §3, §6): a permission is held when the LAST grant whose
// Description.Key equals the key has the Value exactly the string 'true'. Plain code (no schema
// library): the route guard checks it on the first screen; src/api/permissions.ts re-exports it.

/** Whether `grants` holds `key` (see the rule above). Keys compare exactly (case-sensitive). */
export function hasGrant(
  grants: unknown,
  key: string | null | undefined,
  log: Pick<Console, 'warn'> = console,
): boolean {
  if (!Array.isArray(grants)) {
    log.warn('hasGrant: the grants are not a list', grants);
    return false;
  }
  if (typeof key !== 'string' || key === '') {
    log.warn('hasGrant: no permission key was given');
    return false;
  }
  for (let i = grants.length - 1; i >= 0; i--) {
    const grant = grants[i] as { Description?: { Key?: unknown }; Value?: unknown } | null | undefined;
    if (grant?.Description?.Key === key) return grant.Value === 'true';
  }
  return false;
}
