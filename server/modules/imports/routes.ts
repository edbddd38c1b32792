// Payroll imports from spreadsheets and import definitions (spec 001 §7 "Payroll imports", spec 002
// §7 "Payroll import definitions"); see src/contract/imports.ts. Permission: imports:run.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, QueryInt32 } from '../../../src/contract/common';
import {
  DefinitionName,
  IMPORT_DEFINITION_FIELD,
  IMPORT_FILE_FIELD,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORTS_RUN,
  ImportApply,
  ImportApplyResult,
  ImportDefinition,
  ImportDefinitionSave,
  ImportDefinitionUpdate,
  ImportKind,
  ImportPreview,
  ImportRowsPage,
  ImportRowsQuery,
} from '../../../src/contract/imports';
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import { actorOf } from '../../plugins/auth';
import { applyImport } from './apply-service';
import {
  createDefinition,
  defaultDefinition,
  deleteDefinition,
  getDefinition,
  listDefinitions,
  renameDefinition,
  updateDefinition,
} from './definitions-service';
import { getImport, getImportRows, readImport, type Upload } from './preview-service';

const run = { permission: IMPORTS_RUN };
const tags = ['imports'];
const IdParam = z.object({ id: QueryInt32.positive() });
const VersionQuery = z.object({ version: QueryInt32.optional() });

/** The read calls: path → kind. */
const READS: [string, ImportKind, string][] = [
  ['read-adp-emp-numbers-from-excel', 'AdpEmployeeNumbers', 'ADP employee numbers'],
  ['read-termination-emp-numbers-from-excel', 'Terminations', 'terminated employees'],
  ['read-direct-deposit-from-excel', 'DirectDeposit', 'direct-deposit accounts (preview only)'],
  ['read-req-numbers-from-excel', 'RequestNumbers', 'manual request numbers processed by ADP (preview only)'],
];

/** The multipart form of a read: the file (field File) and an optional ImportDefinitionID. */
async function readForm(request: FastifyRequest): Promise<{ file: Upload | null; definitionId?: number }> {
  if (!request.isMultipart())
    throw badRequest(IMPORT_MESSAGES.noFile, { [IMPORT_FILE_FIELD]: [IMPORT_MESSAGES.noFile] });
  let file: Upload | null = null;
  let definition: string | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== IMPORT_FILE_FIELD || file) {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      file = { fileName: part.filename, data, truncated: part.file.truncated };
    } else if (part.fieldname === IMPORT_DEFINITION_FIELD && typeof part.value === 'string') {
      definition = part.value.trim();
    }
  }
  if (definition === undefined || definition === '') return { file };
  if (!/^\d{1,9}$/.test(definition) || Number(definition) < 1)
    throw badRequest('Check the import definition.', {
      [IMPORT_DEFINITION_FIELD]: ['Not an import definition id'],
    });
  return { file, definitionId: Number(definition) };
}

