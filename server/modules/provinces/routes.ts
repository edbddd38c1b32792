// States and provinces with their tax rates (src/contract/provinces.ts). The list is reference data
// for every screen with an address or an invoice; changing a rate needs `platform:taxRates`.
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import { StateProvince, StateProvincePatch, StateProvinceQuery } from '../../../src/contract/provinces';
import type { Db } from '../../db/client';
import { stateProvinces } from '../../db/tables';
import { notFound } from '../../errors';
import { conflict, type DbOrTx } from '../scheduling/scope';

export const TAX_RATES = 'platform:taxRates';
const READERS = [TAX_RATES, 'people:read', 'employees:read', 'admin:offices', 'payroll:read'] as const;
const IdParam = z.object({ id: QueryInt32.positive() });
const tags = ['platform'];
const WHAT = 'The province or state';

type Row = typeof stateProvinces.$inferSelect;
const toWire = (r: Row): StateProvince => ({
  StateProvinceID: r.StateProvinceID,
  Code: r.Code,
  StateName: r.StateName,
  CountryID: r.CountryID,
  TaxRate1: Number(r.TaxRate1),
  TaxRate2: Number(r.TaxRate2),
  TaxRate3: Number(r.TaxRate3),
  Version: r.Version,
});

async function one(db: DbOrTx, id: number, lock = false): Promise<StateProvince> {
  const q = db.select().from(stateProvinces).where(eq(stateProvinces.StateProvinceID, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(WHAT);
  return toWire(row);
}

export async function provinceRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/state-provinces',
    {
      config: { anyPermission: READERS },
      schema: {
        tags,
        summary: 'States and provinces with their tax rates, of one country (countryID) or all, by name',
        querystring: StateProvinceQuery,
        response: { 200: z.array(StateProvince) },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(stateProvinces)
        .where(request.query.countryID ? eq(stateProvinces.CountryID, request.query.countryID) : undefined)
        .orderBy(asc(stateProvinces.CountryID), asc(stateProvinces.StateName));
      return rows.map(toWire);
    },
  );

  r.get(
    '/state-provinces/:id',
    {
      config: { anyPermission: READERS },
      schema: { tags, summary: 'A state or province', params: IdParam, response: { 200: StateProvince } },
    },
    async (request) => one(db, request.params.id),
  );

  r.patch(
    '/state-provinces/:id',
    {
      config: { permission: TAX_RATES },
      schema: {
        tags,
        summary: 'Change tax rates (percentages 0–100, 3 decimals; 409 with Current when Version is stale)',
        params: IdParam,
        body: StateProvincePatch,
        response: { 200: StateProvince },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      return db.transaction(async (tx) => {
        const current = await one(tx, id, true);
        if (current.Version !== body.Version) throw conflict(current);
        await tx
          .update(stateProvinces)
          .set({
            ...(body.TaxRate1 !== undefined ? { TaxRate1: String(body.TaxRate1) } : {}),
            ...(body.TaxRate2 !== undefined ? { TaxRate2: String(body.TaxRate2) } : {}),
            ...(body.TaxRate3 !== undefined ? { TaxRate3: String(body.TaxRate3) } : {}),
            Version: current.Version + 1,
          })
          .where(eq(stateProvinces.StateProvinceID, id));
        return one(tx, id);
      });
    },
  );
}
