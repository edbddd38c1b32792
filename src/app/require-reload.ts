// Wires the require-reload flag into the router: leaving a flagged state, or dropping its id
// parameter, is done as a full page load instead of a client-side navigation.
import { type DataRouter, matchRoutes, type RouteObject } from 'react-router';
import { needsFullReload } from './guard';

interface Handle {
  state?: string;
  requireReload?: boolean;
}

function stateOf(matches: { route: RouteObject; params: Record<string, string | undefined> }[] | null) {
  const match = [...(matches ?? [])].reverse().find((m) => (m.route.handle as Handle | undefined)?.state);
  if (!match) return null;
  const handle = match.route.handle as Handle;
  return { state: handle.state!, requireReload: !!handle.requireReload, params: match.params };
}

export function enforceRequireReload(router: DataRouter, routes: RouteObject[]): () => void {
  return router.subscribe((s) => {
    const next = s.navigation.location;
    if (s.navigation.state !== 'loading' || !next) return;
    const from = stateOf(s.matches);
    const to = stateOf(matchRoutes(routes, next));
    if (to && needsFullReload(from, to)) window.location.assign(next.pathname + next.search + next.hash);
  });
}
