// Proxy (impersonation) sign-in and sign-out through the forms on the page (spec 000 §7, §8): the
// #proxyLoginForm is posted to /account/proxy/login, the #proxyLogoutForm to /account/proxy/logout.
// The PWA posts them with fetch and Accept: application/json so errors show in place; without
// JavaScript the same forms post normally and the server redirects.
import { MISSING_PROXY_SIGN_IN_FORM, MISSING_PROXY_SIGN_OUT_FORM } from '../../contract/access';

export const PROXY_LOGIN_FORM_ID = 'proxyLoginForm';
export const PROXY_LOGOUT_FORM_ID = 'proxyLogoutForm';

export type ProxyResult = { ok: true; returnUrl: string } | { ok: false; message: string; status?: number };

async function post(
  doc: Document,
  formId: string,
  missing: string,
  fallbackAction: string,
  fetchImpl: typeof fetch,
  log: Pick<Console, 'error'>,
): Promise<ProxyResult> {
  const form = doc.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) {
    log.error(missing);
    return { ok: false, message: missing };
  }
  let response: Response;
  try {
    response = await fetchImpl(form.getAttribute('action') || fallbackAction, {
      method: 'POST',
      body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      headers: { Accept: 'application/json' },
      credentials: 'include',
    });
  } catch {
    return { ok: false, message: 'The connection was reset or blocked' };
  }
  const body = (await response.json().catch(() => ({}))) as { returnUrl?: string; Message?: string };
  if (response.ok) return { ok: true, returnUrl: body.returnUrl ?? '/' };
  return { ok: false, status: response.status, message: body.Message ?? response.statusText };
}

/** Signs in as the employee named by the proxy sign-in form on the page. */
export function submitProxyLogin(
  doc: Document = document,
  fetchImpl: typeof fetch = fetch,
  log: Pick<Console, 'error'> = console,
): Promise<ProxyResult> {
  return post(doc, PROXY_LOGIN_FORM_ID, MISSING_PROXY_SIGN_IN_FORM, '/account/proxy/login', fetchImpl, log);
}

/** Ends the proxy session; the administrator's own session comes back. */
export function submitProxyLogout(
  doc: Document = document,
  fetchImpl: typeof fetch = fetch,
  log: Pick<Console, 'error'> = console,
): Promise<ProxyResult> {
  return post(
    doc,
    PROXY_LOGOUT_FORM_ID,
    MISSING_PROXY_SIGN_OUT_FORM,
    '/account/proxy/logout',
    fetchImpl,
    log,
  );
}
