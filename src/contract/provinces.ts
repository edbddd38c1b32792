// States and provinces with their three tax rates (spec 002 §3 "State/province: TaxRate1, TaxRate2,
// TaxRate3"; §7 "State provinces: GET state-provinces (countryID); GET {id}; PATCH {id} with the three
// tax rates").
//
//   GET   state-provinces?countryID=  → StateProvince[] sorted by name (all countries without countryID)
//   GET   state-provinces/{id}        → StateProvince
//   PATCH state-provinces/{id}        StateProvincePatch → StateProvince (409 with Current when stale)
//
// Reading: any of `platform:taxRates`, `people:read`, `employees:read`, `admin:offices`,
// `payroll:read` (the screens with addresses or invoices); changing the rates: `platform:taxRates`.
//
// A rate is a percentage from 0 to 100 with at most 3 decimals (Quebec's 9.975). Their meaning is the
// invoicing policy's; the screens label them as in Canada: TaxRate1 GST, TaxRate2 PST/QST, TaxRate3
// HST (in the US TaxRate1 is the state sales tax).
import { z } from 'zod';
import { Int32, QueryInt32 } from './common';

export const RATE_MAX = 100;
export const RATE_DECIMALS = 3;
export const RATE_RANGE_MESSAGE = `Enter a rate from 0 to ${RATE_MAX}`;
export const RATE_DECIMALS_MESSAGE = `Use at most ${RATE_DECIMALS} decimals`;

export const TaxRate = z
  .number({ error: 'Enter a rate as a number' })
  .min(0, RATE_RANGE_MESSAGE)
  .max(RATE_MAX, RATE_RANGE_MESSAGE)
  .refine((v) => Math.abs(Math.round(v * 10 ** RATE_DECIMALS) - v * 10 ** RATE_DECIMALS) < 1e-6, {
    message: RATE_DECIMALS_MESSAGE,
  });

export const StateProvince = z.object({
  StateProvinceID: Int32.positive(),
  Code: z.string(),
  StateName: z.string(),
  CountryID: Int32,
  TaxRate1: z.number(),
  TaxRate2: z.number(),
  TaxRate3: z.number(),
  Version: Int32,
});
export type StateProvince = z.infer<typeof StateProvince>;

/** The rates to change (at least one) and the Version the caller read. */
export const StateProvincePatch = z
  .object({
    TaxRate1: TaxRate.optional(),
    TaxRate2: TaxRate.optional(),
    TaxRate3: TaxRate.optional(),
    Version: Int32,
  })
  .refine((p) => p.TaxRate1 !== undefined || p.TaxRate2 !== undefined || p.TaxRate3 !== undefined, {
    message: 'Send at least one of TaxRate1, TaxRate2, TaxRate3',
  });
export type StateProvincePatch = z.infer<typeof StateProvincePatch>;

export const StateProvinceQuery = z.object({
  countryID: QueryInt32.refine((v) => v === 1 || v === 2, 'Use countryID 1 (US) or 2 (Canada)').optional(),
});
export type StateProvinceQuery = z.infer<typeof StateProvinceQuery>;
