// Organisation calls (spec 000 §7 "Offices", "Divisions", "Corporations"; spec 001 §7 "Division
// rotations", "Corporations"). Keys: organisation:read / :manage / :admin (see scope.ts).
// Each group of calls is in a file of its own: routes-offices, routes-divisions, routes-corporations.
import type { FastifyInstance } from 'fastify';
import { LOGO_MAX_BYTES } from '../../../src/contract/organisation';
import type { Db } from '../../db/client';
import { corporationRoutes } from './routes-corporations';
import { divisionRoutes } from './routes-divisions';
import { officeRoutes } from './routes-offices';

export async function organisationRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  // Logo uploads: the image's bytes as the body (type checked against its first bytes).
  for (const type of [/^image\//, 'application/octet-stream'])
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: 2 * LOGO_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
  officeRoutes(app, db);
  divisionRoutes(app, db);
  corporationRoutes(app, db);
}
