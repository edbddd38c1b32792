// Module ids (permission areas), spec 000 §3.
import { z } from 'zod';
import { Int32 } from './common';

export const ModuleId = {
  ApplicationAdministration: 1,
  TimeEntry: 2,
  Roster: 3,
  Payroll: 4,
  RsScheduling: 8,
  ShowLocations: 14,
  SalesTeams: 15,
  Users: 16,
  Commission: 17,
  Reports: 18,
  Auditing: 19,
  Invoicing: 20,
  Financials: 21,
  Onboarding: 22,
  Leads: 23,
  ProgramAdministration: 24,
  Payout: 25,
  RogersReports: 26,
  EventsCoordination: 27,
  EventsScheduling: 28,
} as const;
export type ModuleId = (typeof ModuleId)[keyof typeof ModuleId];

export const IcdModule = z.object({ ModuleID: Int32, Name: z.string() });
export type IcdModule = z.infer<typeof IcdModule>;

export const DivisionalModule = z.object({ DivisionID: Int32, ModuleID: Int32 });
export type DivisionalModule = z.infer<typeof DivisionalModule>;

/** Display names of the modules, keyed by id (names as the spec spells them, spaced). */
export const MODULE_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(ModuleId).map(([name, id]) => [id, name.replace(/([a-z])([A-Z])/g, '$1 $2')]),
);
