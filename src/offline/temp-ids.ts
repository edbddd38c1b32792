// Entity keys and temporary ids. An entity created offline gets a negative temporary id (unique per
// user across all entity kinds, see allocateTempId); once its create is acknowledged, the server id
// replaces it in the entity key, in paths (`time-entries/-3`), and in every `…ID` / `…Id` field of
// bodies, args and drafts (`ParentTimeEntryID: -3`). Only id-named fields are rewritten, so a
// negative number that is not an id (a time-zone offset of -300) is never touched.

export type EntityId = number | string;

/** `<entity>:<id>`, e.g. `timeEntry:-3`, `timeEntry:812`, `lead:4411`. */
export function makeEntityKey(entity: string, id: EntityId): string {
  return `${entity}:${id}`;
}

export function parseEntityKey(key: string): { entity: string; id: EntityId } {
  const at = key.lastIndexOf(':');
  if (at < 0) return { entity: key, id: '' };
  const raw = key.slice(at + 1);
  return { entity: key.slice(0, at), id: /^-?\d+$/.test(raw) ? Number(raw) : raw };
}

export function isTempId(id: unknown): id is number {
  return typeof id === 'number' && Number.isInteger(id) && id < 0;
}

/** The entity's own temporary id when its key names one. */
export function entityTempId(entityKey: string): number | undefined {
  const { id } = parseEntityKey(entityKey);
  return isTempId(id) ? id : undefined;
}

const ID_KEY = /(^id|I[dD])s?$/;

/** Whether a field name holds an id (`LeadID`, `clientId`, `payrollID`, `id`, `LeadIDs`). */
export function isIdKey(key: string): boolean {
  return ID_KEY.test(key);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function collectFromIdValue(value: unknown, out: Set<number>): void {
  if (isTempId(value)) out.add(value);
  else if (Array.isArray(value)) for (const item of value) if (isTempId(item)) out.add(item);
}

function collectDeep(value: unknown, out: Set<number>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectDeep(item, out);
  } else if (isPlainObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (isIdKey(key)) collectFromIdValue(child, out);
      collectDeep(child, out);
    }
  }
}

// No lookbehind: Safari before 16.4 cannot parse it.
const PATH_TEMP = /(^|[/=])(-\d+)(?=$|[/?&#])/g;

/** Temporary ids in the path segments and query values of a path. */
export function pathTempRefs(path: string): number[] {
  return [...path.matchAll(PATH_TEMP)].map((m) => Number(m[2]));
}

/** Every temporary id the given values refer to, through id-named fields (deep) or path segments. */
export function collectTempRefs(parts: { entityKey?: string; path?: string; values?: unknown[] }): number[] {
  const out = new Set<number>();
  if (parts.entityKey !== undefined) {
    const own = entityTempId(parts.entityKey);
    if (own !== undefined) out.add(own);
  }
  if (parts.path !== undefined) for (const id of pathTempRefs(parts.path)) out.add(id);
  for (const value of parts.values ?? []) collectDeep(value, out);
  return [...out].sort((a, b) => b - a);
}

function replaceIdValue(value: unknown, tempId: number, serverId: EntityId): unknown {
  if (value === tempId) return serverId;
  if (Array.isArray(value) && value.includes(tempId)) return value.map((v) => (v === tempId ? serverId : v));
  return value;
}

/** A copy of `value` with `tempId` replaced by `serverId` in every id-named field (deep). */
export function rewriteTempId<T>(value: T, tempId: number, serverId: EntityId): T {
  if (Array.isArray(value)) return value.map((item) => rewriteTempId(item, tempId, serverId)) as T;
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const replaced = isIdKey(key) ? replaceIdValue(child, tempId, serverId) : child;
    out[key] = rewriteTempId(replaced, tempId, serverId);
  }
  return out as T;
}

/** `time-entries/-3/breaks?parentID=-3` → `time-entries/812/breaks?parentID=812`. */
export function rewritePath(path: string, tempId: number, serverId: EntityId): string {
  return path.replace(PATH_TEMP, (match, lead: string, id: string) =>
    Number(id) === tempId ? `${lead}${serverId}` : match,
  );
}

export function rewriteEntityKey(entityKey: string, tempId: number, serverId: EntityId): string {
  const { entity, id } = parseEntityKey(entityKey);
  return id === tempId ? makeEntityKey(entity, serverId) : entityKey;
}
