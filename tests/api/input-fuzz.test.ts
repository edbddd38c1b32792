// Every operation of the API description, fed malformed input: path ids too large for their column,
// negative, non-numeric, with NUL or broken %-escapes; query values and JSON bodies of the wrong type,
// with huge integers, NUL strings, impossible dates, deep or odd JSON. No answer may be a 5xx, and
// every error must be { Message: string, ... }. Built from `app.swagger()`, so a new route is covered
// without writing anything here. Deterministic: fixed values plus fast-check with a fixed seed.
// FUZZ_TRACE=/tmp/fuzz.log writes every probe, its answer and the time since the previous one.
import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/contract/common';
import { createTestApp, type Session, type TestApp } from './helpers';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  additionalProperties?: boolean | JsonSchema;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params: Parameter[];
  body: JsonSchema | null;
}

interface Probe {
  method: Operation['method'];
  url: string;
  payload?: string;
  contentType?: string;
}

const SEED = 20_260_210;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

// ---- valid-looking values from a JSON schema (the base every probe spoils in one place) ----

const DATE = '2026-03-02';
/** A 'YYYY-MM-DD' pattern (not the date-time one, which has a format of its own). */
const isDatePattern = (pattern: string) => pattern.includes('\\d{4}') && !pattern.includes('T(');
const KNOWN_PATTERNS: [RegExp, string][] = [
  [/\[01\]\\d\|2\[0-3\]/, '09:30:00'],
  [/^\^#\[0-9a-fA-F\]/, '#1c7ed6'],
];

function firstAlternative(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (!options) return schema;
  return options.find((s) => s.type !== 'null') ?? options[0];
}

function validSample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => validSample(s, depth + 1)));
  if (schema.anyOf || schema.oneOf) return validSample(firstAlternative(schema), depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {}))
        out[key] = validSample(value, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        validSample(schema.items, depth + 1),
      );
    case 'integer':
    case 'number': {
      const low = typeof schema.minimum === 'number' ? schema.minimum : 1;
      return Math.min(Math.max(1, low + (schema.exclusiveMinimum === true ? 1 : 0)), schema.maximum ?? 1);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string': {
      if (schema.format === 'date-time') return '2026-03-02T14:00:00.000Z';
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'date') return DATE;
      if (schema.pattern && isDatePattern(schema.pattern)) return DATE;
      if (schema.pattern) {
        for (const [re, value] of KNOWN_PATTERNS) if (re.test(schema.pattern)) return value;
        const [value] = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { seed: SEED, numRuns: 1 });
        return value;
      }
      const length = Math.min(Math.max(schema.minLength ?? 0, 4), schema.maxLength ?? 4);
      return 'Fuzz'.padEnd(length, 'z').slice(0, Math.max(length, schema.minLength ?? 0));
    }
    default:
      return 'Fuzz';
  }
}

// ---- malformed values ----

