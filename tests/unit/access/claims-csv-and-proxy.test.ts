// The claim CSV reader (header skipped, blank lines ignored, lines kept for error messages) and the
// proxy form posts with their exact messages when the form is missing (spec 000 §8).
import { describe, expect, it, vi } from 'vitest';
import { MISSING_PROXY_SIGN_IN_FORM, MISSING_PROXY_SIGN_OUT_FORM } from '../../../src/contract/access';
import { importBody, parseClaimsCsv } from '../../../src/features/access/claims-csv';
import { submitProxyLogin, submitProxyLogout } from '../../../src/features/access/proxy';

describe('parseClaimsCsv', () => {
  it('skips the header and blank lines, keeps each row its file line, empty value means any', () => {
    const csv =
      '\uFEFFClaimType,ClaimValue,PermissionKey,Value\r\noffice,1,reports:read,true\r\n\r\n' +
      'userName,,"navigation:payroll",false\r\n"role","Field rep, senior",time:own,true\r\n';
    const { rows, errors } = parseClaimsCsv(csv);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { Line: 2, ClaimType: 'office', ClaimValue: '1', PermissionKey: 'reports:read', Value: 'true' },
      {
        Line: 4,
        ClaimType: 'userName',
        ClaimValue: null,
        PermissionKey: 'navigation:payroll',
        Value: 'false',
      },
      {
        Line: 5,
        ClaimType: 'role',
        ClaimValue: 'Field rep, senior',
        PermissionKey: 'time:own',
        Value: 'true',
      },
    ]);
    expect(importBody(rows)[1]).toEqual({
      ClaimType: 'userName',
      ClaimValue: null,
      PermissionKey: 'navigation:payroll',
      Value: 'false',
    });
  });

  it('a header alone is no rows; a short row keeps empty fields for the server to name', () => {
    expect(parseClaimsCsv('ClaimType,ClaimValue,PermissionKey,Value\n').rows).toEqual([]);
    expect(parseClaimsCsv('h\noffice,1\n').rows).toEqual([
      { Line: 2, ClaimType: 'office', ClaimValue: '1', PermissionKey: '', Value: '' },
    ]);
  });
});

describe('proxy forms', () => {
  it('without the forms on the page: the exact messages, logged, and nothing posted', async () => {
    const fetchImpl = vi.fn();
    const log = { error: vi.fn() };
    document.body.innerHTML = '';
    expect(await submitProxyLogin(document, fetchImpl, log)).toEqual({
      ok: false,
      message: MISSING_PROXY_SIGN_IN_FORM,
    });
    expect(await submitProxyLogout(document, fetchImpl, log)).toEqual({
      ok: false,
      message: MISSING_PROXY_SIGN_OUT_FORM,
    });
    expect(MISSING_PROXY_SIGN_IN_FORM).toBe('Unable to find the proxy sign in form.');
    expect(MISSING_PROXY_SIGN_OUT_FORM).toBe('Unable to find the proxy sign out form.');
    expect(log.error.mock.calls).toEqual([[MISSING_PROXY_SIGN_IN_FORM], [MISSING_PROXY_SIGN_OUT_FORM]]);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('posts the form fields as a form with JSON accepted; a refusal carries the server message', async () => {
    document.body.innerHTML =
      '<form id="proxyLoginForm" method="post" action="/account/proxy/login"><input name="EmployeeID" value="5"></form>';
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ returnUrl: '/' }), { status: 200 }));
    expect(await submitProxyLogin(document, fetchImpl as unknown as typeof fetch)).toEqual({
      ok: true,
      returnUrl: '/',
    });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/account/proxy/login');
    expect(String(init.body)).toBe('EmployeeID=5');
    expect((init.headers as Record<string, string>).Accept).toBe('application/json');
    const refused = vi.fn(
      async () =>
        new Response(JSON.stringify({ Message: 'You do not have permission to do this.' }), { status: 403 }),
    );
    expect(await submitProxyLogin(document, refused as unknown as typeof fetch)).toMatchObject({
      ok: false,
      status: 403,
      message: 'You do not have permission to do this.',
    });
  });
});
