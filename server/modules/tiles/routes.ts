// Street maps served by Apex itself: `GET /tiles/{z}/{x}/{y}.mvt` from the PMTiles archive named by
// MAP_TILES (or the first *.pmtiles in DATA_DIR/tiles/), `GET /tiles/style.json`, the MapLibre style
// over them, and `GET /tiles/extent`, what saving an area for offline costs. Both need a signed-in caller (session cookie, as the map's worker and the service
// worker send it, or a Bearer token): tiles are not secret, but an operator's server must not become
// an open tile server for anyone on the internet. The routes sit outside /api (the PWA's map and the
// service worker fetch them like any map asset), so they check the caller themselves.
//
// Answers: 200 with the tile as stored (Content-Encoding: the archive's compression, or decompressed
// for a client that does not accept it), long private Cache-Control and an ETag (archive + z/x/y,
// 304 on If-None-Match); 204 for a tile the archive lacks inside its zoom range and bounds (sea,
// empty land); 404 outside them; 400 for a z/x/y that is not a tile. With no archive, or one that
// cannot be read, every /tiles answer is 404 with a Message and the PWA keeps its own basemap; the
// reason is logged once, at start.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { countTiles, MAX_EXTENT_TILES, type TileExtent, tilesIn } from '../../../src/contract/tiles';
import { AppError, badRequest, unauthorized } from '../../errors';
import { type AuthOptions, resolveActor } from '../../plugins/auth';
import type { AuthCache } from '../../plugins/auth-cache';
import { findArchivePath, TileArchive } from './archive';
import { streetStyle } from './style';

export const TILE_CONTENT_TYPE = 'application/vnd.mapbox-vector-tile';
/** Tiles change only when the operator replaces the archive (new ETag); a week is "long". */
export const TILE_CACHE_CONTROL = 'private, max-age=604800, stale-while-revalidate=2592000';
/** What to do when there is no street map (the 404's Message; the PWA shows it to administrators). */
export const NO_STREET_MAP =
  'No street map is installed on this server. An administrator can add one: put a PMTiles extract ' +
  '(e.g. a Protomaps build of the region) in DATA_DIR/tiles/ or name it with MAP_TILES, then restart.';

export interface TilesOptions {
  /** MAP_TILES: the archive's path; null looks in `dataDir/tiles/` (unless `searchDataDir` is false). */
  mapTiles: string | null;
  dataDir: string;
  /** Whether to look for an archive in DATA_DIR/tiles/ when MAP_TILES is unset (not for tests' in-memory apps). */
  searchDataDir: boolean;
  auth: AuthOptions & { authCache: AuthCache };
}

/**
 * Opens the street-map archive, logging exactly one line about it: what is served, why nothing is
 * (a missing or unreadable archive is never fatal), or that none is installed.
 */
