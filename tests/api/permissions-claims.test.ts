// Claim permissions: one claim's permissions (read, set for a value or every value, remove), the CSV
// export, and the import of the whole list — all or nothing, a bad row named by its row and line,
// the preview (dryRun) changing nothing — and a claim grant taking effect on the next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessAudit, claimPermissions, icdOffices } from '../../server/db/tables';
import type { ClaimImportResult, ClaimRowError } from '../../src/contract/access';
import type { ClaimPermission } from '../../src/contract/permissions';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let admin: Session;
let payroll: Session;
let manager: Session;
let rep: Session;
let toronto: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, payroll, manager, rep] = await Promise.all(
    ['admin', 'payroll', 'manager', 'rep'].map((u) => t.signIn(u)),
  );
  const offices = await t.db.select().from(icdOffices);
  toronto = offices.find((o) => o.OfficeName === 'Toronto Central')!.IcdOfficeID;
});
afterAll(() => t.close());

const stored = async () =>
  (await t.db.select().from(claimPermissions))
    .map((c) => `${c.ClaimType}|${c.ClaimValue ?? ''}|${c.PermissionKey}=${c.Value}`)
    .sort();

describe('one claim', () => {
  it('sets, reads and removes the permission of a claim value; the rep of that user name gets it at once', async () => {
    const url = '/api/claims/userName/rep/permissions/navigation%3AtimeApprovals';
    const modules = () => rep.call({ method: 'GET', url: '/api/Home/navigation-modules' });
    const has = async () =>
      (await modules()).json<Array<{ State: string }>>().some((m) => m.State === 'time.approvals');
    expect(await has()).toBe(false);
    const put = await payroll.call({ method: 'PUT', url, payload: { Value: 'true' } });
    expect(put.statusCode).toBe(200);
    expect(put.json<ClaimPermission>()).toEqual({
      ClaimType: 'userName',
      ClaimValue: 'rep',
      PermissionKey: 'navigation:timeApprovals',
      Value: 'true',
    });
    const read = await payroll.call({ method: 'GET', url: '/api/claims/userName/rep/permissions' });
    expect(read.json<ClaimPermission[]>().map((c) => c.PermissionKey)).toEqual(['navigation:timeApprovals']);
    // The next request of the rep: the claim grant is in effect.
    expect(await has()).toBe(true);
    const del = await payroll.call({ method: 'DELETE', url });
    expect(del.statusCode).toBe(204);
    expect(await has()).toBe(false);
    expect((await payroll.call({ method: 'DELETE', url })).statusCode).toBe(404);
  });

  it('a permission for every value of a claim type (no value) reaches everyone holding that type', async () => {
    const put = await admin.call({
      method: 'PUT',
      url: '/api/claims/office/permissions/navigation%3AtimeApprovals',
      payload: { Value: 'true' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<ClaimPermission>().ClaimValue).toBeNull();
    const modules = await rep.call({ method: 'GET', url: '/api/Home/navigation-modules' });
    expect(modules.json<Array<{ State: string }>>().some((m) => m.State === 'time.approvals')).toBe(true);
    await t.db.delete(claimPermissions);
  });

  it('refuses an unknown claim type, a value naming nothing, an unknown key, a bad value', async () => {
    const before = await stored();
    const cases: Array<[string, { Value: string }]> = [
      ['/api/claims/planet/mars/permissions/navigation%3Areports', { Value: 'true' }],
      ['/api/claims/office/999999/permissions/navigation%3Areports', { Value: 'true' }],
      ['/api/claims/role/Nobody/permissions/navigation%3Areports', { Value: 'true' }],
      [`/api/claims/office/${toronto}/permissions/nope%3Anever`, { Value: 'true' }],
      [`/api/claims/office/${toronto}/permissions/navigation%3Areports`, { Value: 'yes' }],
    ];
    for (const [url, payload] of cases) {
      const res = await admin.call({ method: 'PUT', url, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().Errors).toBeTruthy();
    }
    expect(await stored()).toEqual(before);
  });

  it('needs permissions:claims: manager and rep are refused', async () => {
    for (const s of [manager, rep]) {
      expect((await s.call({ method: 'GET', url: '/api/claims/all/permissions.csv' })).statusCode).toBe(403);
      expect(
        (
          await s.call({
            method: 'PUT',
            url: `/api/claims/office/${toronto}/permissions/navigation%3Areports`,
            payload: { Value: 'true' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await s.call({ method: 'PUT', url: '/api/claims/all/permissions', payload: [] })).statusCode,
      ).toBe(403);
    }
  });

  it('nobody grants through a claim a key they do not hold (payroll and admin:permissions)', async () => {
    const res = await payroll.call({
      method: 'PUT',
      url: '/api/claims/userName/payroll/permissions/admin%3Apermissions',
      payload: { Value: 'true' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().Message).toContain('admin:permissions');
    expect(await stored()).toEqual([]);
    // Nor removes one: an administrator's grant stays.
    await t.db.insert(claimPermissions).values({
      ClaimType: 'userName',
      ClaimValue: 'admin',
      PermissionKey: 'admin:proxy',
      Value: 'true',
    });
    const del = await payroll.call({
      method: 'DELETE',
      url: '/api/claims/userName/admin/permissions/admin%3Aproxy',
    });
    expect(del.statusCode).toBe(403);
    expect(await stored()).toEqual(['userName|admin|admin:proxy=true']);
    expect(
      (await admin.call({ method: 'DELETE', url: '/api/claims/userName/admin/permissions/admin%3Aproxy' }))
        .statusCode,
    ).toBe(204);
    expect(await stored()).toEqual([]);
  });
});

describe('CSV export and import', () => {
  const rows = () => [
    { ClaimType: 'office', ClaimValue: String(toronto), PermissionKey: 'navigation:reports', Value: 'true' },
    { ClaimType: 'division', ClaimValue: '35', PermissionKey: 'reports:read', Value: 'true' },
    { ClaimType: 'userName', ClaimValue: 'Rep', PermissionKey: 'navigation:payroll', Value: 'false' },
  ];

  it('imports rows (objects or arrays); the preview answers the changes and changes nothing', async () => {
    const preview = await payroll.call({
      method: 'PUT',
      url: '/api/claims/all/permissions?dryRun=true',
      payload: rows(),
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json<ClaimImportResult>()).toMatchObject({
      Applied: false,
      Added: 3,
      Changed: 0,
      Removed: 0,
    });
    expect(preview.json<ClaimImportResult>().Changes.map((c) => c.Line)).toEqual([2, 3, 4]);
    expect(await stored()).toEqual([]);
    const [a, b, c] = rows();
    const applied = await payroll.call({
      method: 'PUT',
      url: '/api/claims/all/permissions',
      payload: [a, [b.ClaimType, b.ClaimValue, b.PermissionKey, b.Value], c],
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.json<ClaimImportResult>()).toMatchObject({ Applied: true, Added: 3 });
    expect(await stored()).toEqual(
      [
        `division|35|reports:read=true`,
        `office|${toronto}|navigation:reports=true`,
        'userName|rep|navigation:payroll=false',
      ].sort(),
    );
    const audit = await t.db.select().from(accessAudit);
    expect(audit.some((r) => r.Action === 'ClaimsImported')).toBe(true);
  });

  it('exports the rows as CSV with the four columns; exporting then importing changes nothing', async () => {
    const res = await payroll.call({ method: 'GET', url: '/api/claims/all/permissions.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split(/\r\n/);
    expect(lines[0]).toBe('ClaimType,ClaimValue,PermissionKey,Value');
    expect(lines).toContain(`office,${toronto},navigation:reports,true`);
    const body = lines.slice(1).map((l) => l.split(','));
    const again = await payroll.call({ method: 'PUT', url: '/api/claims/all/permissions', payload: body });
    expect(again.json<ClaimImportResult>()).toMatchObject({ Added: 0, Changed: 0, Removed: 0, Unchanged: 3 });
  });

  it('one bad row: 400 naming its row and line, nothing applied (even the good rows)', async () => {
    const before = await stored();
    const [a, b, c] = rows();
    const bad = { ...b, PermissionKey: 'reports:reed' };
    const res = await payroll.call({
      method: 'PUT',
      url: '/api/claims/all/permissions',
      payload: [{ ...a, Value: 'false' }, bad, c, { ...c, ClaimValue: 'someone' }],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{
      Message: string;
      RowErrors: ClaimRowError[];
      Errors: Record<string, string[]>;
    }>();
    expect(body.Message).toMatch(/^Row 2 \(line 3\): PermissionKey: .*reports:reed.*Nothing was imported\.$/);
    expect(body.RowErrors).toEqual([
      { Row: 2, Line: 3, Messages: [expect.stringContaining('reports:reed')] },
    ]);
    expect(Object.keys(body.Errors)).toEqual(['Row 2 (line 3)']);
    expect(await stored()).toEqual(before);
  });

  it('every bad row is listed: missing fields, unknown type, bad value, duplicates', async () => {
    const before = await stored();
    const [a] = rows();
    const res = await payroll.call({
      method: 'PUT',
      url: '/api/claims/all/permissions',
      payload: [
        a,
        { ClaimType: 'planet', ClaimValue: 'x', PermissionKey: 'reports:read', Value: 'true' },
        { ClaimType: 'office', ClaimValue: String(toronto), PermissionKey: 'reports:read', Value: 'maybe' },
        { ...a },
        'not a row',
        { ClaimType: 'role', ClaimValue: '', PermissionKey: 'reports:read', Value: 'true' },
      ],
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ RowErrors: ClaimRowError[] }>().RowErrors;
    expect(errors.map((e) => e.Row)).toEqual([2, 3, 4, 5, 6]);
    expect(errors.find((e) => e.Row === 4)!.Messages).toEqual(['The same claim and key as row 1']);
    expect(res.json().Message).toMatch(/^5 rows have errors \(rows 2, 3, 4, 5, 6\)/);
    expect(await stored()).toEqual(before);
  });

  it('a change to a key the importer does not hold is refused with its row, nothing applied', async () => {
    const before = await stored();
    const [a, b, c] = rows();
    const res = await payroll.call({
      method: 'PUT',
      url: '/api/claims/all/permissions',
      payload: [
        a,
        b,
        c,
        { ClaimType: 'userName', ClaimValue: 'payroll', PermissionKey: 'admin:proxy', Value: 'true' },
      ],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().Message).toMatch(/^Row 4 \(line 5\): .*admin:proxy/);
    expect(await stored()).toEqual(before);
  });

  it('an import replaces the list: rows left out are removed; an empty list clears it', async () => {
    const [a] = rows();
    const res = await payroll.call({ method: 'PUT', url: '/api/claims/all/permissions', payload: [a] });
    expect(res.json<ClaimImportResult>()).toMatchObject({ Removed: 2, Unchanged: 1 });
    const empty = await payroll.call({ method: 'PUT', url: '/api/claims/all/permissions', payload: [] });
    expect(empty.json<ClaimImportResult>().Removed).toBe(1);
    expect(await stored()).toEqual([]);
  });

  it('a body that is not a list is 400', async () => {
    const res = await payroll.call({ method: 'PUT', url: '/api/claims/all/permissions', payload: { a: 1 } });
    expect(res.statusCode).toBe(400);
  });
});