const deepArray = (depth: number): unknown => {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

/** Raw path segments (inserted into the URL as they are: some are deliberately bad escapes). */
const BAD_PATH_SEGMENTS = [
  '2147483648',
  '9007199254740993',
  'abc',
  '1%00',
  '99999999999999999999999',
  '-1',
  '0',
  '1.5',
  '%zz',
  '%E0%A4%A',
  '%F0%9F%99%82',
  'x'.repeat(120),
  '2026-02-30',
  '0000-00-00',
  '9999-12-31',
];

/** Query values (encoded by the probe, except the raw-escape ones). */
const BAD_QUERY_VALUES = [
  '2147483648',
  '9007199254740993',
  '-2147483649',
  '1.5',
  'abc',
  '',
  '2026-02-30',
  '0000-00-00',
  '0001-01-01',
  '9999-12-31',
  'x'.repeat(3000),
];

/** Values put in place of one body field. */
const BAD_BODY_VALUES: unknown[] = [
  2 ** 31,
  2 ** 53 - 1,
  -(2 ** 31) - 1,
  1.5,
  -1,
  0,
  1e308,
  'a\u0000b',
  '2026-02-30',
  '0000-00-00',
  '0001-01-01',
  '',
  'x'.repeat(20_000),
  true,
  null,
  [],
  {},
  '1',
  deepArray(64),
];

/** Whole bodies (the first five for every operation, the others in turn). */
const BAD_BODIES: { payload: string; contentType: string }[] = [
  { payload: 'null', contentType: 'application/json' },
  { payload: '{"a":"\\u0000"}', contentType: 'application/json' },
  { payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' },
  { payload: '{}', contentType: 'application/json' },
  { payload: '{"a":', contentType: 'application/json' },
  { payload: '"text"', contentType: 'application/json' },
  { payload: '12345678901234567890', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}', contentType: 'application/json' },
  { payload: `${'{"a":'.repeat(2000)}{}${'}'.repeat(2000)}`, contentType: 'application/json' },
  { payload: '{"a":"\\ud800"}', contentType: 'application/json' },
  { payload: 'a=1&a=2&b=%00', contentType: 'application/x-www-form-urlencoded' },
  { payload: '<x/>', contentType: 'application/xml' },
  { payload: '{}', contentType: 'application/json; charset=latin1' },
];

// ---- probes ----

function operationsOf(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as
        | { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
        | undefined;
      if (!op) continue;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

const validParam = (p: Parameter) => String(validSample(p.schema));

function urlOf(op: Operation, path: Record<string, string>, query: [string, string][]): string {
  let url = `/api${op.path}`;
  for (const p of op.params.filter((x) => x.in === 'path'))
    url = url.replace(`{${p.name}}`, path[p.name] ?? encodeURIComponent(validParam(p)));
  // Required query parameters not being spoiled get a well-formed value.
  const given = new Set(query.map(([k]) => k));
  const required = op.params
    .filter((p) => p.in === 'query' && p.required && !given.has(p.name))
    .map((p): [string, string] => [p.name, encodeURIComponent(validParam(p))]);
  const search = [...query, ...required].map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&');
  return search ? `${url}?${search}` : url;
}

function json(value: unknown): { payload: string; contentType: string } {
  return { payload: JSON.stringify(value), contentType: 'application/json' };
}

/** The fixed sweep: each class of bad value in each place of each operation. */
/** `count` items of a list in turn: each sweep takes the next ones, so the whole list gets used. */
function inTurn<T>(list: readonly T[], turn: number, count: number): T[] {
  return Array.from(
    { length: Math.min(count, list.length) },
    (_, i) => list[(turn * count + i) % list.length],
  );
}

/** Query values that matter for a parameter of this schema. */
function badQueryValuesFor(schema: JsonSchema): string[] {
  const s = firstAlternative(schema);
  if (s.type === 'integer' || s.type === 'number') return ['2147483648', '-2147483649', '9007199254740993'];
  if (s.type === 'string' && s.pattern && isDatePattern(s.pattern))
    return ['2026-02-30', '0000-00-00', '9999-12-31'];
  return ['x'.repeat(3000), ''];
}

const RAW_QUERY_VALUES = ['a%00b', '%zz', '%E0%A4%A'];
let turn = 0;

/**
 * The fixed sweep: each class of bad value in each place of each operation (the classes that
 * matter for the place's type every time, the others in turn across operations).
 */
function sweep(op: Operation): Probe[] {
  const base = op.body ? json(validSample(op.body)) : undefined;
  const withBody = (p: Omit<Probe, 'method'>): Probe => ({ method: op.method, ...base, ...p });
  // First the well-formed call the others spoil (it may well succeed: ids 1, dates in 2026).
  const probes: Probe[] = [withBody({ url: urlOf(op, {}, []) })];
  for (const p of op.params.filter((x) => x.in === 'path')) {
    const [always, others] = [BAD_PATH_SEGMENTS.slice(0, 4), BAD_PATH_SEGMENTS.slice(4)];
    for (const segment of [...always, ...inTurn(others, turn++, 3)])
      probes.push(withBody({ url: urlOf(op, { [p.name]: segment }, []) }));
  }
  for (const p of op.params.filter((x) => x.in === 'query')) {
    const values = [
      ...badQueryValuesFor(p.schema).map(encodeURIComponent),
      ...inTurn(BAD_QUERY_VALUES, turn++, 2).map(encodeURIComponent),
      ...inTurn(RAW_QUERY_VALUES, turn, 1),
    ];
    for (const value of values) probes.push(withBody({ url: urlOf(op, {}, [[p.name, value]]) }));
    if (turn % 4 === 0)
      probes.push(
        withBody({
          url: urlOf(op, {}, [
            [p.name, '1'],
            [p.name, '2'],
          ]),
        }),
      );
  }
  // A pair of dates: the widest range the dates allow, and a reversed one.
  const dates = op.params.filter(
    (p) => p.in === 'query' && p.schema.pattern && isDatePattern(p.schema.pattern),
  );
  if (dates.length >= 2) {
    const [from, to] = dates;
    for (const [a, b] of [
      ['1900-01-01', '2999-12-31'],
      ['2999-12-31', '1900-01-01'],
    ])
      probes.push(
        withBody({
          url: urlOf(op, {}, [
            [from.name, a],
            [to.name, b],
          ]),
        }),
      );
  }
  if (op.body) {
    const url = urlOf(op, {}, []);
    const sample = validSample(op.body);
    for (const field of fieldPaths(op.body))
      for (const bad of badValuesFor(field.schema, turn++))
        probes.push({ method: op.method, url, ...json(setAt(sample, field.path, bad)) });
    for (const body of [...BAD_BODIES.slice(0, 5), ...inTurn(BAD_BODIES.slice(5), turn++, 3)])
      probes.push({ method: op.method, url, ...body });
  }
  return probes;
}

/** Every field of the body, one level into objects and arrays (e.g. ['Slots', 0, 'Capacity']), with its schema. */
function fieldPaths(
  schema: JsonSchema,
  prefix: (string | number)[] = [],
  depth = 0,
): { path: (string | number)[]; schema: JsonSchema }[] {
  const s = firstAlternative(schema);
  const out: { path: (string | number)[]; schema: JsonSchema }[] = [];
  if (depth > 2) return out;
  if (s.properties) {
    for (const [key, child] of Object.entries(s.properties)) {
      out.push({ path: [...prefix, key], schema: child });
      out.push(...fieldPaths(child, [...prefix, key], depth + 1));
    }
  } else if (s.items && prefix.length > 0) {
    out.push({ path: [...prefix, 0], schema: s.items });
    out.push(...fieldPaths(s.items, [...prefix, 0], depth + 1));
  }
  return out;
}

/** The bad values that matter for a field of this schema, plus one of the rest in turn. */
function badValuesFor(schema: JsonSchema, turn: number): unknown[] {
  const s = firstAlternative(schema);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  const generic = BAD_BODY_VALUES[turn % BAD_BODY_VALUES.length];
  if (type === 'integer') return [2 ** 31, 2 ** 53 - 1, -(2 ** 31) - 1, 1.5, generic];
  if (type === 'number') return [1e308, -1e308, 2 ** 31, generic];
  if (type === 'string' && s.format !== 'date-time' && s.pattern && isDatePattern(s.pattern))
    return ['2026-02-30', '0000-00-00', '9999-12-31', '0001-01-01', generic];
  if (type === 'string') return ['a\u0000b', '', 'x'.repeat(20_000), generic];
  return [null, 'a\u0000b', 2 ** 31, generic];
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(head)] = setAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  const object = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { ...object, [head]: setAt(object[head], rest, replacement) };
}

/** Random probes: any operation, any place, values from fast-check's arbitraries. */
function randomProbe(operations: Operation[]): fc.Arbitrary<Probe> {
  const anyText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(...BAD_QUERY_VALUES),
    fc.integer().map(String),
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
    fc.double().map(String),
  );
  const anyJson = fc.oneof(
    fc.jsonValue({ maxDepth: 4 }),
    fc.constantFrom(...BAD_BODY_VALUES),
    fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
  );
  return fc
    .record({
      op: fc.constantFrom(...operations),
      pathText: anyText,
      queryText: anyText,
      bodyValue: anyJson,
      pick: fc.nat(),
      mode: fc.constantFrom('path', 'query', 'body', 'all'),
    })
    .map(({ op, pathText, queryText, bodyValue, pick, mode }) => {
      const pathParams = op.params.filter((x) => x.in === 'path');
      const queryParams = op.params.filter((x) => x.in === 'query');
      const path: Record<string, string> = {};
      const query: [string, string][] = [];
      if ((mode === 'path' || mode === 'all') && pathParams.length > 0)
        path[pathParams[pick % pathParams.length].name] = encodeURIComponent(pathText) || '%20';
      if ((mode === 'query' || mode === 'all') && queryParams.length > 0)
        query.push([queryParams[pick % queryParams.length].name, encodeURIComponent(queryText)]);
      let body = op.body ? validSample(op.body) : undefined;
      if ((mode === 'body' || mode === 'all') && op.body) {
        const fields = fieldPaths(op.body);
        body = fields.length > 0 ? setAt(body, fields[pick % fields.length].path, bodyValue) : bodyValue;
      }
      return {
        method: op.method,
        url: urlOf(op, path, query),
        ...(body === undefined ? {} : json(body)),
      };
    });
}

// ---- the run ----

interface Failure {
  who: string;
  probe: string;
  status: number;
  body: string;
}

const TRACE = process.env.FUZZ_TRACE;
let traceStart = 0;
function trace(probe: Probe): void {
  if (!TRACE) return;
  const now = Date.now();
  appendFileSync(
    TRACE,
    `${now - traceStart} ${probe.method} ${probe.url.slice(0, 200)} ${(probe.payload ?? '').slice(0, 200)}\n`,
  );
  traceStart = now;
}

function judge(who: string, probe: Probe, res: LightMyRequestResponse, failures: Failure[]): void {
  const describeProbe = () =>
    `${probe.method} ${probe.url.slice(0, 160)} ${(probe.payload ?? '').slice(0, 160)}`.trim();
  if (res.statusCode >= 500) {
    failures.push({ who, probe: describeProbe(), status: res.statusCode, body: res.body.slice(0, 200) });
    return;
  }
  if (res.statusCode < 400) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    parsed = undefined;
  }
  if (!ErrorBody.safeParse(parsed).success)
    failures.push({ who, probe: describeProbe(), status: res.statusCode, body: res.body.slice(0, 200) });
}

/** A probe's answer, or a 599 failure when it takes longer than a few seconds (a hang is a bug too). */
async function send(call: (options: InjectOptions) => Promise<LightMyRequestResponse>, probe: Probe) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<LightMyRequestResponse>((resolve) => {
    timer = setTimeout(
      () => resolve({ statusCode: 599, body: 'no answer within 10 s' } as LightMyRequestResponse),
      10_000,
    );
  });
  try {
    const res = await Promise.race([call(inject(probe)), timeout]);
    if (TRACE) appendFileSync(TRACE, `  -> ${res.statusCode} ${res.body.slice(0, 160)}\n`);
    return res;
  } finally {
    clearTimeout(timer);
  }
}

