// Sign-in through the form on the page (spec 000 §7, §8): the #loginForm is posted to /account/login.
// The PWA posts it with fetch and Accept: application/json so errors show in place; without
// JavaScript the same form posts normally and the server redirects.
export const MISSING_LOGIN_FORM = 'Attempted to perform sign in without a #loginForm element on the page';

export type SignInResult =
  | { ok: true; returnUrl: string }
  | {
      ok: false;
      reason: 'invalid' | 'rateLimited' | 'network' | 'error';
      retryAfterSeconds?: number;
      message?: string;
    };

export async function submitLoginForm(
  doc: Document = document,
  fetchImpl: typeof fetch = fetch,
  log: Pick<Console, 'error'> = console,
): Promise<SignInResult> {
  const form = doc.querySelector<HTMLFormElement>('#loginForm');
  if (!form) {
    log.error(MISSING_LOGIN_FORM);
    return { ok: false, reason: 'error', message: MISSING_LOGIN_FORM };
  }
  let response: Response;
  try {
    response = await fetchImpl(form.action || '/account/login', {
      method: 'POST',
      body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      headers: { Accept: 'application/json' },
      credentials: 'include',
    });
  } catch {
    return { ok: false, reason: 'network' };
  }
  if (response.ok) {
    const body = (await response.json().catch(() => ({}))) as { returnUrl?: string };
    return { ok: true, returnUrl: body.returnUrl ?? '/' };
  }
  if (response.status === 429) {
    return {
      ok: false,
      reason: 'rateLimited',
      retryAfterSeconds: Number(response.headers.get('Retry-After')) || 60,
    };
  }
  if (response.status === 401 || response.status === 400) return { ok: false, reason: 'invalid' };
  return { ok: false, reason: 'error' };
}

/** Sign-out: ends the session on the server (form post with JSON accepted). */
export async function postLogout(fetchImpl: typeof fetch = fetch): Promise<void> {
  await fetchImpl('/account/logout', {
    method: 'POST',
    headers: { Accept: 'application/json' },
    credentials: 'include',
  }).catch(() => undefined);
}
