// Every route of a built app with what its config declares (public, permission, anyPermission,
// allowCookie), collected by an onRoute hook added the moment the Fastify instance is created — before
// any plugin or route — so routes added later are catalogued without anyone listing them.
//
// Use from a test file (the mock must be hoisted there):
//   vi.mock('fastify', async (importOriginal) =>
//     (await import('./route-catalogue')).withRouteCatalogue(await importOriginal()));
// then `routeCatalogue(app)` after `app.ready()`.
import type { FastifyInstance, RouteOptions } from 'fastify';

export interface CataloguedRoute {
  method: string;
  url: string;
  public: boolean;
  /** The one key the global auth hook checks. */
  permission: string | null;
  /** Keys of which the caller needs one (checked by the module's own onRequest hook). */
  anyPermission: readonly string[] | null;
  allowCookie: boolean;
  hidden: boolean;
}

const collected = new WeakMap<object, RouteOptions[]>();

type Factory = (...args: unknown[]) => FastifyInstance;

/** The fastify module with its factory wrapped so that every instance records its routes. */
export function withRouteCatalogue<M extends object>(mod: M): M {
  const original = ((mod as { default?: Factory }).default ??
    (mod as { fastify: Factory }).fastify) as Factory;
  const wrapped = ((...args: unknown[]) => {
    const app = original(...args);
    const routes: RouteOptions[] = [];
    collected.set(app, routes);
    // Keep the options object itself: hooks registered after this one (the auth plugin's, which makes
    // the API description public) still change its config, and the catalogue reads it afterwards.
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    return app;
  }) as Factory;
  Object.assign(wrapped, original);
  return { ...mod, default: wrapped, fastify: wrapped };
}

/** The app's routes, one per method and URL (HEAD routes Fastify adds to a GET are left out). */
export function routeCatalogue(app: FastifyInstance): CataloguedRoute[] {
  const routes = collected.get(app);
  if (!routes)
    throw new Error(
      "No route catalogue for this app: mock 'fastify' with withRouteCatalogue in the test file.",
    );
  const out = new Map<string, CataloguedRoute>();
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = (route.config ?? {}) as {
      public?: boolean;
      permission?: string;
      anyPermission?: readonly string[];
      allowCookie?: boolean;
    };
    const schema = (route.schema ?? {}) as { hide?: boolean };
    for (const m of methods) {
      const method = String(m).toUpperCase();
      const key = `${method} ${route.url}`;
      if (out.has(key)) continue;
      out.set(key, {
        method,
        url: route.url,
        public: !!config.public,
        permission: config.permission ?? null,
        anyPermission: config.anyPermission ?? null,
        allowCookie: !!config.allowCookie,
        hidden: !!schema.hide,
      });
    }
  }
  const list = [...out.values()];
  return list.filter((r) => r.method !== 'HEAD' || !out.has(`GET ${r.url}`));
}

/** A concrete URL for a route: every path parameter 1 (a valid-looking id), a wildcard `x`. */
export function concreteUrl(url: string, value = '1'): string {
  return url
    .split('/')
    .map((part) => (part.startsWith(':') ? value : part === '*' ? 'x' : part))
    .join('/');
}