function inject(probe: Probe): InjectOptions {
  trace(probe);
  return {
    method: probe.method,
    url: probe.url,
    ...(probe.payload !== undefined
      ? { payload: probe.payload, headers: { 'content-type': probe.contentType ?? 'application/json' } }
      : {}),
  };
}

describe('every operation under malformed input', () => {
  let t: TestApp;
  let admin: Session;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn('admin');
    operations = operationsOf(
      t.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads the whole API description', () => {
    // A guard against the sweep silently covering nothing (e.g. the description moved).
    expect(operations.length).toBeGreaterThan(140);
    expect(operations.filter((op) => op.params.some((p) => p.in === 'path')).length).toBeGreaterThan(60);
    expect(operations.filter((op) => op.body).length).toBeGreaterThan(40);
  });

  it('as an administrator: each bad value in each place of each operation, no 5xx, errors as { Message }', async () => {
    const failures: Failure[] = [];
    let sent = 0;
    for (const op of operations) {
      for (const probe of sweep(op)) {
        judge('admin', probe, await send(admin.call, probe), failures);
        sent++;
      }
    }
    console.log(`input fuzz: ${sent} probes over ${operations.length} operations`);
    // The administrator is still signed in (no probe signed them out or broke their session).
    expect((await admin.call({ method: 'GET', url: '/api/auth/permissions' })).statusCode).toBe(200);
    expect(sent).toBeGreaterThan(2500);
    expect(failures.slice(0, 40)).toEqual([]);
  }, 150_000);

  it('anonymous: the same places with the worst values, no 5xx, errors as { Message }', async () => {
    const failures: Failure[] = [];
    for (const op of operations) {
      const probes = sweep(op).filter((_, i) => i % 7 === 0);
      for (const probe of probes)
        judge('anonymous', probe, await send((o) => t.app.inject(o), probe), failures);
    }
    expect(failures.slice(0, 40)).toEqual([]);
  }, 60_000);

  it('random probes (fast-check, fixed seed): no 5xx, errors as { Message }', async () => {
    const failures: Failure[] = [];
    await fc.assert(
      fc.asyncProperty(randomProbe(operations), async (probe) => {
        judge('admin', probe, await send(admin.call, probe), failures);
      }),
      { seed: SEED, numRuns: 600 },
    );
    expect(failures.slice(0, 40)).toEqual([]);
  }, 60_000);
});
