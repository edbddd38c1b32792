// The one-sentence summaries of access-audit rows, with the real en_CA strings.
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccessAuditEntry } from '../../../src/contract/access-audit';
import { accessDetailSentence } from '../../../src/features/audit/access-detail';
import audit from '../../../src/i18n/locales/en_CA/audit.json';

let t: TFunction;
beforeAll(async () => {
  const i18n = createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: { audit } } },
    interpolation: { escapeValue: false },
  });
  t = i18n.t;
});

const row = (Action: AccessAuditEntry['Action'], Detail: AccessAuditEntry['Detail']): AccessAuditEntry => ({
  AccessAuditID: 1,
  OccurredAt: '2026-11-20T10:00:00Z',
  Action,
  ActorEmployeeID: 1,
  ActorName: 'Alex Morgan',
  ProxyByEmployeeID: null,
  ProxyByName: null,
  EmployeeID: 2,
  EmployeeName: 'Sam Taylor',
  Detail,
});
const perms = (...keys: string[]) => keys.map((PermissionKey) => ({ PermissionKey, Value: 'true' }));

describe('accessDetailSentence', () => {
  it('says what changed in a role: renamed, keys added and removed', () => {
    const r = row('RoleUpdated', {
      Before: { Name: 'Rep', Permissions: perms('a:read', 'b:read') },
      After: { Name: 'Field rep', Permissions: perms('b:read', 'c:read') },
    });
    expect(accessDetailSentence(r, t)).toBe(
      'Changed the role “Field rep”: renamed from “Rep”; added c:read; removed a:read.',
    );
  });

  it('counts a new role’s granted permissions', () => {
    const r = row('RoleCreated', { Name: 'Trainer', Permissions: perms('reports:read') });
    expect(accessDetailSentence(r, t)).toBe('Created the role “Trainer” with 1 permission.');
  });

  it('names the permission and its values', () => {
    expect(
      accessDetailSentence(
        row('EmployeePermissionSet', { PermissionKey: 'payroll:read', Before: 'false', After: 'true' }),
        t,
      ),
    ).toBe('Set payroll:read to allowed (was denied).');
    expect(
      accessDetailSentence(
        row('ClaimPermissionSet', {
          ClaimType: 'office',
          ClaimValue: '3',
          PermissionKey: 'x:y',
          After: true,
        }),
        t,
      ),
    ).toBe('Set x:y to allowed for office = 3.');
  });

  it('names the proxied person and the address', () => {
    expect(accessDetailSentence(row('ProxySignIn', { Ip: '10.0.0.1' }), t)).toBe(
      'Signed in as Sam Taylor from 10.0.0.1.',
    );
    expect(accessDetailSentence(row('ClaimsImported', { Added: 2, Changed: 1, Removed: 0 }), t)).toBe(
      'Imported claim permissions: 2 added, 1 changed, 0 removed.',
    );
  });
});
