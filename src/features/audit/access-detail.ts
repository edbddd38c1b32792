// One short sentence per access-audit row, from the Detail recorded with the change (see
// server/modules/access/audit.ts and its callers for the shapes). Unknown shapes give null, and the
// screen then shows the JSON behind its "Details" toggle only.
import type { TFunction } from 'i18next';
import type { AccessAuditEntry } from '../../contract/access-audit';

type Detail = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const obj = (v: unknown): Detail | null =>
  v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) ? (v as Detail) : null;

/** The permission keys a role's permission list grants ('true'), sorted. */
function granted(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  return v
    .map(obj)
    .filter((p): p is Detail => !!p && p.Value !== 'false' && typeof p.PermissionKey === 'string')
    .map((p) => p.PermissionKey as string)
    .sort();
}

export function accessDetailSentence(row: AccessAuditEntry, t: TFunction): string | null {
  const d: Detail = row.Detail ?? {};
  const value = (v: unknown) => {
    const s = v === true ? 'true' : v === false ? 'false' : str(v);
    if (s === null) return t('audit.access.value.none');
    return s === 'true' || s === 'false' ? t(`audit.access.value.${s}`) : s;
  };
  const claim = () =>
    str(d.ClaimValue) ? `${String(d.ClaimType)} = ${String(d.ClaimValue)}` : String(d.ClaimType ?? '');
  const employee = row.EmployeeName ?? t('audit.access.someone');
  switch (row.Action) {
    case 'ProxySignIn':
      return str(d.Ip)
        ? t('audit.access.sentence.proxySignInFrom', { employee, ip: d.Ip })
        : t('audit.access.sentence.proxySignIn', { employee });
    case 'ProxySignOut':
      return t('audit.access.sentence.proxySignOut', { employee });
    case 'RoleCreated':
      return t('audit.access.sentence.roleCreated', {
        name: str(d.Name) ?? '?',
        count: granted(d.Permissions).length,
      });
    case 'RoleDeleted':
      return t('audit.access.sentence.roleDeleted', { name: str(obj(d.Before)?.Name) ?? '?' });
    case 'RoleUpdated': {
      const before = obj(d.Before) ?? {};
      const after = obj(d.After) ?? {};
      const was = granted(before.Permissions);
      const now = granted(after.Permissions);
      const added = now.filter((k) => !was.includes(k));
      const removed = was.filter((k) => !now.includes(k));
      const name = str(after.Name) ?? str(before.Name) ?? '?';
      const parts = [
        str(before.Name) && str(after.Name) && before.Name !== after.Name
          ? t('audit.access.sentence.renamed', { from: before.Name })
          : null,
        added.length ? t('audit.access.sentence.added', { keys: added.join(', ') }) : null,
        removed.length ? t('audit.access.sentence.removed', { keys: removed.join(', ') }) : null,
      ].filter(Boolean);
      return parts.length
        ? t('audit.access.sentence.roleUpdated', { name, changes: parts.join('; ') })
        : t('audit.access.sentence.roleUpdatedOther', { name });
    }
    case 'EmployeePermissionSet':
      return d.Before === null || d.Before === undefined
        ? t('audit.access.sentence.permissionSet', { key: d.PermissionKey, value: value(d.After) })
        : t('audit.access.sentence.permissionChanged', {
            key: d.PermissionKey,
            value: value(d.After),
            before: value(d.Before),
          });
    case 'EmployeePermissionRemoved':
      return t('audit.access.sentence.permissionRemoved', { key: d.PermissionKey, before: value(d.Before) });
    case 'ClaimPermissionSet':
      return t('audit.access.sentence.claimSet', {
        key: d.PermissionKey,
        value: value(d.After),
        claim: claim(),
      });
    case 'ClaimPermissionRemoved':
      return t('audit.access.sentence.claimRemoved', { key: d.PermissionKey, claim: claim() });
    case 'ClaimsImported':
      return t('audit.access.sentence.claimsImported', {
        added: num(d.Added),
        changed: num(d.Changed),
        removed: num(d.Removed),
      });
    case 'OnboardingSet':
      return t('audit.access.sentence.onboardingSet', { employee });
    case 'OnboardingRevoked':
      return t('audit.access.sentence.onboardingRevoked', { employee });
    default:
      return null;
  }
}
