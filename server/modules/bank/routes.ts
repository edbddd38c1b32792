// Bank account calls (spec 000 §7 "Bank accounts", spec 001 §7 employees/bankinfo); see
// src/contract/bank.ts. Reads: bank:read; writes: bank:write; full account numbers: bank:viewSensitive.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BANK_READ,
  BANK_WRITE,
  BankAccount,
  BankAccountSave,
  BankInfo,
  BankInfoSave,
  DepositAmountTypeItem,
  DirectDepositFields,
  MAX_BANK_FILE_BYTES,
} from '../../../src/contract/bank';
import { QueryInt32 } from '../../../src/contract/common';
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import { actorOf } from '../../plugins/auth';
import { deleteAccount, getAccount, listAccounts, saveAccount } from './accounts-service';
import { directDepositOff, directDepositOn, type UploadedFile } from './direct-deposit-service';
import { depositAmountTypes, getBankInfo, saveBankInfo } from './info-service';

const IdParam = z.object({ id: QueryInt32.positive() });
const AccountParams = IdParam.extend({ accountId: QueryInt32.positive() });
const read = { permission: BANK_READ };
const write = { permission: BANK_WRITE };
const tags = ['bank'];
const FILE_FIELDS = new Set(['VoidCheck', 'AdpDirectDeposit']);

/** Reads the direct-deposit form: its fields and at most one file per file field. */
async function readDirectDepositForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('Send the direct deposit form as multipart/form-data.');
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (!FILE_FIELDS.has(part.fieldname) || data.length === 0) continue;
      files[part.fieldname] = {
        field: part.fieldname,
        fileName: part.filename,
        data,
        truncated: part.file.truncated,
      };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}

export async function bankRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  if (!app.hasContentTypeParser('multipart/form-data'))
    await app.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_BANK_FILE_BYTES + 1, files: 2, fields: 10, fieldSize: 1000 },
    });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/employees/:id/bank-accounts',
    {
      config: read,
      schema: {
        tags,
        summary: "An employee's bank accounts (account numbers masked without bank:viewSensitive)",
        params: IdParam,
        response: { 200: z.array(BankAccount) },
      },
    },
    async (request) => listAccounts({ db, actor: actorOf(request), employeeId: request.params.id }),
  );

  r.get(
    '/employees/:id/bank-accounts/:accountId',
    {
      config: read,
      schema: { tags, summary: 'One bank account', params: AccountParams, response: { 200: BankAccount } },
    },
    async (request) =>
      getAccount({
        db,
        actor: actorOf(request),
        employeeId: request.params.id,
        accountId: request.params.accountId,
      }),
  );

  r.post(
    '/employees/:id/bank-accounts',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Add a bank account (201), or save one given its BankAccountID and Version (200; 409 with Current when stale). Country 1: 9-digit routing number, no institution number; country 2: 5-digit transit number and a 3-digit institution number',
        params: IdParam,
        body: BankAccountSave,
        response: { 200: BankAccount, 201: BankAccount },
      },
    },
    async (request, reply) => {
      const { created, account } = await saveAccount({
        db,
        actor: actorOf(request),
        employeeId: request.params.id,
        body: request.body,
      });
      return reply.code(created ? 201 : 200).send(account);
    },
  );

  r.put(
    '/employees/:id/bank-accounts/:accountId/direct-deposit',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Turn direct deposit on (multipart/form-data: DepositAmountTypeID, DepositAmount, Version, files VoidCheck — pdf/png/jpeg/gif — and AdpDirectDeposit — pdf, US accounts —, each at most 5 MB; 415 wrong type, 413 too large)',
        consumes: ['multipart/form-data'],
        params: AccountParams,
        response: { 200: BankAccount },
      },
    },
    async (request) => {
      const form = await readDirectDepositForm(request);
      const parsed = DirectDepositFields.safeParse(form.fields);
      if (!parsed.success) {
        const Errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? '');
          Errors[key] = [...(Errors[key] ?? []), issue.message];
        }
        throw badRequest('Check the direct deposit form.', Errors);
      }
      return directDepositOn({
        db,
        actor: actorOf(request),
        employeeId: request.params.id,
        accountId: request.params.accountId,
        fields: parsed.data,
        files: form.files,
      });
    },
  );

  r.delete(
    '/employees/:id/bank-accounts/:accountId/direct-deposit',
    {
      config: write,
      schema: {
        tags,
        summary: 'Turn direct deposit off',
        params: AccountParams,
        response: { 200: BankAccount },
      },
    },
    async (request) =>
      directDepositOff({
        db,
        actor: actorOf(request),
        employeeId: request.params.id,
        accountId: request.params.accountId,
      }),
  );

  r.delete(
    '/employees/:id/bank-accounts/:accountId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a bank account (409 with Current when version is stale)',
        params: AccountParams,
        querystring: z.object({ version: QueryInt32.optional() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteAccount({
        db,
        actor: actorOf(request),
        employeeId: request.params.id,
        accountId: request.params.accountId,
        version: request.query.version,
      });
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/employees/:id/deposit-amount-types',
    {
      config: read,
      schema: {
        tags,
        summary: 'How much of a pay an account of this employee may receive',
        params: IdParam,
        response: { 200: z.array(DepositAmountTypeItem) },
      },
    },
    async (request) => depositAmountTypes({ db, actor: actorOf(request), employeeId: request.params.id }),
  );

  r.get(
    '/employees/bankinfo/:id',
    {
      config: read,
      schema: {
        tags,
        summary: "An employee's bank info: the country whose bank policy applies and the payment method",
        params: IdParam,
        response: { 200: BankInfo },
      },
    },
    async (request) => getBankInfo({ db, actor: actorOf(request), employeeId: request.params.id }),
  );

  r.put(
    '/employees/bankinfo/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Save bank info (409 with Current when Version is stale)',
        params: IdParam,
        body: BankInfoSave,
        response: { 200: BankInfo },
      },
    },
    async (request) =>
      saveBankInfo({ db, actor: actorOf(request), employeeId: request.params.id, body: request.body }),
  );
}
