// Method compatibility (spec 000 §7): a POST carrying `X-HTTP-Method-Override: PUT|PATCH|DELETE` is
// routed as that method. With BLOCK_METHODS set, those methods sent directly are refused with 405, as
// some proxies do, so the client's override path can be exercised for real. This runs in Fastify's
// rewriteUrl step, before routing, so it applies to real connections and to app.inject alike.
import type { IncomingMessage } from 'node:http';

export const OVERRIDABLE = ['PUT', 'PATCH', 'DELETE'] as const;
export const BLOCKED_PATH = '/__method-blocked';

export function methodRewriter(blocked: readonly string[]) {
  return (req: IncomingMessage): string => {
    const url = req.url ?? '/';
    const method = (req.method ?? 'GET').toUpperCase();
    if (method === 'POST') {
      const header = req.headers['x-http-method-override'];
      const wanted = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase();
      if (wanted && (OVERRIDABLE as readonly string[]).includes(wanted)) {
        req.method = wanted;
      }
      return url;
    }
    if (blocked.includes(method)) return BLOCKED_PATH;
    return url;
  };
}
