// Method compatibility (spec 000 §7, §9): some proxies block PUT, PATCH or DELETE. At start-up each
// is probed at `services/shim-tests/http-{method}`; a blocked one is later sent as a POST carrying
// `X-HTTP-Method-Override: <method>`, which the server routes as the real method.
//
// The outcome is kept in localStorage under `apex.api.method-support:<api root>` as JSON
// `{ "PUT": true, "PATCH": false, "DELETE": true, "checkedAt": "<ISO instant>" }`
// (true = the method gets through as itself) and reused on the next start without probing.
// This module holds no I/O besides that storage; the ApiClient sends the probes.

export const PROBED_METHODS = ['PUT', 'PATCH', 'DELETE'] as const;
export type ProbedMethod = (typeof PROBED_METHODS)[number];
export const METHOD_OVERRIDE_HEADER = 'X-HTTP-Method-Override';

export interface MethodSupport {
  PUT: boolean;
  PATCH: boolean;
  DELETE: boolean;
  /** When the probe ran (ISO instant). */
  checkedAt: string;
}

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's localStorage, or null where there is none or it may not be read (sandboxed iframe,
 * disabled storage). */
export function browserStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function methodSupportStorageKey(apiRoot: string): string {
  return `apex.api.method-support:${apiRoot}`;
}

/** The probe path of a method, relative to the API root. */
export function probePath(method: ProbedMethod): string {
  return `services/shim-tests/http-${method.toLowerCase()}`;
}

export function isProbedMethod(method: string): method is ProbedMethod {
  return (PROBED_METHODS as readonly string[]).includes(method);
}

export function readMethodSupport(storage: StorageLike | null, apiRoot: string): MethodSupport | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(methodSupportStorageKey(apiRoot));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Record<keyof MethodSupport, unknown>>;
    if (PROBED_METHODS.some((m) => typeof parsed[m] !== 'boolean')) return null;
    return {
      PUT: parsed.PUT as boolean,
      PATCH: parsed.PATCH as boolean,
      DELETE: parsed.DELETE as boolean,
      checkedAt: typeof parsed.checkedAt === 'string' ? parsed.checkedAt : '',
    };
  } catch {
    return null;
  }
}

export function writeMethodSupport(
  storage: StorageLike | null,
  apiRoot: string,
  support: MethodSupport,
): void {
  try {
    storage?.setItem(methodSupportStorageKey(apiRoot), JSON.stringify(support));
  } catch {
    // Storage full or denied (private mode): the outcome then lives for this page only.
  }
}

/**
 * What one probe's outcome says. `status` is the HTTP status, or 0 when the request failed.
 * - 2xx: the method gets through.
 * - 401/403: our server answered (it checked the session), so the method got through too.
 * - anything else (405 from a blocking proxy, 404/501 from something that is not our server, a
 *   failed request): treat it as blocked; the override always works against our server.
 */
export function methodGetsThrough(status: number): boolean {
  return (status >= 200 && status < 300) || status === 401 || status === 403;
}

/** The method and extra headers to actually send for `method` under `support`. */
export function resolveMethod(
  method: string,
  support: Pick<MethodSupport, ProbedMethod> | null,
): { method: string; headers: Record<string, string> } {
  const upper = method.toUpperCase();
  if (support && isProbedMethod(upper) && !support[upper]) {
    return { method: 'POST', headers: { [METHOD_OVERRIDE_HEADER]: upper } };
  }
  return { method: upper, headers: {} };
}