export async function importRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  if (!app.hasContentTypeParser('multipart/form-data'))
    await app.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1000, parts: 8 },
    });
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const [path, kind, what] of READS)
    r.post(
      `/payrolls/${path}`,
      {
        config: run,
        bodyLimit: IMPORT_MAX_BYTES + 2 * 1024 * 1024,
        schema: {
          tags,
          summary: `Read ${what} from an Excel workbook: multipart/form-data with the file in field ${IMPORT_FILE_FIELD} (.xlsx, recognised by content, at most 10 MB: 415/413) and an optional ${IMPORT_DEFINITION_FIELD} (else the default definition of ${kind}). Stores and answers the preview row by row; nothing else changes. A required column missing: 400 with one message`,
          consumes: ['multipart/form-data'],
          response: { 200: ImportPreview, 400: ErrorBody, 413: ErrorBody, 415: ErrorBody },
        },
      },
      async (request) => {
        const form = await readForm(request);
        return readImport({
          db,
          actor: actorOf(request),
          kind,
          file: form.file,
          definitionId: form.definitionId,
        });
      },
    );

  r.post(
    '/payrolls/import-adp-emp-numbers-to-apex',
    {
      config: run,
      schema: {
        tags,
        summary:
          "Set employees' ADPEmployeeID from a preview of read-adp-emp-numbers-from-excel, all or nothing: 422 naming each bad row; 409 when Apex changed since the preview; applying again changes nothing (AlreadyApplied)",
        body: ImportApply,
        response: { 200: ImportApplyResult },
      },
    },
    async (request) =>
      applyImport({
        db,
        actor: actorOf(request),
        kind: 'AdpEmployeeNumbers',
        importId: request.body.ImportID,
      }),
  );

  r.post(
    '/payrolls/process-terminated-employees',
    {
      config: run,
      schema: {
        tags,
        summary:
          'Terminate the employees of a preview of read-termination-emp-numbers-from-excel (their active employment records get the TerminationDate and reason; each is queued for the payroll provider), all or nothing; applying again changes nothing',
        body: ImportApply,
        response: { 200: ImportApplyResult },
      },
    },
    async (request) =>
      applyImport({ db, actor: actorOf(request), kind: 'Terminations', importId: request.body.ImportID }),
  );

  r.get(
    '/payrolls/imports/:id',
    {
      config: run,
      schema: {
        tags,
        summary: 'A stored import preview (beyond the spec)',
        params: IdParam,
        response: { 200: ImportPreview },
      },
    },
    async (request) => getImport({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.get(
    '/payrolls/imports/:id/rows',
    {
      config: run,
      schema: {
        tags,
        summary:
          "A page of an import preview's rows in line order, optionally of one status (beyond the spec)",
        params: IdParam,
        querystring: ImportRowsQuery,
        response: { 200: ImportRowsPage },
      },
    },
    async (request) =>
      getImportRows({ db, actor: actorOf(request), id: request.params.id, ...request.query }),
  );

  r.get(
    '/payrolls/adp-config/definitions',
    {
      config: run,
      schema: {
        tags,
        summary: 'Import definitions (all kinds, or one)',
        querystring: z.object({ kind: ImportKind.optional() }),
        response: { 200: z.array(ImportDefinition) },
      },
    },
    async (request) => listDefinitions({ db, kind: request.query.kind }),
  );

  r.post(
    '/payrolls/adp-config/definitions',
    {
      config: run,
      schema: {
        tags,
        summary:
          'Create an import definition (duplicate name: 409; IsDefault clears the kind’s other default)',
        body: ImportDefinitionSave,
        response: { 201: ImportDefinition },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createDefinition({ db, actor: actorOf(request), body: request.body })),
  );

  r.get(
    '/payrolls/adp-config/definitions/default/:x',
    {
      config: run,
      schema: {
        tags,
        summary:
          "A kind's default import definition (the built-in one, ImportDefinitionID null, when none is stored)",
        params: z.object({ x: ImportKind }),
        response: { 200: ImportDefinition },
      },
    },
    async (request) => defaultDefinition({ db, kind: request.params.x }),
  );

  r.get(
    '/payrolls/adp-config/definitions/:id',
    {
      config: run,
      schema: {
        tags,
        summary: 'One import definition',
        params: IdParam,
        response: { 200: ImportDefinition },
      },
    },
    async (request) => getDefinition({ db, id: request.params.id }),
  );

  r.put(
    '/payrolls/adp-config/definitions/:id',
    {
      config: run,
      schema: {
        tags,
        summary: 'Save an import definition (409 with Current when Version is stale; duplicate name 409)',
        params: IdParam,
        body: ImportDefinitionUpdate,
        response: { 200: ImportDefinition },
      },
    },
    async (request) =>
      updateDefinition({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );

  r.put(
    '/payrolls/adp-config/definitions/:id/name/:name',
    {
      config: run,
      schema: {
        tags,
        summary: 'Rename an import definition (duplicate name: 409; ?version: 409 with Current when stale)',
        params: IdParam.extend({ name: DefinitionName }),
        querystring: VersionQuery,
        response: { 200: ImportDefinition },
      },
    },
    async (request) =>
      renameDefinition({
        db,
        actor: actorOf(request),
        id: request.params.id,
        name: request.params.name,
        version: request.query.version,
      }),
  );

  r.delete(
    '/payrolls/adp-config/definitions/:id',
    {
      config: run,
      schema: {
        tags,
        summary: 'Delete an import definition (past previews keep its name; ?version: 409 when stale)',
        params: IdParam,
        querystring: VersionQuery,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteDefinition({ db, id: request.params.id, version: request.query.version });
      return reply.code(204).send(null);
    },
  );
}
