// @vitest-environment node
// What a caller sees from the request plugins, on a bare Fastify wired as server/app.ts wires them
// (method override, error answers, the NUL guard), without a database: each error class answers its
// own status and { Message, Messages?, Errors? }, a 5xx says nothing of its cause.

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../../server/errors';
import { frameworkErrors, registerErrorHandling } from '../../../server/plugins/errors';
import { containsNul, NUL_MESSAGE, registerInputGuard } from '../../../server/plugins/input-guard';
import { BLOCKED_PATH, methodRewriter } from '../../../server/plugins/method-override';
import { Int32, NUMBER_TOO_LARGE } from '../../../src/contract/common';

function fail(error: unknown): never {
  throw error;
}

let app: FastifyInstance;
const logged: string[] = [];

beforeAll(async () => {
  app = Fastify({
    logger: {
      level: 'warn',
      stream: { write: (line: string) => void logged.push(line) },
    },
    routerOptions: { maxParamLength: 40 },
    rewriteUrl: methodRewriter(['PATCH', 'DELETE']),
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)
    typed.route({ method, url: '/echo', handler: async (request) => ({ method: request.method }) });
  typed.all(BLOCKED_PATH, async (request, reply) =>
    reply.code(405).send({ Message: `blocked ${request.method}` }),
  );
  typed.post('/body', async (request) => ({ got: request.body ?? null }));
  typed.get('/item/:id', async (request) => ({ id: (request.params as { id: string }).id }));
  typed.get(
    '/typed/:EmployeeId/:page',
    {
      schema: {
        params: z.object({
          EmployeeId: z.coerce.number().int().min(1).max(1000),
          page: z.coerce.number().int().min(1).max(9),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  typed.post(
    '/form',
    {
      schema: {
        body: z.object({
          Name: z.string().min(2),
          Age: z.number().int(),
          Tags: z.array(z.string()).optional(),
        }),
        querystring: z.object({ q: z.string().min(3) }).optional(),
      },
    },
    async () => ({ ok: true }),
  );
  typed.get(
    '/shape/:EmployeeId/:code/:idx',
    {
      schema: {
        params: z.object({
          EmployeeId: z.coerce.number().int().multipleOf(2),
          code: z.string().max(3),
          idx: z.coerce.number().max(5),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  typed.post('/idbody', { schema: { body: z.object({ Id: Int32.min(1) }) } }, async () => ({ ok: true }));
  typed.get('/dbnum', async () => fail(Object.assign(new Error('driver'), { code: 22003 })));
  typed.get('/app-error', async () =>
    fail(
      new AppError(409, 'Changed meanwhile.', {
        Messages: ['one'],
        Errors: { Name: ['taken'] },
        headers: { 'x-extra': 'yes' },
        body: { Version: 7 },
      }),
    ),
  );
  typed.get('/app-error-plain', async () => fail(new AppError(403, 'No.')));
  typed.get('/crash', async () => fail(new Error('secret internals')));
  typed.get('/status/:code', async (request) => {
    const code = Number((request.params as { code: string }).code);
    fail(Object.assign(new Error(`raw ${code}`), { statusCode: code }));
  });
  typed.get('/coded/:code', async (request) =>
    fail(
      Object.assign(new Error('fastify wording'), {
        statusCode: 400,
        code: (request.params as { code: string }).code,
      }),
    ),
  );
  typed.get('/db/:code', async (request) => {
    const code = (request.params as { code: string }).code;
    const depth = Number((request.query as { depth?: string }).depth ?? '0');
    let error: Error = Object.assign(new Error('driver'), { code });
    for (let i = 0; i < depth; i++) error = Object.assign(new Error('wrapped'), { cause: error });
    fail(error);
  });
  await app.ready();
});
afterAll(async () => app?.close());

describe('method override', () => {
  it('routes a POST with an override header as PUT, PATCH or DELETE, whatever its case or spaces', async () => {
    for (const [header, method] of [
      ['PUT', 'PUT'],
      [' patch ', 'PATCH'],
      ['delete', 'DELETE'],
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'X-HTTP-Method-Override': header },
      });
      expect(res.json()).toEqual({ method });
    }
  });

  it('ignores an override to any other method, and an override on anything but POST', async () => {
    for (const header of ['GET', 'HEAD', 'CONNECT', '']) {
      const res = await app.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'X-HTTP-Method-Override': header },
      });
      expect(res.json()).toEqual({ method: 'POST' });
    }
    const put = await app.inject({
      method: 'PUT',
      url: '/echo',
      headers: { 'X-HTTP-Method-Override': 'DELETE' },
    });
    expect(put.json()).toEqual({ method: 'PUT' });
  });

  it('refuses the blocked methods sent directly, and only those', async () => {
    expect((await app.inject({ method: 'PATCH', url: '/echo' })).statusCode).toBe(405);
    expect((await app.inject({ method: 'DELETE', url: '/echo' })).json()).toEqual({
      Message: 'blocked DELETE',
    });
    expect((await app.inject({ method: 'PUT', url: '/echo' })).json()).toEqual({ method: 'PUT' });
    expect((await app.inject({ method: 'GET', url: '/echo' })).json()).toEqual({ method: 'GET' });
    const overridden = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'X-HTTP-Method-Override': 'PATCH' },
    });
    expect(overridden.json()).toEqual({ method: 'PATCH' });
  });

  it('reads the first of repeated override headers, and a request without url or method', () => {
    const rewrite = methodRewriter(['DELETE']);
    const req = { method: 'post', url: '/x', headers: { 'x-http-method-override': ['delete', 'put'] } };
    expect(rewrite(req as never)).toBe('/x');
    expect(req.method).toBe('DELETE');
    expect(rewrite({ headers: {} } as never)).toBe('/');
    expect(rewrite({ method: 'delete', headers: {} } as never)).toBe(BLOCKED_PATH);
  });
});

describe('NUL guard', () => {
  it('finds NUL in strings, keys and nested arrays or objects, and nowhere else', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ ok: [1, { deep: ['x', 'y\u0000'] }] })).toBe(true);
    expect(containsNul({ 'k\u0000': 1 })).toBe(true);
    expect(containsNul([{ a: 'b' }, 'c', 3, null, true])).toBe(false);
    expect(containsNul({ a: { b: { c: 'no nul here: \\u0000 %00' } } })).toBe(false);
    expect(containsNul(Buffer.from([0, 0]))).toBe(false);
    expect(containsNul(null)).toBe(false);
  });

  it('refuses NUL in the path, the query or the body with 400 before the handler', async () => {
    for (const url of ['/item/a%00b', '/echo?x=%00', '/echo?x=%2500%00']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ Message: NUL_MESSAGE });
    }
    const body = await app.inject({
      method: 'POST',
      url: '/body',
      payload: { Notes: ['fine', 'bad\u0000'] },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ Message: NUL_MESSAGE });
    const form = await app.inject({
      method: 'POST',
      url: '/body',
      headers: { 'content-type': 'application/json' },
      payload: '{"a\\u0000":1}',
    });
    expect(form.statusCode).toBe(400);
  });

  it('lets through requests without NUL, with or without a body', async () => {
    expect((await app.inject({ method: 'GET', url: '/item/a%20b' })).json()).toEqual({ id: 'a b' });
    expect((await app.inject({ method: 'POST', url: '/body', payload: { a: 'b' } })).json()).toEqual({
      got: { a: 'b' },
    });
    expect((await app.inject({ method: 'POST', url: '/body' })).json()).toEqual({ got: null });
  });
});