export async function loadStreetMap(
  path: string | null,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<TileArchive | null> {
  if (!path) {
    log.info(
      'Street maps: no PMTiles archive (set MAP_TILES or put a .pmtiles file in DATA_DIR/tiles/); the leads map uses its built-in basemap',
    );
    return null;
  }
  try {
    const archive = await TileArchive.open(path);
    const { minZoom, maxZoom, bounds } = archive.info;
    log.info(
      `Street maps: serving ${path} (zoom ${minZoom}–${maxZoom}, bounds ${bounds.map((v) => v.toFixed(3)).join(',')})`,
    );
    return archive;
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message;
    log.warn(
      `Street maps: cannot use ${path}: ${reason}; /tiles answers 404 and the leads map uses its built-in basemap`,
    );
    return null;
  }
}

/** The encodings a request accepts (Accept-Encoding with q-values). */
export function accepts(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  return (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0;
}

/** Whether If-None-Match names `etag` (or is `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

const Z = /^\d{1,2}$/;
const XY = /^\d{1,9}$/;
const Y_FILE = /^(\d{1,9})(?:\.(?:mvt|pbf))?$/i;

/** z/x/y of a tile path, or a 400 naming what is wrong. */
export function parseTile(zs: string, xs: string, ys: string): { z: number; x: number; y: number } {
  const ym = Y_FILE.exec(ys);
  if (!Z.test(zs) || !XY.test(xs) || !ym)
    throw new AppError(400, 'A tile address is /tiles/{z}/{x}/{y}.mvt with whole numbers.');
  const z = Number(zs);
  const x = Number(xs);
  const y = Number(ym[1]);
  if (z > 30) throw new AppError(400, 'Zoom (z) must be from 0 to 30.');
  const n = 2 ** z;
  if (x >= n || y >= n) throw new AppError(400, `At zoom ${z}, x and y must be from 0 to ${n - 1}.`);
  return { z, x, y };
}

export async function tilesRoutes(app: FastifyInstance, opts: TilesOptions): Promise<void> {
  const path =
    opts.mapTiles || opts.searchDataDir ? await findArchivePath(opts.mapTiles, opts.dataDir) : null;
  const archive = await loadStreetMap(path, app.log);
  if (archive) app.addHook('onClose', async () => archive.close());
  const style = archive ? JSON.stringify(streetStyle(archive.info)) : null;
  const styleEtag = archive ? `"style-${archive.info.etag}"` : null;

  /** A signed-in caller: Bearer token, or the session cookie the map's worker sends. */
  async function signedIn(request: FastifyRequest): Promise<void> {
    if (!(await resolveActor(request, opts.auth, true))) throw unauthorized();
  }

  const noStreetMap = () => new AppError(404, NO_STREET_MAP);

  app.get(
    '/tiles/style.json',
    { config: { public: true }, schema: { hide: true } },
    async (request, reply: FastifyReply) => {
      await signedIn(request);
      if (!style || !styleEtag) throw noStreetMap();
      reply.header('ETag', styleEtag).header('Cache-Control', 'private, no-cache');
      if (matches(request.headers['if-none-match'], styleEtag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(style);
    },
  );

  // What saving an area for offline costs: its tiles within the archive's zoom range and their
  // stored size, read from the archive's directories (no tile is read).
  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/tiles/extent',
    { config: { public: true }, schema: { hide: true } },
    async (request): Promise<TileExtent> => {
      await signedIn(request);
      const q = request.query;
      const num = (name: string, min: number, max: number) => {
        const raw = q[name];
        const v = raw !== undefined && raw.trim() !== '' ? Number(raw) : Number.NaN;
        if (!Number.isFinite(v) || v < min || v > max)
          throw badRequest(`${name} must be a number from ${min} to ${max}.`, {
            [name]: [`Use a number from ${min} to ${max}.`],
          });
        return v;
      };
      const box = {
        west: num('west', -180, 180),
        south: num('south', -85.06, 85.06),
        east: num('east', -180, 180),
        north: num('north', -85.06, 85.06),
      };
      if (box.west > box.east || box.south > box.north)
        throw badRequest('The area must have west ≤ east and south ≤ north.');
      const askedMin = Math.floor(num('minZoom', 0, 30));
      const askedMax = Math.floor(num('maxZoom', 0, 30));
      if (!archive) throw noStreetMap();
      const MinZoom = Math.max(askedMin, archive.info.minZoom);
      const MaxZoom = Math.min(askedMax, archive.info.maxZoom);
      if (MinZoom > MaxZoom) return { MinZoom, MaxZoom, Tiles: 0, Stored: 0, Bytes: 0 };
      const Tiles = countTiles(box, MinZoom, MaxZoom);
      if (Tiles > MAX_EXTENT_TILES)
        throw badRequest(
          `That is ${Tiles} tiles; save a smaller area or fewer zoom levels (at most ${MAX_EXTENT_TILES}).`,
        );
      let Stored = 0;
      let Bytes = 0;
      for (const [z, x, y] of tilesIn(box, MinZoom, MaxZoom)) {
        const size = await archive.storedSize(z, x, y);
        if (size > 0) {
          Stored++;
          Bytes += size;
        }
      }
      return { MinZoom, MaxZoom, Tiles, Stored, Bytes };
    },
  );

  app.get<{ Params: { z: string; x: string; y: string } }>(
    '/tiles/:z/:x/:y',
    { config: { public: true }, schema: { hide: true }, compress: false },
    async (request, reply) => {
      await signedIn(request);
      const { z, x, y } = parseTile(request.params.z, request.params.x, request.params.y);
      if (!archive) throw noStreetMap();
      const found = await archive.tile(z, x, y);
      if (found.kind === 'outside')
        throw new AppError(
          404,
          `The street map has no tiles here (it covers zoom ${archive.info.minZoom}–${archive.info.maxZoom} within its area).`,
        );
      const encoding = archive.info.encoding;
      const sendEncoded = encoding !== null && accepts(request.headers['accept-encoding'], encoding);
      const etag = `"${archive.info.etag}-${z}-${x}-${y}${sendEncoded ? `-${encoding}` : ''}"`;
      reply
        .header('Cache-Control', TILE_CACHE_CONTROL)
        .header('ETag', etag)
        .header('Vary', 'Accept-Encoding');
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      if (found.kind === 'empty') return reply.code(204).send();
      reply.type(TILE_CONTENT_TYPE);
      if (sendEncoded && encoding)
        return reply.header('Content-Encoding', encoding).send(Buffer.from(found.data));
      const plain =
        encoding === 'gzip'
          ? gunzipSync(found.data)
          : encoding === 'br'
            ? brotliDecompressSync(found.data)
            : Buffer.from(found.data);
      return reply.send(plain);
    },
  );
}