describe('error answers', () => {
  it('an AppError answers its status, message, headers and extra fields', async () => {
    const res = await app.inject({ method: 'GET', url: '/app-error' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['x-extra']).toBe('yes');
    expect(res.json()).toEqual({
      Message: 'Changed meanwhile.',
      Messages: ['one'],
      Errors: { Name: ['taken'] },
      Version: 7,
    });
    const plain = await app.inject({ method: 'GET', url: '/app-error-plain' });
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toEqual({ Message: 'No.' });
  });

  it('a validation error names each field with its messages', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/form',
      payload: { Name: 'x', Age: 1.5, Tags: ['a', 3] },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { Message: string; Messages: string[]; Errors: Record<string, string[]> };
    expect(body.Message).toBe('The request is not valid.');
    expect(Object.keys(body.Errors).sort()).toEqual(['Age', 'Name', 'Tags.1']);
    for (const [field, messages] of Object.entries(body.Errors)) {
      expect(messages.length).toBe(1);
      expect(messages[0]).not.toBe('');
      expect(body.Messages).toContain(`${field}: ${messages[0]}`);
    }
    expect(body.Messages).toHaveLength(3);
  });

  it('a body that is not an object is named "body"; a bad query "querystring"', async () => {
    const res = await app.inject({ method: 'POST', url: '/form', payload: [1] });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().Errors)).toEqual(['body']);
    const query = await app.inject({ method: 'POST', url: '/form?q=ab', payload: { Name: 'xx', Age: 1 } });
    expect(query.statusCode).toBe(400);
    expect(Object.keys(query.json().Errors)).toEqual(['q']);
  });

  it('an id in the path out of its range is "not found"; any other path number out of range is invalid', async () => {
    for (const url of ['/typed/0/1', '/typed/1001/1', '/typed/99999999999999999999/1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ Message: 'The item was not found.' });
    }
    const page = await app.inject({ method: 'GET', url: '/typed/5/10' });
    expect(page.statusCode).toBe(400);
    expect(page.json().Errors).toHaveProperty('page');
    const both = await app.inject({ method: 'GET', url: '/typed/0/10' });
    expect(both.statusCode).toBe(400);
    const notANumber = await app.inject({ method: 'GET', url: '/typed/abc/1' });
    expect(notANumber.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/typed/5/2' })).json()).toEqual({ ok: true });
  });

  it('a number past 2^53 gets one message for its field, not two', async () => {
    const res = await app.inject({ method: 'POST', url: '/form', payload: { Name: 'xx', Age: 2 ** 60 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors.Age).toHaveLength(1);
  });

  it('a crash answers 500 without its cause and is logged', async () => {
    logged.length = 0;
    const res = await app.inject({ method: 'GET', url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ Message: 'The server could not complete the request.' });
    expect(logged.join('\n')).toContain('request failed');
    const unavailable = await app.inject({ method: 'GET', url: '/status/503' });
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toEqual({ Message: 'The server could not complete the request.' });
    for (const code of [200, 302, 399]) {
      const odd = await app.inject({ method: 'GET', url: `/status/${code}` });
      expect(odd.statusCode).toBe(500);
      expect(odd.json().Message).toBe('The server could not complete the request.');
    }
  });

  it('a client error answers its own status in plain words', async () => {
    const expected: Record<number, string> = {
      400: 'The request is not valid.',
      404: 'Not found.',
      405: 'This method is not allowed here.',
      413: 'The upload is too large.',
      414: 'The address is too long.',
      415: 'This type of content is not accepted.',
      429: 'Too many requests. Try again later.',
    };
    for (const [code, message] of Object.entries(expected)) {
      const res = await app.inject({ method: 'GET', url: `/status/${code}` });
      expect(res.statusCode).toBe(Number(code));
      expect(res.json()).toEqual({ Message: message });
    }
    const other = await app.inject({ method: 'GET', url: '/status/418' });
    expect(other.statusCode).toBe(418);
    expect(other.json()).toEqual({ Message: 'raw 418' });
  });

  it("words Fastify's body errors for people", async () => {
    const expected: Record<string, string> = {
      FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty; send JSON or no Content-Type.',
      FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON.',
      FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length does not match the body.',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This type of content is not accepted.',
      FST_ERR_CTP_EMPTY_TYPE: 'The Content-Type is empty.',
      FST_ERR_CTP_INVALID_TYPE: 'The Content-Type is not valid.',
    };
    for (const [code, message] of Object.entries(expected)) {
      expect((await app.inject({ method: 'GET', url: `/coded/${code}` })).json()).toEqual({
        Message: message,
      });
    }
    const real = await app.inject({
      method: 'POST',
      url: '/body',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(real.statusCode).toBe(400);
    expect(real.json()).toEqual({ Message: 'The body is not valid JSON.' });
  });

  it('a value the database refuses is the caller’s mistake (400), found through wrapped causes', async () => {
    const expected: Record<string, string> = {
      '22003': 'A number in the request is out of range.',
      '22P05': 'Text may not contain the character U+0000.',
      '22021': 'Text may not contain the character U+0000.',
      '22007': 'This date does not exist.',
      '22008': 'This date does not exist.',
      '22012': 'The request is not valid.',
    };
    for (const [code, message] of Object.entries(expected)) {
      const res = await app.inject({ method: 'GET', url: `/db/${code}?depth=2` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ Message: message });
    }
    logged.length = 0;
    await app.inject({ method: 'GET', url: '/db/22003' });
    expect(logged.join('\n')).toContain('database refused a request value');
    // Too deep to be the request's value, or not a data exception: a server error.
    for (const url of ['/db/22003?depth=5', '/db/23505', '/db/220031', '/db/x22003']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(500);
    }
    expect((await app.inject({ method: 'GET', url: '/db/22003?depth=4' })).statusCode).toBe(400);
  });

  it('only an out-of-range number in a path id is "not found"; other path problems are invalid', async () => {
    const ok = await app.inject({ method: 'GET', url: '/shape/4/abc/1' });
    expect(ok.json()).toEqual({ ok: true });
    // Not a range problem (an odd number), not a number (a long text), not an id (idx).
    for (const url of ['/shape/3/abc/1', '/shape/4/abcd/1', '/shape/4/abc/9']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().Message).toBe('The request is not valid.');
    }
    // An id out of range in the body is a bad request, not a missing record.
    const body = await app.inject({ method: 'POST', url: '/idbody', payload: { Id: 0 } });
    expect(body.statusCode).toBe(400);
    expect(Object.keys(body.json().Errors)).toEqual(['Id']);
  });

  it('a 32-bit number past 2^53 is reported once, as too large', async () => {
    const res = await app.inject({ method: 'POST', url: '/idbody', payload: { Id: 2 ** 60 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors).toEqual({ Id: [NUMBER_TOO_LARGE] });
    expect(res.json().Messages).toEqual([`Id: ${NUMBER_TOO_LARGE}`]);
  });

  it('logs the cause of a 5xx and of a refused database value, never answers it', async () => {
    logged.length = 0;
    const res = await app.inject({ method: 'GET', url: '/crash' });
    expect(res.body).not.toContain('secret internals');
    expect(logged.join('\n')).toContain('secret internals');
    logged.length = 0;
    await app.inject({ method: 'GET', url: '/db/22007?depth=1' });
    expect(logged.join('\n')).toContain('wrapped: driver');
  });

  it('a database code that is not text is no data exception', async () => {
    expect((await app.inject({ method: 'GET', url: '/dbnum' })).statusCode).toBe(500);
  });

  it('router errors keep a 4xx status and turn anything else into 400', () => {
    const answers: Array<{ status: number; body: unknown }> = [];
    const reply = {
      code(status: number) {
        answers.push({ status, body: undefined });
        return this;
      },
      send(body: unknown) {
        answers[answers.length - 1].body = body;
        return this;
      },
    } as unknown as FastifyReply;
    const cases: Array<[number | undefined, string, number, string]> = [
      [400, 'FST_ERR_BAD_URL', 400, 'The address is not valid.'],
      [414, 'FST_ERR_MAX_PARAM_LENGTH', 414, 'A part of the address is too long.'],
      [499, 'OTHER', 499, 'The request is not valid.'],
      [500, 'OTHER', 400, 'The request is not valid.'],
      [399, 'OTHER', 400, 'The request is not valid.'],
      [undefined, 'OTHER', 400, 'The request is not valid.'],
    ];
    for (const [statusCode, code] of cases)
      frameworkErrors({ statusCode, code } as FastifyError, {} as FastifyRequest, reply);
    expect(answers).toEqual(cases.map(([, , status, Message]) => ({ status, body: { Message } })));
  });

  it('router errors and unknown routes answer { Message }', async () => {
    const bad = await app.inject({ method: 'GET', url: '/item/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ Message: 'The address is not valid.' });
    const long = await app.inject({ method: 'GET', url: `/item/${'x'.repeat(50)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ Message: 'A part of the address is too long.' });
    const none = await app.inject({ method: 'GET', url: '/nowhere/else?secret=1' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ Message: 'No route for GET /nowhere/else.' });
  });
});
